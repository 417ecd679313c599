/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_pcode.h - the PCODE mailbox: how the driver talks to the power
 * controller's firmware.
 *
 * The driver writes DATA and DATA1, then the mailbox with READY (bit 31)
 * and a command (bits 7:0, parameters in 23:8). The firmware runs the
 * command, leaves its answer in DATA/DATA1 and a status in bits 7:0, and
 * clears READY (i915 intel_pcode.c, xe xe_pcode.c; offsets and status
 * codes i915 i915_reg.h). The model answers at once, so READY reads clear
 * by the driver's first poll.
 *
 * Commands the firmware of a DG1 answers with success:
 * - DG1_PCODE_STATUS (0x7E) with DG1_UNCORE_GET_INIT_STATUS (0): DATA bit
 *   0 = init complete. Both i915 (intel_pcode_init) and xe
 *   (xe_pcode_probe_early) wait for it before touching the GT. By default
 *   firmware has finished by the time a driver loads; with
 *   pcode-init-delay-ns it finishes that long after the first register
 *   access after a reset, and until then GU_CNTL.LMEM_INIT reads 0 too
 *   (vdg1_global_regs.c), as LMEM training is part of what it does.
 * POWER_SETUP (0x7C) is known but none of its subcommands (the I1 power
 * limit reads and writes): GEN11_PCODE_ILLEGAL_SUBCOMMAND (4), which is why
 * i915 i915_hwmon.c does not ask a DG1 (xe xe_hwmon.c does, and logs it).
 * Anything else gets GEN6_PCODE_ILLEGAL_CMD (1), the answer of firmware
 * that does not implement a command; i915 and xe turn both into -ENXIO.
 */
#ifndef VDG1_PCODE_H
#define VDG1_PCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_regs.h"

struct vdg1_pcode {
	uint32_t mailbox;
	uint32_t data0;
	uint32_t data1;
	/* When firmware is done: VDG1_NEVER until the first access. */
	uint64_t init_done_ns;
};

struct vdg1_core;

void vdg1_pcode_reset(struct vdg1_core *core);
/* A register access at core->access_ns: starts firmware's clock. */
void vdg1_pcode_access(struct vdg1_core *core);
/* Has firmware finished initialising the device? */
bool vdg1_pcode_init_complete(const struct vdg1_core *core);

extern const struct vdg1_reg vdg1_pcode_regs[];
extern const size_t vdg1_pcode_regs_count;

#endif /* VDG1_PCODE_H */
