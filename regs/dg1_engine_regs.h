/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-engine registers, as offsets from an engine's MMIO base
 * (i915 intel_engine_regs.h), and the bases of the engines DG1 can have.
 */
#ifndef _DG1_ENGINE_REGS_H_
#define _DG1_ENGINE_REGS_H_

#include "regs/dg1_reg_defs.h"

/*
 * Engine bases: Vol 13 General Assets, "Register Access and User Mode
 * Privileges" (MMIO base offsets of the command streamers)
 */
#define DG1_RCS0_BASE			0x002000
#define DG1_BCS0_BASE			0x022000
#define DG1_VCS0_BASE			0x1c0000
#define DG1_VCS2_BASE			0x1d0000
#define DG1_VECS0_BASE			0x1c8000

/*
 * CS timestamp, 36 bits on gen12 split over two registers (Vol 13, "Read
 * Only Whitelist" lists RCS 0x2358; i915 intel_engine_regs.h RING_TIMESTAMP
 * and _UDW; xe xe_query.c reports a width of 36 below graphics 20).
 */
#define RING_TIMESTAMP(base)		DG1_REG((base) + 0x358)
#define RING_TIMESTAMP_UDW(base)	DG1_REG((base) + 0x35c)
#define   RING_TIMESTAMP_WIDTH		36

/* Media clock gating of a video decode box (i915 intel_engine_regs.h) */
#define VDBOX_CGCTL3F10(base)		DG1_REG((base) + 0x3f10)
#define   IECPUNIT_CLKGATE_DIS		REG_BIT(22)

#endif /* _DG1_ENGINE_REGS_H_ */
