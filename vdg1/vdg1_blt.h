/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_blt.h - the copy engine's blits: XY_FAST_COPY_BLT and
 * XY_FAST_COLOR_BLT, linear surfaces, through the context's PPGTT.
 */
#ifndef VDG1_BLT_H
#define VDG1_BLT_H

#include <stdint.h>

#include "vdg1_cs.h"

/*
 * Execute the blit @d (@len dwords); *@cost is set to the 4 KiB pages it
 * touched (at least 1).
 */
enum vdg1_cs_stop vdg1_blt_exec(struct vdg1_cs *cs, const uint32_t *d,
				unsigned int len, uint32_t *cost);

#endif /* VDG1_BLT_H */
