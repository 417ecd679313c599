/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TOPOLOGY_H_
#define _DG1_GT_TOPOLOGY_H_

#include "gt/dg1_gt_topology_types.h"

struct dg1_uncore;
struct drm_printer;

/*
 * "LP has max 6 DSS" (Vol 13 General Assets, "Force Wake and Steering
 * Table", replication groups); 16 EUs per DSS (i915 intel_sseu.c)
 */
#define DG1_MAX_DSS		6
#define DG1_MAX_EUS_PER_DSS	16
/* 8 L3 banks, fused in pairs: 4 fuse bits (same table) */
#define DG1_MAX_L3_BANKS	8

int dg1_gt_fuses_read(struct dg1_uncore *uncore, struct dg1_gt_fuses *fuses);
void dg1_gt_topology_decode(const struct dg1_gt_fuses *fuses,
			    struct dg1_gt_topology *topo);
void dg1_gt_topology_print(const struct dg1_gt_topology *topo,
			   u32 engine_mask, struct drm_printer *p);

#endif /* _DG1_GT_TOPOLOGY_H_ */
