// SPDX-License-Identifier: GPL-2.0
/*
 * GT and engine resets, the hardware sequences. The full GT reset runs at
 * probe, so that whatever a previous driver, a kexec'd kernel or boot
 * firmware left on the engines is gone before this driver programs them
 * (i915 i915_driver.c, sanitize_gpu(); gt/intel_reset.c: each engine's
 * RESET_CTL handshake, then GDRST's full-reset bit, which clears itself
 * when done), and after an engine reset that failed (gt/dg1_gt.c
 * dg1_gt_reset()). An engine reset stops one engine's CS and resets it
 * alone; what happens to its contexts is submit/dg1_execlists.c's.
 */

#include <linux/bitops.h>
#include <linux/delay.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_reset.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"

/* GDRST's full-reset bit (i915 gt/intel_gt_regs.h, GEN11_GRDOM_FULL). */
#define DG1_GRDOM_FULL		BIT(0)

/**
 * dg1_gt_reset_all() - reset the whole GT
 * @gt: the GT, its engines known and their forcewake domains set up
 *
 * Engines whose domain does not wake skip the handshake; the reset itself
 * (a GT register) still resets them.
 *
 * Context: process; sleeps while domains wake.
 * Return: 0, or -ETIMEDOUT if the GT domain does not wake or the reset does
 * not complete.
 */
int dg1_gt_reset_all(struct dg1_gt *gt)
{
	struct dg1_force_wake *fw = &gt->uncore->fw;
	struct dg1_mmio *mmio = &gt->uncore->mmio;
	unsigned long mask = gt->engine_mask;
	u32 held = 0, domain, base;
	unsigned int id;
	int ret;

	ret = dg1_force_wake_get(fw, DG1_FW_GT);
	if (ret)
		return ret;
	held |= DG1_FW_GT;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		domain = BIT(dg1_engine_infos[id].fw_domain);
		if (!(held & domain)) {
			if (dg1_force_wake_get(fw, domain))
				continue;
			held |= domain;
		}
		base = dg1_engine_infos[id].mmio_base;
		dg1_uncore_write32_fw(gt->uncore, RING_RESET_CTL(base),
				      _MASKED_BIT_ENABLE(RESET_CTL_REQUEST_RESET));
		/* Not ready (a busy CS) does not stop a reset at probe. */
		if (dg1_mmio_wait32(mmio, RING_RESET_CTL(base),
				    RESET_CTL_READY_TO_RESET,
				    RESET_CTL_READY_TO_RESET, 700, NULL))
			drm_dbg(gt->drm, "%s: not ready to reset\n",
				dg1_engine_infos[id].name);
	}

	dg1_uncore_write32_fw(gt->uncore, GEN6_GDRST, DG1_GRDOM_FULL);
	ret = dg1_mmio_wait32(mmio, GEN6_GDRST, DG1_GRDOM_FULL, 0, 2000, NULL);
	if (ret)
		drm_err(gt->drm, "GT reset did not complete: %d\n", ret);

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		domain = BIT(dg1_engine_infos[id].fw_domain);
		if (held & domain)
			dg1_uncore_write32_fw(gt->uncore,
					      RING_RESET_CTL(dg1_engine_infos[id].mmio_base),
					      _MASKED_BIT_DISABLE(RESET_CTL_REQUEST_RESET));
	}
	dg1_force_wake_put(fw, held);
	return ret;
}

/* GDRST bit of each engine (i915 gt/intel_gt_regs.h, GEN11_GRDOM_*). */
static const u32 dg1_engine_gdrst[DG1_HW_ENGINE_ID_COUNT] = {
	[DG1_HW_ENGINE_RCS0] = BIT(1),
	[DG1_HW_ENGINE_BCS0] = BIT(2),
	[DG1_HW_ENGINE_VCS0] = BIT(5),
	[DG1_HW_ENGINE_VCS2] = BIT(7),
	[DG1_HW_ENGINE_VECS0] = BIT(13),
};

