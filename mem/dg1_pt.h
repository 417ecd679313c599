/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PT_H_
#define _DG1_PT_H_

#include <linux/types.h>

#include "mem/dg1_pt_types.h"

struct dg1_pt_quota *dg1_pt_quota_create(void);
void dg1_pt_quota_put(struct dg1_pt_quota *quota);

int dg1_pt_root_init(struct dg1_pt_root *root, struct dg1_device *dg1,
		     struct dg1_pt_quota *quota);
void dg1_pt_root_fini(struct dg1_pt_root *root);
int dg1_pt_prepare(struct dg1_pt_root *root, u64 va, u64 size);
void dg1_pt_unprepare(struct dg1_pt_root *root, u64 va, u64 size);
void dg1_pt_prune_range(struct dg1_pt_root *root, u64 va, u64 size);
void dg1_pt_tlb_flushed(struct dg1_pt_root *root);
void dg1_pt_free_unused(struct dg1_pt_root *root);
unsigned int dg1_pt_write_map(struct dg1_pt_root *root,
			      const struct dg1_pt_map *map);
void dg1_pt_write_clear(struct dg1_pt_root *root, u64 va, u64 size);
void dg1_pt_flush_writes(struct dg1_pt_root *root);

#endif /* _DG1_PT_H_ */
