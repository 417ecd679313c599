/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_ENGINE_WORKAROUNDS_H_
#define _DG1_ENGINE_WORKAROUNDS_H_

#include <linux/types.h>

#include "gt/dg1_engine_info_types.h"
#include "gt/dg1_gt_workarounds_types.h"

struct dg1_gt;
struct drm_printer;

/* Dwords dg1_engine_ctx_workarounds_emit() writes at most. */
#define DG1_ENGINE_CTX_WA_DWORDS	10

void dg1_engine_workarounds_apply(struct dg1_gt *gt, enum dg1_hw_engine_id id);
void dg1_engine_workarounds_apply_all(struct dg1_gt *gt);
void dg1_engine_workarounds_print(struct dg1_gt *gt, struct drm_printer *p);
u32 dg1_engine_whitelist_slot(enum dg1_hw_engine_id id, unsigned int slot);
unsigned int dg1_engine_ctx_workarounds_emit(enum dg1_hw_engine_id id,
					     u32 *cs);

#endif /* _DG1_ENGINE_WORKAROUNDS_H_ */
