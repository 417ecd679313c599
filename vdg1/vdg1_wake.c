// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_wake.c - which power domain must be awake for a register access.
 *
 * vdg1's own encoding of the range table in Vol 13 General Assets,
 * "Force Wake and Steering Table", written from the manual and not from
 * any driver's table, so that the two can check each other. Only rows that
 * name a wake target are listed; adjacent rows with the same target are
 * merged (the comment says how many), so every entry starts at a row's
 * start address and ends at a row's end address. Rows without a target
 * are "blank": the model implements no register there, and
 * vdg1_regs.c refuses a table that puts one there.
 *
 * The table covers 0x0-0x3FFFF and 0x1C0000-0x23FFFF; everything else in
 * GTTMMADR is "defined elsewhere" (the section's "Miscellaneous Notes")
 * and, like i915, needs no wake (i915 intel_uncore.c maps
 * 0x40000-0x1BFFFF to no domain).
 *
 * Shadowed registers (i915 intel_uncore.c gen12_shadowed_regs) may be
 * written while their domain sleeps (the section's note on termination
 * after the fuse reflections); reads of them still need the domain awake
 * (i915 intel_uncore.c consults the shadow list for writes only).
 */
#include <stddef.h>

#include "vdg1_wake.h"

struct wake_range {
	uint32_t start, end;	/* inclusive */
	uint8_t target;		/* enum vdg1_fw_domain or VDG1_WAKE_AON */
};

#define AON	VDG1_WAKE_AON
#define GT	VDG1_FW_GT
#define RENDER	VDG1_FW_RENDER
#define VD0	VDG1_FW_VDBOX0
#define VD2	VDG1_FW_VDBOX2
#define VE0	VDG1_FW_VEBOX0

static const struct wake_range wake_ranges[] = {
	{ 0x000b00, 0x001fff, AON },	/* 4 rows */
	{ 0x002000, 0x0026ff, RENDER },
	{ 0x002700, 0x0027ff, GT },
	{ 0x002800, 0x002aff, RENDER },
	{ 0x002b00, 0x002fff, GT },
	{ 0x003000, 0x003fff, RENDER },
	{ 0x004000, 0x0048ff, GT },	/* 3 rows */
	{ 0x005200, 0x0053ff, RENDER },	/* 2 rows */
	{ 0x005500, 0x007fff, RENDER },	/* 3 rows */
	{ 0x008000, 0x00813f, GT },	/* 2 rows */
	{ 0x008140, 0x00815f, RENDER },	/* 2 rows */
	{ 0x008180, 0x0081ff, AON },
	{ 0x008200, 0x0082ff, GT },
	{ 0x008300, 0x0084ff, RENDER },
	{ 0x008500, 0x0087ff, GT },	/* 3 rows */
	{ 0x009000, 0x00947f, GT },	/* 2 rows */
	{ 0x0094d0, 0x00955f, RENDER },	/* 2 rows */
	{ 0x009560, 0x0095ff, AON },
	{ 0x009800, 0x00afff, GT },	/* 2 rows */
	{ 0x00b000, 0x00b3ff, RENDER },	/* 2 rows */
	{ 0x00b400, 0x00b47f, GT },
	{ 0x00c000, 0x00cfff, GT },	/* 2 rows */
	{ 0x00d000, 0x00d7ff, AON },	/* 2 rows */
	{ 0x00d800, 0x00d8ff, RENDER },
	{ 0x00d900, 0x00dbff, GT },
	{ 0x00dc00, 0x00ddff, RENDER },
	{ 0x00de80, 0x00e8ff, RENDER },	/* 7 rows */
	{ 0x00f000, 0x00ffff, GT },	/* 2 rows; "FOFF" is 0xF0FF by its byte count */
	{ 0x014800, 0x014fff, RENDER },
	{ 0x016e00, 0x01bfff, RENDER },	/* 4 rows */
	{ 0x020000, 0x020fff, VD0 },
	{ 0x021000, 0x021fff, VD2 },
	{ 0x022000, 0x023fff, GT },	/* 2 rows */
	{ 0x024000, 0x02407f, AON },
	{ 0x024180, 0x0241ff, GT },
	{ 0x024a00, 0x024a7f, RENDER },
	{ 0x025200, 0x0252ff, GT },	/* 2 rows */
	{ 0x025600, 0x02567f, VD0 },
	{ 0x025680, 0x0256ff, VD2 },
	{ 0x025a00, 0x025a7f, VD0 },
	{ 0x025a80, 0x025aff, VD2 },
	{ 0x030000, 0x03ffff, GT },
	{ 0x1c0000, 0x1c2bff, VD0 },	/* 6 rows */
	{ 0x1c2d00, 0x1c2dff, VD0 },
	{ 0x1c3f00, 0x1c3fff, VD0 },
	{ 0x1c8000, 0x1ca0ff, VE0 },	/* 2 rows */
	{ 0x1cbf00, 0x1cbfff, VE0 },
	{ 0x1cc000, 0x1ccfff, VD0 },
	{ 0x1d0000, 0x1d2bff, VD2 },	/* 6 rows */
	{ 0x1d2d00, 0x1d2dff, VD2 },
	{ 0x1d3f00, 0x1d3fff, VD2 },
	/* 0x1D4000-0x23FFFF: all blank. */
};

#define NRANGES	(sizeof(wake_ranges) / sizeof(wake_ranges[0]))

/* Register spans the manual's table covers (its two parts). */
static bool in_manual_table(uint32_t offset)
{
	return offset < 0x40000 || (offset >= 0x1c0000 && offset < 0x240000);
}

unsigned int vdg1_wake_target(uint32_t offset)
{
	size_t lo = 0, hi = NRANGES;

	if (!in_manual_table(offset))
		return VDG1_WAKE_NONE;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (offset < wake_ranges[mid].start)
			hi = mid;
		else if (offset > wake_ranges[mid].end)
			lo = mid + 1;
		else
			return wake_ranges[mid].target;
	}
	return VDG1_WAKE_BLANK;
}

