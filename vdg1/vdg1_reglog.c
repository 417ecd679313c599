// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_reglog.c - the log of register writes (vdg1_reglog.h): a bit per
 * dword for "written", so finding the next written register skips 64
 * dwords at a time, and the sources and last value of each.
 */
#include <stdlib.h>
#include <string.h>

#include "vdg1_reglog.h"

int vdg1_reglog_init(struct vdg1_reglog *l, uint32_t size)
{
	uint32_t dwords = size / 4;

	l->size = size;
	l->written = calloc((dwords + 63) / 64, sizeof(*l->written));
	l->sources = calloc(dwords, sizeof(*l->sources));
	l->raw = calloc(dwords, sizeof(*l->raw));
	if (!l->written || !l->sources || !l->raw) {
		vdg1_reglog_fini(l);
		return -1;
	}
	return 0;
}

void vdg1_reglog_fini(struct vdg1_reglog *l)
{
	free(l->written);
	free(l->sources);
	free(l->raw);
	memset(l, 0, sizeof(*l));
}

void vdg1_reglog_clear(struct vdg1_reglog *l)
{
	uint32_t dwords = l->size / 4;

	memset(l->written, 0, (dwords + 63) / 64 * sizeof(*l->written));
	memset(l->sources, 0, dwords);
}

void vdg1_reglog_note(struct vdg1_reglog *l, uint32_t offset, uint32_t val,
		      uint8_t source)
{
	uint32_t dw = offset / 4;

	if (offset >= l->size)
		return;
	l->written[dw / 64] |= 1ull << (dw % 64);
	l->sources[dw] |= source;
	l->raw[dw] = val;
}

uint32_t vdg1_reglog_next(const struct vdg1_reglog *l, uint32_t from)
{
	uint32_t dw = (from + 3) / 4, dwords = l->size / 4;
	uint64_t bits;

	if (from >= l->size)
		return UINT32_MAX;
	while (dw < dwords) {
		bits = l->written[dw / 64] >> (dw % 64);
		if (bits)
			return (dw + (uint32_t)__builtin_ctzll(bits)) * 4;
		dw = (dw / 64 + 1) * 64;
	}
	return UINT32_MAX;
}

uint8_t vdg1_reglog_sources(const struct vdg1_reglog *l, uint32_t offset)
{
	return offset < l->size ? l->sources[offset / 4] : 0;
}

uint32_t vdg1_reglog_raw(const struct vdg1_reglog *l, uint32_t offset)
{
	return offset < l->size ? l->raw[offset / 4] : 0;
}
