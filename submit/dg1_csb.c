// SPDX-License-Identifier: GPL-2.0
/*
 * The context status buffer: twelve 64-bit entries the engine writes to
 * its status page, each followed by the write pointer and a context-switch
 * interrupt (Vol 13 General Assets, "Context Status"). The Gen12 entry
 * layout and the decode rule are i915's (gt/intel_execlists_submission.c);
 * so is the location: entries at status-page dword 0x10, the pointer at
 * 0x2f (ERRATA: the manual says 0x28/0x47).
 */

#include <linux/bitfield.h>
#include <linux/io.h>
#include <linux/kernel.h>

#include "regs/dg1_engine_regs.h"
#include "regs/dg1_reg_defs.h"
#include "submit/dg1_csb.h"

#define CSB_LO_NEW_QUEUE	BIT(0)
#define CSB_LO_CLASS		GENMASK(5, 3)
#define CSB_LO_INSTANCE		GENMASK(11, 6)
#define CSB_SW_ID		GENMASK(25, 15)	/* both dwords */
#define CSB_HI_DETAIL		GENMASK(3, 0)

#define CSB_DETAIL_PREEMPTED	5

/**
 * dg1_csb_decode() - split an entry into its fields
 * @entry: the entry, lower dword in bits 31:0
 * @ev: filled in
 */
void dg1_csb_decode(u64 entry, struct dg1_csb_event *ev)
{
	u32 lo = lower_32_bits(entry), hi = upper_32_bits(entry);

	ev->new_queue = lo & CSB_LO_NEW_QUEUE;
	ev->class = FIELD_GET(CSB_LO_CLASS, lo);
	ev->instance = FIELD_GET(CSB_LO_INSTANCE, lo);
	ev->to_id = FIELD_GET(CSB_SW_ID, lo);
	ev->away_id = FIELD_GET(CSB_SW_ID, hi);
	ev->to_valid = ev->to_id != DG1_CSB_IDLE_ID;
	ev->away_valid = ev->away_id != DG1_CSB_IDLE_ID;
	ev->detail = FIELD_GET(CSB_HI_DETAIL, hi);
}

/**
 * dg1_csb_promotes() - did the pending load become the running one?
 * @ev: a decoded entry
 *
 * i915's Gen12 rule: a switch to a new queue, or any switch from idle,
 * promotes the pending ports; otherwise the context in port 0 completed
 * and the next port runs.
 *
 * Return: true to promote, false for a completion.
 */
bool dg1_csb_promotes(const struct dg1_csb_event *ev)
{
	return ev->new_queue || !ev->away_valid;
}

/**
 * dg1_csb_row() - which row of the manual's table an entry is
 * @ev: a decoded entry
 *
 * Return: the row, DG1_CSB_UNKNOWN if none fits.
 */
enum dg1_csb_row dg1_csb_row(const struct dg1_csb_event *ev)
{
	if (ev->new_queue) {
		if (!ev->away_valid)
			return ev->to_valid ? (ev->detail ? DG1_CSB_UNKNOWN :
					       DG1_CSB_IDLE_TO_ACTIVE) :
					      DG1_CSB_PREEMPT_IDLE_TO_IDLE;
		if (!ev->to_valid)
			return ev->detail <= CSB_DETAIL_PREEMPTED ?
			       DG1_CSB_PREEMPT_TO_IDLE : DG1_CSB_UNKNOWN;
		if (ev->away_id == ev->to_id)
			return DG1_CSB_LITE_RESTORE;
		if (!ev->detail)
			return DG1_CSB_NEW_QUEUE_COMPLETED;
		if (ev->detail == CSB_DETAIL_PREEMPTED)
			return DG1_CSB_NEW_QUEUE_PREEMPTED;
		return ev->detail < CSB_DETAIL_PREEMPTED ?
		       DG1_CSB_NEW_QUEUE_WAIT : DG1_CSB_UNKNOWN;
	}
	if (!ev->away_valid)
		return DG1_CSB_UNKNOWN;
	if (!ev->to_valid)
		return ev->detail <= CSB_DETAIL_PREEMPTED ?
		       DG1_CSB_ACTIVE_TO_IDLE : DG1_CSB_UNKNOWN;
	if (!ev->detail)
		return DG1_CSB_ELEMENT_SWITCH;
	return ev->detail < CSB_DETAIL_PREEMPTED ?
	       DG1_CSB_ELEMENT_SWITCH_WAIT : DG1_CSB_UNKNOWN;
}

/**
 * dg1_csb_read() - one entry from the status page
 * @hwsp: the engine's status page (WC)
 * @i: entry, 0..11
 *
 * Return: the entry, DG1_CSB_INVALID while it has not landed.
 */
u64 dg1_csb_read(void __iomem *hwsp, unsigned int i)
{
	void __iomem *p = hwsp + (DG1_HWSP_CSB_DW + 2 * i) * 4;

	return ioread32(p) | (u64)ioread32(p + 4) << 32;
}

/**
 * dg1_csb_invalidate() - mark an entry read, so a stale one is never taken
 * @hwsp: the engine's status page
 * @i: entry
 */
void dg1_csb_invalidate(void __iomem *hwsp, unsigned int i)
{
	void __iomem *p = hwsp + (DG1_HWSP_CSB_DW + 2 * i) * 4;

	iowrite32(~0u, p);
	iowrite32(~0u, p + 4);
}

/**
 * dg1_csb_write_pointer() - the last entry the engine wrote
 * @hwsp: the engine's status page
 *
 * Return: 0..11, or above after a reset went wrong (callers check).
 */
u8 dg1_csb_write_pointer(void __iomem *hwsp)
{
	return ioread32(hwsp + DG1_HWSP_CSB_WRITE_PTR_DW * 4) & 0xff;
}

/**
 * dg1_csb_reset() - the status page's pointer back to "nothing written"
 * @hwsp: the engine's status page
 */
void dg1_csb_reset(void __iomem *hwsp)
{
	iowrite32(DG1_CSB_ENTRIES - 1, hwsp + DG1_HWSP_CSB_WRITE_PTR_DW * 4);
}

/**
 * dg1_csb_pointer_reset_value() - RING_CONTEXT_STATUS_PTR write that empties
 * the CSB
 *
 * Both pointers at the last entry, so the next one written is entry 0
 * (i915 gt/intel_execlists_submission.c, reset_csb_pointers()).
 *
 * Return: the masked value.
 */
u32 dg1_csb_pointer_reset_value(void)
{
	u32 last = DG1_CSB_ENTRIES - 1;

	return _MASKED_FIELD(CSB_READ_PTR | CSB_WRITE_PTR,
			     FIELD_PREP(CSB_READ_PTR, last) |
			     FIELD_PREP(CSB_WRITE_PTR, last));
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_csb_test.c"
#endif
