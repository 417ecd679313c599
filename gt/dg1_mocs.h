/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MOCS_H_
#define _DG1_MOCS_H_

#include <linux/types.h>

struct dg1_gt;

/* MOCS indexes the driver uses itself (the uapi names them for users). */
#define DG1_MOCS_UNCACHED	1
#define DG1_MOCS_ENTRIES	64

u16 dg1_mocs_l3cc(unsigned int index);
void dg1_mocs_init(struct dg1_gt *gt);

#endif /* _DG1_MOCS_H_ */
