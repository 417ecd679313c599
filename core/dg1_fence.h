/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FENCE_H_
#define _DG1_FENCE_H_

#include <linux/types.h>

#include "core/dg1_fence_types.h"

struct dma_fence *dg1_fence_create(const char *timeline, u64 context,
				   u64 seqno);
void dg1_fence_end(struct dma_fence *fence, int error);

#endif /* _DG1_FENCE_H_ */
