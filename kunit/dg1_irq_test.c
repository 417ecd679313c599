// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: interrupt vector and identity decoding, and the enables and masks
 * written for the present engines. Expected values written out from i915
 * gt/intel_gt_regs.h (bank bits, identity fields) and the values i915
 * writes on a DG1 (gt/intel_gt_irq.c: 0x09090909 enables, 0xf6f6.... masks)
 * plus the page-fault bit 7 dg1 adds (0x09890989, 0xf676....); included at
 * the bottom of gt/dg1_irq.c.
 */

#include <kunit/test.h>

static void dg1_irq_test_bank_bits(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(0, 0), DG1_HW_ENGINE_RCS0);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(0, 15), DG1_HW_ENGINE_BCS0);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(1, 0), DG1_HW_ENGINE_VCS0);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(1, 2), DG1_HW_ENGINE_VCS2);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(1, 31), DG1_HW_ENGINE_VECS0);
	/* VCS1, VECS1, CCS0 (bank 0 bit 4), GTPM (bank 0 bit 16): none */
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(1, 1), -ENOENT);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(1, 30), -ENOENT);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(0, 4), -ENOENT);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(0, 16), -ENOENT);
	KUNIT_EXPECT_EQ(test, dg1_irq_bank_engine(0, 31), -ENOENT);
}

static void dg1_irq_test_identity(struct kunit *test)
{
	/* Data-Valid | instance 25:20 | class 18:16 | bits */
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80000101),
			DG1_HW_ENGINE_RCS0);
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80030001),
			DG1_HW_ENGINE_BCS0);
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80010100),
			DG1_HW_ENGINE_VCS0);
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80210001),
			DG1_HW_ENGINE_VCS2);
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80020008),
			DG1_HW_ENGINE_VECS0);
	/* VCS1, BCS1, the "other" class (GTPM, instance 1) */
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80110001), -ENOENT);
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80130001), -ENOENT);
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80140001), -ENOENT);
}

static void dg1_irq_test_oa_identity(struct kunit *test)
{
	/* WDOAPerf: class 4, instance 2, half-full bit 12 */
	KUNIT_EXPECT_TRUE(test, dg1_irq_identity_is_oa(0x80241000));
	KUNIT_EXPECT_EQ(test, dg1_irq_identity_engine(0x80241000), -ENOENT);
	/* GTPM (instance 1), KCR (instance 4), VECS2 (class 2 instance 2) */
	KUNIT_EXPECT_FALSE(test, dg1_irq_identity_is_oa(0x80141000));
	KUNIT_EXPECT_FALSE(test, dg1_irq_identity_is_oa(0x80441000));
	KUNIT_EXPECT_FALSE(test, dg1_irq_identity_is_oa(0x80221000));
}

static void dg1_irq_test_setup_all(struct kunit *test)
{
	struct dg1_irq_setup s;

	dg1_irq_setup_values(GENMASK(DG1_HW_ENGINE_ID_COUNT - 1, 0), &s);
	KUNIT_EXPECT_EQ(test, s.render_copy, 0x09890989u);
	KUNIT_EXPECT_EQ(test, s.vcs_vecs, 0x09890989u);
	KUNIT_EXPECT_EQ(test, s.rcs0_mask, 0xf676ffffu);
	KUNIT_EXPECT_EQ(test, s.bcs_mask, 0xf676ffffu);
	/* the upper half only: VCS1, VCS3 and VECS1 do not exist on DG1 */
	KUNIT_EXPECT_EQ(test, s.vcs0_vcs1_mask, 0xf676ffffu);
	KUNIT_EXPECT_EQ(test, s.vcs2_vcs3_mask, 0xf676ffffu);
	KUNIT_EXPECT_EQ(test, s.vecs0_vecs1_mask, 0xf676ffffu);
}

static void dg1_irq_test_setup_fused(struct kunit *test)
{
	struct dg1_irq_setup s;

	/* VCS0 and VECS0 fused off */
	dg1_irq_setup_values(BIT(DG1_HW_ENGINE_RCS0) | BIT(DG1_HW_ENGINE_BCS0) |
			     BIT(DG1_HW_ENGINE_VCS2), &s);
	KUNIT_EXPECT_EQ(test, s.vcs_vecs, 0x09890989u);
	KUNIT_EXPECT_EQ(test, s.vcs0_vcs1_mask, 0xffffffffu);
	KUNIT_EXPECT_EQ(test, s.vcs2_vcs3_mask, 0xf676ffffu);
	KUNIT_EXPECT_EQ(test, s.vecs0_vecs1_mask, 0xffffffffu);
	/* no media engine at all: the class enable stays off */
	dg1_irq_setup_values(BIT(DG1_HW_ENGINE_RCS0) | BIT(DG1_HW_ENGINE_BCS0),
			     &s);
	KUNIT_EXPECT_EQ(test, s.vcs_vecs, 0u);
	KUNIT_EXPECT_EQ(test, s.render_copy, 0x09890989u);
}

static struct kunit_case dg1_irq_test_cases[] = {
	KUNIT_CASE(dg1_irq_test_bank_bits),
	KUNIT_CASE(dg1_irq_test_identity),
	KUNIT_CASE(dg1_irq_test_oa_identity),
	KUNIT_CASE(dg1_irq_test_setup_all),
	KUNIT_CASE(dg1_irq_test_setup_fused),
	{}
};

static struct kunit_suite dg1_irq_test_suite = {
	.name = "dg1_irq",
	.test_cases = dg1_irq_test_cases,
};

kunit_test_suite(dg1_irq_test_suite);
