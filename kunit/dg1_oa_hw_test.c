// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: which reports the driver hands out when the OA unit's tail runs
 * ahead of its data (HARDWARE.md §10.6: a report has landed once its
 * report id or timestamp dword is non-zero).
 */

#include <kunit/test.h>

#define T_RS	64
#define T_SIZE	(64 * T_RS)

static u32 t_buf[T_SIZE / 4];

/* Report @i landed: non-zero timestamp (its report id may be 0). */
static void t_land(unsigned int i)
{
	t_buf[i * T_RS / 4 + 1] = 0x1000 + i;
}

static void dg1_oa_tail_all_landed(struct kunit *test)
{
	memset(t_buf, 0, sizeof(t_buf));
	t_land(0);
	t_land(1);
	t_land(2);
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 3 * T_RS, 0), 3u * T_RS);
}

static void dg1_oa_tail_not_landed(struct kunit *test)
{
	memset(t_buf, 0, sizeof(t_buf));
	t_land(0);
	/* Reports 1 and 2 announced by the tail, not written yet. */
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 3 * T_RS, 0), 1u * T_RS);
	/* Nothing landed: the accepted tail stays. */
	memset(t_buf, 0, sizeof(t_buf));
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 3 * T_RS, T_RS), 1u * T_RS);
}

static void dg1_oa_tail_rounds_down(struct kunit *test)
{
	memset(t_buf, 0, sizeof(t_buf));
	t_land(0);
	t_land(1);
	/* A tail inside report 2 counts only whole reports. */
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 2 * T_RS + 32, 0), 2u * T_RS);
}

static void dg1_oa_tail_wraps(struct kunit *test)
{
	const u32 last = T_SIZE / T_RS - 1;

	memset(t_buf, 0, sizeof(t_buf));
	t_land(last - 1);
	t_land(last);
	t_land(0);
	/* Tail at report 2 after a wrap; report 1 has not landed. */
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 2 * T_RS, (last - 1) * T_RS),
			1u * T_RS);
	t_land(1);
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 2 * T_RS, (last - 1) * T_RS),
			2u * T_RS);
	/* A tail at offset 0 after the wrap: the last report is the last. */
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS, 0,
						 (last - 1) * T_RS), 0u);
}

static void dg1_oa_tail_walk_bounded(struct kunit *test)
{
	unsigned int i;

	memset(t_buf, 0, sizeof(t_buf));
	t_land(0);
	/* 16 unlanded reports behind the tail: still found. */
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 17 * T_RS, 0), 1u * T_RS);
	/* 40 of them: a zeroed buffer, not reports in flight; tail stays. */
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 41 * T_RS, 0), 0u);
	for (i = 1; i < 41; i++)
		t_land(i);
	KUNIT_EXPECT_EQ(test, dg1_oa_landed_tail(t_buf, T_SIZE, T_RS,
						 41 * T_RS, 0), 41u * T_RS);
}

static struct kunit_case dg1_oa_hw_cases[] = {
	KUNIT_CASE(dg1_oa_tail_walk_bounded),
	KUNIT_CASE(dg1_oa_tail_all_landed),
	KUNIT_CASE(dg1_oa_tail_not_landed),
	KUNIT_CASE(dg1_oa_tail_rounds_down),
	KUNIT_CASE(dg1_oa_tail_wraps),
	{}
};

static struct kunit_suite dg1_oa_hw_suite = {
	.name = "dg1_oa_hw",
	.test_cases = dg1_oa_hw_cases,
};

kunit_test_suites(&dg1_oa_hw_suite);
