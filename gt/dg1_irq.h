/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_IRQ_H_
#define _DG1_IRQ_H_

#include "gt/dg1_irq_types.h"
#include "regs/dg1_irq_regs.h"

struct dg1_gt;
struct drm_printer;
struct pci_dev;

/*
 * Engine interrupt bits the driver enables: i915's (gt/intel_gt_irq.c),
 * and the page fault, so that a faulting batch is reset at once rather
 * than found by the job timeout (i915 leaves it to its heartbeat).
 */
#define DG1_IRQ_ENGINE_BITS \
	(GT_RENDER_USER_INTERRUPT | GT_CS_MASTER_ERROR_INTERRUPT | \
	 GT_PAGE_FAULT_INTERRUPT | GT_CONTEXT_SWITCH_INTERRUPT | \
	 GT_WAIT_SEMAPHORE_INTERRUPT)

/* How long the handler polls an identity for Data-Valid (i915: 100 us). */
#define DG1_IRQ_IDENTITY_TIMEOUT_US	100

int dg1_irq_init(struct dg1_gt *gt, struct pci_dev *pdev);
void dg1_irq_suspend(struct dg1_gt *gt);
void dg1_irq_resume(struct dg1_gt *gt);
void dg1_irq_set_engine_handler(struct dg1_gt *gt, dg1_irq_engine_fn fn,
				void *data);
void dg1_irq_set_oa_handler(struct dg1_gt *gt, dg1_irq_oa_fn fn, void *data);
void dg1_irq_print(struct dg1_gt *gt, struct drm_printer *p);

void dg1_irq_setup_values(u32 engine_mask, struct dg1_irq_setup *s);
int dg1_irq_bank_engine(unsigned int bank, unsigned int bit);
int dg1_irq_identity_engine(u32 identity);

#endif /* _DG1_IRQ_H_ */
