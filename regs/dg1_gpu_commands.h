/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command encodings the driver writes into rings and context images: MI
 * commands (Vol 13 General Assets, "MI Commands" opcode table; Gen8+
 * layouts from i915 gt/intel_gpu_commands.h and the Ivy Bridge VCS manual
 * where the DG1 manual has none), PIPE_CONTROL and the blitter copy/fill.
 * Multi-dword commands carry their length minus 2 in the low bits.
 */
#ifndef _DG1_GPU_COMMANDS_H_
#define _DG1_GPU_COMMANDS_H_

#include <linux/bits.h>

#define MI_INSTR(opcode, flags)		(((opcode) << 23) | (flags))

#define MI_NOOP				MI_INSTR(0x00, 0)
#define MI_USER_INTERRUPT		MI_INSTR(0x02, 0)
#define MI_ARB_CHECK			MI_INSTR(0x05, 0)
#define MI_ARB_ON_OFF			MI_INSTR(0x08, 0)
#define   MI_ARB_ENABLE			BIT(0)
#define   MI_ARB_DISABLE		0
#define MI_BATCH_BUFFER_END		MI_INSTR(0x0a, 0)
#define MI_SEMAPHORE_WAIT		MI_INSTR(0x1c, 2)	/* 4 dwords */
#define MI_SEMAPHORE_WAIT_TOKEN		MI_INSTR(0x1c, 3)	/* 5 dwords */
#define   MI_SEMAPHORE_GLOBAL_GTT	BIT(22)
#define   MI_SEMAPHORE_POLL		BIT(15)
#define   MI_SEMAPHORE_SAD_GT_SDD	(0 << 12)
#define   MI_SEMAPHORE_SAD_GTE_SDD	BIT(12)
#define   MI_SEMAPHORE_SAD_LT_SDD	(2 << 12)
#define   MI_SEMAPHORE_SAD_LTE_SDD	(3 << 12)
#define   MI_SEMAPHORE_SAD_EQ_SDD	(4 << 12)
#define   MI_SEMAPHORE_SAD_NEQ_SDD	(5 << 12)
#define MI_STORE_DATA_IMM		MI_INSTR(0x20, 2)	/* 4 dwords */
#define   MI_SDI_GGTT			BIT(22)
#define   MI_SDI_QWORD			BIT(21)	/* with length 3 */
#define MI_STORE_DATA_INDEX		MI_INSTR(0x21, 1)	/* 3 dwords */
#define MI_LOAD_REGISTER_IMM(pairs)	MI_INSTR(0x22, 2 * (pairs) - 1)
#define   MI_LRI_CS_MMIO		BIT(19)
#define   MI_LRI_FORCE_POSTED		BIT(12)
#define MI_STORE_REGISTER_MEM		MI_INSTR(0x24, 2)	/* 4 dwords */
#define MI_FLUSH_DW			MI_INSTR(0x26, 2)	/* 4 dwords */
#define   MI_FLUSH_DW_OP_STOREDW	BIT(14)
#define   MI_FLUSH_DW_STORE_INDEX	BIT(21)
#define   MI_INVALIDATE_TLB		BIT(18)
#define   MI_INVALIDATE_BSD		BIT(7)
#define   MI_FLUSH_DW_NOTIFY		BIT(8)
#define   MI_FLUSH_DW_USE_GTT		BIT(2)	/* in the address dword */
#define MI_LOAD_REGISTER_MEM		MI_INSTR(0x29, 2)
#define   MI_LRM_GGTT			BIT(22)
#define   MI_LRM_CS_MMIO		BIT(19)
#define MI_LOAD_REGISTER_REG		MI_INSTR(0x2a, 1)
#define   MI_LRR_SRC_CS_MMIO		BIT(18)
#define   MI_LRR_DST_CS_MMIO		BIT(19)
#define MI_BATCH_BUFFER_START		MI_INSTR(0x31, 1)	/* 3 dwords */
#define   MI_BATCH_PPGTT		BIT(8)
#define   MI_BATCH_SECOND_LEVEL		BIT(22)

/* PIPE_CONTROL, render only: 6 dwords. */
#define PIPE_CONTROL			((0x3 << 29) | (0x3 << 27) | (0x2 << 24) | 4)
#define   PIPE_CONTROL_HDC_PIPELINE_FLUSH	BIT(9)		/* dword 0 */
#define   PIPE_CONTROL_GLOBAL_GTT_IVB	BIT(24)		/* dword 1 */
#define   PIPE_CONTROL_CS_STALL		BIT(20)
#define   PIPE_CONTROL_QW_WRITE		BIT(14)
#define   PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH	BIT(12)
#define   PIPE_CONTROL_DEPTH_STALL	BIT(13)
#define   PIPE_CONTROL_FLUSH_ENABLE	BIT(7)
#define   PIPE_CONTROL_DC_FLUSH_ENABLE	BIT(5)
#define   PIPE_CONTROL_DEPTH_CACHE_FLUSH	BIT(0)
#define   PIPE_CONTROL_TILE_CACHE_FLUSH	BIT(28)
#define   PIPE_CONTROL_L3_FLUSH		BIT(27)
#define   PIPE_CONTROL_COMMAND_CACHE_INVALIDATE	BIT(29)
#define   PIPE_CONTROL_STORE_DATA_INDEX	BIT(21)
#define   PIPE_CONTROL_TLB_INVALIDATE	BIT(18)
#define   PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE	BIT(11)
#define   PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE	BIT(10)
#define   PIPE_CONTROL_VF_CACHE_INVALIDATE	BIT(4)
#define   PIPE_CONTROL_CONST_CACHE_INVALIDATE	BIT(3)
#define   PIPE_CONTROL_STATE_CACHE_INVALIDATE	BIT(2)

/* Blitter (Vol 13 "2D"; layouts i915 gt/intel_gpu_commands.h). */
#define XY_FAST_COPY_BLT		((0x2 << 29) | (0x42 << 22) | 8)
#define XY_FAST_COLOR_BLT		((0x2 << 29) | (0x44 << 22) | 9)
#define   XY_FAST_COLOR_DEPTH_32	(2 << 19)
#define   XY_FAST_COPY_DEPTH_32		(3 << 24)

#endif /* _DG1_GPU_COMMANDS_H_ */
