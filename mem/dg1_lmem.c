// SPDX-License-Identifier: GPL-2.0
/*
 * Local memory discovery: did boot firmware train it, how much of it is
 * usable, and the CPU aperture through BAR2 (Vol 13 General Assets, "PCIe
 * MMIO Memory BARs"; i915 intel_region_lmem.c and intel_uncore.c).
 */

#include <linux/io.h>
#include <linux/ioport.h>
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

/* walk_iomem_res_desc() callback: one claimed range of the aperture. */
static int dg1_lmem_note_claim(struct resource *res, void *arg)
{
	struct dg1_lmem *lmem = arg;
	u64 start = round_down(res->start - lmem->io_start, PAGE_SIZE);
	u64 end = round_up(res->end + 1 - lmem->io_start, PAGE_SIZE);
	struct dg1_lmem_range *last;

	/* Claims come in address order; two may share a page. */
	if (lmem->num_fw) {
		last = &lmem->fw[lmem->num_fw - 1];
		if (start <= last->start + last->size) {
			last->size = max(last->start + last->size, end) -
				     last->start;
			return 0;
		}
	}
	if (lmem->num_fw == DG1_LMEM_FW_RANGES)
		return -E2BIG;
	lmem->fw[lmem->num_fw++] = (struct dg1_lmem_range){ start, end - start };
	return 0;
}

/*
 * Claim the aperture but for what others hold. dg1 draws nothing, so a
 * firmware framebuffer scanning out of LMEM (on a DG1 that is the boot
 * display) stays: its driver keeps its claim (a busy resource inside
 * BAR2), dg1 claims the rest and keeps the memory under it from objects.
 * The DSM is not where it lives on discrete parts: i915 looks for the
 * initial plane in the LMEM region (display/intel_plane_initial.c).
 */
static int dg1_lmem_claim(struct dg1_lmem *lmem, struct drm_device *drm)
{
	resource_size_t end = lmem->io_start + lmem->io_size;
	resource_size_t pos = lmem->io_start;
	unsigned int i;
	int ret;

	lmem->num_fw = 0;
	ret = walk_iomem_res_desc(IORES_DESC_NONE,
				  IORESOURCE_MEM | IORESOURCE_BUSY,
				  lmem->io_start, end - 1, lmem,
				  dg1_lmem_note_claim);
	if (ret == -E2BIG) {
		drm_err(drm, "more than %d ranges of the local memory BAR are claimed by others\n",
			DG1_LMEM_FW_RANGES);
		return -EBUSY;
	}

	for (i = 0; i <= lmem->num_fw; i++) {
		resource_size_t next = i < lmem->num_fw ?
				       lmem->io_start + lmem->fw[i].start : end;

		if (next > pos &&
		    (dg1_inject_probe_error(drm->dev, -EBUSY) ||
		     !devm_request_mem_region(drm->dev, pos, next - pos,
					      drm->driver->name)))
			return -EBUSY;
		if (i < lmem->num_fw) {
			pos = next + lmem->fw[i].size;
			drm_info(drm,
				 "LMEM [0x%llx-0x%llx] is claimed by another driver (a firmware framebuffer?): kept as it is\n",
				 lmem->fw[i].start,
				 lmem->fw[i].start + lmem->fw[i].size - 1);
		}
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
 * exclusively, like BAR0: see dg1_mmio_init()) but for the parts another
 * driver holds (@lmem->fw), and mapped write-combining as the manual asks
 * for LMEMBAR. All of it is device-managed.
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

	ret = dg1_lmem_claim(lmem, drm);
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
