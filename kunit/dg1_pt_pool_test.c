// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the page-table blocks' bookkeeping: which block a table
 * comes from and when a block goes. No object behind the blocks.
 * Included at the bottom of mem/dg1_pt_pool.c.
 */

#include <kunit/test.h>

static void dg1_pt_pool_test_add(struct dg1_pt_pool *pool,
				 struct dg1_pt_block *blk)
{
	spin_lock(&pool->lock);
	list_add(&blk->link, &pool->blocks);
	pool->num_blocks++;
	spin_unlock(&pool->lock);
}

static int dg1_pt_pool_test_take(struct dg1_pt_pool *pool,
				 struct dg1_pt_block **blk)
{
	int i;

	spin_lock(&pool->lock);
	i = dg1_pt_pool_take(pool, blk);
	spin_unlock(&pool->lock);
	return i;
}

static bool dg1_pt_pool_test_give(struct dg1_pt_pool *pool,
				  struct dg1_pt_block *blk, unsigned int i)
{
	bool empty;

	spin_lock(&pool->lock);
	empty = dg1_pt_pool_give(pool, blk, i);
	spin_unlock(&pool->lock);
	return empty;
}

/* A block hands out its tables in order, 16, then none. */
static void dg1_pt_pool_test_fill(struct kunit *test)
{
	struct dg1_pt_block a = { }, *blk = NULL;
	struct dg1_pt_pool pool;
	int i;

	dg1_pt_pool_init(&pool, NULL, NULL);
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), -1);
	dg1_pt_pool_test_add(&pool, &a);
	for (i = 0; i < DG1_PT_BLOCK_TABLES; i++) {
		KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), i);
		KUNIT_EXPECT_PTR_EQ(test, blk, &a);
	}
	KUNIT_EXPECT_EQ(test, a.used, DG1_PT_BLOCK_FULL);
	KUNIT_EXPECT_EQ(test, pool.num_tables, DG1_PT_BLOCK_TABLES);
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), -1);
}

/*
 * A full block goes behind the others; one that gets a table back comes
 * first again, so its free table is the next handed out.
 */
static void dg1_pt_pool_test_order(struct kunit *test)
{
	struct dg1_pt_block a = { }, b = { }, *blk = NULL;
	struct dg1_pt_pool pool;
	int i;

	dg1_pt_pool_init(&pool, NULL, NULL);
	dg1_pt_pool_test_add(&pool, &a);
	for (i = 0; i < DG1_PT_BLOCK_TABLES; i++)
		dg1_pt_pool_test_take(&pool, &blk);
	dg1_pt_pool_test_add(&pool, &b);
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), 0);
	KUNIT_EXPECT_PTR_EQ(test, blk, &b);
	KUNIT_EXPECT_PTR_EQ(test, list_last_entry(&pool.blocks,
						  struct dg1_pt_block, link),
			    &a);

	KUNIT_EXPECT_FALSE(test, dg1_pt_pool_test_give(&pool, &a, 7));
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), 7);
	KUNIT_EXPECT_PTR_EQ(test, blk, &a);
	/* Full again: b's free tables are next. */
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), 1);
	KUNIT_EXPECT_PTR_EQ(test, blk, &b);
	KUNIT_EXPECT_EQ(test, pool.num_tables, DG1_PT_BLOCK_TABLES + 2);
}

/* A block leaves the list with its last table, and only then. */
static void dg1_pt_pool_test_empty(struct kunit *test)
{
	struct dg1_pt_block a = { }, *blk = NULL;
	struct dg1_pt_pool pool;

	dg1_pt_pool_init(&pool, NULL, NULL);
	dg1_pt_pool_test_add(&pool, &a);
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), 0);
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), 1);
	KUNIT_EXPECT_FALSE(test, dg1_pt_pool_test_give(&pool, &a, 0));
	KUNIT_EXPECT_EQ(test, pool.num_blocks, 1u);
	KUNIT_EXPECT_TRUE(test, dg1_pt_pool_test_give(&pool, &a, 1));
	KUNIT_EXPECT_EQ(test, pool.num_blocks, 0u);
	KUNIT_EXPECT_EQ(test, pool.num_tables, 0u);
	KUNIT_EXPECT_TRUE(test, list_empty(&pool.blocks));
	KUNIT_EXPECT_EQ(test, dg1_pt_pool_test_take(&pool, &blk), -1);
}

static struct kunit_case dg1_pt_pool_test_cases[] = {
	KUNIT_CASE(dg1_pt_pool_test_fill),
	KUNIT_CASE(dg1_pt_pool_test_order),
	KUNIT_CASE(dg1_pt_pool_test_empty),
	{}
};

static struct kunit_suite dg1_pt_pool_test_suite = {
	.name = "dg1_pt_pool",
	.test_cases = dg1_pt_pool_test_cases,
};

kunit_test_suite(dg1_pt_pool_test_suite);
