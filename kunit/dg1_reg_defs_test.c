// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: typed registers and the masked-register helpers.
 */

#include <kunit/test.h>
#include <linux/sizes.h>

#include "gt/dg1_gt_mcr.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"
#include "regs/dg1_reg_defs.h"
#include "regs/dg1_sgunit_regs.h"

struct dg1_value_case {
	const char *name;
	u32 got;
	u32 expected;
};

/*
 * Built in a static table on purpose: the helpers must stay integer
 * constant expressions.
 */
static const struct dg1_value_case dg1_masked_cases[] = {
	{ "enable bit 0", _MASKED_BIT_ENABLE(REG_BIT(0)), 0x00010001 },
	{ "enable bit 15", _MASKED_BIT_ENABLE(REG_BIT(15)), 0x80008000 },
	{ "enable two bits", _MASKED_BIT_ENABLE(REG_BIT(3) | REG_BIT(8)),
	  0x01080108 },
	{ "disable bit 0", _MASKED_BIT_DISABLE(REG_BIT(0)), 0x00010000 },
	{ "disable fw reset bits", _MASKED_BIT_DISABLE(0xefff), 0xefff0000 },
	{ "disable all", _MASKED_BIT_DISABLE(0xffff), 0xffff0000 },
	{ "field 7:4 = 5", _MASKED_FIELD(REG_GENMASK(7, 4),
					 REG_FIELD_PREP(REG_GENMASK(7, 4), 5)),
	  0x00f00050 },
	{ "field 7:4 = 0", _MASKED_FIELD(REG_GENMASK(7, 4), 0), 0x00f00000 },
};

static void dg1_value_case_desc(const struct dg1_value_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_masked, dg1_masked_cases, dg1_value_case_desc);

static void dg1_masked_value(struct kunit *test)
{
	const struct dg1_value_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, c->got, c->expected);
}

static const struct dg1_value_case dg1_bit_cases[] = {
	{ "REG_BIT(0)", REG_BIT(0), 0x00000001 },
	{ "REG_BIT(31)", REG_BIT(31), 0x80000000 },
	{ "REG_GENMASK(31, 0)", REG_GENMASK(31, 0), 0xffffffff },
	{ "REG_GENMASK(19, 16)", REG_GENMASK(19, 16), 0x000f0000 },
	{ "REG_GENMASK(5, 5)", REG_GENMASK(5, 5), 0x00000020 },
	{ "REG_FIELD_PREP(19:16, 0xa)", REG_FIELD_PREP(REG_GENMASK(19, 16), 0xa),
	  0x000a0000 },
	{ "REG_FIELD_PREP(31:24, 0xff)", REG_FIELD_PREP(REG_GENMASK(31, 24), 0xff),
	  0xff000000 },
	{ "REG_FIELD_GET(19:16)", REG_FIELD_GET(REG_GENMASK(19, 16), 0x0002000a),
	  0x2 },
	{ "REG_FIELD_GET(7:0)", REG_FIELD_GET(REG_GENMASK(7, 0), 0x0002000a),
	  0xa },
};

KUNIT_ARRAY_PARAM(dg1_bits, dg1_bit_cases, dg1_value_case_desc);

static void dg1_bit_value(struct kunit *test)
{
	const struct dg1_value_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, c->got, c->expected);
}

struct dg1_masked_valid_case {
	const char *name;
	u32 val;
	bool valid;
};

/* The runtime check the write accessors make on masked registers. */
static const struct dg1_masked_valid_case dg1_masked_valid_cases[] = {
	{ "enable KERNEL", _MASKED_BIT_ENABLE(REG_BIT(0)), true },
	{ "disable KERNEL", _MASKED_BIT_DISABLE(REG_BIT(0)), true },
	{ "reset 0xefff", _MASKED_BIT_DISABLE(0xefff), true },
	{ "field", _MASKED_FIELD(REG_GENMASK(7, 4), 0x50), true },
	{ "enable with extra masks", 0xffff0001, true },
	{ "plain bit 0", 0x00000001, false },
	{ "plain 0x8000", 0x00008000, false },
	{ "zero: changes nothing", 0x00000000, false },
	{ "value outside its mask", 0x00010003, false },
	{ "value bit 15 without enable 31", 0x7fff8000, false },
};

