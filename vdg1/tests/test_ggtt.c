// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_ggtt.c - GGTT translation through the PTEs at BAR0 + 8 MiB, the
 * counting of PTE writes and of GGTT invalidations.
 *
 * PTE: bit 0 PRESENT, bit 1 LM, address bits 45:12 (i915 gt/intel_gtt.h);
 * GFX_FLSH_CNTL 0x101008 bit 0 (i915 i915_reg.h, gt/intel_ggtt.c).
 */
#include "vdg1_test.h"

#define PTE(i)	(VDG1_GGTT_BASE + 8ull * (i))

static void set_pte(struct vdg1_core *core, uint64_t ggtt_addr, uint64_t pte)
{
	vdg1_core_mmio_write(core, PTE(ggtt_addr >> 12), pte, 8);
}

static void ggtt_size_follows_gsm(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* 8 MiB of PTEs (GGMS = 3): 1M entries of 4 KiB, 4 GiB. */
	EXPECT_EQ(vdg1_ggtt_size(core), 4ull << 30);
	vdg1_core_destroy(core);
}

static void ggtt_pte_bits(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;

	/* Present, system memory: address bits 45:12, offset from the address. */
	set_pte(core, 0x5000, 0x0000123456789000ull | 0x1);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x5abc, &xl), 0);
	EXPECT_EQ(xl.reason, 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(xl.addr, 0x0000123456789abcull);
	EXPECT_EQ(xl.page_size, 4096);
	EXPECT_EQ(xl.entry, 0x0000123456789001ull);
	EXPECT_EQ(xl.level, 1);
	/* Bit 1: LMEM. */
	set_pte(core, 0x6000, 0x300000 | 0x3);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x6008, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_LMEM);
	EXPECT_EQ(xl.addr, 0x300008);
	/* Bits above 45 and 11:2 are not address: ignored. */
	set_pte(core, 0x7000, 0xffffc00000200000ull | 0xffc | 0x1);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x7010, &xl), 0);
	EXPECT_EQ(xl.mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(xl.addr, 0x200010);
	/* The highest address bit is bit 45. */
	set_pte(core, 0x8000, (1ull << 45) | 0x1);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x8000, &xl), 0);
	EXPECT_EQ(xl.addr, 1ull << 45);
	/* Writes need no RW bit in a GGTT PTE: there is none. */
	vdg1_core_destroy(core);
}

static void ggtt_absent_and_out_of_range(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;

	/* LM and an address but no PRESENT. */
	set_pte(core, 0x9000, 0x400000 | 0x2);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x9000, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_NOT_PRESENT);
	EXPECT_EQ(xl.level, 1);
	EXPECT_EQ(xl.entry, 0x400002);
	/* Never written: reset value 0. */
	EXPECT_EQ(vdg1_ggtt_translate(core, 0xa000, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_NOT_PRESENT);
	/* The last page translates; one past the GGTT does not. */
	set_pte(core, (4ull << 30) - 4096, 0x1000 | 0x1);
	EXPECT_EQ(vdg1_ggtt_translate(core, (4ull << 30) - 1, &xl), 0);
	EXPECT_EQ(xl.addr, 0x1fff);
	EXPECT_EQ(vdg1_ggtt_translate(core, 4ull << 30, &xl), -1);
	EXPECT_EQ(xl.reason, VDG1_XLATE_VA_RANGE);
	EXPECT_EQ(xl.level, 0);
	/* A core reset clears the PTEs. */
	vdg1_core_reset(core);
	EXPECT_EQ(vdg1_ggtt_translate(core, (4ull << 30) - 1, &xl), -1);
	vdg1_core_destroy(core);
}

static void ggtt_pte_writes_are_counted(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	vdg1_core_mmio_write(core, PTE(1), 0x1001, 8);
	EXPECT_EQ(CNT(core, ggtt_pte_writes), 1);
	/* Two 32-bit halves are two writes. */
	vdg1_core_mmio_write(core, PTE(2), 0x2001, 4);
	vdg1_core_mmio_write(core, PTE(2) + 4, 0, 4);
	EXPECT_EQ(CNT(core, ggtt_pte_writes), 3);
	/* Reads, the hole below and registers are not PTE writes. */
	vdg1_core_mmio_read(core, PTE(1), 8);
	vdg1_core_mmio_write(core, VDG1_GGTT_BASE - 8, 0, 8);
	wr(core, GEN8_MCR_SELECTOR, 0);
	EXPECT_EQ(CNT(core, ggtt_pte_writes), 3);
	/* Nor register accesses. */
	EXPECT_EQ(CNT(core, mmio_writes), 1);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_RESET);
	EXPECT_EQ(CNT(core, ggtt_pte_writes), 0);
	vdg1_core_destroy(core);
}

static void ggtt_invalidations_are_counted(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* SGunit: no forcewake needed, nothing is awake here. */
	EXPECT_EQ(CNT(core, awake_domains), 0);
	wr(core, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	EXPECT_EQ(CNT(core, ggtt_invalidations), 1);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	/* Only the EN bit invalidates. */
	wr(core, GFX_FLSH_CNTL_GEN6, 0);
	wr(core, GFX_FLSH_CNTL_GEN6, 0x2);
	EXPECT_EQ(CNT(core, ggtt_invalidations), 1);
	wr(core, GFX_FLSH_CNTL_GEN6, 0xffffffff);
	EXPECT_EQ(CNT(core, ggtt_invalidations), 2);
	/* Write-only: reads 0. */
	EXPECT_EQ(rd(core, GFX_FLSH_CNTL_GEN6), 0);
	vdg1_core_destroy(core);
}

/* The model has no GGTT TLB: a changed PTE takes effect at once. */
static void ggtt_translation_reads_the_current_pte(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_xlate xl;

	set_pte(core, 0x3000, 0x10000 | 0x1);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x3000, &xl), 0);
	EXPECT_EQ(xl.addr, 0x10000);
	set_pte(core, 0x3000, 0x20000 | 0x3);
	EXPECT_EQ(vdg1_ggtt_translate(core, 0x3000, &xl), 0);
	EXPECT_EQ(xl.addr, 0x20000);
	EXPECT_EQ(xl.mem, VDG1_MEM_LMEM);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_ggtt[] = {
	TEST(ggtt_size_follows_gsm),
	TEST(ggtt_pte_bits),
	TEST(ggtt_absent_and_out_of_range),
	TEST(ggtt_pte_writes_are_counted),
	TEST(ggtt_invalidations_are_counted),
	TEST(ggtt_translation_reads_the_current_pte),
	TEST_END
};
