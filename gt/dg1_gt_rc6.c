// SPDX-License-Identifier: GPL-2.0
/*
 * RC6 and power gating: the GT powers down when idle, each well when its
 * engines are. Programmed as i915 does on gen12 without GuC (i915
 * gt/intel_rc6.c, gen11_rc6_enable()), with DG1's exception there: no
 * per-VDBOX HCP/MFX power gating. RC6 is left to the hardware's timers
 * (RC_CONTROL's HW enable, EI mode 1): the driver never parks it by hand,
 * so RC_CONTROL keeps one value from enable to disable.
 */

#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_rc6.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_pm_regs.h"

/* Well under the counter's 91-minute wrap. */
#define DG1_RC6_SAMPLE_PERIOD	(30 * 60 * HZ)

static u64 dg1_gt_rc6_accumulate(struct dg1_gt *gt)
{
	struct dg1_gt_rc6 *rc6 = &gt->rc6;
	u32 now;
	u64 total;

	/* Not while suspended: the counter is gone with the registers. */
	spin_lock(&rc6->lock);
	if (rc6->enabled && !rc6->suspended) {
		now = dg1_uncore_read32_fw(gt->uncore, GEN6_GT_GFX_RC6);
		rc6->total += (u32)(now - rc6->last);
		rc6->last = now;
	}
	total = rc6->total;
	if (rc6->suspended)
		total += div_u64(ktime_get_ns() - rc6->suspended_ns,
				 GEN6_RC6_RESIDENCY_UNIT_NS);
	spin_unlock(&rc6->lock);
	return total;
}

static void dg1_gt_rc6_sample(struct work_struct *work)
{
	struct dg1_gt *gt = container_of(work, struct dg1_gt, rc6.sample.work);

	dg1_gt_rc6_accumulate(gt);
	schedule_delayed_work(&gt->rc6.sample, DG1_RC6_SAMPLE_PERIOD);
}

/**
 * dg1_gt_rc6_init() - RC6 off, its residency zero
 * @gt: the GT
 */
void dg1_gt_rc6_init(struct dg1_gt *gt)
{
	spin_lock_init(&gt->rc6.lock);
	INIT_DELAYED_WORK(&gt->rc6.sample, dg1_gt_rc6_sample);
}

/* An engine's idle count, in its own well; one that does not wake is skipped. */
static void dg1_gt_rc6_engine_idle(struct dg1_gt *gt, unsigned int id)
{
	const struct dg1_engine_info *info = &dg1_engine_infos[id];
	u32 domain = BIT(info->fw_domain);

	if (dg1_force_wake_get(&gt->uncore->fw, domain))
		return;
	dg1_uncore_write32_fw(gt->uncore, RING_MAX_IDLE(info->mmio_base), 10);
	dg1_force_wake_put(&gt->uncore->fw, domain);
}

/**
 * dg1_gt_rc6_enable() - let the GT enter RC6 and its wells power-gate
 * @gt: the GT, its engines and forcewake domains known
 *
 * Thresholds first, the enables last. Called again after a full GT
 * reset; the residency keeps counting from where it was. An engine whose
 * well does not wake keeps its idle count (its failure is logged once by
 * forcewake): RC6 is the GT's, not that engine's.
 *
 * Context: process; sleeps while domains wake.
 * Return: 0, or the error of the GT domain's wake-up (RC6 then stays off).
 */
