// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: PPGTT entry encodings, index math and the segment cursor. The
 * expected bit patterns are written out from the entry layout (i915
 * gt/intel_gtt.h, gt/gen8_ppgtt.c), not computed with the driver's macros.
 * Included at the bottom of mem/dg1_pt.c.
 */

#include <kunit/test.h>

static void dg1_pt_test_index(struct kunit *test)
{
	/* VA 47:39 PML4, 38:30 PDP, 29:21 PD, 20:12 PT */
	u64 va = (0x1aull << 39) | (0x1b3ull << 30) | (0x0c5ull << 21) |
		 (0x1ffull << 12) | 0x123;

	KUNIT_EXPECT_EQ(test, dg1_pt_index(va, 4), 0x1au);
	KUNIT_EXPECT_EQ(test, dg1_pt_index(va, 3), 0x1b3u);
	KUNIT_EXPECT_EQ(test, dg1_pt_index(va, 2), 0x0c5u);
	KUNIT_EXPECT_EQ(test, dg1_pt_index(va, 1), 0x1ffu);
	/* the last usable page of the 47-bit space */
	KUNIT_EXPECT_EQ(test, dg1_pt_index((1ull << 47) - 4096, 4), 0xffu);
	KUNIT_EXPECT_EQ(test, dg1_pt_index((1ull << 47) - 4096, 1), 0x1ffu);
}

static void dg1_pt_test_pte(struct kunit *test)
{
	/* present | rw */
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x12345000, false, 0),
			0x12345003ull);
	/* + LM (bit 11) */
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x12345000, true, 0),
			0x12345803ull);
	/* PAT 1 -> bit 3, 2 -> bit 4, 4 -> bit 7 */
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x1000, false, 1), 0x100bull);
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x1000, false, 2), 0x1013ull);
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x1000, false, 3), 0x101bull);
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x1000, false, 4), 0x1083ull);
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0x1000, true, 7), 0x189bull);
	/* address bits above 45 and below 12 are not the entry's */
	KUNIT_EXPECT_EQ(test, dg1_pt_pte_encode(0xc000123456789fffull, false, 0),
			0x0000123456789003ull);
}

static void dg1_pt_test_pde(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dg1_pt_pde_encode(0x7000, false), 0x7003ull);
	/* IPS, bit 11 */
	KUNIT_EXPECT_EQ(test, dg1_pt_pde_encode(0x7000, true), 0x7803ull);
	/* 2 MiB leaf: PS is bit 7, LM bit 11, PAT 0-3 in bits 3 and 4 */
	KUNIT_EXPECT_EQ(test, dg1_pt_2m_encode(0x40200000, true, 0),
			0x40200883ull);
	KUNIT_EXPECT_EQ(test, dg1_pt_2m_encode(0x40200000, false, 3),
			0x4020009bull);
}

static void dg1_pt_test_split(struct kunit *test)
{
	u64 leaf = 0x40200000ull | 0x883;	/* 2M, LM, present, rw */
	u64 e64 = 0x50010000ull | 0x80b;	/* 64K, LM, PAT 1 */

	KUNIT_EXPECT_EQ(test, dg1_pt_split_2m(leaf, 0), 0x40200803ull);
	KUNIT_EXPECT_EQ(test, dg1_pt_split_2m(leaf, 511), 0x403ff803ull);
	KUNIT_EXPECT_EQ(test, dg1_pt_expand_64k(e64, 16), 0x5001080bull);
	KUNIT_EXPECT_EQ(test, dg1_pt_expand_64k(e64, 31), 0x5001f80bull);
	KUNIT_EXPECT_EQ(test, dg1_pt_expand_64k(0, 5), 0ull);
}

