// SPDX-License-Identifier: GPL-2.0
/*
 * Power management of the PCI function: runtime PM, which lets an idle
 * device autosuspend to D3hot, and system sleep.
 *
 * What keeps the device in D0 (a runtime PM reference): an ioctl in
 * progress (dg1_drv.c), a job from its EXEC or VM_BIND until the
 * scheduler frees it, an open OA stream, a CPU fault on an object that
 * may be in LMEM, and the sysfs, hwmon and debugfs files that reach the
 * hardware (dg1_pm_hw_enter()). When the last goes, the device suspends
 * DG1_PM_AUTOSUSPEND_MS later: CPU mappings of LMEM are torn down (a
 * BAR in D3hot answers nothing; the next access faults and wakes the
 * device), the GT's policies stop, interrupts go off, forcewake is
 * released. The PCI core then saves config space and enters D3hot.
 *
 * Resume programs everything again (dg1_hw_engines_resume()): the GPU
 * may have lost its registers (a function without No_Soft_Reset comes
 * back from D3hot D0uninitialized), so firmware readiness, the GT reset,
 * workarounds, MOCS, PAT, RC6, frequency, interrupts and execlists are
 * done as at probe. LMEM and the GGTT (GSM is in LMEM) keep their
 * contents in D3hot.
 *
 * D3cold at runtime would lose LMEM: dg1 does not allow it
 * (pci_d3cold_disable()), as i915 on discrete parts. Runtime PM is
 * allowed by default (xe does on discrete parts; i915 leaves
 * power/control at "on" for them): "on" in power/control turns it off.
 *
 * System sleep (suspend to idle or to RAM, hibernation's freeze, thaw,
 * power-off and restore alike) assumes the card loses power: binds and
 * exec queues are held back, what runs on the engines gets
 * DG1_PM_SUSPEND_IDLE_MS to finish and is reset without blame otherwise
 * (its context runs again from its image after resume), an open OA
 * stream stops sampling, CPU mappings of LMEM go, the GGTT's nodes and
 * every allocated range of LMEM are copied out (mem/dg1_lmem_backup.c),
 * then the GT is quieted as for runtime suspend. Resume copies LMEM and
 * the GGTT back, programs the GPU, and lets everything go on in the
 * reverse order. Open files, objects, mappings and fences stay valid.
 */

#include <linux/pci.h>
#include <linux/pm_runtime.h>
#include <linux/suspend.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "core/dg1_rpm.h"
#include "drm/dg1_device.h"
#include "drm/dg1_pm.h"
#include "gt/dg1_gt.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_ggtt.h"
#include "mem/dg1_lmem_backup.h"
#include "mem/dg1_vm.h"
#include "oa/dg1_oa_stream.h"
#include "submit/dg1_exec_queue.h"
#include "submit/dg1_hw_engine.h"

/* As xe (xe_pm.c); i915 waits 10 s. */
#define DG1_PM_AUTOSUSPEND_MS	1000
/* What runs may finish before system sleep resets it (i915's 500 ms). */
#define DG1_PM_SUSPEND_IDLE_MS	500

static struct dg1_device *dg1_pm_device(struct device *dev)
{
	return pci_get_drvdata(to_pci_dev(dev));
}

static int dg1_pm_runtime_suspend(struct device *dev)
{
	struct dg1_device *dg1 = dg1_pm_device(dev);
	int ret;

	dg1_bo_release_lmem_mmaps(&dg1->mem);
	ret = dg1_gt_suspend(&dg1->gt, false);
	if (ret) {
		drm_WARN_ONCE(&dg1->drm, 1,
			      "runtime suspend refused: a forcewake domain is held\n");
		return ret;
	}
	return 0;
}

static int dg1_pm_runtime_resume(struct device *dev)
{
	struct dg1_device *dg1 = dg1_pm_device(dev);

	/* A GPU that does not come back is wedged; the device stays usable. */
	dg1_hw_engines_resume(dg1);
	return 0;
}

/* Everything held back at suspend goes on again, in reverse order. */
static void dg1_pm_release(struct dg1_device *dg1)
{
	dg1_oa_resume(dg1);
	dg1_hw_engines_unpark(dg1);
	dg1_exec_queues_stop(dg1, false);
	dg1_vm_dev_stop(&dg1->vms, false);
}

static int dg1_pm_suspend(struct device *dev)
{
	struct dg1_device *dg1 = dg1_pm_device(dev);
	unsigned int replayed;
	u64 saved = 0, lost = 0;
	int idx, ret;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return 0;
	dg1_inject_suspend_delay();
	dg1_vm_dev_stop(&dg1->vms, true);
	dg1_exec_queues_stop(dg1, true);
	replayed = dg1_hw_engines_park(dg1, DG1_PM_SUSPEND_IDLE_MS);
	dg1_oa_suspend(dg1);
	dg1_bo_release_lmem_mmaps(&dg1->mem);
	ret = dg1_ggtt_suspend(&dg1->ggtt);
	if (ret)
		goto err;
	ret = dg1_lmem_backup(dg1, &saved, &lost);
	if (ret)
		goto err_ggtt;
	ret = dg1_gt_suspend(&dg1->gt, true);
	if (ret) {
		drm_err(&dg1->drm, "cannot suspend: a forcewake domain is being woken\n");
		dg1_lmem_backup_drop(dg1);
		goto err_ggtt;
	}
	drm_dbg(&dg1->drm, "suspended: %u engines reset, their work to run again; LMEM %llu KiB saved, %llu KiB lost\n",
		replayed, saved >> 10, lost >> 10);
	drm_dev_exit(idx);
	return 0;

err_ggtt:
	/* The GPU still has power: only the copies go. */
	dg1_ggtt_resume(&dg1->ggtt);
err:
	dg1_pm_release(dg1);
	drm_dev_exit(idx);
	return ret;
}

