// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the LMEM manager's range, visibility and lookup logic, on a real
 * buddy allocator but without a device or TTM. Included at the bottom of
 * mem/dg1_lmem_mgr.c.
 */

#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/sizes.h>

/* 64 MiB of LMEM of which the first 16 MiB are CPU-visible. */
#define T_SIZE		(64ull * SZ_1M)
#define T_VISIBLE	(16ull * SZ_1M)

struct dg1_lmem_test {
	struct dg1_lmem_mgr mgr;
	struct dg1_lmem_res res;
};

static int dg1_lmem_test_init(struct kunit *test)
{
	struct dg1_lmem_test *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	if (!t)
		return -ENOMEM;
	if (gpu_buddy_init(&t->mgr.mm, T_SIZE, PAGE_SIZE))
		return -ENOMEM;
	t->mgr.visible_size = T_VISIBLE;
	INIT_LIST_HEAD(&t->res.blocks);
	test->priv = t;
	return 0;
}

static void dg1_lmem_test_exit(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;

	/* KUnit runs exit even when init failed. */
	if (!t)
		return;
	gpu_buddy_free_list(&t->mgr.mm, &t->res.blocks, 0);
	gpu_buddy_fini(&t->mgr.mm);
}

/* Append exactly [@start, @start + @size) of LMEM to the test resource. */
static void dg1_lmem_test_take(struct kunit *test, u64 start, u64 size)
{
	struct dg1_lmem_test *t = test->priv;
	LIST_HEAD(blocks);

	KUNIT_ASSERT_EQ(test, gpu_buddy_alloc_blocks(&t->mgr.mm, start,
						     start + size, size,
						     PAGE_SIZE, &blocks, 0), 0);
	list_splice_tail(&blocks, &t->res.blocks);
	t->res.base.size += size;
}

/* The lookup the cursor speeds up, done the slow way. */
static u64 dg1_lmem_test_offset_ref(struct dg1_lmem_res *res, u64 offset)
{
	struct gpu_buddy_block *block;
	u64 start = 0;

	list_for_each_entry(block, &res->blocks, link) {
		u64 size = dg1_lmem_block_size(block);

		if (offset < start + size)
			return gpu_buddy_block_offset(block) + offset - start;
		start += size;
	}
	return U64_MAX;
}

struct dg1_range_case {
	const char *name;
	struct ttm_place place;
	u64 start, end;
};

static const struct dg1_range_case dg1_range_cases[] = {
	{ "whole", {}, 0, T_SIZE },
	{ "visible", { .lpfn = T_VISIBLE >> PAGE_SHIFT }, 0, T_VISIBLE },
	{ "middle", { .fpfn = 16, .lpfn = 32 }, 16 * PAGE_SIZE,
	  32 * PAGE_SIZE },
	{ "from fpfn to the end", { .fpfn = 1 }, PAGE_SIZE, T_SIZE },
	{ "lpfn beyond LMEM", { .lpfn = 1u << 30 }, 0, T_SIZE },
	{ "fpfn beyond LMEM", { .fpfn = 1u << 30 }, T_SIZE, T_SIZE },
};

static void dg1_range_case_desc(const struct dg1_range_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_range, dg1_range_cases, dg1_range_case_desc);

static void dg1_lmem_mgr_place_range(struct kunit *test)
{
	const struct dg1_range_case *c = test->param_value;
	struct dg1_lmem_test *t = test->priv;
	u64 start, end;

	dg1_lmem_mgr_range(&t->mgr, &c->place, &start, &end);
	KUNIT_EXPECT_EQ(test, start, c->start);
	KUNIT_EXPECT_EQ(test, end, c->end);
	KUNIT_EXPECT_EQ(test, dg1_lmem_mgr_whole_range(&t->mgr, start, end),
			c->start == 0 && c->end == T_SIZE);
}

static void dg1_lmem_res_visible_part(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;

	/* Straddling the limit: 4 MiB on each side. */
	dg1_lmem_test_take(test, 12 * SZ_1M, 8 * SZ_1M);
	dg1_lmem_res_account(&t->mgr, &t->res);
	KUNIT_EXPECT_EQ(test, t->res.visible_bytes, 4ull * SZ_1M);
	KUNIT_EXPECT_FALSE(test, t->res.cpu_visible);

	/* Plus a page at the very start: visible grows, still not all. */
	dg1_lmem_test_take(test, 0, PAGE_SIZE);
	dg1_lmem_res_account(&t->mgr, &t->res);
	KUNIT_EXPECT_EQ(test, t->res.visible_bytes, 4ull * SZ_1M + PAGE_SIZE);
	KUNIT_EXPECT_FALSE(test, t->res.cpu_visible);
}

