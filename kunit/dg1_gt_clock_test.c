// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: CS timestamp frequency from CTC_MODE and RPM_CONFIG0.
 */

#include <kunit/test.h>

#include "gt/dg1_gt_clock.h"
#include "regs/dg1_gt_regs.h"

struct dg1_clock_case {
	const char *name;
	u32 ctc_mode;
	u32 rpm_config0;
	u32 hz;
};

#define RPM(crystal, shift) \
	(REG_FIELD_PREP(RPM_CONFIG0_CRYSTAL_MASK, crystal) | \
	 REG_FIELD_PREP(RPM_CONFIG0_CTC_SHIFT_MASK, shift))

static const struct dg1_clock_case dg1_clock_cases[] = {
	/* What vdg1 reports: 38.4 MHz crystal, shift 2. */
	{ "38.4 MHz >> 1", 0, RPM(2, 2), 19200000 },
	{ "38.4 MHz >> 0", 0, RPM(2, 3), 38400000 },
	{ "24 MHz >> 3", 0, RPM(0, 0), 3000000 },
	{ "24 MHz >> 0", 0, RPM(0, 3), 24000000 },
	{ "19.2 MHz >> 2", 0, RPM(1, 1), 4800000 },
	{ "25 MHz >> 1", 0, RPM(3, 2), 12500000 },
	{ "raw 0x00000014", 0, 0x00000014, 19200000 },
	{ "other RPM bits ignored", 0, 0xffffffc0 | RPM(2, 2), 19200000 },
	{ "CTC shift bits ignored", 0x6, RPM(2, 2), 19200000 },
	{ "crystal code 4 unknown", 0, RPM(4, 2), 0 },
	{ "crystal code 7 unknown", 0, RPM(7, 3), 0 },
	{ "divide logic unsupported", 0x1, RPM(2, 2), 0 },
};

static void dg1_clock_case_desc(const struct dg1_clock_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_clock, dg1_clock_cases, dg1_clock_case_desc);

static void dg1_clock_decode(struct kunit *test)
{
	const struct dg1_clock_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_gt_clock_decode(c->ctc_mode, c->rpm_config0),
			c->hz);
}

static void dg1_clock_registers(struct kunit *test)
{
	/* i915 intel_gt_regs.h: RPM_CONFIG0 0xd00, CTC_MODE 0xa26c */
	KUNIT_EXPECT_EQ(test, (u32)RPM_CONFIG0.addr, 0xd00u);
	KUNIT_EXPECT_EQ(test, (u32)CTC_MODE.addr, 0xa26cu);
	KUNIT_EXPECT_EQ(test, RPM_CONFIG0_CRYSTAL_MASK, 0x38u);
	KUNIT_EXPECT_EQ(test, RPM_CONFIG0_CTC_SHIFT_MASK, 0x6u);
	KUNIT_EXPECT_EQ(test, CTC_SOURCE_DIVIDE_LOGIC, 0x1u);
}

static struct kunit_case dg1_gt_clock_cases[] = {
	KUNIT_CASE_PARAM(dg1_clock_decode, dg1_clock_gen_params),
	KUNIT_CASE(dg1_clock_registers),
	{}
};

static struct kunit_suite dg1_gt_clock_suite = {
	.name = "dg1_gt_clock",
	.test_cases = dg1_gt_clock_cases,
};

kunit_test_suites(&dg1_gt_clock_suite);
