/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_EXECLISTS_H_
#define _DG1_EXECLISTS_H_

#include <linux/types.h>

#include "submit/dg1_hw_engine_types.h"

struct dg1_context;
struct dma_fence;
struct drm_printer;

int dg1_execlists_init(struct dg1_hw_engine *e);
void dg1_execlists_fini(struct dg1_hw_engine *e);
int dg1_execlists_enable(struct dg1_hw_engine *e);

/**
 * enum dg1_reset_why - what an engine reset is for
 * @DG1_RESET_HANG: the engine hung: the request it runs fails
 * @DG1_RESET_EVICT: take a banned or overdue context off it, if one runs
 *	there: the banned one's requests end, the overdue one's request fails
 * @DG1_RESET_REPLAY: start it again, blaming nothing
 */
enum dg1_reset_why {
	DG1_RESET_HANG,
	DG1_RESET_EVICT,
	DG1_RESET_REPLAY,
};

void dg1_execlists_queue(struct dg1_hw_engine *e, struct dg1_context *ce);
bool dg1_execlists_ban(struct dg1_hw_engine *e, struct dg1_context *ce,
		       int error);
unsigned long dg1_execlists_engine_time(struct dg1_hw_engine *e,
					struct dg1_context *ce);
void dg1_execlists_irq(struct dg1_hw_engine *e, u16 iir);
void dg1_execlists_reset(struct dg1_hw_engine *e, enum dg1_reset_why why,
			 struct dma_fence *hw_fence);
bool dg1_execlists_park(struct dg1_hw_engine *e, bool park);
int dg1_execlists_gt_reset_prepare(struct dg1_hw_engine *e);
void dg1_execlists_gt_reset_finish(struct dg1_hw_engine *e, int fw_ret,
				   bool ok, bool counted);
void dg1_execlists_print(struct dg1_hw_engine *e, struct drm_printer *p);

#endif /* _DG1_EXECLISTS_H_ */
