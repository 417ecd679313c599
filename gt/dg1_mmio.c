// SPDX-License-Identifier: GPL-2.0
/*
 * Register access. Register accesses on BAR0 are 32-bit aligned and at most
 * 32 bits wide (manual 000:L93-L94), so 64-bit registers are read as two
 * halves.
 *
 * Three flavours:
 *  - raw: the bare access, for the forcewake code itself;
 *  - forcewake-aware: look the register's domains up (forcewake table) and
 *    hold them around the access, under the uncore lock;
 *  - _fw: the caller already holds the domains (dg1_force_wake_get()), so a
 *    sequence of accesses pays for one wake-up; debug kernels check it.
 *
 * A forcewake-aware access whose domain does not wake is skipped (a read
 * returns 0, as a terminated read does on hardware); the forcewake code has
 * already logged and counted the failure. Code that must know uses an
 * explicit dg1_force_wake_get() and the _fw accessors.
 */

#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/pci.h>
#include <linux/sched/clock.h>
#include <linux/spinlock.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "gt/dg1_forcewake.h"
#include "gt/dg1_forcewake_table.h"
#include "gt/dg1_mmio.h"

/* BAR0 is GTTMMADR: registers, then the GGTT (manual 000:L91-L95). */
#define DG1_MMIO_BAR	0

/* How often a split 64-bit read is retried while its upper half moves. */
#define DG1_MMIO_READ64_TRIES	5

/* Poll interval of the sleeping phase of dg1_mmio_wait_for_register(). */
#define DG1_MMIO_SLOW_POLL_US	50

/* The _fw domain check costs a table lookup per access: debug kernels. */
#define DG1_MMIO_CHECK_FW	IS_ENABLED(CONFIG_DEBUG_KERNEL)

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
	mmio->fw = NULL;
	spin_lock_init(&mmio->lock);

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
 * dg1_mmio_raw_read32() - read a register, nothing else
 * @mmio: register window
 * @reg: register to read
 *
 * Return: the register's value.
 */
u32 dg1_mmio_raw_read32(struct dg1_mmio *mmio, struct dg1_reg reg)
{
	return readl(mmio->regs + reg.addr);
}

/**
 * dg1_mmio_raw_write32() - write a register, nothing else
 * @mmio: register window
 * @reg: register to write
 * @val: value; for a masked register, a _MASKED_*() value
 *
 * A masked register written with a value that has no enable for a bit it
 * sets is a driver bug (the write would not do what the caller meant): it
 * is reported once, and written anyway.
 */
void dg1_mmio_raw_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val)
{
	drm_WARN_ONCE(mmio->drm, reg.masked && !dg1_masked_value_valid(val),
		      "masked register 0x%06x written with 0x%08x (no _MASKED_*())\n",
		      reg.addr, val);
	writel(val, mmio->regs + reg.addr);
}

/**
 * dg1_mmio_raw_wait32_atomic() - busy-wait until register bits match
 * @mmio: register window
 * @reg: register to poll
 * @mask: bits to compare
 * @value: wanted value of those bits
 * @timeout_us: give up after this many microseconds
 * @out_value: if not NULL, receives the last value read
 *
 * Never sleeps: usable under spinlocks and with interrupts off. The time is
 * measured on the CPU clock, so slow register reads (an emulated device)
 * do not stretch the timeout.
 *
 * Return: 0 once (value & @mask) == @value, -ETIMEDOUT otherwise.
 */
int dg1_mmio_raw_wait32_atomic(struct dg1_mmio *mmio, struct dg1_reg reg,
			       u32 mask, u32 value, u32 timeout_us,
			       u32 *out_value)
{
	u64 deadline = local_clock() + (u64)timeout_us * NSEC_PER_USEC;
	bool expired;
	u32 val;

	for (;;) {
		/* Sampled first: a match read after the deadline still counts. */
		expired = local_clock() > deadline;
		val = dg1_mmio_raw_read32(mmio, reg);
		if ((val & mask) == value || expired)
			break;
		cpu_relax();
	}

	if (out_value)
		*out_value = val;
	return (val & mask) == value ? 0 : -ETIMEDOUT;
}

