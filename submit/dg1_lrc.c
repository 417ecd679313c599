// SPDX-License-Identifier: GPL-2.0
/*
 * Logical ring context images and context descriptors.
 *
 * An image is the per-process hardware status page followed by the
 * register state the engine restores on a switch: LRI commands, each
 * followed by {register, value} pairs (Vol 13 General Assets, "CSFE
 * Execlist Context"; the same first 0x34 dwords on every Gen12 engine,
 * i915 gt/intel_lrc.c). An image copied from its engine's default one
 * (submit/dg1_default_ctx.c) gets a new ring context and is restored
 * whole. One without (the default's own) gets the ring context only and
 * sets ENGINE_CTX_RESTORE_INHIBIT, so the engine does not restore an engine
 * context nobody saved yet - it runs with whatever the engine holds, and
 * the first switch-out saves a complete one.
 */

#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/sizes.h>

#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gpu_commands.h"
#include "regs/dg1_reg_defs.h"
#include "submit/dg1_lrc.h"

/*
 * Image sizes (i915 gt/intel_engine_cs.c: GEN11_LR_CONTEXT_RENDER_SIZE,
 * GEN8_LR_CONTEXT_OTHER_SIZE), the status page included.
 */
#define DG1_LRC_RENDER_SIZE	(14 * SZ_4K)
#define DG1_LRC_OTHER_SIZE	(2 * SZ_4K)

/* The two LRIs of the ring context: register offsets from the engine base. */
static const u16 dg1_lrc_ring_regs[] = {
	0x244, 0x034, 0x030, 0x038, 0x03c, 0x168, 0x140, 0x110,
	0x1c0, 0x1c4, 0x1c8, 0x180, 0x2b4,
};

static const u16 dg1_lrc_ppgtt_regs[] = {
	0x3a8, 0x28c, 0x288, 0x284, 0x280, 0x27c, 0x278, 0x274, 0x270,
};

/* Dwords of the ring context: 1 + 1 + 26 + 5 + 1 + 18. */
#define DG1_LRC_RING_CONTEXT_DWORDS	0x34

/**
 * dg1_lrc_size() - bytes of an engine class's context image
 * @class: engine class
 *
 * Return: the size, status page included.
 */
u32 dg1_lrc_size(enum dg1_engine_class class)
{
	return class == DG1_ENGINE_CLASS_RENDER ? DG1_LRC_RENDER_SIZE :
						  DG1_LRC_OTHER_SIZE;
}

/* An LRI of @n posted, engine-relative pairs and its registers at @dw. */
static unsigned int dg1_lrc_lri(u32 *regs, unsigned int dw, u32 mmio_base,
				const u16 *offsets, unsigned int n)
{
	unsigned int i;

	regs[dw++] = MI_LOAD_REGISTER_IMM(n) | MI_LRI_CS_MMIO |
		     MI_LRI_FORCE_POSTED;
	for (i = 0; i < n; i++) {
		regs[dw] = mmio_base + offsets[i];
		dw += 2;
	}
	return dw;
}

/*
 * The ring context of a new image, in memory: @regs holds
 * DG1_LRC_RING_CONTEXT_DWORDS dwords.
 */
static void dg1_lrc_build(u32 *regs, enum dg1_engine_class class,
			  u32 mmio_base, const struct dg1_lrc_params *p)
{
	unsigned int dw;

	memset(regs, 0, DG1_LRC_RING_CONTEXT_DWORDS * sizeof(u32));
	regs[0] = MI_NOOP;
	dw = dg1_lrc_lri(regs, 1, mmio_base, dg1_lrc_ring_regs,
			 ARRAY_SIZE(dg1_lrc_ring_regs));
	dw += 5;	/* MI_NOOPs */
	dg1_lrc_lri(regs, dw, mmio_base, dg1_lrc_ppgtt_regs,
		    ARRAY_SIZE(dg1_lrc_ppgtt_regs));

	/* Nothing saved yet: do not restore the engine context. */
	regs[DG1_LRC_CONTEXT_CONTROL] =
		_MASKED_BIT_ENABLE(CTX_CTRL_INHIBIT_SYN_CTX_SWITCH) |
		_MASKED_FIELD(CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT,
			      p->restore ? 0 : CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT);
	regs[DG1_LRC_RING_HEAD] = 0;
	regs[DG1_LRC_RING_TAIL] = 0;
	regs[DG1_LRC_RING_START] = p->ring_ggtt;
	regs[DG1_LRC_RING_CTL] = RING_CTL_SIZE(p->ring_size) | RING_VALID;
	/*
	 * The workaround batches (i915 lrc_setup_bb_per_ctx(),
	 * lrc_setup_indirect_ctx()): INDIRECT_CTX's size in cachelines in
	 * its low bits, at the gen12 default offset; the post-restore batch
	 * forced valid.
	 */
	regs[DG1_LRC_BB_PER_CTX_PTR] = (p->wa_ggtt + SZ_4K) | PER_CTX_BB_FORCE |
				       PER_CTX_BB_VALID;
	regs[DG1_LRC_INDIRECT_CTX] = p->wa_ggtt | p->wa_bytes / 64;
	regs[DG1_LRC_INDIRECT_CTX_OFFSET] = INDIRECT_CTX_OFFSET_DEFAULT;
	regs[DG1_LRC_TIMESTAMP] = 0;
	/* 4-level PPGTT: the PML4 in PDP0 (i915 intel_lrc_reg.h). */
	regs[DG1_LRC_PDP0_UDW] = upper_32_bits(p->pml4);
	regs[DG1_LRC_PDP0_LDW] = lower_32_bits(p->pml4);
}

