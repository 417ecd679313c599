// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_oa.c - the OA unit as i915 and xe program it (HARDWARE.md section
 * 10): register semantics, the HEAD/OABUFFER/TAIL order, each report
 * format's size and header, periodic reports on the timestamp grid with a
 * late host timer, a full buffer, disable, context-switch reports,
 * MI_REPORT_PERF_COUNT, the TestOa set's B and C counters as IGT's perf
 * tests check them, and every register the 26 DG1 metric sets write.
 */
#include <string.h>

#include "engine_fixture.h"

struct oa_reg {
	uint32_t addr, val;
};

/*
 * Intel's 26 DG1 sets from oa-dg1.xml (struct oa_set: name and the mux,
 * boolean and flex lists as (offset, value) pairs), generated at build
 * time by scripts/gen-oa-sets.py, the driver tests' generator.
 */
#include "dg1_oa_sets.h"

#define OABUF		0x40000u	/* GGTT; 128 KiB inside the fixture's map */
#define OABUF_SIZE	(128u << 10)
#define RCS		0x2000u
#define MI_RPC		(0x28u << 23 | 2)

static void oa_setup(struct fx *f)
{
	fx_init(f);
	fake_wake(&f->h, f->core, VDG1_FW_GT);
	fake_wake(&f->h, f->core, VDG1_FW_RENDER);
}

/* i915's gen12 order: status, head, buffer, tail, context control, enable. */
static void oa_open(struct fx *f, unsigned int fmt, unsigned int exp,
		    bool timer)
{
	struct vdg1_core *core = f->core;

	wr(core, VDG1_OA_STATUS, 0);
	wr(core, VDG1_OA_HEAD, OABUF);
	wr(core, VDG1_OA_BUFFER, OABUF | VDG1_OA_BUFFER_GGTT);
	wr(core, VDG1_OA_TAIL, OABUF);
	wr(core, VDG1_OA_GLBCTXCTRL, timer ? exp << 2 | VDG1_OA_GLB_TIMER |
				     VDG1_OA_GLB_RESUME : VDG1_OA_GLB_RESUME);
	wr(core, VDG1_OA_CONTROL, fmt << 2 | VDG1_OA_CONTROL_ENABLE);
}

static uint32_t rpt(struct fx *f, unsigned int i, unsigned int size,
		    unsigned int dw)
{
	return fx_ggtt_get(f, OABUF + i * size + 4 * dw);
}

static uint64_t now_ts(struct fx *f)
{
	return vdg1_timestamp_ticks(f->h.now);
}

/* Move the clock to the first ns at which the timestamp reads @ts. */
static void advance_to_ts(struct fx *f, uint64_t ts)
{
	uint64_t ns = ts / 192 * 10000 + (ts % 192 * 10000 + 191) / 192;

	if (ns > f->h.now)
		fake_advance(&f->h, f->core, ns - f->h.now);
}

static void oa_registers(void)
{
	struct fx f;
	struct vdg1_core *core;

	oa_setup(&f);
	core = f.core;
	wr(core, VDG1_OA_CONTROL, 0xffffffff);
	EXPECT_EQ(rd(core, VDG1_OA_CONTROL), 0x1d);
	EXPECT_EQ(CNT(core, oa_enabled), 1);
	EXPECT_EQ(CNT(core, oa_format), 7);
	wr(core, VDG1_OA_CONTROL, 5 << 2);
	EXPECT_EQ(rd(core, VDG1_OA_CONTROL), 5 << 2);
	EXPECT_EQ(CNT(core, oa_enabled), 0);
	/* OA_DEBUG is masked. */
	wr(core, VDG1_OA_DEBUG, SET(1u << 1 | 1u << 5 | 1u << 6));
	wr(core, VDG1_OA_DEBUG, CLEAR(1u << 5));
	EXPECT_EQ(rd(core, VDG1_OA_DEBUG), 1u << 1 | 1u << 6);
	/* Pointers: 64-byte granularity. */
	wr(core, VDG1_OA_HEAD, 0x12345677);
	EXPECT_EQ(rd(core, VDG1_OA_HEAD), 0x12345640);
	/* OABUFFER keeps base, size, edge trigger, memory select; resets the tail. */
	wr(core, VDG1_OA_TAIL, 0x1000);
	wr(core, VDG1_OA_BUFFER, 0xff000000 | 7u << 3 | 0x7);
	EXPECT_EQ(rd(core, VDG1_OA_BUFFER), 0xff000000 | 7u << 3 | 0x5);
	EXPECT_EQ(rd(core, VDG1_OA_TAIL), 0xff000000);
	wr(core, VDG1_OA_GLBCTXCTRL, 0xffffffff);
	EXPECT_EQ(rd(core, VDG1_OA_GLBCTXCTRL), 0xff);
	EXPECT_EQ(CNT(core, oa_exponent), 0x3f);
	EXPECT_EQ(CNT(core, oa_timer_enabled), 1);
	/* NOA_WRITE: a port; the last value stays, writes are counted. */
	wr(core, VDG1_NOA_WRITE, 0x04100000);
	wr(core, VDG1_NOA_WRITE, 0x42000001);
	EXPECT_EQ(rd(core, VDG1_NOA_WRITE), 0x42000001);
	EXPECT_EQ(CNT(core, oa_noa_writes), 2);
	/* Storage: the boolean and NOA registers read back. */
	wr(core, VDG1_CEC0_0 + 4, 0xfff7);
	EXPECT_EQ(rd(core, VDG1_CEC0_0 + 4), 0xfff7);
	wr(core, VDG1_NOA_CONFIG0 + 8 * 4, 0x55);
	EXPECT_EQ(rd(core, VDG1_NOA_CONFIG0 + 8 * 4), 0x55);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	/* A GT reset clears the OA configuration. */
	vdg1_core_reset(core);
	fake_wake(&f.h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, VDG1_OA_BUFFER), 0);
	EXPECT_EQ(rd(core, VDG1_OA_DEBUG), 0);
	fx_fini(&f);
}

