/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CONTEXT_H_
#define _DG1_CONTEXT_H_

#include <linux/jiffies.h>

#include "submit/dg1_context_types.h"
#include "submit/dg1_request_types.h"

struct dg1_device;
struct dg1_vm;

/*
 * How long a context that is done may take to be switched out: the engine
 * may first have to finish a context ahead of it, or time out on it.
 */
#define DG1_CONTEXT_SWITCH_OUT_TIMEOUT	(10 * HZ)

int dg1_context_init(struct dg1_context *ce, struct dg1_device *dg1,
		     enum dg1_hw_engine_id engine, struct dg1_vm *vm, int prio);
void dg1_context_cancel(struct dg1_context *ce, int error);
void dg1_context_fini(struct dg1_context *ce);
void dg1_context_set_oar(struct dg1_context *ce, bool enable);
void dg1_context_pin_hw_id(struct dg1_context *ce, bool pin);
struct dma_fence *dg1_context_run(struct dg1_context *ce,
				  struct dg1_request *rq, u64 batch);

/* Dwords of commands dg1_context_run_cmds() takes at most. */
#define DG1_CONTEXT_CMDS_MAX		16

struct dma_fence *dg1_context_run_cmds(struct dg1_context *ce,
				       struct dg1_request *rq,
				       const u32 *cmds, unsigned int n);
bool dg1_context_wait_off_engine(struct dg1_context *ce);
void dg1_context_stop(struct dg1_context *ce, int error);
bool dg1_context_check_hang(struct dg1_context *ce, unsigned long timeout);
u64 dg1_context_runtime_ns(struct dg1_context *ce);

#endif /* _DG1_CONTEXT_H_ */
