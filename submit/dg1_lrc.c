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

/**
 * dg1_lrc_build() - the ring context of a new image, in memory
 * @regs: DG1_LRC_RING_CONTEXT_DWORDS dwords
 * @class: engine class
 * @mmio_base: the engine's register base
 * @ring_ggtt: GGTT address of the ring
 * @ring_size: its size, a power of two from 4 KiB to 2 MiB
 * @pml4: LMEM address of the VM's top-level table
 * @restore: the image holds a saved engine context, to be restored
 */
static void dg1_lrc_build(u32 *regs, enum dg1_engine_class class,
			  u32 mmio_base, u32 ring_ggtt, u32 ring_size,
			  u64 pml4, bool restore)
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
			      restore ? 0 : CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT);
	regs[DG1_LRC_RING_HEAD] = 0;
	regs[DG1_LRC_RING_TAIL] = 0;
	regs[DG1_LRC_RING_START] = ring_ggtt;
	regs[DG1_LRC_RING_CTL] = RING_CTL_SIZE(ring_size) | RING_VALID;
	regs[DG1_LRC_TIMESTAMP] = 0;
	/* 4-level PPGTT: the PML4 in PDP0 (i915 intel_lrc_reg.h). */
	regs[DG1_LRC_PDP0_UDW] = upper_32_bits(pml4);
	regs[DG1_LRC_PDP0_LDW] = lower_32_bits(pml4);
}

/**
 * dg1_lrc_init() - write a new context's register state
 * @state: the image's register state (image + DG1_LRC_STATE_OFFSET), WC
 * @class: engine class
 * @mmio_base: the engine's register base
 * @ring_ggtt: GGTT address of the ring
 * @ring_size: its size
 * @pml4: LMEM address of the VM's top-level table, 0 for a context that
 *	runs no batch of a VM
 * @restore: the rest of the image is an engine context the hardware saved
 *	(a copy of the engine's default image): restore it; else the caller
 *	cleared it and the load is restore-inhibited
 */
void dg1_lrc_init(void __iomem *state, enum dg1_engine_class class,
		  u32 mmio_base, u32 ring_ggtt, u32 ring_size, u64 pml4,
		  bool restore)
{
	u32 regs[DG1_LRC_RING_CONTEXT_DWORDS];

	dg1_lrc_build(regs, class, mmio_base, ring_ggtt, ring_size, pml4,
		      restore);
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

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_lrc_test.c"
#endif
