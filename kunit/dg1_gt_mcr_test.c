// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: MCR ranges, steering target selection from the fuses, and the
 * selector values the steering writes.
 */

#include <kunit/test.h>

#include "gt/dg1_gt_mcr.h"
#include "mmio/dg1_forcewake_table.h"
#include "regs/dg1_gt_regs.h"

static void dg1_mcr_ranges_sorted(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < dg1_mcr_ranges_count; i++) {
		const struct dg1_mcr_range *r = &dg1_mcr_ranges[i];

		KUNIT_EXPECT_LE_MSG(test, r->start, r->end, "range %u", i);
		KUNIT_EXPECT_LT_MSG(test, (unsigned int)r->type,
				    (unsigned int)DG1_STEERING_COUNT,
				    "range %u", i);
		if (i)
			KUNIT_EXPECT_GT_MSG(test, r->start,
					    dg1_mcr_ranges[i - 1].end,
					    "range %u", i);
	}
}

/* DSS and L3 copies sleep with RENDER (Vol 13 wake table); SQIDI: AON or GT. */
static void dg1_mcr_ranges_one_domain(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < dg1_mcr_ranges_count; i++) {
		const struct dg1_mcr_range *r = &dg1_mcr_ranges[i];
		u32 start = dg1_fw_reg_read_domains(DG1_REG(r->start));

		KUNIT_EXPECT_EQ_MSG(test, dg1_fw_reg_read_domains(DG1_REG(r->end & ~3u)),
				    start, "range %u", i);
		if (r->type == DG1_STEERING_SQIDI)
			KUNIT_EXPECT_NE_MSG(test, start, (u32)DG1_FW_RENDER,
					    "range %u", i);
		else
			KUNIT_EXPECT_EQ_MSG(test, start, (u32)DG1_FW_RENDER,
					    "range %u", i);
	}
}

struct dg1_type_case {
	u32 offset;
	int type;
};

static const struct dg1_type_case dg1_type_cases[] = {
	{ 0x000afc, -ENOENT },
	{ 0x000b00, DG1_STEERING_SQIDI },
	{ 0x000bfc, DG1_STEERING_SQIDI },
	{ 0x000fdc, -ENOENT },		/* the selector itself */
	{ 0x001000, DG1_STEERING_SQIDI },
	{ 0x00814c, -ENOENT },
	{ 0x008150, DG1_STEERING_DSS },
	{ 0x00815c, DG1_STEERING_DSS },
	{ 0x008160, -ENOENT },
	{ 0x008700, DG1_STEERING_SQIDI },
	{ 0x0094e4, -ENOENT },		/* UNSLICE_UNIT_LEVEL_CLKGATE2 */
	{ 0x00951c, -ENOENT },
	{ 0x009520, DG1_STEERING_DSS },
	{ 0x009528, DG1_STEERING_DSS },	/* SUBSLICE_UNIT_LEVEL_CLKGATE2 */
	{ 0x009550, DG1_STEERING_DSS },	/* DFR_RATIO_EN_AND_CHICKEN */
	{ 0x00955c, DG1_STEERING_DSS },
	{ 0x009560, -ENOENT },
	{ 0x00b0fc, -ENOENT },
	{ 0x00b100, DG1_STEERING_L3BANK },
	{ 0x00b3fc, DG1_STEERING_L3BANK },
	{ 0x00b400, -ENOENT },
	{ 0x00de7c, -ENOENT },
	{ 0x00de80, DG1_STEERING_DSS },
	{ 0x00e8fc, DG1_STEERING_DSS },
	{ 0x00e900, -ENOENT },
	{ 0x024a00, DG1_STEERING_DSS },
	{ 0x024a7c, DG1_STEERING_DSS },
	{ 0x024a80, -ENOENT },
};

static void dg1_type_case_desc(const struct dg1_type_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "0x%06x", c->offset);
}

KUNIT_ARRAY_PARAM(dg1_type, dg1_type_cases, dg1_type_case_desc);

static void dg1_mcr_steering_type(struct kunit *test)
{
	const struct dg1_type_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_gt_mcr_steering_type(c->offset), c->type);
}

struct dg1_steering_case {
	const char *name;
	u32 dss_mask;
	u32 l3_pairs;
	u8 default_instance;
	/* per group: explicit target instance, or -1 for the default */
	int dss;
	int l3bank;
	int sqidi;
};

static const struct dg1_steering_case dg1_steering_cases[] = {
	{ "all present", 0x3f, 0xf, 0, -1, -1, -1 },
	{ "DSS0 fused off", 0x3e, 0xf, 1, -1, -1, -1 },
	{ "DSS0-1 fused off", 0x3c, 0xf, 2, -1, -1, 0 },
	{ "only DSS5", 0x20, 0xf, 5, -1, 0, 0 },
	{ "L3 pair 0 off", 0x3f, 0xe, 0, -1, 1, -1 },
	{ "L3 pairs 0-2 off", 0x3f, 0x8, 0, -1, 3, -1 },
	{ "DSS2 first, L3 pairs 0-1 only", 0x3c, 0x3, 2, -1, 0, 0 },
	{ "DSS1 first, L3 pair 1 off", 0x3e, 0xd, 1, -1, 0, -1 },
	{ "DSS3 first, L3 pair 3 on", 0x38, 0x8, 3, -1, -1, 0 },
	{ "no DSS", 0x00, 0xf, 0, -1, -1, -1 },
	{ "no L3 bank", 0x3f, 0x0, 0, -1, -1, -1 },
};

