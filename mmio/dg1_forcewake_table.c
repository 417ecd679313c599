// SPDX-License-Identifier: GPL-2.0
/*
 * Which forcewake domain each register offset needs: the range table and
 * the shadowed registers, plain data plus their lookups.
 *
 * The range table follows i915's __gen12_fw_ranges (intel_uncore.c), which
 * agrees with every row of the Force Wake and Steering Table (Vol 13
 * General Assets) that names a wake target; blank manual rows are folded
 * into a neighbour, adjacent rows of one domain merged. It is sorted and
 * gap-free from 0 to its last entry; kunit/dg1_forcewake_table_test.c and
 * scripts/check-fw-table.py hold it against the manual.
 *
 * DG1 has no VDBOX1/VDBOX3/VEBOX1, so the blocks of those engines carry no
 * domain, as in the manual (blank) and in i915.
 */

#include <linux/bsearch.h>
#include <linux/kernel.h>

#include "mmio/dg1_forcewake_table.h"

#define DG1_FW_RANGE(s, e, d)	{ .start = (s), .end = (e), .domains = (d) }

static const struct dg1_fw_range dg1_fw_ranges[] = {
	DG1_FW_RANGE(0x000000, 0x001fff, DG1_FW_NONE),	/* blank, AON */
	DG1_FW_RANGE(0x002000, 0x0026ff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x002700, 0x0027ff, DG1_FW_GT),
	DG1_FW_RANGE(0x002800, 0x002aff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x002b00, 0x002fff, DG1_FW_GT),
	DG1_FW_RANGE(0x003000, 0x003fff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x004000, 0x0051ff, DG1_FW_GT),	/* 0x4900- blank */
	DG1_FW_RANGE(0x005200, 0x007fff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x008000, 0x00813f, DG1_FW_GT),
	DG1_FW_RANGE(0x008140, 0x00815f, DG1_FW_RENDER),
	DG1_FW_RANGE(0x008160, 0x0081ff, DG1_FW_NONE),	/* blank, AON */
	DG1_FW_RANGE(0x008200, 0x0082ff, DG1_FW_GT),
	DG1_FW_RANGE(0x008300, 0x0084ff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x008500, 0x0094cf, DG1_FW_GT),
	DG1_FW_RANGE(0x0094d0, 0x00955f, DG1_FW_RENDER),
	DG1_FW_RANGE(0x009560, 0x0097ff, DG1_FW_NONE),	/* AON, blank */
	DG1_FW_RANGE(0x009800, 0x00afff, DG1_FW_GT),
	DG1_FW_RANGE(0x00b000, 0x00b3ff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x00b400, 0x00cfff, DG1_FW_GT),
	DG1_FW_RANGE(0x00d000, 0x00d7ff, DG1_FW_NONE),	/* AON */
	DG1_FW_RANGE(0x00d800, 0x00d8ff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x00d900, 0x00dbff, DG1_FW_GT),
	DG1_FW_RANGE(0x00dc00, 0x00efff, DG1_FW_RENDER),
	/* printed 0000FOFF, a letter O: the row's byte count (256) says F0FF */
	DG1_FW_RANGE(0x00f000, 0x0147ff, DG1_FW_GT),
	DG1_FW_RANGE(0x014800, 0x01ffff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x020000, 0x020fff, DG1_FW_VDBOX0),
	DG1_FW_RANGE(0x021000, 0x021fff, DG1_FW_VDBOX2),
	DG1_FW_RANGE(0x022000, 0x023fff, DG1_FW_GT),
	DG1_FW_RANGE(0x024000, 0x02417f, DG1_FW_NONE),	/* AON, blank */
	DG1_FW_RANGE(0x024180, 0x0249ff, DG1_FW_GT),
	DG1_FW_RANGE(0x024a00, 0x0251ff, DG1_FW_RENDER),
	DG1_FW_RANGE(0x025200, 0x0255ff, DG1_FW_GT),
	DG1_FW_RANGE(0x025600, 0x02567f, DG1_FW_VDBOX0),
	DG1_FW_RANGE(0x025680, 0x0259ff, DG1_FW_VDBOX2),
	DG1_FW_RANGE(0x025a00, 0x025a7f, DG1_FW_VDBOX0),
	DG1_FW_RANGE(0x025a80, 0x02ffff, DG1_FW_VDBOX2),
	DG1_FW_RANGE(0x030000, 0x03ffff, DG1_FW_GT),
	/* left out of the manual's table: SGunit, interrupts (i915: no wake) */
	DG1_FW_RANGE(0x040000, 0x1bffff, DG1_FW_NONE),
	DG1_FW_RANGE(0x1c0000, 0x1c3fff, DG1_FW_VDBOX0),	/* VCS0 */
	DG1_FW_RANGE(0x1c4000, 0x1c7fff, DG1_FW_NONE),	/* no VCS1 */
	DG1_FW_RANGE(0x1c8000, 0x1cbfff, DG1_FW_VEBOX0),	/* VECS0 */
	DG1_FW_RANGE(0x1cc000, 0x1cffff, DG1_FW_VDBOX0),	/* SFC */
	DG1_FW_RANGE(0x1d0000, 0x1d3fff, DG1_FW_VDBOX2),	/* VCS2 */
	/* blank to the manual table's end: absent VCS3-7, VECS1-3 */
	DG1_FW_RANGE(0x1d4000, 0x23ffff, DG1_FW_NONE),
};

