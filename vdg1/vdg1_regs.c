// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_regs.c - the register file: which offsets exist and how they behave.
 *
 * The components' tables (the global registers below, the engines'
 * registers in vdg1_engine_regs.c, the fault and TLB invalidation
 * registers in vdg1_mmu.c, the OA unit's in vdg1_oa.c) are merged per
 * core into one sorted table, leaving out the registers of fused-off
 * boxes; everything else is unclaimed and reads 0 (Vol 13 General
 * Assets, "SW Virtualization Reserved MMIO range": unimplemented MMIO
 * reads zero). Values that describe the part (fuses, LMEM layout,
 * clocks) come from the configuration through read hooks, so they cannot
 * drift from it. Merging also checks each register against the wake table
 * (no register in a row without a wake target) and the MCR table (a
 * register in a replicated range must be flagged replicated).
 */
#include <stdlib.h>

#include "vdg1_core_priv.h"
#include "vdg1_counters.h"
#include "vdg1_engine_regs.h"
#include "vdg1_execlists.h"
#include "vdg1_irq.h"
#include "vdg1_ggtt.h"
#include "vdg1_mcr.h"
#include "vdg1_mmu.h"
#include "vdg1_oa.h"
#include "vdg1_pcode.h"
#include "vdg1_pm.h"
#include "vdg1_regdefs.h"
#include "vdg1_regs.h"
#include "vdg1_wake.h"

/* GGMS = 3: 8 MiB of PTEs, what BAR0's upper half holds (i915 gt/intel_ggtt.c). */
#define VDG1_GGMS	3u
/*
 * GMS = 1: 32 MiB of data stolen memory (the GMS encoding of i915
 * gem/i915_gem_stolen.c, mtl_get_gms_size(): 32 MiB per step). The size is
 * the model's choice; DG1 drivers find the DSM through DSMBASE.
 */
#define VDG1_GMS	1u
/* Top of the DSM: the WOPCM, 2 MiB on Gen11+ (i915 intel_wopcm.c). */
#define VDG1_WOPCM_SIZE	(2ull << 20)

uint64_t vdg1_gsm_size(const struct vdg1_core *core)
{
	(void)core;
	return (1ull << 20) << VDG1_GGMS;
}

uint64_t vdg1_dsm_size(const struct vdg1_core *core)
{
	(void)core;
	return (32ull << 20) * VDG1_GMS;
}

/*
 * LMEM from the top: the DSM, below it the GSM (the GGTT's PTEs), below
 * that what drivers may use. Both DG1 drivers read it that way: usable
 * LMEM ends at GSMBASE (i915 gt/intel_region_lmem.c, xe xe_vram.c) and
 * stolen memory runs from DSMBASE to the end of LMEM (i915
 * gem/i915_gem_stolen.c, xe xe_ttm_stolen_mgr.c).
 */
uint64_t vdg1_gsm_base(const struct vdg1_core *core)
{
	return core->cfg.lmem_size - vdg1_dsm_size(core) - vdg1_gsm_size(core);
}

uint32_t vdg1_ggc(const struct vdg1_core *core)
{
	(void)core;
	return VDG1_GMS << GGC_GMS_SHIFT | VDG1_GGMS << GGC_GGMS_SHIFT;
}

static uint32_t fuse_read(struct vdg1_core *core, uint32_t offset)
{
	const struct vdg1_fuses *f = &core->cfg.fuses;

	switch (offset) {
	case GEN10_MIRROR_FUSE3:
		/* fuse_gt_l3_disable[3:0] shown in [3:0] and [7:4] (fuse reflections). */
		return f->l3_disable | f->l3_disable << 4;
	case GEN11_EU_DISABLE:
		return f->eu_disable;
	case GEN11_GT_SLICE_ENABLE:
		return f->slice_enable;
	case GEN12_GT_GEOMETRY_DSS_ENABLE:
		return f->dss_enable;	/* fuse_gt_dssen[5:0] (fuse reflections) */
	case GEN11_GT_VEBOX_VDBOX_DISABLE:
		return f->vebox_vdbox_disable | VDG1_MEDIA_ABSENT;
	}
	return 0;
}

