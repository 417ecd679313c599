// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: which objects another device may attach, how SMEM pages are cut
 * into DMA mappings, and how an exporter's sg table becomes one bus
 * address per page, without a device. Included at the bottom of
 * mem/dg1_dmabuf.c.
 */

#include <kunit/test.h>
#include <linux/gfp.h>
#include <linux/scatterlist.h>

#define SMEM_BIT	BIT(DRM_DG1_MEMORY_REGION_SMEM)
#define LMEM_BIT	BIT(DRM_DG1_MEMORY_REGION_LMEM)

/* Only objects that may live in SMEM can be pinned there for an importer. */
static void dg1_dmabuf_attach_rule(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dg1_dmabuf_attach_check(SMEM_BIT), 0);
	KUNIT_EXPECT_EQ(test, dg1_dmabuf_attach_check(SMEM_BIT | LMEM_BIT), 0);
	KUNIT_EXPECT_EQ(test, dg1_dmabuf_attach_check(LMEM_BIT), -EOPNOTSUPP);
	/* No object has an empty list; refused all the same. */
	KUNIT_EXPECT_EQ(test, dg1_dmabuf_attach_check(0), -EOPNOTSUPP);
}

#define DG1_RUN_ORDER	3
#define DG1_RUN_PAGES	BIT(DG1_RUN_ORDER)

/* Runs of each page array, as dg1_dma_map_pages() would map them. */
static unsigned int dg1_runs(struct page **pages, unsigned long count,
			     unsigned long max, unsigned long *len)
{
	unsigned long i, n;
	unsigned int runs = 0;

	for (i = 0; i < count; i += n) {
		n = dg1_dma_run(pages, i, count, max);
		len[runs++] = n;
	}
	return runs;
}

static void dg1_dma_runs(struct kunit *test)
{
	struct page *block, *pages[DG1_RUN_PAGES];
	unsigned long len[DG1_RUN_PAGES];
	unsigned int i;

	/* Eight pages contiguous in memory, as the pool hands them out. */
	block = alloc_pages(GFP_KERNEL, DG1_RUN_ORDER);
	KUNIT_ASSERT_NOT_NULL(test, block);
	for (i = 0; i < DG1_RUN_PAGES; i++)
		pages[i] = nth_page(block, i);

	/* In order: one run. */
	KUNIT_EXPECT_EQ(test, dg1_runs(pages, 8, ULONG_MAX, len), 1);
	KUNIT_EXPECT_EQ(test, len[0], 8);

	/* The largest mapping the device takes cuts it. */
	KUNIT_EXPECT_EQ(test, dg1_runs(pages, 8, 3, len), 3);
	KUNIT_EXPECT_EQ(test, len[0], 3);
	KUNIT_EXPECT_EQ(test, len[1], 3);
	KUNIT_EXPECT_EQ(test, len[2], 2);
	KUNIT_EXPECT_EQ(test, dg1_runs(pages, 8, 1, len), 8);

	/* A gap (page 2 left out) and a step back (page 5 before 4). */
	pages[2] = nth_page(block, 3);
	pages[3] = nth_page(block, 5);
	pages[4] = nth_page(block, 4);
	pages[5] = nth_page(block, 5);
	pages[6] = nth_page(block, 6);
	pages[7] = nth_page(block, 7);
	KUNIT_EXPECT_EQ(test, dg1_runs(pages, 8, ULONG_MAX, len), 4);
	KUNIT_EXPECT_EQ(test, len[0], 2);	/* 0 1 */
	KUNIT_EXPECT_EQ(test, len[1], 1);	/* 3 */
	KUNIT_EXPECT_EQ(test, len[2], 1);	/* 5 */
	KUNIT_EXPECT_EQ(test, len[3], 4);	/* 4 5 6 7 */

	/* Backwards: no page follows the one before it. */
	for (i = 0; i < DG1_RUN_PAGES; i++)
		pages[i] = nth_page(block, DG1_RUN_PAGES - 1 - i);
	KUNIT_EXPECT_EQ(test, dg1_runs(pages, 8, ULONG_MAX, len), 8);

	/* A run never reaches past the count it is given. */
	for (i = 0; i < DG1_RUN_PAGES; i++)
		pages[i] = nth_page(block, i);
	KUNIT_EXPECT_EQ(test, dg1_runs(pages, 5, ULONG_MAX, len), 1);
	KUNIT_EXPECT_EQ(test, len[0], 5);

	__free_pages(block, DG1_RUN_ORDER);
}

