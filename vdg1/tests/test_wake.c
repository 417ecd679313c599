// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_wake.c - the power rule: the wake table, wake violations on reads
 * and writes in sleeping domains, shadowed registers, always-on registers.
 */
#include "vdg1_test.h"

#define AON	VDG1_WAKE_AON
#define NONE	VDG1_WAKE_NONE
#define BLANK	VDG1_WAKE_BLANK

static void wake_table_encodes_the_manual(void)
{
	static const struct { uint32_t offset; unsigned int want; } cases[] = {
		{ 0x000000, BLANK },		/* row 0x0000-0x0AFF */
		{ 0x000d00, AON },		/* row 0x0C00-0x0DFF: RPM_CONFIG0 */
		{ 0x000fdc, AON },		/* row 0x0E00-0x0FFF: steering */
		{ 0x002358, VDG1_FW_RENDER },	/* row 0x2000-0x26FF */
		{ 0x0027fc, VDG1_FW_GT },	/* row 0x2700-0x27FF */
		{ 0x004900, BLANK },		/* row 0x4900-0x4FFF */
		{ 0x008150, VDG1_FW_RENDER },	/* row 0x8150-0x815F */
		{ 0x008160, BLANK },		/* row 0x8160-0x817F */
		{ 0x009118, VDG1_FW_GT },	/* row 0x9000-0x93FF: fuses */
		{ 0x0094cc, BLANK },		/* row 0x9480-0x94CF */
		{ 0x0094e4, VDG1_FW_RENDER },	/* row 0x94D0-0x951F */
		{ 0x009560, AON },		/* row 0x9560-0x95FF */
		{ 0x00a188, VDG1_FW_GT },	/* row 0xA000-0xAFFF */
		{ 0x00a26c, VDG1_FW_GT },	/* row 0xA000-0xAFFF: CTC_MODE */
		{ 0x00b100, VDG1_FW_RENDER },	/* row 0xB100-0xB3FF */
		{ 0x00b480, BLANK },		/* row 0xB480-0xBFFF */
		{ 0x00f0ff, VDG1_FW_GT },	/* row 0xF000-0xF0FF, printed FOFF */
		{ 0x016dfc, BLANK },		/* row 0x15000-0x16DFF */
		{ 0x020000, VDG1_FW_VDBOX0 },	/* row 0x20000-0x20FFF */
		{ 0x021ffc, VDG1_FW_VDBOX2 },	/* row 0x21000-0x21FFF */
		{ 0x022358, VDG1_FW_GT },	/* row 0x22000-0x22FFF */
		{ 0x025a80, VDG1_FW_VDBOX2 },	/* row 0x25A80-0x25AFF */
		{ 0x03fffc, VDG1_FW_GT },	/* row 0x30000-0x3FFFF */
		{ 0x040000, NONE },		/* outside the manual's table */
		{ 0x101010, NONE },		/* GU_CNTL */
		{ 0x130044, NONE },		/* GT ack */
		{ 0x178000, NONE },		/* counters page */
		{ 0x1c0358, VDG1_FW_VDBOX0 },	/* row 0x1C0000-0x1C07FF */
		{ 0x1c2c00, BLANK },		/* row 0x1C2C00-0x1C2CFF */
		{ 0x1c3f10, VDG1_FW_VDBOX0 },	/* row 0x1C3F00-0x1C3FFF */
		{ 0x1c4030, BLANK },		/* row 0x1C4000-0x1C47FF: VCS1 absent */
		{ 0x1c8358, VDG1_FW_VEBOX0 },	/* row 0x1C8000-0x1C9FFF */
		{ 0x1cc000, VDG1_FW_VDBOX0 },	/* row 0x1CC000-0x1CCFFF */
		{ 0x1d0358, VDG1_FW_VDBOX2 },	/* row 0x1D0000-0x1D07FF */
		{ 0x1d3f10, VDG1_FW_VDBOX2 },	/* row 0x1D3F00-0x1D3FFF */
		{ 0x1d4030, BLANK },		/* row 0x1D4000-0x1D47FF */
		{ 0x23fffc, BLANK },		/* row 0x200000-0x23FFFF */
		{ 0x240000, NONE },
	};
	size_t i;

	EXPECT_TRUE(!vdg1_wake_check_table());
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (vdg1_wake_target(cases[i].offset) != cases[i].want)
			test_fail(__FILE__, __LINE__, "vdg1_wake_target",
				  cases[i].offset, cases[i].want);
}

