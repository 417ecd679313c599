// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the forcewake range table and the shadowed registers.
 *
 * The expected rows are the manual's Force Wake and Steering table
 * (Vol 13 General Assets), every row that names a wake target, AON meaning no
 * forcewake. Row 0xF000 reads 0xF0FF although printed 0000FOFF with a
 * letter O (its byte count, 256, says so).
 * scripts/check-fw-table.py makes the same check from the manual's text.
 */

#include <kunit/test.h>

#include "mmio/dg1_forcewake_table.h"

struct dg1_manual_row {
	unsigned int line;	/* in 000_5bc36b2a2bce547c.txt */
	u32 start;
	u32 end;
	u32 domains;
};

static const struct dg1_manual_row dg1_manual_rows[] = {
	{ 109, 0x000b00, 0x000bff, DG1_FW_NONE },
	{ 110, 0x000c00, 0x000dff, DG1_FW_NONE },
	{ 111, 0x000e00, 0x000fff, DG1_FW_NONE },
	{ 112, 0x001000, 0x001fff, DG1_FW_NONE },
	{ 113, 0x002000, 0x0026ff, DG1_FW_RENDER },
	{ 114, 0x002700, 0x0027ff, DG1_FW_GT },
	{ 115, 0x002800, 0x002aff, DG1_FW_RENDER },
	{ 116, 0x002b00, 0x002fff, DG1_FW_GT },
	{ 117, 0x003000, 0x003fff, DG1_FW_RENDER },
	{ 118, 0x004000, 0x0041ff, DG1_FW_GT },
	{ 119, 0x004200, 0x0043ff, DG1_FW_GT },
	{ 120, 0x004400, 0x0048ff, DG1_FW_GT },
	{ 123, 0x005200, 0x0052ff, DG1_FW_RENDER },
	{ 124, 0x005300, 0x0053ff, DG1_FW_RENDER },
	{ 126, 0x005500, 0x005fff, DG1_FW_RENDER },
	{ 127, 0x006000, 0x006fff, DG1_FW_RENDER },
	{ 128, 0x007000, 0x007fff, DG1_FW_RENDER },
	{ 129, 0x008000, 0x0080ff, DG1_FW_GT },
	{ 130, 0x008100, 0x00813f, DG1_FW_GT },
	{ 131, 0x008140, 0x00814f, DG1_FW_RENDER },
	{ 132, 0x008150, 0x00815f, DG1_FW_RENDER },
	{ 134, 0x008180, 0x0081ff, DG1_FW_NONE },
	{ 135, 0x008200, 0x0082ff, DG1_FW_GT },
	{ 136, 0x008300, 0x0084ff, DG1_FW_RENDER },
	{ 137, 0x008500, 0x0085ff, DG1_FW_GT },
	{ 139, 0x008600, 0x0086ff, DG1_FW_GT },
	{ 140, 0x008700, 0x0087ff, DG1_FW_GT },
	{ 142, 0x009000, 0x0093ff, DG1_FW_GT },
	{ 143, 0x009400, 0x00947f, DG1_FW_GT },
	{ 145, 0x0094d0, 0x00951f, DG1_FW_RENDER },
	{ 146, 0x009520, 0x00955f, DG1_FW_RENDER },
	{ 147, 0x009560, 0x0095ff, DG1_FW_NONE },
	{ 149, 0x009800, 0x009fff, DG1_FW_GT },
	{ 150, 0x00a000, 0x00afff, DG1_FW_GT },
	{ 151, 0x00b000, 0x00b0ff, DG1_FW_RENDER },
	{ 152, 0x00b100, 0x00b3ff, DG1_FW_RENDER },
	{ 153, 0x00b400, 0x00b47f, DG1_FW_GT },
	{ 155, 0x00c000, 0x00c7ff, DG1_FW_GT },
	{ 156, 0x00c800, 0x00cfff, DG1_FW_GT },
	{ 157, 0x00d000, 0x00d3ff, DG1_FW_NONE },
	{ 158, 0x00d400, 0x00d7ff, DG1_FW_NONE },
	{ 159, 0x00d800, 0x00d8ff, DG1_FW_RENDER },
	{ 160, 0x00d900, 0x00dbff, DG1_FW_GT },
	{ 161, 0x00dc00, 0x00ddff, DG1_FW_RENDER },
	{ 163, 0x00de80, 0x00deff, DG1_FW_RENDER },
	{ 164, 0x00df00, 0x00dfff, DG1_FW_RENDER },
	{ 165, 0x00e000, 0x00e0ff, DG1_FW_RENDER },
	{ 166, 0x00e100, 0x00e1ff, DG1_FW_RENDER },
	{ 167, 0x00e200, 0x00e3ff, DG1_FW_RENDER },
	{ 168, 0x00e400, 0x00e7ff, DG1_FW_RENDER },
	{ 169, 0x00e800, 0x00e8ff, DG1_FW_RENDER },
	{ 171, 0x00f000, 0x00f0ff, DG1_FW_GT },
	{ 172, 0x00f100, 0x00ffff, DG1_FW_GT },
	{ 174, 0x014800, 0x014fff, DG1_FW_RENDER },
	{ 176, 0x016e00, 0x016fff, DG1_FW_RENDER },
	{ 177, 0x017000, 0x017fff, DG1_FW_RENDER },
	{ 179, 0x018000, 0x019fff, DG1_FW_RENDER },
	{ 180, 0x01a000, 0x01bfff, DG1_FW_RENDER },
	{ 183, 0x020000, 0x020fff, DG1_FW_VDBOX0 },
	{ 184, 0x021000, 0x021fff, DG1_FW_VDBOX2 },
	{ 185, 0x022000, 0x022fff, DG1_FW_GT },
	{ 186, 0x023000, 0x023fff, DG1_FW_GT },
	{ 187, 0x024000, 0x02407f, DG1_FW_NONE },
	{ 189, 0x024180, 0x0241ff, DG1_FW_GT },
	{ 191, 0x024a00, 0x024a7f, DG1_FW_RENDER },
	{ 193, 0x025200, 0x02527f, DG1_FW_GT },
	{ 194, 0x025280, 0x0252ff, DG1_FW_GT },
	{ 196, 0x025600, 0x02567f, DG1_FW_VDBOX0 },
	{ 197, 0x025680, 0x0256ff, DG1_FW_VDBOX2 },
	{ 199, 0x025a00, 0x025a7f, DG1_FW_VDBOX0 },
	{ 200, 0x025a80, 0x025aff, DG1_FW_VDBOX2 },
	{ 204, 0x030000, 0x03ffff, DG1_FW_GT },
	{ 207, 0x1c0000, 0x1c07ff, DG1_FW_VDBOX0 },
	{ 208, 0x1c0800, 0x1c0fff, DG1_FW_VDBOX0 },
	{ 209, 0x1c1000, 0x1c1fff, DG1_FW_VDBOX0 },
	{ 210, 0x1c2000, 0x1c27ff, DG1_FW_VDBOX0 },
	{ 211, 0x1c2800, 0x1c2aff, DG1_FW_VDBOX0 },
	{ 212, 0x1c2b00, 0x1c2bff, DG1_FW_VDBOX0 },
	{ 214, 0x1c2d00, 0x1c2dff, DG1_FW_VDBOX0 },
	{ 216, 0x1c3f00, 0x1c3fff, DG1_FW_VDBOX0 },
	{ 227, 0x1c8000, 0x1c9fff, DG1_FW_VEBOX0 },
	{ 228, 0x1ca000, 0x1ca0ff, DG1_FW_VEBOX0 },
	{ 230, 0x1cbf00, 0x1cbfff, DG1_FW_VEBOX0 },
	{ 231, 0x1cc000, 0x1ccfff, DG1_FW_VDBOX0 },
	{ 235, 0x1d0000, 0x1d07ff, DG1_FW_VDBOX2 },
	{ 236, 0x1d0800, 0x1d0fff, DG1_FW_VDBOX2 },
	{ 237, 0x1d1000, 0x1d1fff, DG1_FW_VDBOX2 },
	{ 238, 0x1d2000, 0x1d27ff, DG1_FW_VDBOX2 },
	{ 239, 0x1d2800, 0x1d2aff, DG1_FW_VDBOX2 },
	{ 240, 0x1d2b00, 0x1d2bff, DG1_FW_VDBOX2 },
	{ 243, 0x1d2d00, 0x1d2dff, DG1_FW_VDBOX2 },
	{ 245, 0x1d3f00, 0x1d3fff, DG1_FW_VDBOX2 },
};

