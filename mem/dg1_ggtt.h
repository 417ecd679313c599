/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GGTT_H_
#define _DG1_GGTT_H_

#include <linux/types.h>

#include "mem/dg1_ggtt_types.h"

struct dg1_lmem;
struct drm_printer;

int dg1_ggtt_init(struct dg1_ggtt *ggtt, struct dg1_uncore *uncore,
		  const struct dg1_lmem *lmem);
void dg1_ggtt_fini(struct dg1_ggtt *ggtt);
int dg1_ggtt_suspend(struct dg1_ggtt *ggtt);
void dg1_ggtt_resume(struct dg1_ggtt *ggtt);

int dg1_ggtt_insert_node(struct dg1_ggtt *ggtt, struct dg1_ggtt_node *node,
			 u64 size, u64 alignment, const char *name);
void dg1_ggtt_remove_node(struct dg1_ggtt *ggtt, struct dg1_ggtt_node *node);
void dg1_ggtt_map(struct dg1_ggtt *ggtt, struct dg1_ggtt_node *node,
		  u64 offset, u64 addr, u64 size, bool lmem);
void dg1_ggtt_print(struct dg1_ggtt *ggtt, struct drm_printer *p);

/* The GGTT address of the first byte of @node. */
static inline u32 dg1_ggtt_node_addr(const struct dg1_ggtt_node *node)
{
	return lower_32_bits(node->base.start);
}

#endif /* _DG1_GGTT_H_ */
