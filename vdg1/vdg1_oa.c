// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_oa.c - the OA unit's registers, the OA buffer, periodic and
 * context-switch reports, and MI_REPORT_PERF_COUNT's report (HARDWARE.md
 * section 10; offsets and fields from i915 i915_perf_oa_regs.h, checked
 * against the wake table: OAG in GT rows, OAR, SCEC and the flex
 * registers in render rows, NOA_CONFIG and RPM_CONFIG1 always on).
 *
 * The buffer (OABUFFER: GGTT base 31:6, size 128 KiB << 5:3) is written at
 * OATAILPTR; a report goes in whole, then the tail moves past it, so the
 * model has no tail race (real hardware moves the tail before the data
 * lands, Vol 13 and i915_perf.c, and drivers must still check). A report
 * that would make the tail reach the head is not written: OASTATUS
 * BUFFER_OVERFLOW is set, the report is counted as dropped, the unit goes
 * on. A report whose write faults is lost too (REPORT_LOST, the model's
 * choice). OASTATUS bits are cleared by writing them as 0.
 *
 * Programming order (HSW OA chapter, OABUFFER: set after the head and
 * before the tail "to enable proper functionality of the overflow bit";
 * i915 and xe do so on DG1): writing OABUFFER resets the write pointer to
 * the base; OABUFFER not preceded by a HEAD write, or a TAIL write not
 * preceded by an OABUFFER write, is a protocol violation
 * (VDG1_PV_OA_SETUP_ORDER). The manual leaves the result undefined; vdg1
 * keeps using the pointers as written.
 *
 * Reports: periodic while OACONTROL and the OAGLBCTXCTRL timer are on,
 * every 2^(exponent + 1) timestamp ticks on the grid of the CS timestamp
 * (RING_TIMESTAMP's 19.2 MHz clock), each with its own due time however
 * late the host's timer is; context-switch reports on each RCS0 context
 * load unless OA_DEBUG disables them. Formats other than the four DG1 has
 * (HARDWARE.md 10.4) write nothing.
 *
 * The half-full interrupt ("for internal trigger (timer based) reporting,
 * if the report buffer crosses the half full limit"): the first periodic
 * report that leaves the buffer half full or more raises it, unless OA_IMR
 * bit 28 masks it (then that crossing is lost); once a report leaves it
 * below half again, the next crossing raises it again. It reaches the
 * host as WDOAPerf (vdg1_irq.c).
 */
#include "vdg1_state.h"
#include "vdg1_counters_sink.h"
#include "vdg1_engine_regs.h"
#include "vdg1_irq.h"
#include "vdg1_mmu.h"
#include "vdg1_oa.h"
#include "vdg1_regs.h"

/* OABUFFER, HEAD and TAIL setup order. */
enum { SETUP_NONE, SETUP_HEAD, SETUP_BUFFER };

/* Periods beyond 2^40 ticks (over 15 hours) never fire in the model. */
#define MAX_EXPONENT	38

#define RCS_CTX_CONTROL	0x2244
#define CTX_OAR_ENABLE	(1u << 8)	/* HARDWARE.md 10.12 */

static struct vdg1_oa *oa_of(struct vdg1_core *core)
{
	return &core->oa;
}

/* Ticks of the timestamp clock to the first ns at which they are reached. */
static uint64_t ts_to_ns(uint64_t ts)
{
	return ts / 192 * 10000 + (ts % 192 * 10000 + 191) / 192;
}

static uint64_t now_ts(const struct vdg1_core *core)
{
	return vdg1_timestamp_ticks(core->events.clock);
}

static bool oag_counts(const struct vdg1_oa *oa)
{
	return oa->control & VDG1_OA_CONTROL_ENABLE &&
	       (oa->glbctxctrl & VDG1_OA_GLB_RESUME ||
		oa->ctxcontrol & VDG1_OA_GLB_RESUME);
}

static bool oar_counts(const struct vdg1_oa *oa)
{
	return oa->oar_control & 1 && oa->rcs_active &&
	       oa->core->mmio[RCS_CTX_CONTROL / 4] & CTX_OAR_ENABLE;
}

/*
 * Credit both banks with the ticks since their last update under the
 * state that held, then take the current state. Called around every
 * change the counters depend on.
 */
static void oa_sync(struct vdg1_oa *oa)
{
	struct vdg1_core *core = oa->core;
	uint64_t ticks = vdg1_oa_gpu_ticks(core);

	if (vdg1_oa_bank_advance(core, &oa->oag, ticks, oa->busy))
		oa->status |= VDG1_OA_STATUS_COUNTER_OVERFLOW;
	vdg1_oa_bank_advance(core, &oa->oar, ticks,
			     oa->busy & 1u << VDG1_ENGINE_RCS0);
	oa->oag.counting = oag_counts(oa);
	oa->oar.counting = oar_counts(oa);
}

static void header(struct vdg1_oa *oa, uint32_t dw0, uint64_t ts,
		   uint32_t hdr[4])
{
	hdr[0] = dw0;
	hdr[1] = (uint32_t)ts;
	hdr[2] = oa->ctx_id;
	hdr[3] = (uint32_t)vdg1_oa_gpu_ticks(oa->core);
}

/*
 * After a report: below half the buffer re-arms the interrupt; a timer
 * report at or above half raises it once, or loses it if OA_IMR masks it.
 * (A context-switch report that crosses leaves it to the next timer one.)
 */
static void half_full(struct vdg1_oa *oa, uint32_t reason, bool above)
{
	if (!above) {
		oa->half_armed = true;
		return;
	}
	if (reason != VDG1_OA_REASON_TIMER || !oa->half_armed)
		return;
	oa->half_armed = false;
	if (oa->imr & VDG1_OA_IMR_HALF_FULL)
		return;
	oa->core->cnt.oa_half_full_irqs++;
	vdg1_irq_oa(oa->core, VDG1_IRQ_OA_HALF_FULL);
}

/* One OAG report into the buffer at timestamp @ts. */
static void oag_report(struct vdg1_oa *oa, uint32_t reason, uint64_t ts)
{
	struct vdg1_core *core = oa->core;
	struct vdg1_gpu_vm vm = { .ggtt = true, .engine_id = VDG1_OA_FAULT_ID };
	unsigned int fmt = oa->control >> VDG1_OA_CONTROL_FMT_SHIFT & 7;
	unsigned int size = vdg1_oa_report_size(fmt);
	uint32_t base = oa->buffer & VDG1_OA_PTR_MASK;
	uint32_t bsize = (128u << 10) << (oa->buffer >> VDG1_OA_BUFFER_SIZE_SHIFT & 7);
	uint32_t tail = (oa->tail - base) & (bsize - 1);
	uint32_t head = (oa->head - base) & (bsize - 1);
	uint32_t hdr[4], rpt[64];

	if (!size)
		return;
	/* Checked first: a full buffer at a high rate costs next to nothing. */
	if (((tail - head) & (bsize - 1)) + size >= bsize) {
		oa->status |= VDG1_OA_STATUS_BUFFER_OVERFLOW;
		core->cnt.oa_reports_dropped++;
		return;
	}
	oa_sync(oa);
	header(oa, reason << VDG1_OA_REASON_SHIFT, ts, hdr);
	vdg1_oa_report_build(&oa->oag, fmt, hdr, rpt);
	if (vdg1_mmu_write(core, &vm, base + tail, rpt, size)) {
		oa->status |= VDG1_OA_STATUS_REPORT_LOST;
		core->cnt.oa_reports_dropped++;
		return;
	}
	oa->tail = base + ((tail + size) & (bsize - 1));
	core->cnt.oa_reports_written++;
	core->cnt.oa_tail_updates++;
	half_full(oa, reason, ((tail + size - head) & (bsize - 1)) >= bsize / 2);
}

/* ---- the periodic timer ---- */

static void timer_update(struct vdg1_oa *oa)
{
	unsigned int exp = oa->glbctxctrl >> VDG1_OA_GLB_EXP_SHIFT & 0x3f;
	uint64_t period = 2ull << exp;

	if (!(oa->control & VDG1_OA_CONTROL_ENABLE) ||
	    !(oa->glbctxctrl & VDG1_OA_GLB_TIMER) || exp > MAX_EXPONENT) {
		vdg1_event_cancel(&oa->core->events, &oa->timer);
		return;
	}
	/* The next point of the period's grid strictly after now. */
	oa->next_ts = (now_ts(oa->core) / period + 1) * period;
	vdg1_event_arm(&oa->core->events, &oa->timer, ts_to_ns(oa->next_ts));
}

/*
 * Runs at each report's due time, even when the host's timer fired late:
 * the event list runs every due event at its own deadline in one pass.
 */
static void timer_fn(void *opaque, uint64_t when)
{
	struct vdg1_oa *oa = opaque;
	unsigned int exp = oa->glbctxctrl >> VDG1_OA_GLB_EXP_SHIFT & 0x3f;
	uint64_t ts = oa->next_ts;

	(void)when;
	oag_report(oa, VDG1_OA_REASON_TIMER, ts);
	oa->core->cnt.oa_timer_reports++;
	oa->next_ts = ts + (2ull << exp);
	vdg1_event_arm(&oa->core->events, &oa->timer, ts_to_ns(oa->next_ts));
}

/* ---- hooks of the engine model ---- */

void vdg1_oa_engine_busy(struct vdg1_core *core, unsigned int engine,
			 bool busy)
{
	struct vdg1_oa *oa = oa_of(core);

	oa_sync(oa);
	if (busy)
		oa->busy |= 1u << engine;
	else
		oa->busy &= ~(1u << engine);
}

void vdg1_oa_rcs_context(struct vdg1_core *core, uint64_t desc)
{
	struct vdg1_oa *oa = oa_of(core);

	oa_sync(oa);
	/* DW2: the descriptor's SW context ID field (bits 15:5 of its upper dword). */
	oa->ctx_id = desc ? (uint32_t)(desc >> 32) & 0xffe0 : 0x7ffu << 5;
	oa->rcs_active = desc != 0;
	oa_sync(oa);
	if (!desc || !(oa->control & VDG1_OA_CONTROL_ENABLE) ||
	    oa->debug & VDG1_OA_DEBUG_NO_CTX_SWITCH)
		return;
	oag_report(oa, VDG1_OA_REASON_CTX_SWITCH, now_ts(core));
	core->cnt.oa_ctx_switch_reports++;
}

int vdg1_oa_mi_rpc(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		   uint64_t addr, uint32_t report_id)
{
	struct vdg1_oa *oa = oa_of(core);
	uint32_t hdr[4], rpt[64];
	int ret;

	oa_sync(oa);
	header(oa, report_id, now_ts(core), hdr);
	vdg1_oa_report_build(&oa->oar, VDG1_OA_FMT_A32u40_A4u32_B8_C8, hdr, rpt);
	ret = vdg1_mmu_write(core, vm, addr, rpt, sizeof(rpt));
	if (!ret)
		core->cnt.oa_mi_rpc_reports++;
	return ret;
}

uint32_t vdg1_oa_state_enabled(const struct vdg1_core *core)
{
	return core->oa.control & VDG1_OA_CONTROL_ENABLE;
}

/* ---- registers ---- */

static void setup_violation(struct vdg1_core *core, const char *what)
{
	vdg1_counters_protocol_violation(core, VDG1_PV_OA_SETUP_ORDER, what);
}

static uint32_t oa_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_oa *oa = oa_of(core);

	switch (offset) {
	case VDG1_OA_CONTROL:
		return oa->control;
	case VDG1_OA_DEBUG:
		return oa->debug;
	case VDG1_OA_STATUS:
		return oa->status;
	case VDG1_OA_HEAD:
		return oa->head;
	case VDG1_OA_TAIL:
		return oa->tail;
	case VDG1_OA_BUFFER:
		return oa->buffer;
	case VDG1_OA_IMR:
		return oa->imr;
	case VDG1_OA_GLBCTXCTRL:
		return oa->glbctxctrl;
	case VDG1_OA_CTXCONTROL:
		return oa->ctxcontrol;
	case VDG1_OAR_CONTROL:
		return oa->oar_control;
	}
	return 0;
}

static void oa_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_oa *oa = oa_of(core);

	oa_sync(oa);
	switch (offset) {
	case VDG1_OA_CONTROL:
		oa->control = val & 0x1d;
		break;
	case VDG1_OA_DEBUG:
		oa->debug = vdg1_masked_update(oa->debug, val);
		break;
	case VDG1_OA_STATUS:
		oa->status &= val;
		break;
	case VDG1_OA_HEAD:
		oa->head = val & VDG1_OA_PTR_MASK;
		oa->setup = SETUP_HEAD;
		break;
	case VDG1_OA_BUFFER:
		if (oa->setup != SETUP_HEAD)
			setup_violation(core, "OABUFFER written before OAHEADPTR");
		oa->buffer = val & (VDG1_OA_PTR_MASK | 0x3d);
		oa->tail = oa->buffer & VDG1_OA_PTR_MASK;
		oa->half_armed = true;
		oa->setup = SETUP_BUFFER;
		break;
	case VDG1_OA_TAIL:
		if (oa->setup != SETUP_BUFFER)
			setup_violation(core, "OATAILPTR written before OABUFFER");
		oa->tail = val & VDG1_OA_PTR_MASK;
		oa->setup = SETUP_NONE;
		break;
	case VDG1_OA_IMR:
		/* Bits other than 28 are reserved, MBZ: they read as 1. */
		oa->imr = val | ~VDG1_OA_IMR_HALF_FULL;
		break;
	case VDG1_OA_GLBCTXCTRL:
		oa->glbctxctrl = val & 0xff;
		break;
	case VDG1_OA_CTXCONTROL:
		oa->ctxcontrol = val;
		break;
	case VDG1_OAR_CONTROL:
		oa->oar_control = val & 0xf;
		break;
	}
	oa_sync(oa);
	if (offset == VDG1_OA_CONTROL || offset == VDG1_OA_GLBCTXCTRL)
		timer_update(oa);
}

