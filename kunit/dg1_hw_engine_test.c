// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the engine table, engine lookup and each engine's wake domain.
 */

#include <kunit/test.h>

#include "uapi/dg1_drm.h"

#include "gt/dg1_forcewake_table.h"
#include "gt/dg1_hw_engine.h"
#include "regs/dg1_engine_regs.h"

/* HARDWARE.md §5.1 and the manual's engine base table (000:L1325-L1337). */
static const struct dg1_hw_engine_info dg1_expected_engines[] = {
	{ "rcs0", DG1_ENGINE_CLASS_RENDER, 0, DRM_DG1_ENGINE_CLASS_RENDER,
	  0x002000, DG1_FW_DOMAIN_ID_RENDER },
	{ "bcs0", DG1_ENGINE_CLASS_COPY, 0, DRM_DG1_ENGINE_CLASS_COPY,
	  0x022000, DG1_FW_DOMAIN_ID_GT },
	{ "vcs0", DG1_ENGINE_CLASS_VIDEO_DECODE, 0, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	  0x1c0000, DG1_FW_DOMAIN_ID_VDBOX0 },
	{ "vcs2", DG1_ENGINE_CLASS_VIDEO_DECODE, 2, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	  0x1d0000, DG1_FW_DOMAIN_ID_VDBOX2 },
	{ "vecs0", DG1_ENGINE_CLASS_VIDEO_ENHANCE, 0, DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
	  0x1c8000, DG1_FW_DOMAIN_ID_VEBOX0 },
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
	KUNIT_EXPECT_EQ(test, got->uapi_class, want->uapi_class);
	KUNIT_EXPECT_EQ(test, got->mmio_base, want->mmio_base);
	KUNIT_EXPECT_EQ(test, got->fw_domain, want->fw_domain);
}

static void dg1_hw_engine_table_complete(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, (unsigned int)DG1_HW_ENGINE_ID_COUNT,
			(unsigned int)ARRAY_SIZE(dg1_expected_engines));
}

/* The query promises class-then-instance order and relies on id order. */
static void dg1_hw_engine_table_ordered(struct kunit *test)
{
	unsigned int id;

	for (id = 1; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		const struct dg1_hw_engine_info *prev = &dg1_hw_engine_infos[id - 1];
		const struct dg1_hw_engine_info *cur = &dg1_hw_engine_infos[id];

		KUNIT_EXPECT_TRUE_MSG(test,
				      prev->uapi_class < cur->uapi_class ||
				      (prev->uapi_class == cur->uapi_class &&
				       prev->instance < cur->instance),
				      "%s before %s", prev->name, cur->name);
	}
}

/* The uapi class is a function of the hardware class (HARDWARE.md §5.1). */
static void dg1_hw_engine_uapi_class_map(struct kunit *test)
{
	static const u16 uapi_of_hw[] = {
		[DG1_ENGINE_CLASS_RENDER] = DRM_DG1_ENGINE_CLASS_RENDER,
		[DG1_ENGINE_CLASS_VIDEO_DECODE] = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
		[DG1_ENGINE_CLASS_VIDEO_ENHANCE] = DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		[DG1_ENGINE_CLASS_COPY] = DRM_DG1_ENGINE_CLASS_COPY,
	};
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		const struct dg1_hw_engine_info *e = &dg1_hw_engine_infos[id];

		KUNIT_ASSERT_LT(test, (unsigned int)e->class,
				(unsigned int)ARRAY_SIZE(uapi_of_hw));
		KUNIT_EXPECT_EQ_MSG(test, e->uapi_class, uapi_of_hw[e->class],
				    "%s", e->name);
	}
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
	KUNIT_EXPECT_EQ(test, dg1_fw_table_lookup(got->mmio_base), want);
	KUNIT_EXPECT_EQ(test,
			dg1_fw_reg_read_domains(RING_TIMESTAMP(got->mmio_base)),
			want);
	KUNIT_EXPECT_EQ(test,
			dg1_fw_reg_read_domains(RING_TIMESTAMP_UDW(got->mmio_base)),
			want);
	if (got->class == DG1_ENGINE_CLASS_VIDEO_DECODE ||
	    got->class == DG1_ENGINE_CLASS_VIDEO_ENHANCE)
		KUNIT_EXPECT_EQ(test, dg1_fw_table_lookup(got->mmio_base + 0x3ffc),
				want);
}

struct dg1_lookup_case {
	const char *name;
	u32 engine_mask;
	u16 uapi_class;
	u16 instance;
	int id;
};

#define E(name)	BIT(DG1_HW_ENGINE_##name)
#define DG1_ALL	(BIT(DG1_HW_ENGINE_ID_COUNT) - 1)

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

static void dg1_hw_engine_lookup_by_uapi(struct kunit *test)
{
	const struct dg1_lookup_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_hw_engine_lookup(c->engine_mask, c->uapi_class,
						   c->instance), c->id);
}

static void dg1_hw_engine_no_engine_domains(struct kunit *test)
{
	/* The GT domain holds the fuses: needed even with no engine. */
	KUNIT_EXPECT_EQ(test, dg1_hw_engine_fw_domains(0), (u32)DG1_FW_GT);
}

static struct kunit_case dg1_hw_engine_cases[] = {
	KUNIT_CASE_PARAM(dg1_hw_engine_entry, dg1_engines_gen_params),
	KUNIT_CASE(dg1_hw_engine_table_complete),
	KUNIT_CASE(dg1_hw_engine_table_ordered),
	KUNIT_CASE(dg1_hw_engine_uapi_class_map),
	KUNIT_CASE_PARAM(dg1_hw_engine_domain_matches_table,
			 dg1_engines_gen_params),
	KUNIT_CASE_PARAM(dg1_hw_engine_lookup_by_uapi, dg1_lookup_gen_params),
	KUNIT_CASE(dg1_hw_engine_no_engine_domains),
	{}
};

static struct kunit_suite dg1_hw_engine_suite = {
	.name = "dg1_hw_engine",
	.test_cases = dg1_hw_engine_cases,
};

kunit_test_suites(&dg1_hw_engine_suite);
