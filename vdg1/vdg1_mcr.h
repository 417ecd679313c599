/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_mcr.h - replicated (multicast) registers: per-instance storage and
 * steering through 0xFDC.
 *
 * Models Vol 13 General Assets, "Force Wake and Steering Table": the
 * replicated ranges of its table, the steering control register fields,
 * the replication group types and the fuse reflections after it; bit
 * positions and steering choice from i915 gt/intel_gt_regs.h and
 * gt/intel_gt_mcr.c.
 */
#ifndef VDG1_MCR_H
#define VDG1_MCR_H

#include <stdbool.h>
#include <stdint.h>

struct vdg1_core;
struct vdg1_reg;

enum vdg1_mcr_group {
	VDG1_MCR_NONE,
	VDG1_MCR_DSS,
	VDG1_MCR_L3BANK,
};

#define VDG1_MCR_MAX_INSTANCES	8

enum vdg1_mcr_group vdg1_mcr_group(uint32_t offset);
/* NULL if the range table is sorted and aligned, else what is wrong. */
const char *vdg1_mcr_check_table(void);

int vdg1_mcr_init(struct vdg1_core *core);
void vdg1_mcr_fini(struct vdg1_core *core);
void vdg1_mcr_reset_reg(struct vdg1_core *core, const struct vdg1_reg *reg);
bool vdg1_mcr_present(const struct vdg1_core *core, enum vdg1_mcr_group g,
		      unsigned int instance);
uint32_t vdg1_mcr_read(struct vdg1_core *core, const struct vdg1_reg *reg,
		       uint32_t offset, bool peek);
void vdg1_mcr_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		    uint32_t offset, uint32_t val);
/* Instance @instance's copy of @offset, without steering; false if absent. */
bool vdg1_mcr_peek_instance(struct vdg1_core *core, uint32_t offset,
			    unsigned int instance, uint32_t *val);

#endif /* VDG1_MCR_H */
