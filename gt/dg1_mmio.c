// SPDX-License-Identifier: GPL-2.0
/*
 * Raw register access. Register accesses on BAR0 are 32-bit aligned and at
 * most 32 bits wide (manual 000:L93-L94), so 64-bit registers are read as
 * two halves.
 *
 * These accessors do not take forcewake: callers hold the wake domain the
 * register needs (HARDWARE.md §3.2). The forcewake range table that will let
 * them check this comes with the full forcewake implementation.
 */

#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/pci.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "gt/dg1_mmio.h"

/* BAR0 is GTTMMADR: registers, then the GGTT (manual 000:L91-L95). */
#define DG1_MMIO_BAR	0

/* How often a split 64-bit read is retried while its upper half moves. */
#define DG1_MMIO_READ64_TRIES	5

/**
 * dg1_mmio_init() - claim BAR0 and map its register range
 * @mmio: window to set up
 * @drm: device whose parent is the PCI function
 *
 * Maps the first 4 MiB of BAR0 uncached (HARDWARE.md §1.2). The BAR is
 * requested, but not exclusively: tests mmap the sysfs resource0 file to
 * read vdg1's counters while the driver is bound (with iomem=relaxed on
 * kernels built with CONFIG_IO_STRICT_DEVMEM). Request and mapping are
 * device-managed.
 *
 * Return: 0 on success, -ENODEV if BAR0 is missing or too small, -EBUSY if
 * it is claimed elsewhere, -ENOMEM if it cannot be mapped.
 */
int dg1_mmio_init(struct dg1_mmio *mmio, struct drm_device *drm)
{
	struct pci_dev *pdev = to_pci_dev(drm->dev);
	void __iomem *regs;
	int ret;

	mmio->drm = drm;

	if (!(pci_resource_flags(pdev, DG1_MMIO_BAR) & IORESOURCE_MEM) ||
	    pci_resource_len(pdev, DG1_MMIO_BAR) < DG1_MMIO_SIZE) {
		drm_err(drm, "BAR0 is not a memory BAR of at least %u MiB\n",
			DG1_MMIO_SIZE / SZ_1M);
		return -ENODEV;
	}

	ret = pcim_request_region(pdev, DG1_MMIO_BAR, drm->driver->name);
	if (ret) {
		drm_err(drm, "cannot claim the register BAR: %d\n", ret);
		return ret;
	}

	regs = pcim_iomap_range(pdev, DG1_MMIO_BAR, 0, DG1_MMIO_SIZE);
	if (IS_ERR(regs)) {
		drm_err(drm, "cannot map the register BAR: %pe\n", regs);
		return -ENOMEM;
	}

	mmio->regs = regs;
	mmio->size = DG1_MMIO_SIZE;
	return 0;
}

/**
 * dg1_mmio_read32() - read a 32-bit register
 * @mmio: register window
 * @reg: register to read
 *
 * Return: the register's value.
 */
u32 dg1_mmio_read32(struct dg1_mmio *mmio, struct dg1_reg reg)
{
	return readl(mmio->regs + reg.addr);
}

/**
 * dg1_mmio_write32() - write a 32-bit register
 * @mmio: register window
 * @reg: register to write
 * @val: value; for a masked register, a _MASKED_*() value
 */
void dg1_mmio_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val)
{
	writel(val, mmio->regs + reg.addr);
}

/**
 * dg1_mmio_read64_2x32() - read a 64-bit value held in two 32-bit registers
 * @mmio: register window
 * @lower: register with bits 31:0
 * @upper: register with bits 63:32
 *
 * The halves are read separately, so a counter can carry between them. Read
 * upper, lower, then upper again, and start over while the upper half
 * changed; after a few tries the value is unstable and the last one is used.
 *
 * Return: the 64-bit value.
 */
u64 dg1_mmio_read64_2x32(struct dg1_mmio *mmio, struct dg1_reg lower,
			 struct dg1_reg upper)
{
	u32 hi, lo, hi_again;
	int tries = DG1_MMIO_READ64_TRIES;

	hi_again = dg1_mmio_read32(mmio, upper);
	do {
		hi = hi_again;
		lo = dg1_mmio_read32(mmio, lower);
		hi_again = dg1_mmio_read32(mmio, upper);
	} while (hi != hi_again && --tries);

	drm_WARN_ONCE(mmio->drm, hi != hi_again,
		      "64-bit register 0x%x/0x%x never settled\n",
		      lower.addr, upper.addr);

	return (u64)hi_again << 32 | lo;
}

/**
 * dg1_mmio_wait32_atomic() - busy-wait until masked register bits match
 * @mmio: register window
 * @reg: register to poll
 * @mask: bits to compare
 * @expected: wanted value of those bits
 * @timeout_us: give up after this many microseconds
 * @out_val: if not NULL, receives the last value read
 *
 * Polls without sleeping, so it may be called under a spinlock.
 *
 * Return: 0 once (value & @mask) == @expected, -ETIMEDOUT otherwise.
 */
int dg1_mmio_wait32_atomic(struct dg1_mmio *mmio, struct dg1_reg reg,
			   u32 mask, u32 expected, u32 timeout_us,
			   u32 *out_val)
{
	u32 val;
	int ret;

	ret = read_poll_timeout_atomic(dg1_mmio_read32, val,
				       (val & mask) == expected, 10,
				       timeout_us, false, mmio, reg);
	if (out_val)
		*out_val = val;
	return ret;
}
