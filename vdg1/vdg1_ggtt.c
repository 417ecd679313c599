// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_ggtt.c - the GGTT page-table entries in BAR0's upper half.
 *
 * The PTE for GGTT address A is the 8-byte entry at
 * BAR0 + 8 MiB + (A >> 12) * 8 (i915 gt/intel_ggtt.c); the driver writes
 * each PTE with one 64-bit store, but narrower aligned accesses are allowed
 * too (Vol 13 General Assets, "Discrete Graphics Memory Map Information").
 * For now the entries are plain storage; the engines will translate through
 * them.
 */
#include <stdlib.h>

#include "vdg1_core_priv.h"
#include "vdg1_ggtt.h"
#include "vdg1_regs.h"

int vdg1_ggtt_init(struct vdg1_core *core)
{
	core->ggtt_entries = (uint32_t)(vdg1_gsm_size(core) / 8);
	core->ggtt = calloc(core->ggtt_entries, sizeof(*core->ggtt));
	return core->ggtt ? 0 : -1;
}

void vdg1_ggtt_fini(struct vdg1_core *core)
{
	free(core->ggtt);
	core->ggtt = NULL;
}

void vdg1_ggtt_reset(struct vdg1_core *core)
{
	uint32_t i;

	for (i = 0; i < core->ggtt_entries; i++)
		core->ggtt[i] = 0;
}

static uint64_t ggtt_mask(unsigned int size)
{
	return size >= 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
}

/* @offset is relative to VDG1_GGTT_BASE and aligned to @size. */
uint64_t vdg1_ggtt_read(struct vdg1_core *core, uint32_t offset,
			unsigned int size)
{
	uint32_t i = offset / 8;
	unsigned int shift = 8 * (offset & 7);

	if (i >= core->ggtt_entries)
		return 0;
	return (core->ggtt[i] >> shift) & ggtt_mask(size);
}

void vdg1_ggtt_write(struct vdg1_core *core, uint32_t offset, uint64_t val,
		     unsigned int size)
{
	uint32_t i = offset / 8;
	unsigned int shift = 8 * (offset & 7);
	uint64_t mask = ggtt_mask(size) << shift;

	if (i >= core->ggtt_entries)
		return;
	core->ggtt[i] = (core->ggtt[i] & ~mask) | ((val << shift) & mask);
}
