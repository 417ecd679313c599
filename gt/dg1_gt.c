// SPDX-License-Identifier: GPL-2.0
/*
 * GT bring-up: forcewake domains, fuses and the engines they leave, the
 * timestamp clock, MCR steering and the GT workarounds.
 */

#include <linux/spinlock.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "gt/dg1_engine_info.h"
#include "gt/dg1_engine_workarounds.h"
#include "gt/dg1_gt.h"
#include "gt/dg1_gt_clock.h"
#include "gt/dg1_gt_fault.h"
#include "gt/dg1_gt_mcr.h"
#include "gt/dg1_gt_pat.h"
#include "gt/dg1_gt_rc6.h"
#include "gt/dg1_gt_rps.h"
#include "gt/dg1_gt_reset.h"
#include "gt/dg1_gt_tlb.h"
#include "gt/dg1_gt_topology.h"
#include "gt/dg1_gt_workarounds.h"
#include "gt/dg1_irq.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"

/**
 * dg1_gt_init() - discover the GT and bring up what the driver relies on
 * @gt: GT to initialise
 * @uncore: register access, with no forcewake domain present yet
 *
 * Order matters: the fuses live in the GT wake domain, so that domain is set
 * up (its stale requests cleared) and woken first; the domains of the other
 * engines are set up only once the fuses said which engines exist, so no
 * request register of a fused-off box is ever written. Steering needs the
 * fuses too, and the workarounds need steering and every domain.
 *
 * Only a GT domain that does not wake fails the probe: without the fuses
 * nothing is known. Other domains that fail leave their workarounds FAILED.
 * The domains are released by dg1_uncore_fini().
 *
 * Context: process; sleeps while domains wake.
 * Return: 0, or a negative error code if the GT does not wake up.
 */
int dg1_gt_init(struct dg1_gt *gt, struct dg1_uncore *uncore)
{
	struct dg1_gt_fuses fuses;
	int ret;

	gt->uncore = uncore;
	gt->drm = uncore->mmio.drm;
	spin_lock_init(&gt->mcr_lock);
	dg1_gt_tlb_init(&gt->tlb);
	dg1_gt_rc6_init(gt);
	dg1_force_wake_init_domains(&uncore->fw, DG1_FW_GT);

	ret = dg1_inject_probe_error(gt->drm->dev, -ETIMEDOUT) ?:
	      dg1_gt_fuses_read(uncore, &fuses);
	if (ret) {
		drm_err(gt->drm, "cannot read the fuses: %pe\n", ERR_PTR(ret));
		return ret;
	}

	dg1_gt_topology_decode(&fuses, &gt->topology);
	gt->engine_mask = dg1_engine_info_mask(&gt->topology);

	/* As i915: no L3 bank or DSS means broken fuses or a dead GT. */
	if (!gt->topology.l3_bank_pair_mask)
		drm_warn(gt->drm, "fuses report no L3 bank (MIRROR_FUSE3 0x%08x)\n",
			 fuses.l3_disable);
	if (!gt->topology.dss_mask)
		drm_warn(gt->drm, "fuses report no DSS (DSS_ENABLE 0x%08x)\n",
			 fuses.dss_enable);

	dg1_force_wake_init_domains(&uncore->fw,
				    dg1_engine_info_fw_domains(gt->engine_mask));

	dg1_gt_clock_init(gt);
	dg1_gt_rps_init(gt);
	return dg1_gt_reset(gt);
}

/**
 * dg1_gt_reset() - reset the whole GT and program it again
 * @gt: the GT, its topology and forcewake domains known
 *
 * At probe, whatever an earlier driver left is gone; after a failed
 * engine reset, this is the next step (i915 gt/intel_reset.c: a full reset,
 * then intel_gt_init_hw() writes the workarounds, MOCS and PAT again). The
 * engines' submission is the caller's to stop before and restart after.
 *
 * Context: process; sleeps while domains wake.
 * Return: 0, or -ETIMEDOUT if the GT domain does not wake or the reset does
 * not complete (nothing is programmed then).
 */
int dg1_gt_reset(struct dg1_gt *gt)
{
	int ret;

	ret = dg1_gt_reset_all(gt);
	if (ret)
		return ret;
	/*
	 * The reset kept the TLBs ("GFX soft resets do not invalidate TLBs,
	 * it is up to GFX driver to explicitly invalidate TLBs post reset":
	 * Ivy Bridge PRM Vol 1 Part 5, MI_FLUSH_DW): what an earlier driver
	 * left there must not reach this one's pages. A failure is logged
	 * there; every request invalidates again before its batch.
	 */
	dg1_gt_tlb_invalidate(gt);
	/*
	 * RC6 and power gating before the rest is programmed, so that every
	 * later access meets wells that gate as they will in use. A GT that
	 * cannot enable them never idles; it is not broken.
	 */
	if (dg1_gt_rc6_enable(gt))
		drm_warn(gt->drm, "RC6 not enabled: the GT domain did not wake\n");
	/* A fault latched before (i915 does the same). */
	dg1_gt_fault_check(gt, "latched before dg1 reset the GT");
	dg1_gt_mcr_init(gt);
	dg1_gt_workarounds_apply(gt);
	dg1_engine_workarounds_apply_all(gt);
	ret = dg1_gt_pat_init(gt);
	if (ret)
		return ret;
	dg1_gt_rps_resume(gt);
	return 0;
}

/**
 * dg1_gt_suspend() - quiet the GT before the device sleeps
 * @gt: the GT, its engines idle
 * @system: system sleep: requests queued across it may hold domains (they
 *	are released, and woken again by dg1_force_wake_resume())
 *
 * The frequency policy and the RC6 residency stop reading registers, the
 * interrupts go off, every forcewake domain is released. What comes back
 * is dg1_gt_reset() and dg1_irq_resume()'s to program.
 *
 * Context: process; sleeps.
 * Return: 0; -EBUSY, with the GT running again, if a domain is held (or,
 * for @system, being woken).
 */
int dg1_gt_suspend(struct dg1_gt *gt, bool system)
{
	int ret;

	dg1_gt_rps_suspend(gt);
	dg1_gt_rc6_suspend(gt);
	dg1_irq_suspend(gt);
	ret = dg1_force_wake_suspend(&gt->uncore->fw, system);
	if (ret) {
		dg1_irq_resume(gt);
		dg1_gt_rc6_enable(gt);
		dg1_gt_rps_resume(gt);
	}
	return ret;
}