/* Every register the model implements and the domain it needs (the brief). */
static const struct { uint32_t offset; unsigned int domain; } implemented[] = {
	{ 0x000d00, AON }, { 0x000d50, AON }, { 0x000d58, AON },
	{ 0x000d70, AON }, { 0x000d84, AON }, { 0x000fdc, AON },
	{ 0x002030, VDG1_FW_RENDER }, { 0x002358, VDG1_FW_RENDER },
	{ 0x00235c, VDG1_FW_RENDER }, { 0x002510, VDG1_FW_RENDER },
	{ 0x002550, VDG1_FW_RENDER },
	{ 0x009118, VDG1_FW_GT }, { 0x009134, VDG1_FW_GT },
	{ 0x009138, VDG1_FW_GT }, { 0x00913c, VDG1_FW_GT },
	{ 0x009140, VDG1_FW_GT }, { 0x009424, VDG1_FW_GT },
	{ 0x0094e4, VDG1_FW_RENDER },
	{ 0x009528, VDG1_FW_RENDER }, { 0x009550, VDG1_FW_RENDER },
	{ 0x00a188, VDG1_FW_GT }, { 0x00a26c, VDG1_FW_GT },
	{ 0x00a278, VDG1_FW_GT }, { 0x00a540, VDG1_FW_GT },
	{ 0x00a548, VDG1_FW_GT }, { 0x00a560, VDG1_FW_GT },
	{ 0x00b100, VDG1_FW_RENDER },
	{ 0x00ceb8, VDG1_FW_GT }, { 0x00cebc, VDG1_FW_GT },
	{ 0x00cec4, VDG1_FW_GT }, { 0x00ced8, VDG1_FW_GT },
	{ 0x00cedc, VDG1_FW_GT }, { 0x00cee0, VDG1_FW_GT },
	{ 0x00cee4, VDG1_FW_GT }, { 0x00ceec, VDG1_FW_GT },
	{ 0x022030, VDG1_FW_GT }, { 0x022358, VDG1_FW_GT },
	{ 0x02235c, VDG1_FW_GT }, { 0x022510, VDG1_FW_GT },
	{ 0x022550, VDG1_FW_GT },
	{ 0x101008, NONE }, { 0x101010, NONE }, { 0x108040, NONE },
	{ 0x1080c0, NONE }, { 0x1080c4, NONE }, { 0x1082c0, NONE }, { 0x1082c4, NONE },
	{ 0x108100, NONE }, { 0x108104, NONE }, { 0x130044, NONE },
	{ 0x0444e0, NONE }, { 0x138124, NONE }, { 0x138128, NONE }, { 0x13812c, NONE }, { 0x190008, NONE }, { 0x190010, NONE },
	{ 0x190018, NONE }, { 0x190030, NONE }, { 0x190060, NONE },
	{ 0x190070, NONE }, { 0x190090, NONE },
	{ 0x1c0030, VDG1_FW_VDBOX0 }, { 0x1c0358, VDG1_FW_VDBOX0 },
	{ 0x1c035c, VDG1_FW_VDBOX0 }, { 0x1c0510, VDG1_FW_VDBOX0 },
	{ 0x1c0550, VDG1_FW_VDBOX0 }, { 0x1c3f10, VDG1_FW_VDBOX0 },
	{ 0x1c8030, VDG1_FW_VEBOX0 }, { 0x1c8358, VDG1_FW_VEBOX0 },
	{ 0x1c835c, VDG1_FW_VEBOX0 }, { 0x1c8510, VDG1_FW_VEBOX0 },
	{ 0x1c8550, VDG1_FW_VEBOX0 },
	{ 0x1d0030, VDG1_FW_VDBOX2 }, { 0x1d0358, VDG1_FW_VDBOX2 },
	{ 0x1d035c, VDG1_FW_VDBOX2 }, { 0x1d0510, VDG1_FW_VDBOX2 },
	{ 0x1d0550, VDG1_FW_VDBOX2 }, { 0x1d3f10, VDG1_FW_VDBOX2 },
	/* Execlists: the first register of each table entry. */
	{ 0x002034, VDG1_FW_RENDER }, { 0x002080, VDG1_FW_RENDER }, { 0x002098, VDG1_FW_RENDER },
	{ 0x00209c, VDG1_FW_RENDER }, { 0x0020b0, VDG1_FW_RENDER }, { 0x0020d0, VDG1_FW_RENDER },
	{ 0x002110, VDG1_FW_RENDER }, { 0x002180, VDG1_FW_RENDER }, { 0x002234, VDG1_FW_RENDER },
	{ 0x002244, VDG1_FW_RENDER }, { 0x00229c, VDG1_FW_RENDER }, { 0x002370, VDG1_FW_RENDER },
	{ 0x0023a0, VDG1_FW_RENDER }, { 0x0023a8, VDG1_FW_RENDER }, { 0x0023c0, VDG1_FW_RENDER },
	{ 0x022034, VDG1_FW_GT }, { 0x022080, VDG1_FW_GT }, { 0x022098, VDG1_FW_GT },
	{ 0x02209c, VDG1_FW_GT }, { 0x0220b0, VDG1_FW_GT }, { 0x0220d0, VDG1_FW_GT },
	{ 0x022110, VDG1_FW_GT }, { 0x022180, VDG1_FW_GT }, { 0x022234, VDG1_FW_GT },
	{ 0x022244, VDG1_FW_GT }, { 0x02229c, VDG1_FW_GT }, { 0x022370, VDG1_FW_GT },
	{ 0x0223a0, VDG1_FW_GT }, { 0x0223a8, VDG1_FW_GT }, { 0x0223c0, VDG1_FW_GT },
	{ 0x1c0034, VDG1_FW_VDBOX0 }, { 0x1c0080, VDG1_FW_VDBOX0 }, { 0x1c0098, VDG1_FW_VDBOX0 },
	{ 0x1c009c, VDG1_FW_VDBOX0 }, { 0x1c00b0, VDG1_FW_VDBOX0 }, { 0x1c00d0, VDG1_FW_VDBOX0 },
	{ 0x1c0110, VDG1_FW_VDBOX0 }, { 0x1c0180, VDG1_FW_VDBOX0 }, { 0x1c0234, VDG1_FW_VDBOX0 },
	{ 0x1c0244, VDG1_FW_VDBOX0 }, { 0x1c029c, VDG1_FW_VDBOX0 }, { 0x1c0370, VDG1_FW_VDBOX0 },
	{ 0x1c03a0, VDG1_FW_VDBOX0 }, { 0x1c03a8, VDG1_FW_VDBOX0 }, { 0x1c03c0, VDG1_FW_VDBOX0 },
	{ 0x1c8034, VDG1_FW_VEBOX0 }, { 0x1c8080, VDG1_FW_VEBOX0 }, { 0x1c8098, VDG1_FW_VEBOX0 },
	{ 0x1c809c, VDG1_FW_VEBOX0 }, { 0x1c80b0, VDG1_FW_VEBOX0 }, { 0x1c80d0, VDG1_FW_VEBOX0 },
	{ 0x1c8110, VDG1_FW_VEBOX0 }, { 0x1c8180, VDG1_FW_VEBOX0 }, { 0x1c8234, VDG1_FW_VEBOX0 },
	{ 0x1c8244, VDG1_FW_VEBOX0 }, { 0x1c829c, VDG1_FW_VEBOX0 }, { 0x1c8370, VDG1_FW_VEBOX0 },
	{ 0x1c83a0, VDG1_FW_VEBOX0 }, { 0x1c83a8, VDG1_FW_VEBOX0 }, { 0x1c83c0, VDG1_FW_VEBOX0 },
	{ 0x1d0034, VDG1_FW_VDBOX2 }, { 0x1d0080, VDG1_FW_VDBOX2 }, { 0x1d0098, VDG1_FW_VDBOX2 },
	{ 0x1d009c, VDG1_FW_VDBOX2 }, { 0x1d00b0, VDG1_FW_VDBOX2 }, { 0x1d00d0, VDG1_FW_VDBOX2 },
	{ 0x1d0110, VDG1_FW_VDBOX2 }, { 0x1d0180, VDG1_FW_VDBOX2 }, { 0x1d0234, VDG1_FW_VDBOX2 },
	{ 0x1d0244, VDG1_FW_VDBOX2 }, { 0x1d029c, VDG1_FW_VDBOX2 }, { 0x1d0370, VDG1_FW_VDBOX2 },
	{ 0x1d03a0, VDG1_FW_VDBOX2 }, { 0x1d03a8, VDG1_FW_VDBOX2 }, { 0x1d03c0, VDG1_FW_VDBOX2 },
	{ 0x00941c, VDG1_FW_GT }, { 0x00c000, VDG1_FW_GT }, { 0x004800, VDG1_FW_GT },
	/* Per engine: RING_MAX_IDLE, RING_CMD_CCTL, FORCE_TO_NONPRIV. */
	{ 0x002054, VDG1_FW_RENDER }, { 0x0020c4, VDG1_FW_RENDER }, { 0x0024d0, VDG1_FW_RENDER },
	{ 0x022054, VDG1_FW_GT }, { 0x0220c4, VDG1_FW_GT }, { 0x0224d0, VDG1_FW_GT },
	{ 0x1c0054, VDG1_FW_VDBOX0 }, { 0x1c00c4, VDG1_FW_VDBOX0 }, { 0x1c04d0, VDG1_FW_VDBOX0 },
	{ 0x1c8054, VDG1_FW_VEBOX0 }, { 0x1c80c4, VDG1_FW_VEBOX0 }, { 0x1c84d0, VDG1_FW_VEBOX0 },
	{ 0x1d0054, VDG1_FW_VDBOX2 }, { 0x1d00c4, VDG1_FW_VDBOX2 }, { 0x1d04d0, VDG1_FW_VDBOX2 },
	{ 0x002024, VDG1_FW_RENDER }, { 0x002064, VDG1_FW_RENDER }, { 0x0020a0, VDG1_FW_RENDER },
	{ 0x0020e0, VDG1_FW_RENDER }, { 0x0020ec, VDG1_FW_RENDER }, { 0x00e18c, VDG1_FW_RENDER },
	{ 0x00e4f4, VDG1_FW_RENDER }, { 0x022204, VDG1_FW_GT },
	/* Render context workaround registers. */
	{ 0x002580, VDG1_FW_RENDER }, { 0x006604, VDG1_FW_RENDER }, { 0x007010, VDG1_FW_RENDER },
	{ 0x007018, VDG1_FW_RENDER }, { 0x007304, VDG1_FW_RENDER },
	{ 0x002084, VDG1_FW_RENDER }, { 0x0020d8, VDG1_FW_RENDER },
	/* i915's probe path: storage and read-only zeros (vdg1_regs.c, vdg1_pm.c). */
	{ 0x008000, VDG1_FW_GT }, { 0x00800c, VDG1_FW_GT }, { 0x0080c0, VDG1_FW_GT },
	{ 0x00c050, VDG1_FW_GT }, { 0x00c340, VDG1_FW_GT }, { 0x00c3e4, VDG1_FW_GT },
	{ 0x00b004, VDG1_FW_RENDER }, { 0x00b020, VDG1_FW_RENDER },
	{ 0x00a008, VDG1_FW_GT }, { 0x00a00c, VDG1_FW_GT }, { 0x00a024, VDG1_FW_GT },
	{ 0x00a02c, VDG1_FW_GT }, { 0x00a068, VDG1_FW_GT },
	{ 0x00a090, VDG1_FW_GT }, { 0x00a094, VDG1_FW_GT }, { 0x00a09c, VDG1_FW_GT }, { 0x00a0a8, VDG1_FW_GT },
	{ 0x00a0b8, VDG1_FW_GT }, { 0x00a0c4, VDG1_FW_GT }, { 0x00a168, VDG1_FW_GT },
	{ 0x00a210, VDG1_FW_GT },
	{ 0x10100c, NONE }, { 0x120010, NONE }, { 0x138060, NONE }, { 0x138108, NONE }, { 0x138140, NONE },
	{ 0x1381b4, NONE }, { 0x145930, NONE }, { 0x145934, NONE }, { 0x145938, NONE },
	{ 0x14593c, NONE }, { 0x145998, NONE }, { 0x1459a0, NONE }, { 0x145ef0, NONE },
	/* The CS status registers (vdg1_cs_regs.c). */
	{ 0x00205c, VDG1_FW_RENDER }, { 0x002060, VDG1_FW_RENDER }, { 0x002064, VDG1_FW_RENDER }, { 0x002068, VDG1_FW_RENDER },
	{ 0x002074, VDG1_FW_RENDER }, { 0x002078, VDG1_FW_RENDER }, { 0x002140, VDG1_FW_RENDER }, { 0x002168, VDG1_FW_RENDER },
	{ 0x02205c, VDG1_FW_GT }, { 0x022060, VDG1_FW_GT }, { 0x022064, VDG1_FW_GT }, { 0x022068, VDG1_FW_GT },
	{ 0x022074, VDG1_FW_GT }, { 0x022078, VDG1_FW_GT }, { 0x022140, VDG1_FW_GT }, { 0x022168, VDG1_FW_GT },
	{ 0x1c005c, VDG1_FW_VDBOX0 }, { 0x1c0060, VDG1_FW_VDBOX0 }, { 0x1c0064, VDG1_FW_VDBOX0 }, { 0x1c0068, VDG1_FW_VDBOX0 },
	{ 0x1c0074, VDG1_FW_VDBOX0 }, { 0x1c0078, VDG1_FW_VDBOX0 }, { 0x1c0140, VDG1_FW_VDBOX0 }, { 0x1c0168, VDG1_FW_VDBOX0 },
	{ 0x1c805c, VDG1_FW_VEBOX0 }, { 0x1c8060, VDG1_FW_VEBOX0 }, { 0x1c8064, VDG1_FW_VEBOX0 }, { 0x1c8068, VDG1_FW_VEBOX0 },
	{ 0x1c8074, VDG1_FW_VEBOX0 }, { 0x1c8078, VDG1_FW_VEBOX0 }, { 0x1c8140, VDG1_FW_VEBOX0 }, { 0x1c8168, VDG1_FW_VEBOX0 },
	{ 0x1d005c, VDG1_FW_VDBOX2 }, { 0x1d0060, VDG1_FW_VDBOX2 }, { 0x1d0064, VDG1_FW_VDBOX2 }, { 0x1d0068, VDG1_FW_VDBOX2 },
	{ 0x1d0074, VDG1_FW_VDBOX2 }, { 0x1d0078, VDG1_FW_VDBOX2 }, { 0x1d0140, VDG1_FW_VDBOX2 }, { 0x1d0168, VDG1_FW_VDBOX2 },
	/* The OA unit (vdg1_oa.c): NOA, OAR, OAG, boolean, flex. */
	{ 0x000d04, AON }, { 0x000d0c, AON }, { 0x0020cc, VDG1_FW_RENDER },
	{ 0x002360, VDG1_FW_RENDER }, { 0x002364, VDG1_FW_RENDER },
	{ 0x002960, VDG1_FW_RENDER }, { 0x002968, VDG1_FW_RENDER },
	{ 0x002aa0, VDG1_FW_RENDER }, { 0x002b28, VDG1_FW_GT }, { 0x002b2c, VDG1_FW_GT },
	{ 0x008718, VDG1_FW_GT }, { 0x009840, VDG1_FW_GT }, { 0x009884, VDG1_FW_GT },
	{ 0x009888, VDG1_FW_GT }, { 0x00d900, VDG1_FW_GT }, { 0x00daf4, VDG1_FW_GT },
	{ 0x00daf8, VDG1_FW_GT }, { 0x00dafc, VDG1_FW_GT }, { 0x00db00, VDG1_FW_GT },
	{ 0x00db04, VDG1_FW_GT }, { 0x00db08, VDG1_FW_GT }, { 0x00db14, VDG1_FW_GT }, { 0x00dc00, VDG1_FW_RENDER },
	{ 0x00e458, VDG1_FW_RENDER }, { 0x00e45c, VDG1_FW_RENDER }, { 0x00e558, VDG1_FW_RENDER },
	{ 0x00e55c, VDG1_FW_RENDER }, { 0x00e658, VDG1_FW_RENDER }, { 0x00e65c, VDG1_FW_RENDER },
	{ 0x00e758, VDG1_FW_RENDER },
};