/* The LMEM layout registers: 64-bit, read as two dwords or one load. */
static uint32_t layout_read(struct vdg1_core *core, uint32_t offset)
{
	uint64_t top = core->cfg.lmem_size, v;

	switch (offset & ~4u) {
	case GEN12_GSMBASE_LO:
		v = vdg1_gsm_base(core);
		break;
	case GEN6_DSMBASE_LO:
		v = top - vdg1_dsm_size(core);
		break;
	default:
		/* The WOPCM at the top of the DSM, enabled by boot firmware. */
		v = (top - VDG1_WOPCM_SIZE) | GEN8_STOLEN_RESERVED_2M |
		    GEN6_STOLEN_RESERVED_ENABLE;
		break;
	}
	return offset & 4 ? (uint32_t)(v >> 32) : (uint32_t)v;
}

static uint32_t ggc_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return vdg1_ggc(core);
}

static uint32_t gu_cntl_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return core->cfg.lmem_trained ? GU_CNTL_LMEM_INIT : 0;
}

/*
 * Wa_14015795083 clears DOP clock gating for render in MISCCPCTL, but on
 * some Gen12 parts firmware locks the register, so i915 applies it without
 * reading it back (intel_workarounds.c). misccpctl-locked models that
 * firmware: the write is claimed and has no effect.
 */
static void misccpctl_write(struct vdg1_core *core, uint32_t offset,
			    uint32_t val)
{
	if (!core->cfg.misccpctl_locked)
		core->mmio[offset / 4] = val;
}

#define REG_NAMED(off, nm, fl, rst, rd, wr, bx) \
	{ .offset = (off), .count = 1, .flags = (fl), .reset = (rst), \
	  .read = (rd), .write = (wr), .name = (nm), .box = (bx) }

#define REG(off, fl, rst, rd, wr)	REG_NAMED(off, #off, fl, rst, rd, wr, 0)
#define FW_ACK(off, bx)	REG_NAMED(off, #off, VDG1_REG_RO, 0, vdg1_fw_ack_read, \
				  NULL, bx)
#define FW_REQ(off, bx)	REG_NAMED(off, #off, VDG1_REG_MASKED, 0, \
				  vdg1_fw_req_read, vdg1_fw_req_write, bx)
#define FUSE(off)	REG(off, VDG1_REG_RO, 0, fuse_read, NULL)
#define MCR(off)	REG(off, VDG1_REG_MCR, 0, NULL, NULL)

/*
 * 38.4 MHz crystal, CTC shift 2: 38.4 MHz >> (3 - 2) = 19.2 MHz timestamps
 * (i915 gt/intel_gt_clock_utils.c;
 * GEN11_RPM_CONFIG0_CRYSTAL_CLOCK_FREQ_38_4_MHZ = 2 in bits 5:3,
 * GEN10_RPM_CONFIG0_CTC_SHIFT_PARAMETER in bits 2:1).
 */
#define VDG1_RPM_CONFIG0 \
	(RPM_CONFIG0_CRYSTAL_38_4_MHZ << RPM_CONFIG0_CRYSTAL_SHIFT | \
	 2u << RPM_CONFIG0_CTC_SHIFT_SHIFT)

