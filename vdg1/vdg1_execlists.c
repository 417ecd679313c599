// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_execlists.c - execlist submission, context switches, the context
 * status buffer and engine reset (Vol 13 General Assets, "Execlists",
 * "Context Descriptor", "Context Status", "Logical Ring Context";
 * HARDWARE.md sections 5 and 6; where the manual is silent, what i915
 * gt/intel_execlists_submission.c and gt/intel_reset.c expect).
 *
 * Submission: the driver writes the submit queue (ELSQ, two ports used)
 * and EXECLIST_CONTROL.LOAD; a little later (VDG1_EL_LOAD_NS) the engine
 * takes the load. Idle: port 0's context is restored (row 1 of the
 * manual's context-status table). Running the same context: a lite
 * restore, only the tail moves (row 7). Running another one: a
 * preemption, taken at the next arbitration point (row 5) or when the
 * running context completes (row 4). A context completes when its head
 * reaches its tail and its image is saved (at once, or after the counters
 * page's el_save_delay_ns): the next port runs (row 8) or the engine goes
 * idle (row 10). Each event is a CSB entry in the status page (HWS_PGA)
 * and its MMIO copy, then the write pointer, then the context-switch
 * interrupt.
 *
 * Context images (at the descriptor's LRCA, register state 4 KiB on):
 * restored are RING_HEAD/TAIL/START/CTL, CONTEXT_CONTROL, PDP0 (the PML4),
 * CTX_TIMESTAMP and, unless ENGINE_CTX_RESTORE_INHIBIT, the GPRs, the
 * predicate registers and the batch position; saved on a switch-out, one
 * dword each, are the head, CONTEXT_CONTROL (the inhibit cleared),
 * CTX_TIMESTAMP, the GPRs, the predicates and the batch position: never
 * the ring's tail, start or control, which software may be rewriting at
 * that moment. The batch position (levels, addresses) goes to BB_ADDR,
 * BB_STATE and the BB stack slots of the engine context (0x52-0x5D).
 * A restore-inhibited load leaves the engine state as the previous
 * context left it, as hardware does (Vol 13 "Logical Ring Context": the
 * inhibit skips the engine context's restore): a driver that starts every
 * context inhibited lets the next client read the last one's GPRs.
 *
 * Rule breaks are protocol violations: LOAD without execlists enabled
 * (RING_MODE bit 3), an ELSQ write while a load is pending, a descriptor
 * that is not valid, legacy 64-bit, with an LRCA the GGTT maps, and
 * resubmitting the running context's tail without FORCE_RESTORE.
 *
 * A command streamer error (EIR bit 0, master error interrupt unless
 * EMR masks it) or a page fault halts the engine until it is reset:
 * RING_RESET_CTL REQUEST_RESET answers READY_TO_RESET once the engine is
 * stopped (MI_MODE STOP_RING, idle or halted), and a GDRST engine bit
 * drops its contexts without saving and clears itself shortly after
 * (never, while the counters page's gdrst_stuck holds it: a failed reset).
 * While a context is on it, an engine keeps its power domain awake.
 * The OA unit hears of engines starting and stopping and of each RCS0
 * context load (its context-switch reports, vdg1_oa.h).
 */
#include <string.h>

#include "vdg1_state.h"
#include "vdg1_engine_regs.h"
#include "vdg1_counters_sink.h"
#include "vdg1_execlists.h"
#include "vdg1_freq.h"
#include "vdg1_fw.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_oa.h"
#include "vdg1_power.h"
#include "vdg1_regdefs.h"
#include "vdg1_regs.h"

/* Descriptor (i915 gt/intel_lrc.h). */
#define DESC_VALID		(1ull << 0)
#define DESC_FORCE_RESTORE	(1ull << 2)
#define DESC_PRIVILEGE		(1ull << 8)
#define DESC_MODE(d)		(((d) >> 3) & 3)
#define DESC_LEGACY_64B		3
#define DESC_LRCA(d)		((uint32_t)(d) & 0xfffff000u)
#define DESC_SW_ID(d)		((uint32_t)((d) >> 37) & 0x7ff)
#define IDLE_ID			0x7ff

/* Register-state dwords (Vol 13 "Logical Ring Context"; i915 names). */
#define LRC_STATE		4096
#define LRC_DWORDS		0xb6	/* through IPEHR */
#define CTX_CONTROL		0x03
#define CTX_HEAD		0x05
#define CTX_TAIL		0x07
#define CTX_START		0x09
#define CTX_CTL			0x0b
#define CTX_BB_UDW		0x0d
#define CTX_BB_ADDR		0x0f
#define CTX_BB_STATE		0x11
#define CTX_BB_PER_CTX_PTR	0x13
#define   PER_CTX_BB_VALID	(1u << 0)
#define CTX_INDIRECT_CTX	0x15	/* GGTT address | size in cachelines */
#define CTX_TIMESTAMP		0x23
#define CTX_PDP0_UDW		0x31
#define CTX_PDP0_LDW		0x33
#define CTX_BB_STACK		0x53	/* second level: addr lo, hi, state */
#define CTX_PRED_RESULT_1	0x73	/* MI_PREDICATE_RESULT_1's value */
#define CTX_GPR0		0x75	/* value slot of GPR0's low dword */
#define CTX_IPEHR		0xb5
/*
 * Where the model keeps MI_PREDICATE_SRC0/SRC1 (lo, hi) and
 * MI_PREDICATE_RESULT: the manual does not place them in the image, which
 * software copies whole, so any dwords of the first state page do.
 */
#define CTX_PRED_MODEL		0x3f0
#define CTX_PRED_DWORDS		5
#define RESTORE_INHIBIT		(1u << 0)
#define BB_PPGTT		(1u << 5)
#define BB_DEPTH_SHIFT		8	/* model's: nesting level in BB_STATE */

/* Registers (offsets from the engine base; HARDWARE.md 5.2). */
#define R_HEAD			0x034
#define R_START			0x038
#define R_CTL			0x03c
#define R_HWS_PGA		0x080
#define R_HWSTAM		0x098
#define R_MI_MODE		0x09c
#define   STOP_RING		(1u << 8)
#define   MODE_IDLE		(1u << 9)
#define R_EIR			0x0b0
#define R_EMR			0x0b4
#define R_ESR			0x0b8
#define   EIR_INSTRUCTION	(1u << 0)
#define R_RESET_CTL		0x0d0
#define   REQUEST_RESET		(1u << 0)
#define   READY_TO_RESET	(1u << 1)
#define R_BB_STATE		0x110
#define R_CCID			0x180
#define R_EL_STATUS_LO		0x234
#define R_EL_STATUS_HI		0x238
#define R_CTX_CONTROL		0x244
#define R_RING_MODE		0x29c
#define   DISABLE_LEGACY_MODE	(1u << 3)
#define R_CSB0			0x370
#define R_CMD_CCTL		0x0c4
#define R_NONPRIV		0x4d0	/* 12 FORCE_TO_NONPRIV slots */
#define R_CSB_PTR		0x3a0
#define R_CTX_TIMESTAMP		0x3a8
#define R_CSB6			0x3c0
#define R_SQ			0x510
#define R_CONTROL		0x550
#define   EL_LOAD		(1u << 0)
#define GDRST			0x941c

static const struct {
	unsigned int domain;
	uint32_t gdrst;		/* i915 gt/intel_gt_regs.h GEN11_GRDOM_* */
} engine_hw[VDG1_ENGINE_COUNT] = {
	[VDG1_ENGINE_RCS0] = { VDG1_FW_RENDER, 1u << 1 },
	[VDG1_ENGINE_BCS0] = { VDG1_FW_GT, 1u << 2 },
	[VDG1_ENGINE_VCS0] = { VDG1_FW_VDBOX0, 1u << 5 },
	[VDG1_ENGINE_VCS2] = { VDG1_FW_VDBOX2, 1u << 7 },
	[VDG1_ENGINE_VECS0] = { VDG1_FW_VEBOX0, 1u << 13 },
};

static struct vdg1_engine *engine_at(struct vdg1_core *core, uint32_t offset)
{
	unsigned int i;

	for (i = 0; i < VDG1_ENGINE_COUNT; i++) {
		struct vdg1_engine *e = &core->engines.e[i];

		if (offset - e->base < 0x1000)
			return e;
	}
	return NULL;	/* not reached: the table only has engine offsets */
}

static uint32_t rel(const struct vdg1_engine *e, uint32_t offset)
{
	return offset - e->base;
}

static uint32_t *mmio(struct vdg1_engine *e, uint32_t r)
{
	return &e->core->mmio[(e->base + r) / 4];
}

static struct vdg1_gpu_vm ggtt_vm(const struct vdg1_engine *e)
{
	return (struct vdg1_gpu_vm){ .ggtt = true, .engine_id = e->id };
}

/*
 * A command's time: cs-ns-per-command at RP0, longer as the granted
 * frequency is lower (vdg1_freq.h).
 */
static uint32_t cs_ns(const struct vdg1_engine *e)
{
	uint64_t ns = e->core->cfg.cs_ns_per_command *
		      (uint64_t)VDG1_FREQ_RP0_UNITS / vdg1_freq_granted(e->core);

	return ns ? (uint32_t)ns : 1;
}

/* ---- power ---- */

static void set_busy(struct vdg1_engine *e, bool busy)
{
	if (busy == e->busy)
		return;
	e->busy = busy;
	vdg1_oa_engine_busy(e->core, e->id, busy);
	vdg1_power_engine_busy(e->core, e->id, busy);
	if (busy)
		vdg1_fw_busy_get(e->core, (enum vdg1_fw_domain)e->domain);
	else
		vdg1_fw_busy_put(e->core, (enum vdg1_fw_domain)e->domain);
}

/* ---- context images ---- */

static int image_read(struct vdg1_engine *e, uint32_t lrca, uint32_t *regs)
{
	struct vdg1_gpu_vm vm = ggtt_vm(e);

	return vdg1_mmu_read(e->core, &vm, lrca + LRC_STATE, regs,
			     LRC_DWORDS * 4);
}

static int image_read_pred(struct vdg1_engine *e, uint32_t lrca,
			   uint32_t *pred)
{
	struct vdg1_gpu_vm vm = ggtt_vm(e);

	return vdg1_mmu_read(e->core, &vm, lrca + LRC_STATE + 4 * CTX_PRED_MODEL,
			     pred, CTX_PRED_DWORDS * 4);
}

/* One dword of the register state; false if the image is unwritable. */
static bool image_put(struct vdg1_engine *e, uint32_t lrca, unsigned int dw,
		      uint32_t val)
{
	struct vdg1_gpu_vm vm = ggtt_vm(e);

	return !vdg1_mmu_write(e->core, &vm, lrca + LRC_STATE + 4 * dw,
			       &val, 4);
}

static uint64_t now_ns(struct vdg1_engine *e)
{
	return e->core->events.clock;
}

/* Load the context of @desc into the CS; false if its image is unreadable. */
static bool restore(struct vdg1_engine *e, uint64_t desc)
{
	struct vdg1_cs *cs = &e->cs;
	uint32_t r[LRC_DWORDS], pred[CTX_PRED_DWORDS];
	bool inhibit;
	unsigned int i, depth;

	if (image_read(e, DESC_LRCA(desc), r))
		return false;
	inhibit = r[CTX_CONTROL] & RESTORE_INHIBIT;
	if (!inhibit && image_read_pred(e, DESC_LRCA(desc), pred))
		return false;
	cs->lrca = DESC_LRCA(desc);
	cs->ring_start = r[CTX_START] & 0xfffff000u;
	cs->ring_size = ((r[CTX_CTL] >> 12 & 0x1ff) + 1) * 4096;
	cs->head = r[CTX_HEAD] & 0x1ffffc;
	cs->tail = r[CTX_TAIL] & 0x1ffff8;
	cs->ppgtt = (struct vdg1_gpu_vm){
		.ggtt = false,
		.pml4 = (uint64_t)r[CTX_PDP0_UDW] << 32 |
			(r[CTX_PDP0_LDW] & 0xfffff000u),
		.engine_id = e->id,
	};
	cs->arb_enabled = true;
	cs->ring_privileged = desc & DESC_PRIVILEGE;
	cs->depth = 0;
	cs->preempt_pending = false;
	*mmio(e, R_CTX_CONTROL) = r[CTX_CONTROL] & 0xffff;
	/* Inhibited: the GPRs and predicates stay as the last context left them. */
	if (!inhibit) {
		for (i = 0; i < VDG1_CS_GPRS; i++)
			cs->gpr[i] = r[CTX_GPR0 + 4 * i] |
				     (uint64_t)r[CTX_GPR0 + 4 * i + 2] << 32;
		cs->predicate_result_1 = r[CTX_PRED_RESULT_1];
		cs->ipehr = r[CTX_IPEHR];
		cs->predicate_src0 = pred[0] | (uint64_t)pred[1] << 32;
		cs->predicate_src1 = pred[2] | (uint64_t)pred[3] << 32;
		cs->predicate_result = pred[4];
		depth = r[CTX_BB_STATE] >> BB_DEPTH_SHIFT & 3;
		if (depth >= 1 && depth < VDG1_CS_LEVELS) {
			cs->depth = depth;
			cs->bb_addr[1] = (uint64_t)r[CTX_BB_UDW] << 32 |
					 r[CTX_BB_ADDR];
			cs->bb_ppgtt[1] = r[CTX_BB_STATE] & BB_PPGTT;
			cs->bb_addr[2] = (uint64_t)r[CTX_BB_STACK + 2] << 32 |
					 r[CTX_BB_STACK];
			cs->bb_ppgtt[2] = r[CTX_BB_STACK + 4] & BB_PPGTT;
		}
	}
	/*
	 * The workaround batches (Vol 13 "Workaround Batch Buffers"):
	 * INDIRECT_CTX runs within the engine context's restore, so not
	 * when that is inhibited; BB_PER_CTX_PTR at the end of any restore.
	 */
	vdg1_cs_set_wa_batches(cs, inhibit ? 0 : r[CTX_INDIRECT_CTX] & ~0x3fu,
			       inhibit ? 0 : (r[CTX_INDIRECT_CTX] & 0x3f) * 64,
			       r[CTX_BB_PER_CTX_PTR] & PER_CTX_BB_VALID ?
			       r[CTX_BB_PER_CTX_PTR] & ~0xfffu : 0);
	e->ctx_ts_base = r[CTX_TIMESTAMP];
	e->ctx_start_ns = now_ns(e);
	return true;
}

/*
 * Write the running context's state back into its image: the registers the
 * engine owns, one dword each. The ring's tail, start and control are
 * software's: i915 and xe write a new tail into the image of a context the
 * engine may be switching out at that very moment (a lite restore racing a
 * completion), and that tail must survive the save, or the next load
 * restores the old one and the new requests never run.
 */
static void save(struct vdg1_engine *e)
{
	struct vdg1_cs *cs = &e->cs;
	struct {
		unsigned int dw;
		uint32_t val;
	} put[12 + CTX_PRED_DWORDS + 2 * VDG1_CS_GPRS];
	unsigned int i, n = 0;
	uint32_t ticks;

	ticks = (uint32_t)(vdg1_timestamp_ticks(now_ns(e)) -
			   vdg1_timestamp_ticks(e->ctx_start_ns));
#define PUT(d, v)	do { put[n].dw = (d); put[n].val = (v); n++; } while (0)
	/* Saved now: the next restore restores everything. */
	PUT(CTX_CONTROL, (RESTORE_INHIBIT << 16) |
			 (*mmio(e, R_CTX_CONTROL) & ~RESTORE_INHIBIT & 0xffff));
	PUT(CTX_HEAD, cs->head);
	PUT(CTX_TIMESTAMP, e->ctx_ts_base + ticks);
	for (i = 0; i < VDG1_CS_GPRS; i++) {
		PUT(CTX_GPR0 + 4 * i, (uint32_t)cs->gpr[i]);
		PUT(CTX_GPR0 + 4 * i + 2, (uint32_t)(cs->gpr[i] >> 32));
	}
	PUT(CTX_BB_STATE, (cs->depth && cs->bb_ppgtt[1] ? BB_PPGTT : 0) |
			  cs->depth << BB_DEPTH_SHIFT);
	PUT(CTX_BB_ADDR, (uint32_t)cs->bb_addr[1]);
	PUT(CTX_BB_UDW, (uint32_t)(cs->bb_addr[1] >> 32));
	PUT(CTX_BB_STACK, (uint32_t)cs->bb_addr[2]);
	PUT(CTX_BB_STACK + 2, (uint32_t)(cs->bb_addr[2] >> 32));
	PUT(CTX_BB_STACK + 4, cs->bb_ppgtt[2] ? BB_PPGTT : 0);
	PUT(CTX_PRED_RESULT_1, cs->predicate_result_1);
	PUT(CTX_IPEHR, cs->ipehr);
	PUT(CTX_PRED_MODEL, (uint32_t)cs->predicate_src0);
	PUT(CTX_PRED_MODEL + 1, (uint32_t)(cs->predicate_src0 >> 32));
	PUT(CTX_PRED_MODEL + 2, (uint32_t)cs->predicate_src1);
	PUT(CTX_PRED_MODEL + 3, (uint32_t)(cs->predicate_src1 >> 32));
	PUT(CTX_PRED_MODEL + 4, cs->predicate_result);
#undef PUT
	/* An image that cannot be written stops the save at its first dword. */
	for (i = 0; i < n && image_put(e, cs->lrca, put[i].dw, put[i].val); i++)
		;
}

/* ---- the context status buffer ---- */

/* One CSB event of the manual's @row; @to/@away are descriptors or 0 (idle). */
static void csb_event(struct vdg1_engine *e, unsigned int row, bool new_queue,
		      uint64_t away, uint64_t to, unsigned int detail)
{
	struct vdg1_core *core = e->core;
	struct vdg1_gpu_vm vm = ggtt_vm(e);
	uint32_t lo, hi, ptr, hwsp = e->hws_pga & 0xfffff000u;
	uint64_t entry;

	lo = (new_queue ? 1u : 0) | vdg1_engine_hw_class(e->id) << 3 |
	     vdg1_engine_instance(e->id) << 6 |
	     (to ? DESC_SW_ID(to) : IDLE_ID) << 15;
	hi = detail | (away ? DESC_SW_ID(away) : IDLE_ID) << 15;
	entry = (uint64_t)hi << 32 | lo;
	e->csb_write = (e->csb_write + 1) % VDG1_CSB_ENTRIES;
	e->csb[e->csb_write] = entry;
	/* The entry, then the pointer (i915 reads them in that order). */
	vdg1_mmu_write(core, &vm, hwsp + 4 * (VDG1_HWSP_CSB_DW +
					      2 * e->csb_write), &entry, 8);
	ptr = e->csb_write;
	vdg1_mmu_write(core, &vm, hwsp + 4 * VDG1_HWSP_CSB_PTR_DW, &ptr, 4);
	core->cnt.engine_csb_entries[e->id]++;
	core->cnt.csb_events[row < VDG1_CSB_ROWS ? row : 0]++;
	vdg1_irq_engine(core, e->id, VDG1_IRQ_CONTEXT_SWITCH);
}

/* ---- running ---- */

static bool stopped(const struct vdg1_engine *e)
{
	return !e->active || e->hung || e->mi_mode & STOP_RING;
}

static void arm_run(struct vdg1_engine *e, uint64_t at)
{
	if (!stopped(e))
		vdg1_event_arm(&e->core->events, &e->run_ev, at);
}

/* Make the ports of the staged load the running list, @port 0 first. */
static bool switch_in(struct vdg1_engine *e, uint64_t when)
{
	e->port[0] = e->load[0];
	e->port[1] = e->load[1];
	e->cur = 0;
	e->staged = false;
	e->load_pending = false;
	e->saving = false;
	if (!restore(e, e->port[0])) {
		/* Unreadable image: the engine halts, as on a fault. */
		e->hung = true;
		return false;
	}
	e->active = true;
	set_busy(e, true);
	if (e->id == VDG1_ENGINE_RCS0)
		vdg1_oa_rcs_context(e->core, e->port[0]);
	arm_run(e, when + cs_ns(e));
	return true;
}

static void go_idle(struct vdg1_engine *e, uint64_t away)
{
	e->active = false;
	csb_event(e, 10, false, away, 0, 0);
	set_busy(e, false);
	if (e->id == VDG1_ENGINE_RCS0)
		vdg1_oa_rcs_context(e->core, 0);
	e->cs.lrca = 0;
}

/* The running context's head reached its tail. */
static void complete(struct vdg1_engine *e, uint64_t when)
{
	uint64_t away = e->port[e->cur];

	save(e);
	if (e->staged) {
		/* A new queue waited for a switch point: this is one. */
		if (switch_in(e, when))
			csb_event(e, 4, true, away, e->port[0], 0);
		return;
	}
	if (e->cur == 0 && e->port[1] & DESC_VALID) {
		e->cur = 1;
		if (!restore(e, e->port[1])) {
			e->hung = true;
			return;
		}
		csb_event(e, 8, false, away, e->port[1], 0);
		if (e->id == VDG1_ENGINE_RCS0)
			vdg1_oa_rcs_context(e->core, e->port[1]);
		arm_run(e, when + cs_ns(e));
		return;
	}
	go_idle(e, away);
}

/* At an arbitration point with a new queue staged: preempt. */
static void preempt(struct vdg1_engine *e, uint64_t when)
{
	uint64_t away = e->port[e->cur];

	save(e);
	e->core->cnt.preemptions++;
	if (switch_in(e, when))
		csb_event(e, 5, true, away, e->port[0], 5);
}

static void halt(struct vdg1_engine *e, bool error)
{
	e->hung = true;
	if (!error)
		return;
	e->eir |= EIR_INSTRUCTION;
	if (!(e->emr & EIR_INSTRUCTION))
		vdg1_irq_engine(e->core, e->id, VDG1_IRQ_MASTER_ERROR);
}

/* Engines with a context to run, this one included. */
static uint64_t running_engines(const struct vdg1_core *core)
{
	uint64_t n = 0;
	unsigned int i;

	for (i = 0; i < VDG1_ENGINE_COUNT; i++)
		n += !stopped(&core->engines.e[i]);
	return n ? n : 1;
}

/*
 * When the engine may run again: after its commands' time, and never
 * sooner than VDG1_EL_PACE times what running them cost the host for
 * every engine running, so that busy engines together leave the guest's
 * CPUs (which share the host and its big lock with the model) at least
 * (VDG1_EL_PACE - 1) / VDG1_EL_PACE of the time: paced one by one, five
 * endless batches took the whole of it and the guest ran at a tenth of
 * its speed. On the host tests' clock execution costs nothing.
 */
static uint64_t pace(struct vdg1_engine *e, uint64_t t0, uint64_t next)
{
	uint64_t t1 = vdg1_host_now(&e->core->host), min;

	if (t1 <= t0)
		return next;
	min = t1 + (VDG1_EL_PACE * running_engines(e->core) - 1) * (t1 - t0);
	return next > min ? next : min;
}

static void run_fn(void *opaque, uint64_t when)
{
	struct vdg1_engine *e = opaque;
	uint32_t budget = VDG1_EL_BUDGET, spent;
	uint64_t t0 = vdg1_host_now(&e->core->host);
	enum vdg1_cs_stop st;

	if (stopped(e))
		return;
	if (e->arb_stop) {
		e->arb_stop = false;
		preempt(e, when);
		return;
	}
	st = vdg1_cs_run(&e->cs, &budget);
	spent = VDG1_EL_BUDGET - budget;
	if (st != VDG1_CS_EMPTY || spent)
		e->saving = false;
	switch (st) {
	case VDG1_CS_BUDGET:
		arm_run(e, pace(e, t0, when + (uint64_t)spent * cs_ns(e)));
		break;
	case VDG1_CS_WAIT:
		arm_run(e, pace(e, t0, when + (uint64_t)spent * cs_ns(e) +
				VDG1_EL_POLL_NS));
		break;
	case VDG1_CS_EMPTY:
		/*
		 * Done once the commands' time has passed, and the save's
		 * (a lite restore meanwhile gives the ring new commands).
		 */
		if (spent) {
			arm_run(e, pace(e, t0, when + (uint64_t)spent * cs_ns(e)));
		} else if (e->core->engines.save_delay_ns && !e->saving) {
			e->saving = true;
			arm_run(e, when + e->core->engines.save_delay_ns);
		} else {
			e->saving = false;
			complete(e, when);
		}
		break;
	case VDG1_CS_ARB:
		e->arb_stop = true;
		arm_run(e, pace(e, t0, when + (uint64_t)(spent ? spent : 1) *
				cs_ns(e)));
		break;
	case VDG1_CS_ERROR:
		halt(e, true);
		break;
	case VDG1_CS_FAULT:
		halt(e, false);
		break;
	}
}

/* ---- submission ---- */

static bool desc_ok(struct vdg1_engine *e, uint64_t desc)
{
	struct vdg1_gpu_vm vm = ggtt_vm(e);
	uint32_t probe;

	if (!(desc & DESC_VALID) || DESC_MODE(desc) != DESC_LEGACY_64B ||
	    !DESC_LRCA(desc) || DESC_SW_ID(desc) == IDLE_ID)
		return false;
	return !vdg1_mmu_read(e->core, &vm, DESC_LRCA(desc) + LRC_STATE,
			      &probe, 4);
}

/* The engine takes the load written to EXECLIST_CONTROL. */
static void load_fn(void *opaque, uint64_t when)
{
	struct vdg1_engine *e = opaque;
	uint64_t running = e->active ? e->port[e->cur] : 0;
	uint32_t r[LRC_DWORDS];

	if (!e->active) {
		if (switch_in(e, when))
			csb_event(e, 1, true, 0, e->port[0], 0);
		return;
	}
	if (DESC_LRCA(e->load[0]) != DESC_LRCA(running)) {
		/* Another context: at the next arbitration point. */
		e->staged = true;
		e->cs.preempt_pending = true;
		return;
	}
	/* The running context again: a lite restore, the new tail. */
	if (image_read(e, e->cs.lrca, r)) {
		halt(e, false);
		return;
	}
	if ((r[CTX_TAIL] & 0x1ffff8) == e->cs.tail &&
	    !(e->load[0] & DESC_FORCE_RESTORE))
		vdg1_counters_protocol_violation(e->core, VDG1_PV_SAME_TAIL,
			"running context resubmitted with its tail, no FORCE_RESTORE");
	e->cs.tail = r[CTX_TAIL] & 0x1ffff8;
	e->port[0] = e->load[0];
	e->port[1] = e->load[1];
	e->cur = 0;
	e->load_pending = false;
	csb_event(e, 7, true, running, e->port[0], 0);
	/* Idle, or saving an empty ring: the new commands run now. */
	if (!vdg1_event_armed(&e->run_ev) || e->saving)
		arm_run(e, when + cs_ns(e));
}

static void control_write(struct vdg1_core *core, uint32_t offset,
			  uint32_t val)
{
	struct vdg1_engine *e = engine_at(core, offset);
	uint32_t *sq = mmio(e, R_SQ);

	if (!(val & EL_LOAD))
		return;
	if (!(*mmio(e, R_RING_MODE) & DISABLE_LEGACY_MODE)) {
		vdg1_counters_protocol_violation(core, VDG1_PV_SUBMIT_DISABLED,
			"EXECLIST_CONTROL load without execlists enabled");
		return;
	}
	if (e->load_pending) {
		vdg1_counters_protocol_violation(core, VDG1_PV_ELSQ_PENDING,
			"EXECLIST_CONTROL load while a load is pending");
		return;
	}
	e->load[0] = sq[0] | (uint64_t)sq[1] << 32;
	e->load[1] = sq[2] & DESC_VALID ? sq[2] | (uint64_t)sq[3] << 32 : 0;
	if (!desc_ok(e, e->load[0]) || (e->load[1] && !desc_ok(e, e->load[1]))) {
		vdg1_counters_protocol_violation(core, VDG1_PV_BAD_DESCRIPTOR,
			"invalid context descriptor or LRCA");
		return;
	}
	core->cnt.engine_submissions[e->id]++;
	/* For the CS's load-to-user-interrupt time; 0 means none. */
	e->cs.loaded_ns = core->access_ns ? core->access_ns : 1;
	e->load_pending = true;
	vdg1_event_arm(&core->events, &e->load_ev,
		       core->access_ns + VDG1_EL_LOAD_NS);
}

/* The submit queue keeps what is written; not while a load is pending. */
static void sq_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_engine *e = engine_at(core, offset);

	if (e->load_pending)
		vdg1_counters_protocol_violation(core, VDG1_PV_ELSQ_PENDING,
			"ELSQ written while a load is pending");
	core->mmio[offset / 4] = val;
}

/* ---- reset ---- */

static void engine_reset(struct vdg1_engine *e)
{
	struct vdg1_core *core = e->core;

	vdg1_event_cancel(&core->events, &e->load_ev);
	vdg1_event_cancel(&core->events, &e->run_ev);
	vdg1_event_cancel(&core->events, &e->ready_ev);
	set_busy(e, false);
	if (e->id == VDG1_ENGINE_RCS0 && e->active)
		vdg1_oa_rcs_context(core, 0);
	vdg1_cs_init(&e->cs, core, e->id);
	e->active = e->hung = e->staged = e->load_pending = false;
	e->arb_stop = e->saving = false;
	e->port[0] = e->port[1] = 0;
	e->cur = 0;
	e->hws_pga = 0;
	e->mi_mode = 0;
	e->eir = 0;
	e->emr = ~0u;
	e->reset_ctl = 0;
	e->csb_read = e->csb_write = VDG1_CSB_ENTRIES - 1;
	memset(e->csb, 0xff, sizeof(e->csb));
	memset(mmio(e, R_SQ), 0, 17 * 4);
	*mmio(e, R_RING_MODE) = 0;
	*mmio(e, R_CTX_CONTROL) = 0;
	/*
	 * The engine's own registers are back at reset too: its whitelist
	 * and its CS MOCS, which i915 writes again after every engine reset
	 * (intel_engine_apply_workarounds(), _whitelist()).
	 */
	memset(mmio(e, R_NONPRIV), 0, 12 * 4);
	*mmio(e, R_CMD_CCTL) = 0;
}

static void ready_fn(void *opaque, uint64_t when)
{
	struct vdg1_engine *e = opaque;

	if (!(e->reset_ctl & REQUEST_RESET))
		return;
	if (stopped(e) || !vdg1_event_armed(&e->run_ev)) {
		e->reset_ctl |= READY_TO_RESET;
		return;
	}
	vdg1_event_arm(&e->core->events, &e->ready_ev, when + VDG1_EL_RESET_NS);
}

static void gdrst_fn(void *opaque, uint64_t when)
{
	struct vdg1_core *core = opaque;

	(void)when;
	core->engines.gdrst &= core->engines.gdrst_stuck;
}

void vdg1_execlists_set_gdrst_stuck(struct vdg1_core *core, uint32_t mask)
{
	core->engines.gdrst_stuck = mask;
	/* Taken out of the mask, a stuck reset completes. */
	if (!vdg1_event_armed(&core->engines.gdrst_ev))
		core->engines.gdrst &= mask;
}

static void gdrst_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	unsigned int i;

	(void)offset;
	for (i = 0; i < VDG1_ENGINE_COUNT; i++) {
		struct vdg1_engine *e = &core->engines.e[i];

		if (!e->present || !(val & (engine_hw[i].gdrst | 1u)))
			continue;
		engine_reset(e);
		core->cnt.engine_resets[i]++;
	}
	core->engines.gdrst |= val;
	vdg1_event_arm(&core->events, &core->engines.gdrst_ev,
		       core->access_ns + VDG1_EL_RESET_NS);
}

static uint32_t gdrst_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return core->engines.gdrst;
}

/* ---- registers ---- */

static uint32_t el_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_engine *e = engine_at(core, offset);
	struct vdg1_cs *cs = &e->cs;
	uint32_t r = rel(e, offset);

	if (r >= R_CSB0 && r < R_CSB0 + 48)
		return (uint32_t)(e->csb[(r - R_CSB0) / 8] >> (r & 4 ? 32 : 0));
	if (r >= R_CSB6 && r < R_CSB6 + 48)
		return (uint32_t)(e->csb[6 + (r - R_CSB6) / 8] >>
				  (r & 4 ? 32 : 0));
	switch (r) {
	case R_HEAD:
		return e->active ? cs->head : 0;
	case R_START:
		return e->active ? cs->ring_start : 0;
	case R_CTL:
		return e->active ? (cs->ring_size - 4096) | 1 : 0;
	case R_HWS_PGA:
		return e->hws_pga;
	case R_MI_MODE:
		return e->mi_mode | (stopped(e) ? MODE_IDLE : 0);
	case R_EIR:
		return e->eir;
	case R_EMR:
		return e->emr;
	case R_ESR:
		return e->eir;
	case R_RESET_CTL:
		return e->reset_ctl;
	case R_BB_STATE:
		return cs->depth && cs->bb_ppgtt[1] ? BB_PPGTT : 0;
	case R_CCID:
		return e->active ? cs->lrca | 1 : 0;
	case R_EL_STATUS_LO:
		return e->active ? 1u << 18 | 1u << 4 |
				   (e->port[1] & DESC_VALID ? 1u << 3 : 0) : 0;
	case R_EL_STATUS_HI:
		return e->active ? (uint32_t)(e->port[e->cur] >> 32) : 0;
	case R_CSB_PTR:
		return e->csb_read << 8 | e->csb_write;
	case R_CTX_TIMESTAMP:
		return e->active ? e->ctx_ts_base +
			(uint32_t)(vdg1_timestamp_ticks(core->access_ns) -
				   vdg1_timestamp_ticks(e->ctx_start_ns)) : 0;
	}
	return 0;
}