static const unsigned int dg1_fw_ranges_count = ARRAY_SIZE(dg1_fw_ranges);

/*
 * Registers whose writes go through the shadow and need no forcewake
 * (Vol 13 General Assets, "Force Wake and Steering Table", notes): i915
 * intel_uncore.c gen12_shadowed_regs up to the DG1-era engines. Sorted;
 * @domains is DG1_FW_NONE, what such a write needs.
 */
static const struct dg1_fw_range dg1_fw_shadowed[] = {
	{ 0x002030, 0x002030 },	/* RCS tail */
	{ 0x002510, 0x002550 },	/* RCS ELSQ, EXECLIST_CONTROL */
	{ 0x00a008, 0x00a00c },
	{ 0x00a188, 0x00a188 },	/* FORCEWAKE_GT */
	{ 0x00a278, 0x00a278 },	/* FORCEWAKE_RENDER */
	{ 0x00a540, 0x00a56c },	/* FORCEWAKE_MEDIA_* */
	{ 0x00c4c8, 0x00c4c8 },
	{ 0x00c4d4, 0x00c4d4 },
	{ 0x00c600, 0x00c600 },
	{ 0x022030, 0x022030 },	/* BCS */
	{ 0x022510, 0x022550 },
	{ 0x1c0030, 0x1c0030 },	/* VCS0 */
	{ 0x1c0510, 0x1c0550 },
	{ 0x1c4030, 0x1c4030 },	/* VCS1 */
	{ 0x1c4510, 0x1c4550 },
	{ 0x1c8030, 0x1c8030 },	/* VECS0 */
	{ 0x1c8510, 0x1c8550 },
	{ 0x1d0030, 0x1d0030 },	/* VCS2 */
	{ 0x1d0510, 0x1d0550 },
	{ 0x1d4030, 0x1d4030 },	/* VCS3 */
	{ 0x1d4510, 0x1d4550 },
	{ 0x1d8030, 0x1d8030 },	/* VECS1 */
	{ 0x1d8510, 0x1d8550 },
};

static const unsigned int dg1_fw_shadowed_count = ARRAY_SIZE(dg1_fw_shadowed);

static int dg1_fw_range_cmp(const void *key, const void *elt)
{
	u32 offset = *(const u32 *)key;
	const struct dg1_fw_range *range = elt;

	if (offset < range->start)
		return -1;
	if (offset > range->end)
		return 1;
	return 0;
}

static const struct dg1_fw_range *dg1_fw_find(const struct dg1_fw_range *table,
					      unsigned int count, u32 offset)
{
	return bsearch(&offset, table, count, sizeof(*table),
		       dg1_fw_range_cmp);
}

/*
 * Wake domains a register offset needs: DG1_FW_NONE outside the GT ranges
 * that need a lookup, and past the end of the table.
 */
static u32 dg1_fw_table_lookup(u32 offset)
{
	const struct dg1_fw_range *range;

	if (offset >= DG1_FW_LOOKUP_LOW_END &&
	    offset < DG1_FW_LOOKUP_HIGH_START)
		return DG1_FW_NONE;

	range = dg1_fw_find(dg1_fw_ranges, dg1_fw_ranges_count, offset);
	return range ? range->domains : DG1_FW_NONE;
}

/* Whether writes to an offset bypass forcewake. */
static bool dg1_fw_table_shadowed(u32 offset)
{
	return dg1_fw_find(dg1_fw_shadowed, dg1_fw_shadowed_count, offset);
}

/**
 * dg1_fw_reg_read_domains() - domains to hold while reading a register
 * @reg: the register
 *
 * Return: DG1_FW_* mask, possibly DG1_FW_NONE.
 */
u32 dg1_fw_reg_read_domains(struct dg1_reg reg)
{
	return dg1_fw_table_lookup(reg.addr);
}

/**
 * dg1_fw_reg_write_domains() - domains to hold while writing a register
 * @reg: the register
 *
 * Shadowed registers take writes while their domain sleeps.
 *
 * Return: DG1_FW_* mask, possibly DG1_FW_NONE.
 */
u32 dg1_fw_reg_write_domains(struct dg1_reg reg)
{
	if (dg1_fw_table_shadowed(reg.addr))
		return DG1_FW_NONE;
	return dg1_fw_table_lookup(reg.addr);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_forcewake_table_test.c"
#endif