static void dg1_lmem_res_all_visible(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;

	/* Up to the last visible byte. */
	dg1_lmem_test_take(test, 8 * SZ_1M, 8 * SZ_1M);
	dg1_lmem_test_take(test, PAGE_SIZE, 3 * PAGE_SIZE);
	dg1_lmem_res_account(&t->mgr, &t->res);
	KUNIT_EXPECT_EQ(test, t->res.visible_bytes, 8ull * SZ_1M + 3 * PAGE_SIZE);
	KUNIT_EXPECT_TRUE(test, t->res.cpu_visible);
}

static void dg1_lmem_res_none_visible(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;

	/* From the first byte past the limit. */
	dg1_lmem_test_take(test, T_VISIBLE, SZ_2M);
	dg1_lmem_res_account(&t->mgr, &t->res);
	KUNIT_EXPECT_EQ(test, t->res.visible_bytes, 0ull);
	KUNIT_EXPECT_FALSE(test, t->res.cpu_visible);
}

/* What eviction and "already in place" decisions see. */
static void dg1_lmem_res_ranges(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;
	struct ttm_place whole = {}, visible = { .lpfn = T_VISIBLE >> PAGE_SHIFT };
	struct ttm_place low = { .lpfn = (12 * SZ_1M) >> PAGE_SHIFT };
	struct ttm_place high = { .fpfn = (20 * SZ_1M) >> PAGE_SHIFT };
	struct ttm_place around = { .fpfn = (12 * SZ_1M) >> PAGE_SHIFT,
				    .lpfn = (20 * SZ_1M) >> PAGE_SHIFT };
	struct ttm_resource_manager *man = &t->mgr.base;
	struct ttm_resource *res = &t->res.base;

	dg1_lmem_test_take(test, 12 * SZ_1M, 8 * SZ_1M);
	dg1_lmem_res_account(&t->mgr, &t->res);

	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_intersects(man, res, &whole, 0));
	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_compatible(man, res, &whole, 0));
	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_intersects(man, res, &visible, 0));
	KUNIT_EXPECT_FALSE(test, dg1_lmem_mgr_compatible(man, res, &visible, 0));
	KUNIT_EXPECT_FALSE(test, dg1_lmem_mgr_intersects(man, res, &low, 0));
	KUNIT_EXPECT_FALSE(test, dg1_lmem_mgr_compatible(man, res, &low, 0));
	KUNIT_EXPECT_FALSE(test, dg1_lmem_mgr_intersects(man, res, &high, 0));
	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_intersects(man, res, &around, 0));
	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_compatible(man, res, &around, 0));

	/* One page more at each end of the range flips the answers. */
	low.lpfn++;
	high.fpfn--;
	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_intersects(man, res, &low, 0));
	KUNIT_EXPECT_TRUE(test, dg1_lmem_mgr_intersects(man, res, &high, 0));
	around.lpfn--;
	KUNIT_EXPECT_FALSE(test, dg1_lmem_mgr_compatible(man, res, &around, 0));
}

/*
 * Lookups in any order agree with the slow walk, and every page of the
 * object lands on a distinct page of what was allocated.
 */
/*
 * The reserved range (LMEM's first MiB on a DG1): no allocation lands in
 * it, it is neither usable nor used, and it leaves the visible part.
 */
static void dg1_lmem_mgr_reserved_range(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;
	struct gpu_buddy_block *block;
	u64 used, vis_used, vis;
	LIST_HEAD(all);

	mutex_init(&t->mgr.lock);
	INIT_LIST_HEAD(&t->mgr.reserved_blocks);
	t->mgr.visible_avail = T_VISIBLE;
	KUNIT_ASSERT_EQ(test, dg1_lmem_mgr_reserve(&t->mgr, 0, SZ_1M), 0);
	KUNIT_EXPECT_EQ(test, dg1_lmem_mgr_reserved(&t->mgr, &vis), (u64)SZ_1M);
	KUNIT_EXPECT_EQ(test, vis, (u64)SZ_1M);
	KUNIT_EXPECT_EQ(test, t->mgr.visible_avail, T_VISIBLE - SZ_1M);
	dg1_lmem_mgr_usage(&t->mgr, &used, &vis_used);
	KUNIT_EXPECT_EQ(test, used, 0ull);
	KUNIT_EXPECT_EQ(test, vis_used, 0ull);

	/* All the rest, in pages: every one at or above 1 MiB. */
	KUNIT_ASSERT_EQ(test, gpu_buddy_alloc_blocks(&t->mgr.mm, 0, T_SIZE,
						     T_SIZE - SZ_1M, PAGE_SIZE,
						     &all, 0), 0);
	list_for_each_entry(block, &all, link)
		KUNIT_EXPECT_GE(test, gpu_buddy_block_offset(block), (u64)SZ_1M);
	dg1_lmem_mgr_usage(&t->mgr, &used, &vis_used);
	KUNIT_EXPECT_EQ(test, used, T_SIZE - SZ_1M);

	gpu_buddy_free_list(&t->mgr.mm, &all, 0);
	gpu_buddy_free_list(&t->mgr.mm, &t->mgr.reserved_blocks, 0);
	mutex_destroy(&t->mgr.lock);
}