#define NIMPL	(sizeof(implemented) / sizeof(implemented[0]))

static void wake_implemented_registers_and_their_domains(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;
	int d;

	for (i = 0; i < NIMPL; i++) {
		EXPECT_TRUE(vdg1_regs_lookup(core, implemented[i].offset));
		if (vdg1_wake_target(implemented[i].offset) !=
		    implemented[i].domain)
			test_fail(__FILE__, __LINE__, "domain of",
				  implemented[i].offset, implemented[i].domain);
	}
	/* And the model implements nothing this list does not name. */
	for (i = 0; i < core->nregs; i++) {
		size_t j;

		for (j = 0; j < NIMPL; j++)
			if (implemented[j].offset == core->regs[i].offset)
				break;
		if (j == NIMPL)
			test_fail(__FILE__, __LINE__, "unlisted register",
				  core->regs[i].offset, 0);
	}
	/* With everything awake, none of them is unclaimed or a violation. */
	for (d = 0; d < VDG1_FW_COUNT; d++)
		fake_wake(&h, core, d);
	for (i = 0; i < NIMPL; i++)
		rd(core, implemented[i].offset);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(CNT(core, mmio_reads), NIMPL);
	vdg1_core_destroy(core);
}

static void wake_read_while_asleep_is_a_violation(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(rd(core, GEN11_GT_VEBOX_VDBOX_DISABLE), 0);
	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	EXPECT_EQ(CNT(core, last_wake_violation), 0x913c);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 2);
	/* Requested but not yet acknowledged is still asleep. */
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0);
	EXPECT_EQ(CNT(core, wake_violations), 3);
	fake_advance(&h, core, 10000);
	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0x3f);
	EXPECT_EQ(CNT(core, wake_violations), 3);
	/* Released and the ack dropped: terminated again. */
	fake_release(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN11_EU_DISABLE), 0);
	EXPECT_EQ(CNT(core, wake_violations), 4);
	EXPECT_EQ(CNT(core, last_wake_violation), 0x9134);
	vdg1_core_destroy(core);
}

