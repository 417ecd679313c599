// SPDX-License-Identifier: GPL-2.0
/*
 * The GPU's private PAT: the memory type of each of the 8 entries a
 * PPGTT leaf names with its PAT bits (mem/dg1_pt.c). Nothing but the
 * driver sets it, so it is programmed at probe with the table the uapi
 * documents for &drm_dg1_vm_bind_op.pat_index, the one i915 and xe program
 * on Gen12 (i915 gt/intel_gtt.c, tgl_setup_private_ppat(); xe xe_pat.c,
 * tgl_pat_table).
 */

#include <drm/drm_print.h>

#include "gt/dg1_gt_pat.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"
#include "regs/dg1_gtt_defs.h"

static const u8 dg1_pat_table[DG1_PAT_INDEX_COUNT] = {
	DG1_PAT_WB, DG1_PAT_WC, DG1_PAT_WT, DG1_PAT_UC,
	DG1_PAT_WB, DG1_PAT_WB, DG1_PAT_WB, DG1_PAT_WB,
};

/**
 * dg1_gt_pat_entry() - the memory type the driver gives a PAT entry
 * @index: PAT index, below %DG1_PAT_INDEX_COUNT
 *
 * Return: the entry's value, a DG1_PAT_* memory type.
 */
u32 dg1_gt_pat_entry(unsigned int index)
{
	return dg1_pat_table[index];
}

/**
 * dg1_gt_pat_init() - program the private PAT
 * @gt: the GT, its forcewake domains set up
 *
 * Context: process; wakes the GT domain.
 * Return: 0, or the error of the wake-up.
 */
int dg1_gt_pat_init(struct dg1_gt *gt)
{
	unsigned int i;
	int ret;

	ret = dg1_force_wake_get(&gt->uncore->fw, DG1_FW_GT);
	if (ret)
		return ret;
	for (i = 0; i < DG1_PAT_INDEX_COUNT; i++)
		dg1_uncore_write32_fw(gt->uncore, GEN12_PAT_INDEX(i),
				      dg1_pat_table[i]);
	dg1_force_wake_put(&gt->uncore->fw, DG1_FW_GT);
	return 0;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_gt_pat_test.c"
#endif
