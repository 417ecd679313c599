// SPDX-License-Identifier: GPL-2.0
/*
 * MCR (multicast/replicated) registers: one offset, one copy per DSS, L3
 * bank pair or SQIDI. Writes go to every copy while the selector 0xFDC is
 * in multicast mode; a read returns the copy the selector's slice/subslice
 * fields name, and a copy that is fused off or powered down reads 0 (Vol 13
 * General Assets, "Force Wake and Steering Table": steering registers,
 * replication groups and termination).
 *
 * The selector holds a default target chosen from the fuses (programmed at
 * init, i915 icl_wa_init_mcr); a group whose instance of that number is
 * missing is steered explicitly for each access: save the selector, point
 * it at the target, access, restore it, so plain (implicit) reads keep
 * working (i915 rw_with_mcr_steering_fw).
 *
 * Locking: the register's forcewake domains are taken first (that may
 * sleep), then &dg1_gt.mcr_lock, which serialises everything that depends
 * on the selector and is held across raw accesses only; lockdep checks
 * that the steering helpers run under it.
 */

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_gt_mcr.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"

/*
 * Replicated ranges from the manual's Force Wake and Steering Table,
 * sorted.
 * The driver tables of i915/xe list DSS and L3BANK; SQIDI is added since
 * its two instances need steering too when the default target is DSS 2+.
 */
static const struct dg1_mcr_range dg1_mcr_ranges[] = {
	{ 0x000b00, 0x000bff, DG1_STEERING_SQIDI },
	{ 0x001000, 0x001fff, DG1_STEERING_SQIDI },
	{ 0x008150, 0x00815f, DG1_STEERING_DSS },
	{ 0x008700, 0x0087ff, DG1_STEERING_SQIDI },
	{ 0x009520, 0x00955f, DG1_STEERING_DSS },
	{ 0x00b100, 0x00b3ff, DG1_STEERING_L3BANK },
	{ 0x00de80, 0x00e8ff, DG1_STEERING_DSS },
	{ 0x024a00, 0x024a7f, DG1_STEERING_DSS },
};

static const unsigned int dg1_mcr_ranges_count = ARRAY_SIZE(dg1_mcr_ranges);

static const char * const dg1_steering_type_names[DG1_STEERING_COUNT] = {
	[DG1_STEERING_DSS] = "dss",
	[DG1_STEERING_L3BANK] = "l3bank",
	[DG1_STEERING_SQIDI] = "sqidi",
};

/* Short name of a replication group, e.g. "dss"; "?" for an unknown one. */
static const char *dg1_steering_type_name(enum dg1_steering_type type)
{
	if (type >= DG1_STEERING_COUNT)
		return "?";
	return dg1_steering_type_names[type];
}

/**
 * dg1_gt_mcr_steering_type() - replication group of a register offset
 * @offset: byte offset into BAR0
 *
 * Return: the &enum dg1_steering_type, or -ENOENT for a plain register.
 */
int dg1_gt_mcr_steering_type(u32 offset)
{
	unsigned int i;

	for (i = 0; i < dg1_mcr_ranges_count; i++)
		if (offset >= dg1_mcr_ranges[i].start &&
		    offset <= dg1_mcr_ranges[i].end)
			return dg1_mcr_ranges[i].type;
	return -ENOENT;
}

/*
 * Choose steering targets from the fuses: @dss_mask the enabled DSS
 * (0x913C), @l3_bank_pair_mask the enabled L3 bank pairs (~0x9118 & 0xF).
 * As i915 for gen11/12 (i915 intel_gt_mcr.c, intel_workarounds.c
 * icl_wa_init_mcr()): the default target is slice 0,
 * subslice = the lowest enabled DSS. A group that has no instance of that
 * number is steered to its lowest present instance; the L3 instance is
 * the bank-pair index, as i915 and xe use (the manual's 8 L3BANK
 * instances share one disable fuse bit per pair).
 */
static void dg1_gt_mcr_compute_steering(u32 dss_mask, u32 l3_bank_pair_mask,
					struct dg1_gt_steering *steering)
{
	u8 dss = dss_mask ? __ffs(dss_mask) : 0;
	unsigned int type;