static void el_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_engine *e = engine_at(core, offset);
	uint32_t r = rel(e, offset), old;

	switch (r) {
	case R_HWS_PGA:
		e->hws_pga = val & 0xfffff000u;
		break;
	case R_MI_MODE:
		old = e->mi_mode;
		e->mi_mode = vdg1_masked_update(e->mi_mode, val) & ~MODE_IDLE;
		if (old & STOP_RING && !(e->mi_mode & STOP_RING))
			arm_run(e, core->access_ns + cs_ns(e));
		break;
	case R_EIR:
		e->eir &= ~val;
		break;
	case R_EMR:
		e->emr = val;
		break;
	case R_RESET_CTL:
		e->reset_ctl = vdg1_masked_update(e->reset_ctl, val & 0x00010001);
		if (!(e->reset_ctl & REQUEST_RESET))
			e->reset_ctl &= ~READY_TO_RESET;
		else
			vdg1_event_arm(&core->events, &e->ready_ev,
				       core->access_ns + VDG1_EL_RESET_NS);
		break;
	case R_CSB_PTR:
		old = e->csb_read << 8 | e->csb_write;
		old = vdg1_masked_update(old, val);
		e->csb_read = (old >> 8 & 0xf) % VDG1_CSB_ENTRIES;
		e->csb_write = (old & 0xf) % VDG1_CSB_ENTRIES;
		break;
	}
}