static void dg1_masked_valid_desc(const struct dg1_masked_valid_case *c,
				  char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_masked_valid, dg1_masked_valid_cases,
		  dg1_masked_valid_desc);

static void dg1_masked_value_check(struct kunit *test)
{
	const struct dg1_masked_valid_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_masked_value_valid(c->val), c->valid);
}

static void dg1_field_prep_drops_excess(struct kunit *test)
{
	u32 val = 0x1ff;

	/* Bit 8 of the value does not fit the 8-bit field: dropped. */
	KUNIT_EXPECT_EQ(test, REG_FIELD_PREP(REG_GENMASK(11, 4), val), 0xff0u);
	KUNIT_EXPECT_EQ(test, REG_FIELD_GET(REG_GENMASK(11, 4), 0xffffffff),
			0xffu);
}

static void dg1_reg_plain(struct kunit *test)
{
	struct dg1_reg reg = DG1_REG(0x1234);

	KUNIT_EXPECT_EQ(test, (u32)reg.addr, 0x1234u);
	KUNIT_EXPECT_EQ(test, (u32)reg.masked, 0u);
	KUNIT_EXPECT_EQ(test, (u32)reg.mcr, 0u);
	KUNIT_EXPECT_EQ(test, reg.raw, 0x1234u);
}

static void dg1_reg_masked(struct kunit *test)
{
	struct dg1_reg reg = DG1_REG(0xa188, DG1_REG_OPTION_MASKED);

	KUNIT_EXPECT_EQ(test, (u32)reg.addr, 0xa188u);
	KUNIT_EXPECT_EQ(test, (u32)reg.masked, 1u);
	KUNIT_EXPECT_EQ(test, (u32)reg.mcr, 0u);
	KUNIT_EXPECT_NE(test, reg.raw, DG1_REG(0xa188).raw);
}

static void dg1_reg_mcr_type(struct kunit *test)
{
	struct dg1_reg_mcr mcr = DG1_REG_MCR(0xb100);
	struct dg1_reg_mcr mcr_masked = DG1_REG_MCR(0xe4f0, DG1_REG_OPTION_MASKED);

	/* The whole point: an MCR register is not a plain register. */
	BUILD_BUG_ON(__same_type(DG1_REG_MCR(0xb100), DG1_REG(0xb100)));
	BUILD_BUG_ON(sizeof(struct dg1_reg_mcr) != sizeof(u32));

	KUNIT_EXPECT_EQ(test, (u32)mcr.__reg.addr, 0xb100u);
	KUNIT_EXPECT_EQ(test, (u32)mcr.__reg.mcr, 1u);
	KUNIT_EXPECT_EQ(test, (u32)mcr.__reg.masked, 0u);
	KUNIT_EXPECT_EQ(test, (u32)mcr_masked.__reg.mcr, 1u);
	KUNIT_EXPECT_EQ(test, (u32)mcr_masked.__reg.masked, 1u);
}

static void dg1_reg_addr_width(struct kunit *test)
{
	/* 22 address bits cover the 4 MiB register window, and no more. */
	KUNIT_EXPECT_EQ(test, (u32)DG1_REG(0x3ffffc).addr, 0x3ffffcu);
	KUNIT_EXPECT_EQ(test, (u32)DG1_REG(0x130044).addr, 0x130044u);
	KUNIT_EXPECT_EQ(test, BIT(DG1_REG_ADDR_BITS), (unsigned long)SZ_4M);
}

struct dg1_reg_case {
	const char *name;
	struct dg1_reg reg;
	u32 addr;
	u32 masked;
};

