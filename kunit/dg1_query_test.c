// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the item table, marshalling and argument rules of
 * DRM_IOCTL_DG1_QUERY, and the uapi engine classes, without a device.
 * Included at the bottom of drm/dg1_query.c.
 */

#include <kunit/test.h>
#include <linux/stddef.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/time.h>

#include "gt/dg1_engine_info.h"

#define E(name)	BIT(DG1_HW_ENGINE_##name)
#define DG1_ENGINES	(E(RCS0) | E(BCS0) | E(VCS0) | E(VCS2) | E(VECS0))

/* A DG1 as vdg1 presents it. */
static const struct dg1_query_desc dg1_desc = {
	.device_id = 0x4905,
	.revision = 0x01,
	.graphics_verx100 = 1210,
	.media_verx100 = 1200,
	.lmem_size = 4ull * SZ_1G - 8 * SZ_1M,
	.lmem_bar_size = 4ull * SZ_1G,
	.engine_mask = DG1_ENGINES,
	.topology = {
		.dss_mask = 0x3e,
		.eu_mask_per_dss = 0xfffc,
		.num_eus = 70,
		.l3_bank_mask = 0xfc,
	},
	/* Distinct values everywhere, so a field copied to another shows. */
	.regions = {
		[DRM_DG1_MEMORY_REGION_SMEM] = {
			.min_page_size = 4096,
			.total_size = 2ull * SZ_1G,
			.usable_size = SZ_1G,
			.used = 3 * SZ_1M,
			.cpu_visible_size = SZ_1G + SZ_4K,
			.cpu_visible_used = 3 * SZ_1M + SZ_4K,
		},
		[DRM_DG1_MEMORY_REGION_LMEM] = {
			.min_page_size = 8192,
			.total_size = 4ull * SZ_1G - 8 * SZ_1M,
			.usable_size = 4ull * SZ_1G - 16 * SZ_1M,
			.used = 5 * SZ_1M,
			.cpu_visible_size = 256 * SZ_1M,
			.cpu_visible_used = 2 * SZ_1M,
		},
	},
};

/* The table seen as the ioctl sees it, for the cases below. */
static int dg1_query_item_size(const struct dg1_query_desc *desc, u32 item,
			       u32 *size)
{
	const struct dg1_query_item *it = dg1_query_item(item);

	if (!it)
		return -EINVAL;
	*size = it->size(desc);
	return 0;
}

static bool dg1_query_item_inout(u32 item)
{
	return dg1_query_item(item)->inout;
}

/*
 * The answer to a description item, built as the ioctl builds it; the
 * buffer is exactly the item's size, so KASAN catches a fill that strays.
 */
static void *dg1_query_test_answer(struct kunit *test,
				   const struct dg1_query_desc *desc,
				   u32 item, u32 *size)
{
	const struct dg1_query_item *it = dg1_query_item(item);
	void *buf;

	KUNIT_ASSERT_NOT_NULL(test, it);
	KUNIT_ASSERT_FALSE(test, it->inout);
	*size = it->size(desc);
	buf = dg1_query_answer(NULL, desc, it, *size, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(buf));
	return buf;
}

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
	{ "engines, media fused off", DRM_DG1_QUERY_ENGINES, E(RCS0) | E(BCS0),
	  8 + 2 * 8 },
	{ "engines, none", DRM_DG1_QUERY_ENGINES, 0, 8 },
	{ "engines, stray mask bits", DRM_DG1_QUERY_ENGINES, 0xffffffff, 8 + 5 * 8 },
	{ "topology", DRM_DG1_QUERY_TOPOLOGY, DG1_ENGINES, 64 },
	{ "engine cycles", DRM_DG1_QUERY_ENGINE_CYCLES, DG1_ENGINES, 64 },
	{ "memory regions", DRM_DG1_QUERY_MEMORY_REGIONS, DG1_ENGINES,
	  8 + 2 * 80 },
	{ "memory regions, no engines", DRM_DG1_QUERY_MEMORY_REGIONS, 0,
	  8 + 2 * 80 },
	{ "vm", DRM_DG1_QUERY_VM, DG1_ENGINES, 64 },
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
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query_topology), (size_t)64);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query_engine_cycles),
			(size_t)64);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query_memory_regions),
			(size_t)8);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_memory_region_info),
			(size_t)80);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_memory_region_info,
				       total_size), (size_t)8);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_memory_region_info,
				       cpu_visible_used), (size_t)40);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_query_memory_regions,
				       regions), (size_t)8);
}