static void dg1_manual_row_desc(const struct dg1_manual_row *row, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "L%u 0x%06x-0x%06x", row->line,
		 row->start, row->end);
}

KUNIT_ARRAY_PARAM(dg1_manual, dg1_manual_rows, dg1_manual_row_desc);

static const struct dg1_fw_range *dg1_find_range(u32 offset)
{
	unsigned int i;

	for (i = 0; i < dg1_fw_ranges_count; i++)
		if (offset >= dg1_fw_ranges[i].start &&
		    offset <= dg1_fw_ranges[i].end)
			return &dg1_fw_ranges[i];
	return NULL;
}

/* Every table entry overlapping the row carries the row's domain. */
static void dg1_fw_table_matches_manual(struct kunit *test)
{
	const struct dg1_manual_row *row = test->param_value;
	u32 offset = row->start;

	while (offset <= row->end) {
		const struct dg1_fw_range *range = dg1_find_range(offset);

		KUNIT_ASSERT_NOT_NULL_MSG(test, range, "0x%06x not covered",
					  offset);
		KUNIT_EXPECT_EQ_MSG(test, range->domains, row->domains,
				    "entry 0x%06x-0x%06x", range->start,
				    range->end);
		if (range->end >= row->end)
			break;
		offset = range->end + 1;
	}
}