/* OAG registers are GT-domain; NOA_CONFIG is always on. */
static void oa_registers_need_gt(void)
{
	struct fx f;

	fx_init(&f);
	wr(f.core, VDG1_OA_CONTROL, 1);
	EXPECT_EQ(CNT(f.core, wake_violations), 1);
	EXPECT_EQ(CNT(f.core, last_wake_violation), VDG1_OA_CONTROL);
	wr(f.core, VDG1_NOA_CONFIG0, 1);
	wr(f.core, VDG1_RPM_CONFIG1, VDG1_RPM_CONFIG1_NOA_ENABLE);
	EXPECT_EQ(CNT(f.core, wake_violations), 1);
	fake_wake(&f.h, f.core, VDG1_FW_GT);
	EXPECT_EQ(rd(f.core, VDG1_OA_CONTROL), 0);
	fx_fini(&f);
}

static void oa_setup_order(void)
{
	struct fx f;

	oa_setup(&f);
	oa_open(&f, 5, 5, true);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	/* OABUFFER, then TAIL, without a HEAD write first. */
	wr(f.core, VDG1_OA_BUFFER, OABUF | 1);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_OA_SETUP_ORDER]), 1);
	EXPECT_EQ(CNT(f.core, last_protocol_violation), VDG1_PV_OA_SETUP_ORDER);
	wr(f.core, VDG1_OA_TAIL, OABUF);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_OA_SETUP_ORDER]), 1);
	/* TAIL before OABUFFER. */
	wr(f.core, VDG1_OA_HEAD, OABUF);
	wr(f.core, VDG1_OA_TAIL, OABUF);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_OA_SETUP_ORDER]), 2);
	/* A reader's head updates between streams are fine. */
	wr(f.core, VDG1_OA_HEAD, OABUF + 256);
	wr(f.core, VDG1_OA_HEAD, OABUF);
	wr(f.core, VDG1_OA_BUFFER, OABUF | 1);
	wr(f.core, VDG1_OA_TAIL, OABUF);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_OA_SETUP_ORDER]), 2);
	fx_fini(&f);
}

