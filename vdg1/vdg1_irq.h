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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_counters.h"
#include "vdg1_event.h"
#include "vdg1_regs.h"

struct vdg1_core;

/* Engine interrupt bits (the 16-bit field of IMR/IIR/identity). */
#define VDG1_IRQ_USER			(1u << 0)
#define VDG1_IRQ_MASTER_ERROR		(1u << 3)
#define VDG1_IRQ_FLUSH_NOTIFY		(1u << 4)
/*
 * A PPGTT (page or directory) fault is pending (Vol 13 General Assets,
 * "Engine Interrupt Vector Definition Table", bit 7: the legacy page fault
 * interface of every command streamer).
 */
#define VDG1_IRQ_PAGE_FAULT		(1u << 7)
#define VDG1_IRQ_CONTEXT_SWITCH		(1u << 8)
#define VDG1_IRQ_WAIT_SEMAPHORE		(1u << 11)

/*
 * Interrupt sources: the engines (enum vdg1_engine_id), then WDOAPerf,
 * the OA unit (class 4 "other", instance 2; Vol 13 General Assets,
 * "Interrupts", GT engine interrupts).
 */
#define VDG1_IRQ_SRC_WDOAPERF		VDG1_ENGINE_COUNT
#define VDG1_IRQ_SOURCES		(VDG1_ENGINE_COUNT + 1)
/* WDOAPerf's bit: the OA buffer is half full. */
#define VDG1_IRQ_OA_HALF_FULL		(1u << 12)

/* How long after a selector write the identity shows Data-Valid. */
#define VDG1_IRQ_DATA_VALID_DELAY_NS	100

/* Dwords of the class-enable block (0x190030..) and the mask block (0x190090..). */
#define VDG1_IRQ_ENABLE_REGS		6
#define VDG1_IRQ_MASK_REGS		26

struct vdg1_irq {
	/* DG1_MSTR_TILE_INTR bit 31: the MSI is gated by it. */
	bool tile_enable;
	/* The MSI's line: it fires on a rising edge. */
	bool line;
	/* Between an MSI and the tile master's re-enable. */
	bool in_service;
	uint32_t enable[VDG1_IRQ_ENABLE_REGS];
	uint32_t mask[VDG1_IRQ_MASK_REGS];
	/* Per source: enabled events not yet presented (collapsing register). */
	uint16_t pending[VDG1_IRQ_SOURCES];
	/* Second-level IIR per bank: primary, secondary, read since clear. */
	uint32_t dw[2];
	uint32_t dw_secondary[2];
	bool dw_read[2];
	/* Bits serviced through the selector since the last clear. */
	uint32_t dw_serviced[2];
	uint32_t selector[2];
	uint32_t identity[2];		/* without Data-Valid */
	bool identity_valid[2];
	bool identity_counted[2];
	struct vdg1_event data_valid[2];
	/* GU_MISC and PCU ISR/IMR/IIR/IER: storage only. */
	uint32_t unit[8];
};

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
/* The OA unit reports @bits (VDG1_IRQ_OA_HALF_FULL) as WDOAPerf. */
void vdg1_irq_oa(struct vdg1_core *core, uint16_t bits);

/*
 * Every register access of the guest, for the service's MMIO counts
 * (irq_mmio_reads/writes while an MSI is being serviced).
 */
void vdg1_irq_count_access(struct vdg1_core *core, int write);

/*
 * The counters page's irq_inject: bits 15:0 events, 23:16 the engine
 * (enum vdg1_engine_id); an engine that is absent is ignored.
 */
void vdg1_irq_inject(struct vdg1_core *core, uint32_t val);

extern const struct vdg1_reg vdg1_irq_regs[];
extern const size_t vdg1_irq_regs_count;

#endif /* VDG1_IRQ_H */
