// SPDX-License-Identifier: GPL-2.0
/*
 * Probe and removal of a DG1, step by step. Everything is device-managed:
 * an error in any step just returns, and unbinding releases it all.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "drm/dg1_debugfs.h"
#include "drm/dg1_device.h"
#include "gt/dg1_gt.h"
#include "gt/dg1_hw_engine.h"
#include "gt/dg1_mmio.h"
#include "regs/dg1_gt_regs.h"

/* LMEMBAR, the CPU aperture of local memory (manual 000:L88-L90). */
#define DG1_LMEM_BAR		2

/* xe_pci.c: DG1 addresses 39 bits of system memory. */
#define DG1_DMA_MASK_BITS	39

/**
 * dg1_device_create() - allocate the device for a PCI function
 * @pdev: the function being probed
 * @driver: the DRM driver it will be registered with
 *
 * Return: the new device, or an ERR_PTR().
 */
struct dg1_device *dg1_device_create(struct pci_dev *pdev,
				     const struct drm_driver *driver)
{
	struct dg1_device *dg1;

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

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;

	pci_set_master(pdev);

	ret = dma_set_mask_and_coherent(&pdev->dev,
					DMA_BIT_MASK(DG1_DMA_MASK_BITS));
	if (ret)
		drm_err(&dg1->drm, "cannot use a %u-bit DMA mask: %d\n",
			DG1_DMA_MASK_BITS, ret);
	return ret;
}

/*
 * Without trained local memory the punit keeps the GT powered down, so
 * nothing else can work; this must be the first register read (HARDWARE.md
 * §1.5 step 1, i915 intel_uncore.c).
 */
static int dg1_device_check_lmem_init(struct dg1_device *dg1)
{
	u32 gu_cntl = dg1_mmio_read32(&dg1->mmio, GU_CNTL);

	if (!(gu_cntl & LMEM_INIT)) {
		drm_err(&dg1->drm,
			"local memory not initialised by firmware (GU_CNTL 0x%08x, LMEM_INIT clear)\n",
			gu_cntl);
		return -ENODEV;
	}
	return 0;
}

/*
 * Usable LMEM ends where the GGTT stolen area begins, so GSMBASE is its size
 * (HARDWARE.md §1.5 steps 2-4, i915 intel_region_lmem.c). The aperture is
 * mapped write-combining as the manual asks (000:L90).
 */
static int dg1_device_probe_lmem(struct dg1_device *dg1)
{
	struct pci_dev *pdev = to_pci_dev(dg1->drm.dev);
	struct dg1_lmem *lmem = &dg1->lmem;
	int ret;

	lmem->size = dg1_mmio_read64_2x32(&dg1->mmio, GSMBASE, GSMBASE_UDW);
	if (!lmem->size) {
		drm_err(&dg1->drm, "GSMBASE reads 0: no usable local memory\n");
		return -ENODEV;
	}

	lmem->io_start = pci_resource_start(pdev, DG1_LMEM_BAR);
	lmem->io_size = pci_resource_len(pdev, DG1_LMEM_BAR);
	if (!(pci_resource_flags(pdev, DG1_LMEM_BAR) & IORESOURCE_MEM) ||
	    !lmem->io_size) {
		drm_err(&dg1->drm, "BAR%d (local memory aperture) is missing\n",
			DG1_LMEM_BAR);
		return -ENODEV;
	}

	if (lmem->size > lmem->io_size)
		drm_warn(&dg1->drm,
			 "local memory (%llu MiB) is larger than its BAR (%llu MiB); only part is CPU-visible\n",
			 lmem->size / SZ_1M, (u64)lmem->io_size / SZ_1M);

	/* Not exclusively, like BAR0: see dg1_mmio_init(). */
	ret = pcim_request_region(pdev, DG1_LMEM_BAR, dg1->drm.driver->name);
	if (ret) {
		drm_err(&dg1->drm, "cannot claim the local memory BAR: %d\n",
			ret);
		return ret;
	}

	lmem->io_vaddr = devm_ioremap_wc(&pdev->dev, lmem->io_start,
					 lmem->io_size);
	if (!lmem->io_vaddr) {
		drm_err(&dg1->drm, "cannot map the local memory aperture\n");
		return -ENOMEM;
	}
	return 0;
}

static void dg1_device_fini_gt(void *arg)
{
	struct dg1_device *dg1 = arg;

	dg1_gt_fini(&dg1->gt);
}

static void dg1_device_print_summary(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	char engines[64] = "";
	unsigned int id;
	int len = 0;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		len += scnprintf(engines + len, sizeof(engines) - len, " %s",
				 dg1_hw_engine_infos[id].name);

	drm_info(&dg1->drm,
		 "DG1 [8086:%04x] rev 0x%02x: LMEM %llu MiB (BAR %llu MiB); engines:%s; DSS 0x%x, %u EUs, L3 banks 0x%x; CS timestamp %u Hz\n",
		 dg1->info.devid, dg1->info.revid, dg1->lmem.size / SZ_1M,
		 (u64)dg1->lmem.io_size / SZ_1M, engines,
		 dg1->gt.topology.dss_mask, dg1->gt.topology.num_eus,
		 dg1->gt.topology.l3_bank_mask, dg1->gt.clock_frequency);
}

/**
 * dg1_device_probe() - bring the hardware up far enough to describe it
 * @dg1: device from dg1_device_create()
 *
 * Order: enable the PCI function; map the registers; check that firmware
 * trained local memory (first register read); size and map local memory;
 * then the GT (forcewake, fuses, MCR steering, workarounds); then the
 * debugfs files.
 *
 * Return: 0, or a negative error code; -ENODEV when the device is unusable.
 */
int dg1_device_probe(struct dg1_device *dg1)
{
	int ret;

	ret = dg1_device_enable_pci(dg1);
	if (ret)
		return ret;

	ret = dg1_mmio_init(&dg1->mmio, &dg1->drm);
	if (ret)
		return ret;

	ret = dg1_device_check_lmem_init(dg1);
	if (ret)
		return ret;

	ret = dg1_device_probe_lmem(dg1);
	if (ret)
		return ret;

	ret = dg1_gt_init(&dg1->gt, &dg1->mmio);
	if (ret)
		return ret;

	/* Runs before the register mapping is released (devres order). */
	ret = devm_add_action_or_reset(dg1->drm.dev, dg1_device_fini_gt, dg1);
	if (ret)
		return ret;

	dg1_debugfs_register(dg1);
	dg1_device_print_summary(dg1);
	return 0;
}

/**
 * dg1_device_remove() - detach from the hardware on unbind
 * @dg1: the device
 *
 * Unplug first: open files keep the DRM device alive, but every ioctl
 * fails from now on, so none can reach the hardware while the managed
 * resources (mappings, PCI enable) are released.
 */
void dg1_device_remove(struct dg1_device *dg1)
{
	drm_dev_unplug(&dg1->drm);
}