static void dg1_query_unknown_item(struct kunit *test)
{
	static const u32 items[] = { 6, 7, 0x100, 0xffffffff };
	unsigned int i;
	u32 size;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		size = 0xdead;
		KUNIT_EXPECT_NULL(test, dg1_query_item(items[i]));
		KUNIT_EXPECT_EQ(test, dg1_query_item_size(&dg1_desc, items[i], &size),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, size, 0xdeadu);
	}
}

/* DG1's PPGTT: 47 bits of VA, 4 KiB, 64 KiB and 2 MiB pages. */
static void dg1_query_vm_answer(struct kunit *test)
{
	struct drm_dg1_query_vm vm;

	memset(&vm, 0, sizeof(vm));
	KUNIT_ASSERT_EQ(test, dg1_query_fill_vm(NULL, &dg1_desc, &vm), 0);
	KUNIT_EXPECT_EQ(test, vm.va_start, 0ull);
	KUNIT_EXPECT_EQ(test, vm.va_end, 0x800000000000ull);
	KUNIT_EXPECT_EQ(test, vm.page_sizes, 0x211000ull);
	KUNIT_EXPECT_EQ(test, vm.max_bind_ops, 512u);
	KUNIT_EXPECT_EQ(test, vm.max_syncs, 64u);
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
	bool exact;
	enum dg1_query_action action;
};

static const struct dg1_decide_case dg1_decide_cases[] = {
	{ 0, 64, false, DG1_QUERY_REPORT_SIZE },
	{ 0, 8, false, DG1_QUERY_REPORT_SIZE },
	{ 1, 64, false, DG1_QUERY_BAD_SIZE },
	{ 8, 48, false, DG1_QUERY_BAD_SIZE },
	{ 63, 64, false, DG1_QUERY_BAD_SIZE },
	{ 64, 64, false, DG1_QUERY_COPY },
	{ 65, 64, false, DG1_QUERY_COPY },
	{ 0xffffffff, 48, false, DG1_QUERY_COPY },
	/* In/out items: only the exact size. */
	{ 0, 64, true, DG1_QUERY_REPORT_SIZE },
	{ 63, 64, true, DG1_QUERY_BAD_SIZE },
	{ 64, 64, true, DG1_QUERY_COPY },
	{ 65, 64, true, DG1_QUERY_BAD_SIZE },
	{ 0xffffffff, 64, true, DG1_QUERY_BAD_SIZE },
};

static void dg1_decide_case_desc(const struct dg1_decide_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "size %u, needed %u%s",
		 c->user_size, c->needed, c->exact ? ", exact" : "");
}

KUNIT_ARRAY_PARAM(dg1_decide, dg1_decide_cases, dg1_decide_case_desc);

static void dg1_query_two_pass(struct kunit *test)
{
	const struct dg1_decide_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_query_decide(c->user_size, c->needed,
					       c->exact), c->action);
}

static void dg1_query_inout_items(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, dg1_query_item_inout(DRM_DG1_QUERY_DEVICE));
	KUNIT_EXPECT_FALSE(test, dg1_query_item_inout(DRM_DG1_QUERY_ENGINES));
	KUNIT_EXPECT_FALSE(test, dg1_query_item_inout(DRM_DG1_QUERY_TOPOLOGY));
	KUNIT_EXPECT_TRUE(test, dg1_query_item_inout(DRM_DG1_QUERY_ENGINE_CYCLES));
	KUNIT_EXPECT_FALSE(test,
			   dg1_query_item_inout(DRM_DG1_QUERY_MEMORY_REGIONS));
}