static int dg1_pm_resume(struct device *dev)
{
	struct dg1_device *dg1 = dg1_pm_device(dev);
	int idx;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return 0;
	dg1_lmem_restore(dg1);
	dg1_ggtt_resume(&dg1->ggtt);
	/* A GPU that does not come back is wedged; the device stays usable. */
	dg1_hw_engines_resume(dg1);
	dg1_pm_release(dg1);
	drm_dev_exit(idx);
	return 0;
}

/**
 * dg1_pm_hw_enter() - reach the hardware from outside an ioctl
 * @dg1: the device
 * @idx: for dg1_pm_hw_exit()
 *
 * For sysfs, hwmon and debugfs files: the device is bound
 * (drm_dev_enter()) and in D0 until dg1_pm_hw_exit().
 *
 * Context: process; sleeps while the device resumes.
 * Return: 0; -ENODEV after an unbind, or the error of the resume.
 */
int dg1_pm_hw_enter(struct dg1_device *dg1, int *idx)
{
	int ret;

	if (!drm_dev_enter(&dg1->drm, idx))
		return -ENODEV;
	ret = pm_runtime_resume_and_get(dg1->drm.dev);
	if (ret < 0)
		drm_dev_exit(*idx);
	return ret < 0 ? ret : 0;
}

/**
 * dg1_pm_hw_exit() - done with the hardware
 * @dg1: the device
 * @idx: from dg1_pm_hw_enter()
 */
void dg1_pm_hw_exit(struct dg1_device *dg1, int idx)
{
	dg1_rpm_put(dg1->drm.dev);
	drm_dev_exit(idx);
}

/* System sleep begins or ended: no hang check meanwhile. */
static int dg1_pm_notify(struct notifier_block *nb, unsigned long action,
			 void *data)
{
	struct dg1_device *dg1 = container_of(nb, struct dg1_device, pm_nb);

	switch (action) {
	case PM_SUSPEND_PREPARE:
	case PM_HIBERNATION_PREPARE:
		dg1_exec_queues_sleeping(dg1, true);
		break;
	case PM_POST_SUSPEND:
	case PM_POST_HIBERNATION:
	case PM_POST_RESTORE:
		dg1_exec_queues_sleeping(dg1, false);
		break;
	}
	return NOTIFY_DONE;
}

/**
 * dg1_pm_init() - let the idle device suspend
 * @dg1: the device, probed and registered
 *
 * The PCI core holds a reference over probe (local_pci_probe()); it is
 * dropped here, so an unused device suspends DG1_PM_AUTOSUSPEND_MS
 * after probe. From here on, the start and end of system sleep are
 * heard of (dg1_exec_queues_sleeping()).
 */
void dg1_pm_init(struct dg1_device *dg1)
{
	struct device *dev = dg1->drm.dev;

	pci_d3cold_disable(to_pci_dev(dev));
	/* System sleep always reaches the driver: LMEM may need saving. */
	dev_pm_set_driver_flags(dev, DPM_FLAG_NO_DIRECT_COMPLETE);
	pm_runtime_set_autosuspend_delay(dev, DG1_PM_AUTOSUSPEND_MS);
	pm_runtime_use_autosuspend(dev);
	pm_runtime_allow(dev);
	dg1_rpm_put(dev);
	dg1->pm_nb.notifier_call = dg1_pm_notify;
	register_pm_notifier(&dg1->pm_nb);
}

/**
 * dg1_pm_fini() - keep the device in D0 from unbind on
 * @dg1: the device
 *
 * Undoes dg1_pm_init() as the PCI core expects before its own put
 * (pci_device_remove()): the device stays active with runtime PM
 * forbidden, as it was before the driver bound.
 */
void dg1_pm_fini(struct dg1_device *dg1)
{
	struct device *dev = dg1->drm.dev;

	unregister_pm_notifier(&dg1->pm_nb);
	pm_runtime_forbid(dev);
	pm_runtime_get_noresume(dev);
	pm_runtime_dont_use_autosuspend(dev);
	pci_d3cold_enable(to_pci_dev(dev));
}

const struct dev_pm_ops dg1_pm_ops = {
	SYSTEM_SLEEP_PM_OPS(dg1_pm_suspend, dg1_pm_resume)
	RUNTIME_PM_OPS(dg1_pm_runtime_suspend, dg1_pm_runtime_resume, NULL)
};
