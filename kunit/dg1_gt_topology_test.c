// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: fuse values to topology masks, engine mask and wake domains.
 */

#include <kunit/test.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_topology.h"
#include "mmio/dg1_forcewake_types.h"

#define E(name)	BIT(DG1_HW_ENGINE_##name)

struct dg1_media_fuse_case {
	const char *name;
	u32 vdbox_vebox_disable;	/* 0x9140 */
	u32 vdbox_mask;		/* every fuse bit, not only VCS0-3 */
	u32 vebox_mask;
	u32 engines;
	u32 fw_domains;
};

#define DG1_ALL_ENGINES	(E(RCS0) | E(BCS0) | E(VCS0) | E(VCS2) | E(VECS0))

static const struct dg1_media_fuse_case dg1_media_fuse_cases[] = {
	{
		/* What vdg1 (and a real DG1) reports. */
		.name = "dg1 0x0002000a",
		.vdbox_vebox_disable = 0x0002000a,
		.vdbox_mask = 0xf5,
		.vebox_mask = 0xd,
		.engines = DG1_ALL_ENGINES,
		.fw_domains = DG1_FW_ALL,
	},
	{
		/* Boxes DG1 does not have stay absent whatever the fuses say. */
		.name = "nothing fused off",
		.vdbox_vebox_disable = 0,
		.vdbox_mask = 0xff,
		.vebox_mask = 0xf,
		.engines = DG1_ALL_ENGINES,
		.fw_domains = DG1_FW_ALL,
	},
	{
		.name = "all media fused off",
		.vdbox_vebox_disable = 0x000f00ff,
		.vdbox_mask = 0,
		.vebox_mask = 0,
		.engines = E(RCS0) | E(BCS0),
		.fw_domains = DG1_FW_GT | DG1_FW_RENDER,
	},
	{
		.name = "all vdbox fused off",
		.vdbox_vebox_disable = 0x000000ff,
		.vdbox_mask = 0,
		.vebox_mask = 0xf,
		.engines = E(RCS0) | E(BCS0) | E(VECS0),
		.fw_domains = DG1_FW_GT | DG1_FW_RENDER | DG1_FW_VEBOX0,
	},
	{
		.name = "all vebox fused off",
		.vdbox_vebox_disable = 0x000f0000,
		.vdbox_mask = 0xff,
		.vebox_mask = 0,
		.engines = E(RCS0) | E(BCS0) | E(VCS0) | E(VCS2),
		.fw_domains = DG1_FW_GT | DG1_FW_RENDER | DG1_FW_VDBOX0 |
			      DG1_FW_VDBOX2,
	},
	{
		.name = "vcs0 fused off",
		.vdbox_vebox_disable = 0x0002000b,
		.vdbox_mask = 0xf4,
		.vebox_mask = 0xd,
		.engines = E(RCS0) | E(BCS0) | E(VCS2) | E(VECS0),
		.fw_domains = DG1_FW_GT | DG1_FW_RENDER | DG1_FW_VDBOX2 |
			      DG1_FW_VEBOX0,
	},
	{
		.name = "vcs2 fused off",
		.vdbox_vebox_disable = 0x0002000e,
		.vdbox_mask = 0xf1,
		.vebox_mask = 0xd,
		.engines = E(RCS0) | E(BCS0) | E(VCS0) | E(VECS0),
		.fw_domains = DG1_FW_GT | DG1_FW_RENDER | DG1_FW_VDBOX0 |
			      DG1_FW_VEBOX0,
	},
	{
		/* Bits outside 7:0 and 19:16 are not disable fuses. */
		.name = "reserved bits ignored",
		.vdbox_vebox_disable = 0xfff0ff00,
		.vdbox_mask = 0xff,
		.vebox_mask = 0xf,
		.engines = DG1_ALL_ENGINES,
		.fw_domains = DG1_FW_ALL,
	},
};

static void dg1_media_fuse_desc(const struct dg1_media_fuse_case *c,
				char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_media_fuse, dg1_media_fuse_cases, dg1_media_fuse_desc);

static void dg1_decode_media(const struct dg1_media_fuse_case *c,
			     struct dg1_gt_topology *topo)
{
	struct dg1_gt_fuses fuses = {
		.l3_disable = 0,
		.dss_enable = 0x3f,
		.vdbox_vebox_disable = c->vdbox_vebox_disable,
	};

	dg1_gt_topology_decode(&fuses, topo);
}

static void dg1_media_fuse_boxes(struct kunit *test)
{
	const struct dg1_media_fuse_case *c = test->param_value;
	struct dg1_gt_topology topo;

	dg1_decode_media(c, &topo);
	KUNIT_EXPECT_EQ(test, topo.vdbox_mask, c->vdbox_mask);
	KUNIT_EXPECT_EQ(test, topo.vebox_mask, c->vebox_mask);
}

static void dg1_media_fuse_engine_mask(struct kunit *test)
{
	const struct dg1_media_fuse_case *c = test->param_value;
	struct dg1_gt_topology topo;

	dg1_decode_media(c, &topo);
	KUNIT_EXPECT_EQ(test, dg1_engine_info_mask(&topo), c->engines);
}

static void dg1_media_fuse_fw_domains(struct kunit *test)
{
	const struct dg1_media_fuse_case *c = test->param_value;
	struct dg1_gt_topology topo;

	dg1_decode_media(c, &topo);
	KUNIT_EXPECT_EQ(test, dg1_engine_info_fw_domains(dg1_engine_info_mask(&topo)),
			c->fw_domains);
}

struct dg1_l3_fuse_case {
	u32 mirror_fuse3;	/* 0x9118 */
	u32 bank_pairs;
	u32 banks;		/* pair n = banks 2n and 2n + 1 */
};

