// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the argument rules of GEM_CREATE and GEM_MMAP_OFFSET, the TTM
 * places an object gets, and the layout of their uapi structs, without a
 * device. Included at the bottom of mem/dg1_bo.c.
 */

#include <kunit/test.h>
#include <linux/sizes.h>
#include <linux/stddef.h>
#include <linux/string.h>

#define SMEM	DRM_DG1_MEMORY_REGION_SMEM
#define LMEM	DRM_DG1_MEMORY_REGION_LMEM
#define CPU	DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS

/* A small-BAR DG1: 1 GiB of SMEM for objects, 504 MiB LMEM, 256 visible. */
static const struct dg1_mem_limits dg1_test_limits = {
	.usable = {
		[SMEM] = SZ_1G,
		[LMEM] = 504 * SZ_1M,
	},
	.lmem_visible = 256 * SZ_1M,
};

struct dg1_create_case {
	const char *name;
	struct drm_dg1_gem_create args;
	int ret;
	unsigned int num_regions;	/* expected, when ret is 0 */
	u16 regions[DG1_BO_MAX_PLACEMENTS];
};

#define ARGS(sz, n, fl, ...) \
	{ .size = (sz), .num_placements = (n), .flags = (fl), \
	  .placements = { __VA_ARGS__ } }

static const struct dg1_create_case dg1_create_cases[] = {
	{ "smem", ARGS(SZ_4K, 1, 0, SMEM), 0, 1, { SMEM } },
	{ "lmem", ARGS(SZ_4K, 1, 0, LMEM), 0, 1, { LMEM } },
	{ "lmem then smem", ARGS(SZ_2M, 2, 0, LMEM, SMEM), 0, 2,
	  { LMEM, SMEM } },
	{ "smem then lmem", ARGS(SZ_2M, 2, 0, SMEM, LMEM), 0, 2,
	  { SMEM, LMEM } },
	{ "lmem, cpu access", ARGS(SZ_4K, 1, CPU, LMEM), 0, 1, { LMEM } },
	{ "smem then lmem, cpu access", ARGS(SZ_4K, 2, CPU, SMEM, LMEM), 0, 2,
	  { SMEM, LMEM } },
	{ "handle is output only",
	  { .size = SZ_4K, .num_placements = 1, .handle = 0xdead }, 0, 1,
	  { SMEM } },
	/* Fields that must be zero. */
	{ "extensions", { .extensions = 0x1000, .size = SZ_4K,
			  .num_placements = 1 }, -EINVAL },
	/* A VM is the ioctl's to look up (-ENOENT), past this check. */
	{ "vm_id", { .size = SZ_4K, .num_placements = 1, .vm_id = 7 }, 0, 1,
	  { SMEM } },
	{ "reserved[0]", { .size = SZ_4K, .num_placements = 1,
			   .reserved = { 1, 0 } }, -EINVAL },
	{ "reserved[1]", { .size = SZ_4K, .num_placements = 1,
			   .reserved = { 0, 1ull << 63 } }, -EINVAL },
	{ "flag bit 1", ARGS(SZ_4K, 1, 1u << 1, LMEM), -EINVAL },
	{ "flag bit 31", ARGS(SZ_4K, 1, 1u << 31, LMEM), -EINVAL },
	/* The placement list. */
	{ "no placements", ARGS(SZ_4K, 0, 0), -EINVAL },
	{ "three placements", ARGS(SZ_4K, 3, 0, LMEM, SMEM, 0), -EINVAL },
	{ "four placements", ARGS(SZ_4K, 4, 0, LMEM, SMEM, 0, 0), -EINVAL },
	{ "num_placements 0xffffffff", ARGS(SZ_4K, 0xffffffff, 0, LMEM),
	  -EINVAL },
	{ "region 2", ARGS(SZ_4K, 1, 0, 2), -EINVAL },
	{ "region 0xffff", ARGS(SZ_4K, 2, 0, LMEM, 0xffff), -EINVAL },
	{ "lmem twice", ARGS(SZ_4K, 2, 0, LMEM, LMEM), -EINVAL },
	{ "smem twice", ARGS(SZ_4K, 2, 0, SMEM, SMEM), -EINVAL },
	{ "entry 1 past the count", ARGS(SZ_4K, 1, 0, SMEM, LMEM), -EINVAL },
	{ "entry 2 past the count", ARGS(SZ_4K, 2, 0, SMEM, LMEM, 1),
	  -EINVAL },
	{ "entry 3 past the count", ARGS(SZ_4K, 1, 0, LMEM, 0, 0, 0x8000),
	  -EINVAL },
	{ "cpu access without lmem", ARGS(SZ_4K, 1, CPU, SMEM), -EINVAL },
	/* Size. */
	{ "size 0", ARGS(0, 1, 0, SMEM), -EINVAL },
	{ "size 4095", ARGS(SZ_4K - 1, 1, 0, SMEM), -EINVAL },
	{ "size 4097", ARGS(SZ_4K + 1, 1, 0, SMEM), -EINVAL },
	{ "size 2^63 + 2048", ARGS((1ull << 63) + 2048, 1, 0, SMEM), -EINVAL },
	{ "all of lmem", ARGS(504 * SZ_1M, 1, 0, LMEM), 0, 1, { LMEM } },
	{ "more than lmem", ARGS(504 * SZ_1M + SZ_4K, 1, 0, LMEM), -E2BIG },
	{ "more than lmem, smem second",
	  ARGS(504 * SZ_1M + SZ_4K, 2, 0, LMEM, SMEM), 0, 1, { SMEM } },
	{ "more than lmem, smem first",
	  ARGS(504 * SZ_1M + SZ_4K, 2, 0, SMEM, LMEM), 0, 1, { SMEM } },
	{ "all of smem", ARGS(SZ_1G, 1, 0, SMEM), 0, 1, { SMEM } },
	{ "more than smem", ARGS(SZ_1G + SZ_4K, 1, 0, SMEM), -E2BIG },
	{ "more than either", ARGS(SZ_1G + SZ_4K, 2, 0, LMEM, SMEM), -E2BIG },
	{ "all that is visible", ARGS(256 * SZ_1M, 1, CPU, LMEM), 0, 1,
	  { LMEM } },
	{ "more than is visible", ARGS(256 * SZ_1M + SZ_4K, 1, CPU, LMEM),
	  -E2BIG },
	{ "more than is visible, smem second",
	  ARGS(256 * SZ_1M + SZ_4K, 2, CPU, LMEM, SMEM), 0, 1, { SMEM } },
	{ "more than is visible, no cpu access",
	  ARGS(256 * SZ_1M + SZ_4K, 1, 0, LMEM), 0, 1, { LMEM } },
	{ "largest aligned size", ARGS(~0ull << 12, 2, 0, SMEM, LMEM), -E2BIG },
};

