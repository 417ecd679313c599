// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: marshalling and argument rules of DRM_IOCTL_DG1_QUERY, without a
 * device.
 */

#include <kunit/test.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include "uapi/dg1_drm.h"

#include "drm/dg1_query.h"
#include "gt/dg1_hw_engine.h"

#define E(name)	BIT(DG1_HW_ENGINE_##name)
#define DG1_ENGINES	(E(RCS0) | E(BCS0) | E(VCS0) | E(VCS2) | E(VECS0))
#define ALL_ENGINES	(BIT(DG1_HW_ENGINE_ID_COUNT) - 1)

/* A DG1 as vdg1 presents it. */
static const struct dg1_query_desc dg1_desc = {
	.device_id = 0x4905,
	.revision = 0x01,
	.graphics_verx100 = 1210,
	.media_verx100 = 1200,
	.lmem_size = 4ull * SZ_1G - 8 * SZ_1M,
	.lmem_bar_size = 4ull * SZ_1G,
	.engine_mask = DG1_ENGINES,
};

struct dg1_size_case {
	const char *name;
	u32 item;
	u32 engine_mask;
	u32 size;
};

static const struct dg1_size_case dg1_size_cases[] = {
	{ "device", DRM_DG1_QUERY_DEVICE, DG1_ENGINES, 64 },
	{ "device, no engines", DRM_DG1_QUERY_DEVICE, 0, 64 },
	{ "engines of a DG1", DRM_DG1_QUERY_ENGINES, DG1_ENGINES, 8 + 5 * 8 },
	{ "engines, all candidates", DRM_DG1_QUERY_ENGINES, ALL_ENGINES, 8 + 8 * 8 },
	{ "engines, media fused off", DRM_DG1_QUERY_ENGINES, E(RCS0) | E(BCS0),
	  8 + 2 * 8 },
	{ "engines, none", DRM_DG1_QUERY_ENGINES, 0, 8 },
	{ "engines, stray mask bits", DRM_DG1_QUERY_ENGINES, 0xffffffff, 8 + 8 * 8 },
};

static void dg1_size_case_desc(const struct dg1_size_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_sizes, dg1_size_cases, dg1_size_case_desc);

static void dg1_query_item_sizes(struct kunit *test)
{
	const struct dg1_size_case *c = test->param_value;
	struct dg1_query_desc desc = dg1_desc;
	u32 size = 0;

	desc.engine_mask = c->engine_mask;
	KUNIT_ASSERT_EQ(test, dg1_query_item_size(&desc, c->item, &size), 0);
	KUNIT_EXPECT_EQ(test, size, c->size);
}

/* The uapi layout is ABI: pin the sizes the size cases rely on. */
static void dg1_query_uapi_layout(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query), (size_t)40);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query_device), (size_t)64);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query_engines), (size_t)8);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_engine_class_instance),
			(size_t)8);
}

static void dg1_query_unknown_item(struct kunit *test)
{
	static const u32 items[] = { 2, 3, 0x100, 0xffffffff };
	u8 buf[128];
	unsigned int i;
	u32 size;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		size = 0xdead;
		KUNIT_EXPECT_EQ(test, dg1_query_item_size(&dg1_desc, items[i], &size),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, size, 0xdeadu);
		KUNIT_EXPECT_EQ(test, dg1_query_fill(&dg1_desc, items[i], buf,
						     sizeof(buf)), -EINVAL);
	}
}

struct dg1_args_case {
	const char *name;
	struct drm_dg1_query query;
	int ret;
};

static const struct dg1_args_case dg1_args_cases[] = {
	{ "all zero", {}, 0 },
	{ "typical", { .query = DRM_DG1_QUERY_ENGINES, .size = 48,
		       .data = 0x7fff0000 }, 0 },
	{ "unknown item passes here", { .query = 77 }, 0 },
	{ "extensions", { .extensions = 0x1000 }, -EINVAL },
	{ "extensions bit 63", { .extensions = 1ull << 63 }, -EINVAL },
	{ "reserved[0]", { .reserved = { 1, 0 } }, -EINVAL },
	{ "reserved[1]", { .reserved = { 0, 1ull << 63 } }, -EINVAL },
};