/* LRM of GPR0 from dword @dw of the context's own register state. */
static u32 *dg1_lrc_wa_load_gpr0(u32 *cs, u32 state_ggtt, unsigned int dw)
{
	*cs++ = MI_LOAD_REGISTER_MEM | MI_LRM_GGTT | MI_LRM_CS_MMIO;
	*cs++ = RING_GPR(0, 0).addr;
	*cs++ = state_ggtt + DG1_LRC_STATE_OFFSET + 4 * dw;
	*cs++ = 0;
	return cs;
}

/* LRR of GPR0 into the engine-relative register @reg. */
static u32 *dg1_lrc_wa_move_gpr0(u32 *cs, u32 reg)
{
	*cs++ = MI_LOAD_REGISTER_REG | MI_LRR_SRC_CS_MMIO | MI_LRR_DST_CS_MMIO;
	*cs++ = RING_GPR(0, 0).addr;
	*cs++ = reg;
	return cs;
}

/**
 * dg1_lrc_wa_init() - write a context's workaround batches
 * @wa: the %DG1_LRC_WA_SIZE bytes after the image, WC
 * @class: engine class
 * @state_ggtt: GGTT address of the image
 *
 * The INDIRECT_CTX batch runs within every restore of the context's
 * engine state, the post-restore batch after it (Vol 13 General Assets,
 * "Workaround Batch Buffers"). As i915 on gen12 (gt/intel_lrc.c
 * gen12_emit_indirect_ctx_rcs()/_xcs()): CTX_TIMESTAMP reloaded from the
 * image, twice, as the restore may get it wrong; on render CMD_BUF_CCTL
 * from the image, and Wa_18022495364's instruction state cache
 * invalidation; GPR0, the scratch, restored last. Without CCS surfaces dg1
 * has no aux table to invalidate. The post-restore batch is empty
 * (xehp_emit_per_ctx_bb() adds nothing before graphics 12.55).
 *
 * Return: the INDIRECT_CTX batch's size in bytes, whole cachelines.
 */
u32 dg1_lrc_wa_init(void __iomem *wa, enum dg1_engine_class class,
		    u32 state_ggtt)
{
	u32 cmds[32], *cs = cmds, end = MI_BATCH_BUFFER_END;
	unsigned int n;

	cs = dg1_lrc_wa_load_gpr0(cs, state_ggtt, DG1_LRC_TIMESTAMP);
	cs = dg1_lrc_wa_move_gpr0(cs, RING_CTX_TIMESTAMP(0).addr);
	cs = dg1_lrc_wa_move_gpr0(cs, RING_CTX_TIMESTAMP(0).addr);
	if (class == DG1_ENGINE_CLASS_RENDER) {
		cs = dg1_lrc_wa_load_gpr0(cs, state_ggtt,
					  DG1_LRC_CMD_BUF_CCTL + 1);
		cs = dg1_lrc_wa_move_gpr0(cs, RING_CMD_BUF_CCTL(0).addr);
	}
	cs = dg1_lrc_wa_load_gpr0(cs, state_ggtt, DG1_LRC_GPR0 + 1);
	if (class == DG1_ENGINE_CLASS_RENDER) {
		*cs++ = MI_LOAD_REGISTER_IMM(1);
		*cs++ = CS_DEBUG_MODE2.addr;
		*cs++ = _MASKED_BIT_ENABLE(INSTRUCTION_STATE_CACHE_INVALIDATE);
	}
	/* No end command: the size says where it stops. */
	while ((cs - cmds) % 16)
		*cs++ = MI_NOOP;
	n = cs - cmds;
	memcpy_toio(wa, cmds, n * 4);
	iowrite32(end, wa + SZ_4K);
	return n * 4;
}