static void dg1_pt_test_cursor(struct kunit *test)
{
	struct dg1_pt_seg segs[] = {
		{ .addr = 0x200000, .size = SZ_2M },
		{ .addr = 0x90000, .size = SZ_64K },
		{ .addr = 0x5000, .size = SZ_4K },
	};
	struct dg1_pt_map map = { .segs = segs, .num_segs = 3 };
	struct dg1_pt_cursor cur = { .map = &map };
	u64 addr, contig;

	KUNIT_EXPECT_TRUE(test, dg1_pt_cursor_aligned(&cur, 0, SZ_2M, &addr));
	KUNIT_EXPECT_EQ(test, addr, 0x200000ull);
	addr = dg1_pt_cursor_addr(&cur, SZ_2M - SZ_4K, &contig);
	KUNIT_EXPECT_EQ(test, addr, 0x3ff000ull);
	KUNIT_EXPECT_EQ(test, contig, (u64)SZ_4K);
	KUNIT_EXPECT_TRUE(test, dg1_pt_cursor_aligned(&cur, SZ_2M, SZ_64K, &addr));
	KUNIT_EXPECT_EQ(test, addr, 0x90000ull);
	KUNIT_EXPECT_FALSE(test, dg1_pt_cursor_aligned(&cur, SZ_2M + SZ_4K,
						       SZ_64K, &addr));
	addr = dg1_pt_cursor_addr(&cur, SZ_2M + SZ_64K, &contig);
	KUNIT_EXPECT_EQ(test, addr, 0x5000ull);
	KUNIT_EXPECT_EQ(test, contig, (u64)SZ_4K);
}

/* Huge-page eligibility of a 2 MiB slot: what dg1_pt_write_map() picks. */
static void dg1_pt_test_eligible(struct kunit *test)
{
	/* 32 runs of 64 KiB, each 64 KiB aligned, scattered */
	static struct dg1_pt_seg runs[32];
	struct dg1_pt_seg one2m = { .addr = 0x40200000, .size = SZ_2M };
	struct dg1_pt_seg off4k = { .addr = 0x40201000, .size = SZ_2M };
	struct dg1_pt_map map = { .segs = runs, .num_segs = 32 };
	struct dg1_pt_cursor cur = { .map = &map };
	unsigned int i;
	u64 addr;

	for (i = 0; i < 32; i++) {
		runs[i].addr = 0x1000000 + (u64)(31 - i) * 0x30000;
		runs[i].size = SZ_64K;
	}
	KUNIT_EXPECT_FALSE(test, dg1_pt_cursor_aligned(&cur, 0, SZ_2M, &addr));
	cur = (struct dg1_pt_cursor){ .map = &map };
	KUNIT_EXPECT_TRUE(test, dg1_pt_slot_64k(&cur, 0));
	/* the probe must not move the cursor */
	KUNIT_EXPECT_EQ(test, cur.seg, 0u);

	runs[7].addr += SZ_4K;		/* one run off its 64 KiB alignment */
	KUNIT_EXPECT_FALSE(test, dg1_pt_slot_64k(&cur, 0));

	map = (struct dg1_pt_map){ .segs = &one2m, .num_segs = 1 };
	cur = (struct dg1_pt_cursor){ .map = &map };
	KUNIT_EXPECT_TRUE(test, dg1_pt_cursor_aligned(&cur, 0, SZ_2M, &addr));
	KUNIT_EXPECT_EQ(test, addr, 0x40200000ull);

	map = (struct dg1_pt_map){ .segs = &off4k, .num_segs = 1 };
	cur = (struct dg1_pt_cursor){ .map = &map };
	KUNIT_EXPECT_FALSE(test, dg1_pt_cursor_aligned(&cur, 0, SZ_2M, &addr));
	KUNIT_EXPECT_FALSE(test, dg1_pt_slot_64k(&cur, 0));
}

static struct kunit_case dg1_pt_test_cases[] = {
	KUNIT_CASE(dg1_pt_test_index),
	KUNIT_CASE(dg1_pt_test_pte),
	KUNIT_CASE(dg1_pt_test_pde),
	KUNIT_CASE(dg1_pt_test_split),
	KUNIT_CASE(dg1_pt_test_cursor),
	KUNIT_CASE(dg1_pt_test_eligible),
	{}
};

static struct kunit_suite dg1_pt_test_suite = {
	.name = "dg1_pt",
	.test_cases = dg1_pt_test_cases,
};

kunit_test_suite(dg1_pt_test_suite);
