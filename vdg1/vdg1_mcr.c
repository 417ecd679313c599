// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_mcr.c - replicated (multicast) registers and their steering.
 *
 * Source: Vol 13 General Assets, "Force Wake and Steering Table", and the
 * notes after its range table (steering control registers, replication
 * group types, fuse reflections, "Miscellaneous Notes"); selector bits
 * from i915 gt/intel_gt_regs.h.
 *
 * A replicated range has one copy of each register per instance of its
 * unit (the table's "Replicated / Multicast" column). The
 * steering register 0xFDC selects the instance for unicast accesses: with
 * multicast = 1 a write reaches every instance and a read returns the
 * selected instance's copy; with multicast = 0 both go to the selected
 * instance only (the fields of the steering control registers). An
 * instance that is fused off is terminated (replication group types;
 * "Miscellaneous Notes"): reads steered to it return 0 and
 * unicast writes to it are dropped; both are counted as "terminated MCR
 * accesses" because a driver should never aim at one. Multicast writes
 * simply skip absent instances, as on hardware.
 *
 * Groups (replication group types): DSS, 6 instances (subslice id 0..5), present
 * while its dss_enable fuse bit is 1; L3BANK, 8 banks steered with
 * subslice id 0..7, present while the fuse bit of its bank pair is 0. The
 * L3 fuse has only 4 bits (fuse reflections); both drivers steer with the pair
 * index 0..3 (one disable bit per pair), so ids n and n + 4 are the two banks of pair n
 * and share its fuse bit. SQIDI ranges (always present) hold no
 * register the model implements and are not modelled. DG1 has one slice:
 * a steering slice id other than 0 selects no instance.
 */
#include <stdlib.h>

#include "vdg1_state.h"
#include "vdg1_mcr.h"
#include "vdg1_regdefs.h"
#include "vdg1_reg.h"

struct mcr_range {
	uint32_t start, end;	/* inclusive */
	enum vdg1_mcr_group group;
};

static const struct mcr_range mcr_ranges[] = {
	{ 0x008150, 0x00815f, VDG1_MCR_DSS },		/* table row 0x8150-0x815F */
	{ 0x009520, 0x00955f, VDG1_MCR_DSS },		/* table row 0x9520-0x955F */
	{ 0x00b100, 0x00b3ff, VDG1_MCR_L3BANK },	/* table row 0xB100-0xB3FF */
	{ 0x00de80, 0x00e8ff, VDG1_MCR_DSS },		/* table rows 0xDE80-0xE8FF */
	{ 0x024a00, 0x024a7f, VDG1_MCR_DSS },		/* table row 0x24A00-0x24A7F */
};

#define NRANGES	(sizeof(mcr_ranges) / sizeof(mcr_ranges[0]))

/*
 * Per-instance storage: the ranges' dwords laid end to end, one such row
 * per instance. Returns the group of @offset and its column in a row.
 */
static enum vdg1_mcr_group mcr_locate(uint32_t offset, uint32_t *slot)
{
	uint32_t base = 0;
	size_t i;

	for (i = 0; i < NRANGES; i++) {
		const struct mcr_range *r = &mcr_ranges[i];

		if (offset >= r->start && offset <= r->end) {
			*slot = base + (offset - r->start) / 4;
			return r->group;
		}
		base += (r->end + 1 - r->start) / 4;
	}
	return VDG1_MCR_NONE;
}

static uint32_t mcr_row_dwords(void)
{
	uint32_t n = 0;
	size_t i;

	for (i = 0; i < NRANGES; i++)
		n += (mcr_ranges[i].end + 1 - mcr_ranges[i].start) / 4;
	return n;
}

enum vdg1_mcr_group vdg1_mcr_group(uint32_t offset)
{
	uint32_t slot;

	return mcr_locate(offset, &slot);
}

const char *vdg1_mcr_check_table(void)
{
	size_t i;

	for (i = 0; i < NRANGES; i++) {
		if (mcr_ranges[i].start & 3 || (mcr_ranges[i].end & 3) != 3)
			return "MCR table: misaligned range";
		if (i && mcr_ranges[i].start <= mcr_ranges[i - 1].end)
			return "MCR table: unsorted or overlapping";
	}
	return NULL;
}

int vdg1_mcr_init(struct vdg1_core *core)
{
	core->mcr = calloc((size_t)VDG1_MCR_MAX_INSTANCES * mcr_row_dwords(),
			   sizeof(*core->mcr));
	return core->mcr ? 0 : -1;
}

void vdg1_mcr_fini(struct vdg1_core *core)
{
	free(core->mcr);
	core->mcr = NULL;
}

static uint32_t *mcr_cell(struct vdg1_core *core, unsigned int instance,
			  uint32_t slot)
{
	return &core->mcr[instance * mcr_row_dwords() + slot];
}

void vdg1_mcr_reset_reg(struct vdg1_core *core, const struct vdg1_reg *reg)
{
	unsigned int inst;
	uint32_t j, slot;

	for (j = 0; j < reg->count; j++) {
		mcr_locate(reg->offset + 4 * j, &slot);
		for (inst = 0; inst < VDG1_MCR_MAX_INSTANCES; inst++)
			*mcr_cell(core, inst, slot) = reg->reset;
	}
}

static unsigned int group_instances(enum vdg1_mcr_group g)
{
	/* "LP has max 6 DSS"; L3BANK has "8 instances" (group types). */
	return g == VDG1_MCR_DSS ? 6 : 8;
}

bool vdg1_mcr_present(const struct vdg1_core *core, enum vdg1_mcr_group g,
		      unsigned int instance)
{
	const struct vdg1_fuses *f = &core->cfg.fuses;

	if (instance >= group_instances(g))
		return false;
	if (g == VDG1_MCR_DSS)
		return f->dss_enable & (1u << instance);	/* group types; fuse reflections */
	return !(f->l3_disable & (1u << (instance & 3)));	/* one fuse bit per pair */
}

/*
 * The instance 0xFDC selects (slice 30:27, subslice 26:24: i915
 * gt/intel_gt_regs.h), or VDG1_MCR_MAX_INSTANCES if the slice does not
 * exist.
 */
static unsigned int mcr_selected(const struct vdg1_core *core)
{
	uint32_t sel = core->mmio[GEN8_MCR_SELECTOR / 4];

	if (sel & GEN11_MCR_SLICE_MASK)
		return VDG1_MCR_MAX_INSTANCES;
	return (sel & GEN11_MCR_SUBSLICE_MASK) >> GEN11_MCR_SUBSLICE_SHIFT;
}

static void count_terminated(struct vdg1_core *core, uint32_t offset,
			     bool write)
{
	core->cnt.mcr_terminated++;
	core->cnt.last_mcr_terminated = offset;
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		 "vdg1: MCR %s at 0x%06x steered to absent instance (0xFDC = 0x%08x)",
		 write ? "write" : "read", offset,
		 core->mmio[GEN8_MCR_SELECTOR / 4]);
}

