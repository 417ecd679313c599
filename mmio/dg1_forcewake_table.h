/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FORCEWAKE_TABLE_H_
#define _DG1_FORCEWAKE_TABLE_H_

#include <linux/types.h>

#include "mmio/dg1_forcewake_types.h"
#include "regs/dg1_reg_defs.h"

/*
 * Only offsets below 0x40000 or from 0x116000 on can need forcewake; the
 * rest (SGunit, interrupts, display) is outside the GT (i915 intel_uncore.c
 * NEEDS_FORCE_WAKE).
 */
#define DG1_FW_LOOKUP_LOW_END		0x40000
#define DG1_FW_LOOKUP_HIGH_START	0x116000

u32 dg1_fw_reg_read_domains(struct dg1_reg reg);
u32 dg1_fw_reg_write_domains(struct dg1_reg reg);

#endif /* _DG1_FORCEWAKE_TABLE_H_ */
