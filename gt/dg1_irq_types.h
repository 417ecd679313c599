/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_IRQ_TYPES_H_
#define _DG1_IRQ_TYPES_H_

#include <linux/spinlock_types.h>
#include <linux/types.h>

#include "gt/dg1_engine_info_types.h"

struct dg1_gt;

/**
 * typedef dg1_irq_engine_fn - an engine's events, from the interrupt handler
 * @data: what the submission layer registered
 * @id: the engine
 * @iir: its interrupt bits (GT_*_INTERRUPT)
 *
 * Called in hard interrupt context with &dg1_irq.lock held.
 */
typedef void (*dg1_irq_engine_fn)(void *data, enum dg1_hw_engine_id id,
				  u16 iir);

/**
 * typedef dg1_irq_oa_fn - the OA unit's events, from the interrupt handler
 * @data: what the OA layer registered
 * @iir: WDOAPerf's interrupt bits (GT_OA_HALF_FULL_INTERRUPT)
 *
 * Called in hard interrupt context with &dg1_irq.lock held.
 */
typedef void (*dg1_irq_oa_fn)(void *data, u16 iir);

/**
 * enum dg1_irq_bit_stat - engine interrupt bits counted one by one
 * @DG1_IRQ_STAT_USER: user interrupt (breadcrumbs)
 * @DG1_IRQ_STAT_ERROR: command streamer master error
 * @DG1_IRQ_STAT_CTX_SWITCH: context switch (CSB)
 * @DG1_IRQ_STAT_WAIT_SEMAPHORE: semaphore wait
 * @DG1_IRQ_STAT_OTHER: any other bit
 * @DG1_IRQ_STAT_PAGE_FAULT: page fault
 * @DG1_IRQ_STAT_COUNT: number of counters
 */
enum dg1_irq_bit_stat {
	DG1_IRQ_STAT_USER,
	DG1_IRQ_STAT_ERROR,
	DG1_IRQ_STAT_CTX_SWITCH,
	DG1_IRQ_STAT_WAIT_SEMAPHORE,
	DG1_IRQ_STAT_OTHER,
	DG1_IRQ_STAT_PAGE_FAULT,
	DG1_IRQ_STAT_COUNT
};

/**
 * struct dg1_irq_stats - what the handler saw, for debugfs
 */
struct dg1_irq_stats {
	/** @interrupts: handler calls that found the tile pending */
	u64 interrupts;
	/** @not_ours: handler calls with nothing pending */
	u64 not_ours;
	/** @identities: engine and unit identities read */
	u64 identities;
	/** @engine_bits: per engine, per counted bit */
	u64 engine_bits[DG1_HW_ENGINE_ID_COUNT][DG1_IRQ_STAT_COUNT];
	/** @oa_half_full: OA half-full interrupts */
	u64 oa_half_full;
	/** @dropped: engine or OA events with no handler registered */
	u64 dropped;
	/** @spurious: a bank bit whose identity had no event bit */
	u64 spurious;
	/** @unknown: identities of no present engine or handled unit */
	u64 unknown;
	/** @timeouts: identities that never showed Data-Valid */
	u64 timeouts;
};

/**
 * struct dg1_irq - the device's interrupt: MSI and the GT's aggregation
 */
struct dg1_irq {
	/** @lock: serialises the handler's service with (un)registration */
	spinlock_t lock;
	/** @irq: Linux interrupt number, 0 if none installed */
	int irq;
	/** @enabled: the handler may touch the hardware */
	bool enabled;
	/** @engine_fn: the submission layer's engine handler, or NULL */
	dg1_irq_engine_fn engine_fn;
	/** @engine_data: its argument */
	void *engine_data;
	/** @oa_fn: the OA stream's handler, or NULL */
	dg1_irq_oa_fn oa_fn;
	/** @oa_data: its argument */
	void *oa_data;
	/** @stats: counts, under @lock */
	struct dg1_irq_stats stats;
};

/**
 * struct dg1_irq_setup - register values that enable the present engines
 *
 * Written at postinstall (i915 gt/intel_gt_irq.c, gen11_gt_irq_postinstall()
 * without GuC submission).
 */
struct dg1_irq_setup {
	/** @render_copy: GEN11_RENDER_COPY_INTR_ENABLE */
	u32 render_copy;
	/** @vcs_vecs: GEN11_VCS_VECS_INTR_ENABLE */
	u32 vcs_vecs;
	/** @rcs0_mask: GEN11_RCS0_RSVD_INTR_MASK */
	u32 rcs0_mask;
	/** @bcs_mask: GEN11_BCS_RSVD_INTR_MASK */
	u32 bcs_mask;
	/** @vcs0_vcs1_mask: GEN11_VCS0_VCS1_INTR_MASK */
	u32 vcs0_vcs1_mask;
	/** @vcs2_vcs3_mask: GEN11_VCS2_VCS3_INTR_MASK */
	u32 vcs2_vcs3_mask;
	/** @vecs0_vecs1_mask: GEN11_VECS0_VECS1_INTR_MASK */
	u32 vecs0_vecs1_mask;
};

#endif /* _DG1_IRQ_TYPES_H_ */
