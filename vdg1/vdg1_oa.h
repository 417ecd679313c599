/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_oa.h - the OA unit: OAG (the OA buffer, periodic and context-switch
 * reports, the global counters) and OAR (MI_REPORT_PERF_COUNT, counters
 * of the running render context), with the NOA, boolean and flexible-EU
 * configuration registers a metric set programs.
 *
 * Sources: HARDWARE.md section 10; Vol 13 General Assets, "Performance
 * Counting Register Interface", "Performance Counter Reporting", "Context
 * Switch Triggered Reports", "Aggregating Counters", "Custom Event
 * Counters"; the HSW OA chapter for OABUFFER's programming order and the
 * status bits; i915 i915_perf_oa_regs.h and i915_perf.c, xe xe_oa.c for
 * offsets and fields. What the model counts and how is in
 * Documentation/vdg1-oa.rst.
 *
 * vdg1_oa.c owns the registers, the buffer and the timer;
 * vdg1_oa_report.c the counters and the report layouts.
 */
#ifndef VDG1_OA_H
#define VDG1_OA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_event.h"

struct vdg1_core;
struct vdg1_gpu_vm;
struct vdg1_reg;

/* OAG registers (i915 i915_perf_oa_regs.h, GEN12_OAG_*). */
#define VDG1_OA_CONTROL		0xdaf4
#define   VDG1_OA_CONTROL_ENABLE	(1u << 0)
#define   VDG1_OA_CONTROL_FMT_SHIFT	2
#define VDG1_OA_DEBUG		0xdaf8
#define   VDG1_OA_DEBUG_NO_CTX_SWITCH	(1u << 1)
#define VDG1_OA_STATUS		0xdafc
#define   VDG1_OA_STATUS_REPORT_LOST	(1u << 0)
#define   VDG1_OA_STATUS_BUFFER_OVERFLOW (1u << 1)
#define   VDG1_OA_STATUS_COUNTER_OVERFLOW (1u << 2)
#define VDG1_OA_HEAD		0xdb00
#define VDG1_OA_TAIL		0xdb04
#define   VDG1_OA_PTR_MASK		0xffffffc0u
#define VDG1_OA_BUFFER		0xdb08
#define   VDG1_OA_BUFFER_GGTT		(1u << 0)
#define   VDG1_OA_BUFFER_SIZE_SHIFT	3
/*
 * OA_IMR: bit 28 masks the half-full interrupt (Vol 13 General Assets, "OA
 * Interrupt Control Registers"); the offset from the intel-gfx series
 * "drm/i915: handle interrupts from the OA unit" (GEN12_OA_IMR).
 */
#define VDG1_OA_IMR		0xdb14
#define   VDG1_OA_IMR_HALF_FULL		(1u << 28)
#define VDG1_OA_GLBCTXCTRL	0x2b28
#define   VDG1_OA_GLB_RESUME		(1u << 0)
#define   VDG1_OA_GLB_TIMER		(1u << 1)
#define   VDG1_OA_GLB_EXP_SHIFT		2
#define VDG1_OA_PESS		0x2b2c
/* OAR and the per-context control (render domain). */
#define VDG1_OA_CTXCONTROL	0x2360
#define VDG1_OA_CTXID		0x2364
#define VDG1_OAR_CONTROL	0x2960
#define VDG1_OAR_STATUS		0x2968
#define VDG1_OA_CTX_CONTROL_MSG	0x2aa0
/* NOA, boolean and flex configuration. */
#define VDG1_RPM_CONFIG1	0x0d04
#define   VDG1_RPM_CONFIG1_NOA_ENABLE	(1u << 9)
#define VDG1_NOA_CONFIG0	0x0d0c
#define VDG1_WAIT_FOR_RC6_EXIT	0x20cc
#define VDG1_SQCNT1		0x8718
#define VDG1_GDT_CHICKEN_BITS	0x9840
#define VDG1_NOA_WRITE_HIGH	0x9884
#define VDG1_NOA_WRITE		0x9888
#define VDG1_OASTARTTRIG1	0xd900
#define VDG1_OAREPORTTRIG1	0xd920
#define VDG1_CEC0_0		0xd940
#define VDG1_SCEC0_0		0xdc00
#define VDG1_OAG_SPCTR_CNF	0xdc40
#define VDG1_OAA_DBG_REG	0xdc44

