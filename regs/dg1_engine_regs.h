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

/*
 * Ring and execlist registers, offsets from the engine base: Vol 13 General
 * Assets, the CSFE power and execlist context tables; bits i915
 * gt/intel_engine_regs.h (the manual gives few).
 */
#define RING_TAIL(base)			DG1_REG((base) + 0x30)
#define   TAIL_ADDR			REG_GENMASK(20, 3)
#define RING_HEAD(base)			DG1_REG((base) + 0x34)
#define   HEAD_ADDR			REG_GENMASK(20, 2)
#define RING_START(base)		DG1_REG((base) + 0x38)
#define RING_CTL(base)			DG1_REG((base) + 0x3c)
#define   RING_CTL_SIZE(size)		((size) - 4096)	/* pages - 1, 20:12 */
#define   RING_VALID			REG_BIT(0)
/*
 * How long the CS stays idle before its well may gate, in 1.28 us units
 * (i915 gt/intel_engine_regs.h; gen11_rc6_enable() sets 10).
 */
#define RING_MAX_IDLE(base)		DG1_REG((base) + 0x54)
/*
 * Where the CS is, for a hang report (i915 gt/intel_engine_regs.h,
 * i915_gpu_error.c): the address of the command it executes (ACTHD), the
 * first-level batch position (BBADDR), the last header it parsed (IPEHR)
 * and the parser's error identity (IPEIR). Read-only.
 */
#define RING_ACTHD_UDW(base)		DG1_REG((base) + 0x5c)
#define RING_IPEIR(base)		DG1_REG((base) + 0x64)
#define RING_IPEHR(base)		DG1_REG((base) + 0x68)
#define RING_ACTHD(base)		DG1_REG((base) + 0x74)
#define RING_BBADDR(base)		DG1_REG((base) + 0x140)
#define RING_BBADDR_UDW(base)		DG1_REG((base) + 0x168)
#define RING_HWS_PGA(base)		DG1_REG((base) + 0x80)
#define RING_HWSTAM(base)		DG1_REG((base) + 0x98)
#define RING_MI_MODE(base)		DG1_REG((base) + 0x9c, DG1_REG_OPTION_MASKED)
#define   STOP_RING			REG_BIT(8)
#define   MODE_IDLE			REG_BIT(9)
#define RING_EIR(base)			DG1_REG((base) + 0xb0)
#define RING_EMR(base)			DG1_REG((base) + 0xb4)
#define   EIR_INSTRUCTION_ERROR		REG_BIT(0)
#define RING_RESET_CTL(base)		DG1_REG((base) + 0xd0, DG1_REG_OPTION_MASKED)
#define   RESET_CTL_REQUEST_RESET	REG_BIT(0)
#define   RESET_CTL_READY_TO_RESET	REG_BIT(1)
#define RING_BB_STATE(base)		DG1_REG((base) + 0x110)
#define RING_CCID(base)			DG1_REG((base) + 0x180)
#define RING_CONTEXT_CONTROL(base)	DG1_REG((base) + 0x244, DG1_REG_OPTION_MASKED)
#define   CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT	REG_BIT(0)
#define   CTX_CTRL_RS_CTX_ENABLE	REG_BIT(1)
#define   CTX_CTRL_ENGINE_CTX_SAVE_INHIBIT	REG_BIT(2)
#define   CTX_CTRL_INHIBIT_SYN_CTX_SWITCH	REG_BIT(3)
/* OAR counts for this context (i915 gt/intel_engine_regs.h, Gen12). */
#define   CTX_CTRL_OAR_CONTEXT_ENABLE	REG_BIT(8)
#define RING_PDP_LDW(base, n)		DG1_REG((base) + 0x270 + (n) * 8)
#define RING_PDP_UDW(base, n)		DG1_REG((base) + 0x274 + (n) * 8)
#define RING_MODE(base)			DG1_REG((base) + 0x29c, DG1_REG_OPTION_MASKED)
#define   GFX_DISABLE_LEGACY_MODE	REG_BIT(3)
#define   GFX_PREFETCH_DISABLE		REG_BIT(10)
#define RING_EXECLIST_STATUS_LO(base)	DG1_REG((base) + 0x234)
#define RING_EXECLIST_STATUS_HI(base)	DG1_REG((base) + 0x238)
/* CSB copies: entries 0-5 from +0x370, 6-11 from +0x3C0 (two dwords each). */
static inline u32 ring_csb_mmio_offset(unsigned int i)
{
	return i < 6 ? 0x370 + i * 8 : 0x3c0 + (i - 6) * 8;
}

