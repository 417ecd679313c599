// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_regs.c - the register file: which offsets exist and how they behave.
 *
 * The components' tables (vdg1_global_regs.c, the engines' registers in
 * vdg1_engine_regs.c, the fault and TLB invalidation registers in
 * vdg1_mmu.c, the OA unit's in vdg1_oa.c...), handed over by vdg1_core.c,
 * are merged per core into one sorted table, leaving out the registers of
 * fused-off boxes; everything else is unclaimed and reads 0 (Vol 13
 * General Assets, "SW Virtualization Reserved MMIO range": unimplemented
 * MMIO reads zero). Merging also checks each register against the wake table
 * (no register in a row without a wake target) and the MCR table (a
 * register in a replicated range must be flagged replicated).
 */
#include <stdlib.h>

#include "vdg1_state.h"
#include "vdg1_counters.h"
#include "vdg1_fw.h"
#include "vdg1_mcr.h"
#include "vdg1_regdefs.h"
#include "vdg1_regs.h"
#include "vdg1_wake.h"

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

int vdg1_regs_init(struct vdg1_core *core, const struct vdg1_reg_table *tables,
		   size_t ntables, const char **err)
{
	const char *why = NULL;
	size_t i, n = 0;

	for (i = 0; i < ntables; i++)
		n += tables[i].count;
	core->nregs = 0;
	core->regs = calloc(n, sizeof(*core->regs));
	if (!core->regs) {
		*err = "out of memory";
		return -1;
	}
	for (i = 0; !why && i < ntables; i++)
		why = add_regs(core, tables[i].regs, tables[i].count);
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
