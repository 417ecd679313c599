/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_WORKAROUNDS_TYPES_H_
#define _DG1_GT_WORKAROUNDS_TYPES_H_

#include <linux/types.h>

#include "regs/dg1_reg_defs.h"

/* Entries of dg1_gt_wa_table. */
#define DG1_GT_WA_COUNT	6
/* Entries of dg1_engine_wa_table (gt/dg1_engine_workarounds.c). */
#define DG1_ENGINE_WA_COUNT	11

/**
 * enum dg1_gt_wa_status - what became of a workaround at probe
 *
 * @DG1_GT_WA_NOT_APPLIED: does not apply (its engine is fused off)
 * @DG1_GT_WA_OK: applied, and every copy reads back with its bits set
 * @DG1_GT_WA_FAILED: the domain did not wake, or the bits did not stick
 * @DG1_GT_WA_WRITTEN: written; by design not read back (firmware may lock
 *	the register, so a read-back would only report that)
 */
enum dg1_gt_wa_status {
	DG1_GT_WA_NOT_APPLIED,
	DG1_GT_WA_OK,
	DG1_GT_WA_FAILED,
	DG1_GT_WA_WRITTEN,
};

/**
 * struct dg1_gt_wa - one GT workaround: bits to set or clear in a register
 */
struct dg1_gt_wa {
	/** @name: the workaround's identifier, e.g. "Wa_1409420604" */
	const char *name;
	union {
		/** @reg: the register, when !reg.mcr */
		struct dg1_reg reg;
		/** @mcr_reg: the register, when reg.mcr */
		struct dg1_reg_mcr mcr_reg;
	};
	/** @set: bits to set (read-modify-write; MCR: multicast) */
	u32 set;
	/** @clear: bits to clear (read-modify-write; MCR: multicast) */
	u32 clear;
	/** @no_verify: do not read the register back (see DG1_GT_WA_WRITTEN) */
	bool no_verify;
	/**
	 * @engines: BIT(&enum dg1_hw_engine_id) of which one must be present
	 * for the entry to apply; 0 for GT-wide entries
	 */
	u32 engines;
};

#endif /* _DG1_GT_WORKAROUNDS_TYPES_H_ */