static void dg1_lmem_res_lookup(struct kunit *test)
{
	struct dg1_lmem_test *t = test->priv;
	unsigned long *hit;
	u64 pages, i, at;

	/* Three pieces, not in address order, of mixed block sizes. */
	dg1_lmem_test_take(test, 32 * SZ_1M, SZ_1M + 3 * PAGE_SIZE);
	dg1_lmem_test_take(test, 4 * SZ_1M, 5 * PAGE_SIZE);
	dg1_lmem_test_take(test, 8 * SZ_1M + SZ_64K, SZ_2M);
	pages = t->res.base.size >> PAGE_SHIFT;

	hit = kunit_kcalloc(test, BITS_TO_LONGS(T_SIZE >> PAGE_SHIFT),
			    sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hit);

	/* Forwards, page by page, with an odd byte inside each. */
	for (i = 0; i < pages; i++) {
		at = dg1_lmem_res_offset(&t->res, i * PAGE_SIZE + 17);
		KUNIT_ASSERT_EQ(test, at,
				dg1_lmem_test_offset_ref(&t->res,
							 i * PAGE_SIZE + 17));
		KUNIT_EXPECT_FALSE(test, test_and_set_bit(at >> PAGE_SHIFT, hit));
	}
	/* The pages hit are exactly the pages taken. */
	KUNIT_EXPECT_EQ(test, bitmap_weight(hit, T_SIZE >> PAGE_SHIFT),
			(unsigned int)pages);
	KUNIT_EXPECT_TRUE(test, test_bit((32 * SZ_1M) >> PAGE_SHIFT, hit));
	KUNIT_EXPECT_TRUE(test, test_bit((4 * SZ_1M + 4 * PAGE_SIZE) >> PAGE_SHIFT,
					 hit));
	KUNIT_EXPECT_FALSE(test, test_bit((4 * SZ_1M + 5 * PAGE_SIZE) >> PAGE_SHIFT,
					  hit));

	/* Backwards, then jumping about: the cursor must restart. */
	for (i = pages; i-- > 0;)
		KUNIT_EXPECT_EQ(test, dg1_lmem_res_offset(&t->res, i * PAGE_SIZE),
				dg1_lmem_test_offset_ref(&t->res, i * PAGE_SIZE));
	for (i = 0; i < pages; i++) {
		u64 off = ((i * 7919) % pages) * PAGE_SIZE + PAGE_SIZE - 1;

		KUNIT_EXPECT_EQ(test, dg1_lmem_res_offset(&t->res, off),
				dg1_lmem_test_offset_ref(&t->res, off));
	}
}

static struct kunit_case dg1_lmem_mgr_cases[] = {
	KUNIT_CASE_PARAM(dg1_lmem_mgr_place_range, dg1_range_gen_params),
	KUNIT_CASE(dg1_lmem_res_visible_part),
	KUNIT_CASE(dg1_lmem_res_all_visible),
	KUNIT_CASE(dg1_lmem_res_none_visible),
	KUNIT_CASE(dg1_lmem_res_ranges),
	KUNIT_CASE(dg1_lmem_res_lookup),
	KUNIT_CASE(dg1_lmem_mgr_reserved_range),
	{}
};

static struct kunit_suite dg1_lmem_mgr_suite = {
	.name = "dg1_mem_lmem_mgr",
	.init = dg1_lmem_test_init,
	.exit = dg1_lmem_test_exit,
	.test_cases = dg1_lmem_mgr_cases,
};

kunit_test_suites(&dg1_lmem_mgr_suite);
