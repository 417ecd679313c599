// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the engine table, engine lookup and each engine's wake domain.
 */

#include <kunit/test.h>

#include "gt/dg1_forcewake_table.h"
#include "gt/dg1_hw_engine.h"
#include "regs/dg1_engine_regs.h"

/*
 * The engines i915 declares for DG1 (i915_pci.c), with the bases of Vol 13
 * General Assets, "Register Access and User Mode Privileges", and the
 * domains of the Force Wake and Steering Table.
 */
static const struct dg1_hw_engine_info dg1_expected_engines[] = {
	{ .name = "rcs0", .class = DG1_ENGINE_CLASS_RENDER, .instance = 0,
	  .mmio_base = 0x002000, .fw_domain = DG1_FW_DOMAIN_ID_RENDER },
	{ .name = "bcs0", .class = DG1_ENGINE_CLASS_COPY, .instance = 0,
	  .mmio_base = 0x022000, .fw_domain = DG1_FW_DOMAIN_ID_GT },
	{ .name = "vcs0", .class = DG1_ENGINE_CLASS_VIDEO_DECODE, .instance = 0,
	  .mmio_base = 0x1c0000, .fw_domain = DG1_FW_DOMAIN_ID_VDBOX0 },
	{ .name = "vcs2", .class = DG1_ENGINE_CLASS_VIDEO_DECODE, .instance = 2,
	  .mmio_base = 0x1d0000, .fw_domain = DG1_FW_DOMAIN_ID_VDBOX2 },
	{ .name = "vecs0", .class = DG1_ENGINE_CLASS_VIDEO_ENHANCE,
	  .instance = 0, .mmio_base = 0x1c8000,
	  .fw_domain = DG1_FW_DOMAIN_ID_VEBOX0 },
};

static void dg1_engine_desc(const struct dg1_hw_engine_info *e, char *desc)
{
	strscpy(desc, e->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_engines, dg1_expected_engines, dg1_engine_desc);

static const struct dg1_hw_engine_info *dg1_engine_by_name(const char *name)
{
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++)
		if (!strcmp(dg1_hw_engine_infos[id].name, name))
			return &dg1_hw_engine_infos[id];
	return NULL;
}

static void dg1_hw_engine_entry(struct kunit *test)
{
	const struct dg1_hw_engine_info *want = test->param_value;
	const struct dg1_hw_engine_info *got = dg1_engine_by_name(want->name);

	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_EXPECT_EQ(test, got->class, want->class);
	KUNIT_EXPECT_EQ(test, got->instance, want->instance);
	KUNIT_EXPECT_EQ(test, got->mmio_base, want->mmio_base);
	KUNIT_EXPECT_EQ(test, got->fw_domain, want->fw_domain);
}

static void dg1_hw_engine_table_complete(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, (unsigned int)DG1_HW_ENGINE_ID_COUNT,
			(unsigned int)ARRAY_SIZE(dg1_expected_engines));
}

/*
 * An engine's domain is what the forcewake table says for its registers:
 * the block base, the timestamp it is queried for, and for a video box the
 * last dword of its 16 KiB block.
 */
static void dg1_hw_engine_domain_matches_table(struct kunit *test)
{
	const struct dg1_hw_engine_info *e = test->param_value;
	const struct dg1_hw_engine_info *got = dg1_engine_by_name(e->name);
	u32 want = BIT(e->fw_domain);

	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_EXPECT_EQ(test, dg1_fw_reg_read_domains(DG1_REG(got->mmio_base)), want);
	KUNIT_EXPECT_EQ(test,
			dg1_fw_reg_read_domains(RING_TIMESTAMP(got->mmio_base)),
			want);
	KUNIT_EXPECT_EQ(test,
			dg1_fw_reg_read_domains(RING_TIMESTAMP_UDW(got->mmio_base)),
			want);
	if (got->class == DG1_ENGINE_CLASS_VIDEO_DECODE ||
	    got->class == DG1_ENGINE_CLASS_VIDEO_ENHANCE)
		KUNIT_EXPECT_EQ(test, dg1_fw_reg_read_domains(DG1_REG(got->mmio_base + 0x3ffc)),
				want);
}

static void dg1_hw_engine_no_engine_domains(struct kunit *test)
{
	/* The GT domain holds the fuses: needed even with no engine. */
	KUNIT_EXPECT_EQ(test, dg1_hw_engine_fw_domains(0), (u32)DG1_FW_GT);
}

static struct kunit_case dg1_hw_engine_cases[] = {
	KUNIT_CASE_PARAM(dg1_hw_engine_entry, dg1_engines_gen_params),
	KUNIT_CASE(dg1_hw_engine_table_complete),
	KUNIT_CASE_PARAM(dg1_hw_engine_domain_matches_table,
			 dg1_engines_gen_params),
	KUNIT_CASE(dg1_hw_engine_no_engine_domains),
	{}
};

static struct kunit_suite dg1_hw_engine_suite = {
	.name = "dg1_hw_engine",
	.test_cases = dg1_hw_engine_cases,
};

kunit_test_suites(&dg1_hw_engine_suite);
