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
#define DG1_LRC_TIMESTAMP		0x23
#define DG1_LRC_PDP0_UDW		0x31
#define DG1_LRC_PDP0_LDW		0x33
#define DG1_LRC_GPR0			0x74

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
		  u32 mmio_base, u32 ring_ggtt, u32 ring_size, u64 pml4,
		  bool restore);
u64 dg1_lrc_descriptor(u32 lrca, u16 sw_id, enum dg1_engine_class class,
		       u16 instance);
void dg1_lrc_set_tail(void __iomem *state, u32 tail);
void dg1_lrc_set_head(void __iomem *state, u32 head);
u32 dg1_lrc_get_head(void __iomem *state);
u32 dg1_lrc_get_ctx_timestamp(void __iomem *state);

#endif /* _DG1_LRC_H_ */
