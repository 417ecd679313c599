// SPDX-License-Identifier: GPL-2.0
/*
 * The register window: BAR0 mapping and the bare register access. Nothing
 * here knows power domains; the uncore (mmio/dg1_uncore.c) adds them on top,
 * and forcewake itself is built on these accessors.
 *
 * Register accesses on BAR0 are 32-bit aligned and at most 32 bits wide
 * (Vol 13 General Assets, "PCIe MMIO Memory BARs"), so 64-bit registers are
 * read as two halves.
 */

#include <linux/delay.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/minmax.h>
#include <linux/pci.h>
#include <linux/timekeeping.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "mmio/dg1_mmio.h"
#include "regs/dg1_gt_regs.h"

/* BAR0 is GTTMMADR: registers, then the GGTT. */
#define DG1_MMIO_BAR	0

/* How often a split 64-bit read is retried while its upper half moves. */
#define DG1_MMIO_READ64_TRIES	5

/*
 * dg1_mmio_wait32(): most hardware handshakes finish within microseconds,
 * so poll without sleeping this long first; then sleep between reads,
 * doubling the sleep up to a cap, so a wait that runs into its timeout
 * (a power well that never acks) costs a few hundred reads, not thousands.
 */
#define DG1_MMIO_WAIT_SPIN_US		20
#define DG1_MMIO_WAIT_SLEEP_MIN_US	10
#define DG1_MMIO_WAIT_SLEEP_MAX_US	1000

/*
 * A device that no longer answers (off the bus, or its BAR never set up)
 * reads all ones everywhere. FORCEWAKE_GT is masked, so its upper half
 * always reads 0 on a live one; it may read all ones for a moment after
 * a reset, hence the wait (i915 intel_uncore.c sanity_check_mmio_access():
 * FORCEWAKE_MT polled for 2 s).
 */
#define DG1_MMIO_ALIVE_TIMEOUT_US	(2 * USEC_PER_SEC)

static int dg1_mmio_check_alive(struct dg1_mmio *mmio)
{
	void __iomem *reg = mmio->regs + FORCEWAKE_GT.addr;
	u32 val;

	if (!read_poll_timeout(ioread32, val, val != ~0u, 1000,
			       DG1_MMIO_ALIVE_TIMEOUT_US, false, reg))
		return 0;
	drm_err(mmio->drm, "device not responding: registers read 0xffffffff (FORCEWAKE_GT for %lu ms)\n",
		DG1_MMIO_ALIVE_TIMEOUT_US / USEC_PER_MSEC);
	return -EIO;
}

/**
 * dg1_mmio_init() - claim BAR0 and map its register range
 * @mmio: window to set up
 * @drm: device whose parent is the PCI function
 *
 * Maps the first 4 MiB of BAR0 uncached. The BAR is requested, but not
 * exclusively: tests mmap the sysfs resource0 file to read vdg1's counters
 * while the driver is bound (with iomem=relaxed on kernels built with
 * CONFIG_IO_STRICT_DEVMEM). Request and mapping are device-managed.
 *
 * Return: 0 on success, -ENODEV if BAR0 is missing or too small, -EBUSY if
 * it is claimed elsewhere, the error of the mapping, or -EIO if the
 * device reads all ones for 2 s (it is not responding).
 */
int dg1_mmio_init(struct dg1_mmio *mmio, struct drm_device *drm)
{
	struct pci_dev *pdev = to_pci_dev(drm->dev);
	void __iomem *regs;
	int ret;

	mmio->drm = drm;

	if (dg1_inject_probe_error(drm->dev, -ENODEV) ||
	    !(pci_resource_flags(pdev, DG1_MMIO_BAR) & IORESOURCE_MEM) ||
	    pci_resource_len(pdev, DG1_MMIO_BAR) < DG1_MMIO_SIZE) {
		drm_err(drm, "BAR0 is not a memory BAR of at least %u MiB\n",
			DG1_MMIO_SIZE / SZ_1M);
		return -ENODEV;
	}

	ret = dg1_inject_probe_error(drm->dev, -EBUSY) ?:
	      pcim_request_region(pdev, DG1_MMIO_BAR, drm->driver->name);
	if (ret) {
		drm_err(drm, "cannot claim the register BAR: %d\n", ret);
		return ret;
	}

	regs = dg1_inject_probe_error(drm->dev, -ENOMEM) ?
	       IOMEM_ERR_PTR(-ENOMEM) :
	       pcim_iomap_range(pdev, DG1_MMIO_BAR, 0, DG1_MMIO_SIZE);
	if (IS_ERR(regs)) {
		drm_err(drm, "cannot map the register BAR: %pe\n", regs);
		return PTR_ERR(regs);
	}

	mmio->regs = regs;
	return dg1_mmio_check_alive(mmio);
}