static void dg1_fw_table_lookup_matches_manual(struct kunit *test)
{
	const struct dg1_manual_row *row = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_fw_table_lookup(row->start), row->domains);
	KUNIT_EXPECT_EQ(test, dg1_fw_table_lookup(row->end & ~3u),
			row->domains);
}

static void dg1_fw_table_sorted_gap_free(struct kunit *test)
{
	unsigned int i;

	KUNIT_ASSERT_GT(test, dg1_fw_ranges_count, 0u);
	KUNIT_EXPECT_EQ(test, dg1_fw_ranges[0].start, 0u);
	for (i = 0; i < dg1_fw_ranges_count; i++) {
		const struct dg1_fw_range *r = &dg1_fw_ranges[i];

		KUNIT_EXPECT_LE_MSG(test, r->start, r->end, "entry %u", i);
		/* Whole registers: dword-aligned ends. */
		KUNIT_EXPECT_EQ_MSG(test, r->start & 3, 0u, "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, (r->end + 1) & 3, 0u, "entry %u", i);
		if (i)
			KUNIT_EXPECT_EQ_MSG(test, r->start,
					    dg1_fw_ranges[i - 1].end + 1,
					    "entry %u", i);
	}
}

static void dg1_fw_table_covers_lookup_ranges(struct kunit *test)
{
	const struct dg1_fw_range *last = &dg1_fw_ranges[dg1_fw_ranges_count - 1];

	/* Both areas that need a lookup (i915 NEEDS_FORCE_WAKE), to the table's end. */
	KUNIT_EXPECT_NOT_NULL(test, dg1_find_range(DG1_FW_LOOKUP_LOW_END - 1));
	KUNIT_EXPECT_NOT_NULL(test, dg1_find_range(DG1_FW_LOOKUP_HIGH_START));
	KUNIT_EXPECT_GE(test, last->end, 0x23ffffu);
}

static void dg1_fw_table_one_domain_each(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < dg1_fw_ranges_count; i++) {
		u32 domains = dg1_fw_ranges[i].domains;

		KUNIT_EXPECT_EQ_MSG(test, domains & ~DG1_FW_ALL, 0u,
				    "entry %u", i);
		KUNIT_EXPECT_LE_MSG(test, hweight32(domains), 1u, "entry %u", i);
	}
}