#define EL(b, r, n, fl, rd, wr, nm, bx) \
	{ .offset = (b) + (r), .count = (n), .flags = (fl), .read = (rd), \
	  .write = (wr), .name = (nm), .box = (bx) }
#define ELH(b, r, n, nm, bx)	EL(b, r, n, 0, el_read, el_write, nm, bx)

#define ENGINE(b, nm, bx) \
	ELH(b, R_HEAD, 3, nm " RING_HEAD/START/CTL", bx), \
	ELH(b, R_HWS_PGA, 1, nm " HWS_PGA", bx), \
	EL(b, R_HWSTAM, 1, 0, NULL, NULL, nm " HWSTAM", bx), \
	ELH(b, R_MI_MODE, 1, nm " MI_MODE", bx), \
	ELH(b, R_EIR, 3, nm " EIR/EMR/ESR", bx), \
	ELH(b, R_RESET_CTL, 1, nm " RING_RESET_CTL", bx), \
	ELH(b, R_BB_STATE, 1, nm " BB_STATE", bx), \
	ELH(b, R_CCID, 1, nm " CCID", bx), \
	ELH(b, R_EL_STATUS_LO, 2, nm " EXECLIST_STATUS", bx), \
	EL(b, R_CTX_CONTROL, 1, VDG1_REG_MASKED, NULL, NULL, \
	   nm " CONTEXT_CONTROL", bx), \
	EL(b, R_RING_MODE, 1, VDG1_REG_MASKED, NULL, NULL, nm " RING_MODE", bx), \
	ELH(b, R_CSB0, 12, nm " CSB 0-5", bx), \
	ELH(b, R_CSB_PTR, 1, nm " CONTEXT_STATUS_PTR", bx), \
	ELH(b, R_CTX_TIMESTAMP, 1, nm " CTX_TIMESTAMP", bx), \
	ELH(b, R_CSB6, 12, nm " CSB 6-11", bx), \
	EL(b, R_SQ, 16, 0, NULL, sq_write, nm " EXECLIST_SQ_CONTENTS", bx), \
	EL(b, R_CONTROL, 1, 0, NULL, control_write, nm " EXECLIST_CONTROL", bx)