static void wake_write_while_asleep_is_dropped(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, UNSLICE_UNIT_LEVEL_CLKGATE2, 0x80020);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	EXPECT_EQ(CNT(core, last_wake_violation), 0x94e4);
	/* GT awake does not power RENDER. */
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, UNSLICE_UNIT_LEVEL_CLKGATE2, 0x80020);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	fake_wake(&h, core, VDG1_FW_RENDER);
	EXPECT_EQ(rd(core, UNSLICE_UNIT_LEVEL_CLKGATE2), 0);
	wr(core, UNSLICE_UNIT_LEVEL_CLKGATE2, 0x80020);
	EXPECT_EQ(rd(core, UNSLICE_UNIT_LEVEL_CLKGATE2), 0x80020);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	EXPECT_EQ(CNT(core, mmio_writes), 5);
	vdg1_core_destroy(core);
}

static void wake_shadowed_write_allowed_read_counted(void)
{
	static const uint32_t shadowed[] = {
		RING_TAIL(RENDER_RING_BASE),
		RING_EXECLIST_SQ_CONTENTS(RENDER_RING_BASE) + 0x3c,
		RING_EXECLIST_CONTROL(RENDER_RING_BASE),
		RING_TAIL(BLT_RING_BASE),
		RING_EXECLIST_CONTROL(GEN11_BSD_RING_BASE),
		RING_TAIL(GEN11_VEBOX_RING_BASE),
		RING_EXECLIST_SQ_CONTENTS(GEN11_BSD3_RING_BASE),
	};
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;
	int d;

	for (i = 0; i < sizeof(shadowed) / sizeof(shadowed[0]); i++) {
		EXPECT_TRUE(vdg1_wake_shadowed(shadowed[i]));
		wr(core, shadowed[i], 0x100 + i);
	}
	EXPECT_EQ(CNT(core, wake_violations), 0);
	/* Reads of shadowed registers still need the domain (i915 intel_uncore.c). */
	EXPECT_EQ(rd(core, RING_TAIL(RENDER_RING_BASE)), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	EXPECT_EQ(CNT(core, last_wake_violation), 0x2030);
	/* The distinct offsets, in order. */
	EXPECT_EQ(rd(core, RING_TAIL(BLT_RING_BASE)), 0);
	EXPECT_EQ(rd(core, RING_TAIL(RENDER_RING_BASE)), 0);
	EXPECT_EQ(counters(core).wake_violation_offsets[0], 0x2030);
	EXPECT_EQ(counters(core).wake_violation_offsets[1], 0x22030);
	EXPECT_EQ(counters(core).wake_violation_offsets[2], 0);
	EXPECT_EQ(CNT(core, wake_violations), 3);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		fake_wake(&h, core, d);
	/*
	 * Storage reads back; EXECLIST_CONTROL is a command and reads 0 (the
	 * values written had no LOAD bit: nothing happened).
	 */
	for (i = 0; i < sizeof(shadowed) / sizeof(shadowed[0]); i++)
		EXPECT_EQ(rd(core, shadowed[i]),
			  (shadowed[i] & 0xfff) == 0x550 ? 0 : 0x100 + i);
	EXPECT_EQ(CNT(core, protocol_violations), 0);
	EXPECT_EQ(CNT(core, wake_violations), 3);
	/*
	 * The forcewake request registers read while everything sleeps (i915
	 * intel_uncore.c checks MMIO with a read of FORCEWAKE_MT first).
	 */
	for (d = 0; d < VDG1_FW_COUNT; d++)
		fake_release(&h, core, d);
	EXPECT_EQ(rd(core, 0xa188), 0);
	EXPECT_EQ(rd(core, 0xa278), 0);
	EXPECT_EQ(rd(core, 0xa540), 0);
	EXPECT_EQ(CNT(core, wake_violations), 3);
	/* Not every register of the ring block is shadowed. */
	EXPECT_TRUE(!vdg1_wake_shadowed(RING_TIMESTAMP(RENDER_RING_BASE)));
	EXPECT_TRUE(!vdg1_wake_shadowed(0x2034));
	EXPECT_TRUE(!vdg1_wake_shadowed(0x1c4030));	/* VCS1 absent */
	vdg1_core_destroy(core);
}

static void wake_always_on_registers_need_nothing(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(rd(core, RPM_CONFIG0), 0x14);
	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), GEN11_MCR_MULTICAST);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	EXPECT_EQ(rd(core, GU_CNTL), GU_CNTL_LMEM_INIT);
	EXPECT_TRUE(rd(core, GEN12_GSMBASE_LO) != 0);
	wr(core, GFX_FLSH_CNTL_GEN6, 1);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	vdg1_core_destroy(core);
}

