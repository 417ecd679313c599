// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: context descriptors and the ring context of a new image.
 * Expected values written out from the descriptor layout (Vol 13 General
 * Assets "Context Descriptor" as i915 gt/intel_lrc.h uses it) and the
 * manual's CSFE execlist context table; included at the bottom of
 * submit/dg1_lrc.c.
 */

#include <kunit/test.h>

static void dg1_lrc_test_descriptor(struct kunit *test)
{
	/* valid | legacy 64-bit | privilege = 0x119 in the low dword */
	KUNIT_EXPECT_EQ(test, dg1_lrc_descriptor(0x12345000, 5,
						 DG1_ENGINE_CLASS_VIDEO_DECODE, 2),
			0x200200a012345119ull);
	KUNIT_EXPECT_EQ(test, dg1_lrc_descriptor(0xfffff000, 0x7fe,
						 DG1_ENGINE_CLASS_RENDER, 0),
			0x0000ffc0fffff119ull);
	KUNIT_EXPECT_EQ(test, dg1_lrc_descriptor(0x1000, 1,
						 DG1_ENGINE_CLASS_COPY, 0),
			0x6000002000001119ull);
	KUNIT_EXPECT_EQ(test, dg1_lrc_descriptor(0x2000, 3,
						 DG1_ENGINE_CLASS_VIDEO_ENHANCE, 0),
			0x4000006000002119ull);
	/* LRCA bits below 12 never leak into the flags */
	KUNIT_EXPECT_EQ(test, dg1_lrc_descriptor(0x3fff, 0,
						 DG1_ENGINE_CLASS_COPY, 0),
			0x6000000000003119ull);
	KUNIT_EXPECT_EQ(test, DG1_LRC_DESC_FORCE_RESTORE, 0x4ull);
}

static void dg1_lrc_test_sizes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dg1_lrc_size(DG1_ENGINE_CLASS_RENDER), 14 * 4096u);
	KUNIT_EXPECT_EQ(test, dg1_lrc_size(DG1_ENGINE_CLASS_COPY), 2 * 4096u);
	KUNIT_EXPECT_EQ(test, dg1_lrc_size(DG1_ENGINE_CLASS_VIDEO_DECODE),
			2 * 4096u);
}

static void dg1_lrc_test_layout(struct kunit *test)
{
	const u32 base = 0x1d0000;	/* VCS2 */
	u32 r[DG1_LRC_RING_CONTEXT_DWORDS];
	unsigned int i;

	struct dg1_lrc_params p = {
		.ring_ggtt = 0xabc000, .ring_size = 16384,
		.pml4 = 0x00000001fedcb000ull, .wa_ggtt = 0x5000,
		.wa_bytes = 128,
	};

	dg1_lrc_build(r, DG1_ENGINE_CLASS_VIDEO_DECODE, base, &p);
	KUNIT_EXPECT_EQ(test, r[0x00], 0u);
	KUNIT_EXPECT_EQ(test, r[0x01], 0x11081019u);
	KUNIT_EXPECT_EQ(test, r[0x02], 0x1d0244u);
	KUNIT_EXPECT_EQ(test, r[0x03], 0x00090009u);
	KUNIT_EXPECT_EQ(test, r[0x04], 0x1d0034u);
	KUNIT_EXPECT_EQ(test, r[0x05], 0u);
	KUNIT_EXPECT_EQ(test, r[0x06], 0x1d0030u);
	KUNIT_EXPECT_EQ(test, r[0x07], 0u);
	KUNIT_EXPECT_EQ(test, r[0x08], 0x1d0038u);
	KUNIT_EXPECT_EQ(test, r[0x09], 0xabc000u);
	KUNIT_EXPECT_EQ(test, r[0x0a], 0x1d003cu);
	KUNIT_EXPECT_EQ(test, r[0x0b], 0x3001u);	/* 4 pages - 1, valid */
	KUNIT_EXPECT_EQ(test, r[0x0c], 0x1d0168u);
	KUNIT_EXPECT_EQ(test, r[0x0e], 0x1d0140u);
	KUNIT_EXPECT_EQ(test, r[0x10], 0x1d0110u);
	KUNIT_EXPECT_EQ(test, r[0x12], 0x1d01c0u);
	/*
	 * Workaround batches (i915 gen12): post-restore batch a page after
	 * INDIRECT_CTX, VALID | FORCE; INDIRECT_CTX in cachelines; the
	 * default offset 0xd << 6.
	 */
	KUNIT_EXPECT_EQ(test, r[0x13], 0x6005u);
	KUNIT_EXPECT_EQ(test, r[0x15], 0x5002u);
	KUNIT_EXPECT_EQ(test, r[0x17], 0x340u);
	KUNIT_EXPECT_EQ(test, r[0x18], 0x1d0180u);
	KUNIT_EXPECT_EQ(test, r[0x1a], 0x1d02b4u);
	for (i = 0x1c; i <= 0x20; i++)
		KUNIT_EXPECT_EQ(test, r[i], 0u);
	KUNIT_EXPECT_EQ(test, r[0x21], 0x11081011u);
	KUNIT_EXPECT_EQ(test, r[0x22], 0x1d03a8u);
	KUNIT_EXPECT_EQ(test, r[0x23], 0u);
	KUNIT_EXPECT_EQ(test, r[0x24], 0x1d028cu);
	KUNIT_EXPECT_EQ(test, r[0x30], 0x1d0274u);
	KUNIT_EXPECT_EQ(test, r[0x31], 0x1u);
	KUNIT_EXPECT_EQ(test, r[0x32], 0x1d0270u);
	KUNIT_EXPECT_EQ(test, r[0x33], 0xfedcb000u);

	/*
	 * Copied from a default image: restored whole, the inhibit written
	 * clear (i915 init_common_regs(): masked disable, 0x00090008).
	 */
	p.restore = true;
	dg1_lrc_build(r, DG1_ENGINE_CLASS_VIDEO_DECODE, base, &p);
	KUNIT_EXPECT_EQ(test, r[0x03], 0x00090008u);
}

static struct kunit_case dg1_lrc_test_cases[] = {
	KUNIT_CASE(dg1_lrc_test_descriptor),
	KUNIT_CASE(dg1_lrc_test_sizes),
	KUNIT_CASE(dg1_lrc_test_layout),
	{}
};

static struct kunit_suite dg1_lrc_test_suite = {
	.name = "dg1_lrc",
	.test_cases = dg1_lrc_test_cases,
};

kunit_test_suite(dg1_lrc_test_suite);
