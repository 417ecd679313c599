// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the private PAT the driver programs, against the uapi's promise
 * for &drm_dg1_vm_bind_op.pat_index and i915's values on Gen12.
 */

#include <kunit/test.h>

static void dg1_gt_pat_table(struct kunit *test)
{
	/* 0 write-back, 1 write-combined, 2 write-through, 3 uncached, 4-7 WB. */
	static const u32 want[DG1_PAT_INDEX_COUNT] = { 3, 1, 2, 0, 3, 3, 3, 3 };
	unsigned int i;

	for (i = 0; i < DG1_PAT_INDEX_COUNT; i++)
		KUNIT_EXPECT_EQ_MSG(test, dg1_gt_pat_entry(i), want[i],
				    "PAT index %u", i);
	KUNIT_EXPECT_EQ(test, (u32)GEN12_PAT_INDEX(0).addr, 0x4800u);
	KUNIT_EXPECT_EQ(test, (u32)GEN12_PAT_INDEX(7).addr, 0x481cu);
}

static struct kunit_case dg1_gt_pat_cases[] = {
	KUNIT_CASE(dg1_gt_pat_table),
	{}
};

static struct kunit_suite dg1_gt_pat_suite = {
	.name = "dg1_gt_pat",
	.test_cases = dg1_gt_pat_cases,
};

kunit_test_suites(&dg1_gt_pat_suite);
