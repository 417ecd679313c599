// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_ggtt.c - the GGTT: its page-table entries in BAR0's upper half, the
 * translation through them, and its invalidation.
 *
 * The PTE for GGTT address A is the 8-byte entry at
 * BAR0 + 8 MiB + (A >> 12) * 8 (i915 gt/intel_ggtt.c); the driver writes
 * each PTE with one 64-bit store, but narrower aligned accesses are allowed
 * too (Vol 13 General Assets, "Discrete Graphics Memory Map Information").
 * The GGTT spans as many pages as GSM holds PTEs (GGC.GGMS; i915
 * gt/intel_ggtt.c). A PTE maps one 4 KiB page: PRESENT (bit 0), LM (bit 1:
 * the page is in LMEM, else in system memory reached by DMA) and the
 * address in bits 45:12; there is no RW bit before MTL (i915 gt/intel_gtt.h,
 * gt/intel_ggtt.c), so the GGTT never refuses a write.
 *
 * A translation reads the PTE as it is now; the engines' TLBs keep what
 * they read until a GGTT invalidation (GFX_FLSH_CNTL_EN written to
 * GFX_FLSH_CNTL; vdg1_mmu.c) drops it. PTE writes are counted.
 */
#include <stdlib.h>

#include "vdg1_state.h"
#include "vdg1_layout.h"
#include "vdg1_ggtt.h"
#include "vdg1_regdefs.h"
#include "vdg1_regs.h"
#include "vdg1_xlate.h"

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

	core->cnt.ggtt_pte_writes++;
	if (i >= core->ggtt_entries)
		return;
	core->ggtt[i] = (core->ggtt[i] & ~mask) | ((val << shift) & mask);
}

uint64_t vdg1_ggtt_size(const struct vdg1_core *core)
{
	return (uint64_t)core->ggtt_entries << VDG1_PAGE_SHIFT;
}

int vdg1_ggtt_translate(const struct vdg1_core *core, uint64_t addr,
			struct vdg1_xlate *xl)
{
	uint64_t pte;

	*xl = (struct vdg1_xlate) { .pat = VDG1_XLATE_NO_PAT };
	if (addr >= vdg1_ggtt_size(core)) {
		xl->reason = VDG1_XLATE_VA_RANGE;
		return -1;
	}
	pte = core->ggtt[addr >> VDG1_PAGE_SHIFT];
	xl->level = 1;
	xl->entry = pte;
	if (!(pte & VDG1_PTE_PRESENT)) {
		xl->reason = VDG1_XLATE_NOT_PRESENT;
		return -1;
	}
	xl->mem = pte & VDG1_GGTT_PTE_LM ? VDG1_MEM_LMEM : VDG1_MEM_SYSTEM;
	xl->addr = (pte & VDG1_PTE_ADDR_MASK) | (addr & (VDG1_PAGE_SIZE - 1));
	xl->page_size = VDG1_PAGE_SIZE;
	return 0;
}