uint32_t vdg1_mcr_read(struct vdg1_core *core, const struct vdg1_reg *reg,
		       uint32_t offset, bool peek)
{
	uint32_t slot;
	enum vdg1_mcr_group g = mcr_locate(offset, &slot);
	unsigned int inst = mcr_selected(core);

	(void)reg;
	/* Reads always return the selected instance, multicast or not. */
	if (!vdg1_mcr_present(core, g, inst)) {
		if (!peek)
			count_terminated(core, offset, false);
		return 0;
	}
	return *mcr_cell(core, inst, slot);
}

bool vdg1_mcr_peek_instance(struct vdg1_core *core, uint32_t offset,
			    unsigned int instance, uint32_t *val)
{
	uint32_t slot;
	enum vdg1_mcr_group g = mcr_locate(offset, &slot);

	if (g == VDG1_MCR_NONE || !vdg1_mcr_present(core, g, instance))
		return false;
	*val = *mcr_cell(core, instance, slot);
	return true;
}

static void mcr_store(struct vdg1_core *core, const struct vdg1_reg *reg,
		      unsigned int inst, uint32_t slot, uint32_t val)
{
	uint32_t *cell = mcr_cell(core, inst, slot);

	if (reg->flags & VDG1_REG_MASKED)
		*cell = vdg1_masked_update(*cell, val);
	else
		*cell = val;
}

void vdg1_mcr_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		    uint32_t offset, uint32_t val)
{
	uint32_t slot;
	enum vdg1_mcr_group g = mcr_locate(offset, &slot);
	unsigned int inst;

	if (reg->flags & VDG1_REG_RO)
		return;
	if (core->mmio[GEN8_MCR_SELECTOR / 4] & GEN11_MCR_MULTICAST) {
		for (inst = 0; inst < group_instances(g); inst++)
			if (vdg1_mcr_present(core, g, inst))
				mcr_store(core, reg, inst, slot, val);
		return;
	}
	inst = mcr_selected(core);
	if (!vdg1_mcr_present(core, g, inst)) {
		count_terminated(core, offset, true);
		return;
	}
	mcr_store(core, reg, inst, slot, val);
}