/* One periodic report in each format: size, header. */
static void oa_report_formats(void)
{
	static const struct { unsigned int fmt, size; } fmts[] = {
		{ 0, 64 }, { 2, 128 }, { 5, 256 }, { 7, 64 }, { 1, 0 }, { 3, 0 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		struct fx f;
		uint64_t next;

		oa_setup(&f);
		oa_open(&f, fmts[i].fmt, 5, true);
		next = (now_ts(&f) / 64 + 1) * 64;
		advance_to_ts(&f, next - 1);
		EXPECT_EQ(CNT(f.core, oa_reports_written), 0);
		advance_to_ts(&f, next);
		EXPECT_EQ(rd(f.core, VDG1_OA_TAIL), OABUF + fmts[i].size);
		EXPECT_EQ(CNT(f.core, oa_reports_written), fmts[i].size ? 1 : 0);
		EXPECT_EQ(CNT(f.core, oa_format), fmts[i].fmt);
		if (!fmts[i].size) {
			EXPECT_EQ(rpt(&f, 0, 64, 1), 0);
			fx_fini(&f);
			continue;
		}
		EXPECT_EQ(rpt(&f, 0, 0, 0), VDG1_OA_REASON_TIMER << 19);
		EXPECT_EQ(rpt(&f, 0, 0, 1), (uint32_t)next);
		EXPECT_EQ(rpt(&f, 0, 0, 2), 0x7ffu << 5);	/* RCS idle */
		EXPECT_EQ(rpt(&f, 0, 0, 3), (uint32_t)vdg1_oa_gpu_ticks(f.core));
		EXPECT_TRUE(rpt(&f, 0, 0, 3) > 0);
		/* Nothing past the report. */
		EXPECT_EQ(rpt(&f, 1, fmts[i].size, 0), 0);
		fx_fini(&f);
	}
}

/* The host's timer fires once, 100 us late: every report is there. */
static void oa_periodic_late_timer(void)
{
	struct fx f;
	unsigned int fires, i, n;
	uint64_t t0, t1;

	oa_setup(&f);
	oa_open(&f, 7, 2, true);		/* 8 ticks, 416.7 ns */
	t0 = now_ts(&f);
	fires = f.h.timer_fires;
	fake_advance(&f.h, f.core, 100000);
	t1 = now_ts(&f);
	EXPECT_EQ(f.h.timer_fires, fires + 1);
	n = (unsigned int)(t1 / 8 - t0 / 8);
	EXPECT_TRUE(n >= 230);
	EXPECT_EQ(CNT(f.core, oa_reports_written), n);
	EXPECT_EQ(CNT(f.core, oa_timer_reports), n);
	EXPECT_EQ(CNT(f.core, oa_tail_updates), n);
	EXPECT_EQ(rd(f.core, VDG1_OA_TAIL), OABUF + 64 * n);
	for (i = 0; i < n; i++)
		if (rpt(&f, i, 64, 1) != (uint32_t)((t0 / 8 + 1 + i) * 8))
			test_fail(__FILE__, __LINE__, "timestamp of report", i,
				  (t0 / 8 + 1 + i) * 8);
	/* GPU ticks grow with the timestamps. */
	EXPECT_TRUE(rpt(&f, n - 1, 64, 3) > rpt(&f, 0, 64, 3));
	fx_fini(&f);
}

/* A full buffer drops reports, the unit keeps running. */
static void oa_buffer_full(void)
{
	struct fx f;
	uint32_t written;

	oa_setup(&f);
	oa_open(&f, 5, 0, true);		/* 2 ticks, 104 ns; 256 B */
	fake_advance(&f.h, f.core, 600 * 105);
	/* 511 fit: one more would make the tail reach the head. */
	EXPECT_EQ(CNT(f.core, oa_reports_written), OABUF_SIZE / 256 - 1);
	EXPECT_TRUE(CNT(f.core, oa_reports_dropped) >= 80);
	EXPECT_EQ(rd(f.core, VDG1_OA_STATUS), VDG1_OA_STATUS_BUFFER_OVERFLOW);
	EXPECT_EQ(rd(f.core, VDG1_OA_TAIL), OABUF + OABUF_SIZE - 256);
	/* Writing a bit as 1 keeps it; as 0 clears it. */
	wr(f.core, VDG1_OA_STATUS, VDG1_OA_STATUS_BUFFER_OVERFLOW);
	EXPECT_EQ(rd(f.core, VDG1_OA_STATUS), VDG1_OA_STATUS_BUFFER_OVERFLOW);
	wr(f.core, VDG1_OA_STATUS, 0);
	EXPECT_EQ(rd(f.core, VDG1_OA_STATUS), 0);
	/* The reader consumed 10 reports: 10 more fit, wrapping. */
	wr(f.core, VDG1_OA_HEAD, OABUF + 10 * 256);
	written = CNT(f.core, oa_reports_written);
	fake_advance(&f.h, f.core, 100 * 105);
	EXPECT_EQ(CNT(f.core, oa_reports_written), written + 10);
	EXPECT_EQ(rd(f.core, VDG1_OA_TAIL), OABUF + 9 * 256);
	EXPECT_TRUE(rpt(&f, 0, 256, 1) != 0);
	fx_fini(&f);
}

/*
 * Half full: the periodic report that takes the fill from below 64 KiB to
 * 64 KiB raises WDOAPerf's bit 12 (class 4, instance 2, DW0 bit 20) once;
 * masked in OA_IMR the crossing is lost; a context-switch report never
 * raises it.
 */
static void oa_half_full_interrupt(void)
{
	struct fx f;
	uint32_t ident, w0;

	oa_setup(&f);
	/* As the driver enables WDOAPerf: lower halves of GPM_WGBOXPERF. */
	wr(f.core, 0x19003c, VDG1_IRQ_OA_HALF_FULL);
	wr(f.core, 0x1900ec, ~(uint32_t)VDG1_IRQ_OA_HALF_FULL);
	EXPECT_EQ(rd(f.core, VDG1_OA_IMR), ~0u);	/* masked at reset */
	/* Masked: 300 reports (75 KiB) cross half and raise nothing. */
	oa_open(&f, 5, 0, true);			/* 104 ns; 256 B */
	fake_advance(&f.h, f.core, 300 * 105);
	EXPECT_TRUE(CNT(f.core, oa_reports_written) >= 256);
	EXPECT_EQ(CNT(f.core, oa_half_full_irqs), 0);
	EXPECT_EQ(rd(f.core, 0x190018) & (1u << 20), 0);
	/* Unmasked, from an empty buffer: report 256 fills half, once. */
	wr(f.core, VDG1_OA_CONTROL, 0);
	wr(f.core, VDG1_OA_IMR, ~VDG1_OA_IMR_HALF_FULL);
	EXPECT_EQ(rd(f.core, VDG1_OA_IMR), ~VDG1_OA_IMR_HALF_FULL);
	w0 = CNT(f.core, oa_reports_written);
	oa_open(&f, 5, 0, true);
	fake_advance(&f.h, f.core, 255 * 104);
	EXPECT_TRUE(CNT(f.core, oa_reports_written) - w0 <= 255);
	EXPECT_EQ(CNT(f.core, oa_half_full_irqs), 0);
	fake_advance(&f.h, f.core, 100 * 105);
	EXPECT_EQ(CNT(f.core, oa_half_full_irqs), 1);
	EXPECT_EQ(rd(f.core, 0x190018), 1u << 20);
	wr(f.core, 0x190070, 1u << 20);			/* selector */
	fake_advance(&f.h, f.core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	ident = rd(f.core, 0x190060);
	EXPECT_EQ(ident, 1u << 31 | 2u << 20 | 4u << 16 | VDG1_IRQ_OA_HALF_FULL);
	wr(f.core, 0x190060, 1u << 31);
	wr(f.core, 0x190018, 1u << 20);
	/* Still above half: no second interrupt until it drops and crosses. */
	fake_advance(&f.h, f.core, 100 * 105);
	EXPECT_EQ(CNT(f.core, oa_half_full_irqs), 1);
	wr(f.core, VDG1_OA_HEAD, rd(f.core, VDG1_OA_TAIL));
	fake_advance(&f.h, f.core, 300 * 105);
	EXPECT_EQ(CNT(f.core, oa_half_full_irqs), 2);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

static void oa_disable_stops_reports(void)
{
	struct fx f;
	uint32_t n;

	oa_setup(&f);
	oa_open(&f, 2, 3, true);
	fake_advance(&f.h, f.core, 10000);
	n = CNT(f.core, oa_reports_written);
	EXPECT_TRUE(n > 0);
	wr(f.core, VDG1_OA_CONTROL, 2 << 2);
	EXPECT_EQ(rd(f.core, VDG1_OA_CONTROL) & 1, 0);
	fake_advance(&f.h, f.core, 100000);
	EXPECT_EQ(CNT(f.core, oa_reports_written), n);
	/* The timer alone does not report either. */
	wr(f.core, VDG1_OA_CONTROL, 2 << 2 | 1);
	wr(f.core, VDG1_OA_GLBCTXCTRL, 1);
	fake_advance(&f.h, f.core, 100000);
	EXPECT_EQ(CNT(f.core, oa_reports_written), n);
	fx_fini(&f);
}

/* The model's clock moves with accesses: an always-on register's. */
static uint64_t ticks_now(struct fx *f)
{
	rd(f->core, VDG1_NOA_CONFIG0);
	return vdg1_oa_gpu_ticks(f->core);
}

/*
 * GPU ticks run at the granted frequency while any domain is awake and
 * stop in RC6, when all of them sleep: here RP0, 1550 MHz.
 */
static void oa_gpu_ticks_stop_in_rc6(void)
{
	struct fx f;
	uint64_t g;

	fx_init(&f);
	EXPECT_EQ(ticks_now(&f), 0);
	wr(f.core, VDG1_RPNSWREQ, 93u << 23);		/* 1550 MHz */
	fake_wake(&f.h, f.core, VDG1_FW_GT);
	g = ticks_now(&f);
	fake_advance(&f.h, f.core, 1000);
	EXPECT_EQ(ticks_now(&f), g + 1550);
	fake_release(&f.h, f.core, VDG1_FW_GT);
	g = ticks_now(&f);
	fake_advance(&f.h, f.core, 1000000);
	EXPECT_EQ(ticks_now(&f), g);
	/* The render well alone keeps the GT out of RC6. */
	fake_wake(&f.h, f.core, VDG1_FW_RENDER);
	g = ticks_now(&f);
	fake_advance(&f.h, f.core, 2000);
	EXPECT_EQ(ticks_now(&f), g + 3100);
	EXPECT_EQ(CNT(f.core, wake_violations), 0);
	fx_fini(&f);
}

/*
 * The clock follows the request: RPn (300 MHz) from reset, then 1000 MHz;
 * the ticks before a change keep their rate.
 */
static void oa_gpu_ticks_follow_the_frequency(void)
{
	struct fx f;
	uint64_t g;

	fx_init(&f);
	fake_wake(&f.h, f.core, VDG1_FW_GT);
	g = ticks_now(&f);
	fake_advance(&f.h, f.core, 3000);
	EXPECT_EQ(ticks_now(&f), g + 900);
	wr(f.core, VDG1_RPNSWREQ, 60u << 23);		/* 1000 MHz */
	fake_advance(&f.h, f.core, 3000);
	EXPECT_EQ(ticks_now(&f), g + 900 + 3000);
	wr(f.core, VDG1_RPNSWREQ, 200u << 23);		/* above RP0: RP0 */
	fake_advance(&f.h, f.core, 2000);
	EXPECT_EQ(ticks_now(&f), g + 3900 + 3100);
	EXPECT_EQ(CNT(f.core, wake_violations), 0);
	fx_fini(&f);
}

/* ---- RCS0 through execlists: context-switch reports ---- */

static uint64_t rcs_desc(uint32_t ctx, uint32_t sw)
{
	return ctx | 0x119 | (uint64_t)sw << 37;
}

static void rcs_submit(struct fx *f, uint64_t d)
{
	wr(f->core, RCS + 0x510, (uint32_t)d);
	wr(f->core, RCS + 0x514, (uint32_t)(d >> 32));
	wr(f->core, RCS + 0x518, 0);
	wr(f->core, RCS + 0x51c, 0);
	wr(f->core, RCS + 0x550, 1);
}

static void oa_context_switch_reports(void)
{
	struct fx f;
	uint32_t noops[16] = { 0 };
	unsigned int i;

	oa_setup(&f);
	wr(f.core, RCS + 0x29c, SET(1u << 3));
	wr(f.core, RCS + 0x80, FX_HWSP);
	fx_ggtt_put(&f, FX_RING, noops, 16);
	fx_ggtt_put(&f, 0x6000, noops, 16);
	fx_image(&f, FX_CTX_A, FX_RING, 64);
	fx_image(&f, FX_CTX_B, 0x6000, 32);
	oa_open(&f, 5, 0, false);
	rcs_submit(&f, rcs_desc(FX_CTX_A, 5));
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(CNT(f.core, oa_ctx_switch_reports), 1);
	EXPECT_EQ(rpt(&f, 0, 256, 0), VDG1_OA_REASON_CTX_SWITCH << 19);
	EXPECT_EQ(rpt(&f, 0, 256, 1), (uint32_t)now_ts(&f));
	EXPECT_EQ(rpt(&f, 0, 256, 2), 5u << 5);
	/* Runs its 16 commands, goes idle: no report for that. */
	fake_advance(&f.h, f.core, 100000);
	EXPECT_EQ(CNT(f.core, oa_ctx_switch_reports), 1);
	EXPECT_EQ(CNT(f.core, engine_commands[VDG1_ENGINE_RCS0]), 16);
	rcs_submit(&f, rcs_desc(FX_CTX_B, 9));
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(CNT(f.core, oa_ctx_switch_reports), 2);
	EXPECT_EQ(rpt(&f, 1, 256, 2), 9u << 5);
	/* Counters between the two: A0 = A7 = RCS busy ticks, A12 commands. */
	EXPECT_TRUE(rpt(&f, 1, 256, 4) > 0);
	EXPECT_EQ(rpt(&f, 1, 256, 4 + 7), rpt(&f, 1, 256, 4));
	EXPECT_EQ(rpt(&f, 1, 256, 4 + 8), 0);
	EXPECT_EQ(rpt(&f, 1, 256, 4 + 12), 16);
	EXPECT_TRUE(rpt(&f, 1, 256, 4) <= rpt(&f, 1, 256, 3) - rpt(&f, 0, 256, 3));
	for (i = 0; i < 8; i++)
		EXPECT_EQ(rpt(&f, 1, 256, 40 + i), 0);	/* high bytes */
	/* OA_DEBUG turns them off. */
	fake_advance(&f.h, f.core, 100000);
	wr(f.core, VDG1_OA_DEBUG, SET(VDG1_OA_DEBUG_NO_CTX_SWITCH));
	rcs_submit(&f, rcs_desc(FX_CTX_A, 5));
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(CNT(f.core, oa_ctx_switch_reports), 2);
	EXPECT_EQ(CNT(f.core, oa_reports_written), 2);
	fx_fini(&f);
}

/* ---- MI_REPORT_PERF_COUNT ---- */

static void cs_on(struct fx *f, struct vdg1_cs *cs, unsigned int engine)
{
	vdg1_cs_init(cs, f->core, engine);
	cs->ring_start = FX_RING;
	cs->ring_size = FX_RING_SIZE;
	cs->ppgtt.pml4 = f->pt.pml4;
}

static enum vdg1_cs_stop cs_emit_run(struct fx *f, struct vdg1_cs *cs,
				     const uint32_t *dw, unsigned int n)
{
	uint32_t budget = 100;

	fx_ggtt_put(f, FX_RING + cs->tail, dw, n);
	cs->tail += 4 * n;
	return vdg1_cs_run(cs, &budget);
}

static void oa_mi_report_perf_count(void)
{
	struct fx f;
	struct vdg1_cs cs;
	uint32_t ring[] = { MI_RPC, FX_SCRATCH | 1, 0, 0xabc };
	uint32_t user[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };
	uint32_t batch[] = {
		MI_RPC, (FX_SCRATCH + 0x400) | 1, 0, 0x111,	/* GGTT: a NOOP */
		MI_RPC, (uint32_t)FX_VA + 0x800, 0, 0x123,
		C_BB_END,
	};

	oa_setup(&f);
	cs_on(&f, &cs, VDG1_ENGINE_RCS0);
	EXPECT_EQ(cs_emit_run(&f, &cs, ring, 4), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0xabc);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), (uint32_t)now_ts(&f));
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 8), 0x7ffu << 5);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 12),
		  (uint32_t)vdg1_oa_gpu_ticks(f.core));
	EXPECT_EQ(CNT(f.core, oa_mi_rpc_reports), 1);
	/* Not a buffer report. */
	EXPECT_EQ(CNT(f.core, oa_reports_written), 0);
	fx_va_put(&f, FX_VA, batch, 9);
	EXPECT_EQ(cs_emit_run(&f, &cs, user, 4), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 0x400), 0);
	EXPECT_EQ(fx_va_get(&f, FX_VA + 0x800), 0x123);
	EXPECT_EQ(CNT(f.core, oa_mi_rpc_reports), 2);
	EXPECT_EQ(CNT(f.core, engine_cs_errors[VDG1_ENGINE_RCS0]), 0);
	fx_fini(&f);

	/* Off the render engine: an instruction error. */
	oa_setup(&f);
	cs_on(&f, &cs, VDG1_ENGINE_BCS0);
	EXPECT_EQ(cs_emit_run(&f, &cs, ring, 4), VDG1_CS_ERROR);
	EXPECT_EQ(cs.error_header, MI_RPC);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0);
	fx_fini(&f);
}