static void wake_unclaimed_is_not_a_violation(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* RCS INSTDONE: RENDER range, asleep, but not implemented. */
	rd(core, 0x206c);
	wr(core, 0x206c, 1);
	EXPECT_EQ(CNT(core, unclaimed_reads), 1);
	EXPECT_EQ(CNT(core, unclaimed_writes), 1);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

static void wake_narrow_and_wide_accesses(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* Each dword of a 64-bit load is one access, each one checked. */
	EXPECT_EQ(vdg1_core_mmio_read(core, RING_TIMESTAMP(BLT_RING_BASE), 8), 0);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	EXPECT_EQ(CNT(core, last_wake_violation), 0x2235c);
	/* A byte write to a shadowed register merges with what is stored. */
	vdg1_core_mmio_write(core, RING_TAIL(BLT_RING_BASE), 0x12345678, 4);
	vdg1_core_mmio_write(core, RING_TAIL(BLT_RING_BASE) + 1, 0xab, 1);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, RING_TAIL(BLT_RING_BASE)), 0x1234ab78);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_wake[] = {
	TEST(wake_table_encodes_the_manual),
	TEST(wake_implemented_registers_and_their_domains),
	TEST(wake_read_while_asleep_is_a_violation),
	TEST(wake_write_while_asleep_is_dropped),
	TEST(wake_shadowed_write_allowed_read_counted),
	TEST(wake_always_on_registers_need_nothing),
	TEST(wake_unclaimed_is_not_a_violation),
	TEST(wake_narrow_and_wide_accesses),
	TEST_END
};
