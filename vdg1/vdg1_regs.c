// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_regs.c - the register file: which offsets exist and how they behave.
 *
 * The table below is the whole list of implemented registers, sorted by
 * offset; everything else is unclaimed and reads 0 (Vol13:L396). Values
 * that describe the part (fuses, LMEM layout) come from the configuration
 * through read hooks, so they cannot drift from it.
 */
#include "vdg1_internal.h"
#include "vdg1_instr.h"

/* GGMS = 3: 8 MiB of PTEs, which is what BAR0's upper half holds (HW §1.3). */
#define VDG1_GGMS	3u

uint64_t vdg1_gsm_size(const struct vdg1_core *core)
{
	(void)core;
	return (1ull << 20) << VDG1_GGMS;
}

uint32_t vdg1_ggc(const struct vdg1_core *core)
{
	(void)core;
	/* GMS (bits 15:8, DSM size) = 0: the model has no data stolen memory. */
	return VDG1_GGMS << GGC_GGMS_SHIFT;
}

static uint32_t fuse_read(struct vdg1_core *core, uint32_t offset)
{
	const struct vdg1_fuses *f = &core->cfg.fuses;

	switch (offset) {
	case GEN10_MIRROR_FUSE3:
		/* fuse_gt_l3_disable[3:0] reflected in [3:0] and [7:4] (Vol13:L348). */
		return f->l3_disable | f->l3_disable << 4;
	case GEN11_EU_DISABLE:
		return f->eu_disable;
	case GEN11_GT_SLICE_ENABLE:
		return f->slice_enable;
	case GEN12_GT_GEOMETRY_DSS_ENABLE:
		return f->dss_enable;	/* fuse_gt_dssen[5:0] (Vol13:L347) */
	case GEN11_GT_VEBOX_VDBOX_DISABLE:
		return f->vebox_vdbox_disable;
	}
	return 0;
}

/*
 * GSM, the GGTT's stolen area, sits at the top of LMEM, so its base is the
 * usable LMEM size the driver discovers (HW §1.5 step 2).
 */
static uint32_t gsmbase_read(struct vdg1_core *core, uint32_t offset)
{
	uint64_t base = core->cfg.lmem_size - vdg1_gsm_size(core);

	return offset == GEN12_GSMBASE_LO ? (uint32_t)base :
					    (uint32_t)(base >> 32);
}

static uint32_t ggc_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return vdg1_ggc(core);
}

/* The model caches no PTEs, so a GGTT TLB invalidate has nothing to do. */
static void gfx_flsh_cntl_write(struct vdg1_core *core, uint32_t offset,
				uint32_t val)
{
	(void)core;
	(void)offset;
	(void)val;
}

#define REG_NAMED(off, nm, fl, rst, rd, wr) \
	{ .offset = (off), .count = 1, .flags = (fl), .reset = (rst), \
	  .read = (rd), .write = (wr), .name = (nm) }

#define REG(off, fl, rst, rd, wr)	REG_NAMED(off, #off, fl, rst, rd, wr)
#define FW_ACK(off)	REG_NAMED(off, #off, VDG1_REG_RO, 0, vdg1_fw_ack_read, \
				  NULL)
#define FW_REQ(off)	REG_NAMED(off, #off, VDG1_REG_MASKED, 0, \
				  vdg1_fw_req_read, vdg1_fw_req_write)
#define FUSE(off)	REG_NAMED(off, #off, VDG1_REG_RO, 0, fuse_read, NULL)

