// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_ppgtt.c - the 4-level PPGTT walk over tables the tests build in
 * fake LMEM, with pages in fake LMEM and fake system memory.
 *
 * Entry bits (i915 gt/intel_gtt.h, xe regs/xe_gtt_defs.h): 0 PRESENT,
 * 1 RW, 7 PS (PDE 2 MiB, PDPE 1 GiB), 8 PS64 hint, 11 LM on a leaf and
 * IPS 64K on a PDE, address 45:12.
 */
#include "vdg1_test.h"

#define P	0x1ull			/* PRESENT */
#define RW	0x2ull
#define PS	(1ull << 7)
#define PS64	(1ull << 8)
#define LM	(1ull << 11)
#define IPS	(1ull << 11)
#define PDE64	(1ull << 6)		/* Xe_HP's compact-table bit */
#define PAT0	(1ull << 3)
#define PAT1	(1ull << 4)
#define PAT2	(1ull << 7)		/* of a PTE */
#define HPAT2	(1ull << 12)		/* of a 2 MiB or 1 GiB leaf */

#define PT_BASE	0x100000		/* tables from 1 MiB of fake LMEM */

static int walk(struct vdg1_core *core, const struct fake_pt *pt, uint64_t va,
		bool write, struct vdg1_xlate *xl)
{
	return vdg1_ppgtt_walk(core, pt->pml4, va, write, xl);
}

/* Set @bits in (or, with @clear, clear them from) @va's entry at @level. */
static void change_entry(struct fake_host *h, const struct fake_pt *pt,
			 uint64_t va, unsigned int level, uint64_t bits,
			 bool clear)
{
	uint64_t slot = fake_pt_slot(pt, va, level);
	uint64_t e = fake_get64(h, VDG1_MEM_LMEM, slot);

	fake_put64(h, VDG1_MEM_LMEM, slot, clear ? e & ~bits : e | bits);
}

