// SPDX-License-Identifier: GPL-2.0
/*
 * What a request puts in its context's ring: the user batch, bracketed so
 * that it may be preempted only inside, then the breadcrumb that writes
 * the request's seqno and raises the user interrupt. The sequences are
 * i915's for Gen12 (gt/gen8_engine_cs.c), the facts of Vol 13 General
 * Assets, "MI Commands" and the IVB VCS manual's MI_FLUSH_DW.
 */

#include <linux/kernel.h>

#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gpu_commands.h"
#include "regs/dg1_oa_regs.h"
#include "submit/dg1_ring.h"

/*
 * Invalidate the engine's TLB and read caches before the batch: page tables
 * and objects may have changed since the engine last ran this context or
 * another one (i915 execlists_request_alloc(): "Unconditionally invalidate
 * GPU caches and TLBs", gen12_emit_flush_rcs() / gen12_emit_flush_xcs()
 * with EMIT_INVALIDATE). The TLB bit takes effect with a post-sync write
 * only, here a dword to the context's status page scratch. Without CCS
 * surfaces dg1 has no aux table to invalidate.
 */
static u32 *dg1_ring_emit_invalidate(u32 *cs, enum dg1_engine_class class)
{
	if (class == DG1_ENGINE_CLASS_RENDER) {
		*cs++ = PIPE_CONTROL;
		*cs++ = PIPE_CONTROL_COMMAND_CACHE_INVALIDATE |
			PIPE_CONTROL_TLB_INVALIDATE |
			PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE |
			PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE |
			PIPE_CONTROL_VF_CACHE_INVALIDATE |
			PIPE_CONTROL_CONST_CACHE_INVALIDATE |
			PIPE_CONTROL_STATE_CACHE_INVALIDATE |
			PIPE_CONTROL_STORE_DATA_INDEX | PIPE_CONTROL_QW_WRITE |
			PIPE_CONTROL_CS_STALL;
		*cs++ = DG1_RING_SCRATCH_INDEX;
		*cs++ = 0;
		*cs++ = 0;
		*cs++ = 0;
		return cs;
	}
	*cs++ = MI_FLUSH_DW | MI_FLUSH_DW_STORE_INDEX | MI_FLUSH_DW_OP_STOREDW |
		MI_INVALIDATE_TLB |
		(class == DG1_ENGINE_CLASS_VIDEO_DECODE ? MI_INVALIDATE_BSD : 0);
	*cs++ = DG1_RING_SCRATCH_INDEX;
	*cs++ = 0;
	*cs++ = 0;
	return cs;
}

/* Post-sync write of the seqno, after every earlier write is done. */
static u32 *dg1_ring_emit_seqno(u32 *cs, enum dg1_engine_class class,
				u32 addr, u32 seqno)
{
	if (class == DG1_ENGINE_CLASS_RENDER) {
		/* A stalling flush with a GGTT QW write (i915 gen12 RCS). */
		*cs++ = PIPE_CONTROL | PIPE_CONTROL_HDC_PIPELINE_FLUSH;
		*cs++ = PIPE_CONTROL_CS_STALL | PIPE_CONTROL_QW_WRITE |
			PIPE_CONTROL_GLOBAL_GTT_IVB |
			PIPE_CONTROL_TILE_CACHE_FLUSH | PIPE_CONTROL_L3_FLUSH |
			PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH |
			PIPE_CONTROL_DEPTH_CACHE_FLUSH |
			PIPE_CONTROL_DC_FLUSH_ENABLE |
			PIPE_CONTROL_FLUSH_ENABLE | PIPE_CONTROL_DEPTH_STALL;
		*cs++ = addr;
		*cs++ = 0;
		*cs++ = seqno;
		*cs++ = 0;
		return cs;
	}
	/* A flush first, then the store: MI_FLUSH_DW orders it (xCS). */
	*cs++ = MI_FLUSH_DW;
	*cs++ = 0;
	*cs++ = 0;
	*cs++ = 0;
	*cs++ = MI_FLUSH_DW | MI_FLUSH_DW_OP_STOREDW;
	*cs++ = addr | MI_FLUSH_DW_USE_GTT;
	*cs++ = 0;
	*cs++ = seqno;
	return cs;
}