static const struct vdg1_reg vdg1_regs[] = {
	FW_ACK(FORCEWAKE_ACK_MEDIA_VDBOX(0)),
	FW_ACK(FORCEWAKE_ACK_MEDIA_VDBOX(2)),
	FW_ACK(FORCEWAKE_ACK_MEDIA_VEBOX(0)),
	FW_ACK(FORCEWAKE_ACK_RENDER),
	/* Plain storage until the MCR model; multicast resets to 1 (Vol13:L331). */
	REG(GEN8_MCR_SELECTOR, 0, GEN11_MCR_MULTICAST, NULL, NULL),
	FUSE(GEN10_MIRROR_FUSE3),
	FUSE(GEN11_EU_DISABLE),
	FUSE(GEN11_GT_SLICE_ENABLE),
	FUSE(GEN12_GT_GEOMETRY_DSS_ENABLE),
	FUSE(GEN11_GT_VEBOX_VDBOX_DISABLE),
	FW_REQ(FORCEWAKE_GT),
	FW_REQ(FORCEWAKE_RENDER),
	FW_REQ(FORCEWAKE_MEDIA_VDBOX(0)),
	FW_REQ(FORCEWAKE_MEDIA_VDBOX(2)),
	FW_REQ(FORCEWAKE_MEDIA_VEBOX(0)),
	REG(GFX_FLSH_CNTL_GEN6, 0, 0, NULL, gfx_flsh_cntl_write),
	/* LMEM was trained by boot firmware; the status never clears. */
	REG(GU_CNTL, VDG1_REG_RO, GU_CNTL_LMEM_INIT, NULL, NULL),
	REG(GGC, VDG1_REG_RO, 0, ggc_read, NULL),
	REG(GEN12_GSMBASE_LO, VDG1_REG_RO, 0, gsmbase_read, NULL),
	REG(GEN12_GSMBASE_HI, VDG1_REG_RO, 0, gsmbase_read, NULL),
	FW_ACK(FORCEWAKE_ACK_GT),
};

const struct vdg1_reg *vdg1_regs_table(size_t *n)
{
	*n = sizeof(vdg1_regs) / sizeof(vdg1_regs[0]);
	return vdg1_regs;
}

static bool overlaps_instr(uint32_t start, uint32_t end)
{
	return start < VDG1_INSTR_BASE + VDG1_INSTR_SIZE &&
	       end > VDG1_INSTR_BASE;
}

/* The lookup's binary search relies on these; the host tests run it too. */
const char *vdg1_regs_check_table(void)
{
	uint32_t prev_end = 0;
	size_t i, n;
	const struct vdg1_reg *t = vdg1_regs_table(&n);

	for (i = 0; i < n; i++) {
		uint32_t end = t[i].offset + 4 * t[i].count;

		if (t[i].offset & 3 || !t[i].count)
			return "register table: misaligned or empty entry";
		if (t[i].offset < prev_end)
			return "register table: unsorted or overlapping";
		if (end > VDG1_MMIO_SIZE || overlaps_instr(t[i].offset, end))
			return "register table: entry outside register space";
		prev_end = end;
	}
	return NULL;
}

const struct vdg1_reg *vdg1_regs_lookup(uint32_t offset)
{
	size_t lo = 0, hi, n;
	const struct vdg1_reg *t = vdg1_regs_table(&n);

	/* Find the last entry starting at or below @offset. */
	hi = n;
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
	size_t i, n;
	uint32_t j;
	const struct vdg1_reg *t = vdg1_regs_table(&n);

	for (i = 0; i < n; i++)
		for (j = 0; j < t[i].count; j++)
			core->mmio[t[i].offset / 4 + j] = t[i].reset;
}

uint32_t vdg1_regs_read(struct vdg1_core *core, const struct vdg1_reg *reg,
			uint32_t offset)
{
	if (reg->read)
		return reg->read(core, offset);
	return core->mmio[offset / 4];
}

void vdg1_regs_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		     uint32_t offset, uint32_t val)
{
	uint32_t *slot = &core->mmio[offset / 4];

	if (reg->write)
		reg->write(core, offset, val);
	else if (reg->flags & VDG1_REG_RO)
		return;
	else if (reg->flags & VDG1_REG_MASKED)
		*slot = vdg1_masked_update(*slot, val);
	else
		*slot = val;
}