static const struct dg1_l3_fuse_case dg1_l3_fuse_cases[] = {
	{ 0x00000000, 0xf, 0xff },
	{ 0x00000011, 0xe, 0xfc },	/* pair 0 off, replicated in 7:4 */
	{ 0x000000aa, 0x5, 0x33 },
	{ 0x000000ff, 0x0, 0x00 },
	{ 0xffffff00, 0xf, 0xff },	/* only 3:0 counts */
	{ 0x00000008, 0x7, 0x3f },
	{ 0x00000077, 0x8, 0xc0 },	/* pairs 0-2 off */
};

static void dg1_l3_fuse_desc(const struct dg1_l3_fuse_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "0x9118 = 0x%08x", c->mirror_fuse3);
}

KUNIT_ARRAY_PARAM(dg1_l3_fuse, dg1_l3_fuse_cases, dg1_l3_fuse_desc);

static void dg1_l3_fuse_bank_pairs(struct kunit *test)
{
	const struct dg1_l3_fuse_case *c = test->param_value;
	struct dg1_gt_fuses fuses = { .l3_disable = c->mirror_fuse3 };
	struct dg1_gt_topology topo;

	dg1_gt_topology_decode(&fuses, &topo);
	KUNIT_EXPECT_EQ(test, topo.l3_bank_pair_mask, c->bank_pairs);
	KUNIT_EXPECT_EQ(test, topo.l3_bank_mask, c->banks);
}

struct dg1_eu_case {
	u32 eu_disable;		/* 0x9134 */
	u32 dss_enable;		/* 0x913C */
	u32 eu_mask;
	u32 num_eus;
};

/* EU_DISABLE bit n turns off EUs 2n and 2n + 1 of every DSS (gen12). */
static const struct dg1_eu_case dg1_eu_cases[] = {
	{ 0x00, 0x3f, 0xffff, 96 },
	{ 0x01, 0x3f, 0xfffc, 84 },
	{ 0x80, 0x3f, 0x3fff, 84 },
	{ 0x81, 0x3e, 0x3ffc, 60 },
	{ 0xff, 0x3f, 0x0000, 0 },
	{ 0x55, 0x01, 0xcccc, 8 },
	{ 0xffffff00, 0x3f, 0xffff, 96 },	/* only 7:0 count */
	{ 0x00, 0x00, 0xffff, 0 },
	{ 0x00, 0xffffffc1, 0xffff, 16 },	/* only 5:0 are DSS */
};

static void dg1_eu_case_desc(const struct dg1_eu_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "EU_DISABLE 0x%x, DSS 0x%x",
		 c->eu_disable, c->dss_enable);
}

KUNIT_ARRAY_PARAM(dg1_eu, dg1_eu_cases, dg1_eu_case_desc);

static void dg1_topology_eus(struct kunit *test)
{
	const struct dg1_eu_case *c = test->param_value;
	struct dg1_gt_fuses fuses = {
		.eu_disable = c->eu_disable,
		.dss_enable = c->dss_enable,
	};
	struct dg1_gt_topology topo;

	dg1_gt_topology_decode(&fuses, &topo);
	KUNIT_EXPECT_EQ(test, topo.eu_mask_per_dss, c->eu_mask);
	KUNIT_EXPECT_EQ(test, topo.num_eus, c->num_eus);
}

static void dg1_topology_dss_eu_slice(struct kunit *test)
{
	struct dg1_gt_fuses fuses = {
		.dss_enable = 0xffffff2d,	/* only 5:0 are DSS */
		.eu_disable = 0x12345678,
		.slice_enable = 0xfffffe01,
	};
	struct dg1_gt_topology topo;

	dg1_gt_topology_decode(&fuses, &topo);
	KUNIT_EXPECT_EQ(test, topo.dss_mask, 0x2du);
	KUNIT_EXPECT_EQ(test, topo.eu_disable_mask, 0x78u);
	KUNIT_EXPECT_EQ(test, topo.slice_mask, 0x01u);
}

static void dg1_topology_keeps_raw_fuses(struct kunit *test)
{
	struct dg1_gt_fuses fuses = {
		.l3_disable = 0x11,
		.eu_disable = 0x22,
		.slice_enable = 0x1,
		.dss_enable = 0x3f,
		.vdbox_vebox_disable = 0x0002000a,
	};
	struct dg1_gt_topology topo;

	dg1_gt_topology_decode(&fuses, &topo);
	KUNIT_EXPECT_EQ(test, memcmp(&topo.fuses, &fuses, sizeof(fuses)), 0);
}

static struct kunit_case dg1_gt_topology_cases[] = {
	KUNIT_CASE_PARAM(dg1_media_fuse_boxes, dg1_media_fuse_gen_params),
	KUNIT_CASE_PARAM(dg1_media_fuse_engine_mask, dg1_media_fuse_gen_params),
	KUNIT_CASE_PARAM(dg1_media_fuse_fw_domains, dg1_media_fuse_gen_params),
	KUNIT_CASE_PARAM(dg1_l3_fuse_bank_pairs, dg1_l3_fuse_gen_params),
	KUNIT_CASE_PARAM(dg1_topology_eus, dg1_eu_gen_params),
	KUNIT_CASE(dg1_topology_dss_eu_slice),
	KUNIT_CASE(dg1_topology_keeps_raw_fuses),
	{}
};

static struct kunit_suite dg1_gt_topology_suite = {
	.name = "dg1_gt_topology",
	.test_cases = dg1_gt_topology_cases,
};

kunit_test_suites(&dg1_gt_topology_suite);