static void dg1_args_case_desc(const struct dg1_args_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_args, dg1_args_cases, dg1_args_case_desc);

static void dg1_query_args(struct kunit *test)
{
	const struct dg1_args_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_query_check_args(&c->query), c->ret);
}

struct dg1_decide_case {
	u32 user_size;
	u32 needed;
	enum dg1_query_action action;
};

static const struct dg1_decide_case dg1_decide_cases[] = {
	{ 0, 64, DG1_QUERY_REPORT_SIZE },
	{ 0, 8, DG1_QUERY_REPORT_SIZE },
	{ 1, 64, DG1_QUERY_TOO_SMALL },
	{ 8, 48, DG1_QUERY_TOO_SMALL },
	{ 63, 64, DG1_QUERY_TOO_SMALL },
	{ 64, 64, DG1_QUERY_COPY },
	{ 65, 64, DG1_QUERY_COPY },
	{ 0xffffffff, 48, DG1_QUERY_COPY },
};

static void dg1_decide_case_desc(const struct dg1_decide_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "size %u, needed %u",
		 c->user_size, c->needed);
}

KUNIT_ARRAY_PARAM(dg1_decide, dg1_decide_cases, dg1_decide_case_desc);

static void dg1_query_two_pass(struct kunit *test)
{
	const struct dg1_decide_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_query_decide(c->user_size, c->needed),
			c->action);
}

static void dg1_query_device_answer(struct kunit *test)
{
	struct drm_dg1_query_device *dev;
	u8 *buf;

	/* One byte more than needed, to see that nothing beyond is written. */
	buf = kunit_kmalloc(test, sizeof(*dev) + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, 0xa5, sizeof(*dev) + 1);

	KUNIT_ASSERT_EQ(test, dg1_query_fill(&dg1_desc, DRM_DG1_QUERY_DEVICE,
					     buf, sizeof(*dev) + 1), 0);
	dev = (struct drm_dg1_query_device *)buf;
	KUNIT_EXPECT_EQ(test, dev->device_id, 0x4905);
	KUNIT_EXPECT_EQ(test, dev->revision, 0x01);
	KUNIT_EXPECT_EQ(test, dev->graphics_ver, 1210u);
	KUNIT_EXPECT_EQ(test, dev->media_ver, 1200u);
	KUNIT_EXPECT_EQ(test, dev->lmem_size, dg1_desc.lmem_size);
	KUNIT_EXPECT_EQ(test, dev->lmem_bar_size, dg1_desc.lmem_bar_size);
	KUNIT_EXPECT_EQ(test, dev->pad, 0u);
	KUNIT_EXPECT_NULL(test, memchr_inv(dev->reserved, 0, sizeof(dev->reserved)));
	KUNIT_EXPECT_EQ(test, buf[sizeof(*dev)], 0xa5);
}

static void dg1_query_device_short_buffer(struct kunit *test)
{
	u8 buf[64];

	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_EQ(test, dg1_query_fill(&dg1_desc, DRM_DG1_QUERY_DEVICE,
					     buf, sizeof(buf) - 1), -EINVAL);
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0xa5, sizeof(buf)));
}

struct dg1_engines_case {
	const char *name;
	u32 engine_mask;
	unsigned int count;
	struct drm_dg1_engine_class_instance engines[DG1_HW_ENGINE_ID_COUNT];
};

#define CI(c, i)	{ DRM_DG1_ENGINE_CLASS_##c, i, 0 }

static const struct dg1_engines_case dg1_engines_cases[] = {
	{ "dg1", DG1_ENGINES, 5,
	  { CI(RENDER, 0), CI(COPY, 0), CI(VIDEO_DECODE, 0),
	    CI(VIDEO_DECODE, 2), CI(VIDEO_ENHANCE, 0) } },
	{ "all candidates", ALL_ENGINES, 8,
	  { CI(RENDER, 0), CI(COPY, 0), CI(VIDEO_DECODE, 0),
	    CI(VIDEO_DECODE, 1), CI(VIDEO_DECODE, 2), CI(VIDEO_DECODE, 3),
	    CI(VIDEO_ENHANCE, 0), CI(VIDEO_ENHANCE, 1) } },
	{ "media fused off", E(RCS0) | E(BCS0), 2,
	  { CI(RENDER, 0), CI(COPY, 0) } },
	{ "media only", E(VECS1) | E(VCS3), 2,
	  { CI(VIDEO_DECODE, 3), CI(VIDEO_ENHANCE, 1) } },
	{ "none", 0, 0, {} },
};

