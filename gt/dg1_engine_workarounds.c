// SPDX-License-Identifier: GPL-2.0
/*
 * Engine workarounds, the register whitelist and the context workarounds
 * of DG1, as i915 applies them on graphics 12.10 (gt/intel_workarounds.c:
 * engine_fake_wa_init(), rcs_engine_wa_init(),
 * general_render_compute_wa_init(), tgl_whitelist_build(),
 * gen12_ctx_workarounds_init(), dg1_ctx_workarounds_init(),
 * gen12_ctx_gt_mocs_init()); xe's xe_wa.c agrees but for the notes below.
 *
 * Engine workarounds and the whitelist are engine registers: an engine
 * reset loses them, so they are written at probe and again after each
 * reset of their engine. Context workarounds are registers the engine
 * saves and restores with each context: they are written by LRI into the
 * default context image (submit/dg1_default_ctx.c), which every context
 * starts from.
 */

#include <linux/bitops.h>
#include <linux/kernel.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_engine_workarounds.h"
#include "gt/dg1_gt_types.h"
#include "gt/dg1_gt_workarounds.h"
#include "gt/dg1_mocs.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gpu_commands.h"
#include "regs/dg1_gt_regs.h"

#define RCS	BIT(DG1_HW_ENGINE_RCS0)

/*
 * Every CS's own accesses use the uncached MOCS index, not whatever index
 * 0 means (i915 engine_fake_wa_init(), graphics 12+).
 */
#define DG1_CMD_CCTL_WA(base, id) {					\
	.name = "Tuning_CmdCctlUncachedMocs",				\
	.reg = RING_CMD_CCTL(base),					\
	.set = CMD_CCTL_MOCS_OVERRIDE(DG1_MOCS_UNCACHED, DG1_MOCS_UNCACHED), \
	.clear = CMD_CCTL_MOCS_MASK &					\
		 ~CMD_CCTL_MOCS_OVERRIDE(DG1_MOCS_UNCACHED, DG1_MOCS_UNCACHED), \
	.engines = BIT(id),						\
}

/* Sorted by register offset. */
static const struct dg1_gt_wa dg1_engine_wa_table[DG1_ENGINE_WA_COUNT] = {
	{	/*
		 * i915 rcs_engine_wa_init() for TGL/RKL/DG1/ADL; also
		 * Wa_22010931296, Wa_14010919138. xe limits it to 12.00.
		 */
		.name = "Wa_18011464164",
		.reg = FF_THREAD_MODE,
		.set = FF_TESSELATION_DOP_GATE_DISABLE,
		.engines = RCS,
	},
	DG1_CMD_CCTL_WA(DG1_RCS0_BASE, DG1_HW_ENGINE_RCS0),
	{	/* i915 rcs_engine_wa_init(): a feature, not a hardware bug */
		.name = "FtrPerCtxtPreemptionGranularityControl",
		.reg = FF_SLICE_CS_CHICKEN1,
		.set = FFSC_PERCTX_PREEMPT_CTRL,
		.engines = RCS,
	},
	{	/* i915 rcs_engine_wa_init(): also Wa_22010271021, Wa_14010826681 */
		.name = "Wa_1606700617",
		.reg = CS_DEBUG_MODE1,
		.set = FF_DOP_CLOCK_GATE_DISABLE,
		.engines = RCS,
	},
	{	/* i915 add_render_compute_tuning_settings(), 12.00 to 12.50 */
		.name = "Tuning_BusHashCtlBitExc",
		.reg = GARBCNTL,
		.clear = BUS_HASH_CTL_BIT_EXC,
		.engines = RCS,
	},
	{	/*
		 * i915 rcs_engine_wa_init() (ENABLE_SMALLPL) merged with
		 * general_render_compute_wa_init()'s indirect state base
		 * address override (BSpec 46052, "WaSetIndirectStateOverride").
		 */
		.name = "Wa_1406941453",
		.mcr_reg = SAMPLER_MODE,
		.set = ENABLE_SMALLPL | INDIRECT_STATE_BASE_ADDR_OVERRIDE,
		.engines = RCS,
	},
	{	/* i915 rcs_engine_wa_init() */
		.name = "Wa_1606931601",
		.mcr_reg = ROW_CHICKEN2,
		.set = DISABLE_EARLY_READ,
		.engines = RCS,
	},
	DG1_CMD_CCTL_WA(DG1_BCS0_BASE, DG1_HW_ENGINE_BCS0),
	DG1_CMD_CCTL_WA(DG1_VCS0_BASE, DG1_HW_ENGINE_VCS0),
	DG1_CMD_CCTL_WA(DG1_VECS0_BASE, DG1_HW_ENGINE_VECS0),
	DG1_CMD_CCTL_WA(DG1_VCS2_BASE, DG1_HW_ENGINE_VCS2),
};

