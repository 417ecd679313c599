// SPDX-License-Identifier: GPL-2.0
/*
 * Engines at run time: what each present engine owns beyond its static
 * description (gt/dg1_engine_info.c): its global hardware status page, one
 * 4 KiB kernel object in the GGTT per engine, which the engine writes
 * context status entries to (Vol 13 General Assets, "Hardware Status
 * Page"; i915 gt/intel_engine_cs.c allocates one per engine too), and its
 * execlist submission state (submit/dg1_execlists.c). Engines are put in
 * execlists mode at probe.
 */

#include <linux/bitops.h>
#include <linux/sizes.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_inject.h"
#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt.h"
#include "gt/dg1_irq.h"
#include "gt/dg1_pcode.h"
#include "mem/dg1_kobj.h"
#include "mmio/dg1_forcewake.h"
#include "submit/dg1_capture.h"
#include "submit/dg1_execlists.h"
#include "submit/dg1_hw_engine.h"

/* The interrupt layer's engine events, to the engine's submission. */
static void dg1_hw_engines_irq(void *data, enum dg1_hw_engine_id id, u16 iir)
{
	struct dg1_device *dg1 = data;

	dg1_execlists_irq(&dg1->engines[id], iir);
}

static void dg1_hw_engines_fini(void *arg)
{
	struct dg1_device *dg1 = arg;
	unsigned int id;

	dg1_irq_set_engine_handler(&dg1->gt, NULL, NULL);
	cancel_work_sync(&dg1->gt_reset_work);

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		struct dg1_hw_engine *engine = &dg1->engines[id];

		if (!engine->dg1)
			continue;
		dg1_execlists_fini(engine);
		dg1_kobj_destroy(dg1, &engine->hwsp);
	}
	/* After the engines: their last resets may still take a capture. */
	dg1_capture_dev_fini(dg1);
}

/*
 * An engine reset failed: reset the whole GT, program it again and submit
 * every context again (the failed engine reset blamed its request). If
 * that fails too, the GPU is wedged. The engines are stopped in id order,
 * each holding its own reset lock, so no engine reset runs meanwhile.
 */
static void dg1_hw_engines_gt_reset_work(struct work_struct *work)
{
	struct dg1_device *dg1 = container_of(work, struct dg1_device,
					      gt_reset_work);
	unsigned long mask = dg1->gt.engine_mask;
	int fw_ret[DG1_HW_ENGINE_ID_COUNT];
	unsigned int id;
	int idx, ret;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return;
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		fw_ret[id] = dg1_execlists_gt_reset_prepare(&dg1->engines[id]);
	ret = dg1_gt_reset(&dg1->gt);
	atomic_inc(&dg1->gt_resets);
	if (ret)
		drm_err(&dg1->drm, "GT reset failed: %d\n", ret);
	else
		drm_warn(&dg1->drm, "GT reset after a failed engine reset\n");
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		dg1_execlists_gt_reset_finish(&dg1->engines[id], fw_ret[id],
					      !ret, true);
	if (ret)
		dg1_hw_engines_wedge(dg1, "GT reset failed");
	drm_dev_exit(idx);
}

/**
 * dg1_hw_engines_resume() - program the GPU again after it lost its state
 * @dg1: the device, back in D0 with its registers at power-on values
 *
 * What probe programmed, in its order: firmware done, the GT reset and
 * programmed (RC6, steering, workarounds, MOCS, PAT, frequency), the
 * interrupts, then each engine's execlists; contexts with work are
 * submitted again from their images. Unlike a GT reset after a hang,
 * the engines' reset counts do not grow. A GPU that does not come back is
 * wedged.
 *
 * Context: process; sleeps.
 * Return: 0, or the error that wedged the GPU.
 */
int dg1_hw_engines_resume(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	int fw_ret[DG1_HW_ENGINE_ID_COUNT];
	unsigned int id;
	int ret;

	ret = dg1_pcode_wait_init(&dg1->uncore);
	/* Requests kept across system sleep count on their domains. */
	if (!ret)
		dg1_force_wake_resume(&dg1->uncore.fw);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		fw_ret[id] = dg1_execlists_gt_reset_prepare(&dg1->engines[id]);
	if (!ret)
		ret = dg1_gt_reset(&dg1->gt);
	if (!ret)
		dg1_irq_resume(&dg1->gt);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		dg1_execlists_gt_reset_finish(&dg1->engines[id], fw_ret[id],
					      !ret, false);
	if (ret)
		dg1_hw_engines_wedge(dg1, "the GPU did not come back from D3");
	return ret;
}

