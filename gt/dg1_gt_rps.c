// SPDX-License-Identifier: GPL-2.0
/*
 * GT frequency (RPS). The part reports what it can run at (RP0, RP1, RPn);
 * the driver requests a frequency through the software request register
 * and the part grants it (CAGF). i915 drives DG1's RPS from a timer over
 * the engines' busyness with up/down thresholds (gt/intel_rps.c); dg1's
 * policy is simpler and documented (Documentation/power.rst): while any
 * request is in flight the GT runs at the boost frequency, and 10 ms after
 * the last one retires it drops to the minimum, clamped to the limits
 * userspace set. Work finishes at full speed and the GT then idles into
 * RC6, where the frequency no longer matters.
 */

#include <linux/jiffies.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_gt_rps.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_pm_regs.h"

/* How long a GT stays at speed after its last request retired. */
#define DG1_RPS_IDLE_DELAY_MS	10

/* Request units (50/3 MHz) and MHz, rounded as i915 does (intel_rps.c). */
static u32 dg1_rps_to_mhz(u32 val)
{
	return DIV_ROUND_CLOSEST(val * 50, GEN9_FREQ_SCALER);
}

static u64 dg1_rps_from_mhz(u32 mhz)
{
	return DIV_ROUND_CLOSEST_ULL((u64)mhz * GEN9_FREQ_SCALER, 50);
}

static void dg1_gt_rps_request(struct dg1_gt *gt, u32 val)
{
	/* Shadowed: the GT need not wake (or leave RC6) to take it. */
	dg1_uncore_write32_fw(gt->uncore, GEN6_RPNSWREQ,
			      REG_FIELD_PREP(GEN9_FREQUENCY_MASK, val));
	WRITE_ONCE(gt->rps.cur, val);
}

/* The frequency for a busy GT: the boost, within the limits. */
static u32 dg1_gt_rps_busy_val(const struct dg1_gt_rps *rps)
{
	return clamp(READ_ONCE(rps->boost), READ_ONCE(rps->min),
		     READ_ONCE(rps->max));
}

/* The frequency the GT's activity calls for, within the limits. */
static u32 dg1_gt_rps_want(const struct dg1_gt_rps *rps)
{
	return atomic_read(&rps->active) ? dg1_gt_rps_busy_val(rps) :
	       clamp(rps->min, rps->min, rps->max);
}

static void dg1_gt_rps_update(struct dg1_gt *gt)
{
	struct dg1_gt_rps *rps = &gt->rps;
	u32 want;

	lockdep_assert_held(&rps->lock);
	if (!rps->enabled)
		return;
	want = dg1_gt_rps_want(rps);
	if (want == rps->cur)
		return;
	dg1_gt_rps_request(gt, want);
	/*
	 * A dg1_gt_rps_busy() that read the frequency from before this
	 * request queued no work: the @active it raised is seen here.
	 */
	smp_mb();
	want = dg1_gt_rps_want(rps);
	if (want != rps->cur)
		dg1_gt_rps_request(gt, want);
}

static void dg1_gt_rps_work(struct work_struct *work)
{
	struct dg1_gt *gt = container_of(work, struct dg1_gt, rps.work.work);

	mutex_lock(&gt->rps.lock);
	dg1_gt_rps_update(gt);
	mutex_unlock(&gt->rps.lock);
}

/* @us in the PM unit: 16 CS timestamp ticks (i915 intel_gt_clock_utils.c). */
static u32 dg1_rps_pm_interval(struct dg1_gt *gt, u64 us)
{
	return DIV_ROUND_UP_ULL(DIV_ROUND_UP_ULL(gt->clock_frequency * us,
						 USEC_PER_SEC), 16);
}

/*
 * Turn the PCU's RP evaluation on as i915 leaves it when its GT idles
 * (gt/intel_rps.c gen9_rps_enable(), rps_set_power() LOW_POWER): idle
 * hysteresis 10; up EI 16 ms at 95 % busy, down EI 32 ms at 85 %. dg1
 * takes no RP interrupt and decides itself; the unit is on because the
 * part may want it on to act on requests, as every driver on DG1 has it.
 */