	steering->default_target = (struct dg1_mcr_target){ 0, dss };
	steering->instances[DG1_STEERING_DSS] = dss_mask;
	steering->instances[DG1_STEERING_L3BANK] = l3_bank_pair_mask;
	steering->instances[DG1_STEERING_SQIDI] =
		GENMASK(DG1_SQIDI_INSTANCES - 1, 0);

	for (type = 0; type < DG1_STEERING_COUNT; type++) {
		u32 instances = steering->instances[type];

		/* Nothing to steer to: leave such a group on the default. */
		steering->explicit[type] = instances &&
					   !(instances & BIT(dss));
		steering->target[type] = steering->default_target;
		if (steering->explicit[type])
			steering->target[type].instance = __ffs(instances);
	}
}

/*
 * The selector value that steers reads to @target: @selector with slice
 * and subslice replaced, multicast kept on so writes still reach every
 * copy (Wa_22013088509, i915 intel_gt_mcr.c).
 */
static u32 dg1_gt_mcr_selector(u32 selector, struct dg1_mcr_target target)
{
	selector &= ~(MCR_SLICE_MASK | MCR_SUBSLICE_MASK);
	return selector | MCR_MULTICAST |
	       REG_FIELD_PREP(MCR_SLICE_MASK, target.group) |
	       REG_FIELD_PREP(MCR_SUBSLICE_MASK, target.instance);
}

/* Steer one read at @target and restore the selector afterwards. */
static u32 dg1_gt_mcr_steered_read_fw(struct dg1_gt *gt, struct dg1_reg reg,
				      struct dg1_mcr_target target)
{
	struct dg1_uncore *uncore = gt->uncore;
	u32 old, val;

	lockdep_assert_held(&gt->mcr_lock);

	old = dg1_uncore_read32_fw(uncore, MCR_SELECTOR);
	dg1_uncore_write32_fw(uncore, MCR_SELECTOR,
			      dg1_gt_mcr_selector(old, target));
	val = dg1_uncore_read32_fw(uncore, reg);
	dg1_uncore_write32_fw(uncore, MCR_SELECTOR, old);
	return val;
}

/* Read from a present instance: implicitly if the default has one. */
static u32 dg1_gt_mcr_read_any_fw(struct dg1_gt *gt, struct dg1_reg reg)
{
	int type = dg1_gt_mcr_steering_type(reg.addr);

	if (drm_WARN_ONCE(gt->drm, type < 0,
			  "MCR register 0x%06x is in no replicated range\n",
			  reg.addr) ||
	    !gt->steering.explicit[type])
		return dg1_uncore_read32_fw(gt->uncore, reg);

	return dg1_gt_mcr_steered_read_fw(gt, reg, gt->steering.target[type]);
}

enum dg1_mcr_op {
	DG1_MCR_READ,
	DG1_MCR_MULTICAST_RMW,
};

struct dg1_mcr_access {
	enum dg1_mcr_op op;
	struct dg1_mcr_target target;	/* READ */
	u32 set;			/* RMW: bits to set */
	u32 clear;			/* RMW: bits to clear */
};

static u32 dg1_gt_mcr_access_fw(struct dg1_gt *gt, struct dg1_reg reg,
				const struct dg1_mcr_access *a)
{
	u32 old;

	switch (a->op) {
	case DG1_MCR_READ:
		return dg1_gt_mcr_steered_read_fw(gt, reg, a->target);
	case DG1_MCR_MULTICAST_RMW:
		/* The selector is multicast outside steered reads. */
		old = dg1_gt_mcr_read_any_fw(gt, reg);
		dg1_uncore_write32_fw(gt->uncore, reg,
				      (old & ~a->clear) | a->set);
		return old;
	}
	return 0;
}

/*
 * One MCR operation: the register's wake domains, then the MCR lock (i915
 * intel_gt_mcr.c rw_with_mcr_steering()). A domain that does not wake
 * skips the access; reads then return 0, as a terminated read does.
 */
static u32 dg1_gt_mcr_access(struct dg1_gt *gt, struct dg1_reg_mcr mcr,
			     const struct dg1_mcr_access *a)
{
	struct dg1_reg reg = mcr.__reg;
	u32 domains = dg1_fw_reg_read_domains(reg) |
		      dg1_fw_reg_write_domains(reg);
	unsigned long flags;
	u32 val = 0;

	if (dg1_force_wake_get(&gt->uncore->fw, domains))
		return 0;
	spin_lock_irqsave(&gt->mcr_lock, flags);
	val = dg1_gt_mcr_access_fw(gt, reg, a);
	spin_unlock_irqrestore(&gt->mcr_lock, flags);
	dg1_force_wake_put(&gt->uncore->fw, domains);
	return val;
}

