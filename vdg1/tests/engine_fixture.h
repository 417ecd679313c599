/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_fixture.h - memory for engine tests: the GGTT's first 1 MiB
 * mapped to LMEM 0x100000, a PPGTT whose VA 0x10000000.. maps LMEM
 * 0x200000.. (1 MiB), and helpers to write commands there.
 *
 * GGTT layout: 0x0000 status page, 0x1000 ring (16 KiB), 0x10000 and
 * 0x14000 context images (2 pages each), 0x20000 scratch.
 */
#ifndef ENGINE_FIXTURE_H
#define ENGINE_FIXTURE_H

#include "vdg1_test.h"

#define FX_GGTT_LMEM	0x100000ull
#define FX_PPGTT_LMEM	0x200000ull
#define FX_PT_BASE	0x300000ull
#define FX_VA		0x10000000ull
#define FX_HWSP		0x0000u
#define FX_RING		0x1000u
#define FX_RING_SIZE	0x4000u
#define FX_CTX_A	0x10000u
#define FX_CTX_B	0x14000u
#define FX_SCRATCH	0x20000u

/* Commands (HARDWARE.md section 9). */
#define C_NOOP			0x00000000u
#define C_USER_INTERRUPT	0x01000000u
#define C_ARB_CHECK		0x02800000u
#define C_ARB_ON		0x04000001u
#define C_ARB_OFF		0x04000000u
#define C_BB_END		0x05000000u
#define C_BB_START		0x18800001u
#define C_BB_PPGTT		(1u << 8)
#define C_BB_SECOND		(1u << 22)
#define C_SDI			0x10000002u
#define C_SDI_GGTT		(1u << 22)
#define C_SDI_INDEX		0x10800001u
#define C_LRI(n)		(0x11000000u | (2 * (n) - 1))
#define C_SRM			0x12000002u
#define C_FLUSH_DW		0x13000002u
#define C_SEM_WAIT		0x0e000002u
#define C_SEM_POLL		(1u << 15)
#define C_SEM_EQ		(4u << 12)
#define C_MATH(n)		(0x0d000000u | ((n) - 1))

struct fx {
	struct fake_host h;
	struct vdg1_core *core;
	struct fake_pt pt;
};

void fx_init(struct fx *f);
void fx_fini(struct fx *f);
/* Dwords at a GGTT address / PPGTT VA of the fixture. */
void fx_ggtt_put(struct fx *f, uint32_t ggtt, const uint32_t *dw,
		 unsigned int n);
uint32_t fx_ggtt_get(struct fx *f, uint32_t ggtt);
void fx_va_put(struct fx *f, uint64_t va, const uint32_t *dw, unsigned int n);
uint32_t fx_va_get(struct fx *f, uint64_t va);
/*
 * A new context image at GGTT @ctx (PPHWSP, then the register state): ring
 * context only, restore inhibited, as the driver writes it; the ring at
 * GGTT @ring, the tail at @tail, the fixture's PML4.
 */
void fx_image(struct fx *f, uint32_t ctx, uint32_t ring, uint32_t tail);

#endif /* ENGINE_FIXTURE_H */
