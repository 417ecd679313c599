// SPDX-License-Identifier: GPL-2.0
/*
 * Probe and removal of a DG1, step by step. Everything is device-managed:
 * an error in any step just returns, and unbinding releases it all. Each
 * step that can fail is a fault-injection checkpoint in debug builds
 * (core/dg1_inject.c), so every unwinding path is exercised.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "drm/dg1_debugfs.h"
#include "drm/dg1_hwmon.h"
#include "drm/dg1_sysfs.h"
#include "drm/dg1_device.h"
#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt.h"
#include "gt/dg1_gt_rc6.h"
#include "gt/dg1_gt_rps.h"
#include "gt/dg1_irq.h"
#include "gt/dg1_pcode.h"
#include "mem/dg1_dmabuf.h"
#include "mem/dg1_ggtt.h"
#include "mem/dg1_lmem.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_vm.h"
#include "mmio/dg1_uncore.h"
#include "oa/dg1_oa.h"
#include "oa/dg1_oa_config.h"
#include "submit/dg1_default_ctx.h"
#include "submit/dg1_exec_queue.h"
#include "submit/dg1_hw_engine.h"

/* xe_pci.c: DG1 addresses 39 bits of system memory. */
#define DG1_DMA_MASK_BITS	39

/**
 * dg1_device_create() - allocate the device for a PCI function
 * @pdev: the function being probed
 * @driver: the DRM driver it will be registered with
 *
 * The first probe step: it starts the count of fault-injection
 * checkpoints.
 *
 * Return: the new device, or an ERR_PTR().
 */
struct dg1_device *dg1_device_create(struct pci_dev *pdev,
				     const struct drm_driver *driver)
{
	struct dg1_device *dg1;
	int ret;

	dg1_inject_probe_begin();
	ret = dg1_inject_probe_error(&pdev->dev, -ENOMEM);
	if (ret)
		return ERR_PTR(ret);

	dg1 = devm_drm_dev_alloc(&pdev->dev, driver, struct dg1_device, drm);
	if (IS_ERR(dg1))
		return dg1;

	dg1->info.devid = pdev->device;
	dg1->info.revid = pdev->revision;
	dg1->info.graphics_verx100 = DG1_GRAPHICS_VER_X100;
	dg1->info.media_verx100 = DG1_MEDIA_VER_X100;
	return dg1;
}

static int dg1_device_enable_pci(struct dg1_device *dg1)
{
	struct pci_dev *pdev = to_pci_dev(dg1->drm.dev);
	int ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -EIO) ?:
	      pcim_enable_device(pdev);
	if (ret) {
		drm_err(&dg1->drm, "cannot enable the PCI function: %d\n", ret);
		return ret;
	}

	pci_set_master(pdev);

	ret = dg1_inject_probe_error(dg1->drm.dev, -EIO) ?:
	      dma_set_mask_and_coherent(&pdev->dev,
					DMA_BIT_MASK(DG1_DMA_MASK_BITS));
	if (ret)
		drm_err(&dg1->drm, "cannot use a %u-bit DMA mask: %d\n",
			DG1_DMA_MASK_BITS, ret);
	return ret;
}

/* Runs before BAR0's GGTT mapping is released (devres order). */
static void dg1_device_fini_ggtt(void *arg)
{
	struct dg1_device *dg1 = arg;

	dg1_ggtt_fini(&dg1->ggtt);
}

/* The next driver finds the wells up, as after i915 (intel_rc6.c). */
static void dg1_device_fini_gt(void *arg)
{
	struct dg1_device *dg1 = arg;

	dg1_gt_rps_fini(&dg1->gt);
	dg1_gt_rc6_disable(&dg1->gt);
}

/* Runs before the register mapping is released (devres order). */
static void dg1_device_fini_uncore(void *arg)
{
	struct dg1_device *dg1 = arg;

	dg1_uncore_fini(&dg1->uncore);
}

static void dg1_device_print_summary(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	char engines[64] = "";
	unsigned int id;
	int len = 0;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		len += scnprintf(engines + len, sizeof(engines) - len, " %s",
				 dg1_engine_infos[id].name);

	drm_info(&dg1->drm,
		 "DG1 [8086:%04x] rev 0x%02x: LMEM %llu MiB (BAR %llu MiB); engines:%s; DSS 0x%x, %u EUs, L3 banks 0x%x; CS timestamp %u Hz\n",
		 dg1->info.devid, dg1->info.revid, dg1->lmem.size / SZ_1M,
		 (u64)dg1->lmem.io_size / SZ_1M, engines,
		 dg1->gt.topology.dss_mask, dg1->gt.topology.num_eus,
		 dg1->gt.topology.l3_bank_mask, dg1->gt.clock_frequency);
}

