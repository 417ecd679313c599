// SPDX-License-Identifier: GPL-2.0
/*
 * The uncore: register access that knows power domains, built on the raw
 * window (mmio/dg1_mmio.c) and forcewake (mmio/dg1_forcewake.c, itself built on
 * the raw window); calls only point down. Two kinds of accessor:
 *
 *  - dg1_uncore_read32() and dg1_uncore_read64_2x32() look the register's
 *    domains up in the forcewake table and hold them around the access.
 *    Waking may sleep, so they run in process context only. A register whose domain does not
 *    wake is not accessed: a read returns 0, as a terminated read does on
 *    hardware; forcewake has already logged and counted the failure.
 *  - the _fw accessors are for callers that hold the domains already
 *    (dg1_force_wake_get()), so a sequence pays for one wake-up, and may
 *    run in any context. Debug builds check that the domains are held.
 *
 * A register in no domain (the SGunit, the always-on ranges) needs neither;
 * both kinds then access it directly.
 */

#include <linux/kernel.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"

/* The _fw domain check costs a table lookup per access: debug builds. */
#define DG1_UNCORE_CHECK_FW	IS_ENABLED(CONFIG_DRM_DG1_DEBUG)

/**
 * dg1_uncore_init() - map the registers and prepare forcewake
 * @uncore: the uncore to set up
 * @drm: device whose parent is the PCI function
 *
 * No domain is present yet: the GT adds them once the fuses tell which
 * engines exist. Until then only registers in no domain may be accessed.
 *
 * Return: 0, or the error of dg1_mmio_init().
 */
int dg1_uncore_init(struct dg1_uncore *uncore, struct drm_device *drm)
{
	int ret;

	ret = dg1_mmio_init(&uncore->mmio, drm);
	if (ret)
		return ret;
	dg1_force_wake_init(&uncore->fw, &uncore->mmio);
	return 0;
}

/**
 * dg1_uncore_fini() - release every power domain
 * @uncore: the uncore
 *
 * Call while the register window is still mapped.
 */
void dg1_uncore_fini(struct dg1_uncore *uncore)
{
	dg1_force_wake_fini(&uncore->fw);
}

/**
 * dg1_uncore_read32() - read a register, waking its domain as needed
 * @uncore: the uncore
 * @reg: register to read
 *
 * Context: process; may sleep.
 * Return: the register's value, or 0 if its domain did not wake.
 */
u32 dg1_uncore_read32(struct dg1_uncore *uncore, struct dg1_reg reg)
{
	u32 domains = dg1_fw_reg_read_domains(reg);
	u32 val;

	might_sleep();
	if (!domains)
		return dg1_mmio_read32(&uncore->mmio, reg);
	if (dg1_force_wake_get(&uncore->fw, domains))
		return 0;
	val = dg1_mmio_read32(&uncore->mmio, reg);
	dg1_force_wake_put(&uncore->fw, domains);
	return val;
}

/**
 * dg1_uncore_read64_2x32() - read a 64-bit value held in two registers
 * @uncore: the uncore
 * @lower: register with bits 31:0
 * @upper: register with bits 63:32
 *
 * Both halves are read under one wake-up, upper-lower-upper until the
 * upper half is stable (dg1_mmio_read64_2x32()).
 *
 * Context: process; may sleep.
 * Return: the 64-bit value, or 0 if the domain did not wake.
 */
u64 dg1_uncore_read64_2x32(struct dg1_uncore *uncore, struct dg1_reg lower,
			   struct dg1_reg upper)
{
	u32 domains = dg1_fw_reg_read_domains(lower) |
		      dg1_fw_reg_read_domains(upper);
	u64 val;

	might_sleep();
	if (!domains)
		return dg1_mmio_read64_2x32(&uncore->mmio, lower, upper);
	if (dg1_force_wake_get(&uncore->fw, domains))
		return 0;
	val = dg1_mmio_read64_2x32(&uncore->mmio, lower, upper);
	dg1_force_wake_put(&uncore->fw, domains);
	return val;
}

/* Debug kernels: a _fw access whose domains are not held is a bug. */
static void dg1_uncore_assert_held(struct dg1_uncore *uncore,
				   struct dg1_reg reg, bool write)
{
	u32 domains;

	if (!DG1_UNCORE_CHECK_FW)
		return;

	domains = write ? dg1_fw_reg_write_domains(reg) :
			  dg1_fw_reg_read_domains(reg);
	drm_WARN_ONCE(uncore->mmio.drm, domains &&
		      !dg1_force_wake_held(&uncore->fw, domains),
		      "register 0x%06x %s without forcewake 0x%x held\n",
		      reg.addr, write ? "written" : "read", domains);
}

/**
 * dg1_uncore_read32_fw() - read a register whose domains the caller holds
 * @uncore: the uncore
 * @reg: register to read
 *
 * Context: any.
 * Return: the register's value.
 */
u32 dg1_uncore_read32_fw(struct dg1_uncore *uncore, struct dg1_reg reg)
{
	dg1_uncore_assert_held(uncore, reg, false);
	return dg1_mmio_read32(&uncore->mmio, reg);
}

/**
 * dg1_uncore_write32_fw() - write a register whose domains the caller holds
 * @uncore: the uncore
 * @reg: register to write
 * @val: value; for a masked register, a _MASKED_*() value
 *
 * Context: any.
 */
void dg1_uncore_write32_fw(struct dg1_uncore *uncore, struct dg1_reg reg,
			   u32 val)
{
	dg1_uncore_assert_held(uncore, reg, true);
	dg1_mmio_write32(&uncore->mmio, reg, val);
}

/**
 * dg1_uncore_rmw32_fw() - read-modify-write a register whose domains are held
 * @uncore: the uncore
 * @reg: register; not a masked one (write those with _MASKED_*() values)
 * @clear: bits to clear
 * @set: bits to set (after clearing)
 *
 * Not atomic against other writers of the register: callers serialise.
 *
 * Context: any.
 * Return: the value before the write.
 */
u32 dg1_uncore_rmw32_fw(struct dg1_uncore *uncore, struct dg1_reg reg,
			u32 clear, u32 set)
{
	u32 old;

	dg1_uncore_assert_held(uncore, reg, false);
	dg1_uncore_assert_held(uncore, reg, true);
	old = dg1_mmio_read32(&uncore->mmio, reg);
	dg1_mmio_write32(&uncore->mmio, reg, (old & ~clear) | set);
	return old;
}

/**
 * dg1_uncore_read64_2x32_fw() - 64-bit split read with the domains held
 * @uncore: the uncore
 * @lower: register with bits 31:0
 * @upper: register with bits 63:32
 *
 * As dg1_uncore_read64_2x32(), for callers that hold the domains (e.g. to
 * read with interrupts off).
 *
 * Context: any.
 * Return: the 64-bit value.
 */
u64 dg1_uncore_read64_2x32_fw(struct dg1_uncore *uncore,
			      struct dg1_reg lower, struct dg1_reg upper)
{
	dg1_uncore_assert_held(uncore, lower, false);
	dg1_uncore_assert_held(uncore, upper, false);
	return dg1_mmio_read64_2x32(&uncore->mmio, lower, upper);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_uncore_test.c"
#endif