/*
 * OAR through a context: it enables itself (CONTEXT_CONTROL bit 8,
 * OAR_OACONTROL) and brackets 300 commands with two reports; OAR counted
 * only what ran in between, on RCS0.
 */
static void oa_oar_counts_the_context(void)
{
	static uint32_t ring[320];
	struct fx f;
	unsigned int n = 0, i;
	uint32_t r0[64], r1[64], clk;

	oa_setup(&f);
	wr(f.core, RCS + 0x29c, SET(1u << 3));
	wr(f.core, RCS + 0x80, FX_HWSP);
	memset(ring, 0, sizeof(ring));
	ring[n++] = C_LRI(2);
	ring[n++] = RCS + 0x244;
	ring[n++] = SET(1u << 8);
	ring[n++] = VDG1_OAR_CONTROL;
	ring[n++] = 5u << 1 | 1;
	ring[n++] = MI_RPC;
	ring[n++] = FX_SCRATCH | 1;
	ring[n++] = 0;
	ring[n++] = 0x1;
	n += 300;				/* MI_NOOPs */
	ring[n++] = MI_RPC;
	ring[n++] = (FX_SCRATCH + 0x100) | 1;
	ring[n++] = 0;
	ring[n++] = 0x2;
	n += 3;
	fx_ggtt_put(&f, FX_RING, ring, n);
	fx_image(&f, FX_CTX_A, FX_RING, 4 * n);
	/* The TestOa blocks, so that B1 counts every tick. */
	wr(f.core, VDG1_RPM_CONFIG1, VDG1_RPM_CONFIG1_NOA_ENABLE);
	wr(f.core, VDG1_CEC0_0 + 8, 3);
	wr(f.core, VDG1_CEC0_0 + 12, 0xffff);
	rcs_submit(&f, rcs_desc(FX_CTX_A, 7));
	fake_advance(&f.h, f.core, 100000);
	EXPECT_EQ(CNT(f.core, oa_mi_rpc_reports), 2);
	for (i = 0; i < 64; i++) {
		r0[i] = fx_ggtt_get(&f, FX_SCRATCH + 4 * i);
		r1[i] = fx_ggtt_get(&f, FX_SCRATCH + 0x100 + 4 * i);
	}
	EXPECT_EQ(r0[0], 1);
	EXPECT_EQ(r1[0], 2);
	EXPECT_EQ(r0[2], 7u << 5);
	clk = r1[3] - r0[3];
	/* 256 commands a run event: the second report is a run later. */
	EXPECT_TRUE(clk > 0);
	EXPECT_EQ(r1[4] - r0[4], clk);		/* A0 */
	EXPECT_EQ(r1[4 + 7] - r0[4 + 7], clk);	/* A7: RCS0 */
	EXPECT_EQ(r1[4 + 12] - r0[4 + 12], 301);	/* the first RPC, 300 NOOPs */
	EXPECT_EQ(r1[48 + 1] - r0[48 + 1], clk);	/* B1 */
	EXPECT_EQ(r1[48 + 0] - r0[48 + 0], 0);
	/* Not an OA buffer report, and OAG is off. */
	EXPECT_EQ(CNT(f.core, oa_reports_written), 0);
	fx_fini(&f);
}

