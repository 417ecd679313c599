// SPDX-License-Identifier: GPL-2.0
/*
 * The full GT reset at probe: whatever a previous driver, a kexec'd kernel
 * or boot firmware left on the engines is gone before this driver programs
 * them (i915 i915_driver.c, sanitize_gpu(); gt/intel_reset.c: each
 * engine's RESET_CTL handshake, then GDRST's full-reset bit, which clears
 * itself when done). A hung engine's own reset is submit/dg1_execlists.c's.
 */

#include <linux/bitops.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_reset.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"

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