/* Each region's figures land in its own entry, fields unswapped. */
static void dg1_query_memory_regions_answer(struct kunit *test)
{
	struct drm_dg1_query_memory_regions *answer;
	const struct drm_dg1_memory_region_info *smem, *lmem;
	u32 size;

	answer = dg1_query_test_answer(test, &dg1_desc,
				       DRM_DG1_QUERY_MEMORY_REGIONS, &size);
	KUNIT_ASSERT_EQ(test, size, (u32)(8 + 2 * 80));
	KUNIT_EXPECT_EQ(test, answer->num_regions, 2u);
	KUNIT_EXPECT_EQ(test, answer->pad, 0u);

	smem = &answer->regions[0];
	KUNIT_EXPECT_EQ(test, smem->region, (u16)DRM_DG1_MEMORY_REGION_SMEM);
	KUNIT_EXPECT_EQ(test, smem->min_page_size, 4096u);
	KUNIT_EXPECT_EQ(test, smem->total_size, 2ull * SZ_1G);
	KUNIT_EXPECT_EQ(test, smem->usable_size, (u64)SZ_1G);
	KUNIT_EXPECT_EQ(test, smem->used, 3ull * SZ_1M);
	KUNIT_EXPECT_EQ(test, smem->cpu_visible_size, (u64)SZ_1G + SZ_4K);
	KUNIT_EXPECT_EQ(test, smem->cpu_visible_used, 3ull * SZ_1M + SZ_4K);

	lmem = &answer->regions[1];
	KUNIT_EXPECT_EQ(test, lmem->region, (u16)DRM_DG1_MEMORY_REGION_LMEM);
	KUNIT_EXPECT_EQ(test, lmem->min_page_size, 8192u);
	KUNIT_EXPECT_EQ(test, lmem->total_size, 4ull * SZ_1G - 8 * SZ_1M);
	KUNIT_EXPECT_EQ(test, lmem->usable_size, 4ull * SZ_1G - 16 * SZ_1M);
	KUNIT_EXPECT_EQ(test, lmem->used, 5ull * SZ_1M);
	KUNIT_EXPECT_EQ(test, lmem->cpu_visible_size, 256ull * SZ_1M);
	KUNIT_EXPECT_EQ(test, lmem->cpu_visible_used, 2ull * SZ_1M);

	KUNIT_EXPECT_EQ(test, smem->pad, 0);
	KUNIT_EXPECT_EQ(test, lmem->pad, 0);
	KUNIT_EXPECT_NULL(test, memchr_inv(smem->reserved, 0,
					   sizeof(smem->reserved)));
	KUNIT_EXPECT_NULL(test, memchr_inv(lmem->reserved, 0,
					   sizeof(lmem->reserved)));
	kfree(answer);
}

static void dg1_query_device_answer(struct kunit *test)
{
	struct drm_dg1_query_device *dev;
	u32 size;

	dev = dg1_query_test_answer(test, &dg1_desc, DRM_DG1_QUERY_DEVICE,
				    &size);
	KUNIT_EXPECT_EQ(test, size, (u32)sizeof(*dev));
	KUNIT_EXPECT_EQ(test, dev->device_id, 0x4905);
	KUNIT_EXPECT_EQ(test, dev->revision, 0x01);
	KUNIT_EXPECT_EQ(test, dev->graphics_ver, 1210u);
	KUNIT_EXPECT_EQ(test, dev->media_ver, 1200u);
	KUNIT_EXPECT_EQ(test, dev->lmem_size, dg1_desc.lmem_size);
	KUNIT_EXPECT_EQ(test, dev->lmem_bar_size, dg1_desc.lmem_bar_size);
	KUNIT_EXPECT_EQ(test, dev->pad, 0u);
	KUNIT_EXPECT_NULL(test, memchr_inv(dev->reserved, 0, sizeof(dev->reserved)));
	kfree(dev);
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
	{ "media fused off", E(RCS0) | E(BCS0), 2,
	  { CI(RENDER, 0), CI(COPY, 0) } },
	{ "vcs0 fused off", DG1_ENGINES & ~E(VCS0), 4,
	  { CI(RENDER, 0), CI(COPY, 0), CI(VIDEO_DECODE, 2),
	    CI(VIDEO_ENHANCE, 0) } },
	{ "media only", E(VECS0) | E(VCS2), 2,
	  { CI(VIDEO_DECODE, 2), CI(VIDEO_ENHANCE, 0) } },
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
	answer = dg1_query_test_answer(test, &desc, DRM_DG1_QUERY_ENGINES,
				       &size);
	KUNIT_ASSERT_EQ(test, size, (u32)(8 + 8 * c->count));
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
	kfree(answer);
}