static int dg1_gt_rps_enable_hw(struct dg1_gt *gt)
{
	struct dg1_uncore *uncore = gt->uncore;
	int ret;

	ret = dg1_force_wake_get(&uncore->fw, DG1_FW_GT);
	if (ret)
		return ret;
	dg1_uncore_write32_fw(uncore, GEN6_RP_IDLE_HYSTERSIS, 10);
	if (gt->clock_frequency) {
		dg1_uncore_write32_fw(uncore, GEN6_RP_UP_EI,
				      dg1_rps_pm_interval(gt, 16000));
		dg1_uncore_write32_fw(uncore, GEN6_RP_UP_THRESHOLD,
				      dg1_rps_pm_interval(gt, 16000 * 95 / 100));
		dg1_uncore_write32_fw(uncore, GEN6_RP_DOWN_EI,
				      dg1_rps_pm_interval(gt, 32000));
		dg1_uncore_write32_fw(uncore, GEN6_RP_DOWN_THRESHOLD,
				      dg1_rps_pm_interval(gt, 32000 * 85 / 100));
	}
	dg1_uncore_write32_fw(uncore, GEN6_RP_CONTROL, GEN6_RP_CONTROL_GEN12);
	dg1_force_wake_put(&uncore->fw, DG1_FW_GT);
	return 0;
}

/**
 * dg1_gt_rps_init() - read what the part can run at
 * @gt: the GT, its uncore set up
 *
 * RP0 and RPn come from RP_STATE_CAP, RP1 from FREQ_INFO_REC (i915
 * __gen6_rps_get_freq_caps() on gen10 and later), each ×3 into request
 * units. The limits start at RPn..RP0, boost at RP0; nothing is written
 * until dg1_gt_rps_resume().
 */
void dg1_gt_rps_init(struct dg1_gt *gt)
{
	struct dg1_gt_rps *rps = &gt->rps;
	u32 cap = dg1_uncore_read32_fw(gt->uncore, GEN6_RP_STATE_CAP);
	u32 rec = dg1_uncore_read32_fw(gt->uncore, GEN10_FREQ_INFO_REC);

	mutex_init(&rps->lock);
	INIT_DELAYED_WORK(&rps->work, dg1_gt_rps_work);
	rps->rp0 = REG_FIELD_GET(RP0_CAP_MASK, cap) * GEN9_FREQ_SCALER;
	rps->rpn = REG_FIELD_GET(RPN_CAP_MASK, cap) * GEN9_FREQ_SCALER;
	rps->rp1 = clamp(REG_FIELD_GET(RPE_MASK, rec) * GEN9_FREQ_SCALER,
			 rps->rpn, rps->rp0);
	rps->min = rps->rpn;
	rps->max = rps->rp0;
	rps->boost = rps->rp0;
	rps->cur = rps->rpn;
}

/**
 * dg1_gt_rps_resume() - program the frequency control after a GT reset
 * @gt: the GT, reset and its RC6 programmed
 *
 * The PCU's evaluation unit on, then the request the policy last made
 * (the minimum at probe). With no range between RPn and RP0 the policy
 * stays off, as in i915 ("no room for dynamic reclocking"), and so it
 * does if the GT does not wake.
 *
 * Context: process; wakes the GT domain.
 */
void dg1_gt_rps_resume(struct dg1_gt *gt)
{
	struct dg1_gt_rps *rps = &gt->rps;

	if (rps->rp0 <= rps->rpn) {
		drm_info_once(gt->drm, "GT frequency fixed: RP0 %u MHz, RPn %u MHz\n",
			      dg1_rps_to_mhz(rps->rp0), dg1_rps_to_mhz(rps->rpn));
		return;
	}
	mutex_lock(&rps->lock);
	if (dg1_gt_rps_enable_hw(gt)) {
		drm_warn(gt->drm, "GT frequency left as it is: the GT did not wake\n");
	} else {
		rps->enabled = true;
		dg1_gt_rps_request(gt, rps->cur);
	}
	mutex_unlock(&rps->lock);
}

/**
 * dg1_gt_rps_suspend() - the device goes to sleep
 * @gt: the GT, idle
 *
 * The policy stops touching registers until dg1_gt_rps_resume() programs
 * the unit and makes the last request again.
 *
 * Context: process.
 */
void dg1_gt_rps_suspend(struct dg1_gt *gt)
{
	mutex_lock(&gt->rps.lock);
	gt->rps.enabled = false;
	mutex_unlock(&gt->rps.lock);
	cancel_delayed_work_sync(&gt->rps.work);
}

/**
 * dg1_gt_rps_fini() - stop changing the frequency
 * @gt: the GT
 *
 * Requests that retire later queue nothing: the work is disabled, not
 * just cancelled. The PCU's evaluation is turned off.
 *
 * Context: process; wakes the GT domain.
 */
void dg1_gt_rps_fini(struct dg1_gt *gt)
{
	struct dg1_uncore *uncore = gt->uncore;
	bool was;

	disable_delayed_work_sync(&gt->rps.work);
	mutex_lock(&gt->rps.lock);
	was = gt->rps.enabled;
	gt->rps.enabled = false;
	mutex_unlock(&gt->rps.lock);
	/* The evaluation off again, as i915 leaves it; with the GT awake. */
	if (was && !dg1_force_wake_get(&uncore->fw, DG1_FW_GT)) {
		dg1_uncore_write32_fw(uncore, GEN6_RP_CONTROL, 0);
		dg1_force_wake_put(&uncore->fw, DG1_FW_GT);
	}
}

