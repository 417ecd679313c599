/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_RING_H_
#define _DG1_RING_H_

#include <linux/types.h>

#include "gt/dg1_engine_info_types.h"

/* Dwords one request takes at most (dg1_ring_emit_request()). */
#define DG1_RING_REQUEST_DWORDS		24

/*
 * The per-process status page's byte the start-of-request invalidation
 * writes its post-sync dword to (i915 LRC_PPHWSP_SCRATCH_ADDR, DW 0x34:
 * software's part of the page, below the seqno).
 */
#define DG1_RING_SCRATCH_INDEX		0xd0

/* Dwords dg1_ring_emit_oar() takes. */
#define DG1_RING_OAR_DWORDS		8

unsigned int dg1_ring_emit_oar(u32 *cs, u32 mmio_base, bool enable);
unsigned int dg1_ring_emit_request(u32 *cs, enum dg1_engine_class class,
				   u64 batch, u32 seqno_addr, u32 seqno);
unsigned int dg1_ring_emit_breadcrumb(u32 *cs, enum dg1_engine_class class,
				      u32 seqno_addr, u32 seqno);

#endif /* _DG1_RING_H_ */
