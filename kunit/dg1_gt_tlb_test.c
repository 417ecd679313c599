// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: which registers and bits a TLB invalidation writes. Expected
 * values from i915 gt/intel_gt_regs.h (GEN12_*_TLB_INV_CR) and
 * Wa_2207587034; included at the bottom of gt/dg1_gt_tlb.c.
 */

#include <kunit/test.h>

static u32 dg1_gt_tlb_test_bits(const struct dg1_gt_tlb_req *req, u32 offset)
{
	unsigned int i;

	for (i = 0; i < req->num; i++)
		if (req->offset[i] == offset)
			return req->bits[i];
	return 0;
}

static void dg1_gt_tlb_test_all_engines(struct kunit *test)
{
	struct dg1_gt_tlb_req req;

	dg1_gt_tlb_build_req(GENMASK(DG1_HW_ENGINE_ID_COUNT - 1, 0), &req);
	KUNIT_EXPECT_EQ(test, req.num, 5u);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xced8), 0x1);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xcee4), 0x1);
	/* VCS0 and VCS2: DG1 has no VCS1 */
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xcedc), 0x5);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xcee0), 0x1);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xceec), 0x1);
	/* Masked on gen12: video decode and enhance only (i915). */
	KUNIT_EXPECT_TRUE(test, dg1_gt_tlb_masked(0xcedc));
	KUNIT_EXPECT_TRUE(test, dg1_gt_tlb_masked(0xcee0));
	KUNIT_EXPECT_FALSE(test, dg1_gt_tlb_masked(0xced8));
	KUNIT_EXPECT_FALSE(test, dg1_gt_tlb_masked(0xcee4));
	KUNIT_EXPECT_FALSE(test, dg1_gt_tlb_masked(0xceec));
}

static void dg1_gt_tlb_test_fused(struct kunit *test)
{
	struct dg1_gt_tlb_req req;

	/* Video boxes fused off: their registers are not written at all. */
	dg1_gt_tlb_build_req(BIT(DG1_HW_ENGINE_RCS0) | BIT(DG1_HW_ENGINE_BCS0) |
			     BIT(DG1_HW_ENGINE_VCS2), &req);
	KUNIT_EXPECT_EQ(test, req.num, 4u);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xcedc), 0x4);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xcee0), 0x0);
	KUNIT_EXPECT_EQ(test, dg1_gt_tlb_test_bits(&req, 0xceec), 0x1);
}

static struct kunit_case dg1_gt_tlb_test_cases[] = {
	KUNIT_CASE(dg1_gt_tlb_test_all_engines),
	KUNIT_CASE(dg1_gt_tlb_test_fused),
	{}
};

static struct kunit_suite dg1_gt_tlb_test_suite = {
	.name = "dg1_gt_tlb",
	.test_cases = dg1_gt_tlb_test_cases,
};

kunit_test_suite(dg1_gt_tlb_test_suite);
