/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_KOBJ_H_
#define _DG1_KOBJ_H_

#include <linux/types.h>

#include "mem/dg1_ggtt.h"
#include "mem/dg1_kobj_types.h"

struct dg1_device;

int dg1_kobj_create(struct dg1_device *dg1, struct dg1_kobj *kobj, u64 size,
		    const char *name);
void dg1_kobj_destroy(struct dg1_device *dg1, struct dg1_kobj *kobj);

/* The GGTT address of the first byte of @kobj. */
static inline u32 dg1_kobj_ggtt(const struct dg1_kobj *kobj)
{
	return dg1_ggtt_node_addr(&kobj->node);
}

#endif /* _DG1_KOBJ_H_ */