/*
 * The whitelist: what a user batch may reach with LRI/SRM besides the
 * registers Vol 13 "User Mode Privileged Commands" always allows (i915
 * tgl_whitelist_build(); xe xe_reg_whitelist.c has all but the slice
 * chicken 3 tuning entry).
 */
static const u32 dg1_whitelist_rcs[] = {
	/* Wa_1808121037, Wa_14012131227:dg1, Wa_1508744258 */
	0x7010 | NONPRIV_ACCESS_RW | NONPRIV_RANGE_1,
	/* Wa_1806527549: UMD tunes HIZ_CHICKEN */
	0x7018 | NONPRIV_ACCESS_RW | NONPRIV_RANGE_1,
	/* recommended tuning: UMD sets COMMON_SLICE_CHICKEN3 */
	0x7304 | NONPRIV_ACCESS_RW | NONPRIV_RANGE_1,
	/*
	 * WaAllowPMDepthAndInvocationCountAccessFromUMD, Wa_1408556865:
	 * PS_INVOCATION_COUNT, _UDW, PS_DEPTH_COUNT, _UDW
	 */
	0x2348 | NONPRIV_ACCESS_RD | NONPRIV_RANGE_4,
};

/**
 * dg1_engine_whitelist_slot() - what a FORCE_TO_NONPRIV slot holds
 * @id: a present engine
 * @slot: 0..RING_MAX_NONPRIV_SLOTS - 1
 *
 * Return: the slot's value; a free slot points at the engine's RING_NOPID.
 */
u32 dg1_engine_whitelist_slot(enum dg1_hw_engine_id id, unsigned int slot)
{
	u32 base = dg1_engine_infos[id].mmio_base;

	if (id == DG1_HW_ENGINE_RCS0) {
		if (slot < ARRAY_SIZE(dg1_whitelist_rcs))
			return dg1_whitelist_rcs[slot];
	} else if (slot == 0) {
		/* i915 allow_read_ctx_timestamp(): every engine but render */
		return RING_CTX_TIMESTAMP(base).addr | NONPRIV_ACCESS_RD |
		       NONPRIV_RANGE_1;
	}
	return RING_NOPID(base).addr;
}

/* Program the engine's slots and read them back; false if one differs. */
static bool dg1_engine_whitelist_apply(struct dg1_gt *gt,
				       enum dg1_hw_engine_id id)
{
	u32 base = dg1_engine_infos[id].mmio_base;
	unsigned int i;
	bool ok = true;

	for (i = 0; i < RING_MAX_NONPRIV_SLOTS; i++)
		dg1_uncore_write32_fw(gt->uncore, RING_FORCE_TO_NONPRIV(base, i),
				      dg1_engine_whitelist_slot(id, i));
	for (i = 0; i < RING_MAX_NONPRIV_SLOTS; i++)
		if (dg1_uncore_read32_fw(gt->uncore,
					 RING_FORCE_TO_NONPRIV(base, i)) !=
		    dg1_engine_whitelist_slot(id, i))
			ok = false;
	return ok;
}

/**
 * dg1_engine_workarounds_apply() - program an engine's workarounds and
 * whitelist, and with the render engine the L3 MOCS table
 * @gt: the GT
 * @id: a present engine; at probe, and after each reset of it
 *
 * Records each entry's outcome in &dg1_gt.engine_wa_status; a whitelist
 * or MOCS table that does not read back is reported.
 *
 * Context: process; wakes the engine's domain.
 */
void dg1_engine_workarounds_apply(struct dg1_gt *gt, enum dg1_hw_engine_id id)
{
	u32 domain = BIT(dg1_engine_infos[id].fw_domain);
	unsigned int i;
	int ret;

	for (i = 0; i < DG1_ENGINE_WA_COUNT; i++)
		if (dg1_engine_wa_table[i].engines == BIT(id))
			gt->engine_wa_status[i] =
				dg1_gt_wa_apply(gt, &dg1_engine_wa_table[i]);

	ret = dg1_force_wake_get(&gt->uncore->fw, domain);
	if (ret) {
		drm_err(gt->drm, "%s: whitelist not written: no wake: %d\n",
			dg1_engine_infos[id].name, ret);
		return;
	}
	if (!dg1_engine_whitelist_apply(gt, id))
		drm_err(gt->drm, "%s: whitelist did not read back\n",
			dg1_engine_infos[id].name);
	dg1_force_wake_put(&gt->uncore->fw, domain);

	/* i915 intel_mocs_init_engine(): the render engine's resume. */
	if (id == DG1_HW_ENGINE_RCS0)
		dg1_mocs_init(gt);
}

