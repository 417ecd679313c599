// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: every row of the manual's context-status table (Vol 13 General
 * Assets, "Context Status"), decoded from an entry built by hand with the
 * Gen12 layout (lower: new queue 0, class 5:3, instance 11:6, "to" 25:15;
 * upper: detail 3:0, "away" 25:15), and i915's promote/complete rule;
 * included at the bottom of submit/dg1_csb.c.
 */

#include <kunit/test.h>

#define LO(nq, to)	((u64)((nq) | (u32)(to) << 15))
#define HI(away, det)	((u64)((det) | (u32)(away) << 15) << 32)
#define IDLE		0x7ff

static const struct {
	const char *what;
	u64 entry;
	enum dg1_csb_row row;
	bool promote;
} dg1_csb_cases[] = {
	{ "1 idle to active", LO(1, 5) | HI(IDLE, 0), DG1_CSB_IDLE_TO_ACTIVE, true },
	{ "2 preempt to idle", LO(1, IDLE) | HI(5, 5), DG1_CSB_PREEMPT_TO_IDLE, true },
	{ "3 preempt idle to idle", LO(1, IDLE) | HI(IDLE, 0),
	  DG1_CSB_PREEMPT_IDLE_TO_IDLE, true },
	{ "4 new queue, completed", LO(1, 6) | HI(5, 0),
	  DG1_CSB_NEW_QUEUE_COMPLETED, true },
	{ "5 new queue, preempted", LO(1, 6) | HI(5, 5),
	  DG1_CSB_NEW_QUEUE_PREEMPTED, true },
	{ "6 new queue, in a wait", LO(1, 6) | HI(5, 4), DG1_CSB_NEW_QUEUE_WAIT,
	  true },
	{ "7 lite restore", LO(1, 5) | HI(5, 0), DG1_CSB_LITE_RESTORE, true },
	{ "8 element switch", LO(0, 6) | HI(5, 0), DG1_CSB_ELEMENT_SWITCH, false },
	{ "9 element switch in a wait", LO(0, 6) | HI(5, 1),
	  DG1_CSB_ELEMENT_SWITCH_WAIT, false },
	{ "10 active to idle", LO(0, IDLE) | HI(5, 0), DG1_CSB_ACTIVE_TO_IDLE,
	  false },
	{ "no row: detail 7", LO(0, 6) | HI(5, 7), DG1_CSB_UNKNOWN, false },
};

static void dg1_csb_test_rows(struct kunit *test)
{
	struct dg1_csb_event ev;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dg1_csb_cases); i++) {
		dg1_csb_decode(dg1_csb_cases[i].entry, &ev);
		KUNIT_EXPECT_EQ_MSG(test, dg1_csb_row(&ev), dg1_csb_cases[i].row,
				    "%s", dg1_csb_cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, dg1_csb_promotes(&ev),
				    dg1_csb_cases[i].promote, "%s",
				    dg1_csb_cases[i].what);
	}
}

static void dg1_csb_test_fields(struct kunit *test)
{
	struct dg1_csb_event ev;

	/* VCS2 (class 1, instance 2) switching from 0x123 to 0x45, preempted */
	dg1_csb_decode(0x0091800500228089ull, &ev);
	KUNIT_EXPECT_TRUE(test, ev.new_queue);
	KUNIT_EXPECT_EQ(test, ev.class, 1);
	KUNIT_EXPECT_EQ(test, ev.instance, 2);
	KUNIT_EXPECT_EQ(test, ev.to_id, 0x45);
	KUNIT_EXPECT_EQ(test, ev.away_id, 0x123);
	KUNIT_EXPECT_EQ(test, ev.detail, 5);
	KUNIT_EXPECT_TRUE(test, ev.to_valid);
	KUNIT_EXPECT_TRUE(test, ev.away_valid);
}

static void dg1_csb_test_pointer(struct kunit *test)
{
	/* read pointer 11:8 and write pointer 3:0 both to 11, masked */
	KUNIT_EXPECT_EQ(test, dg1_csb_pointer_reset_value(), 0x0f0f0b0bu);
	KUNIT_EXPECT_EQ(test, DG1_CSB_ENTRIES, 12);
}

static struct kunit_case dg1_csb_test_cases[] = {
	KUNIT_CASE(dg1_csb_test_rows),
	KUNIT_CASE(dg1_csb_test_fields),
	KUNIT_CASE(dg1_csb_test_pointer),
	{}
};

static struct kunit_suite dg1_csb_test_suite = {
	.name = "dg1_csb",
	.test_cases = dg1_csb_test_cases,
};

kunit_test_suite(dg1_csb_test_suite);