/**
 * dg1_lrc_init() - write a new context's register state
 * @state: the image's register state (image + DG1_LRC_STATE_OFFSET), WC
 * @class: engine class
 * @mmio_base: the engine's register base
 * @p: the ring, VM, workaround batches, and whether the rest of the image
 *	is an engine context to restore (a copy of the engine's default
 *	image) or cleared by the caller, the load then restore-inhibited
 */
void dg1_lrc_init(void __iomem *state, enum dg1_engine_class class,
		  u32 mmio_base, const struct dg1_lrc_params *p)
{
	u32 regs[DG1_LRC_RING_CONTEXT_DWORDS];

	dg1_lrc_build(regs, class, mmio_base, p);
	memcpy_toio(state, regs, sizeof(regs));
}

/**
 * dg1_lrc_descriptor() - the context descriptor of an image
 * @lrca: GGTT address of the image (4 KiB aligned)
 * @sw_id: SW context id, 0..DG1_LRC_SW_ID_MAX
 * @class: engine class
 * @instance: engine instance
 *
 * Valid, legacy 64-bit (4-level) addressing, privileged (i915
 * gt/intel_lrc.c); FORCE_RESTORE is the submitter's to add.
 *
 * Return: the descriptor.
 */
u64 dg1_lrc_descriptor(u32 lrca, u16 sw_id, enum dg1_engine_class class,
		       u16 instance)
{
	return DG1_LRC_DESC_VALID | DG1_LRC_DESC_LEGACY_64B |
	       DG1_LRC_DESC_PRIVILEGE | (lrca & GENMASK(31, 12)) |
	       (u64)(sw_id & 0x7ff) << DG1_LRC_DESC_SW_ID_SHIFT |
	       (u64)(instance & 0x3f) << DG1_LRC_DESC_INSTANCE_SHIFT |
	       (u64)(class & 0x7) << DG1_LRC_DESC_CLASS_SHIFT;
}

/**
 * dg1_lrc_set_tail() - where the engine stops in the ring
 * @state: the register state
 * @tail: byte offset in the ring, quadword aligned
 */
void dg1_lrc_set_tail(void __iomem *state, u32 tail)
{
	iowrite32(tail & TAIL_ADDR, state + DG1_LRC_RING_TAIL * 4);
}

/**
 * dg1_lrc_set_head() - where the engine resumes in the ring
 * @state: the register state of a context not on the engine
 * @head: byte offset in the ring
 */
void dg1_lrc_set_head(void __iomem *state, u32 head)
{
	iowrite32(head & HEAD_ADDR, state + DG1_LRC_RING_HEAD * 4);
}

/**
 * dg1_lrc_get_head() - the ring head the engine saved
 * @state: the register state
 *
 * Return: byte offset in the ring.
 */
u32 dg1_lrc_get_head(void __iomem *state)
{
	return ioread32(state + DG1_LRC_RING_HEAD * 4) & HEAD_ADDR;
}

/**
 * dg1_lrc_get_ctx_timestamp() - the context's runtime the engine saved
 * @state: the register state
 *
 * Return: CTX_TIMESTAMP, CS timestamp ticks, wrapping at 32 bits.
 */
u32 dg1_lrc_get_ctx_timestamp(void __iomem *state)
{
	return ioread32(state + DG1_LRC_TIMESTAMP * 4);
}

/**
 * dg1_lrc_clear_stop_ring() - let a context the reset took off run again
 * @state: the register state of a context not on the engine
 *
 * The image keeps the MI_MODE the engine last saved; one saved while the
 * driver was stopping the ring for a reset would stop the context again at
 * its next restore. The value slot becomes a masked write of STOP_RING = 0
 * (i915 __reset_stop_ring(); MI_MODE's pair is at dword 0x60 below
 * graphics 12.55).
 *
 * Context: any; the engine lock held by the caller.
 */
void dg1_lrc_clear_stop_ring(void __iomem *state)
{
	u32 v = ioread32(state + DG1_LRC_MI_MODE * 4);

	v &= ~STOP_RING;
	v |= STOP_RING << 16;
	iowrite32(v, state + DG1_LRC_MI_MODE * 4);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_lrc_test.c"
#endif
