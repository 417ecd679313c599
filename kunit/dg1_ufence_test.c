// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: WAIT_USER_FENCE's argument check and comparison, against
 * uapi/dg1_drm.h. Included at the bottom of drm/dg1_ufence.c.
 */

#include <kunit/test.h>

static void dg1_ufence_test_check(struct kunit *test)
{
	struct drm_dg1_wait_user_fence a = { .addr = 0x10000, .vm_id = 1 };

	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), 0);
	a.op = DRM_DG1_UFENCE_OP_LTE;
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), 0);
	a.op = 6;
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), -EINVAL);
	a.op = 0;
	a.addr = 0x10004;
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), -EINVAL);
	a = (struct drm_dg1_wait_user_fence){ .flags = 1 };
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), -EINVAL);
	a = (struct drm_dg1_wait_user_fence){ .pad2 = 1 };
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), -EINVAL);
	a = (struct drm_dg1_wait_user_fence){ .extensions = 1 };
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), -EINVAL);
	a = (struct drm_dg1_wait_user_fence){ .reserved[1] = 1 };
	KUNIT_EXPECT_EQ(test, dg1_ufence_check(&a), -EINVAL);
}

static void dg1_ufence_test_passes(struct kunit *test)
{
	const u64 all = ~0ull;

	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(5, DRM_DG1_UFENCE_OP_EQ, 5, all));
	KUNIT_EXPECT_FALSE(test, dg1_ufence_passes(5, DRM_DG1_UFENCE_OP_EQ, 6, all));
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(5, DRM_DG1_UFENCE_OP_NEQ, 6, all));
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(7, DRM_DG1_UFENCE_OP_GT, 6, all));
	KUNIT_EXPECT_FALSE(test, dg1_ufence_passes(6, DRM_DG1_UFENCE_OP_GT, 6, all));
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(6, DRM_DG1_UFENCE_OP_GTE, 6, all));
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(5, DRM_DG1_UFENCE_OP_LT, 6, all));
	KUNIT_EXPECT_FALSE(test, dg1_ufence_passes(6, DRM_DG1_UFENCE_OP_LT, 6, all));
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(6, DRM_DG1_UFENCE_OP_LTE, 6, all));
	/* Unsigned 64-bit comparison. */
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(1ull << 63,
						  DRM_DG1_UFENCE_OP_GT, 1, all));
	/* Only the mask's bits count, on both sides. */
	KUNIT_EXPECT_TRUE(test, dg1_ufence_passes(0xab00000001ull,
						  DRM_DG1_UFENCE_OP_EQ,
						  0xcd00000001ull,
						  0xffffffffull));
	KUNIT_EXPECT_FALSE(test, dg1_ufence_passes(0x2, DRM_DG1_UFENCE_OP_EQ,
						   0x3, 0x3));
}

static struct kunit_case dg1_ufence_cases[] = {
	KUNIT_CASE(dg1_ufence_test_check),
	KUNIT_CASE(dg1_ufence_test_passes),
	{}
};

static struct kunit_suite dg1_ufence_suite = {
	.name = "dg1_ufence",
	.test_cases = dg1_ufence_cases,
};

kunit_test_suites(&dg1_ufence_suite);
