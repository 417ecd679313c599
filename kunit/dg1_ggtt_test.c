// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: GGTT PTE encoding and GGTT sizing from GGC. Included at the
 * bottom of mem/dg1_ggtt.c.
 */

#include <kunit/test.h>

struct dg1_ggtt_pte_case {
	const char *name;
	u64 addr;
	bool lmem;
	u64 pte;
};

/* i915 gt/intel_gtt.h: bit 0 present, bit 1 LM, address 45:12. */
static const struct dg1_ggtt_pte_case dg1_ggtt_pte_cases[] = {
	{ "smem page", 0x12345000, false, 0x12345001 },
	{ "lmem page", 0x12345000, true, 0x12345003 },
	{ "lmem offset 0", 0, true, 0x3 },
	{ "top of 46 bits", 0x3ffffffff000ull, false, 0x3ffffffff001ull },
	{ "bits above 45 dropped", 0xc00000001000ull, false, 0x1001 },
	{ "page offset dropped", 0x12345678, false, 0x12345001 },
};

static void dg1_ggtt_pte_case_desc(const struct dg1_ggtt_pte_case *c,
				   char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_ggtt_pte, dg1_ggtt_pte_cases, dg1_ggtt_pte_case_desc);

static void dg1_ggtt_test_pte(struct kunit *test)
{
	const struct dg1_ggtt_pte_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_ggtt_pte(c->addr, c->lmem), c->pte);
}

/* GGMS in GGC bits 7:6: (1 << GGMS) MiB of PTEs, 0 for none. */
static void dg1_ggtt_test_pte_bytes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dg1_ggtt_pte_bytes(0), 0ull);
	KUNIT_EXPECT_EQ(test, dg1_ggtt_pte_bytes(1 << 6), (u64)SZ_2M);
	KUNIT_EXPECT_EQ(test, dg1_ggtt_pte_bytes(2 << 6), (u64)SZ_4M);
	KUNIT_EXPECT_EQ(test, dg1_ggtt_pte_bytes(3 << 6), (u64)SZ_8M);
	/* GMS (15:8) does not matter. */
	KUNIT_EXPECT_EQ(test, dg1_ggtt_pte_bytes(0xff00 | 3 << 6),
			(u64)SZ_8M);
}

static struct kunit_case dg1_ggtt_cases[] = {
	KUNIT_CASE_PARAM(dg1_ggtt_test_pte, dg1_ggtt_pte_gen_params),
	KUNIT_CASE(dg1_ggtt_test_pte_bytes),
	{}
};

static struct kunit_suite dg1_ggtt_suite = {
	.name = "dg1_ggtt",
	.test_cases = dg1_ggtt_cases,
};

kunit_test_suites(&dg1_ggtt_suite);