const struct vdg1_reg vdg1_global_regs[] = {
	REG(RPM_CONFIG0, VDG1_REG_RO, VDG1_RPM_CONFIG0, NULL, NULL),
	FW_ACK(FORCEWAKE_ACK_MEDIA_VDBOX(0), VDG1_BOX(VDG1_FW_VDBOX0)),
	FW_ACK(FORCEWAKE_ACK_MEDIA_VDBOX(2), VDG1_BOX(VDG1_FW_VDBOX2)),
	FW_ACK(FORCEWAKE_ACK_MEDIA_VEBOX(0), VDG1_BOX(VDG1_FW_VEBOX0)),
	FW_ACK(FORCEWAKE_ACK_RENDER, 0),
	/* Steering; multicast resets to 1 (steering fields). Read by vdg1_mcr.c. */
	REG(GEN8_MCR_SELECTOR, 0, GEN11_MCR_MULTICAST, NULL, NULL),
	FUSE(GEN10_MIRROR_FUSE3),
	FUSE(GEN11_EU_DISABLE),
	FUSE(GEN11_GT_SLICE_ENABLE),
	FUSE(GEN12_GT_GEOMETRY_DSS_ENABLE),
	FUSE(GEN11_GT_VEBOX_VDBOX_DISABLE),
	/* Plain storage; only the bit the model knows is set at reset. */
	REG(GEN7_MISCCPCTL, 0, GEN12_DOP_CLOCK_GATE_RENDER_ENABLE, NULL,
	    misccpctl_write),
	REG(UNSLICE_UNIT_LEVEL_CLKGATE2, 0, 0, NULL, NULL),
	MCR(SUBSLICE_UNIT_LEVEL_CLKGATE2),
	MCR(GEN10_DFR_RATIO_EN_AND_CHICKEN),
	REG(GUC_STATUS, VDG1_REG_RO, GS_MIA_IN_RESET, NULL, NULL),
	/*
	 * i915's probe path, no behaviour behind (I915-PROBE-ON-VDG1.md):
	 * display absent (GU_CNTL_PROTECTED.DEPRESENT = 0, i915
	 * display/intel_display_device.c), no eDRAM, no pending MI_FW
	 * message (MSG_IDLE_*, i915 gt/intel_engine_cs.c), GuC WOPCM not
	 * locked by firmware (i915 gt/uc/intel_uc.c), L3 MOCS entries and
	 * the arbiter control as storage (i915 gt/intel_mocs.c,
	 * intel_workarounds.c).
	 */
	REG(0x10100c, VDG1_REG_RO, 0, NULL, NULL),	/* GU_CNTL_PROTECTED */
	REG(0x120010, VDG1_REG_RO, 0, NULL, NULL),	/* HSW_EDRAM_CAP */
	{ .offset = 0x8000, .count = 2, .flags = VDG1_REG_RO,
	  .name = "MSG_IDLE_CS, MSG_IDLE_VCS0", .box = VDG1_BOX_ALWAYS },
	{ .offset = 0x800c, .count = 2, .flags = VDG1_REG_RO,
	  .name = "MSG_IDLE_BCS, MSG_IDLE_VECS0", .box = VDG1_BOX_ALWAYS },
	REG(0x80c0, VDG1_REG_RO, 0, NULL, NULL),	/* MSG_IDLE_VCS2 */
	REG(0xc050, VDG1_REG_RO, 0, NULL, NULL),	/* GUC_WOPCM_SIZE */
	REG(0xc340, VDG1_REG_RO, 0, NULL, NULL),	/* DMA_GUC_WOPCM_OFFSET */
	REG(0xc3e4, 0, 0, NULL, NULL),			/* GUC_MAX_IDLE_COUNT */
	REG(0xb004, 0, 0, NULL, NULL),			/* GEN8_GARBCNTL */
	{ .offset = 0xb020, .count = 32, .name = "GEN9_LNCFCMOCS",
	  .box = VDG1_BOX_ALWAYS },
	/* Reset value unknown (no source gives it): 0, uncached. */
	{ .offset = GEN12_PAT_INDEX(0), .count = VDG1_PAT_ENTRIES,
	  .name = "GEN12_PAT_INDEX", .box = VDG1_BOX_ALWAYS },
	FW_REQ(FORCEWAKE_GT, 0),
	/* Source = crystal; the divide logic (bit 0) is not modelled. */
	REG(CTC_MODE, VDG1_REG_RO, 0, NULL, NULL),
	FW_REQ(FORCEWAKE_RENDER, 0),
	FW_REQ(FORCEWAKE_MEDIA_VDBOX(0), VDG1_BOX(VDG1_FW_VDBOX0)),
	FW_REQ(FORCEWAKE_MEDIA_VDBOX(2), VDG1_BOX(VDG1_FW_VDBOX2)),
	FW_REQ(FORCEWAKE_MEDIA_VEBOX(0), VDG1_BOX(VDG1_FW_VEBOX0)),
	MCR(GEN8_L3SQCREG1),
	/* Reads 0; a write of EN is counted (vdg1_ggtt.c). */
	REG(GFX_FLSH_CNTL_GEN6, 0, 0, NULL, vdg1_ggtt_flush_write),
	/* Whether boot firmware trained LMEM; never changes at run time. */
	REG(GU_CNTL, VDG1_REG_RO, 0, gu_cntl_read, NULL),
	REG(GGC, VDG1_REG_RO, 0, ggc_read, NULL),
	REG(GEN6_DSMBASE_LO, VDG1_REG_RO, 0, layout_read, NULL),
	REG(GEN6_DSMBASE_HI, VDG1_REG_RO, 0, layout_read, NULL),
	REG(GEN12_GSMBASE_LO, VDG1_REG_RO, 0, layout_read, NULL),
	REG(GEN12_GSMBASE_HI, VDG1_REG_RO, 0, layout_read, NULL),
	REG(GEN6_STOLEN_RESERVED_LO, VDG1_REG_RO, 0, layout_read, NULL),
	REG(GEN6_STOLEN_RESERVED_HI, VDG1_REG_RO, 0, layout_read, NULL),
	FW_ACK(FORCEWAKE_ACK_GT, 0),
};

