/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_global_regs.h - the GT's registers outside the engines and the
 * other components: fuses, forcewake, steering, LMEM layout, clocks.
 */
#ifndef VDG1_GLOBAL_REGS_H
#define VDG1_GLOBAL_REGS_H

#include <stddef.h>

#include "vdg1_reg.h"

extern const struct vdg1_reg vdg1_global_regs[];
extern const size_t vdg1_global_regs_count;

#endif /* VDG1_GLOBAL_REGS_H */