static const struct dg1_reg_case dg1_gt_reg_cases[] = {
	{ "FORCEWAKE_GT", FORCEWAKE_GT, 0xa188, 1 },
	{ "FORCEWAKE_RENDER", FORCEWAKE_RENDER, 0xa278, 1 },
	{ "FORCEWAKE_MEDIA_VDBOX(0)", FORCEWAKE_MEDIA_VDBOX(0), 0xa540, 1 },
	{ "FORCEWAKE_MEDIA_VDBOX(2)", FORCEWAKE_MEDIA_VDBOX(2), 0xa548, 1 },
	{ "FORCEWAKE_MEDIA_VEBOX(0)", FORCEWAKE_MEDIA_VEBOX(0), 0xa560, 1 },
	{ "FORCEWAKE_ACK_GT", FORCEWAKE_ACK_GT, 0x130044, 0 },
	{ "FORCEWAKE_ACK_RENDER", FORCEWAKE_ACK_RENDER, 0x0d84, 0 },
	{ "FORCEWAKE_ACK_MEDIA_VDBOX(0)", FORCEWAKE_ACK_MEDIA_VDBOX(0), 0x0d50, 0 },
	{ "FORCEWAKE_ACK_MEDIA_VDBOX(2)", FORCEWAKE_ACK_MEDIA_VDBOX(2), 0x0d58, 0 },
	{ "FORCEWAKE_ACK_MEDIA_VEBOX(0)", FORCEWAKE_ACK_MEDIA_VEBOX(0), 0x0d70, 0 },
	{ "MIRROR_FUSE3", MIRROR_FUSE3, 0x9118, 0 },
	{ "EU_DISABLE", EU_DISABLE, 0x9134, 0 },
	{ "GT_SLICE_ENABLE", GT_SLICE_ENABLE, 0x9138, 0 },
	{ "GT_GEOMETRY_DSS_ENABLE", GT_GEOMETRY_DSS_ENABLE, 0x913c, 0 },
	{ "GT_VEBOX_VDBOX_DISABLE", GT_VEBOX_VDBOX_DISABLE, 0x9140, 0 },
	{ "GU_CNTL", GU_CNTL, 0x101010, 0 },
	{ "GSMBASE", GSMBASE, 0x108100, 0 },
	{ "GSMBASE_UDW", GSMBASE_UDW, 0x108104, 0 },
	{ "GGC", GGC, 0x108040, 0 },
	{ "MCR_SELECTOR", MCR_SELECTOR, 0xfdc, 0 },
	{ "RPM_CONFIG0", RPM_CONFIG0, 0xd00, 0 },
	{ "CTC_MODE", CTC_MODE, 0xa26c, 0 },
	{ "MISCCPCTL", MISCCPCTL, 0x9424, 0 },
	{ "UNSLICE_UNIT_LEVEL_CLKGATE2", UNSLICE_UNIT_LEVEL_CLKGATE2, 0x94e4, 0 },
	{ "RING_TIMESTAMP(RCS0)", RING_TIMESTAMP(DG1_RCS0_BASE), 0x2358, 0 },
	{ "RING_TIMESTAMP_UDW(RCS0)", RING_TIMESTAMP_UDW(DG1_RCS0_BASE), 0x235c, 0 },
	{ "RING_TIMESTAMP(BCS0)", RING_TIMESTAMP(DG1_BCS0_BASE), 0x22358, 0 },
	{ "RING_TIMESTAMP(VCS2)", RING_TIMESTAMP(DG1_VCS2_BASE), 0x1d0358, 0 },
	{ "VDBOX_CGCTL3F10(VCS0)", VDBOX_CGCTL3F10(DG1_VCS0_BASE), 0x1c3f10, 0 },
	{ "VDBOX_CGCTL3F10(VCS2)", VDBOX_CGCTL3F10(DG1_VCS2_BASE), 0x1d3f10, 0 },
};

static void dg1_reg_case_desc(const struct dg1_reg_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_gt_regs, dg1_gt_reg_cases, dg1_reg_case_desc);

