// SPDX-License-Identifier: GPL-2.0
/*
 * Local memory discovery: did boot firmware train it, how much of it is
 * usable, and the CPU aperture through BAR2 (Vol 13 General Assets, "PCIe
 * MMIO Memory BARs"; i915 intel_region_lmem.c and intel_uncore.c).
 */

#include <linux/io.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "mem/dg1_lmem.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_sgunit_regs.h"

/* LMEMBAR, the CPU aperture of local memory. */
#define DG1_LMEM_BAR		2

/*
 * Without trained local memory the punit keeps the GT powered down, so
 * nothing else can work; this must be the first register read (i915
 * intel_uncore.c, the LMEM_INIT check of intel_uncore_init_mmio()).
 */
static int dg1_lmem_check_trained(struct dg1_uncore *uncore)
{
	struct drm_device *drm = uncore->mmio.drm;
	u32 gu_cntl = dg1_uncore_read32(uncore, GU_CNTL);

	if (dg1_inject_probe_error(drm->dev, -ENODEV) ||
	    !(gu_cntl & LMEM_INIT)) {
		drm_err(drm,
			"local memory not initialised by firmware (GU_CNTL 0x%08x, LMEM_INIT clear)\n",
			gu_cntl);
		return -ENODEV;
	}
	return 0;
}

/**
 * dg1_lmem_init() - check, size and map local memory
 * @lmem: filled in
 * @uncore: register access; no forcewake domain is needed
 *
 * Usable LMEM ends where the GGTT stolen area begins, so GSMBASE is its
 * size (i915 intel_region_lmem.c). The aperture is requested (not
 * exclusively, like BAR0: see dg1_mmio_init()) and mapped write-combining
 * as the manual asks for LMEMBAR. All of it is device-managed.
 *
 * A BAR smaller than LMEM is allowed: only its part is CPU-visible.
 *
 * Context: process.
 * Return: 0; -ENODEV if firmware did not train LMEM, none is usable or
 * BAR2 is missing; -EBUSY if BAR2 is claimed elsewhere; -ENOMEM if it
 * cannot be mapped.
 */
int dg1_lmem_init(struct dg1_lmem *lmem, struct dg1_uncore *uncore)
{
	struct drm_device *drm = uncore->mmio.drm;
	struct pci_dev *pdev = to_pci_dev(drm->dev);
	int ret;

	ret = dg1_lmem_check_trained(uncore);
	if (ret)
		return ret;

	lmem->size = dg1_uncore_read64_2x32(uncore, GSMBASE, GSMBASE_UDW);
	if (dg1_inject_probe_error(drm->dev, -ENODEV) || !lmem->size) {
		drm_err(drm, "GSMBASE reads 0x%llx: no usable local memory\n",
			lmem->size);
		return -ENODEV;
	}

	lmem->io_start = pci_resource_start(pdev, DG1_LMEM_BAR);
	lmem->io_size = pci_resource_len(pdev, DG1_LMEM_BAR);
	if (dg1_inject_probe_error(drm->dev, -ENODEV) ||
	    !(pci_resource_flags(pdev, DG1_LMEM_BAR) & IORESOURCE_MEM) ||
	    !lmem->io_size) {
		drm_err(drm, "BAR%d (local memory aperture) is missing\n",
			DG1_LMEM_BAR);
		return -ENODEV;
	}

	if (lmem->size > lmem->io_size)
		drm_info(drm,
			 "local memory (%llu MiB) is larger than its BAR (%llu MiB); only part is CPU-visible\n",
			 lmem->size / SZ_1M, (u64)lmem->io_size / SZ_1M);

	ret = dg1_inject_probe_error(drm->dev, -EBUSY) ?:
	      pcim_request_region(pdev, DG1_LMEM_BAR, drm->driver->name);
	if (ret) {
		drm_err(drm, "cannot claim the local memory BAR: %d\n", ret);
		return ret;
	}

	lmem->io_vaddr = dg1_inject_probe_error(drm->dev, -ENOMEM) ? NULL :
			 devm_ioremap_wc(drm->dev, lmem->io_start,
					 lmem->io_size);
	if (!lmem->io_vaddr) {
		drm_err(drm, "cannot map the local memory aperture\n");
		return -ENOMEM;
	}
	return 0;
}
