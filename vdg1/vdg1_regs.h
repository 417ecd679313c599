/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_regs.h - the register file: which offsets in the low 4 MiB of BAR0
 * are implemented, and how each behaves.
 *
 * Components describe their registers in tables of struct vdg1_reg
 * (vdg1_reg.h; the global registers in vdg1_global_regs.c, the engines' in
 * vdg1_engine_regs.c); vdg1_regs_init() merges the tables vdg1_core.c
 * hands it, per core, leaving out fused-off units.
 * Offsets not in the merged table are unclaimed: they read 0 as the manual
 * says unimplemented MMIO does (Vol 13 General Assets, "SW Virtualization
 * Reserved MMIO range"). Masked registers follow i915 i915_reg_defs.h.
 */
#ifndef VDG1_REGS_H
#define VDG1_REGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_reg.h"

/*
 * Merge @tables (their registers whose box the fuses leave) into @core's
 * sorted register file; the caller lists them, so this file calls no
 * component. Returns 0, or -1 with @err saying what is wrong.
 */
int vdg1_regs_init(struct vdg1_core *core, const struct vdg1_reg_table *tables,
		   size_t ntables, const char **err);
void vdg1_regs_fini(struct vdg1_core *core);
void vdg1_regs_reset(struct vdg1_core *core);
const struct vdg1_reg *vdg1_regs_lookup(const struct vdg1_core *core,
					uint32_t offset);
/* @peek: a look without side effects (no MCR termination counted). */
uint32_t vdg1_regs_read(struct vdg1_core *core, const struct vdg1_reg *reg,
			uint32_t offset, bool peek);
void vdg1_regs_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		     uint32_t offset, uint32_t val);

#endif /* VDG1_REGS_H */