/*
 * Configuration the counters depend on (RPM_CONFIG1's NOA enable, the
 * boolean blocks): storage, with the counters brought up to date under
 * the old configuration first.
 */
static void config_write(struct vdg1_core *core, uint32_t offset,
			 uint32_t val)
{
	oa_sync(oa_of(core));
	core->mmio[offset / 4] = val;
}

/* NOA_WRITE: a write port into the NOA mux; the last value stays. */
static void noa_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	core->mmio[offset / 4] = val;
	core->cnt.oa_noa_writes++;
}

#define OA_REG(off, n, fl, rd, wr, nm) \
	{ .offset = (off), .count = (n), .flags = (fl), .read = (rd), \
	  .write = (wr), .name = (nm), .box = VDG1_BOX_ALWAYS }
#define OA_HOOK(off, nm)	OA_REG(off, 1, 0, oa_read, oa_write, nm)
#define OA_STORE(off, n, nm)	OA_REG(off, n, 0, NULL, NULL, nm)
#define OA_FLEX(off)		OA_REG(off, 1, VDG1_REG_MCR, NULL, NULL, \
				       "EU_PERF_CNTL")

const struct vdg1_reg vdg1_oa_regs[] = {
	OA_REG(VDG1_RPM_CONFIG1, 1, 0, NULL, config_write, "RPM_CONFIG1"),
	OA_STORE(VDG1_NOA_CONFIG0, 9, "NOA_CONFIG"),
	OA_REG(VDG1_WAIT_FOR_RC6_EXIT, 1, VDG1_REG_MASKED, NULL, NULL,
	       "WAIT_FOR_RC6_EXIT"),
	OA_HOOK(VDG1_OA_CTXCONTROL, "OACTXCONTROL"),
	OA_STORE(VDG1_OA_CTXID, 1, "OACTXID"),
	OA_HOOK(VDG1_OAR_CONTROL, "OAR_OACONTROL"),
	OA_STORE(VDG1_OAR_STATUS, 1, "OAR_OASTATUS"),
	OA_STORE(VDG1_OA_CTX_CONTROL_MSG, 1, "OA_CTX_CONTROL_MSG"),
	OA_HOOK(VDG1_OA_GLBCTXCTRL, "OAGLBCTXCTRL"),
	OA_STORE(VDG1_OA_PESS, 1, "OA_PESS"),
	/*
	 * In an SQIDI replicated range; SQIDI instances are never fused off
	 * and drivers write it multicast, so one copy behaves the same.
	 */
	OA_STORE(VDG1_SQCNT1, 1, "SQCNT1"),
	OA_STORE(VDG1_GDT_CHICKEN_BITS, 1, "GDT_CHICKEN_BITS"),
	OA_STORE(VDG1_NOA_WRITE_HIGH, 1, "NOA_WRITE_HIGH"),
	OA_REG(VDG1_NOA_WRITE, 1, 0, NULL, noa_write, "NOA_WRITE"),
	OA_REG(VDG1_OASTARTTRIG1, 32, 0, NULL, config_write,
	       "OASTARTTRIG, OAREPORTTRIG, CEC"),
	OA_HOOK(VDG1_OA_CONTROL, "OACONTROL"),
	OA_HOOK(VDG1_OA_DEBUG, "OA_DEBUG"),
	OA_HOOK(VDG1_OA_STATUS, "OASTATUS"),
	OA_HOOK(VDG1_OA_HEAD, "OAHEADPTR"),
	OA_HOOK(VDG1_OA_TAIL, "OATAILPTR"),
	OA_HOOK(VDG1_OA_BUFFER, "OABUFFER"),
	OA_HOOK(VDG1_OA_IMR, "OA_IMR"),
	OA_REG(VDG1_SCEC0_0, 18, 0, NULL, config_write,
	       "SCEC, OAG_SPCTR_CNF, OAA_DBG_REG"),
	OA_FLEX(0xe458), OA_FLEX(0xe45c),
	OA_FLEX(0xe558), OA_FLEX(0xe55c),
	OA_FLEX(0xe658), OA_FLEX(0xe65c),
	OA_FLEX(0xe758),
};

const size_t vdg1_oa_regs_count = sizeof(vdg1_oa_regs) / sizeof(vdg1_oa_regs[0]);

/* ---- lifetime ---- */

void vdg1_oa_init(struct vdg1_core *core)
{
	struct vdg1_oa *oa = oa_of(core);

	oa->core = core;
	vdg1_event_init(&oa->timer, "oa timer", timer_fn, oa);
}

/* All OA configuration is reset by a GT reset only (HARDWARE.md 10.1). */
void vdg1_oa_reset(struct vdg1_core *core)
{
	struct vdg1_oa *oa = oa_of(core);

	vdg1_event_cancel(&core->events, &oa->timer);
	*oa = (struct vdg1_oa){ .core = core, .timer = oa->timer, .imr = ~0u,
				.half_armed = true };
	oa->ctx_id = 0x7ffu << 5;
	oa->oag.last_ticks = oa->oar.last_ticks = vdg1_oa_gpu_ticks(core);
}

void vdg1_oa_fini(struct vdg1_core *core)
{
	vdg1_event_cancel(&core->events, &core->oa.timer);
}
