// SPDX-License-Identifier: GPL-2.0
/*
 * The GPU's page-fault record: the first fault since software last
 * cleared it, latched in GEN12_RING_FAULT_REG and GEN12_FAULT_TLB_DATA0/1.
 * It is reported and cleared where i915 does (gt/intel_gt.c,
 * gen8_check_faults() and intel_gt_clear_error_registers(): at probe and
 * when an engine is reset after an error), so that the next fault is
 * recorded too; a record left set would hide every later one.
 */

#include <linux/bitfield.h>
#include <linux/ratelimit.h>
#include <linux/string.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_gt_fault.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"

/* Users can make faults at will: a burst, then one every few seconds. */
static DEFINE_RATELIMIT_STATE(dg1_gt_fault_rs, 5 * HZ, 10);

static const char *dg1_gt_fault_type(u32 type)
{
	/* As xe regs/xe_pagefault_desc.h names them. */
	switch (type) {
	case 0:
		return "not present";
	case 1:
		return "write access violation";
	case 2:
		return "atomic access violation";
	default:
		return "reserved";
	}
}

/**
 * dg1_gt_fault_read() - read the latched GPU page fault, leaving it set
 * @gt: the GT
 * @rec: filled in (zeroed when nothing is latched)
 *
 * For an error capture, taken before the reset that clears the record.
 *
 * Context: any; the GT power domain is held awake by the caller.
 * Return: whether a fault is latched.
 */
bool dg1_gt_fault_read(struct dg1_gt *gt, struct dg1_gt_fault_record *rec)
{
	struct dg1_uncore *uncore = gt->uncore;

	memset(rec, 0, sizeof(*rec));
	rec->fault = dg1_uncore_read32_fw(uncore, GEN12_RING_FAULT_REG);
	if (!(rec->fault & RING_FAULT_VALID))
		return false;
	rec->data0 = dg1_uncore_read32_fw(uncore, GEN12_FAULT_TLB_DATA0);
	rec->data1 = dg1_uncore_read32_fw(uncore, GEN12_FAULT_TLB_DATA1);
	return true;
}

/**
 * dg1_gt_fault_address() - the faulting address of a fault record
 * @rec: the record
 *
 * Return: the GPU virtual address of the faulting page.
 */
u64 dg1_gt_fault_address(const struct dg1_gt_fault_record *rec)
{
	return (u64)FIELD_GET(FAULT_VA_HIGH_BITS, rec->data1) << 44 |
	       (u64)rec->data0 << 12;
}

/**
 * dg1_gt_fault_type_name() - what kind of fault a record holds
 * @rec: the record
 *
 * Return: a static string.
 */
const char *dg1_gt_fault_type_name(const struct dg1_gt_fault_record *rec)
{
	return dg1_gt_fault_type(FIELD_GET(RING_FAULT_TYPE, rec->fault));
}

/**
 * dg1_gt_fault_take() - read and clear the latched GPU page fault
 * @gt: the GT
 * @rec: filled in when there was one
 *
 * Cleared at once, so that the next fault is recorded; reporting it
 * (dg1_gt_fault_report()) can wait until the caller knows whose it was.
 *
 * Context: process; may sleep while the GT domain wakes.
 * Return: whether a fault was latched (false too if the GT did not wake).
 */
bool dg1_gt_fault_take(struct dg1_gt *gt, struct dg1_gt_fault_record *rec)
{
	struct dg1_uncore *uncore = gt->uncore;
	bool valid;

	if (dg1_force_wake_get(&uncore->fw, DG1_FW_GT))
		return false;
	valid = dg1_gt_fault_read(gt, rec);
	/* Writing VALID as 0 clears the record; the rest is read-only. */
	if (valid)
		dg1_uncore_write32_fw(uncore, GEN12_RING_FAULT_REG,
				      rec->fault & ~RING_FAULT_VALID);
	dg1_force_wake_put(&uncore->fw, DG1_FW_GT);
	return valid;
}

/**
 * dg1_gt_fault_report() - one warning line for a fault
 * @gt: the GT
 * @rec: from dg1_gt_fault_take()
 * @who: what ran where it faulted ("rcs0 ran exec queue 3 of app[42]"),
 *	or NULL
 *
 * Anyone who can submit a batch can make the GPU fault: the lines are
 * rate-limited (a burst, then one every few seconds).
 */
void dg1_gt_fault_report(struct dg1_gt *gt,
			 const struct dg1_gt_fault_record *rec, const char *who)
{
	if (!__ratelimit(&dg1_gt_fault_rs))
		return;
	drm_warn(gt->drm,
		 "GPU page fault at %s address 0x%llx: %s, engine id %u, source id %u%s%s\n",
		 rec->data1 & FAULT_GTT_SEL ? "GGTT" : "PPGTT",
		 dg1_gt_fault_address(rec), dg1_gt_fault_type_name(rec),
		 (u32)FIELD_GET(RING_FAULT_ENGINE_ID, rec->fault),
		 (u32)FIELD_GET(RING_FAULT_SRCID, rec->fault),
		 who ? "; " : "", who ?: "");
}

/**
 * dg1_gt_fault_check() - report and clear a latched GPU page fault
 * @gt: the GT
 * @who: as for dg1_gt_fault_report()
 *
 * Context: process; may sleep while the GT domain wakes.
 * Return: whether a fault was latched.
 */
bool dg1_gt_fault_check(struct dg1_gt *gt, const char *who)
{
	struct dg1_gt_fault_record rec;

	if (!dg1_gt_fault_take(gt, &rec))
		return false;
	dg1_gt_fault_report(gt, &rec, who);
	return true;
}
