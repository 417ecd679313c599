// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_blt.c - XY_FAST_COPY_BLT and XY_FAST_COLOR_BLT on linear surfaces.
 *
 * Layouts (i915 gt/intel_gpu_commands.h and gt/intel_migrate.c, graphics
 * 12.0, HARDWARE.md 9.7):
 *  XY_FAST_COPY_BLT, 10 dwords: DW0 source tiling 21:20, destination
 *  tiling 14:13; DW1 colour depth 26:24 (0 8, 1 16, 3 32, 4 64, 5 128 bpp),
 *  destination pitch 15:0 in bytes; DW2/3 destination y1:x1 and y2:x2
 *  (exclusive); DW4/5 destination address; DW6 source y1:x1; DW7 source
 *  pitch; DW8/9 source address.
 *  XY_FAST_COLOR_BLT, 11 dwords: DW0 colour depth 21:19 (0 8, 1 16, 2 32,
 *  3 64, 5 128 bpp), destination tiling 14:13; DW1 destination pitch - 1
 *  in 17:0; DW2/3 y1:x1 and y2:x2; DW4/5 address; DW7.. the colour.
 * Tiled surfaces are not modelled: an instruction error. Addresses are in
 * the context's PPGTT; a fault stops the blit (rows before it are done).
 */
#include <stdlib.h>
#include <string.h>

#include "vdg1_blt.h"
#include "vdg1_state.h"
#include "vdg1_host.h"

#define COPY_DWORDS	10
#define COLOR_DWORDS	11
#define OP(h)		(((h) >> 22) & 0x7f)
#define OP_FAST_COPY	0x42
#define OP_FAST_COLOR	0x44

static enum vdg1_cs_stop blt_error(struct vdg1_cs *cs, uint32_t h,
				   const char *why)
{
	struct vdg1_core *core = cs->core;

	cs->error_header = h;
	core->cnt.engine_cs_errors[cs->engine]++;
	core->cnt.last_cs_error = h;
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		      "vdg1: engine %u: blit 0x%08x: %s", cs->engine, h, why);
	return VDG1_CS_ERROR;
}

static uint64_t addr48(uint32_t lo, uint32_t hi)
{
	return (uint64_t)(hi & 0xffff) << 32 | lo;
}

static uint32_t pages(uint64_t bytes)
{
	return (uint32_t)((bytes + 4095) / 4096);
}

static enum vdg1_cs_stop fast_copy(struct vdg1_cs *cs, const uint32_t *d,
				   uint32_t *cost)
{
	static const unsigned int bpp_of[8] = { 1, 2, 0, 4, 8, 16, 0, 0 };
	unsigned int bpp = bpp_of[(d[1] >> 24) & 7];
	uint32_t x1 = d[2] & 0xffff, y1 = d[2] >> 16;
	uint32_t x2 = d[3] & 0xffff, y2 = d[3] >> 16;
	uint32_t sx = d[6] & 0xffff, sy = d[6] >> 16;
	uint32_t dpitch = d[1] & 0xffff, spitch = d[7] & 0xffff;
	uint64_t dst = addr48(d[4], d[5]), src = addr48(d[8], d[9]);
	uint64_t row, bytes;
	uint8_t *buf;
	uint32_t y;

	if ((d[0] >> 20 & 3) || (d[0] >> 13 & 3))
		return blt_error(cs, d[0], "tiled surface");
	if (!bpp || x2 < x1 || y2 < y1)
		return blt_error(cs, d[0], "bad depth or rectangle");
	row = (uint64_t)(x2 - x1) * bpp;
	bytes = row * (y2 - y1);
	*cost = pages(2 * bytes) ? pages(2 * bytes) : 1;
	if (!bytes)
		return VDG1_CS_EMPTY;
	/* Rows packed in both surfaces: one transfer per 1 MiB. */
	if (dpitch == row && spitch == row && !x1 && !sx) {
		uint64_t off = 0, n;

		buf = malloc(1u << 20);
		if (!buf)
			return blt_error(cs, d[0], "host out of memory");
		for (; off < bytes; off += n) {
			n = bytes - off < (1u << 20) ? bytes - off : (1u << 20);
			if (vdg1_mmu_read(cs->core, &cs->ppgtt,
					  src + (uint64_t)sy * spitch + off,
					  buf, n) ||
			    vdg1_mmu_write(cs->core, &cs->ppgtt,
					   dst + (uint64_t)y1 * dpitch + off,
					   buf, n)) {
				free(buf);
				return VDG1_CS_FAULT;
			}
		}
		free(buf);
		return VDG1_CS_EMPTY;
	}
	buf = malloc(row);
	if (!buf)
		return blt_error(cs, d[0], "host out of memory");
	for (y = 0; y < y2 - y1; y++) {
		uint64_t s = src + (uint64_t)(sy + y) * spitch + sx * bpp;
		uint64_t t = dst + (uint64_t)(y1 + y) * dpitch + x1 * bpp;

		if (vdg1_mmu_read(cs->core, &cs->ppgtt, s, buf, row) ||
		    vdg1_mmu_write(cs->core, &cs->ppgtt, t, buf, row)) {
			free(buf);
			return VDG1_CS_FAULT;
		}
	}
	free(buf);
	return VDG1_CS_EMPTY;
}

static enum vdg1_cs_stop fast_color(struct vdg1_cs *cs, const uint32_t *d,
				    uint32_t *cost)
{
	static const unsigned int bpp_of[8] = { 1, 2, 4, 8, 0, 16, 0, 0 };
	unsigned int bpp = bpp_of[(d[0] >> 19) & 7];
	uint32_t x1 = d[2] & 0xffff, y1 = d[2] >> 16;
	uint32_t x2 = d[3] & 0xffff, y2 = d[3] >> 16;
	uint32_t pitch = (d[1] & 0x3ffff) + 1;
	uint64_t dst = addr48(d[4], d[5]), row;
	uint8_t pixel[16], *buf;
	uint32_t y, x;

	if (d[0] >> 13 & 3)
		return blt_error(cs, d[0], "tiled surface");
	if (!bpp || x2 < x1 || y2 < y1)
		return blt_error(cs, d[0], "bad depth or rectangle");
	row = (uint64_t)(x2 - x1) * bpp;
	*cost = pages(row * (y2 - y1)) ? pages(row * (y2 - y1)) : 1;
	if (!row || y2 == y1)
		return VDG1_CS_EMPTY;
	memcpy(pixel, &d[7], sizeof(pixel));
	buf = malloc(row);
	if (!buf)
		return blt_error(cs, d[0], "host out of memory");
	for (x = 0; x < x2 - x1; x++)
		memcpy(buf + (uint64_t)x * bpp, pixel, bpp);
	for (y = y1; y < y2; y++) {
		if (vdg1_mmu_write(cs->core, &cs->ppgtt,
				   dst + (uint64_t)y * pitch + x1 * bpp, buf,
				   row)) {
			free(buf);
			return VDG1_CS_FAULT;
		}
	}
	free(buf);
	return VDG1_CS_EMPTY;
}

enum vdg1_cs_stop vdg1_blt_exec(struct vdg1_cs *cs, const uint32_t *d,
				unsigned int len, uint32_t *cost)
{
	switch (OP(d[0])) {
	case OP_FAST_COPY:
		if (len != COPY_DWORDS)
			return blt_error(cs, d[0], "bad length");
		return fast_copy(cs, d, cost);
	case OP_FAST_COLOR:
		if (len != COLOR_DWORDS)
			return blt_error(cs, d[0], "bad length");
		return fast_color(cs, d, cost);
	}
	return blt_error(cs, d[0], "unknown blit");
}
