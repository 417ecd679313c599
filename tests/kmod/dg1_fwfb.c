// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_fwfb - a stand-in, for the VM, for boot firmware that left a console
 * on the DG1. vdg1 has no display and no firmware draws on it, so this
 * does what firmware and the kernel's firmware-framebuffer driver
 * (simpledrm, efifb) do between them on a DG1 that is the boot display:
 * a framebuffer in LMEM seen through BAR2, inserted in the resource tree
 * as sysfb's platform device is, claimed (a busy resource) and registered
 * as a firmware aperture as simpledrm does, and GGTT entries mapping it
 * at GGTT address 0 for the display to scan out (i915
 * display/intel_plane_initial.c finds it through them).
 *
 * /sys/devices/platform/dg1-fwfb/check reads "ok" while the pixels and
 * the GGTT entries are what were written. A driver that removes
 * conflicting firmware framebuffers detaches the device: the file goes.
 * Test scaffolding: built by make check for the VM, never part of dg1.ko.
 */

#include <linux/aperture.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>

#include "regs/dg1_gtt_defs.h"

#define FWFB_NAME	"dg1-fwfb"
/* Where in LMEM and how big: 1024x768, 32 bpp, as a GOP mode would be. */
#define FWFB_OFFSET	SZ_16M
#define FWFB_SIZE	(1024 * 768 * 4)
#define FWFB_PAGES	(FWFB_SIZE / SZ_4K)

static struct pci_dev *fwfb_gpu;
static struct platform_device *fwfb_pdev;
static bool fwfb_exiting, fwfb_detached;
static void __iomem *fwfb_pixels;
static u64 __iomem *fwfb_gsm;

static u32 fwfb_pixel(u32 i)
{
	return i * 2654435761u ^ 0x00c0ffee;
}

static u64 fwfb_pte(u32 page)
{
	return (FWFB_OFFSET + (u64)page * SZ_4K) | DG1_GGTT_PTE_LM |
	       DG1_GGTT_PTE_PRESENT;
}

static ssize_t check_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	u32 i, bad = 0, first = 0, bad_pte = FWFB_PAGES;
	int len = 0;
	u64 pte = 0;

	for (i = 0; i < FWFB_PAGES && bad_pte == FWFB_PAGES; i++) {
		pte = readq(&fwfb_gsm[i]);
		if (pte != fwfb_pte(i))
			bad_pte = i;
	}
	for (i = 0; i < FWFB_SIZE / 4; i++)
		if (readl(fwfb_pixels + 4 * i) != fwfb_pixel(i) && !bad++)
			first = i;
	/* One line, naming each part that changed. */
	if (bad)
		len += sysfs_emit_at(buf, len, "%u pixels changed, the first at byte 0x%x; ",
				     bad, 4 * first);
	if (bad_pte < FWFB_PAGES)
		len += sysfs_emit_at(buf, len, "ggtt entry %u is 0x%llx, not 0x%llx; ",
				     bad_pte, pte, fwfb_pte(bad_pte));
	if (!len)
		return sysfs_emit(buf, "ok\n");
	buf[len - 2] = '\n';
	return len - 1;
}
static DEVICE_ATTR_RO(check);

static struct attribute *fwfb_attrs[] = {
	&dev_attr_check.attr,
	NULL
};
ATTRIBUTE_GROUPS(fwfb);

static int fwfb_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	resource_size_t bar0 = pci_resource_start(fwfb_gpu, 0);
	u32 i;
	int ret;

	ret = devm_aperture_acquire_for_platform_device(pdev, res->start,
							resource_size(res));
	if (ret)
		return ret;
	if (!devm_request_mem_region(&pdev->dev, res->start, resource_size(res),
				     FWFB_NAME))
		return -EBUSY;
	fwfb_pixels = devm_ioremap_wc(&pdev->dev, res->start,
				      resource_size(res));
	fwfb_gsm = devm_ioremap(&pdev->dev, bar0 + DG1_GGTT_PTE_BAR_OFFSET,
				FWFB_PAGES * sizeof(u64));
	if (!fwfb_pixels || !fwfb_gsm)
		return -ENOMEM;

	for (i = 0; i < FWFB_SIZE / 4; i++)
		writel(fwfb_pixel(i), fwfb_pixels + 4 * i);
	for (i = 0; i < FWFB_PAGES; i++)
		writeq(fwfb_pte(i), &fwfb_gsm[i]);
	readq(fwfb_gsm);
	dev_info(&pdev->dev, "console at LMEM 0x%x, GGTT 0x0, %u bytes\n",
		 FWFB_OFFSET, FWFB_SIZE);
	return 0;
}

static void fwfb_remove(struct platform_device *pdev)
{
	if (!fwfb_exiting) {
		fwfb_detached = true;
		dev_info(&pdev->dev, "detached: the console is gone\n");
	}
}

static struct platform_driver fwfb_driver = {
	.driver = {
		.name = FWFB_NAME,
		.dev_groups = fwfb_groups,
	},
	.probe = fwfb_probe,
	.remove = fwfb_remove,
};

static int __init fwfb_init(void)
{
	static const u16 ids[] = { 0x4905, 0x4906, 0x4907, 0x4908, 0x4909 };
	struct resource res = {
		.name = "BOOTFB",
		.flags = IORESOURCE_MEM,
	};
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(ids) && !fwfb_gpu; i++)
		fwfb_gpu = pci_get_device(PCI_VENDOR_ID_INTEL, ids[i], NULL);
	if (!fwfb_gpu)
		return -ENODEV;
	/* Firmware draws before any driver binds. */
	ret = fwfb_gpu->dev.driver ? -EBUSY : pci_enable_device(fwfb_gpu);
	if (ret)
		goto err_put;

	res.start = pci_resource_start(fwfb_gpu, 2) + FWFB_OFFSET;
	res.end = res.start + FWFB_SIZE - 1;
	ret = platform_driver_register(&fwfb_driver);
	if (ret)
		goto err_disable;
	fwfb_pdev = platform_device_register_simple(FWFB_NAME,
						    PLATFORM_DEVID_NONE,
						    &res, 1);
	ret = PTR_ERR_OR_ZERO(fwfb_pdev);
	if (ret)
		goto err_driver;
	return 0;

err_driver:
	platform_driver_unregister(&fwfb_driver);
err_disable:
	if (!fwfb_gpu->dev.driver)
		pci_disable_device(fwfb_gpu);
err_put:
	pci_dev_put(fwfb_gpu);
	return ret;
}

static void __exit fwfb_exit(void)
{
	fwfb_exiting = true;
	/* A detach (aperture_remove_*()) unregistered the device already. */
	if (!fwfb_detached)
		platform_device_unregister(fwfb_pdev);
	platform_driver_unregister(&fwfb_driver);
	pci_disable_device(fwfb_gpu);
	pci_dev_put(fwfb_gpu);
}

module_init(fwfb_init);
module_exit(fwfb_exit);

MODULE_DESCRIPTION("Test stand-in for a firmware console on a DG1 (dg1 tests)");
MODULE_LICENSE("GPL");
