// SPDX-License-Identifier: GPL-2.0
/*
 * The L3 half of DG1's MOCS table: for each of the 64 indexes a surface
 * state or command names, how L3 caches it (Vol 7 Memory Cache, "MOCS";
 * the table is software's to program, at 0xB020, two entries per
 * register). The entries are i915's and xe's for DG1 (i915
 * gt/intel_mocs.c dg1_mocs_table, xe xe_mocs.c dg1_mocs_desc); an index
 * either leaves undefined gets the unused entry, L3 write-back.
 *
 * DG1 has no MOCS control registers to program: i915 and xe leave
 * GLOBAL_MOCS (0x4000) at its reset value on discrete parts (i915
 * has_mocs() is !IS_DGFX; every DG1 control value is 0 anyway), and
 * there is no LLC, so only L3 policy is chosen here.
 */

#include <linux/bits.h>
#include <linux/kernel.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_gt_types.h"
#include "gt/dg1_mocs.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"

/* L3 control fields (i915 intel_mocs.c L3_ESC, L3_SCC, L3_CACHEABILITY). */
#define L3_ESC			BIT(0)
#define L3_SCC(n)		((n) << 1)
#define L3_UC			REG_FIELD_PREP(GENMASK(5, 4), 1)
#define L3_WB			REG_FIELD_PREP(GENMASK(5, 4), 3)

/* The entry every index the table does not define gets (i915's index 5). */
#define DG1_MOCS_UNUSED		5

static const u16 dg1_mocs_l3[DG1_MOCS_ENTRIES] = {
	[DG1_MOCS_UNCACHED] = L3_UC,
	[5] = L3_WB,					/* L3 write-back */
	[6] = L3_ESC | L3_SCC(1) | L3_WB,		/* L3 WB, 50% */
	[7] = L3_ESC | L3_SCC(3) | L3_WB,		/* L3 WB, 25% */
	[8] = L3_ESC | L3_SCC(7) | L3_WB,		/* L3 WB, 12.5% */
	[48] = L3_WB,					/* HDC: L1 + L3 */
	[49] = L3_UC,					/* HDC: L1, L3 uncached */
	[60] = L3_UC,					/* 60-63 reserved by hardware */
	[61] = L3_UC,
	[62] = L3_UC,
	[63] = L3_UC,
};

/**
 * dg1_mocs_l3cc() - the L3 control of a MOCS index
 * @index: 0..DG1_MOCS_ENTRIES - 1
 *
 * Return: the 16-bit entry the table holds for it.
 */
u16 dg1_mocs_l3cc(unsigned int index)
{
	if (index >= DG1_MOCS_ENTRIES || !dg1_mocs_l3[index])
		return dg1_mocs_l3[DG1_MOCS_UNUSED];
	return dg1_mocs_l3[index];
}

/**
 * dg1_mocs_init() - program the L3 control table
 * @gt: the GT
 *
 * At probe and after each render engine reset (i915 intel_mocs_init()
 * and intel_mocs_init_engine()); read back, a mismatch reported.
 *
 * Context: process; wakes the registers' domain.
 */
void dg1_mocs_init(struct dg1_gt *gt)
{
	u32 domains = dg1_fw_reg_write_domains(LNCFCMOCS(0));
	unsigned int i, bad = 0;
	u32 val;

	if (dg1_force_wake_get(&gt->uncore->fw, domains)) {
		drm_err(gt->drm, "MOCS L3 table not written: GT did not wake\n");
		return;
	}
	for (i = 0; i < LNCFCMOCS_REGS; i++) {
		val = dg1_mocs_l3cc(2 * i) | (u32)dg1_mocs_l3cc(2 * i + 1) << 16;
		dg1_uncore_write32_fw(gt->uncore, LNCFCMOCS(i), val);
		if (dg1_uncore_read32_fw(gt->uncore, LNCFCMOCS(i)) != val)
			bad++;
	}
	dg1_force_wake_put(&gt->uncore->fw, domains);
	if (bad)
		drm_err(gt->drm, "MOCS L3 table: %u registers did not read back\n",
			bad);
}