static const struct dg1_reg dg1_engine_msg_idle[DG1_HW_ENGINE_ID_COUNT] = {
	[DG1_HW_ENGINE_RCS0] = MSG_IDLE_CS,
	[DG1_HW_ENGINE_BCS0] = MSG_IDLE_BCS,
	[DG1_HW_ENGINE_VCS0] = MSG_IDLE_VCS0,
	[DG1_HW_ENGINE_VCS2] = MSG_IDLE_VCS2,
	[DG1_HW_ENGINE_VECS0] = MSG_IDLE_VECS0,
};

/*
 * Wa_22011802037: a stopped CS may still have MI_FORCE_WAKEUP messages in
 * flight; a reset must wait for their domains to report awake (i915
 * intel_engine_wait_for_pending_mi_fw()).
 */
static void dg1_gt_engine_wait_pending_fw(struct dg1_gt *gt,
					  enum dg1_hw_engine_id id)
{
	u32 msg = dg1_uncore_read32_fw(gt->uncore, dg1_engine_msg_idle[id]);
	u32 pending = (msg & MSG_IDLE_FW_MASK) &
		      (msg >> 16 & MSG_IDLE_FW_MASK);

	if (!pending)
		return;
	pending >>= MSG_IDLE_FW_SHIFT;
	udelay(1);
	if (dg1_mmio_wait32(&gt->uncore->mmio, PWRGT_DOMAIN_STATUS, pending,
			    pending, 5000, NULL))
		drm_dbg(gt->drm, "%s: forcewake messages still pending\n",
			dg1_engine_infos[id].name);
	udelay(1);
}

/**
 * dg1_gt_engine_reset() - stop an engine's CS and reset the engine alone
 * @gt: the GT
 * @id: a present engine
 *
 * The gen12 sequence of i915 gt/intel_reset.c and intel_engine_stop_cs():
 * STOP_RING, prefetch off (Wa_22011802037), the CS idle or 1 ms, pending
 * forcewake messages, the RESET_CTL handshake (a hung CS may never be
 * ready: the reset goes ahead), GDRST twice and 50 us to settle.
 *
 * Context: process, the GT and engine domains held; sleeps.
 * Return: 0, or -ETIMEDOUT if GDRST did not acknowledge the reset.
 */
int dg1_gt_engine_reset(struct dg1_gt *gt, enum dg1_hw_engine_id id)
{
	struct dg1_uncore *uncore = gt->uncore;
	struct dg1_mmio *mmio = &uncore->mmio;
	u32 base = dg1_engine_infos[id].mmio_base;
	int ret, i;

	dg1_uncore_write32_fw(uncore, RING_MI_MODE(base),
			      _MASKED_BIT_ENABLE(STOP_RING));
	/* Wa_22011802037: no prefetch while the CS stops (below 12.70). */
	dg1_uncore_write32_fw(uncore, RING_MODE(base),
			      _MASKED_BIT_ENABLE(GFX_PREFETCH_DISABLE));
	dg1_mmio_wait32(mmio, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE,
			1000, NULL);
	dg1_gt_engine_wait_pending_fw(gt, id);

	dg1_uncore_write32_fw(uncore, RING_RESET_CTL(base),
			      _MASKED_BIT_ENABLE(RESET_CTL_REQUEST_RESET));
	if (dg1_mmio_wait32(mmio, RING_RESET_CTL(base),
			    RESET_CTL_READY_TO_RESET,
			    RESET_CTL_READY_TO_RESET, 700, NULL))
		drm_dbg(gt->drm, "%s: not ready to reset\n",
			dg1_engine_infos[id].name);

	/*
	 * Twice below graphics 12.70, as i915 does (gen6_hw_domain_reset():
	 * register state settles late), then 50 us more: i915 notes the
	 * engine state is still volatile right after the ack.
	 */
	for (i = 0, ret = 0; i < 2 && !ret; i++) {
		dg1_uncore_write32_fw(uncore, GEN6_GDRST, dg1_engine_gdrst[id]);
		ret = dg1_mmio_wait32(mmio, GEN6_GDRST, dg1_engine_gdrst[id],
				      0, 2000, NULL);
	}
	usleep_range(50, 100);
	dg1_uncore_write32_fw(uncore, RING_RESET_CTL(base),
			      _MASKED_BIT_DISABLE(RESET_CTL_REQUEST_RESET));
	return ret;
}
