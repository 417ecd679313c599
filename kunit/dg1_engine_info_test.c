// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the engine table, each engine's wake domain and its uapi name.
 */

#include <kunit/test.h>

#include "gt/dg1_engine_info.h"
#include "mmio/dg1_forcewake_table.h"
#include "regs/dg1_engine_regs.h"
#include "uapi/dg1_drm.h"

/*
 * The engines i915 declares for DG1 (i915_pci.c), with the bases of Vol 13
 * General Assets, "Register Access and User Mode Privileges", and the
 * domains of the Force Wake and Steering Table.
 */
static const struct dg1_engine_info dg1_expected_engines[] = {
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

static void dg1_engine_desc(const struct dg1_engine_info *e, char *desc)
{
	strscpy(desc, e->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_engines, dg1_expected_engines, dg1_engine_desc);

static const struct dg1_engine_info *dg1_engine_by_name(const char *name)
{
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++)
		if (!strcmp(dg1_engine_infos[id].name, name))
			return &dg1_engine_infos[id];
	return NULL;
}

static void dg1_engine_info_entry(struct kunit *test)
{
	const struct dg1_engine_info *want = test->param_value;
	const struct dg1_engine_info *got = dg1_engine_by_name(want->name);

	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_EXPECT_EQ(test, got->class, want->class);
	KUNIT_EXPECT_EQ(test, got->instance, want->instance);
	KUNIT_EXPECT_EQ(test, got->mmio_base, want->mmio_base);
	KUNIT_EXPECT_EQ(test, got->fw_domain, want->fw_domain);
}

static void dg1_engine_info_table_complete(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, (unsigned int)DG1_HW_ENGINE_ID_COUNT,
			(unsigned int)ARRAY_SIZE(dg1_expected_engines));
}

/*
 * An engine's domain is what the forcewake table says for its registers:
 * the block base, the timestamp it is queried for, and for a video box the
 * last dword of its 16 KiB block.
 */
static void dg1_engine_info_domain_matches_table(struct kunit *test)
{
	const struct dg1_engine_info *e = test->param_value;
	const struct dg1_engine_info *got = dg1_engine_by_name(e->name);
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

static void dg1_engine_info_no_engine_domains(struct kunit *test)
{
	/* The GT domain holds the fuses: needed even with no engine. */
	KUNIT_EXPECT_EQ(test, dg1_engine_info_fw_domains(0), (u32)DG1_FW_GT);
}

/* The uapi class is a function of the hardware class. */
static void dg1_engine_info_uapi_class_map(struct kunit *test)
{
	static const struct {
		enum dg1_engine_class hw;
		u16 uapi;
	} map[] = {
		{ DG1_ENGINE_CLASS_RENDER, DRM_DG1_ENGINE_CLASS_RENDER },
		{ DG1_ENGINE_CLASS_VIDEO_DECODE,
		  DRM_DG1_ENGINE_CLASS_VIDEO_DECODE },
		{ DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		  DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE },
		{ DG1_ENGINE_CLASS_COPY, DRM_DG1_ENGINE_CLASS_COPY },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		KUNIT_EXPECT_EQ_MSG(test, dg1_engine_uapi_class[map[i].hw],
				    map[i].uapi, "hw class %u", map[i].hw);
}

/* The engines item relies on id order being class-then-instance order. */
static void dg1_engine_info_ids_in_uapi_order(struct kunit *test)
{
	unsigned int id;

	for (id = 1; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		u16 prev_class = dg1_engine_info_uapi_class(id - 1);
		u16 cur_class = dg1_engine_info_uapi_class(id);

		KUNIT_EXPECT_TRUE_MSG(test, prev_class < cur_class ||
				      (prev_class == cur_class &&
				       dg1_engine_infos[id - 1].instance <
				       dg1_engine_infos[id].instance),
				      "%s before %s",
				      dg1_engine_infos[id - 1].name,
				      dg1_engine_infos[id].name);
	}
}

struct dg1_lookup_case {
	const char *name;
	u32 engine_mask;
	u16 uapi_class;
	u16 instance;
	int id;
};

#define DG1_ALL	DG1_HW_ENGINE_MASK_ALL
#define E(name)	BIT(DG1_HW_ENGINE_##name)

static const struct dg1_lookup_case dg1_lookup_cases[] = {
	{ "rcs0", DG1_ALL, DRM_DG1_ENGINE_CLASS_RENDER, 0, DG1_HW_ENGINE_RCS0 },
	{ "bcs0", DG1_ALL, DRM_DG1_ENGINE_CLASS_COPY, 0, DG1_HW_ENGINE_BCS0 },
	{ "vcs0", DG1_ALL, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 0,
	  DG1_HW_ENGINE_VCS0 },
	{ "vcs2", DG1_ALL, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 2,
	  DG1_HW_ENGINE_VCS2 },
	{ "vecs0", DG1_ALL, DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE, 0,
	  DG1_HW_ENGINE_VECS0 },
	{ "vcs1 does not exist", DG1_ALL, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 1,
	  -EINVAL },
	{ "rcs1 does not exist", DG1_ALL, DRM_DG1_ENGINE_CLASS_RENDER, 1,
	  -EINVAL },
	{ "class 4", DG1_ALL, 4, 0, -EINVAL },
	{ "class 0xffff", DG1_ALL, 0xffff, 0, -EINVAL },
	{ "vcs2 fused off", DG1_ALL & ~E(VCS2),
	  DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 2, -EINVAL },
	{ "vecs0 fused off", E(RCS0) | E(BCS0),
	  DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE, 0, -EINVAL },
	{ "no engines", 0, DRM_DG1_ENGINE_CLASS_RENDER, 0, -EINVAL },
};

static void dg1_lookup_case_desc(const struct dg1_lookup_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_lookup, dg1_lookup_cases, dg1_lookup_case_desc);

static void dg1_engine_info_lookup_by_uapi(struct kunit *test)
{
	const struct dg1_lookup_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_engine_info_lookup(c->engine_mask,
						     c->uapi_class,
						     c->instance), c->id);
}

static struct kunit_case dg1_engine_info_cases[] = {
	KUNIT_CASE_PARAM(dg1_engine_info_entry, dg1_engines_gen_params),
	KUNIT_CASE(dg1_engine_info_table_complete),
	KUNIT_CASE_PARAM(dg1_engine_info_domain_matches_table,
			 dg1_engines_gen_params),
	KUNIT_CASE(dg1_engine_info_no_engine_domains),
	KUNIT_CASE(dg1_engine_info_uapi_class_map),
	KUNIT_CASE(dg1_engine_info_ids_in_uapi_order),
	KUNIT_CASE_PARAM(dg1_engine_info_lookup_by_uapi,
			 dg1_lookup_gen_params),
	{}
};

static struct kunit_suite dg1_engine_info_suite = {
	.name = "dg1_engine_info",
	.test_cases = dg1_engine_info_cases,
};

kunit_test_suites(&dg1_engine_info_suite);