const size_t vdg1_global_regs_count =
	sizeof(vdg1_global_regs) / sizeof(vdg1_global_regs[0]);

static bool overlaps_counters(uint32_t start, uint32_t end)
{
	return start < VDG1_COUNTERS_BASE + VDG1_COUNTERS_SIZE &&
	       end > VDG1_COUNTERS_BASE;
}

/* What is wrong with one register's placement, or NULL. */
static const char *check_reg(const struct vdg1_reg *r)
{
	uint32_t end = r->offset + 4 * r->count, off;

	if (r->offset & 3 || !r->count || r->box > VDG1_BOX(VDG1_FW_COUNT - 1))
		return "register table: misaligned, empty or bad box";
	if (end > VDG1_MMIO_SIZE || overlaps_counters(r->offset, end))
		return "register table: entry outside register space";
	if (r->flags & VDG1_REG_MCR && (r->read || r->write))
		return "register table: replicated register with hooks";
	for (off = r->offset; off < end; off += 4) {
		if (vdg1_wake_target(off) == VDG1_WAKE_BLANK)
			return "register table: register in a row without wake target";
		if (!(r->flags & VDG1_REG_MCR) != !vdg1_mcr_group(off))
			return "register table: MCR flag disagrees with the MCR ranges";
	}
	return NULL;
}