static void dg1_create_case_desc(const struct dg1_create_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_create, dg1_create_cases, dg1_create_case_desc);

static void dg1_bo_create_args(struct kunit *test)
{
	const struct dg1_create_case *c = test->param_value;
	struct dg1_bo_params params;
	unsigned int i;

	memset(&params, 0xa5, sizeof(params));
	KUNIT_ASSERT_EQ(test, dg1_bo_create_check(&c->args, &dg1_test_limits,
						  &params), c->ret);
	if (c->ret)
		return;

	KUNIT_EXPECT_EQ(test, params.size, c->args.size);
	KUNIT_EXPECT_EQ(test, params.flags,
			c->args.flags & CPU ? DG1_BO_NEEDS_CPU_ACCESS : 0u);
	KUNIT_ASSERT_EQ(test, params.num_regions, c->num_regions);
	for (i = 0; i < c->num_regions; i++)
		KUNIT_EXPECT_EQ_MSG(test, params.regions[i], c->regions[i],
				    "region %u", i);
}

/* A full-BAR device: the visible limit never drops a region. */
static void dg1_bo_create_full_bar(struct kunit *test)
{
	struct dg1_mem_limits limits = dg1_test_limits;
	struct drm_dg1_gem_create args = ARGS(504 * SZ_1M, 2, CPU, LMEM, SMEM);
	struct dg1_bo_params params;

	limits.lmem_visible = limits.usable[LMEM];
	KUNIT_ASSERT_EQ(test, dg1_bo_create_check(&args, &limits, &params), 0);
	KUNIT_ASSERT_EQ(test, params.num_regions, 2u);
	KUNIT_EXPECT_EQ(test, params.regions[0], (u16)LMEM);
	KUNIT_EXPECT_EQ(test, params.regions[1], (u16)SMEM);

	/* A visible size beyond LMEM's does not raise the limit either. */
	limits.lmem_visible = 2ull * SZ_1G;
	args = (struct drm_dg1_gem_create)ARGS(504 * SZ_1M + SZ_4K, 1, CPU,
					       LMEM);
	KUNIT_EXPECT_EQ(test, dg1_bo_create_check(&args, &limits, &params),
			-E2BIG);
}

