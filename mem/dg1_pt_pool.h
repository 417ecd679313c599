/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PT_POOL_H_
#define _DG1_PT_POOL_H_

#include <linux/types.h>

#include "mem/dg1_pt_pool_types.h"

void dg1_pt_pool_init(struct dg1_pt_pool *pool, struct dg1_device *dg1,
		      struct dg1_pt_quota *quota);
int dg1_pt_pool_get(struct dg1_pt_pool *pool, struct dg1_pt_slot *slot);
void dg1_pt_pool_put(struct dg1_pt_pool *pool, struct dg1_pt_slot *slot,
		     bool last);
u64 dg1_pt_pool_bytes(struct dg1_pt_pool *pool);

#endif /* _DG1_PT_POOL_H_ */