static void dg1_query_topology_answer(struct kunit *test)
{
	struct drm_dg1_query_topology *topo;
	u32 size;

	topo = dg1_query_test_answer(test, &dg1_desc, DRM_DG1_QUERY_TOPOLOGY,
				     &size);
	KUNIT_EXPECT_EQ(test, size, (u32)sizeof(*topo));
	KUNIT_EXPECT_EQ(test, topo->max_dss, 6u);
	KUNIT_EXPECT_EQ(test, topo->max_eus_per_dss, 16u);
	KUNIT_EXPECT_EQ(test, topo->dss_mask, 0x3eull);
	KUNIT_EXPECT_EQ(test, topo->eu_mask_per_dss, 0xfffcu);
	KUNIT_EXPECT_EQ(test, topo->l3_bank_mask, 0xfcu);
	KUNIT_EXPECT_EQ(test, topo->num_eus, 70u);
	KUNIT_EXPECT_EQ(test, topo->pad, 0u);
	KUNIT_EXPECT_NULL(test, memchr_inv(topo->reserved, 0,
					   sizeof(topo->reserved)));
	kfree(topo);
}

struct dg1_cycles_case {
	const char *name;
	struct drm_dg1_query_engine_cycles in;
	u32 engine_mask;
	int ret;
	enum dg1_hw_engine_id engine;
};

#define CYCLES(c, i, clk)	{ .eci = CI(c, i), .clockid = (clk) }

static const struct dg1_cycles_case dg1_cycles_cases[] = {
	{ "rcs0 monotonic", CYCLES(RENDER, 0, CLOCK_MONOTONIC), DG1_ENGINES, 0,
	  DG1_HW_ENGINE_RCS0 },
	{ "bcs0 monotonic raw", CYCLES(COPY, 0, CLOCK_MONOTONIC_RAW),
	  DG1_ENGINES, 0, DG1_HW_ENGINE_BCS0 },
	{ "vcs0 realtime", CYCLES(VIDEO_DECODE, 0, CLOCK_REALTIME), DG1_ENGINES,
	  0, DG1_HW_ENGINE_VCS0 },
	{ "vcs2 boottime", CYCLES(VIDEO_DECODE, 2, CLOCK_BOOTTIME), DG1_ENGINES,
	  0, DG1_HW_ENGINE_VCS2 },
	{ "vecs0 tai", CYCLES(VIDEO_ENHANCE, 0, CLOCK_TAI), DG1_ENGINES, 0,
	  DG1_HW_ENGINE_VECS0 },
	{ "outputs are not inputs",
	  { .eci = CI(RENDER, 0), .clockid = CLOCK_MONOTONIC, .width = 36,
	    .engine_cycles = 1, .engine_frequency = 2, .cpu_timestamp = 3,
	    .cpu_delta = 4 }, DG1_ENGINES, 0, DG1_HW_ENGINE_RCS0 },
	{ "vcs1 absent", CYCLES(VIDEO_DECODE, 1, CLOCK_MONOTONIC), DG1_ENGINES,
	  -EINVAL },
	{ "vcs2 fused off", CYCLES(VIDEO_DECODE, 2, CLOCK_MONOTONIC),
	  DG1_ENGINES & ~E(VCS2), -EINVAL },
	{ "no engine present", CYCLES(RENDER, 0, CLOCK_MONOTONIC), 0, -EINVAL },
	{ "bad class", { .eci = { 7, 0, 0 }, .clockid = CLOCK_MONOTONIC },
	  DG1_ENGINES, -EINVAL },
	{ "clock process cputime",
	  CYCLES(RENDER, 0, CLOCK_PROCESS_CPUTIME_ID), DG1_ENGINES, -EINVAL },
	{ "clock -1", CYCLES(RENDER, 0, -1), DG1_ENGINES, -EINVAL },
	{ "clock 1000", CYCLES(RENDER, 0, 1000), DG1_ENGINES, -EINVAL },
	{ "eci.pad", { .eci = { 0, 0, 1 }, .clockid = CLOCK_MONOTONIC },
	  DG1_ENGINES, -EINVAL },
	{ "reserved[0]", { .eci = CI(RENDER, 0), .clockid = CLOCK_MONOTONIC,
			   .reserved = { 1, 0 } }, DG1_ENGINES, -EINVAL },
	{ "reserved[1]", { .eci = CI(RENDER, 0), .clockid = CLOCK_MONOTONIC,
			   .reserved = { 0, 1ull << 63 } }, DG1_ENGINES, -EINVAL },
};