/* Debug kernels: a _fw access whose domains are not held is a bug. */
static void dg1_mmio_assert_held(struct dg1_mmio *mmio, struct dg1_reg reg,
				 bool write)
{
	u32 domains;

	if (!DG1_MMIO_CHECK_FW)
		return;

	domains = write ? dg1_fw_reg_write_domains(reg) :
			  dg1_fw_reg_read_domains(reg);
	drm_WARN_ONCE(mmio->drm, domains &&
		      (!mmio->fw || !dg1_force_wake_held(mmio->fw, domains)),
		      "register 0x%06x %s without forcewake 0x%x held\n",
		      reg.addr, write ? "written" : "read", domains);
}

/*
 * Wake @domains for a forcewake-aware access. With the uncore lock held:
 * the lock keeps the domains' state stable between get and put.
 */
static int dg1_mmio_get_locked(struct dg1_mmio *mmio, u32 domains)
{
	if (drm_WARN_ONCE(mmio->drm, !mmio->fw,
			  "register access needs forcewake 0x%x before it is set up\n",
			  domains))
		return -ENODEV;
	return dg1_force_wake_get_locked(mmio->fw, domains);
}

/**
 * dg1_mmio_read32() - read a register, waking its domain as needed
 * @mmio: register window
 * @reg: register to read
 *
 * Context: any; may busy-wait for the domain's ack under a spinlock.
 * Return: the register's value, or 0 if its domain did not wake.
 */
u32 dg1_mmio_read32(struct dg1_mmio *mmio, struct dg1_reg reg)
{
	u32 domains = dg1_fw_reg_read_domains(reg);
	unsigned long flags;
	u32 val = 0;

	if (!domains)
		return dg1_mmio_raw_read32(mmio, reg);

	spin_lock_irqsave(&mmio->lock, flags);
	if (!dg1_mmio_get_locked(mmio, domains)) {
		val = dg1_mmio_raw_read32(mmio, reg);
		dg1_force_wake_put_locked(mmio->fw, domains);
	}
	spin_unlock_irqrestore(&mmio->lock, flags);
	return val;
}

/**
 * dg1_mmio_write32() - write a register, waking its domain as needed
 * @mmio: register window
 * @reg: register to write
 * @val: value; for a masked register, a _MASKED_*() value
 *
 * Shadowed registers are written without waking anything.
 *
 * Context: any; may busy-wait for the domain's ack under a spinlock.
 */
void dg1_mmio_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val)
{
	u32 domains = dg1_fw_reg_write_domains(reg);
	unsigned long flags;

	if (!domains) {
		dg1_mmio_raw_write32(mmio, reg, val);
		return;
	}

	spin_lock_irqsave(&mmio->lock, flags);
	if (!dg1_mmio_get_locked(mmio, domains)) {
		dg1_mmio_raw_write32(mmio, reg, val);
		dg1_force_wake_put_locked(mmio->fw, domains);
	}
	spin_unlock_irqrestore(&mmio->lock, flags);
}

static u32 dg1_mmio_rmw32_raw(struct dg1_mmio *mmio, struct dg1_reg reg,
			      u32 clear, u32 set)
{
	u32 old = dg1_mmio_raw_read32(mmio, reg);

	dg1_mmio_raw_write32(mmio, reg, (old & ~clear) | set);
	return old;
}

/**
 * dg1_mmio_rmw32() - read-modify-write a register under one wake-up
 * @mmio: register window
 * @reg: register; not a masked one (write those with _MASKED_*() values)
 * @clear: bits to clear
 * @set: bits to set (after clearing)
 *
 * Read and write happen under the uncore lock, so no other forcewake-aware
 * access slips in between.
 *
 * Context: any; may busy-wait for the domain's ack under a spinlock.
 * Return: the value before the write, or 0 (and no write) if the domain did
 * not wake.
 */