const struct vdg1_reg vdg1_execlists_regs[] = {
	ENGINE(RENDER_RING_BASE, "RCS0", VDG1_BOX_ALWAYS),
	ENGINE(BLT_RING_BASE, "BCS0", VDG1_BOX_ALWAYS),
	ENGINE(GEN11_BSD_RING_BASE, "VCS0", VDG1_BOX(VDG1_FW_VDBOX0)),
	ENGINE(GEN11_VEBOX_RING_BASE, "VECS0", VDG1_BOX(VDG1_FW_VEBOX0)),
	ENGINE(GEN11_BSD3_RING_BASE, "VCS2", VDG1_BOX(VDG1_FW_VDBOX2)),
	{ .offset = GDRST, .count = 1, .read = gdrst_read,
	  .write = gdrst_write, .name = "GDRST", .box = VDG1_BOX_ALWAYS },
};

const size_t vdg1_execlists_regs_count =
	sizeof(vdg1_execlists_regs) / sizeof(vdg1_execlists_regs[0]);

/* ---- lifetime ---- */

void vdg1_execlists_init(struct vdg1_core *core)
{
	unsigned int i;

	for (i = 0; i < VDG1_ENGINE_COUNT; i++) {
		struct vdg1_engine *e = &core->engines.e[i];

		e->core = core;
		e->id = i;
		e->domain = engine_hw[i].domain;
		e->base = vdg1_engine_mmio_base(i);
		e->present = vdg1_fw_present(core, e->domain);
		vdg1_event_init(&e->load_ev, "execlist load", load_fn, e);
		vdg1_event_init(&e->run_ev, "engine run", run_fn, e);
		vdg1_event_init(&e->ready_ev, "reset ready", ready_fn, e);
	}
	vdg1_event_init(&core->engines.gdrst_ev, "gdrst", gdrst_fn, core);
}

void vdg1_execlists_reset(struct vdg1_core *core)
{
	unsigned int i;

	for (i = 0; i < VDG1_ENGINE_COUNT; i++)
		engine_reset(&core->engines.e[i]);
	vdg1_event_cancel(&core->events, &core->engines.gdrst_ev);
	core->engines.gdrst = 0;
}

void vdg1_execlists_fini(struct vdg1_core *core)
{
	unsigned int i;

	for (i = 0; i < VDG1_ENGINE_COUNT; i++) {
		struct vdg1_engine *e = &core->engines.e[i];

		vdg1_event_cancel(&core->events, &e->load_ev);
		vdg1_event_cancel(&core->events, &e->run_ev);
		vdg1_event_cancel(&core->events, &e->ready_ev);
	}
	vdg1_event_cancel(&core->events, &core->engines.gdrst_ev);
}
