// SPDX-License-Identifier: GPL-2.0
/*
 * PPGTT TLB invalidation. Each engine class has a register in which the
 * driver sets the bit of every engine instance whose TLB must forget its
 * translations; the hardware clears each bit when that engine is done
 * (i915 gt/intel_tlb.c, gt/intel_gt_regs.h GEN12_*_TLB_INV_CR). On DG1
 * the OA unit, which writes its buffer through the GGTT but shares the
 * TLB path, is invalidated alongside (Wa_2207587034).
 *
 * The registers sit in a powered range of the GT, so the invalidation
 * holds the domains they need across the request and the wait, and never
 * spins with a lock that keeps others from sleeping: the wait sleeps.
 */

#include <linux/bits.h>
#include <linux/mutex.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_tlb.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"

/* i915 waits 4 ms per engine (gt/intel_tlb.c); keep the same margin. */
#define DG1_GT_TLB_TIMEOUT_US	4000

static u32 dg1_gt_tlb_class_reg(enum dg1_engine_class class)
{
	switch (class) {
	case DG1_ENGINE_CLASS_RENDER:
		return GEN12_GFX_TLB_INV_CR.addr;
	case DG1_ENGINE_CLASS_VIDEO_DECODE:
		return GEN12_VD_TLB_INV_CR.addr;
	case DG1_ENGINE_CLASS_VIDEO_ENHANCE:
		return GEN12_VE_TLB_INV_CR.addr;
	case DG1_ENGINE_CLASS_COPY:
		return GEN12_BLT_TLB_INV_CR.addr;
	}
	return 0;
}

/*
 * Gen12 made the video decode and enhance registers masked (i915
 * gt/intel_engine_cs.c, intel_engine_init_tlb_invalidation()): a plain
 * write of the request bit would do nothing.
 */
static bool dg1_gt_tlb_masked(u32 offset)
{
	return offset == GEN12_VD_TLB_INV_CR.addr ||
	       offset == GEN12_VE_TLB_INV_CR.addr;
}

static void dg1_gt_tlb_req_add(struct dg1_gt_tlb_req *req, u32 offset, u32 bit)
{
	unsigned int i;

	for (i = 0; i < req->num; i++) {
		if (req->offset[i] == offset) {
			req->bits[i] |= bit;
			return;
		}
	}
	if (WARN_ON(req->num == DG1_GT_TLB_INV_REGS))
		return;
	req->offset[req->num] = offset;
	req->bits[req->num++] = bit;
}

/*
 * The registers and bits an invalidation writes for the engines in
 * @engine_mask (BIT(&enum dg1_hw_engine_id)). Pure, for KUnit.
 */
static void dg1_gt_tlb_build_req(u32 engine_mask, struct dg1_gt_tlb_req *req)
{
	unsigned int id;

	req->num = 0;
	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		const struct dg1_engine_info *info = &dg1_engine_infos[id];

		if (engine_mask & BIT(id))
			dg1_gt_tlb_req_add(req, dg1_gt_tlb_class_reg(info->class),
					   BIT(info->instance));
	}
	/* Wa_2207587034: the OA unit's TLB, bit 0. */
	dg1_gt_tlb_req_add(req, GEN12_OA_TLB_INV_CR.addr, BIT(0));
}

/**
 * dg1_gt_tlb_init() - set up the TLB state
 * @tlb: the GT's TLB state
 */
void dg1_gt_tlb_init(struct dg1_gt_tlb *tlb)
{
	mutex_init(&tlb->lock);
	atomic_set(&tlb->invalidations, 0);
	atomic_set(&tlb->timeouts, 0);
}

/**
 * dg1_gt_tlb_invalidate() - make every engine forget its PPGTT translations
 * @gt: the GT
 *
 * Called after page-table entries were cleared or changed and before the
 * pages they pointed at are reused. The caller keeps the device present
 * (drm_dev_enter()).
 *
 * Context: process; sleeps.
 * Return: 0; -ETIMEDOUT if a domain did not wake or an engine did not
 * acknowledge (the entries were still written: the next invalidation
 * retries, and the error is logged).
 */
int dg1_gt_tlb_invalidate(struct dg1_gt *gt)
{
	struct dg1_uncore *uncore = gt->uncore;
	struct dg1_gt_tlb_req req;
	u32 domains = 0;
	unsigned int i;
	int ret, err = 0;

	dg1_gt_tlb_build_req(gt->engine_mask, &req);
	for (i = 0; i < req.num; i++)
		domains |= dg1_fw_reg_write_domains(DG1_REG(req.offset[i]));

	mutex_lock(&gt->tlb.lock);
	ret = dg1_force_wake_get(&uncore->fw, domains);
	if (ret)
		goto out_unlock;

	for (i = 0; i < req.num; i++)
		dg1_uncore_write32_fw(uncore, DG1_REG(req.offset[i]),
				      dg1_gt_tlb_masked(req.offset[i]) ?
				      _MASKED_BIT_ENABLE(req.bits[i]) :
				      req.bits[i]);
	for (i = 0; i < req.num; i++) {
		ret = dg1_mmio_wait32(&uncore->mmio, DG1_REG(req.offset[i]),
				      req.bits[i], 0, DG1_GT_TLB_TIMEOUT_US,
				      NULL);
		if (ret && !err) {
			drm_err_ratelimited(gt->drm,
					    "TLB invalidation 0x%05x bits 0x%x not acknowledged\n",
					    req.offset[i], req.bits[i]);
			err = ret;
		}
	}
	dg1_force_wake_put(&uncore->fw, domains);
	atomic_inc(&gt->tlb.invalidations);
	if (err)
		atomic_inc(&gt->tlb.timeouts);
	ret = err;
out_unlock:
	mutex_unlock(&gt->tlb.lock);
	return ret;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_gt_tlb_test.c"
#endif
