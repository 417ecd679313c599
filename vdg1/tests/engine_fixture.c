// SPDX-License-Identifier: GPL-2.0-or-later
/* engine_fixture.c - see engine_fixture.h. */
#include <string.h>

#include "engine_fixture.h"

void fx_init(struct fx *f)
{
	uint64_t i;

	f->core = fake_core(&f->h, NULL);
	for (i = 0; i < 256; i++)
		vdg1_core_mmio_write(f->core, VDG1_GGTT_BASE + 8 * i,
				     (FX_GGTT_LMEM + i * 4096) | 0x3, 8);
	fake_pt_init(&f->pt, &f->h, FX_PT_BASE);
	for (i = 0; i < 256; i++)
		fake_pt_set(&f->pt, FX_VA + i * 4096, 1,
			    (FX_PPGTT_LMEM + i * 4096) | (1ull << 11) | 0x3);
}

void fx_fini(struct fx *f)
{
	vdg1_core_destroy(f->core);
}

void fx_ggtt_put(struct fx *f, uint32_t ggtt, const uint32_t *dw,
		 unsigned int n)
{
	memcpy(f->h.lmem + FX_GGTT_LMEM + ggtt, dw, 4 * n);
}

uint32_t fx_ggtt_get(struct fx *f, uint32_t ggtt)
{
	uint32_t v;

	memcpy(&v, f->h.lmem + FX_GGTT_LMEM + ggtt, 4);
	return v;
}

void fx_va_put(struct fx *f, uint64_t va, const uint32_t *dw, unsigned int n)
{
	memcpy(f->h.lmem + FX_PPGTT_LMEM + (va - FX_VA), dw, 4 * n);
}

uint32_t fx_va_get(struct fx *f, uint64_t va)
{
	uint32_t v;

	memcpy(&v, f->h.lmem + FX_PPGTT_LMEM + (va - FX_VA), 4);
	return v;
}

void fx_image(struct fx *f, uint32_t ctx, uint32_t ring, uint32_t tail)
{
	uint32_t r[0x34] = { 0 };

	r[0x03] = 0x00090009;
	r[0x07] = tail;
	r[0x09] = ring;
	r[0x0b] = (FX_RING_SIZE - 4096) | 1;
	r[0x31] = (uint32_t)(f->pt.pml4 >> 32);
	r[0x33] = (uint32_t)f->pt.pml4;
	fx_ggtt_put(f, ctx + 4096, r, 0x34);
}