/* First and last dword of every entry, through the real lookup. */
static void dg1_fw_table_entry_boundaries(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < dg1_fw_ranges_count; i++) {
		const struct dg1_fw_range *r = &dg1_fw_ranges[i];
		bool looked_up = r->start < DG1_FW_LOOKUP_LOW_END ||
				 r->start >= DG1_FW_LOOKUP_HIGH_START;
		u32 want = looked_up ? r->domains : DG1_FW_NONE;

		KUNIT_EXPECT_EQ_MSG(test, dg1_fw_table_lookup(r->start), want,
				    "0x%06x", r->start);
		KUNIT_EXPECT_EQ_MSG(test, dg1_fw_table_lookup(r->end & ~3u),
				    want, "0x%06x", r->end & ~3u);
	}
}

struct dg1_lookup_case {
	const char *name;
	u32 offset;
	u32 read;
	u32 write;
};

static const struct dg1_lookup_case dg1_lookup_cases[] = {
	{ "0x000000 first", 0x000000, DG1_FW_NONE, DG1_FW_NONE },
	{ "MCR selector 0xfdc", 0x000fdc, DG1_FW_NONE, DG1_FW_NONE },
	{ "RPM_CONFIG0 0xd00", 0x000d00, DG1_FW_NONE, DG1_FW_NONE },
	{ "FW ack render 0xd84", 0x000d84, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x001ffc last AON", 0x001ffc, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x002000 RCS base", 0x002000, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "RCS tail 0x2030 shadowed", 0x002030, DG1_FW_RENDER, DG1_FW_NONE },
	{ "RCS timestamp 0x2358", 0x002358, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x0026fc", 0x0026fc, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x002700", 0x002700, DG1_FW_GT, DG1_FW_GT },
	{ "0x00813c", 0x00813c, DG1_FW_GT, DG1_FW_GT },
	{ "0x008140", 0x008140, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "fuse 0x9118", 0x009118, DG1_FW_GT, DG1_FW_GT },
	{ "fuse 0x9140", 0x009140, DG1_FW_GT, DG1_FW_GT },
	{ "0x0094cc", 0x0094cc, DG1_FW_GT, DG1_FW_GT },
	{ "0x0094d0", 0x0094d0, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x0094e4 Wa_1408615072", 0x0094e4, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x009528 DSS", 0x009528, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x00955c", 0x00955c, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x009560 AON", 0x009560, DG1_FW_NONE, DG1_FW_NONE },
	{ "FORCEWAKE_GT 0xa188", 0x00a188, DG1_FW_GT, DG1_FW_NONE },
	{ "CTC_MODE 0xa26c", 0x00a26c, DG1_FW_GT, DG1_FW_GT },
	{ "FORCEWAKE_MEDIA_VEBOX 0xa56c", 0x00a56c, DG1_FW_GT, DG1_FW_NONE },
	{ "0x00a570 not shadowed", 0x00a570, DG1_FW_GT, DG1_FW_GT },
	{ "L3SQCREG1 0xb100", 0x00b100, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x00f000 typo row", 0x00f000, DG1_FW_GT, DG1_FW_GT },
	{ "0x00f0fc typo row end", 0x00f0fc, DG1_FW_GT, DG1_FW_GT },
	{ "0x0147fc", 0x0147fc, DG1_FW_GT, DG1_FW_GT },
	{ "0x014800", 0x014800, DG1_FW_RENDER, DG1_FW_RENDER },
	{ "0x020000", 0x020000, DG1_FW_VDBOX0, DG1_FW_VDBOX0 },
	{ "0x021ffc", 0x021ffc, DG1_FW_VDBOX2, DG1_FW_VDBOX2 },
	{ "BCS timestamp 0x22358", 0x022358, DG1_FW_GT, DG1_FW_GT },
	{ "0x03fffc last low", 0x03fffc, DG1_FW_GT, DG1_FW_GT },
	{ "0x040000 no lookup", 0x040000, DG1_FW_NONE, DG1_FW_NONE },
	{ "GU_CNTL 0x101010", 0x101010, DG1_FW_NONE, DG1_FW_NONE },
	{ "GSMBASE 0x108100", 0x108100, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x115ffc no lookup", 0x115ffc, DG1_FW_NONE, DG1_FW_NONE },
	{ "FW ack GT 0x130044", 0x130044, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x1bfffc", 0x1bfffc, DG1_FW_NONE, DG1_FW_NONE },
	{ "VCS0 base 0x1c0000", 0x1c0000, DG1_FW_VDBOX0, DG1_FW_VDBOX0 },
	{ "VCS0 tail shadowed", 0x1c0030, DG1_FW_VDBOX0, DG1_FW_NONE },
	{ "VCS0 CGCTL3F10", 0x1c3f10, DG1_FW_VDBOX0, DG1_FW_VDBOX0 },
	{ "0x1c3ffc", 0x1c3ffc, DG1_FW_VDBOX0, DG1_FW_VDBOX0 },
	{ "0x1c4000 no VCS1", 0x1c4000, DG1_FW_NONE, DG1_FW_NONE },
	{ "VECS0 timestamp", 0x1c8358, DG1_FW_VEBOX0, DG1_FW_VEBOX0 },
	{ "0x1cc000 SFC", 0x1cc000, DG1_FW_VDBOX0, DG1_FW_VDBOX0 },
	{ "VCS2 base 0x1d0000", 0x1d0000, DG1_FW_VDBOX2, DG1_FW_VDBOX2 },
	{ "VCS2 CGCTL3F10", 0x1d3f10, DG1_FW_VDBOX2, DG1_FW_VDBOX2 },
	{ "0x1d3ffc", 0x1d3ffc, DG1_FW_VDBOX2, DG1_FW_VDBOX2 },
	{ "0x1d4000 no VCS3", 0x1d4000, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x23fffc manual end", 0x23fffc, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x240000 past the table", 0x240000, DG1_FW_NONE, DG1_FW_NONE },
	{ "0x3ffffc last register", 0x3ffffc, DG1_FW_NONE, DG1_FW_NONE },
};

static void dg1_lookup_case_desc(const struct dg1_lookup_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dg1_lookup, dg1_lookup_cases, dg1_lookup_case_desc);

static void dg1_fw_lookup(struct kunit *test)
{
	const struct dg1_lookup_case *c = test->param_value;
	struct dg1_reg reg = DG1_REG(c->offset);

	KUNIT_EXPECT_EQ(test, dg1_fw_reg_read_domains(reg), c->read);
	KUNIT_EXPECT_EQ(test, dg1_fw_reg_write_domains(reg), c->write);
}

static void dg1_fw_shadowed_sorted(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < dg1_fw_shadowed_count; i++) {
		const struct dg1_fw_range *s = &dg1_fw_shadowed[i];

		KUNIT_EXPECT_LE_MSG(test, s->start, s->end, "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, s->start & 3, 0u, "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, s->domains, (u32)DG1_FW_NONE,
				    "entry %u", i);
		if (i)
			KUNIT_EXPECT_GT_MSG(test, s->start,
					    dg1_fw_shadowed[i - 1].end,
					    "entry %u", i);
	}
}

struct dg1_shadow_case {
	u32 start;
	u32 end;
	u32 domains;	/* what a read of the register needs */
};

/* i915 gen12_shadowed_regs with the domain of each entry (intel_uncore.c). */
static const struct dg1_shadow_case dg1_shadow_cases[] = {
	{ 0x002030, 0x002030, DG1_FW_RENDER },
	{ 0x002510, 0x002550, DG1_FW_RENDER },
	{ 0x00a008, 0x00a00c, DG1_FW_GT },
	{ 0x00a188, 0x00a188, DG1_FW_GT },
	{ 0x00a278, 0x00a278, DG1_FW_GT },
	{ 0x00a540, 0x00a56c, DG1_FW_GT },
	{ 0x00c4c8, 0x00c4c8, DG1_FW_GT },
	{ 0x00c4d4, 0x00c4d4, DG1_FW_GT },
	{ 0x00c600, 0x00c600, DG1_FW_GT },
	{ 0x022030, 0x022030, DG1_FW_GT },
	{ 0x022510, 0x022550, DG1_FW_GT },
	{ 0x1c0030, 0x1c0030, DG1_FW_VDBOX0 },
	{ 0x1c0510, 0x1c0550, DG1_FW_VDBOX0 },
	{ 0x1c4030, 0x1c4030, DG1_FW_NONE },
	{ 0x1c4510, 0x1c4550, DG1_FW_NONE },
	{ 0x1c8030, 0x1c8030, DG1_FW_VEBOX0 },
	{ 0x1c8510, 0x1c8550, DG1_FW_VEBOX0 },
	{ 0x1d0030, 0x1d0030, DG1_FW_VDBOX2 },
	{ 0x1d0510, 0x1d0550, DG1_FW_VDBOX2 },
	{ 0x1d4030, 0x1d4030, DG1_FW_NONE },
	{ 0x1d4510, 0x1d4550, DG1_FW_NONE },
	{ 0x1d8030, 0x1d8030, DG1_FW_NONE },
	{ 0x1d8510, 0x1d8550, DG1_FW_NONE },
};

static void dg1_shadow_case_desc(const struct dg1_shadow_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "0x%06x-0x%06x", c->start,
		 c->end);
}

KUNIT_ARRAY_PARAM(dg1_shadow, dg1_shadow_cases, dg1_shadow_case_desc);

static void dg1_fw_shadowed_entry(struct kunit *test)
{
	const struct dg1_shadow_case *c = test->param_value;
	const struct dg1_fw_range *range = dg1_find_range(c->start);
	u32 offset;

	/* Within one range of the table, so one domain for reads. */
	KUNIT_ASSERT_NOT_NULL(test, range);
	KUNIT_EXPECT_LE(test, c->end, range->end);
	KUNIT_EXPECT_EQ(test, range->domains, c->domains);

	for (offset = c->start; offset <= c->end; offset += 4) {
		KUNIT_EXPECT_TRUE(test, dg1_fw_table_shadowed(offset));
		KUNIT_EXPECT_EQ(test, dg1_fw_reg_write_domains(DG1_REG(offset)),
				(u32)DG1_FW_NONE);
	}
	KUNIT_EXPECT_FALSE(test, dg1_fw_table_shadowed(c->start - 4));
	KUNIT_EXPECT_FALSE(test, dg1_fw_table_shadowed(c->end + 4));
}

static void dg1_fw_shadowed_list_complete(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dg1_fw_shadowed_count,
			(unsigned int)ARRAY_SIZE(dg1_shadow_cases));
}

static struct kunit_case dg1_forcewake_table_cases[] = {
	KUNIT_CASE_PARAM(dg1_fw_table_matches_manual, dg1_manual_gen_params),
	KUNIT_CASE_PARAM(dg1_fw_table_lookup_matches_manual,
			 dg1_manual_gen_params),
	KUNIT_CASE(dg1_fw_table_sorted_gap_free),
	KUNIT_CASE(dg1_fw_table_covers_lookup_ranges),
	KUNIT_CASE(dg1_fw_table_one_domain_each),
	KUNIT_CASE(dg1_fw_table_entry_boundaries),
	KUNIT_CASE_PARAM(dg1_fw_lookup, dg1_lookup_gen_params),
	KUNIT_CASE(dg1_fw_shadowed_sorted),
	KUNIT_CASE_PARAM(dg1_fw_shadowed_entry, dg1_shadow_gen_params),
	KUNIT_CASE(dg1_fw_shadowed_list_complete),
	{}
};

static struct kunit_suite dg1_forcewake_table_suite = {
	.name = "dg1_forcewake_table",
	.test_cases = dg1_forcewake_table_cases,
};

kunit_test_suites(&dg1_forcewake_table_suite);