int dg1_gt_rc6_enable(struct dg1_gt *gt)
{
	struct dg1_uncore *uncore = gt->uncore;
	unsigned long engines = gt->engine_mask;
	unsigned int id;
	int ret;

	ret = dg1_force_wake_get(&uncore->fw, DG1_FW_GT);
	if (ret)
		return ret;
	/* Wake-up rate limits: RC6 54/85, media 150 (i915's gen11 values). */
	dg1_uncore_write32_fw(uncore, GEN6_RC6_WAKE_RATE_LIMIT, 54 << 16 | 85);
	dg1_uncore_write32_fw(uncore, GEN10_MEDIA_WAKE_RATE_LIMIT, 150);
	/* EI 160 ms, idle hysteresis 32 us (units of 1.28 us). */
	dg1_uncore_write32_fw(uncore, GEN6_RC_EVALUATION_INTERVAL, 125000);
	dg1_uncore_write32_fw(uncore, GEN6_RC_IDLE_HYSTERSIS, 25);
	for_each_set_bit(id, &engines, DG1_HW_ENGINE_ID_COUNT)
		dg1_gt_rc6_engine_idle(gt, id);
	dg1_uncore_write32_fw(uncore, GUC_MAX_IDLE_COUNT, 10);
	dg1_uncore_write32_fw(uncore, GEN6_RC_SLEEP, 0);
	/* RC6 once idle for 64 ms of the EI. */
	dg1_uncore_write32_fw(uncore, GEN6_RC6_THRESHOLD, 50000);
	/*
	 * A well gates 77 us after its engines idle: i915 chose it over
	 * Bspec's 32 us so the driver can take the interrupt and submit
	 * again before the well goes down.
	 */
	dg1_uncore_write32_fw(uncore, GEN9_MEDIA_PG_IDLE_HYSTERESIS, 60);
	dg1_uncore_write32_fw(uncore, GEN9_RENDER_PG_IDLE_HYSTERESIS, 60);
	dg1_uncore_write32_fw(uncore, GEN6_RC_CONTROL,
			      GEN6_RC_CTL_HW_ENABLE | GEN6_RC_CTL_RC6_ENABLE |
			      REG_FIELD_PREP(GEN6_RC_CTL_EI_MODE_MASK, 1));
	/* DG1: render, media and sampler; not the VDBOXes' HCP/MFX. */
	dg1_uncore_write32_fw(uncore, GEN9_PG_ENABLE,
			      GEN9_RENDER_PG_ENABLE | GEN9_MEDIA_PG_ENABLE |
			      GEN11_MEDIA_SAMPLER_PG_ENABLE);
	dg1_force_wake_put(&uncore->fw, DG1_FW_GT);

	if (!gt->rc6.enabled || gt->rc6.suspended) {
		spin_lock(&gt->rc6.lock);
		if (gt->rc6.suspended)
			gt->rc6.total += div_u64(ktime_get_ns() -
						 gt->rc6.suspended_ns,
						 GEN6_RC6_RESIDENCY_UNIT_NS);
		gt->rc6.last = dg1_uncore_read32_fw(uncore, GEN6_GT_GFX_RC6);
		gt->rc6.enabled = true;
		gt->rc6.suspended = false;
		spin_unlock(&gt->rc6.lock);
		schedule_delayed_work(&gt->rc6.sample, DG1_RC6_SAMPLE_PERIOD);
	}
	return 0;
}

/**
 * dg1_gt_rc6_suspend() - the residency so far, before the registers go
 * @gt: the GT
 *
 * The time the device then sleeps counts as RC6 residency (D3 is deeper
 * still: i915 users read the file as "time the GT was powered down"); the
 * counter goes on from the total when dg1_gt_rc6_enable() runs again.
 *
 * Context: process.
 */
void dg1_gt_rc6_suspend(struct dg1_gt *gt)
{
	if (!gt->rc6.enabled)
		return;
	cancel_delayed_work_sync(&gt->rc6.sample);
	dg1_gt_rc6_accumulate(gt);
	spin_lock(&gt->rc6.lock);
	gt->rc6.suspended = true;
	gt->rc6.suspended_ns = ktime_get_ns();
	spin_unlock(&gt->rc6.lock);
}

/**
 * dg1_gt_rc6_disable() - keep the GT and every well powered
 * @gt: the GT
 *
 * At unbind, as i915 leaves the device: power gating, then RC6 off, so
 * the next driver finds the wells up.
 *
 * Context: process; sleeps while domains wake.
 */
void dg1_gt_rc6_disable(struct dg1_gt *gt)
{
	struct dg1_uncore *uncore = gt->uncore;

	if (!gt->rc6.enabled)
		return;
	cancel_delayed_work_sync(&gt->rc6.sample);
	dg1_gt_rc6_accumulate(gt);
	spin_lock(&gt->rc6.lock);
	gt->rc6.enabled = false;
	spin_unlock(&gt->rc6.lock);
	if (dg1_force_wake_get(&uncore->fw, DG1_FW_GT)) {
		drm_warn(gt->drm, "GT does not wake: RC6 stays enabled\n");
		return;
	}
	dg1_uncore_write32_fw(uncore, GEN9_PG_ENABLE, 0);
	dg1_uncore_write32_fw(uncore, GEN6_RC_CONTROL, 0);
	dg1_uncore_write32_fw(uncore, GEN6_RC_STATE, 0);
	dg1_force_wake_put(&uncore->fw, DG1_FW_GT);
}

/**
 * dg1_gt_rc6_residency_ns() - time the GT spent in RC6
 * @gt: the GT
 *
 * Context: process; reads a register outside the forcewake domains.
 * Return: nanoseconds in RC6 since the driver first enabled it; 0 if it
 * never did.
 */
u64 dg1_gt_rc6_residency_ns(struct dg1_gt *gt)
{
	return dg1_gt_rc6_accumulate(gt) * GEN6_RC6_RESIDENCY_UNIT_NS;
}