/**
 * dg1_engine_workarounds_apply_all() - dg1_engine_workarounds_apply() for
 * every present engine, at probe
 * @gt: the GT, its workarounds applied
 *
 * Entries of engines fused off are marked not applied.
 */
void dg1_engine_workarounds_apply_all(struct dg1_gt *gt)
{
	unsigned long mask = gt->engine_mask;
	unsigned int i, id;

	for (i = 0; i < DG1_ENGINE_WA_COUNT; i++)
		gt->engine_wa_status[i] = DG1_GT_WA_NOT_APPLIED;
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		dg1_engine_workarounds_apply(gt, id);
}

/**
 * dg1_engine_workarounds_print() - one line per engine entry (debugfs
 * workarounds, after the GT's)
 * @gt: the GT
 * @p: where to print
 *
 * Format: as dg1_gt_workarounds_print().
 */
void dg1_engine_workarounds_print(struct dg1_gt *gt, struct drm_printer *p)
{
	unsigned int i;

	for (i = 0; i < DG1_ENGINE_WA_COUNT; i++)
		drm_printf(p, "%s 0x%06x %s\n", dg1_engine_wa_table[i].name,
			   dg1_engine_wa_table[i].reg.addr,
			   dg1_gt_wa_status_name(gt->engine_wa_status[i]));
}

/**
 * dg1_engine_ctx_workarounds_emit() - the LRI of an engine's context
 * workarounds
 * @id: the engine
 * @cs: room for %DG1_ENGINE_CTX_WA_DWORDS dwords
 *
 * Run from the default context (submit/dg1_default_ctx.c): the engine
 * saves the values with it, and every context copied from it restores
 * them. Masked registers are written whole. So is the copy engine's
 * BLIT_CCTL, which i915 read-modify-writes from the CPU: this assumes
 * its bits outside the two MOCS fields read zero.
 *
 * Return: dwords written, even; 0 if the engine has none.
 */
unsigned int dg1_engine_ctx_workarounds_emit(enum dg1_hw_engine_id id,
					     u32 *cs)
{
	u32 *start = cs;

	switch (id) {
	case DG1_HW_ENGINE_RCS0:
		*cs++ = MI_LOAD_REGISTER_IMM(4);
		/* WaDisableGPGPUMidThreadPreemption (i915 gen12_ctx) */
		*cs++ = CS_CHICKEN1.addr;
		*cs++ = _MASKED_FIELD(PREEMPT_GPGPU_LEVEL_MASK,
				      PREEMPT_GPGPU_THREAD_GROUP_LEVEL);
		/*
		 * Wa_16011163337: GS timer 224, with i915's TDS timer 128
		 * (Wa_1604555607's tuning); xe sets the GS timer only.
		 * FF_MODE2 does not read back, so it is written whole.
		 */
		*cs++ = FF_MODE2.addr;
		*cs++ = FF_MODE2_GS_TIMER_224 | FF_MODE2_TDS_TIMER_128;
		/* Wa_22010493298 (i915 dg1_ctx_workarounds_init()) */
		*cs++ = HIZ_CHICKEN.addr;
		*cs++ = _MASKED_BIT_ENABLE(DG1_HZ_READ_SUPPRESSION_OPTIMIZATION_DISABLE);
		/*
		 * Wa_1409044764 (dg1) with gen12's Wa_1409142259 and its
		 * nine siblings: CPS-aware color pipe off, float blend
		 * strict mode off.
		 */
		*cs++ = COMMON_SLICE_CHICKEN3.addr;
		*cs++ = _MASKED_BIT_ENABLE(DISABLE_CPS_AWARE_COLOR_PIPE) |
			_MASKED_BIT_DISABLE(DG1_FLOAT_POINT_BLEND_OPT_STRICT_MODE_EN);
		*cs++ = MI_NOOP;
		break;
	case DG1_HW_ENGINE_BCS0:
		/* Blits without a MOCS field go uncached (gen12_ctx_gt_mocs_init()) */
		*cs++ = MI_LOAD_REGISTER_IMM(1);
		*cs++ = BLIT_CCTL(DG1_BCS0_BASE).addr;
		*cs++ = BLIT_CCTL_MOCS(DG1_MOCS_UNCACHED, DG1_MOCS_UNCACHED);
		*cs++ = MI_NOOP;
		break;
	default:
		break;
	}
	return cs - start;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_engine_workarounds_test.c"
#endif