/* Report formats (OACONTROL 4:2): HARDWARE.md 10.4. */
#define VDG1_OA_FMT_A12		0
#define VDG1_OA_FMT_A12_B8_C8	2
#define VDG1_OA_FMT_A32u40_A4u32_B8_C8	5
#define VDG1_OA_FMT_C4_B8	7
/* Report reasons, DW0 25:19 (Vol 13 "Performance Counter Reporting"). */
#define VDG1_OA_REASON_SHIFT	19
#define VDG1_OA_REASON_TIMER	(1u << 0)
#define VDG1_OA_REASON_CTX_SWITCH (1u << 3)

/* The fault record's engine field for the OA unit's own writes (model's). */
#define VDG1_OA_FAULT_ID	0x10

#define VDG1_OA_A		36
#define VDG1_OA_BC		8

/*
 * A set of counters: OAG's or OAR's. Values are kept wide; reports
 * truncate to the format's width. They advance over GPU ticks while
 * @counting; @last_ticks is where they were last brought up to date.
 */
struct vdg1_oa_bank {
	uint64_t a[VDG1_OA_A];
	uint64_t b[VDG1_OA_BC];
	uint64_t c[VDG1_OA_BC];
	uint64_t last_ticks;
	bool counting;
};

struct vdg1_oa {
	struct vdg1_core *core;
	uint32_t control, debug, status, imr;
	/* The buffer was below half full since the last half-full event. */
	bool half_armed;
	uint32_t head, tail, buffer;
	uint32_t glbctxctrl;
	uint32_t ctxcontrol, oar_control;
	/* OA buffer programming order: HEAD, OABUFFER, TAIL. */
	unsigned int setup;
	/* RCS0: a context is loaded, and its SW context ID (report DW2). */
	bool rcs_active;
	uint32_t ctx_id;
	/* Engines busy (bit = enum vdg1_engine_id). */
	uint32_t busy;
	struct vdg1_oa_bank oag, oar;
	/* Periodic reports: the timestamp the next one is due at. */
	uint64_t next_ts;
	struct vdg1_event timer;
};

void vdg1_oa_init(struct vdg1_core *core);
void vdg1_oa_reset(struct vdg1_core *core);
void vdg1_oa_fini(struct vdg1_core *core);

/* The engine model's hooks. */
void vdg1_oa_engine_busy(struct vdg1_core *core, unsigned int engine,
			 bool busy);
/*
 * RCS0 loaded the context of descriptor @desc (a load or a switch), or
 * went idle (@desc 0): a context-switch report on a load.
 */
void vdg1_oa_rcs_context(struct vdg1_core *core, uint64_t desc);
/* A command executed on @engine; @blit_units 4 KiB units a blit touched. */
void vdg1_oa_command(struct vdg1_core *core, unsigned int engine,
		     uint32_t blit_units);
/*
 * MI_REPORT_PERF_COUNT: an OAR report tagged @report_id at @addr of @vm.
 * Returns what vdg1_mmu_write() returns.
 */
int vdg1_oa_mi_rpc(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		   uint64_t addr, uint32_t report_id);

/* Counters-page state. */
uint32_t vdg1_oa_state_enabled(const struct vdg1_core *core);

/* vdg1_oa_report.c: counters and layouts. */
uint64_t vdg1_oa_gpu_ticks(const struct vdg1_core *core);
/* Bring @bank up to GPU tick @ticks; true if a counter wrapped. */
bool vdg1_oa_bank_advance(struct vdg1_core *core, struct vdg1_oa_bank *bank,
			  uint64_t ticks, uint32_t busy_mask);
/* Bytes of a report in format @fmt, 0 for formats DG1 does not have. */
unsigned int vdg1_oa_report_size(unsigned int fmt);
/* Lay out a report of @fmt from @bank with the header dwords @hdr. */
void vdg1_oa_report_build(const struct vdg1_oa_bank *bank, unsigned int fmt,
			  const uint32_t hdr[4], uint32_t *out);

extern const struct vdg1_reg vdg1_oa_regs[];
extern const size_t vdg1_oa_regs_count;

#endif /* VDG1_OA_H */