u32 dg1_mmio_rmw32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 clear,
		   u32 set)
{
	u32 domains = dg1_fw_reg_read_domains(reg);
	unsigned long flags;
	u32 old = 0;

	spin_lock_irqsave(&mmio->lock, flags);
	if (!domains) {
		old = dg1_mmio_rmw32_raw(mmio, reg, clear, set);
	} else if (!dg1_mmio_get_locked(mmio, domains)) {
		old = dg1_mmio_rmw32_raw(mmio, reg, clear, set);
		dg1_force_wake_put_locked(mmio->fw, domains);
	}
	spin_unlock_irqrestore(&mmio->lock, flags);
	return old;
}

/*
 * The halves are read separately, so a counter can carry between them. Read
 * upper, lower, then upper again, and start over while the upper half
 * changed; after a few tries the value is unstable and the last one is used.
 */
static u64 dg1_mmio_read64_2x32_raw(struct dg1_mmio *mmio,
				    struct dg1_reg lower, struct dg1_reg upper)
{
	u32 hi, lo, hi_again;
	int tries = DG1_MMIO_READ64_TRIES;

	hi_again = dg1_mmio_raw_read32(mmio, upper);
	do {
		hi = hi_again;
		lo = dg1_mmio_raw_read32(mmio, lower);
		hi_again = dg1_mmio_raw_read32(mmio, upper);
	} while (hi != hi_again && --tries);

	drm_WARN_ONCE(mmio->drm, hi != hi_again,
		      "64-bit register 0x%x/0x%x never settled\n",
		      lower.addr, upper.addr);

	return (u64)hi_again << 32 | lo;
}

/**
 * dg1_mmio_read64_2x32() - read a 64-bit value held in two 32-bit registers
 * @mmio: register window
 * @lower: register with bits 31:0
 * @upper: register with bits 63:32
 *
 * Both halves are read under one wake-up, upper-lower-upper until the upper
 * half is stable, so a carry between the reads is not mistaken for a jump.
 *
 * Context: any; may busy-wait for the domain's ack under a spinlock.
 * Return: the 64-bit value, or 0 if the domain did not wake.
 */
u64 dg1_mmio_read64_2x32(struct dg1_mmio *mmio, struct dg1_reg lower,
			 struct dg1_reg upper)
{
	u32 domains = dg1_fw_reg_read_domains(lower) |
		      dg1_fw_reg_read_domains(upper);
	unsigned long flags;
	u64 val = 0;

	if (!domains)
		return dg1_mmio_read64_2x32_raw(mmio, lower, upper);

	spin_lock_irqsave(&mmio->lock, flags);
	if (!dg1_mmio_get_locked(mmio, domains)) {
		val = dg1_mmio_read64_2x32_raw(mmio, lower, upper);
		dg1_force_wake_put_locked(mmio->fw, domains);
	}
	spin_unlock_irqrestore(&mmio->lock, flags);
	return val;
}

/* Busy phase of dg1_mmio_wait_for_register(), under one wake-up. */
static int dg1_mmio_wait_busy(struct dg1_mmio *mmio, struct dg1_reg reg,
			      u32 mask, u32 value, unsigned int timeout_us,
			      u32 *val, int *fw_err)
{
	u32 domains = dg1_fw_reg_read_domains(reg);
	unsigned long flags;
	int ret = -ETIMEDOUT;

	spin_lock_irqsave(&mmio->lock, flags);
	*fw_err = domains ? dg1_mmio_get_locked(mmio, domains) : 0;
	if (!*fw_err) {
		ret = dg1_mmio_raw_wait32_atomic(mmio, reg, mask, value,
						 timeout_us, val);
		if (domains)
			dg1_force_wake_put_locked(mmio->fw, domains);
	}
	spin_unlock_irqrestore(&mmio->lock, flags);
	return ret;
}