/* ---- the TestOa set ---- */

/* TestOa's registers (oa-dg1.xml, "Metric set TestOa"), in its order. */
static const struct oa_reg test_oa[] = {
	{ 0x0d04, 0x00000200 }, { 0x9840, 0x00000000 }, { 0x9884, 0x00000000 },
	{ 0x9888, 0x04100000 }, { 0x9888, 0x42000001 },
	{ 0xd920, 0x00000000 }, { 0xd900, 0x00000000 }, { 0xd904, 0xf0800000 },
	{ 0xd910, 0x00000000 }, { 0xd914, 0xf0800000 }, { 0xdc40, 0x00ff0000 },
	{ 0xd940, 0x00000004 }, { 0xd944, 0x0000ffff }, { 0xdc00, 0x00000004 },
	{ 0xdc04, 0x0000ffff }, { 0xd948, 0x00000003 }, { 0xd94c, 0x0000ffff },
	{ 0xdc08, 0x00000003 }, { 0xdc0c, 0x0000ffff }, { 0xd950, 0x00000007 },
	{ 0xd954, 0x0000ffff }, { 0xdc10, 0x00000007 }, { 0xdc14, 0x0000ffff },
	{ 0xd958, 0x00100002 }, { 0xd95c, 0x0000fff7 }, { 0xdc18, 0x00100002 },
	{ 0xdc1c, 0x0000fff7 }, { 0xd960, 0x00100002 }, { 0xd964, 0x0000ffcf },
	{ 0xdc20, 0x00100002 }, { 0xdc24, 0x0000ffcf }, { 0xd968, 0x00100082 },
	{ 0xd96c, 0x0000ffef }, { 0xdc28, 0x00100082 }, { 0xdc2c, 0x0000ffef },
	{ 0xd970, 0x001000c2 }, { 0xd974, 0x0000ffe7 }, { 0xdc30, 0x001000c2 },
	{ 0xdc34, 0x0000ffe7 }, { 0xd978, 0x00100001 }, { 0xd97c, 0x0000ffe7 },
	{ 0xdc38, 0x00100001 }, { 0xdc3c, 0x0000ffe7 }, { 0xe65c, 0xffffffff },
};

