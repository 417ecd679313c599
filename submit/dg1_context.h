/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CONTEXT_H_
#define _DG1_CONTEXT_H_

#include <linux/jiffies.h>

#include "submit/dg1_context_types.h"

struct dg1_device;
struct dg1_vm;

/*
 * Where a context's breadcrumb lands: a dword of its per-process status
 * page past the part the engine writes (Vol 13 General Assets, "Per-Process
 * Hardware Status Page": the rest of the page is software's; i915 keeps
 * its scratch from DW 0x34 on).
 */
#define DG1_CONTEXT_SEQNO_OFFSET	0x100

/*
 * How long a context that is done may take to be switched out: the engine
 * may first have to finish a context ahead of it, or time out on it.
 */
#define DG1_CONTEXT_SWITCH_OUT_TIMEOUT	(10 * HZ)

/* The hardware id of a context an OA stream watches (0x7ff is idle). */
#define DG1_CONTEXT_HW_ID_PINNED	0x7fe

int dg1_context_init(struct dg1_context *ce, struct dg1_device *dg1,
		     enum dg1_hw_engine_id engine, struct dg1_vm *vm, int prio);
void dg1_context_cancel(struct dg1_context *ce, int error);
void dg1_context_fini(struct dg1_context *ce);
void dg1_context_set_oar(struct dg1_context *ce, bool enable);
void dg1_context_pin_hw_id(struct dg1_context *ce, bool pin);

struct dg1_request *dg1_request_alloc(void);
void dg1_request_free(struct dg1_request *rq);
void dg1_request_init(struct dg1_request *rq, struct dg1_context *ce);
void dg1_request_cancel(struct dg1_request *rq, int error);
struct dma_fence *dg1_context_run(struct dg1_context *ce,
				  struct dg1_request *rq, u64 batch);
bool dg1_context_check_hang(struct dg1_context *ce, unsigned long timeout);

void dg1_context_signal(struct dg1_context *ce);
void dg1_context_account(struct dg1_context *ce);
u64 dg1_context_runtime_ns(struct dg1_context *ce);
void dg1_context_skip_request(struct dg1_context *ce, struct dg1_request *rq);
void dg1_context_end_requests(struct dg1_context *ce, int error);

#endif /* _DG1_CONTEXT_H_ */
