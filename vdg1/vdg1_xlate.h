/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_xlate.h - what a GPU address translation yields, and the bits of
 * the page-table entries the translations decode.
 *
 * Entries are 64-bit little-endian. Bit positions from i915
 * gt/intel_gtt.h (GEN8_PAGE_PRESENT/RW, GEN8_PDE_PS_2M, GEN8_PDE_IPS_64K,
 * GEN12_PPGTT_PTE_LM, GEN12_PTE_PS64, GEN12_GGTT_PTE_LM and
 * GEN12_GGTT_PTE_ADDR_MASK) and xe regs/xe_gtt_defs.h (XE_PDPE_PS_1G).
 * Translations are made by vdg1_ggtt.c (GGTT) and vdg1_ppgtt.c (PPGTT),
 * both without side effects; vdg1_mmu.c counts and records the GPU's, the
 * probe (vdg1_probe.c) its own.
 */
#ifndef VDG1_XLATE_H
#define VDG1_XLATE_H

#include <stdint.h>

#include "vdg1_core.h"
#include "vdg1_counters.h"

#define VDG1_PAGE_SHIFT		12
#define VDG1_PAGE_SIZE		(1ull << VDG1_PAGE_SHIFT)

/* Every entry: physical or LMEM address bits 45:12. */
#define VDG1_PTE_ADDR_MASK	0x00003ffffffff000ull
#define VDG1_PTE_PRESENT	(1ull << 0)
/* GGTT PTE: the page is in LMEM. The GGTT has no RW bit before MTL. */
#define VDG1_GGTT_PTE_LM	(1ull << 1)
/* PPGTT entries at every level: writes allowed. */
#define VDG1_PPGTT_RW		(1ull << 1)
/* PDPE: maps a 1 GiB page; PDE: maps a 2 MiB page. */
#define VDG1_PPGTT_PS		(1ull << 7)
/* A PDE pointing at a page table: the table holds 64 KiB entries. */
#define VDG1_PDE_IPS_64K	(1ull << 11)
/* A leaf (PTE, or PDE/PDPE with PS): the page is in LMEM. */
#define VDG1_PPGTT_LM		(1ull << 11)
/* PTE of a 4 KiB table: hint that its 64 KiB group maps one 64 KiB page. */
#define VDG1_PTE_PS64		(1ull << 8)
/*
 * A leaf's PAT index, the entry of the private PAT (GEN12_PAT_INDEX) that
 * gives the page its memory type: bits 0 and 1 in bits 3 and 4 (PWT, PCD)
 * of every leaf; bit 2 in bit 7 of a PTE, and in bit 12 of a 2 MiB or
 * 1 GiB leaf, whose bit 7 is PS (i915 gt/intel_gtt.h GEN12_PPGTT_PTE_PAT0/
 * 1/2; xe regs/xe_gtt_defs.h XE_PPGTT_PDE_PDPE_PAT2 and xe_vm.c
 * xelp_pte_encode_pat). GGTT entries have no PAT bits before MTL.
 */
#define VDG1_PPGTT_PAT0		(1ull << 3)
#define VDG1_PPGTT_PAT1		(1ull << 4)
#define VDG1_PTE_PAT2		(1ull << 7)
#define VDG1_HUGE_PAT2		(1ull << 12)
/* struct vdg1_xlate.pat of a GGTT translation. */
#define VDG1_XLATE_NO_PAT	0xffu

/*
 * The result of one translation. On success @mem and @addr are where the
 * access lands, @page_size the size of the page that maps it (the TLB
 * entry's reach) and @entry the leaf entry. On a fault @reason is a
 * VDG1_XLATE_* of vdg1_counters.h, @level the level of the entry that
 * faulted (4 PML4E .. 1 PTE or GGTT PTE; 0 when no entry was read) and
 * @entry that entry (0 for level 0). @pat is a PPGTT leaf's PAT index,
 * VDG1_XLATE_NO_PAT for the GGTT.
 */
struct vdg1_xlate {
	unsigned int reason;		/* 0: translated */
	unsigned int level;
	enum vdg1_mem mem;
	uint64_t addr;
	uint64_t page_size;
	uint64_t entry;
	unsigned int pat;
};

#endif /* VDG1_XLATE_H */
