/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_irq.h - interrupt aggregation: engine events through the per-class
 * enables and per-instance masks into the double-buffered GT_INTR_DW
 * registers, the selector / identity protocol, the GFX and tile masters,
 * and the MSI (Vol 13 General Assets, "Interrupts"; register offsets and
 * the DG1 service order from i915 i915_irq.c and gt/intel_gt_irq.c).
 *
 * Engines report events with vdg1_irq_engine(); everything else is the
 * registers (vdg1_irq_regs, merged by vdg1_regs.c).
 */
#ifndef VDG1_IRQ_H
#define VDG1_IRQ_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_counters.h"
#include "vdg1_regs.h"

struct vdg1_core;

/* Engine interrupt bits (the 16-bit field of IMR/IIR/identity). */
#define VDG1_IRQ_USER			(1u << 0)
#define VDG1_IRQ_MASTER_ERROR		(1u << 3)
#define VDG1_IRQ_FLUSH_NOTIFY		(1u << 4)
#define VDG1_IRQ_CONTEXT_SWITCH		(1u << 8)
#define VDG1_IRQ_WAIT_SEMAPHORE		(1u << 11)

struct vdg1_irq;

void vdg1_irq_init(struct vdg1_core *core);
void vdg1_irq_reset(struct vdg1_core *core);
void vdg1_irq_fini(struct vdg1_core *core);

/*
 * Engine @engine (enum vdg1_engine_id) reports the events @bits: they
 * pass its class enable, collect behind its instance mask and, unmasked,
 * reach the second level and the masters.
 */
void vdg1_irq_engine(struct vdg1_core *core, unsigned int engine,
		     uint16_t bits);

/*
 * Every register access of the guest, for the service's MMIO counts
 * (irq_mmio_reads/writes while an MSI is being serviced).
 */
void vdg1_irq_count_access(struct vdg1_core *core, int write);

extern const struct vdg1_reg vdg1_irq_regs[];
extern const size_t vdg1_irq_regs_count;

#endif /* VDG1_IRQ_H */