/**
 * dg1_hw_engines_park() - stop the engines before the device sleeps
 * @dg1: the device
 * @timeout_ms: how long what runs may take to finish
 *
 * Nothing more is loaded into the engines' ports; what is there runs on
 * for up to @timeout_ms (i915 waits 500 ms too, then wedges). An engine
 * still busy then is reset without blame: its contexts are submitted
 * again from their images once dg1_hw_engines_unpark() lets them, as
 * innocent contexts are after a reset.
 *
 * Context: process; sleeps.
 * Return: how many engines had to be reset.
 */
unsigned int dg1_hw_engines_park(struct dg1_device *dg1,
				 unsigned int timeout_ms)
{
	unsigned long mask = dg1->gt.engine_mask;
	unsigned long end = jiffies + msecs_to_jiffies(timeout_ms);
	unsigned int id, reset = 0;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		dg1_execlists_park(&dg1->engines[id], true);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		struct dg1_hw_engine *e = &dg1->engines[id];
		long left = max_t(long, (long)(end - jiffies), 1);

		if (wait_event_timeout(e->ports_wq,
				       dg1_execlists_park(e, true), left))
			continue;
		dg1_execlists_reset(e, DG1_RESET_REPLAY, NULL);
		reset++;
	}
	return reset;
}

/**
 * dg1_hw_engines_unpark() - let the engines run again
 * @dg1: the device
 *
 * Context: process.
 */
void dg1_hw_engines_unpark(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	unsigned int id;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		dg1_execlists_park(&dg1->engines[id], false);
}

/**
 * dg1_hw_engines_init() - set up the present engines' run-time state
 * @dg1: the device, its GT and GGTT initialised
 *
 * Torn down by a device-managed action before the GGTT.
 *
 * Context: process.
 * Return: 0, or the error of an allocation.
 */
int dg1_hw_engines_init(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	unsigned int id;
	int ret;

	init_waitqueue_head(&dg1->user_irq.wq);
	atomic_set(&dg1->user_irq.seq, 0);
	INIT_WORK(&dg1->gt_reset_work, dg1_hw_engines_gt_reset_work);
	dg1_capture_dev_init(dg1);
	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      devm_add_action_or_reset(dg1->drm.dev, dg1_hw_engines_fini, dg1);
	if (ret)
		return ret;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		struct dg1_hw_engine *engine = &dg1->engines[id];

		engine->dg1 = dg1;
		engine->id = id;
		engine->info = &dg1_engine_infos[id];
		engine->fw_domain = BIT(engine->info->fw_domain);
		ret = dg1_execlists_init(engine);
		if (ret)
			return ret;
		ret = dg1_kobj_create(dg1, &engine->hwsp, SZ_4K,
				      engine->info->name);
		if (ret) {
			drm_err(&dg1->drm, "%s: no status page: %d\n",
				engine->info->name, ret);
			return ret;
		}
		/*
		 * A domain that never wakes leaves the rest of the device
		 * usable, as it does for the workarounds (gt/dg1_gt.c).
		 */
		ret = dg1_execlists_enable(engine);
		if (ret) {
			drm_err(&dg1->drm, "%s: cannot enable execlists (%d): not used\n",
				engine->info->name, ret);
			engine->unusable = true;
		}
	}
	dg1_irq_set_engine_handler(&dg1->gt, dg1_hw_engines_irq, dg1);
	return 0;
}

/**
 * dg1_hw_engines_wedge() - give up on the GPU
 * @dg1: the device
 * @why: for the log
 *
 * What no reset brings back (or a test, through debugfs) ends here: every
 * engine is out of use, every request not done ends with -EIO, and EXEC,
 * VM_BIND and exec queue creation fail with -EIO from now on; waits end
 * as the fences they wait for did. Files, objects and mappings stay; a
 * new bind of the driver (which resets the GT at probe) starts afresh.
 *
 * Context: process; sleeps (each engine is reset to stop it).
 */
void dg1_hw_engines_wedge(struct dg1_device *dg1, const char *why)
{
	unsigned long mask = dg1->gt.engine_mask;
	unsigned int id;

	if (xchg(&dg1->wedged, true))
		return;
	drm_err(&dg1->drm, "GPU wedged (%s): requests fail with -EIO until the driver is bound again\n",
		why);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		struct dg1_hw_engine *e = &dg1->engines[id];

		spin_lock_irq(&e->lock);
		e->unusable = true;
		spin_unlock_irq(&e->lock);
		dg1_execlists_reset(e, DG1_RESET_REPLAY, NULL);
	}
	/* User-fence waiters see it now, not at their timeout. */
	wake_up_all(&dg1->user_irq.wq);
}