static void ppgtt_4k_pages_in_lmem_and_system_memory(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x12345000ull;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 1, 0x300000 | LM | RW | P);
	fake_pt_set(&pt, va + 0x1000, 1, 0xabc000 | RW | P);

	EXPECT_EQ(walk(core, &pt, va + 0x123, false, &xl), 0);
	EXPECT_EQ(xl.reason, 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_LMEM);
	EXPECT_EQ(xl.addr, 0x300123);
	EXPECT_EQ(xl.page_size, 4096);
	EXPECT_EQ(xl.entry, 0x300000 | LM | RW | P);
	EXPECT_EQ(xl.level, 1);

	EXPECT_EQ(walk(core, &pt, va + 0x1ffc, true, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(xl.addr, 0xabcffc);
	EXPECT_EQ(xl.page_size, 4096);
	vdg1_core_destroy(core);
}

/*
 * Tables placed by hand at the exact index each level must use, with decoys
 * one slot either side that lead elsewhere.
 */
static void ppgtt_index_bits_per_level(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	/* PML4 0x0ab, PDP 0x155, PD 0x0cc, PT 0x1f3, offset 0x9a8 */
	const uint64_t va = 0x0abull << 39 | 0x155ull << 30 | 0x0ccull << 21 |
			    0x1f3ull << 12 | 0x9a8;
	const uint64_t pml4 = 0x10000, pdp = 0x11000, pd = 0x12000,
		       ptab = 0x13000, decoy = 0x14000;
	const uint64_t tables[4] = { pml4, pdp, pd, ptab };
	const unsigned int idx[4] = { 0x0ab, 0x155, 0x0cc, 0x1f3 };
	int l;

	for (l = 0; l < 4; l++) {
		uint64_t next = l < 3 ? tables[l + 1] : 0x2f5000;
		uint64_t flags = l < 3 ? RW | P : LM | RW | P;

		fake_put64(&h, VDG1_MEM_LMEM, tables[l] + 8 * idx[l],
			   next | flags);
		fake_put64(&h, VDG1_MEM_LMEM, tables[l] + 8 * (idx[l] - 1),
			   decoy | flags);
		fake_put64(&h, VDG1_MEM_LMEM, tables[l] + 8 * (idx[l] + 1),
			   decoy | flags);
	}
	EXPECT_EQ(va, 0x55d5599f39a8ull);
	EXPECT_EQ(vdg1_ppgtt_walk(core, pml4, va, false, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_LMEM);
	EXPECT_EQ(xl.addr, 0x2f59a8);
	vdg1_core_destroy(core);
}

static void ppgtt_not_present_at_each_level(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x7f0012345000ull;
	uint64_t slot, e;
	unsigned int l;

	fake_pt_init(&pt, &h, PT_BASE);
	EXPECT_EQ(fake_pt_slot(&pt, va, 4), pt.pml4 + 8 * 0xfe);
	slot = fake_pt_set(&pt, va, 1, 0x200000 | RW | P);
	EXPECT_EQ(fake_pt_slot(&pt, va, 1), slot);
	EXPECT_EQ(walk(core, &pt, va, false, &xl), 0);
	for (l = 1; l <= 4; l++) {
		slot = fake_pt_slot(&pt, va, l);
		e = fake_get64(&h, VDG1_MEM_LMEM, slot);
		fake_put64(&h, VDG1_MEM_LMEM, slot, e & ~P);
		EXPECT_EQ(walk(core, &pt, va, false, &xl), -1);
		EXPECT_EQ(xl.reason, VDG1_XLATE_NOT_PRESENT);
		EXPECT_EQ(xl.level, l);
		EXPECT_EQ(xl.entry, e & ~P);
		fake_put64(&h, VDG1_MEM_LMEM, slot, e);
		EXPECT_EQ(walk(core, &pt, va, false, &xl), 0);
	}
	/* An address never mapped faults in its empty PDP slot. */
	EXPECT_EQ(walk(core, &pt, va ^ (1ull << 30), false, &xl), -1);
	EXPECT_EQ(xl.level, 3);
	EXPECT_EQ(xl.entry, 0);
	vdg1_core_destroy(core);
}

static void ppgtt_rw_is_enforced_for_writes(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x40000000ull, va2 = 0x80000000ull;
	unsigned int l;

	fake_pt_init(&pt, &h, PT_BASE);
	/* A read-only PTE: reads pass, writes fault with the PTE. */
	fake_pt_set(&pt, va, 1, 0x5000 | P);
	EXPECT_EQ(walk(core, &pt, va, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x5000);
	EXPECT_EQ(walk(core, &pt, va, true, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_READ_ONLY);
	EXPECT_EQ(xl.level, 1);
	EXPECT_EQ(xl.entry, 0x5000 | P);
	/* A read-only entry at any level above refuses writes there. */
	fake_pt_set(&pt, va2, 1, 0x6000 | RW | P);
	EXPECT_EQ(walk(core, &pt, va2, true, &xl), 0);
	for (l = 2; l <= 4; l++) {
		change_entry(&h, &pt, va2, l, RW, true);
		EXPECT_EQ(walk(core, &pt, va2, false, &xl), 0);
		EXPECT_EQ(walk(core, &pt, va2, true, &xl), -1);
		EXPECT_EQ(xl.reason, VDG1_XLATE_READ_ONLY);
		EXPECT_EQ(xl.level, l);
		change_entry(&h, &pt, va2, l, RW, false);
		EXPECT_EQ(walk(core, &pt, va2, true, &xl), 0);
	}
	/* PRESENT is checked before RW. */
	fake_pt_set(&pt, va, 1, 0x5000);
	EXPECT_EQ(walk(core, &pt, va, true, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_NOT_PRESENT);
	vdg1_core_destroy(core);
}

static void ppgtt_2m_pages(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x7fff00600000ull;

	fake_pt_init(&pt, &h, PT_BASE);
	/* PS on a PDE: the PDE is the leaf; LM (bit 11) means LMEM there. */
	fake_pt_set(&pt, va, 2, 0x40000000ull | PS | LM | RW | P);
	EXPECT_EQ(walk(core, &pt, va + 0x1abcde, true, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_LMEM);
	EXPECT_EQ(xl.addr, 0x401abcdeull);
	EXPECT_EQ(xl.page_size, 2u << 20);
	EXPECT_EQ(xl.level, 2);
	EXPECT_EQ(xl.entry, 0x40000000ull | PS | LM | RW | P);
	/* Address bits 20:12 of the entry are below the page: ignored. */
	fake_pt_set(&pt, va, 2, 0x801ff000ull | PS | RW | P);
	EXPECT_EQ(walk(core, &pt, va + 0x10, false, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(xl.addr, 0x80000010ull);
	/* A read-only 2 MiB page refuses writes at level 2. */
	fake_pt_set(&pt, va, 2, 0x80000000ull | PS | P);
	EXPECT_EQ(walk(core, &pt, va, true, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_READ_ONLY);
	EXPECT_EQ(xl.level, 2);
	vdg1_core_destroy(core);
}

static void ppgtt_1g_pages(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x40c0000000ull;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 3, 0x1c0000000ull | PS | RW | P);
	EXPECT_EQ(walk(core, &pt, va + 0x3fedcba9, false, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(xl.addr, 0x1ffedcba9ull);
	EXPECT_EQ(xl.page_size, 1u << 30);
	EXPECT_EQ(xl.level, 3);
	vdg1_core_destroy(core);
}

/*
 * IPS on the PDE: the PT holds 64 KiB entries in every 16th slot; the 15
 * slots between are not used even when they hold valid-looking entries
 * (i915 writes them, its selftest scrubs them).
 */
static void ppgtt_64k_pages_through_the_pde_ips_bit(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x5555400000ull;	/* 2 MiB aligned */
	unsigned int i;

	fake_pt_init(&pt, &h, PT_BASE);
	for (i = 0; i < 512; i++) {
		/* The 64 KiB entry, or scratch in the slots between. */
		uint64_t e = i % 16 ? 0x7000 | RW | P :
			     (0x200000 + (i / 16) * 0x10000ull) | LM | RW | P;

		fake_pt_set(&pt, va + i * 4096ull, 1, e);
	}
	/* Without IPS the walk reads the slot of the 4 KiB page. */
	EXPECT_EQ(walk(core, &pt, va + 0x13456, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x7456);
	EXPECT_EQ(xl.page_size, 4096);
	change_entry(&h, &pt, va, 2, IPS, false);
	EXPECT_EQ(walk(core, &pt, va + 0x13456, false, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_LMEM);
	EXPECT_EQ(xl.addr, 0x213456);
	EXPECT_EQ(xl.page_size, 64u << 10);
	EXPECT_EQ(xl.level, 1);
	/* The last 64 KiB page of the table, its last byte. */
	EXPECT_EQ(walk(core, &pt, va + 0x1fffff, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x3fffff);
	/* A 64 KiB entry's address bits 15:12 are below the page. */
	fake_pt_set(&pt, va + 0x20000, 1, 0x9f000 | RW | P);
	EXPECT_EQ(walk(core, &pt, va + 0x2abcd, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x9abcd);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	/* A missing 64 KiB entry faults whatever the slots between hold. */
	fake_pt_set(&pt, va + 0x30000, 1, 0);
	EXPECT_EQ(walk(core, &pt, va + 0x3f000, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_NOT_PRESENT);
	EXPECT_EQ(xl.level, 1);
	vdg1_core_destroy(core);
}

/* PS64 in a 4 KiB table is a TLB hint: the VA's own PTE translates. */
static void ppgtt_ps64_hint(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x10000000ull;
	unsigned int i;

	fake_pt_init(&pt, &h, PT_BASE);
	for (i = 0; i < 16; i++)
		fake_pt_set(&pt, va + i * 4096ull, 1,
			    (0x250000 + i * 4096ull) | PS64 | LM | RW | P);
	EXPECT_EQ(walk(core, &pt, va + 0x5123, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x255123);
	EXPECT_EQ(xl.page_size, 64u << 10);
	EXPECT_EQ(xl.entry, 0x255000 | PS64 | LM | RW | P);
	vdg1_core_destroy(core);
}

/* DG1 has no compact 64 KiB tables: the Xe_HP PDE bit 6 changes nothing. */
static void ppgtt_pde_bit6_is_not_dg1s(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x20000000ull;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va + 0x3000, 1, 0x8000 | RW | P);
	change_entry(&h, &pt, va, 2, PDE64, false);
	EXPECT_EQ(walk(core, &pt, va + 0x3010, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x8010);
	EXPECT_EQ(xl.page_size, 4096);
	vdg1_core_destroy(core);
}

static void ppgtt_entry_bits_outside_the_address_are_ignored(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x30000000ull;
	/* PAT bits 3, 4, 7, bits 62:46: not address, not PS at level 1. */
	const uint64_t junk = 0x7fffc00000000000ull | 1u << 3 | 1u << 4 |
			      1u << 7;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 1, (1ull << 45) | 0x3000 | junk | RW | P);
	EXPECT_EQ(walk(core, &pt, va + 0x44, false, &xl), 0);
	EXPECT_EQ(xl.addr, (1ull << 45) | 0x3044);
	EXPECT_EQ(xl.page_size, 4096);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	vdg1_core_destroy(core);
}

static void ppgtt_va_range_is_47_bits(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t top = (1ull << 47) - 4096;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, top, 1, 0x9000 | RW | P);
	/* The upper half's PML4 slot is filled too: it must not be read. */
	fake_pt_set(&pt, 1ull << 47, 1, 0xa000 | RW | P);
	EXPECT_EQ(walk(core, &pt, top + 0xfff, false, &xl), 0);
	EXPECT_EQ(xl.addr, 0x9fff);
	EXPECT_EQ(walk(core, &pt, 1ull << 47, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_VA_RANGE);
	EXPECT_EQ(xl.level, 0);
	EXPECT_EQ(xl.entry, 0);
	EXPECT_EQ(walk(core, &pt, 1ull << 63, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_VA_RANGE);
	vdg1_core_destroy(core);
}

/* Page tables are read from LMEM, whatever system memory holds there. */
static void ppgtt_tables_are_read_from_lmem(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x1000ull;
	uint64_t a;

	/* A full table set in system memory at the same addresses... */
	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 1, 0xb000 | RW | P);
	for (a = PT_BASE; a < pt.next; a += 8)
		fake_put64(&h, VDG1_MEM_SYSTEM, a,
			   fake_get64(&h, VDG1_MEM_LMEM, a));
	EXPECT_EQ(walk(core, &pt, va, false, &xl), 0);
	/* ...is not what the walk reads. */
	for (a = PT_BASE; a < pt.next; a += 8)
		fake_put64(&h, VDG1_MEM_LMEM, a, 0);
	EXPECT_EQ(walk(core, &pt, va, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_NOT_PRESENT);
	EXPECT_EQ(xl.level, 4);
	vdg1_core_destroy(core);
}

static void ppgtt_table_outside_lmem_faults(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x2000ull;

	vdg1_config_defaults(&cfg);
	cfg.lmem_size = 64ull << 20;
	core = fake_core(&h, &cfg);
	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 1, 0xc000 | RW | P);
	/* The PDE now points past the 64 MiB of LMEM. */
	fake_put64(&h, VDG1_MEM_LMEM, fake_pt_slot(&pt, va, 2),
		   (64ull << 20) | RW | P);
	EXPECT_EQ(walk(core, &pt, va, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_TABLE_OUTSIDE_LMEM);
	EXPECT_EQ(xl.level, 1);
	EXPECT_EQ(xl.entry, 0);
	/*
	 * Even if the host had memory there: a host with more LMEM than
	 * lmem-size answers, the walk must not ask.
	 */
	h.lmem_beyond = 0x5000 | RW | P;
	EXPECT_EQ(walk(core, &pt, va, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_TABLE_OUTSIDE_LMEM);
	/* A root beyond LMEM faults on its first entry. */
	EXPECT_EQ(vdg1_ppgtt_walk(core, 64ull << 20, va, false, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_TABLE_OUTSIDE_LMEM);
	EXPECT_EQ(xl.level, 4);
	vdg1_core_destroy(core);
}

/* A PAT index's bits of @i, as a leaf of @huge (2 MiB/1 GiB) carries them. */
static uint64_t pat_bits(unsigned int i, bool huge)
{
	return (i & 1 ? PAT0 : 0) | (i & 2 ? PAT1 : 0) |
	       (i & 4 ? (huge ? HPAT2 : PAT2) : 0);
}

/*
 * Every leaf names its PAT index: bits 3, 4, 7 of a PTE (4 KiB, 64 KiB of
 * an IPS table), bits 3, 4, 12 of a 2 MiB or 1 GiB leaf, whose bit 7 is
 * PS. Non-leaf entries' bits are not the page's.
 */
static void ppgtt_pat_index_of_each_leaf_kind(void)
{
	const uint64_t va4k = 0x1000000ull, va64k = 0x2000000ull,
		       va2m = 0x40000000ull, va1g = 0x8000000000ull;
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;
	unsigned int i;

	fake_pt_init(&pt, &h, PT_BASE);
	for (i = 0; i < 8; i++) {
		fake_pt_set(&pt, va4k, 1, 0x300000 | pat_bits(i, false) | RW | P);
		EXPECT_EQ(walk(core, &pt, va4k, false, &xl), 0);
		EXPECT_EQ(xl.pat, i);
		fake_pt_set(&pt, va2m, 2,
			    0x400000 | pat_bits(i, true) | PS | RW | P);
		EXPECT_EQ(walk(core, &pt, va2m + 0x1234, false, &xl), 0);
		EXPECT_EQ(xl.page_size, 2u << 20);
		EXPECT_EQ(xl.pat, i);
		fake_pt_set(&pt, va1g, 3,
			    0x40000000ull | pat_bits(i, true) | PS | RW | P);
		EXPECT_EQ(walk(core, &pt, va1g, false, &xl), 0);
		EXPECT_EQ(xl.page_size, 1u << 30);
		EXPECT_EQ(xl.pat, i);
	}
	/* A PTE's bit 12 is address; a huge leaf's bit 7 is PS, not PAT. */
	fake_pt_set(&pt, va4k, 1, 0x301000 | RW | P);
	EXPECT_EQ(walk(core, &pt, va4k, false, &xl), 0);
	EXPECT_EQ(xl.pat, 0);
	EXPECT_EQ(xl.addr, 0x301000);
	/* 64 KiB entries of an IPS table are PTEs: PAT2 in bit 7. */
	fake_pt_set(&pt, va64k, 1, 0x310000 | PAT2 | PAT0 | RW | P);
	change_entry(&h, &pt, va64k, 2, IPS, false);
	EXPECT_EQ(walk(core, &pt, va64k + 0x5000, false, &xl), 0);
	EXPECT_EQ(xl.page_size, 64u << 10);
	EXPECT_EQ(xl.pat, 5);
	/* A PDE's PAT-like bits do not reach the page. */
	change_entry(&h, &pt, va4k, 2, PAT0 | PAT1, false);
	EXPECT_EQ(walk(core, &pt, va4k, false, &xl), 0);
	EXPECT_EQ(xl.pat, 0);
	vdg1_core_destroy(core);
}

/* A walk is a pure lookup: the callers count and record. */
static void ppgtt_walk_has_no_side_effects(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;
	struct fake_pt pt;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, 0x1000, 1, 0xd000 | RW | P);
	walk(core, &pt, 0x1000, false, &xl);
	walk(core, &pt, 0x9000, true, &xl);
	EXPECT_EQ(CNT(core, page_walks), 0);
	EXPECT_EQ(CNT(core, page_faults), 0);
	EXPECT_EQ(core->mmu.ring_fault, 0);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_ppgtt[] = {
	TEST(ppgtt_4k_pages_in_lmem_and_system_memory),
	TEST(ppgtt_index_bits_per_level),
	TEST(ppgtt_not_present_at_each_level),
	TEST(ppgtt_rw_is_enforced_for_writes),
	TEST(ppgtt_2m_pages),
	TEST(ppgtt_1g_pages),
	TEST(ppgtt_64k_pages_through_the_pde_ips_bit),
	TEST(ppgtt_ps64_hint),
	TEST(ppgtt_pde_bit6_is_not_dg1s),
	TEST(ppgtt_entry_bits_outside_the_address_are_ignored),
	TEST(ppgtt_va_range_is_47_bits),
	TEST(ppgtt_tables_are_read_from_lmem),
	TEST(ppgtt_table_outside_lmem_faults),
	TEST(ppgtt_walk_has_no_side_effects),
	TEST(ppgtt_pat_index_of_each_leaf_kind),
	TEST_END
};
