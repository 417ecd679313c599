// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the GT workaround table is well formed.
 */

#include <kunit/test.h>
#include <linux/string.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_mcr.h"
#include "gt/dg1_gt_workarounds.h"
#include "mmio/dg1_forcewake_table.h"

static void dg1_wa_desc(const struct dg1_gt_wa *wa, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s 0x%06x", wa->name,
		 (u32)wa->reg.addr);
}

KUNIT_ARRAY_PARAM(dg1_wa, dg1_gt_wa_table, dg1_wa_desc);

static void dg1_wa_sorted_unique(struct kunit *test)
{
	unsigned int i;

	for (i = 1; i < DG1_GT_WA_COUNT; i++)
		KUNIT_EXPECT_GT_MSG(test, (u32)dg1_gt_wa_table[i].reg.addr,
				    (u32)dg1_gt_wa_table[i - 1].reg.addr,
				    "entry %u", i);
}

static void dg1_wa_entry_well_formed(struct kunit *test)
{
	const struct dg1_gt_wa *wa = test->param_value;

	KUNIT_ASSERT_NOT_NULL(test, wa->name);
	KUNIT_EXPECT_EQ(test, strncmp(wa->name, "Wa_", 3), 0);
	KUNIT_EXPECT_NE(test, wa->set | wa->clear, 0u);
	KUNIT_EXPECT_EQ(test, wa->set & wa->clear, 0u);
	KUNIT_EXPECT_EQ(test, (u32)wa->reg.addr & 3, 0u);
	/* Applied by read-modify-write: a masked register cannot be. */
	KUNIT_EXPECT_EQ(test, (u32)wa->reg.masked, 0u);
	KUNIT_EXPECT_EQ(test, wa->engines & ~(BIT(DG1_HW_ENGINE_ID_COUNT) - 1),
			0u);
}

/* The MCR flag says exactly whether the offset is replicated. */
static void dg1_wa_mcr_flag(struct kunit *test)
{
	const struct dg1_gt_wa *wa = test->param_value;
	bool replicated = dg1_gt_mcr_steering_type(wa->reg.addr) >= 0;

	KUNIT_EXPECT_EQ(test, (bool)wa->reg.mcr, replicated);
}

/*
 * A per-engine entry lives in its engine's domain, which exists whenever
 * the entry applies; GT-wide ones need a domain that always exists.
 */
static void dg1_wa_domain_present(struct kunit *test)
{
	const struct dg1_gt_wa *wa = test->param_value;
	u32 domains = dg1_fw_reg_read_domains(wa->reg);

	KUNIT_EXPECT_EQ(test, hweight32(domains), 1u);
	if (wa->engines)
		KUNIT_EXPECT_EQ(test, domains,
				dg1_engine_info_fw_domains(wa->engines) &
				~(u32)DG1_FW_GT);
	else
		KUNIT_EXPECT_EQ(test, domains & ~(u32)(DG1_FW_GT | DG1_FW_RENDER),
				0u);
}

/* Wa_14011060649: VDBOX_CGCTL3F10 of the even VCS instances only. */
static void dg1_wa_14011060649_even_vcs(struct kunit *test)
{
	unsigned int i, found = 0;

	for (i = 0; i < DG1_GT_WA_COUNT; i++) {
		const struct dg1_gt_wa *wa = &dg1_gt_wa_table[i];
		const struct dg1_engine_info *e;

		if (strcmp(wa->name, "Wa_14011060649"))
			continue;
		KUNIT_ASSERT_EQ(test, hweight32(wa->engines), 1u);
		e = &dg1_engine_infos[__ffs(wa->engines)];
		KUNIT_EXPECT_EQ(test, e->class, DG1_ENGINE_CLASS_VIDEO_DECODE);
		KUNIT_EXPECT_EQ(test, e->instance % 2, 0);
		KUNIT_EXPECT_EQ(test, (u32)wa->reg.addr, e->mmio_base + 0x3f10);
		KUNIT_EXPECT_EQ(test, wa->set, BIT(22));
		found++;
	}
	KUNIT_EXPECT_EQ(test, found, 2u);
}

struct dg1_wa_bits_case {
	const char *name;
	u32 addr;
	u32 set;
	u32 clear;
	bool mcr;
	bool verify;
};

/*
 * i915 intel_gt_regs.h / intel_engine_regs.h / intel_workarounds.c; the
 * issues list them. Wa_14015795083 is not read back (i915 skips it too).
 */
static const struct dg1_wa_bits_case dg1_wa_bits_cases[] = {
	{ "Wa_14015795083", 0x009424, 0, BIT(1), false, false },
	{ "Wa_1408615072", 0x0094e4, BIT(19), 0, false, true },
	{ "Wa_1409420604", 0x009528, BIT(9), 0, true, true },
	{ "Wa_14011059788", 0x009550, BIT(9), 0, true, true },
	{ "Wa_14011060649", 0x1c3f10, BIT(22), 0, false, true },
	{ "Wa_14011060649", 0x1d3f10, BIT(22), 0, false, true },
};

static void dg1_wa_bits(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_EQ(test, (unsigned int)ARRAY_SIZE(dg1_wa_bits_cases),
			(unsigned int)DG1_GT_WA_COUNT);
	for (i = 0; i < DG1_GT_WA_COUNT; i++) {
		const struct dg1_gt_wa *wa = &dg1_gt_wa_table[i];
		const struct dg1_wa_bits_case *c = &dg1_wa_bits_cases[i];

		KUNIT_EXPECT_STREQ(test, wa->name, c->name);
		KUNIT_EXPECT_EQ(test, (u32)wa->reg.addr, c->addr);
		KUNIT_EXPECT_EQ(test, wa->set, c->set);
		KUNIT_EXPECT_EQ(test, wa->clear, c->clear);
		KUNIT_EXPECT_EQ(test, (bool)wa->reg.mcr, c->mcr);
		KUNIT_EXPECT_EQ(test, !wa->no_verify, c->verify);
	}
}

static void dg1_wa_status_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, dg1_gt_wa_status_name(DG1_GT_WA_OK), "ok");
	KUNIT_EXPECT_STREQ(test, dg1_gt_wa_status_name(DG1_GT_WA_FAILED),
			   "FAILED");
	KUNIT_EXPECT_STREQ(test, dg1_gt_wa_status_name(DG1_GT_WA_NOT_APPLIED),
			   "not-applied");
	KUNIT_EXPECT_STREQ(test, dg1_gt_wa_status_name(DG1_GT_WA_WRITTEN),
			   "written");
	KUNIT_EXPECT_STREQ(test, dg1_gt_wa_status_name(4), "?");
}

static struct kunit_case dg1_gt_workarounds_cases[] = {
	KUNIT_CASE(dg1_wa_sorted_unique),
	KUNIT_CASE_PARAM(dg1_wa_entry_well_formed, dg1_wa_gen_params),
	KUNIT_CASE_PARAM(dg1_wa_mcr_flag, dg1_wa_gen_params),
	KUNIT_CASE_PARAM(dg1_wa_domain_present, dg1_wa_gen_params),
	KUNIT_CASE(dg1_wa_14011060649_even_vcs),
	KUNIT_CASE(dg1_wa_bits),
	KUNIT_CASE(dg1_wa_status_names),
	{}
};

static struct kunit_suite dg1_gt_workarounds_suite = {
	.name = "dg1_gt_workarounds",
	.test_cases = dg1_gt_workarounds_cases,
};

kunit_test_suites(&dg1_gt_workarounds_suite);
