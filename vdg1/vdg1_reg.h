/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_reg.h - how a component describes its registers: the descriptor,
 * its flags, and the masked-register update rule. Types and one inline;
 * the register file that merges the tables is vdg1_regs.h.
 */
#ifndef VDG1_REG_H
#define VDG1_REG_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_fw_domain.h"

struct vdg1_core;

/* Register descriptor flags. */
#define VDG1_REG_RO	(1u << 0)	/* writes are claimed but dropped */
#define VDG1_REG_MASKED	(1u << 1)	/* bits 31:16 enable writes to 15:0 */
#define VDG1_REG_MCR	(1u << 2)	/* replicated: one value per instance */
/*
 * Powered whatever its domain's state: RC6's own controls, which drivers
 * must reach in RC6 to leave it (vdg1_pm.c).
 */
#define VDG1_REG_AON	(1u << 3)

/* vdg1_reg.box: the register exists only while this unit is not fused off. */
#define VDG1_BOX_ALWAYS		0
#define VDG1_BOX(d)		((d) + 1)	/* d: enum vdg1_fw_domain */

/*
 * One implemented register, or a run of @count dwords with the same
 * behaviour. Without hooks a register is plain storage (core->mmio, or
 * per-instance storage for VDG1_REG_MCR), reset to @reset; masked registers
 * merge writes (i915 i915_reg_defs.h). A read hook supplies the value and
 * must have no side effects (sub-dword writes peek through it); a register
 * whose reads change state (a snapshot, a count) adds @read_fx, used for
 * the guest's own reads instead of @read; a write hook
 * receives the raw 32-bit value written and owns its semantics. Replicated
 * registers take no hooks.
 */
struct vdg1_reg {
	uint32_t offset;
	uint32_t count;
	uint32_t flags;
	uint32_t reset;
	uint32_t (*read)(struct vdg1_core *core, uint32_t offset);
	uint32_t (*read_fx)(struct vdg1_core *core, uint32_t offset);
	void (*write)(struct vdg1_core *core, uint32_t offset, uint32_t val);
	const char *name;
	unsigned int box;
};

static inline uint32_t vdg1_masked_update(uint32_t old, uint32_t val)
{
	uint32_t m = val >> 16;

	/*
	 * Only bits whose enable (bit + 16) is set change (i915
	 * i915_reg_defs.h); the enables read back as 0 (Ivy Bridge PRM Vol 1
	 * Part 5, Video Codec Engine Command Streamer, "VCS_INSTPM - VCS
	 * Instruction Parser Mode Register").
	 */
	return ((old & ~m) | (val & m)) & 0xffff;
}

/* One component's table, as vdg1_regs_init() takes them. */
struct vdg1_reg_table {
	const struct vdg1_reg *regs;
	size_t count;
};

#endif /* VDG1_REG_H */
