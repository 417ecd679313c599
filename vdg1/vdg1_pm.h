/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_pm.h - the RC6 registers drivers program and read: RC6 and
 * power-gating control, the RC6 residency and state.
 *
 * The control registers are plain storage (i915 gt/intel_rc6.c writes
 * them at every GT unpark), RC_CONTROL and PG_ENABLE besides re-evaluate
 * the wells. RC6 residency and GT_CORE_STATUS's RC state follow the wells
 * (vdg1_fw.h: RC6 is every well asleep with RC_CONTROL's RC6 enabled).
 * The frequency is vdg1_freq.c's; the package's energy, power SKU and PL1
 * are vdg1_power.c's. Which
 * domain each lives in: the FWST table (GT rows 0xA000-0xAFFF), except
 * RC_CONTROL and RC_STATE, which stay powered in RC6 (a driver leaves RC6
 * through them); 0x138000-0x145FFF are outside it (no wake).
 */
#ifndef VDG1_PM_H
#define VDG1_PM_H

#include <stddef.h>

#include "vdg1_regs.h"

extern const struct vdg1_reg vdg1_pm_regs[];
extern const size_t vdg1_pm_regs_count;

#endif /* VDG1_PM_H */
