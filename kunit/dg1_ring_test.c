// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the dwords of a request, written out from the command layouts
 * (MI_ARB_ON_OFF 0x08, MI_BATCH_BUFFER_START 0x31 with the PPGTT bit 8,
 * MI_FLUSH_DW 0x26 post-sync op 14, PIPE_CONTROL, MI_USER_INTERRUPT 0x02,
 * MI_ARB_CHECK 0x05); included at the bottom of submit/dg1_ring.c. The
 * start-of-request invalidations are i915's dwords on a DG1 (0x13244002 on
 * BCS and VECS, 0x13244082 on VCS with BSD, PIPE_CONTROL 0x20344c1c on
 * RCS), less the CCS and aux-table bits dg1 has no use for.
 */

#include <kunit/test.h>

static void dg1_ring_test_xcs(struct kunit *test)
{
	static const u32 want[] = {
		0x13244002, 0xd0, 0, 0,
		0x04000001, 0x18800101, 0x56789000, 0x00001234, 0x04000000,
		0x13000002, 0, 0, 0,
		0x13004002, 0x00abc104, 0, 7,
		0x01000000, 0x04000001, 0, 0x02800000, 0,
	};
	u32 cs[DG1_RING_REQUEST_DWORDS + 2];
	unsigned int n, i;

	memset(cs, 0xa5, sizeof(cs));
	n = dg1_ring_emit_request(cs, DG1_ENGINE_CLASS_COPY,
				  0x0000123456789000ull, 0xabc100, 7);
	KUNIT_ASSERT_EQ(test, n, ARRAY_SIZE(want));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, cs[i], want[i], "dword %u", i);
	/* nothing written past the end */
	KUNIT_EXPECT_EQ(test, cs[n], 0xa5a5a5a5u);
}

static void dg1_ring_test_rcs(struct kunit *test)
{
	static const u32 want[] = {
		0x7a000004, 0x20344c1c, 0xd0, 0, 0, 0,
		0x04000001, 0x18800101, 0x00010000, 0, 0x04000000,
		0x7a000204, 0x191070a1, 0x00fff040, 0, 0xffffffff, 0,
		0x01000000, 0x04000001, 0, 0x02800000, 0,
	};
	u32 cs[DG1_RING_REQUEST_DWORDS];
	unsigned int n, i;

	n = dg1_ring_emit_request(cs, DG1_ENGINE_CLASS_RENDER, 0x10000,
				  0xfff040, 0xffffffff);
	KUNIT_ASSERT_EQ(test, n, ARRAY_SIZE(want));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, cs[i], want[i], "dword %u", i);
}

static void dg1_ring_test_even(struct kunit *test)
{
	u32 cs[DG1_RING_REQUEST_DWORDS];
	enum dg1_engine_class c;

	for (c = DG1_ENGINE_CLASS_RENDER; c <= DG1_ENGINE_CLASS_COPY; c++) {
		unsigned int n = dg1_ring_emit_request(cs, c, 0, 0, 0);

		KUNIT_EXPECT_EQ(test, n % 2, 0u);
		KUNIT_EXPECT_LE(test, n, DG1_RING_REQUEST_DWORDS);
		/* the invalidation first, the tail pad last */
		KUNIT_EXPECT_EQ(test, cs[0] == 0x7a000004 ? cs[1] & BIT(18) :
				cs[0] & BIT(18), BIT(18));
		KUNIT_EXPECT_EQ(test, cs[n - 2], 0x02800000u);
		KUNIT_EXPECT_EQ(test, cs[n - 1], 0u);
	}
}

/*
 * OAR on and off from the context: MI_LOAD_REGISTER_IMM (0x22) of three
 * pairs; OACTXCONTROL 0x2360 counter resume, OAR_OACONTROL 0x2960 format
 * 5 in bits 3:1 and enable, CONTEXT_CONTROL (RCS 0x2244) masked bit 8
 * (HARDWARE.md 10.12).
 */
static void dg1_ring_test_oar(struct kunit *test)
{
	static const u32 on[] = {
		0x11000005, 0x2360, 0x1, 0x2960, 0xb, 0x2244, 0x01000100, 0,
	};
	static const u32 off[] = {
		0x11000005, 0x2360, 0, 0x2960, 0, 0x2244, 0x01000000, 0,
	};
	u32 cs[DG1_RING_OAR_DWORDS + 1];
	unsigned int n, i;

	memset(cs, 0xa5, sizeof(cs));
	n = dg1_ring_emit_oar(cs, 0x2000, true);
	KUNIT_ASSERT_EQ(test, n, ARRAY_SIZE(on));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, cs[i], on[i], "on: dword %u", i);
	KUNIT_EXPECT_EQ(test, cs[n], 0xa5a5a5a5u);
	n = dg1_ring_emit_oar(cs, 0x2000, false);
	KUNIT_ASSERT_EQ(test, n, ARRAY_SIZE(off));
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, cs[i], off[i], "off: dword %u", i);
}

static struct kunit_case dg1_ring_test_cases[] = {
	KUNIT_CASE(dg1_ring_test_oar),
	KUNIT_CASE(dg1_ring_test_xcs),
	KUNIT_CASE(dg1_ring_test_rcs),
	KUNIT_CASE(dg1_ring_test_even),
	{}
};

static struct kunit_suite dg1_ring_test_suite = {
	.name = "dg1_ring",
	.test_cases = dg1_ring_test_cases,
};

kunit_test_suite(dg1_ring_test_suite);