struct dg1_mmap_case {
	const char *name;
	struct drm_dg1_gem_mmap_offset args;
	int ret;
};

static const struct dg1_mmap_case dg1_mmap_cases[] = {
	{ "all zero", {}, 0 },
	{ "a handle", { .handle = 7 }, 0 },
	{ "offset is output only", { .handle = 1, .offset = 0x1000 }, 0 },
	{ "extensions", { .extensions = 8 }, -EINVAL },
	{ "flags bit 0", { .flags = 1 }, -EINVAL },
	{ "flags bit 31", { .flags = 1u << 31 }, -EINVAL },
	{ "reserved[0]", { .reserved = { 1, 0 } }, -EINVAL },
	{ "reserved[1]", { .reserved = { 0, 1ull << 63 } }, -EINVAL },
};

static void dg1_mmap_case_desc(const struct dg1_mmap_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_mmap, dg1_mmap_cases, dg1_mmap_case_desc);

static void dg1_bo_mmap_offset_args(struct kunit *test)
{
	const struct dg1_mmap_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_gem_mmap_offset_check(&c->args), c->ret);
}

/* The TTM places of an object, on a 512 MiB LMEM whose BAR shows @visible. */
static struct dg1_bo *dg1_test_placed(struct kunit *test, u64 visible,
				      const struct dg1_bo_params *params)
{
	struct dg1_mem *mem = kunit_kzalloc(test, sizeof(*mem), GFP_KERNEL);
	struct dg1_bo *bo = kunit_kzalloc(test, sizeof(*bo), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, mem);
	KUNIT_ASSERT_NOT_NULL(test, bo);
	mem->lmem_mgr.base.size = 512 * SZ_1M;
	mem->lmem_mgr.visible_size = visible;
	dg1_bo_init_placement(bo, params, mem);
	KUNIT_EXPECT_EQ(test, bo->placement.num_placement, params->num_regions);
	KUNIT_EXPECT_PTR_EQ(test, bo->placement.placement,
			    (const struct ttm_place *)bo->places);
	return bo;
}

