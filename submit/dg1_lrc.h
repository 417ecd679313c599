/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_LRC_H_
#define _DG1_LRC_H_

#include <linux/bits.h>
#include <linux/types.h>

#include "gt/dg1_engine_info_types.h"

/* The register state follows the per-process status page (page 0). */
#define DG1_LRC_STATE_OFFSET		4096

/* Register-state dwords (value slots) i915 gt/intel_lrc_reg.h names. */
#define DG1_LRC_CONTEXT_CONTROL		0x03
#define DG1_LRC_RING_HEAD		0x05
#define DG1_LRC_RING_TAIL		0x07
#define DG1_LRC_RING_START		0x09
#define DG1_LRC_RING_CTL		0x0b
#define DG1_LRC_BB_STATE		0x11
#define DG1_LRC_BB_PER_CTX_PTR		0x13
#define DG1_LRC_INDIRECT_CTX		0x15
#define DG1_LRC_INDIRECT_CTX_OFFSET	0x17
#define DG1_LRC_TIMESTAMP		0x23
#define DG1_LRC_PDP0_UDW		0x31
#define DG1_LRC_PDP0_LDW		0x33
#define DG1_LRC_MI_MODE			0x61
#define DG1_LRC_GPR0			0x74
#define DG1_LRC_CMD_BUF_CCTL		0xb6

/*
 * The workaround pages after the image: the INDIRECT_CTX batch, then the
 * post-restore (BB_PER_CTX_PTR) batch (i915 gt/intel_lrc.c's wa_bb_page).
 */
#define DG1_LRC_WA_SIZE			(2 * 4096)

/**
 * struct dg1_lrc_params - what a new context's ring context points at
 */
struct dg1_lrc_params {
	/** @ring_ggtt: GGTT address of the ring */
	u32 ring_ggtt;
	/** @ring_size: its size, a power of two from 4 KiB to 2 MiB */
	u32 ring_size;
	/** @pml4: LMEM address of the VM's top-level table, 0 for none */
	u64 pml4;
	/** @wa_ggtt: GGTT address of the workaround pages */
	u32 wa_ggtt;
	/** @wa_bytes: size of the INDIRECT_CTX batch (dg1_lrc_wa_init()) */
	u32 wa_bytes;
	/**
	 * @restore: the image holds a saved engine context (a copy of the
	 * engine's default image): restore it; else the load is inhibited
	 */
	bool restore;
};

/* Context descriptor (HARDWARE: Vol 13 "Context Descriptor", i915 intel_lrc.h). */
#define DG1_LRC_DESC_VALID		BIT_ULL(0)
#define DG1_LRC_DESC_FORCE_RESTORE	BIT_ULL(2)
#define DG1_LRC_DESC_LEGACY_64B		(3ull << 3)
#define DG1_LRC_DESC_PRIVILEGE		BIT_ULL(8)
#define DG1_LRC_DESC_SW_ID_SHIFT	37
#define DG1_LRC_DESC_INSTANCE_SHIFT	48
#define DG1_LRC_DESC_CLASS_SHIFT	61
/* SW context id 0x7ff means "idle" in the CSB. */
#define DG1_LRC_SW_ID_MAX		0x7fe

u32 dg1_lrc_size(enum dg1_engine_class class);
void dg1_lrc_init(void __iomem *state, enum dg1_engine_class class,
		  u32 mmio_base, const struct dg1_lrc_params *p);
u32 dg1_lrc_wa_init(void __iomem *wa, enum dg1_engine_class class,
		    u32 state_ggtt);
u64 dg1_lrc_descriptor(u32 lrca, u16 sw_id, enum dg1_engine_class class,
		       u16 instance);
void dg1_lrc_set_tail(void __iomem *state, u32 tail);
void dg1_lrc_set_head(void __iomem *state, u32 head);
u32 dg1_lrc_get_head(void __iomem *state);
u32 dg1_lrc_get_ctx_timestamp(void __iomem *state);
void dg1_lrc_clear_stop_ring(void __iomem *state);

#endif /* _DG1_LRC_H_ */