/**
 * dg1_mmio_read32() - read a register
 * @mmio: register window
 * @reg: register to read
 *
 * The bare access: a register whose power domain sleeps reads 0. Callers
 * above the uncore use dg1_uncore_read32() and friends instead.
 *
 * Return: the register's value.
 */
u32 dg1_mmio_read32(struct dg1_mmio *mmio, struct dg1_reg reg)
{
	return readl(mmio->regs + reg.addr);
}

/**
 * dg1_mmio_write32() - write a register
 * @mmio: register window
 * @reg: register to write
 * @val: value; for a masked register, a _MASKED_*() value
 *
 * A masked register written with a value that has no enable for a bit it
 * sets is a driver bug (the write would not do what the caller meant): it
 * is reported once, and written anyway.
 */
void dg1_mmio_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val)
{
	drm_WARN_ONCE(mmio->drm, reg.masked && !dg1_masked_value_valid(val),
		      "masked register 0x%06x written with 0x%08x (no _MASKED_*())\n",
		      reg.addr, val);
	writel(val, mmio->regs + reg.addr);
}

/**
 * dg1_mmio_read64_2x32() - read a 64-bit value held in two registers
 * @mmio: register window
 * @lower: register with bits 31:0
 * @upper: register with bits 63:32
 *
 * The halves are read separately, so a counter can carry between them:
 * read upper, lower, upper again, and start over while the upper half
 * changed; after a few tries the value is unstable, which is warned about.
 *
 * Return: the 64-bit value.
 */
u64 dg1_mmio_read64_2x32(struct dg1_mmio *mmio, struct dg1_reg lower,
			 struct dg1_reg upper)
{
	int tries = DG1_MMIO_READ64_TRIES;
	u32 hi, lo, hi_again;

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

static bool dg1_mmio_match(struct dg1_mmio *mmio, struct dg1_reg reg,
			   u32 mask, u32 value, u32 *val)
{
	*val = dg1_mmio_read32(mmio, reg);
	return (*val & mask) == value;
}

/**
 * dg1_mmio_wait32() - wait until register bits match, sleeping if need be
 * @mmio: register window
 * @reg: register to poll; one whose domain is awake, or that has none
 * @mask: bits to compare
 * @value: wanted value of those bits
 * @timeout_us: give up after this long
 * @out_value: if not NULL, receives the last value read
 *
 * Polls without sleeping for a few microseconds, where most handshakes
 * end, then sleeps between reads with a growing interval (10 us doubling
 * to 1 ms). The timeout is wall time, so slow register reads (an emulated
 * device) do not stretch it; a match read after the deadline still counts.
 *
 * Context: process; may sleep. Never called with a spinlock held.
 * Return: 0 once (value & @mask) == @value, -ETIMEDOUT otherwise.
 */
int dg1_mmio_wait32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 mask,
		    u32 value, unsigned int timeout_us, u32 *out_value)
{
	u64 start = ktime_get_ns();
	u64 spin_end = start + DG1_MMIO_WAIT_SPIN_US * NSEC_PER_USEC;
	u64 deadline = start + (u64)timeout_us * NSEC_PER_USEC;
	unsigned int sleep_us = DG1_MMIO_WAIT_SLEEP_MIN_US;
	bool matched, expired;
	u32 val;

	might_sleep();

	for (;;) {
		/* Sampled first: a match read after the deadline still counts. */
		expired = ktime_get_ns() > deadline;
		matched = dg1_mmio_match(mmio, reg, mask, value, &val);
		if (matched || expired)
			break;
		if (ktime_get_ns() < spin_end) {
			cpu_relax();
			continue;
		}
		usleep_range(sleep_us, 2 * sleep_us);
		sleep_us = min(2 * sleep_us, DG1_MMIO_WAIT_SLEEP_MAX_US);
	}

	if (out_value)
		*out_value = val;
	return matched ? 0 : -ETIMEDOUT;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_mmio_test.c"
#endif