#define RING_CSB_MMIO_OFFSET(n)		ring_csb_mmio_offset(n)
#define RING_CSB_MMIO_LO(base, n)	DG1_REG((base) + RING_CSB_MMIO_OFFSET(n))
#define RING_CSB_MMIO_HI(base, n)	DG1_REG((base) + RING_CSB_MMIO_OFFSET(n) + 4)
#define RING_CONTEXT_STATUS_PTR(base)	DG1_REG((base) + 0x3a0, DG1_REG_OPTION_MASKED)
#define   CSB_READ_PTR			REG_GENMASK(11, 8)
#define   CSB_WRITE_PTR			REG_GENMASK(3, 0)
#define RING_CTX_TIMESTAMP(base)	DG1_REG((base) + 0x3a8)
#define RING_EXECLIST_SQ_CONTENTS_LO(base, n)	DG1_REG((base) + 0x510 + (n) * 8)
#define RING_EXECLIST_SQ_CONTENTS_HI(base, n)	DG1_REG((base) + 0x514 + (n) * 8)
#define RING_EXECLIST_CONTROL(base)	DG1_REG((base) + 0x550)
#define   EL_CTRL_LOAD			REG_BIT(0)
#define RING_GPR(base, n)		DG1_REG((base) + 0x600 + (n) * 8)
/* The CS's own command-buffer cache control (i915 RING_CMD_BUF_CCTL). */
#define RING_CMD_BUF_CCTL(base)		DG1_REG((base) + 0x84)
/* Render: bit 6 invalidates the instruction state cache (masked). */
#define CS_DEBUG_MODE2			DG1_REG(0x20d8, DG1_REG_OPTION_MASKED)
#define   INSTRUCTION_STATE_CACHE_INVALIDATE	REG_BIT(6)
/* Workaround batch pointers of the ring context (Vol 13, "Workaround Batch Buffers"). */
#define   PER_CTX_BB_VALID		REG_BIT(0)
#define   PER_CTX_BB_FORCE		REG_BIT(2)
/* The engine-context offset INDIRECT_CTX runs at, in cachelines << 6 (i915 gen12). */
#define   INDIRECT_CTX_OFFSET_DEFAULT	(0xd << 6)

/*
 * Default MOCS of the command streamer's own accesses, masked; bits 13:7
 * write, 6:0 read, each a MOCS index << 1 (i915 intel_engine_regs.h
 * RING_CMD_CCTL, CMD_CCTL_WRITE_OVERRIDE_MASK / _READ_OVERRIDE_MASK).
 */
#define RING_CMD_CCTL(base)		DG1_REG((base) + 0xc4, DG1_REG_OPTION_MASKED)
#define   CMD_CCTL_MOCS_MASK		REG_GENMASK(13, 0)
#define   CMD_CCTL_MOCS_OVERRIDE(w, r)	(((w) << 1) << 7 | ((r) << 1))
/* The "no operation" register a free whitelist slot points at. */
#define RING_NOPID(base)		DG1_REG((base) + 0x94)
/*
 * Registers a user batch may access (Vol 13 General Assets "User Mode
 * Privileged Commands"; i915 intel_engine_regs.h RING_FORCE_TO_NONPRIV):
 * the absolute offset, bits 29:28 access, bits 1:0 how many registers.
 */
#define RING_FORCE_TO_NONPRIV(base, i)	DG1_REG((base) + 0x4d0 + (i) * 4)
#define RING_MAX_NONPRIV_SLOTS		12
#define   NONPRIV_ACCESS_RW		REG_FIELD_PREP(GENMASK(29, 28), 0)
#define   NONPRIV_ACCESS_RD		REG_FIELD_PREP(GENMASK(29, 28), 1)
#define   NONPRIV_RANGE_1		0
#define   NONPRIV_RANGE_4		1
/* The copy engine's MOCS for commands without a MOCS field: dst 14:8, src 6:0. */
#define BLIT_CCTL(base)			DG1_REG((base) + 0x204)
#define   BLIT_CCTL_MOCS(dst, src)	(((dst) << 1) << 8 | ((src) << 1))

/*
 * Forcewake messages an engine has pending (i915 gt/intel_engine_regs.h
 * MSG_IDLE_*: bits 13:9, enabled by 29:25), answered in
 * PWRGT_DOMAIN_STATUS; one register per engine.
 */
#define MSG_IDLE_CS			DG1_REG(0x8000)
#define MSG_IDLE_VCS0			DG1_REG(0x8004)
#define MSG_IDLE_BCS			DG1_REG(0x800c)
#define MSG_IDLE_VECS0			DG1_REG(0x8010)
#define MSG_IDLE_VCS2			DG1_REG(0x80c0)
#define   MSG_IDLE_FW_MASK		REG_GENMASK(13, 9)
#define   MSG_IDLE_FW_SHIFT		9
#define PWRGT_DOMAIN_STATUS		DG1_REG(0xa2a0)

/* Engine reset domains of GDRST (i915 gt/intel_gt_regs.h, GEN11_GRDOM_*). */
#define GEN6_GDRST			DG1_REG(0x941c)
#define   GEN11_GRDOM_FULL		REG_BIT(0)
#define   GEN11_GRDOM_RENDER		REG_BIT(1)
#define   GEN11_GRDOM_BLT		REG_BIT(2)
#define   GEN11_GRDOM_MEDIA(n)		REG_BIT(5 + (n))
#define   GEN11_GRDOM_VECS(n)		REG_BIT(13 + (n))

#endif /* _DG1_ENGINE_REGS_H_ */