static void dg1_steering_case_desc(const struct dg1_steering_case *c,
				   char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_steering, dg1_steering_cases, dg1_steering_case_desc);

static void dg1_expect_target(struct kunit *test,
			      const struct dg1_gt_steering *s,
			      enum dg1_steering_type type, int want)
{
	const struct dg1_mcr_target *t = &s->target[type];

	KUNIT_EXPECT_EQ_MSG(test, t->group, 0, "%s", dg1_steering_type_name(type));
	if (want < 0) {
		KUNIT_EXPECT_FALSE_MSG(test, s->explicit[type], "%s",
				       dg1_steering_type_name(type));
		KUNIT_EXPECT_EQ_MSG(test, t->instance,
				    s->default_target.instance, "%s",
				    dg1_steering_type_name(type));
	} else {
		KUNIT_EXPECT_TRUE_MSG(test, s->explicit[type], "%s",
				      dg1_steering_type_name(type));
		KUNIT_EXPECT_EQ_MSG(test, t->instance, want, "%s",
				    dg1_steering_type_name(type));
	}
}

static void dg1_mcr_steering_targets(struct kunit *test)
{
	const struct dg1_steering_case *c = test->param_value;
	struct dg1_gt_steering s;

	dg1_gt_mcr_compute_steering(c->dss_mask, c->l3_pairs, &s);
	KUNIT_EXPECT_EQ(test, s.default_target.group, 0);
	KUNIT_EXPECT_EQ(test, s.default_target.instance, c->default_instance);
	dg1_expect_target(test, &s, DG1_STEERING_DSS, c->dss);
	dg1_expect_target(test, &s, DG1_STEERING_L3BANK, c->l3bank);
	dg1_expect_target(test, &s, DG1_STEERING_SQIDI, c->sqidi);
	KUNIT_EXPECT_EQ(test, s.instances[DG1_STEERING_DSS], c->dss_mask);
	KUNIT_EXPECT_EQ(test, s.instances[DG1_STEERING_L3BANK], c->l3_pairs);
	KUNIT_EXPECT_EQ(test, s.instances[DG1_STEERING_SQIDI], 0x3u);
}

/* Whatever the fuses, a steered target is a present instance. */
static void dg1_mcr_steering_never_terminated(struct kunit *test)
{
	u32 dss, l3;

	for (dss = 1; dss < BIT(6); dss++) {
		for (l3 = 1; l3 < BIT(4); l3++) {
			struct dg1_gt_steering s;
			unsigned int type;

			dg1_gt_mcr_compute_steering(dss, l3, &s);
			for (type = 0; type < DG1_STEERING_COUNT; type++)
				KUNIT_EXPECT_TRUE_MSG(test, s.instances[type] &
						      BIT(s.target[type].instance),
						      "dss 0x%x l3 0x%x %s", dss, l3,
						      dg1_steering_type_name(type));
		}
	}
}

struct dg1_selector_case {
	const char *name;
	u32 old;
	struct dg1_mcr_target target;
	u32 selector;
};

/* Steered reads keep multicast on (Wa_22013088509, i915 intel_gt_mcr.c). */
static const struct dg1_selector_case dg1_selector_cases[] = {
	{ "reset value, subslice 0", 0x80000000, { 0, 0 }, 0x80000000 },
	{ "default subslice 2", 0x80000000, { 0, 2 }, 0x82000000 },
	{ "read keeps multicast", 0x85000000, { 0, 3 }, 0x83000000 },
	{ "multicast restored", 0x05000000, { 0, 1 }, 0x81000000 },
	{ "slice field", 0x80000000, { 1, 7 }, 0x8f000000 },
	{ "low bits kept", 0xff00abcd, { 0, 1 }, 0x8100abcd },
	{ "fields cleared", 0x7fffffff, { 0, 0 }, 0x80ffffff },
};

static void dg1_selector_case_desc(const struct dg1_selector_case *c,
				   char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_selector, dg1_selector_cases, dg1_selector_case_desc);

static void dg1_mcr_selector_value(struct kunit *test)
{
	const struct dg1_selector_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_gt_mcr_selector(c->old, c->target),
			c->selector);
}

static void dg1_mcr_selector_fields(struct kunit *test)
{
	/* 0xFDC: multicast 31, slice 30:27, subslice 26:24 (i915 GEN11_MCR_*) */
	KUNIT_EXPECT_EQ(test, (u32)MCR_SELECTOR.addr, 0xfdcu);
	KUNIT_EXPECT_EQ(test, MCR_MULTICAST, 0x80000000u);
	KUNIT_EXPECT_EQ(test, MCR_SLICE_MASK, 0x78000000u);
	KUNIT_EXPECT_EQ(test, MCR_SUBSLICE_MASK, 0x07000000u);
}

static struct kunit_case dg1_gt_mcr_cases[] = {
	KUNIT_CASE(dg1_mcr_ranges_sorted),
	KUNIT_CASE(dg1_mcr_ranges_one_domain),
	KUNIT_CASE_PARAM(dg1_mcr_steering_type, dg1_type_gen_params),
	KUNIT_CASE_PARAM(dg1_mcr_steering_targets, dg1_steering_gen_params),
	KUNIT_CASE(dg1_mcr_steering_never_terminated),
	KUNIT_CASE_PARAM(dg1_mcr_selector_value, dg1_selector_gen_params),
	KUNIT_CASE(dg1_mcr_selector_fields),
	{}
};

static struct kunit_suite dg1_gt_mcr_suite = {
	.name = "dg1_gt_mcr",
	.test_cases = dg1_gt_mcr_cases,
};

kunit_test_suites(&dg1_gt_mcr_suite);
