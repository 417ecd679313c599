// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the table of candidate engines.
 */

#include <kunit/test.h>

#include "uapi/dg1_drm.h"

#include "gt/dg1_hw_engine.h"

/* HARDWARE.md §5.1 and the manual's engine base table (000:L1325-L1337). */
static const struct dg1_hw_engine_info dg1_expected_engines[] = {
	{ "rcs0", DG1_ENGINE_CLASS_RENDER, 0, DRM_DG1_ENGINE_CLASS_RENDER,
	  0x002000, DG1_FW_DOMAIN_ID_RENDER },
	{ "bcs0", DG1_ENGINE_CLASS_COPY, 0, DRM_DG1_ENGINE_CLASS_COPY,
	  0x022000, DG1_FW_DOMAIN_ID_GT },
	{ "vcs0", DG1_ENGINE_CLASS_VIDEO_DECODE, 0, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	  0x1c0000, DG1_FW_DOMAIN_ID_VDBOX0 },
	{ "vcs1", DG1_ENGINE_CLASS_VIDEO_DECODE, 1, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	  0x1c4000, DG1_FW_DOMAIN_ID_VDBOX1 },
	{ "vcs2", DG1_ENGINE_CLASS_VIDEO_DECODE, 2, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	  0x1d0000, DG1_FW_DOMAIN_ID_VDBOX2 },
	{ "vcs3", DG1_ENGINE_CLASS_VIDEO_DECODE, 3, DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	  0x1d4000, DG1_FW_DOMAIN_ID_VDBOX3 },
	{ "vecs0", DG1_ENGINE_CLASS_VIDEO_ENHANCE, 0, DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
	  0x1c8000, DG1_FW_DOMAIN_ID_VEBOX0 },
	{ "vecs1", DG1_ENGINE_CLASS_VIDEO_ENHANCE, 1, DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
	  0x1d8000, DG1_FW_DOMAIN_ID_VEBOX1 },
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

/* Each video box sleeps in its own domain: VCSn in VDBOXn, VECSn in VEBOXn. */
static void dg1_hw_engine_media_domains(struct kunit *test)
{
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		const struct dg1_hw_engine_info *e = &dg1_hw_engine_infos[id];

		if (e->class == DG1_ENGINE_CLASS_VIDEO_DECODE)
			KUNIT_EXPECT_EQ(test, e->fw_domain,
					DG1_FW_DOMAIN_ID_VDBOX0 + e->instance);
		else if (e->class == DG1_ENGINE_CLASS_VIDEO_ENHANCE)
			KUNIT_EXPECT_EQ(test, e->fw_domain,
					DG1_FW_DOMAIN_ID_VEBOX0 + e->instance);
	}
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
	KUNIT_CASE(dg1_hw_engine_media_domains),
	KUNIT_CASE(dg1_hw_engine_no_engine_domains),
	{}
};

static struct kunit_suite dg1_hw_engine_suite = {
	.name = "dg1_hw_engine",
	.test_cases = dg1_hw_engine_cases,
};

kunit_test_suites(&dg1_hw_engine_suite);
