// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_ppgtt.c - the 4-level PPGTT walk.
 *
 * Layout (i915 gt/intel_gtt.h, gt/gen8_ppgtt.c): VA bits 47:39 index the
 * PML4, 38:30 the PDP, 29:21 the PD, 20:12 the PT, 11:0 are the offset;
 * every table is one 4 KiB page of 512 64-bit entries. DG1's PPGTT is
 * 47 bits (i915 i915_pci.c, Wa_16011227922): the walk decodes 48, but a VA
 * at or above 2^47 faults before any entry is read, so a driver that hands
 * out the unusable half is caught.
 *
 * Every level is read from LMEM. Neither i915 nor xe gives a PDE a bit
 * that says where the next table is: i915 encodes a PDE as address |
 * PRESENT | RW and allocates every paging structure of a discrete part in
 * LMEM (gt/gen8_ppgtt.c gen8_pde_encode, gen8_ppgtt_create: alloc_pt_lmem
 * when HAS_LMEM), and xe creates page tables in VRAM on discrete parts
 * with a PDE of address | PRESENT | RW | PAT (xe_pt.c xe_pt_create,
 * xe_vm.c). Only the leaf's LM bit (bit 11) chooses between LMEM and
 * system memory for the page itself; a table address beyond LMEM faults
 * (TABLE_OUTSIDE_LMEM; the hardware's behaviour there is undefined).
 *
 * Pages: a PDPE with PS (bit 7) maps 1 GiB (xe xe_pt.h MAX_HUGEPTE_LEVEL,
 * regs/xe_gtt_defs.h XE_PDPE_PS_1G), a PDE with PS 2 MiB (GEN8_PDE_PS_2M).
 * A PDE with IPS (bit 11, GEN8_PDE_IPS_64K) makes its page table a 64 KiB
 * one: only every 16th entry is used, each mapping the 64 KiB-aligned page
 * it points at (i915 gt/gen8_ppgtt.c gen8_ppgtt_insert_huge, whose
 * selftest scrubs the other 15 to prove the walker skips them; gt/intel_gtt.c
 * setup_scratch_page). This is the 64 KiB mode DG1 has; the compact 64 KiB
 * tables of GEN12_PDE_64K (bit 6) belong to Xe_HP parts (has_64k_pages,
 * i915 i915_pci.c) and bit 6 is ignored here. A PTE with PS64 (bit 8) in a
 * 4 KiB table is a TLB hint that its aligned group of 16 maps one 64 KiB
 * page (xe xe_pt.c sets it on DG1): the walk uses the VA's own PTE and
 * reports a 64 KiB page, trusting the hint as the hardware's TLB does.
 *
 * RW (bit 1) is checked at every level for writes, so a write through a
 * read-only PDE faults as through a read-only PTE; i915 and xe set RW on
 * every PDE. (i915 gt/gen8_ppgtt.c leaves read-only PTEs disabled on
 * Gen12 for a hardware issue with read-only faults; the model enforces RW
 * as the bit is defined.)
 */
#include "vdg1_state.h"
#include "vdg1_host.h"
#include "vdg1_ppgtt.h"
#include "vdg1_xlate.h"

#define LEVELS		4
#define INDEX_BITS	9

/* The shift of the VA bits that index a table of @level (4 = PML4). */
static unsigned int level_shift(unsigned int level)
{
	return VDG1_PAGE_SHIFT + INDEX_BITS * (level - 1);
}

/* Read entry @index of the table at LMEM @table; -1 if it is not in LMEM. */
static int read_entry(const struct vdg1_core *core, uint64_t table,
		      unsigned int index, uint64_t *entry)
{
	uint64_t addr = table + 8ull * index;
	uint8_t b[8];
	int i;

	if (addr >= core->cfg.lmem_size ||
	    vdg1_host_dma_read(&core->host, VDG1_MEM_LMEM, addr, b, sizeof(b)))
		return -1;
	*entry = 0;
	for (i = 7; i >= 0; i--)
		*entry = *entry << 8 | b[i];
	return 0;
}

static int fault(struct vdg1_xlate *xl, unsigned int level, uint64_t entry,
		 unsigned int reason)
{
	xl->reason = reason;
	xl->level = level;
	xl->entry = entry;
	return -1;
}

/*
 * A leaf maps @size bytes at its address, aligned down to @size, with the
 * memory type of its PAT index (PAT bit 2 moves to bit 12 in a huge leaf).
 */
static int leaf(struct vdg1_xlate *xl, uint64_t entry, uint64_t va,
		uint64_t size)
{
	uint64_t pat2 = size > (64ull << 10) ? VDG1_HUGE_PAT2 : VDG1_PTE_PAT2;

	xl->mem = entry & VDG1_PPGTT_LM ? VDG1_MEM_LMEM : VDG1_MEM_SYSTEM;
	xl->pat = (entry & VDG1_PPGTT_PAT0 ? 1u : 0) |
		  (entry & VDG1_PPGTT_PAT1 ? 2u : 0) |
		  (entry & pat2 ? 4u : 0);
	xl->addr = (entry & VDG1_PTE_ADDR_MASK & ~(size - 1)) | (va & (size - 1));
	xl->page_size = size;
	xl->entry = entry;
	return 0;
}

int vdg1_ppgtt_walk(const struct vdg1_core *core, uint64_t pml4, uint64_t va,
		    bool write, struct vdg1_xlate *xl)
{
	uint64_t table = pml4 & VDG1_PTE_ADDR_MASK, entry = 0;
	bool ips = false;
	unsigned int level, index;

	*xl = (struct vdg1_xlate) { 0 };
	if (va >> VDG1_PPGTT_VA_BITS)
		return fault(xl, 0, 0, VDG1_XLATE_VA_RANGE);
	for (level = LEVELS; level >= 1; level--) {
		index = (va >> level_shift(level)) & ((1u << INDEX_BITS) - 1);
		if (level == 1 && ips)
			index &= ~15u;	/* 64 KiB entries: every 16th slot */
		xl->level = level;
		if (read_entry(core, table, index, &entry))
			return fault(xl, level, 0, VDG1_XLATE_TABLE_OUTSIDE_LMEM);
		if (!(entry & VDG1_PTE_PRESENT))
			return fault(xl, level, entry, VDG1_XLATE_NOT_PRESENT);
		if (write && !(entry & VDG1_PPGTT_RW))
			return fault(xl, level, entry, VDG1_XLATE_READ_ONLY);
		if ((level == 3 || level == 2) && entry & VDG1_PPGTT_PS)
			return leaf(xl, entry, va, 1ull << level_shift(level));
		if (level == 2)
			ips = entry & VDG1_PDE_IPS_64K;
		table = entry & VDG1_PTE_ADDR_MASK;
	}
	if (ips || entry & VDG1_PTE_PS64)
		return leaf(xl, entry, va, 64ull << 10);
	return leaf(xl, entry, va, VDG1_PAGE_SIZE);
}
