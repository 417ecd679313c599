/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_REQUEST_H_
#define _DG1_REQUEST_H_

#include "submit/dg1_request_types.h"

struct dg1_context;

/*
 * Where a request's breadcrumb (its seqno) lands: a dword of its context's
 * per-process status page past the part the engine writes (Vol 13 General
 * Assets, "Per-Process Hardware Status Page": the rest of the page is
 * software's; i915 keeps its scratch from DW 0x34 on).
 */
#define DG1_REQUEST_SEQNO_OFFSET	0x100

struct dg1_request *dg1_request_alloc(void);
void dg1_request_free(struct dg1_request *rq);
void dg1_request_init(struct dg1_request *rq, struct dg1_context *ce);
void dg1_request_cancel(struct dg1_request *rq, int error);

void dg1_request_signal(struct dg1_context *ce);
void dg1_request_account(struct dg1_context *ce);
void dg1_request_skip(struct dg1_context *ce, struct dg1_request *rq);
void dg1_request_end_all(struct dg1_context *ce, int error);

#endif /* _DG1_REQUEST_H_ */
