/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TOPOLOGY_TYPES_H_
#define _DG1_GT_TOPOLOGY_TYPES_H_

#include <linux/types.h>

/**
 * struct dg1_gt_fuses - raw values of the fuse reflection registers
 *
 * Kept verbatim so decoding is a pure function (and testable).
 */
struct dg1_gt_fuses {
	/** @l3_disable: MIRROR_FUSE3 0x9118 */
	u32 l3_disable;
	/** @eu_disable: EU_DISABLE 0x9134 */
	u32 eu_disable;
	/** @slice_enable: GT_SLICE_ENABLE 0x9138 */
	u32 slice_enable;
	/** @dss_enable: GT_GEOMETRY_DSS_ENABLE 0x913C */
	u32 dss_enable;
	/** @vdbox_vebox_disable: GT_VEBOX_VDBOX_DISABLE 0x9140 */
	u32 vdbox_vebox_disable;
};

/**
 * struct dg1_gt_topology - what the fuses leave of the GT
 */
struct dg1_gt_topology {
	/** @fuses: the raw fuse values the rest is decoded from */
	struct dg1_gt_fuses fuses;
	/** @dss_mask: enabled dual-subslices, bit n = DSS n (0..5) */
	u32 dss_mask;
	/** @l3_bank_pair_mask: enabled L3 bank pairs, bit n = pair n (0..3) */
	u32 l3_bank_pair_mask;
	/** @eu_disable_mask: disabled EU pairs per DSS (EU_DISABLE 7:0) */
	u32 eu_disable_mask;
	/** @eu_mask_per_dss: enabled EUs of each enabled DSS, bit n = EU n */
	u32 eu_mask_per_dss;
	/** @num_eus: enabled EUs in all */
	u32 num_eus;
	/** @l3_bank_mask: enabled L3 banks, bit n = bank n (0..7) */
	u32 l3_bank_mask;
	/** @slice_mask: enabled slices (GT_SLICE_ENABLE 7:0) */
	u32 slice_mask;
	/** @vdbox_mask: present video decode boxes, bit n = VCSn */
	u32 vdbox_mask;
	/** @vebox_mask: present video enhancement boxes, bit n = VECSn */
	u32 vebox_mask;
};

#endif /* _DG1_GT_TOPOLOGY_TYPES_H_ */
