/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TOPOLOGY_H_
#define _DG1_GT_TOPOLOGY_H_

#include "gt/dg1_gt_topology_types.h"

struct dg1_force_wake;
struct dg1_mmio;

int dg1_gt_fuses_read(struct dg1_mmio *mmio, struct dg1_force_wake *fw,
		      struct dg1_gt_fuses *fuses);
void dg1_gt_topology_decode(const struct dg1_gt_fuses *fuses,
			    struct dg1_gt_topology *topo);

#endif /* _DG1_GT_TOPOLOGY_H_ */