static void dg1_gt_reg_definition(struct kunit *test)
{
	const struct dg1_reg_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, (u32)c->reg.addr, c->addr);
	KUNIT_EXPECT_EQ(test, (u32)c->reg.masked, c->masked);
	KUNIT_EXPECT_EQ(test, (u32)c->reg.mcr, 0u);
	/* Registers are 32-bit aligned (Vol 13, "PCIe MMIO Memory BARs"). */
	KUNIT_EXPECT_EQ(test, (u32)c->reg.addr & 3, 0u);
	/* A plain definition of a replicated register is a mistake. */
	KUNIT_EXPECT_LT(test, dg1_gt_mcr_steering_type(c->reg.addr), 0);
}

struct dg1_mcr_reg_case {
	const char *name;
	struct dg1_reg_mcr reg;
	u32 addr;
	enum dg1_steering_type type;
};

static const struct dg1_mcr_reg_case dg1_mcr_reg_cases[] = {
	{ "SUBSLICE_UNIT_LEVEL_CLKGATE2", SUBSLICE_UNIT_LEVEL_CLKGATE2, 0x9528,
	  DG1_STEERING_DSS },
	{ "DFR_RATIO_EN_AND_CHICKEN", DFR_RATIO_EN_AND_CHICKEN, 0x9550,
	  DG1_STEERING_DSS },
};

static void dg1_mcr_reg_case_desc(const struct dg1_mcr_reg_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_mcr_regs, dg1_mcr_reg_cases, dg1_mcr_reg_case_desc);

/* An MCR definition must sit in a replicated range, of the right group. */
static void dg1_mcr_reg_definition(struct kunit *test)
{
	const struct dg1_mcr_reg_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, (u32)c->reg.__reg.addr, c->addr);
	KUNIT_EXPECT_EQ(test, (u32)c->reg.__reg.mcr, 1u);
	KUNIT_EXPECT_EQ(test, dg1_gt_mcr_steering_type(c->addr), (int)c->type);
}

static void dg1_forcewake_bits(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, FORCEWAKE_KERNEL, 0x0001u);
	KUNIT_EXPECT_EQ(test, FORCEWAKE_USER, 0x0002u);
	KUNIT_EXPECT_EQ(test, FORCEWAKE_KERNEL_FALLBACK, 0x8000u);
	KUNIT_EXPECT_EQ(test, LMEM_INIT, 0x80u);
	KUNIT_EXPECT_EQ(test, DOP_CLOCK_GATE_RENDER_ENABLE, 0x2u);
	/* xe xe_query.c: 36-bit CS timestamps below graphics 20 */
	KUNIT_EXPECT_EQ(test, RING_TIMESTAMP_WIDTH, 36);
}

static struct kunit_case dg1_reg_defs_cases[] = {
	KUNIT_CASE_PARAM(dg1_masked_value, dg1_masked_gen_params),
	KUNIT_CASE_PARAM(dg1_bit_value, dg1_bits_gen_params),
	KUNIT_CASE(dg1_field_prep_drops_excess),
	KUNIT_CASE(dg1_reg_plain),
	KUNIT_CASE(dg1_reg_masked),
	KUNIT_CASE(dg1_reg_mcr_type),
	KUNIT_CASE(dg1_reg_addr_width),
	KUNIT_CASE_PARAM(dg1_masked_value_check, dg1_masked_valid_gen_params),
	KUNIT_CASE_PARAM(dg1_gt_reg_definition, dg1_gt_regs_gen_params),
	KUNIT_CASE_PARAM(dg1_mcr_reg_definition, dg1_mcr_regs_gen_params),
	KUNIT_CASE(dg1_forcewake_bits),
	{}
};

static struct kunit_suite dg1_reg_defs_suite = {
	.name = "dg1_reg_defs",
	.test_cases = dg1_reg_defs_cases,
};

kunit_test_suites(&dg1_reg_defs_suite);
