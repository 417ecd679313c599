// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the engine workaround table, the whitelist and the context
 * workaround commands, against the values i915 6.12 programs on DG1
 * (gt/intel_workarounds.c, written out by hand: the register value, not
 * the macros that build it). Included at the bottom of
 * gt/dg1_engine_workarounds.c.
 */

#include <kunit/test.h>

#include "gt/dg1_gt_mcr.h"

static void dg1_engine_wa_sorted_well_formed(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < DG1_ENGINE_WA_COUNT; i++) {
		const struct dg1_gt_wa *wa = &dg1_engine_wa_table[i];

		if (i)
			KUNIT_EXPECT_GT(test, (u32)wa->reg.addr,
					(u32)dg1_engine_wa_table[i - 1].reg.addr);
		KUNIT_EXPECT_EQ(test, hweight32(wa->engines), 1u);
		KUNIT_EXPECT_EQ(test, wa->set & wa->clear, 0u);
		KUNIT_EXPECT_NE(test, wa->set | wa->clear, 0u);
		if (wa->reg.masked)
			KUNIT_EXPECT_EQ(test, (wa->set | wa->clear) >> 16, 0u);
		KUNIT_EXPECT_EQ(test, (bool)wa->reg.mcr,
				dg1_gt_mcr_steering_type(wa->reg.addr) >= 0);
	}
}

/* What each entry puts in its register: i915's value (masked: whole). */
static void dg1_engine_wa_values(struct kunit *test)
{
	static const struct {
		u32 addr, write;
		bool masked, mcr;
	} want[DG1_ENGINE_WA_COUNT] = {
		{ 0x0020a0, 0x00080000 },		/* set bit 19 */
		{ 0x0020c4, 0x3fff0102, true },
		{ 0x0020e0, 0x40004000, true },
		{ 0x0020ec, 0x00020002, true },
		{ 0x00b004, 0 },			/* clear bit 7 */
		{ 0x00e18c, 0x80018001, true, true },
		{ 0x00e4f4, 0x40004000, true, true },
		{ 0x0220c4, 0x3fff0102, true },
		{ 0x1c00c4, 0x3fff0102, true },
		{ 0x1c80c4, 0x3fff0102, true },
		{ 0x1d00c4, 0x3fff0102, true },
	};
	unsigned int i;

	for (i = 0; i < DG1_ENGINE_WA_COUNT; i++) {
		const struct dg1_gt_wa *wa = &dg1_engine_wa_table[i];

		KUNIT_EXPECT_EQ(test, (u32)wa->reg.addr, want[i].addr);
		KUNIT_EXPECT_EQ(test, (bool)wa->reg.masked, want[i].masked);
		KUNIT_EXPECT_EQ(test, (bool)wa->reg.mcr, want[i].mcr);
		if (want[i].masked)
			KUNIT_EXPECT_EQ(test, (wa->set | wa->clear) << 16 |
					wa->set, want[i].write);
		else if (want[i].write)
			KUNIT_EXPECT_EQ(test, wa->set, want[i].write);
	}
	KUNIT_EXPECT_EQ(test, dg1_engine_wa_table[4].clear, BIT(7));
}

static void dg1_engine_whitelist(struct kunit *test)
{
	static const u32 rcs[RING_MAX_NONPRIV_SLOTS] = {
		0x00007010, 0x00007018, 0x00007304, 0x10002349,
		0x2094, 0x2094, 0x2094, 0x2094, 0x2094, 0x2094, 0x2094, 0x2094,
	};
	unsigned int i;

	for (i = 0; i < RING_MAX_NONPRIV_SLOTS; i++)
		KUNIT_EXPECT_EQ(test, dg1_engine_whitelist_slot(DG1_HW_ENGINE_RCS0, i),
				rcs[i]);
	KUNIT_EXPECT_EQ(test, dg1_engine_whitelist_slot(DG1_HW_ENGINE_BCS0, 0),
			0x100223a8u);
	KUNIT_EXPECT_EQ(test, dg1_engine_whitelist_slot(DG1_HW_ENGINE_VCS2, 0),
			0x101d03a8u);
	KUNIT_EXPECT_EQ(test, dg1_engine_whitelist_slot(DG1_HW_ENGINE_VECS0, 11),
			0x1c8094u);
}

static void dg1_engine_ctx_wa(struct kunit *test)
{
	static const u32 rcs[] = {
		0x11000007, 0x2580, 0x00060002, 0x6604, 0xe0040000,
		0x7018, 0x40004000, 0x7304, 0x12000200, 0,
	};
	static const u32 bcs[] = { 0x11000001, 0x22204, 0x0202, 0 };
	u32 cs[DG1_ENGINE_CTX_WA_DWORDS];
	unsigned int i, n;

	n = dg1_engine_ctx_workarounds_emit(DG1_HW_ENGINE_RCS0, cs);
	KUNIT_ASSERT_EQ(test, n, (unsigned int)ARRAY_SIZE(rcs));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, cs[i], rcs[i]);
	n = dg1_engine_ctx_workarounds_emit(DG1_HW_ENGINE_BCS0, cs);
	KUNIT_ASSERT_EQ(test, n, (unsigned int)ARRAY_SIZE(bcs));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, cs[i], bcs[i]);
	KUNIT_EXPECT_EQ(test, dg1_engine_ctx_workarounds_emit(DG1_HW_ENGINE_VCS0,
							      cs), 0u);
}

static struct kunit_case dg1_engine_workarounds_cases[] = {
	KUNIT_CASE(dg1_engine_wa_sorted_well_formed),
	KUNIT_CASE(dg1_engine_wa_values),
	KUNIT_CASE(dg1_engine_whitelist),
	KUNIT_CASE(dg1_engine_ctx_wa),
	{}
};

static struct kunit_suite dg1_engine_workarounds_suite = {
	.name = "dg1_engine_workarounds",
	.test_cases = dg1_engine_workarounds_cases,
};

kunit_test_suites(&dg1_engine_workarounds_suite);