static void dg1_engines_case_desc(const struct dg1_engines_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_engines, dg1_engines_cases, dg1_engines_case_desc);

static void dg1_query_engines_answer(struct kunit *test)
{
	const struct dg1_engines_case *c = test->param_value;
	struct dg1_query_desc desc = dg1_desc;
	struct drm_dg1_query_engines *answer;
	unsigned int i;
	u32 size;

	desc.engine_mask = c->engine_mask;
	KUNIT_ASSERT_EQ(test, dg1_query_item_size(&desc, DRM_DG1_QUERY_ENGINES,
						  &size), 0);
	KUNIT_ASSERT_EQ(test, size, (u32)(8 + 8 * c->count));

	answer = kunit_kmalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, answer);
	memset(answer, 0xa5, size);

	KUNIT_ASSERT_EQ(test, dg1_query_fill(&desc, DRM_DG1_QUERY_ENGINES,
					     answer, size), 0);
	KUNIT_EXPECT_EQ(test, answer->num_engines, c->count);
	KUNIT_EXPECT_EQ(test, answer->pad, 0u);
	for (i = 0; i < c->count; i++) {
		KUNIT_EXPECT_EQ_MSG(test, answer->engines[i].engine_class,
				    c->engines[i].engine_class, "engine %u", i);
		KUNIT_EXPECT_EQ_MSG(test, answer->engines[i].engine_instance,
				    c->engines[i].engine_instance, "engine %u", i);
		KUNIT_EXPECT_EQ_MSG(test, answer->engines[i].pad, 0u,
				    "engine %u", i);
	}
}

static void dg1_query_engines_short_buffer(struct kunit *test)
{
	u8 buf[48];

	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_EQ(test, dg1_query_fill(&dg1_desc, DRM_DG1_QUERY_ENGINES,
					     buf, 47), -EINVAL);
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0xa5, sizeof(buf)));
}

/* Both passes of one query agree: the size reported is the size written. */
static void dg1_query_passes_agree(struct kunit *test)
{
	static const u32 items[] = { DRM_DG1_QUERY_DEVICE, DRM_DG1_QUERY_ENGINES };
	unsigned int i;
	u32 needed;
	u8 *buf;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		KUNIT_ASSERT_EQ(test, dg1_query_item_size(&dg1_desc, items[i],
							  &needed), 0);
		KUNIT_EXPECT_EQ(test, dg1_query_decide(0, needed),
				DG1_QUERY_REPORT_SIZE);
		KUNIT_EXPECT_EQ(test, dg1_query_decide(needed, needed),
				DG1_QUERY_COPY);
		buf = kunit_kzalloc(test, needed, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, buf);
		KUNIT_EXPECT_EQ(test, dg1_query_fill(&dg1_desc, items[i], buf,
						     needed), 0);
	}
}

static struct kunit_case dg1_query_cases[] = {
	KUNIT_CASE_PARAM(dg1_query_item_sizes, dg1_sizes_gen_params),
	KUNIT_CASE(dg1_query_uapi_layout),
	KUNIT_CASE(dg1_query_unknown_item),
	KUNIT_CASE_PARAM(dg1_query_args, dg1_args_gen_params),
	KUNIT_CASE_PARAM(dg1_query_two_pass, dg1_decide_gen_params),
	KUNIT_CASE(dg1_query_device_answer),
	KUNIT_CASE(dg1_query_device_short_buffer),
	KUNIT_CASE_PARAM(dg1_query_engines_answer, dg1_engines_gen_params),
	KUNIT_CASE(dg1_query_engines_short_buffer),
	KUNIT_CASE(dg1_query_passes_agree),
	{}
};

static struct kunit_suite dg1_query_suite = {
	.name = "dg1_query",
	.test_cases = dg1_query_cases,
};

kunit_test_suites(&dg1_query_suite);
