// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_global_regs.c - the GT's registers that belong to no other
 * component. Values that describe the part (fuses, LMEM layout, clocks)
 * come from the configuration through read hooks, so they cannot drift
 * from it.
 */
#include "vdg1_state.h"
#include "vdg1_fw.h"
#include "vdg1_global_regs.h"
#include "vdg1_layout.h"
#include "vdg1_pcode.h"
#include "vdg1_regdefs.h"

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
	return core->cfg.lmem_trained && vdg1_pcode_init_complete(core) ?
	       GU_CNTL_LMEM_INIT : 0;
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
	FW_REQ(FORCEWAKE_GT, 0),
	/* Source = crystal; the divide logic (bit 0) is not modelled. */
	REG(CTC_MODE, VDG1_REG_RO, 0, NULL, NULL),
	FW_REQ(FORCEWAKE_RENDER, 0),
	FW_REQ(FORCEWAKE_MEDIA_VDBOX(0), VDG1_BOX(VDG1_FW_VDBOX0)),
	FW_REQ(FORCEWAKE_MEDIA_VDBOX(2), VDG1_BOX(VDG1_FW_VDBOX2)),
	FW_REQ(FORCEWAKE_MEDIA_VEBOX(0), VDG1_BOX(VDG1_FW_VEBOX0)),
	MCR(GEN8_L3SQCREG1),
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
