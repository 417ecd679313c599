// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the argument checks of EXEC_QUEUE_CREATE and EXEC against the
 * errnos uapi/dg1_drm.h documents. Included at the bottom of
 * submit/dg1_exec_queue.c.
 */

#include <kunit/test.h>

static void dg1_exec_queue_test_create_check(struct kunit *test)
{
	struct drm_dg1_exec_queue_create a = { .vm_id = 1 };

	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), 0);
	a.priority = -1;
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), 0);
	a.priority = 1;
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), 0);
	a.priority = 2;
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);
	a.priority = -2;
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);

	a = (struct drm_dg1_exec_queue_create){ .extensions = 8 };
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);
	a = (struct drm_dg1_exec_queue_create){ .flags = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);
	a = (struct drm_dg1_exec_queue_create){ .engine.pad = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);
	a = (struct drm_dg1_exec_queue_create){ .reserved[1] = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);
	/* The id is an output: garbage in it is a caller's mistake. */
	a = (struct drm_dg1_exec_queue_create){ .exec_queue_id = 3 };
	KUNIT_EXPECT_EQ(test, dg1_exec_queue_create_check(&a), -EINVAL);
}

static void dg1_exec_queue_test_exec_check(struct kunit *test)
{
	struct drm_dg1_exec a = { .exec_queue_id = 1, .batch_address = 0x1000 };

	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), 0);
	a.batch_address = 0x1008;
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), 0);
	a.batch_address = 0x1004;
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -EINVAL);
	a.batch_address = 0x1000;
	a.num_syncs = 64;
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), 0);
	a.num_syncs = 65;
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -E2BIG);

	a = (struct drm_dg1_exec){ .flags = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -EINVAL);
	a = (struct drm_dg1_exec){ .pad = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -EINVAL);
	a = (struct drm_dg1_exec){ .extensions = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -EINVAL);
	a = (struct drm_dg1_exec){ .reserved[0] = 1 };
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -EINVAL);
	/* -EINVAL before -E2BIG: a malformed call is malformed first. */
	a = (struct drm_dg1_exec){ .pad = 1, .num_syncs = 1000 };
	KUNIT_EXPECT_EQ(test, dg1_exec_check(&a), -EINVAL);
}

static struct kunit_case dg1_exec_queue_cases[] = {
	KUNIT_CASE(dg1_exec_queue_test_create_check),
	KUNIT_CASE(dg1_exec_queue_test_exec_check),
	{}
};

static struct kunit_suite dg1_exec_queue_suite = {
	.name = "dg1_exec_queue",
	.test_cases = dg1_exec_queue_cases,
};

kunit_test_suites(&dg1_exec_queue_suite);