struct dg1_sg_seg {
	dma_addr_t addr;
	u32 len;
};

struct dg1_sg_case {
	const char *name;
	unsigned int nsegs;
	struct dg1_sg_seg segs[3];
	unsigned long count;
	int ret;
};

#define P(n)	((u32)(n) * (u32)PAGE_SIZE)

static const struct dg1_sg_case dg1_sg_cases[] = {
	{ "one segment", 1, { { 0x100000, P(4) } }, 4, 0 },
	{ "three segments", 3,
	  { { 0x200000, P(1) }, { 0x7000, P(2) }, { 0x3000000, P(3) } }, 6, 0 },
	{ "a segment above 4 GiB", 1, { { 0x12345678000ull, P(2) } }, 2, 0 },
	{ "a page short", 2, { { 0x100000, P(2) }, { 0x400000, P(1) } }, 4,
	  -EINVAL },
	{ "a page too many", 2, { { 0x100000, P(2) }, { 0x400000, P(3) } }, 4,
	  -EINVAL },
	{ "an address inside a page", 1, { { 0x100800, P(2) } }, 2, -EINVAL },
	{ "a length inside a page", 2, { { 0x100000, P(1) + 512 },
					  { 0x400000, P(1) - 512 } }, 2,
	  -EINVAL },
	{ "no segment", 0, { }, 1, -EINVAL },
};

static void dg1_sg_case_desc(const struct dg1_sg_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_sg, dg1_sg_cases, dg1_sg_case_desc);

/* Each page's address in the order of the table, from its segments alone. */
static void dg1_dma_from_sg(struct kunit *test)
{
	const struct dg1_sg_case *c = test->param_value;
	dma_addr_t addrs[8], want[8];
	struct scatterlist *sg;
	struct sg_table sgt;
	unsigned long n = 0;
	unsigned int i;
	u32 off;

	KUNIT_ASSERT_LE(test, c->count, ARRAY_SIZE(addrs));
	memset(&sgt, 0, sizeof(sgt));
	if (c->nsegs)
		KUNIT_ASSERT_EQ(test, sg_alloc_table(&sgt, c->nsegs, GFP_KERNEL), 0);
	/* What a dma_map_sgtable() of the exporter leaves for the importer. */
	for_each_sgtable_sg(&sgt, sg, i) {
		sg_dma_address(sg) = c->segs[i].addr;
		sg_dma_len(sg) = c->segs[i].len;
		for (off = 0; off < c->segs[i].len && n < ARRAY_SIZE(want);
		     off += PAGE_SIZE)
			want[n++] = c->segs[i].addr + off;
	}
	sgt.nents = c->nsegs;

	for (i = 0; i < ARRAY_SIZE(addrs); i++)
		addrs[i] = DMA_MAPPING_ERROR;
	KUNIT_EXPECT_EQ(test, dg1_dma_addrs_from_sg(&sgt, NULL, c->count),
			c->ret);
	KUNIT_EXPECT_EQ(test, dg1_dma_addrs_from_sg(&sgt, addrs, c->count),
			c->ret);
	if (!c->ret) {
		KUNIT_EXPECT_EQ(test, n, c->count);
		for (i = 0; i < c->count; i++)
			KUNIT_EXPECT_EQ_MSG(test, addrs[i], want[i], "page %u", i);
	}
	/* Never past the array it was given, even for a long table. */
	for (i = c->count; i < ARRAY_SIZE(addrs); i++)
		KUNIT_EXPECT_EQ_MSG(test, addrs[i], DMA_MAPPING_ERROR,
				    "page %u", i);
	if (c->nsegs)
		sg_free_table(&sgt);
}

static struct kunit_case dg1_dmabuf_cases[] = {
	KUNIT_CASE(dg1_dmabuf_attach_rule),
	KUNIT_CASE(dg1_dma_runs),
	KUNIT_CASE_PARAM(dg1_dma_from_sg, dg1_sg_gen_params),
	{}
};

static struct kunit_suite dg1_dmabuf_suite = {
	.name = "dg1_dmabuf",
	.test_cases = dg1_dmabuf_cases,
};

kunit_test_suites(&dg1_dmabuf_suite);
