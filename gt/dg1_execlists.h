/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_EXECLISTS_H_
#define _DG1_EXECLISTS_H_

#include <linux/types.h>

#include "gt/dg1_engine_types.h"

struct dg1_context;
struct dma_fence;
struct drm_printer;

int dg1_execlists_init(struct dg1_engine *e);
void dg1_execlists_fini(struct dg1_engine *e);
int dg1_execlists_enable(struct dg1_engine *e);

int dg1_execlists_get_sw_id(struct dg1_engine *e);
void dg1_execlists_put_sw_id(struct dg1_engine *e, u16 id);

void dg1_execlists_queue(struct dg1_engine *e, struct dg1_context *ce);
void dg1_execlists_release_fw(struct dg1_engine *e);
void dg1_execlists_irq(struct dg1_engine *e, u16 iir);
void dg1_execlists_reset(struct dg1_engine *e, struct dma_fence *hw_fence);
void dg1_execlists_print(struct dg1_engine *e, struct drm_printer *p);

#endif /* _DG1_EXECLISTS_H_ */