static void dg1_bo_places(struct kunit *test)
{
	const struct dg1_bo_params both = {
		.size = SZ_4K, .num_regions = 2, .regions = { LMEM, SMEM },
	};
	const struct dg1_bo_params smem_first = {
		.size = SZ_4K, .num_regions = 2, .regions = { SMEM, LMEM },
	};
	const struct dg1_bo_params cpu = {
		.size = SZ_4K, .flags = DG1_BO_NEEDS_CPU_ACCESS,
		.num_regions = 1, .regions = { LMEM },
	};
	struct dg1_bo *bo;

	/* Full BAR: LMEM anywhere, bottom up. */
	bo = dg1_test_placed(test, 512 * SZ_1M, &both);
	KUNIT_EXPECT_EQ(test, bo->places[0].mem_type, (u32)DG1_PL_LMEM);
	KUNIT_EXPECT_EQ(test, bo->places[0].fpfn, 0u);
	KUNIT_EXPECT_EQ(test, bo->places[0].lpfn, 0u);
	KUNIT_EXPECT_EQ(test, bo->places[0].flags, 0u);
	KUNIT_EXPECT_EQ(test, bo->places[1].mem_type, (u32)DG1_PL_SMEM);
	KUNIT_EXPECT_EQ(test, bo->places[1].flags, 0u);
	KUNIT_EXPECT_EQ(test, bo->region_mask, (u32)(BIT(LMEM) | BIT(SMEM)));

	/* Small BAR: objects without CPU access go top-down. */
	bo = dg1_test_placed(test, 256 * SZ_1M, &smem_first);
	KUNIT_EXPECT_EQ(test, bo->places[0].mem_type, (u32)DG1_PL_SMEM);
	KUNIT_EXPECT_EQ(test, bo->places[1].mem_type, (u32)DG1_PL_LMEM);
	KUNIT_EXPECT_EQ(test, bo->places[1].lpfn, 0u);
	KUNIT_EXPECT_EQ(test, bo->places[1].flags, (u32)TTM_PL_FLAG_TOPDOWN);

	/* CPU access: inside the visible part, in pages. */
	bo = dg1_test_placed(test, 256 * SZ_1M, &cpu);
	KUNIT_EXPECT_EQ(test, bo->places[0].mem_type, (u32)DG1_PL_LMEM);
	KUNIT_EXPECT_EQ(test, bo->places[0].fpfn, 0u);
	KUNIT_EXPECT_EQ(test, bo->places[0].lpfn, (u32)(256 * SZ_1M >> PAGE_SHIFT));
	KUNIT_EXPECT_EQ(test, bo->places[0].flags, 0u);
	KUNIT_EXPECT_EQ(test, bo->region_mask, (u32)BIT(LMEM));
}

/* The uapi layout is ABI: no implicit padding, 8-byte multiples. */
static void dg1_bo_uapi_layout(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_gem_create), (size_t)56);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create, size),
			(size_t)8);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create,
				       num_placements), (size_t)16);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create, flags),
			(size_t)20);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create, placements),
			(size_t)24);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create, handle),
			(size_t)32);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create, vm_id),
			(size_t)36);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_create, reserved),
			(size_t)40);

	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_gem_mmap_offset), (size_t)40);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_mmap_offset, handle),
			(size_t)8);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_mmap_offset, flags),
			(size_t)12);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_mmap_offset, offset),
			(size_t)16);
	KUNIT_EXPECT_EQ(test, offsetof(struct drm_dg1_gem_mmap_offset,
				       reserved), (size_t)24);

	/* The ioctl numbers, and those kept for the VM ioctls. */
	KUNIT_EXPECT_EQ(test, DRM_DG1_GEM_CREATE, 0x01);
	KUNIT_EXPECT_EQ(test, DRM_DG1_GEM_MMAP_OFFSET, 0x02);
	KUNIT_EXPECT_EQ(test, DRM_IOCTL_DG1_GEM_CREATE,
			DRM_IOWR(DRM_COMMAND_BASE + 0x01,
				 struct drm_dg1_gem_create));
	KUNIT_EXPECT_EQ(test, DRM_IOCTL_DG1_GEM_MMAP_OFFSET,
			DRM_IOWR(DRM_COMMAND_BASE + 0x02,
				 struct drm_dg1_gem_mmap_offset));
	KUNIT_EXPECT_EQ(test, DRM_DG1_MEMORY_REGION_SMEM, 0);
	KUNIT_EXPECT_EQ(test, DRM_DG1_MEMORY_REGION_LMEM, 1);
}

static struct kunit_case dg1_bo_cases[] = {
	KUNIT_CASE_PARAM(dg1_bo_create_args, dg1_create_gen_params),
	KUNIT_CASE(dg1_bo_create_full_bar),
	KUNIT_CASE_PARAM(dg1_bo_mmap_offset_args, dg1_mmap_gen_params),
	KUNIT_CASE(dg1_bo_places),
	KUNIT_CASE(dg1_bo_uapi_layout),
	{}
};

static struct kunit_suite dg1_bo_suite = {
	.name = "dg1_bo",
	.test_cases = dg1_bo_cases,
};

kunit_test_suites(&dg1_bo_suite);