/* Ticks t in [t0, t1) with t mod 6 in @residues (a bit mask). */
static uint32_t ticks_in(uint32_t t0, uint32_t t1, unsigned int residues)
{
	uint32_t n = 0, t;

	for (t = t0; t != t1; t++)
		n += residues >> (t % 6) & 1;
	return n;
}

static void within_one(uint32_t got, uint32_t ref, unsigned int line)
{
	if (got + 1 < ref || got > ref + 1)
		test_fail(__FILE__, (int)line, "B delta vs IGT's reference",
			  got, ref);
}

static void oa_test_oa_b_counters(void)
{
	/* Per B counter: the residues of t mod 6 where its event holds. */
	static const unsigned int holds[8] = {
		0x00, 0x3f, 0x3f, 0x15, 0x09, 0x12, 0x02, 0x3a,
	};
	static const unsigned int fmts[2][3] = {	/* fmt, size, B dword */
		{ 2, 128, 16 }, { 5, 256, 48 },
	};
	unsigned int k, i, n;

	for (k = 0; k < 2; k++) {
		unsigned int size = fmts[k][1], bdw = fmts[k][2];
		unsigned int cdw = k ? 56 : 24;
		struct fx f;

		oa_setup(&f);
		for (i = 0; i < sizeof(test_oa) / sizeof(test_oa[0]); i++)
			wr(f.core, test_oa[i].addr, test_oa[i].val);
		oa_open(&f, fmts[k][0], 5, true);
		fake_advance(&f.h, f.core, 20000);
		EXPECT_TRUE(CNT(f.core, oa_reports_written) >= 5);
		for (n = 0; n + 1 < 5; n++) {
			uint32_t t0 = rpt(&f, n, size, 3);
			uint32_t t1 = rpt(&f, n + 1, size, 3);
			uint32_t clk = t1 - t0, b[8];

			for (i = 0; i < 8; i++) {
				b[i] = rpt(&f, n + 1, size, bdw + i) -
				       rpt(&f, n, size, bdw + i);
				EXPECT_EQ(b[i], ticks_in(t0, t1, holds[i]));
			}
			/* What IGT's perf tests assert for TestOa. */
			EXPECT_EQ(b[0], 0);
			EXPECT_EQ(b[1], clk);
			EXPECT_EQ(b[2], clk);
			within_one(b[3], clk / 2, __LINE__);
			within_one(b[4], clk / 3, __LINE__);
			within_one(b[5], clk / 3, __LINE__);
			within_one(b[6], clk / 6, __LINE__);
			within_one(b[7], clk * 2 / 3, __LINE__);
			/* C0, C1: the slice blocks, programmed the same. */
			EXPECT_EQ(rpt(&f, n + 1, size, cdw) -
				  rpt(&f, n, size, cdw), 0);
			EXPECT_EQ(rpt(&f, n + 1, size, cdw + 1) -
				  rpt(&f, n, size, cdw + 1), clk);
		}
		fx_fini(&f);
	}
}

