/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CAPTURE_H_
#define _DG1_CAPTURE_H_

#include <linux/types.h>

#include "submit/dg1_capture_types.h"

struct dg1_context;
struct dg1_device;
struct dg1_hw_engine;
struct drm_printer;

struct dg1_capture *dg1_capture_engine(struct dg1_hw_engine *e);
void dg1_capture_blame(struct dg1_capture *cap, struct dg1_context *ce,
		       u64 seqno);
void dg1_capture_submit(struct dg1_capture *cap);
void dg1_capture_free(struct dg1_capture *cap);
void dg1_capture_dev_init(struct dg1_device *dg1);
void dg1_capture_dev_fini(struct dg1_device *dg1);
void dg1_capture_print_stats(struct dg1_device *dg1, struct drm_printer *p);

#endif /* _DG1_CAPTURE_H_ */
