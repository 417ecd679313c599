/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_wake.h - which power domain an access to a register needs.
 *
 * vdg1's own encoding of Vol 13 General Assets, "Force Wake and Steering
 * Table" (the wake targets of its range table), and i915's list of
 * shadowed registers (intel_uncore.c gen12_shadowed_regs), which may be
 * written while asleep.
 */
#ifndef VDG1_WAKE_H
#define VDG1_WAKE_H

#include <stdbool.h>
#include <stdint.h>

#include "vdg1_fw_domain.h"

/* The wake target of an offset: an enum vdg1_fw_domain, or one of these. */
#define VDG1_WAKE_AON	VDG1_FW_COUNT		/* always on: never sleeps */
#define VDG1_WAKE_NONE	(VDG1_FW_COUNT + 1)	/* outside the manual's table */
#define VDG1_WAKE_BLANK	(VDG1_FW_COUNT + 2)	/* a table row without target */

unsigned int vdg1_wake_target(uint32_t offset);
bool vdg1_wake_shadowed(uint32_t offset);
/* NULL if the table is sorted and well formed, else what is wrong. */
const char *vdg1_wake_check_table(void);

#endif /* VDG1_WAKE_H */