/*
 * What follows a move and an unplug above TTM's callbacks: the VMs'
 * mappings, the shared buffers' attachments.
 */
static const struct dg1_mem_hooks dg1_device_mem_hooks = {
	.move_notify = dg1_vm_bo_move_notify,
	.unplug = dg1_dmabuf_unplug,
};

/**
 * dg1_device_probe() - bring the hardware up far enough to describe it
 * @dg1: device from dg1_device_create()
 *
 * Order: enable the PCI function; map the registers; check that firmware
 * trained local memory (the first register read), size and map it; set
 * up the memory manager over it (after the mapping, so that it is torn
 * down before the mapping goes); the GGTT, its PTEs pointed at scratch;
 * then the GT (forcewake domains, fuses,
 * MCR steering, workarounds); the VM bind scheduler; the engines' status
 * pages; each engine's default context image; then the debugfs files.
 * Registration with DRM is the caller's last step.
 *
 * Context: process; sleeps while power domains wake.
 * Return: 0, or a negative error code; -ENODEV when the device is unusable.
 */
int dg1_device_probe(struct dg1_device *dg1)
{
	int ret;

	ret = dg1_device_enable_pci(dg1);
	if (ret)
		return ret;

	ret = dg1_uncore_init(&dg1->uncore, &dg1->drm);
	if (ret)
		return ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      devm_add_action_or_reset(dg1->drm.dev, dg1_device_fini_uncore,
				       dg1);
	if (ret)
		return ret;

	/* Firmware's word is final only once it says it is done. */
	ret = dg1_pcode_wait_init(&dg1->uncore);
	if (ret)
		return ret;

	ret = dg1_lmem_init(&dg1->lmem, &dg1->uncore);
	if (ret)
		return ret;

	ret = dg1_mem_init(&dg1->mem, dg1);
	if (ret)
		return ret;
	dg1_mem_set_hooks(&dg1->mem, &dg1_device_mem_hooks);

	ret = dg1_ggtt_init(&dg1->ggtt, &dg1->uncore, &dg1->lmem);
	if (ret)
		return ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      devm_add_action_or_reset(dg1->drm.dev, dg1_device_fini_ggtt,
				       dg1);
	if (ret)
		return ret;

	ret = dg1_gt_init(&dg1->gt, &dg1->uncore);
	if (ret)
		return ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      devm_add_action_or_reset(dg1->drm.dev, dg1_device_fini_gt, dg1);
	if (ret)
		return ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      dg1_vm_dev_init(&dg1->vms, dg1);
	if (ret)
		return ret;

	ret = dg1_irq_init(&dg1->gt, to_pci_dev(dg1->drm.dev));
	if (ret)
		return ret;

	ret = dg1_hw_engines_init(dg1);
	if (ret)
		return ret;

	ret = dg1_default_ctx_init(dg1);
	if (ret)
		return ret;

	ret = dg1_exec_queues_init(dg1);
	if (ret)
		return ret;

	ret = dg1_oa_init(dg1);
	if (ret)
		return ret;

	ret = dg1_hwmon_register(dg1);
	if (ret)
		return ret;

	ret = dg1_debugfs_register(dg1);
	if (ret)
		return ret;

	dg1_device_print_summary(dg1);
	return 0;
}

/**
 * dg1_device_register() - make the device visible to userspace
 * @dg1: a probed device
 *
 * Return: 0, or the error of drm_dev_register().
 */
int dg1_device_register(struct dg1_device *dg1)
{
	int ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      drm_dev_register(&dg1->drm, 0);
	if (ret)
		return ret;
	/* A card without its metrics/ directory still works. */
	if (dg1_oa_metrics_register(dg1))
		drm_warn(&dg1->drm, "no sysfs metrics directory\n");
	if (dg1_sysfs_register(dg1))
		drm_warn(&dg1->drm, "no sysfs power files\n");
	return 0;
}

/**
 * dg1_device_remove() - detach from the hardware on unbind
 * @dg1: the device
 *
 * Unplug first: open files keep the DRM device alive, but every ioctl
 * fails with -ENODEV from now on, and drm_dev_unplug() waits for those in
 * flight, so none can reach the hardware while the managed resources
 * (power domains, mappings, PCI enable) are released.
 */
void dg1_device_remove(struct dg1_device *dg1)
{
	dg1_sysfs_unregister(dg1);
	dg1_oa_metrics_unregister(dg1);
	drm_dev_unplug(&dg1->drm);
	dg1_oa_unplug(dg1);
	/* User-fence waiters see the unplug (-ENODEV). */
	wake_up_all(&dg1->user_irq.wq);
	dg1_inject_remove_delay();
}