/*
 * i915 gen12_shadowed_regs (intel_uncore.c), limited to what exists on DG1:
 * the engines RCS0, BCS0, VCS0, VECS0, VCS2 (i915 i915_pci.c) and the
 * global entries. Inclusive ranges, sorted.
 */
static const struct { uint32_t start, end; } shadowed[] = {
	{ 0x002030, 0x002030 },	/* RCS0 RING_TAIL */
	{ 0x002510, 0x002550 },	/* RCS0 ELSQ contents + EXECLIST_CONTROL */
	{ 0x00a008, 0x00a00c },	/* GEN6_RPNSWREQ, GEN6_RC_VIDEO_FREQ */
	{ 0x00a188, 0x00a188 },	/* FORCEWAKE_GT */
	{ 0x00a278, 0x00a278 },	/* FORCEWAKE_RENDER */
	{ 0x00a540, 0x00a56c },	/* FORCEWAKE_MEDIA_VDBOX/VEBOX */
	{ 0x00c4c8, 0x00c4c8 },
	{ 0x00c4d4, 0x00c4d4 },
	{ 0x00c600, 0x00c600 },
	{ 0x022030, 0x022030 },	/* BCS0 */
	{ 0x022510, 0x022550 },
	{ 0x1c0030, 0x1c0030 },	/* VCS0 */
	{ 0x1c0510, 0x1c0550 },
	{ 0x1c8030, 0x1c8030 },	/* VECS0 */
	{ 0x1c8510, 0x1c8550 },
	{ 0x1d0030, 0x1d0030 },	/* VCS2 */
	{ 0x1d0510, 0x1d0550 },
};

bool vdg1_wake_shadowed(uint32_t offset)
{
	size_t i;

	for (i = 0; i < sizeof(shadowed) / sizeof(shadowed[0]); i++)
		if (offset >= shadowed[i].start && offset <= shadowed[i].end)
			return true;
	return false;
}

/* The binary search needs sorted, disjoint ranges; the host tests run this. */
const char *vdg1_wake_check_table(void)
{
	size_t i;

	for (i = 0; i < NRANGES; i++) {
		const struct wake_range *r = &wake_ranges[i];

		if (r->start > r->end || r->start & 0xf || (r->end & 0xf) != 0xf)
			return "wake table: malformed range";
		if (i && r->start <= wake_ranges[i - 1].end)
			return "wake table: unsorted or overlapping";
		if (!in_manual_table(r->start) || !in_manual_table(r->end))
			return "wake table: range outside the manual's table";
		if (r->target > VDG1_WAKE_AON)
			return "wake table: bad target";
	}
	return NULL;
}