/**
 * dg1_gt_rps_busy() - a request went to an engine
 * @gt: the GT
 *
 * The first one in flight raises the frequency at once, if it is not
 * still raised.
 *
 * Context: any; does not sleep.
 */
void dg1_gt_rps_busy(struct dg1_gt *gt)
{
	struct dg1_gt_rps *rps = &gt->rps;

	if (atomic_inc_return(&rps->active) != 1)
		return;
	/*
	 * Still at speed (the idle work, DG1_RPS_IDLE_DELAY_MS after the
	 * last request, has not lowered it): no worker to wake for each
	 * request of a client that waits for every one (issue 25). The
	 * increment orders this read after @active, as the smp_mb() of
	 * dg1_gt_rps_update() orders its second look after its write.
	 */
	if (READ_ONCE(rps->cur) != dg1_gt_rps_busy_val(rps))
		mod_delayed_work(system_wq, &rps->work, 0);
}

/**
 * dg1_gt_rps_idle() - a request retired
 * @gt: the GT
 *
 * After the last one the frequency drops, %DG1_RPS_IDLE_DELAY_MS later
 * unless new work comes first.
 *
 * Context: any; does not sleep.
 */
void dg1_gt_rps_idle(struct dg1_gt *gt)
{
	if (atomic_dec_and_test(&gt->rps.active))
		mod_delayed_work(system_wq, &gt->rps.work,
				 msecs_to_jiffies(DG1_RPS_IDLE_DELAY_MS));
}

/**
 * dg1_gt_rps_get_mhz() - one of the GT's frequencies
 * @gt: the GT
 * @which: which one
 *
 * Context: process; reads CAGF for %DG1_RPS_ACT.
 * Return: the frequency in MHz; %DG1_RPS_ACT is 0 while the GT is in RC6.
 */
u32 dg1_gt_rps_get_mhz(struct dg1_gt *gt, enum dg1_gt_rps_freq which)
{
	struct dg1_gt_rps *rps = &gt->rps;
	u32 val;

	switch (which) {
	case DG1_RPS_RP0:
		return dg1_rps_to_mhz(rps->rp0);
	case DG1_RPS_RP1:
		return dg1_rps_to_mhz(rps->rp1);
	case DG1_RPS_RPN:
		return dg1_rps_to_mhz(rps->rpn);
	case DG1_RPS_ACT:
		val = dg1_uncore_read32_fw(gt->uncore, GEN12_RPSTAT1);
		return dg1_rps_to_mhz(REG_FIELD_GET(GEN12_CAGF_MASK, val));
	default:
		break;
	}
	mutex_lock(&rps->lock);
	val = which == DG1_RPS_MIN ? rps->min : which == DG1_RPS_MAX ?
	      rps->max : which == DG1_RPS_BOOST ? rps->boost : rps->cur;
	mutex_unlock(&rps->lock);
	return dg1_rps_to_mhz(val);
}

/**
 * dg1_gt_rps_set_mhz() - set a limit of the policy, as i915 checks it
 * @gt: the GT
 * @which: %DG1_RPS_MIN, %DG1_RPS_MAX or %DG1_RPS_BOOST
 * @mhz: the frequency, rounded to the nearest 50/3 MHz step
 *
 * Every value must lie within RPn..RP0; the minimum no higher than the
 * maximum and the maximum no lower than the minimum (they may be equal).
 * The request follows at once.
 *
 * Context: process.
 * Return: 0; -ENODEV when the policy is off (the part has no range, RP0 =
 * RPn, or its GT did not wake); -EINVAL for a value out of those bounds
 * or another @which.
 */
int dg1_gt_rps_set_mhz(struct dg1_gt *gt, enum dg1_gt_rps_freq which,
		       u32 mhz)
{
	struct dg1_gt_rps *rps = &gt->rps;
	u64 val = dg1_rps_from_mhz(mhz);
	int ret = 0;

	mutex_lock(&rps->lock);
	if (!rps->enabled)
		ret = -ENODEV;
	else if (val < rps->rpn || val > rps->rp0)
		ret = -EINVAL;
	else if (which == DG1_RPS_MIN && val <= rps->max)
		rps->min = val;
	else if (which == DG1_RPS_MAX && val >= rps->min)
		rps->max = val;
	else if (which == DG1_RPS_BOOST)
		rps->boost = val;
	else
		ret = -EINVAL;
	if (!ret)
		dg1_gt_rps_update(gt);
	mutex_unlock(&rps->lock);
	return ret;
}
