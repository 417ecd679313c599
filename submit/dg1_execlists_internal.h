/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_EXECLISTS_INTERNAL_H_
#define _DG1_EXECLISTS_INTERNAL_H_

/*
 * What dg1_execlists.c and dg1_execlists_reset.c share, and nothing else
 * includes: the engine's queue and ports, under its lock.
 */

#include <linux/types.h>

#include "submit/dg1_hw_engine_types.h"

struct dg1_context;
struct work_struct;

void dg1_execlists_drop_hw_id(struct dg1_hw_engine *e,
			      struct dg1_context *ce);
void dg1_execlists_idle(struct dg1_hw_engine *e);
void dg1_execlists_unqueue(struct dg1_context *ce);
void dg1_execlists_requeue(struct dg1_hw_engine *e, struct dg1_context *ce);
bool dg1_execlists_doomed_head(const struct dg1_hw_engine *e);
void dg1_execlists_new_head(struct dg1_hw_engine *e, struct dg1_context *old);
void dg1_execlists_setup(struct dg1_hw_engine *e);
void dg1_execlists_dequeue(struct dg1_hw_engine *e);

void dg1_execlists_reset_work(struct work_struct *work);
void dg1_execlists_evict_work(struct work_struct *work);

#endif /* _DG1_EXECLISTS_INTERNAL_H_ */