/**
 * dg1_mmio_wait_for_register() - wait until register bits match
 * @mmio: register window
 * @reg: register to poll
 * @mask: bits to compare
 * @value: wanted value of those bits
 * @fast_timeout_us: busy-wait this long first (at most 20 ms)
 * @slow_timeout_ms: then sleep-poll this long; 0 for none
 * @out_value: if not NULL, receives the last value read
 *
 * Most waits end within microseconds, so they are polled without sleeping
 * under one wake-up; only then does the caller sleep between reads, which
 * lets the domain go back to sleep meanwhile (as i915's
 * __intel_wait_for_register()).
 *
 * Context: any if @slow_timeout_ms is 0, else process context.
 * Return: 0 on a match, -ETIMEDOUT if none came in time, or the forcewake
 * error if the domain did not wake.
 */
int dg1_mmio_wait_for_register(struct dg1_mmio *mmio, struct dg1_reg reg,
			       u32 mask, u32 value,
			       unsigned int fast_timeout_us,
			       unsigned int slow_timeout_ms, u32 *out_value)
{
	u32 val = 0;
	int fw_err;
	int ret;

	might_sleep_if(slow_timeout_ms);
	if (drm_WARN_ON(mmio->drm,
			fast_timeout_us > DG1_MMIO_FAST_TIMEOUT_MAX_US))
		fast_timeout_us = DG1_MMIO_FAST_TIMEOUT_MAX_US;

	ret = dg1_mmio_wait_busy(mmio, reg, mask, value, fast_timeout_us,
				 &val, &fw_err);
	if (fw_err)
		return fw_err;

	if (ret && slow_timeout_ms)
		ret = read_poll_timeout(dg1_mmio_read32, val,
					(val & mask) == value,
					DG1_MMIO_SLOW_POLL_US,
					slow_timeout_ms * USEC_PER_MSEC, false,
					mmio, reg);

	if (out_value)
		*out_value = val;
	return ret;
}

/**
 * dg1_mmio_read32_fw() - read a register whose domains the caller holds
 * @mmio: register window
 * @reg: register to read
 *
 * Return: the register's value.
 */
u32 dg1_mmio_read32_fw(struct dg1_mmio *mmio, struct dg1_reg reg)
{
	dg1_mmio_assert_held(mmio, reg, false);
	return dg1_mmio_raw_read32(mmio, reg);
}

/**
 * dg1_mmio_write32_fw() - write a register whose domains the caller holds
 * @mmio: register window
 * @reg: register to write
 * @val: value; for a masked register, a _MASKED_*() value
 */
void dg1_mmio_write32_fw(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val)
{
	dg1_mmio_assert_held(mmio, reg, true);
	dg1_mmio_raw_write32(mmio, reg, val);
}

/**
 * dg1_mmio_rmw32_fw() - read-modify-write a register whose domains are held
 * @mmio: register window
 * @reg: register; not a masked one
 * @clear: bits to clear
 * @set: bits to set (after clearing)
 *
 * Not atomic against other users of the register: callers serialise.
 *
 * Return: the value before the write.
 */
u32 dg1_mmio_rmw32_fw(struct dg1_mmio *mmio, struct dg1_reg reg, u32 clear,
		      u32 set)
{
	dg1_mmio_assert_held(mmio, reg, false);
	dg1_mmio_assert_held(mmio, reg, true);
	return dg1_mmio_rmw32_raw(mmio, reg, clear, set);
}

/**
 * dg1_mmio_read64_2x32_fw() - 64-bit split read with the domains held
 * @mmio: register window
 * @lower: register with bits 31:0
 * @upper: register with bits 63:32
 *
 * As dg1_mmio_read64_2x32(), for callers that hold the domains (e.g. to
 * read with interrupts off).
 *
 * Return: the 64-bit value.
 */
u64 dg1_mmio_read64_2x32_fw(struct dg1_mmio *mmio, struct dg1_reg lower,
			    struct dg1_reg upper)
{
	dg1_mmio_assert_held(mmio, lower, false);
	dg1_mmio_assert_held(mmio, upper, false);
	return dg1_mmio_read64_2x32_raw(mmio, lower, upper);
}
