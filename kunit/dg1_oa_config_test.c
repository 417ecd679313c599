// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the registers a user metric set may write, against the Gen12
 * whitelists as HARDWARE.md §10.11 lists them (i915 i915_perf.c, xe
 * xe_oa.c), edges and neighbours included.
 */

#include <kunit/test.h>

struct dg1_oa_wl_case {
	enum dg1_oa_list list;
	u32 addr;
	bool allowed;
};

static const struct dg1_oa_wl_case dg1_oa_wl_cases[] = {
	{ DG1_OA_LIST_MUX, 0x0d00, true },
	{ DG1_OA_LIST_MUX, 0x0d04, true },
	{ DG1_OA_LIST_MUX, 0x0d08, false },
	{ DG1_OA_LIST_MUX, 0x0d02, false },	/* inside a range, unaligned */
	{ DG1_OA_LIST_BOOLEAN, 0xd901, false },
	{ DG1_OA_LIST_MUX, 0x0d0c, true },
	{ DG1_OA_LIST_MUX, 0x0d2c, true },
	{ DG1_OA_LIST_MUX, 0x0d30, false },
	{ DG1_OA_LIST_MUX, 0x9840, true },
	{ DG1_OA_LIST_MUX, 0x9880, false },
	{ DG1_OA_LIST_MUX, 0x9884, true },
	{ DG1_OA_LIST_MUX, 0x9888, true },
	{ DG1_OA_LIST_MUX, 0x988c, false },
	{ DG1_OA_LIST_MUX, 0x20cc, true },
	{ DG1_OA_LIST_MUX, 0xd900, false },
	{ DG1_OA_LIST_MUX, 0xdaf4, false },	/* OACONTROL: never */
	{ DG1_OA_LIST_BOOLEAN, 0x2b2c, true },
	{ DG1_OA_LIST_BOOLEAN, 0x2b28, false },	/* OAGLBCTXCTRL */
	{ DG1_OA_LIST_BOOLEAN, 0xd8fc, false },
	{ DG1_OA_LIST_BOOLEAN, 0xd900, true },
	{ DG1_OA_LIST_BOOLEAN, 0xd93c, true },
	{ DG1_OA_LIST_BOOLEAN, 0xd940, true },
	{ DG1_OA_LIST_BOOLEAN, 0xd97c, true },
	{ DG1_OA_LIST_BOOLEAN, 0xd980, false },
	{ DG1_OA_LIST_BOOLEAN, 0xdbfc, false },
	{ DG1_OA_LIST_BOOLEAN, 0xdc00, true },
	{ DG1_OA_LIST_BOOLEAN, 0xdc3c, true },
	{ DG1_OA_LIST_BOOLEAN, 0xdc40, true },
	{ DG1_OA_LIST_BOOLEAN, 0xdc44, true },
	{ DG1_OA_LIST_BOOLEAN, 0xdc48, false },
	{ DG1_OA_LIST_BOOLEAN, 0x9888, false },
	{ DG1_OA_LIST_FLEX, 0xe458, true },
	{ DG1_OA_LIST_FLEX, 0xe558, true },
	{ DG1_OA_LIST_FLEX, 0xe658, true },
	{ DG1_OA_LIST_FLEX, 0xe758, true },
	{ DG1_OA_LIST_FLEX, 0xe45c, true },
	{ DG1_OA_LIST_FLEX, 0xe55c, true },
	{ DG1_OA_LIST_FLEX, 0xe65c, true },
	{ DG1_OA_LIST_FLEX, 0xe75c, false },
	{ DG1_OA_LIST_FLEX, 0xe454, false },
	{ DG1_OA_LIST_FLEX, 0xd940, false },
	{ DG1_OA_LIST_COUNT, 0xd940, false },
};

static void dg1_oa_whitelist(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dg1_oa_wl_cases); i++) {
		const struct dg1_oa_wl_case *c = &dg1_oa_wl_cases[i];

		KUNIT_EXPECT_EQ_MSG(test, dg1_oa_reg_allowed(c->list, c->addr),
				    c->allowed, "list %d offset 0x%x", c->list,
				    c->addr);
	}
}

static void dg1_oa_sanitize_rc6_wait(struct kunit *test)
{
	/* Bit 0 and its write enable go; the selection fields stay. */
	KUNIT_EXPECT_EQ(test, dg1_oa_sanitize(0x20cc, 0x00010001), 0x0u);
	KUNIT_EXPECT_EQ(test, dg1_oa_sanitize(0x20cc, 0x00000001), 0x0u);
	KUNIT_EXPECT_EQ(test, dg1_oa_sanitize(0x20cc, 0x00030006), 0x20006u);
	KUNIT_EXPECT_EQ(test, dg1_oa_sanitize(0x9888, 0x00010001), 0x10001u);
}

static struct kunit_case dg1_oa_config_cases[] = {
	KUNIT_CASE(dg1_oa_whitelist),
	KUNIT_CASE(dg1_oa_sanitize_rc6_wait),
	{}
};

static struct kunit_suite dg1_oa_config_suite = {
	.name = "dg1_oa_config",
	.test_cases = dg1_oa_config_cases,
};

kunit_test_suites(&dg1_oa_config_suite);