static bool dg1_gt_mcr_target_valid(struct dg1_gt *gt, u8 group, u8 instance)
{
	return !drm_WARN_ONCE(gt->drm,
			      group >= DG1_MCR_GROUPS ||
			      instance >= DG1_MCR_MAX_INSTANCES,
			      "MCR target %u/%u does not exist\n",
			      group, instance);
}

/**
 * dg1_gt_mcr_read() - read one copy of a replicated register
 * @gt: the GT
 * @reg: MCR register
 * @group: slice (0)
 * @instance: instance within the group; must be present, or the read is
 *	terminated and returns 0
 *
 * Context: process; may sleep to wake the register's domain.
 * Return: the value, or 0 if the register's domain did not wake.
 */
u32 dg1_gt_mcr_read(struct dg1_gt *gt, struct dg1_reg_mcr reg, u8 group,
		    u8 instance)
{
	const struct dg1_mcr_access a = {
		.op = DG1_MCR_READ,
		.target = { group, instance },
	};

	if (!dg1_gt_mcr_target_valid(gt, group, instance))
		return 0;
	return dg1_gt_mcr_access(gt, reg, &a);
}

/**
 * dg1_gt_mcr_multicast_rmw() - read-modify-write every copy
 * @gt: the GT
 * @reg: MCR register
 * @clear: bits to clear
 * @set: bits to set (after clearing)
 *
 * Reads a present copy and writes the result to all copies, under the MCR
 * lock so no other steering happens in between.
 *
 * Context: process; may sleep to wake the register's domain.
 * Return: the value read, or 0 (and no write) if the domain did not wake.
 */
u32 dg1_gt_mcr_multicast_rmw(struct dg1_gt *gt, struct dg1_reg_mcr reg,
			     u32 clear, u32 set)
{
	const struct dg1_mcr_access a = {
		.op = DG1_MCR_MULTICAST_RMW,
		.set = set,
		.clear = clear,
	};

	return dg1_gt_mcr_access(gt, reg, &a);
}

/**
 * dg1_gt_mcr_init() - choose the steering and program the default target
 * @gt: the GT, with its topology decoded
 *
 * The selector is in an always-on range: no forcewake needed. Multicast
 * is set too, its reset value, in case firmware left it off.
 */
void dg1_gt_mcr_init(struct dg1_gt *gt)
{
	struct dg1_gt_steering *steering = &gt->steering;
	unsigned long flags;
	u32 old;

	dg1_gt_mcr_compute_steering(gt->topology.dss_mask,
				    gt->topology.l3_bank_pair_mask, steering);

	spin_lock_irqsave(&gt->mcr_lock, flags);
	old = dg1_uncore_read32_fw(gt->uncore, MCR_SELECTOR);
	dg1_uncore_write32_fw(gt->uncore, MCR_SELECTOR,
			      dg1_gt_mcr_selector(old,
						  steering->default_target));
	spin_unlock_irqrestore(&gt->mcr_lock, flags);

	drm_dbg(gt->drm, "MCR default steering: slice %u subslice %u\n",
		steering->default_target.group,
		steering->default_target.instance);
}

/**
 * dg1_gt_mcr_print() - describe the steering (debugfs gt_steering)
 * @gt: the GT
 * @p: where to print
 */
void dg1_gt_mcr_print(struct dg1_gt *gt, struct drm_printer *p)
{
	const struct dg1_gt_steering *steering = &gt->steering;
	unsigned int type;

	drm_printf(p, "default: group %u instance %u\n",
		   steering->default_target.group,
		   steering->default_target.instance);
	for (type = 0; type < DG1_STEERING_COUNT; type++)
		drm_printf(p, "%s: group %u instance %u (%s), instances 0x%x\n",
			   dg1_steering_type_name(type),
			   steering->target[type].group,
			   steering->target[type].instance,
			   steering->explicit[type] ? "explicit" : "default",
			   steering->instances[type]);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_gt_mcr_test.c"
#endif