static void dg1_cycles_case_desc(const struct dg1_cycles_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_cycles, dg1_cycles_cases, dg1_cycles_case_desc);

static void dg1_query_engine_cycles_args(struct kunit *test)
{
	const struct dg1_cycles_case *c = test->param_value;
	struct dg1_query_cycles_req req = {};

	KUNIT_EXPECT_EQ(test, dg1_query_engine_cycles_check(&c->in,
							    c->engine_mask,
							    &req), c->ret);
	if (!c->ret) {
		KUNIT_EXPECT_EQ(test, req.engine, c->engine);
		KUNIT_EXPECT_NOT_NULL(test, req.cpu_clock);
	}
}

static void dg1_query_engine_cycles_answer(struct kunit *test)
{
	const struct dg1_engine_timestamp ts = {
		.cycles = 0xfedcba987ull,
		.width = 35,	/* copied, whatever it is */
		.cpu_ns = 123456789,
		.cpu_delta_ns = 250,
	};
	struct drm_dg1_query_engine_cycles c = CYCLES(VIDEO_DECODE, 2,
						      CLOCK_BOOTTIME);

	dg1_query_engine_cycles_fill(&c, &ts, 19200000);
	KUNIT_EXPECT_EQ(test, c.width, 35u);
	KUNIT_EXPECT_EQ(test, c.engine_cycles, 0xfedcba987ull);
	KUNIT_EXPECT_EQ(test, c.engine_frequency, 19200000ull);
	KUNIT_EXPECT_EQ(test, c.cpu_timestamp, 123456789ull);
	KUNIT_EXPECT_EQ(test, c.cpu_delta, 250ull);
	/* Inputs untouched. */
	KUNIT_EXPECT_EQ(test, c.eci.engine_class,
			(u16)DRM_DG1_ENGINE_CLASS_VIDEO_DECODE);
	KUNIT_EXPECT_EQ(test, c.eci.engine_instance, 2);
	KUNIT_EXPECT_EQ(test, c.clockid, CLOCK_BOOTTIME);
}

/* Both passes of one query agree: the size reported is the size written. */
static void dg1_query_passes_agree(struct kunit *test)
{
	static const u32 items[] = { DRM_DG1_QUERY_DEVICE, DRM_DG1_QUERY_ENGINES,
				     DRM_DG1_QUERY_TOPOLOGY,
				     DRM_DG1_QUERY_MEMORY_REGIONS };
	unsigned int i;
	u32 needed, size;
	void *buf;

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		KUNIT_ASSERT_EQ(test, dg1_query_item_size(&dg1_desc, items[i],
							  &needed), 0);
		KUNIT_EXPECT_EQ(test, dg1_query_decide(0, needed, false),
				DG1_QUERY_REPORT_SIZE);
		KUNIT_EXPECT_EQ(test, dg1_query_decide(needed, needed, false),
				DG1_QUERY_COPY);
		buf = dg1_query_test_answer(test, &dg1_desc, items[i], &size);
		KUNIT_EXPECT_EQ(test, size, needed);
		kfree(buf);
	}
}

static struct kunit_case dg1_query_cases[] = {
	KUNIT_CASE_PARAM(dg1_query_item_sizes, dg1_sizes_gen_params),
	KUNIT_CASE(dg1_query_vm_answer),
	KUNIT_CASE(dg1_query_uapi_layout),
	KUNIT_CASE(dg1_query_unknown_item),
	KUNIT_CASE_PARAM(dg1_query_args, dg1_args_gen_params),
	KUNIT_CASE_PARAM(dg1_query_two_pass, dg1_decide_gen_params),
	KUNIT_CASE(dg1_query_device_answer),
	KUNIT_CASE_PARAM(dg1_query_engines_answer, dg1_engines_gen_params),
	KUNIT_CASE(dg1_query_inout_items),
	KUNIT_CASE(dg1_query_topology_answer),
	KUNIT_CASE(dg1_query_memory_regions_answer),
	KUNIT_CASE_PARAM(dg1_query_engine_cycles_args, dg1_cycles_gen_params),
	KUNIT_CASE(dg1_query_engine_cycles_answer),
	KUNIT_CASE(dg1_query_passes_agree),
	{}
};

static struct kunit_suite dg1_query_suite = {
	.name = "dg1_query",
	.test_cases = dg1_query_cases,
};

kunit_test_suites(&dg1_query_suite);