static int reg_cmp(const void *a, const void *b)
{
	const struct vdg1_reg *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static bool box_present(const struct vdg1_core *core, unsigned int box)
{
	return box == VDG1_BOX_ALWAYS || vdg1_fw_present(core, box - 1);
}

/* Add a component's registers whose box is present; returns an error or NULL. */
static const char *add_regs(struct vdg1_core *core, const struct vdg1_reg *t,
			    size_t n)
{
	const char *why;
	size_t i;

	for (i = 0; i < n; i++) {
		why = check_reg(&t[i]);
		if (why)
			return why;
		if (box_present(core, t[i].box))
			core->regs[core->nregs++] = t[i];
	}
	return NULL;
}

int vdg1_regs_init(struct vdg1_core *core, const char **err)
{
	const char *why;
	size_t i;

	core->nregs = 0;
	core->regs = calloc(vdg1_global_regs_count + vdg1_engine_regs_count +
			    vdg1_mmu_regs_count + vdg1_irq_regs_count +
			    vdg1_execlists_regs_count + vdg1_pcode_regs_count +
			    vdg1_pm_regs_count + vdg1_oa_regs_count,
			    sizeof(*core->regs));
	if (!core->regs) {
		*err = "out of memory";
		return -1;
	}
	why = add_regs(core, vdg1_global_regs, vdg1_global_regs_count);
	if (!why)
		why = add_regs(core, vdg1_engine_regs, vdg1_engine_regs_count);
	if (!why)
		why = add_regs(core, vdg1_mmu_regs, vdg1_mmu_regs_count);
	if (!why)
		why = add_regs(core, vdg1_irq_regs, vdg1_irq_regs_count);
	if (!why)
		why = add_regs(core, vdg1_execlists_regs,
			       vdg1_execlists_regs_count);
	if (!why)
		why = add_regs(core, vdg1_pcode_regs, vdg1_pcode_regs_count);
	if (!why)
		why = add_regs(core, vdg1_pm_regs, vdg1_pm_regs_count);
	if (!why)
		why = add_regs(core, vdg1_oa_regs, vdg1_oa_regs_count);
	qsort(core->regs, core->nregs, sizeof(*core->regs), reg_cmp);
	/* The lookup's binary search relies on disjoint entries. */
	for (i = 1; !why && i < core->nregs; i++)
		if (core->regs[i].offset <
		    core->regs[i - 1].offset + 4 * core->regs[i - 1].count)
			why = "register table: overlapping entries";
	if (why) {
		*err = why;
		return -1;
	}
	return 0;
}

void vdg1_regs_fini(struct vdg1_core *core)
{
	free(core->regs);
	core->regs = NULL;
	core->nregs = 0;
}

const struct vdg1_reg *vdg1_regs_lookup(const struct vdg1_core *core,
					uint32_t offset)
{
	const struct vdg1_reg *t = core->regs;
	size_t lo = 0, hi = core->nregs;

	/* Find the last entry starting at or below @offset. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t[mid].offset <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	t += lo - 1;
	return offset < t->offset + 4 * t->count ? t : NULL;
}

void vdg1_regs_reset(struct vdg1_core *core)
{
	size_t i;
	uint32_t j;
	const struct vdg1_reg *t = core->regs;

	for (i = 0; i < core->nregs; i++) {
		if (t[i].flags & VDG1_REG_MCR) {
			vdg1_mcr_reset_reg(core, &t[i]);
			continue;
		}
		for (j = 0; j < t[i].count; j++)
			core->mmio[t[i].offset / 4 + j] = t[i].reset;
	}
}

/* @peek: a look without side effects (no MCR termination counted). */
uint32_t vdg1_regs_read(struct vdg1_core *core, const struct vdg1_reg *reg,
			uint32_t offset, bool peek)
{
	if (reg->flags & VDG1_REG_MCR)
		return vdg1_mcr_read(core, reg, offset, peek);
	if (!peek && reg->read_fx)
		return reg->read_fx(core, offset);
	if (reg->read)
		return reg->read(core, offset);
	return core->mmio[offset / 4];
}

void vdg1_regs_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		     uint32_t offset, uint32_t val)
{
	uint32_t *slot = &core->mmio[offset / 4];

	if (reg->flags & VDG1_REG_MCR)
		vdg1_mcr_write(core, reg, offset, val);
	else if (reg->write)
		reg->write(core, offset, val);
	else if (reg->flags & VDG1_REG_RO)
		return;
	else if (reg->flags & VDG1_REG_MASKED)
		*slot = vdg1_masked_update(*slot, val);
	else
		*slot = val;
}