/* Writes @n registers; every one claimed, none a wake violation. */
static void write_set(struct fx *f, const char *name, const struct oa_reg *r,
		      unsigned int n)
{
	uint32_t noa = 0, before = CNT(f->core, oa_noa_writes);
	unsigned int i;

	for (i = 0; i < n; i++) {
		wr(f->core, r[i].addr, r[i].val);
		noa += r[i].addr == VDG1_NOA_WRITE;
	}
	if (CNT(f->core, unclaimed_writes) || CNT(f->core, wake_violations)) {
		printf("# set %s: unclaimed 0x%x, wake violation 0x%x\n", name,
		       CNT(f->core, last_unclaimed),
		       CNT(f->core, last_wake_violation));
		test_fail(__FILE__, __LINE__, "set writes unclaimed or asleep",
			  CNT(f->core, unclaimed_writes),
			  CNT(f->core, wake_violations));
	}
	EXPECT_EQ(CNT(f->core, oa_noa_writes) - before, noa);
}

static void oa_metric_sets_are_claimed(void)
{
	static const struct oa_reg extra[] = {
		/* The whitelists' other offsets (HARDWARE.md 10.11). */
		{ 0x0d00, 0 }, { 0x0d0c, 0 }, { 0x0d2c, 0 }, { 0x20cc, 0 },
		{ 0x2b2c, 0 }, { 0xd93c, 0 }, { 0xdc44, 0 }, { 0xe558, 0 },
		{ 0xe658, 0 }, { 0xe758, 0 }, { 0xe45c, 0 }, { 0xe55c, 0 },
		{ 0x8718, 1u << 30 }, { 0x2360, 1 }, { 0x2364, 0 },
		{ 0x2960, 0xb }, { 0x2968, 0 }, { 0x2aa0, 0 },
	};
	struct fx f;
	unsigned int s;

	oa_setup(&f);
	write_set(&f, "TestOa (built in)", test_oa,
		  sizeof(test_oa) / sizeof(test_oa[0]));
	write_set(&f, "whitelist", extra, sizeof(extra) / sizeof(extra[0]));
	EXPECT_EQ(OA_NUM_SETS, 26);
	for (s = 0; s < OA_NUM_SETS; s++) {
		const struct oa_set *set = &oa_sets[s];

		/* Flat (offset, value) pairs: the layout of struct oa_reg. */
		write_set(&f, set->name, (const void *)set->mux, set->n_mux);
		write_set(&f, set->name, (const void *)set->boolean,
			  set->n_boolean);
		write_set(&f, set->name, (const void *)set->flex, set->n_flex);
	}
	fx_fini(&f);
}

const struct vdg1_test vdg1_tests_oa[] = {
	TEST(oa_registers),
	TEST(oa_registers_need_gt),
	TEST(oa_setup_order),
	TEST(oa_report_formats),
	TEST(oa_periodic_late_timer),
	TEST(oa_buffer_full),
	TEST(oa_half_full_interrupt),
	TEST(oa_disable_stops_reports),
	TEST(oa_gpu_ticks_stop_in_rc6),
	TEST(oa_gpu_ticks_follow_the_frequency),
	TEST(oa_context_switch_reports),
	TEST(oa_mi_report_perf_count),
	TEST(oa_oar_counts_the_context),
	TEST(oa_test_oa_b_counters),
	TEST(oa_metric_sets_are_claimed),
	TEST_END
};