/**
 * dg1_ring_emit_oar() - switch OAR counting for the context on or off
 * @cs: room for DG1_RING_OAR_DWORDS dwords
 * @mmio_base: the render engine's register base
 * @enable: count for this context from now on, or stop
 *
 * OACTXCONTROL, OAR_OACONTROL and CONTEXT_CONTROL's OAR enable are the
 * context's own registers, saved and restored with it: written from the
 * context itself, they hold for it alone, and every other context keeps
 * OAR off, so no MI_REPORT_PERF_COUNT of theirs sees this one's counts
 * (xe xe_oa.c programs the same three by LRI from the context).
 *
 * Return: dwords written, even.
 */
unsigned int dg1_ring_emit_oar(u32 *cs, u32 mmio_base, bool enable)
{
	u32 *start = cs;

	*cs++ = MI_LOAD_REGISTER_IMM(3);
	*cs++ = GEN12_OACTXCONTROL.addr;
	*cs++ = enable ? OACTXCONTROL_COUNTER_RESUME : 0;
	*cs++ = GEN12_OAR_OACONTROL.addr;
	*cs++ = enable ? REG_FIELD_PREP(OAR_OACONTROL_FORMAT_MASK,
					OAR_FORMAT_A32u40_A4u32_B8_C8) |
			 OAR_OACONTROL_ENABLE : 0;
	*cs++ = RING_CONTEXT_CONTROL(mmio_base).addr;
	*cs++ = _MASKED_FIELD(CTX_CTRL_OAR_CONTEXT_ENABLE,
			      enable ? CTX_CTRL_OAR_CONTEXT_ENABLE : 0);
	*cs++ = MI_NOOP;
	return cs - start;
}

/* dg1_ring_emit_breadcrumb()'s commands; @start: where the request began. */
static u32 *dg1_ring_emit_fini(u32 *start, u32 *cs,
			       enum dg1_engine_class class, u32 seqno_addr,
			       u32 seqno)
{
	cs = dg1_ring_emit_seqno(cs, class, seqno_addr, seqno);
	*cs++ = MI_USER_INTERRUPT;
	*cs++ = MI_ARB_ON_OFF | MI_ARB_ENABLE;
	if ((cs - start) & 1)
		*cs++ = MI_NOOP;
	*cs++ = MI_ARB_CHECK;
	*cs++ = MI_NOOP;
	return cs;
}

/**
 * dg1_ring_emit_request() - one request's commands
 * @cs: room for DG1_RING_REQUEST_DWORDS dwords
 * @class: the engine's class
 * @batch: GPU address of the batch in the context's VM (PPGTT)
 * @seqno_addr: GGTT address the seqno goes to (dword aligned)
 * @seqno: the request's seqno
 *
 * An invalidation of the engine's TLB and caches, arbitration on around
 * the batch only (MI_ARB_ON_OFF is accepted on every engine: i915 emits it
 * on BCS too), then dg1_ring_emit_breadcrumb()'s commands.
 *
 * Return: dwords written, even.
 */
unsigned int dg1_ring_emit_request(u32 *cs, enum dg1_engine_class class,
				   u64 batch, u32 seqno_addr, u32 seqno)
{
	u32 *start = cs;

	cs = dg1_ring_emit_invalidate(cs, class);
	*cs++ = MI_ARB_ON_OFF | MI_ARB_ENABLE;
	*cs++ = MI_BATCH_BUFFER_START | MI_BATCH_PPGTT;
	*cs++ = lower_32_bits(batch);
	*cs++ = upper_32_bits(batch);
	*cs++ = MI_ARB_ON_OFF | MI_ARB_DISABLE;
	return dg1_ring_emit_fini(start, cs, class, seqno_addr, seqno) - start;
}

/**
 * dg1_ring_emit_breadcrumb() - the end of a request without a batch
 * @cs: room for DG1_RING_REQUEST_DWORDS dwords, after the request's own
 *	commands (an even number of dwords)
 * @class: the engine's class
 * @seqno_addr: GGTT address the seqno goes to (dword aligned)
 * @seqno: the request's seqno
 *
 * The seqno written once every earlier command is done, the user
 * interrupt, arbitration on, and the 2-dword tail pad (MI_ARB_CHECK,
 * MI_NOOP) that lets a later submission of the same context move the tail
 * (i915's WaIdleLiteRestore), padded to whole quadwords.
 *
 * Return: dwords written, even.
 */
unsigned int dg1_ring_emit_breadcrumb(u32 *cs, enum dg1_engine_class class,
				      u32 seqno_addr, u32 seqno)
{
	return dg1_ring_emit_fini(cs, cs, class, seqno_addr, seqno) - cs;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_ring_test.c"
#endif
