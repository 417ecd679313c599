// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_execlists.c - submission through the ELSQ on the copy engine, as a
 * driver does it: context images and rings in the GGTT, CSB entries read
 * from the status page and checked against the manual's context-status
 * rows, lite restore, preemption, protocol violations, errors and reset.
 *
 * Entries: lower dword new-queue 0, class 5:3, instance 11:6, "to" id
 * 25:15; upper dword detail 3:0, "away" id 25:15; 0x7ff is idle.
 */
#include <string.h>

#include "engine_fixture.h"

#define BCS		0x22000u
#define BCS_CLASS	3u
#define RING_B		0x6000u
#define IDLE		0x7ffu
#define SW_A		5u
#define SW_B		9u

static uint64_t desc(uint32_t ctx, uint32_t sw)
{
	return ctx | 0x119 | (uint64_t)sw << 37 | (uint64_t)BCS_CLASS << 61;
}

static uint64_t entry(bool nq, uint32_t to, uint32_t away, uint32_t detail)
{
	uint32_t lo = (nq ? 1u : 0) | BCS_CLASS << 3 | to << 15;

	return (uint64_t)(detail | away << 15) << 32 | lo;
}

static uint64_t csb(struct fx *f, unsigned int i)
{
	return fx_ggtt_get(f, FX_HWSP + 4 * (0x10 + 2 * i)) |
	       (uint64_t)fx_ggtt_get(f, FX_HWSP + 4 * (0x11 + 2 * i)) << 32;
}

static uint32_t csb_ptr(struct fx *f)
{
	return fx_ggtt_get(f, FX_HWSP + 4 * 0x2f);
}

static void set_tail(struct fx *f, uint32_t ctx, uint32_t tail)
{
	fx_ggtt_put(f, ctx + 4096 + 4 * 7, &tail, 1);
}

static uint32_t image_dw(struct fx *f, uint32_t ctx, unsigned int dw)
{
	return fx_ggtt_get(f, ctx + 4096 + 4 * dw);
}

static void setup(struct fx *f)
{
	fx_init(f);
	fake_wake(&f->h, f->core, VDG1_FW_GT);
	wr(f->core, BCS + 0x29c, SET(1u << 3));		/* execlists on */
	wr(f->core, BCS + 0x80, FX_HWSP);
	wr(f->core, BCS + 0x3a0, 0x0f0f0b0b);		/* CSB pointers 11 */
}

static void submit(struct fx *f, uint64_t d0, uint64_t d1)
{
	wr(f->core, BCS + 0x510, (uint32_t)d0);
	wr(f->core, BCS + 0x514, (uint32_t)(d0 >> 32));
	wr(f->core, BCS + 0x518, (uint32_t)d1);
	wr(f->core, BCS + 0x51c, (uint32_t)(d1 >> 32));
	wr(f->core, BCS + 0x550, 1);
}

static void el_submit_run_idle(void)
{
	struct fx f;
	uint32_t ring[] = {
		C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 0x77,
		C_USER_INTERRUPT, C_NOOP, C_ARB_CHECK, C_NOOP,
	};
	struct vdg1_engine *e;

	setup(&f);
	e = &f.core->engines.e[VDG1_ENGINE_BCS0];
	fx_ggtt_put(&f, FX_RING, ring, 8);
	fx_image(&f, FX_CTX_A, FX_RING, 32);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	EXPECT_EQ(CNT(f.core, engine_submissions[VDG1_ENGINE_BCS0]), 1);
	/* Taken a little later, not at once. */
	EXPECT_EQ(CNT(f.core, csb_events[1]), 0);
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(csb(&f, 0), entry(true, SW_A, IDLE, 0));
	EXPECT_EQ(csb_ptr(&f), 0);
	EXPECT_EQ(rd(f.core, BCS + 0x3a0) & 0xf, 0);
	EXPECT_EQ(CNT(f.core, csb_events[1]), 1);
	EXPECT_TRUE(e->busy);
	EXPECT_EQ(rd(f.core, BCS + 0x180), FX_CTX_A | 1);	/* CCID */
	/* Nothing ran yet: no command executes in zero time. */
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0);
	fake_advance(&f.h, f.core, 10000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0x77);
	EXPECT_EQ(csb(&f, 1), entry(false, IDLE, SW_A, 0));
	EXPECT_EQ(csb_ptr(&f), 1);
	EXPECT_EQ(rd(f.core, BCS + 0x378), (uint32_t)csb(&f, 1));
	EXPECT_EQ(rd(f.core, BCS + 0x37c), (uint32_t)(csb(&f, 1) >> 32));
	EXPECT_EQ(CNT(f.core, csb_events[10]), 1);
	EXPECT_EQ(CNT(f.core, engine_csb_entries[VDG1_ENGINE_BCS0]), 2);
	EXPECT_EQ(CNT(f.core, engine_commands[VDG1_ENGINE_BCS0]), 5);
	EXPECT_TRUE(!e->busy);
	EXPECT_EQ(rd(f.core, BCS + 0x9c) & (1u << 9), 1u << 9);	/* idle */
	/* Saved: head, runtime, restore no longer inhibited. */
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x05), 32);
	EXPECT_TRUE(image_dw(&f, FX_CTX_A, 0x23) > 0);
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x03), 0x00010008);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

/*
 * A command takes cs-ns-per-command (50 ns) at RP0 and longer as the
 * granted frequency is lower: 40 NOOPs and a store leave the engine idle
 * 4 us after the load at RP0, not yet at RPn (300 MHz: 258 ns each), by
 * 12 us more. (The engine runs a stretch of commands at once and takes
 * their time after: the store lands early, the engine idles late.)
 */
static void el_command_time_follows_the_frequency(void)
{
	uint32_t ring[48] = { 0 };
	struct vdg1_engine *e;
	struct fx f;
	int rp0;

	ring[40] = C_SDI | C_SDI_GGTT;
	ring[41] = FX_SCRATCH;
	ring[43] = 0x77;
	for (rp0 = 0; rp0 < 2; rp0++) {
		setup(&f);
		if (rp0)
			wr(f.core, VDG1_RPNSWREQ, 93u << 23);
		fx_ggtt_put(&f, FX_RING, ring, 48);
		fx_image(&f, FX_CTX_A, FX_RING, 4 * 44);
		e = &f.core->engines.e[VDG1_ENGINE_BCS0];
		submit(&f, desc(FX_CTX_A, SW_A), 0);
		fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS + 4000);
		EXPECT_EQ(e->busy, !rp0);
		fake_advance(&f.h, f.core, 12000);
		EXPECT_TRUE(!e->busy);
		EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0x77);
		EXPECT_EQ(CNT(f.core, protocol_violations), 0);
		fx_fini(&f);
	}
}

/*
 * The counters page sums the time from each EXECLIST_CONTROL load to the
 * engine's next MI_USER_INTERRUPT on the host's clock: 40 NOOPs then two
 * interrupts make one pair. With a host that runs every event on time
 * (100 ns steps) it is at least the load's 200 ns and at most that plus
 * the commands' time; with one that runs them all 20 us late, it is
 * those 20 us, as a guest would wait them.
 */
static uint64_t load_to_user_irq(bool late)
{
	uint32_t ring[44] = { 0 };
	unsigned int i;
	uint64_t ns;
	struct fx f;

	ring[40] = C_USER_INTERRUPT;
	ring[41] = C_USER_INTERRUPT;
	setup(&f);
	fx_ggtt_put(&f, FX_RING, ring, 44);
	fx_image(&f, FX_CTX_A, FX_RING, 4 * 42);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	for (i = 0; i < 200; i++)
		fake_advance(&f.h, f.core, late && !i ? 20000 : 100);
	ns = (uint64_t)CNT(f.core, load_to_user_irq_ns_hi) << 32 |
	     CNT(f.core, load_to_user_irq_ns_lo);
	EXPECT_EQ(CNT(f.core, load_to_user_irqs), 1);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
	return ns;
}

static void el_load_to_user_irq_latency(void)
{
	uint64_t ns = load_to_user_irq(false);

	EXPECT_TRUE(ns >= VDG1_EL_LOAD_NS);
	EXPECT_TRUE(ns <= VDG1_EL_LOAD_NS + 42 * 50 + 200);
	EXPECT_EQ(load_to_user_irq(true), 20000);
}

static void el_two_ports_element_switch(void)
{
	struct fx f;
	uint32_t ra[] = { C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 1 };
	uint32_t rb[] = { C_SDI | C_SDI_GGTT, FX_SCRATCH + 4, 0, 2 };

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ra, 4);
	fx_ggtt_put(&f, RING_B, rb, 4);
	fx_image(&f, FX_CTX_A, FX_RING, 16);
	fx_image(&f, FX_CTX_B, RING_B, 16);
	submit(&f, desc(FX_CTX_A, SW_A), desc(FX_CTX_B, SW_B));
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(csb(&f, 0), entry(true, SW_A, IDLE, 0));
	EXPECT_EQ(csb(&f, 1), entry(false, SW_B, SW_A, 0));	/* row 8 */
	EXPECT_EQ(csb(&f, 2), entry(false, IDLE, SW_B, 0));
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 1);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 2);
	EXPECT_EQ(CNT(f.core, csb_events[8]), 1);
	fx_fini(&f);
}

static void el_lite_restore_and_same_tail(void)
{
	struct fx f;
	uint32_t ring[] = {
		C_SEM_WAIT | C_SEM_POLL | C_SEM_EQ | (1u << 22), 1, FX_SCRATCH, 0,
		C_ARB_CHECK, C_NOOP,
		C_SDI | C_SDI_GGTT, FX_SCRATCH + 4, 0, 5,
	};
	uint32_t one = 1;

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ring, 10);
	fx_image(&f, FX_CTX_A, FX_RING, 24);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 5000);
	EXPECT_TRUE(f.core->engines.e[VDG1_ENGINE_BCS0].active);
	/* More work for the running context: only its tail moves. */
	set_tail(&f, FX_CTX_A, 40);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(csb(&f, 1), entry(true, SW_A, SW_A, 0));	/* row 7 */
	EXPECT_EQ(CNT(f.core, csb_events[7]), 1);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	/* The same tail again needs FORCE_RESTORE. */
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_SAME_TAIL]), 1);
	submit(&f, desc(FX_CTX_A, SW_A) | 4, 0);
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	EXPECT_EQ(CNT(f.core, protocol_violations), 1);
	fx_ggtt_put(&f, FX_SCRATCH, &one, 1);
	fake_advance(&f.h, f.core, 10000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 5);
	EXPECT_EQ(csb(&f, 4), entry(false, IDLE, SW_A, 0));
	fx_fini(&f);
}

/*
 * A restore-inhibited load keeps the engine state the previous context left
 * (GPRs, predicate), as hardware does; a full restore loads the image's.
 */
static void el_inhibited_load_keeps_state(void)
{
	struct fx f;
	uint32_t ra[] = {
		C_LRI(3), BCS + 0x600, 0x1234, BCS + 0x41c, 1, 0x22204, 0x202,
		C_NOOP, C_NOOP, C_NOOP,
	};
	uint32_t rb[] = {
		C_SRM | C_SDI_GGTT, BCS + 0x600, FX_SCRATCH, 0,
		C_SRM | C_SDI_GGTT, BCS + 0x41c, FX_SCRATCH + 4, 0,
	};
	uint32_t zero[2] = { 0, 0 }, gpr0 = 0x55, head = 0, pred = 0;

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ra, 10);
	fx_ggtt_put(&f, RING_B, rb, 8);
	fx_image(&f, FX_CTX_A, FX_RING, 40);
	fx_image(&f, FX_CTX_B, RING_B, 32);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	/*
	 * The register log has A's BLIT_CCTL, from the copy engine, and not
	 * the GPR or predicate, which are the context's.
	 */
	EXPECT_EQ(vdg1_reglog_sources(&f.core->reglog, 0x22204),
		  VDG1_REGLOG_ENGINE(VDG1_ENGINE_BCS0));
	EXPECT_EQ(vdg1_reglog_sources(&f.core->reglog, BCS + 0x600), 0);
	EXPECT_EQ(vdg1_reglog_sources(&f.core->reglog, BCS + 0x41c), 0);
	/* Saved with A: its GPR0 and MI_PREDICATE_RESULT_1. */
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x75), 0x1234);
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x73), 1);
	/* B, inhibited, reads what A left. */
	submit(&f, desc(FX_CTX_B, SW_B), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0x1234);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 1);
	/* B again, now restored from its image: the image's values. */
	fx_ggtt_put(&f, FX_SCRATCH, zero, 2);
	fx_ggtt_put(&f, FX_CTX_B + 4096 + 4 * 0x75, &gpr0, 1);
	fx_ggtt_put(&f, FX_CTX_B + 4096 + 4 * 0x73, &pred, 1);
	fx_ggtt_put(&f, FX_CTX_B + 4096 + 4 * 0x05, &head, 1);
	submit(&f, desc(FX_CTX_B, SW_B), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0x55);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 0);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

/*
 * The workaround batches of a context load (Vol 13 "Workaround Batch
 * Buffers"): INDIRECT_CTX, exactly its size, then BB_PER_CTX_PTR to its
 * MI_BATCH_BUFFER_END, both before the ring; INDIRECT_CTX not when the
 * restore is inhibited.
 */
static void el_workaround_batches_run_at_load(void)
{
	struct fx f;
	const uint32_t wa = 0x18000, per_ctx = 0x19000;
	uint32_t ind[20] = {
		C_LRI(1), 0x22204, 0x202,
		C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 1,
		/* NOOPs to 64 bytes; past them, never run: */
		[16] = C_SDI | C_SDI_GGTT, FX_SCRATCH + 12, 0, 0xbad,
	};
	uint32_t bb[] = {
		C_SDI | C_SDI_GGTT, FX_SCRATCH + 4, 0, 2, C_BB_END, C_NOOP,
	};
	uint32_t ring[] = {
		C_SRM | C_SDI_GGTT, 0x22204, FX_SCRATCH + 8, 0,
	};
	uint32_t v, zero[4] = { 0 };

	setup(&f);
	fx_ggtt_put(&f, wa, ind, 20);
	fx_ggtt_put(&f, per_ctx, bb, 6);
	fx_ggtt_put(&f, FX_RING, ring, 4);
	fx_image(&f, FX_CTX_A, FX_RING, 16);
	v = wa | 1;				/* one cacheline */
	fx_ggtt_put(&f, FX_CTX_A + 4096 + 4 * 0x15, &v, 1);
	v = per_ctx | 5;			/* VALID | FORCE */
	fx_ggtt_put(&f, FX_CTX_A + 4096 + 4 * 0x13, &v, 1);
	v = 0x00090008;				/* restore not inhibited */
	fx_ggtt_put(&f, FX_CTX_A + 4096 + 4 * 0x03, &v, 1);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 1);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 2);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 8), 0x202);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 12), 0);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);

	/* Inhibited: the per-context batch only. */
	fx_ggtt_put(&f, FX_SCRATCH, zero, 4);
	fx_image(&f, FX_CTX_B, FX_RING, 16);
	v = wa | 1;
	fx_ggtt_put(&f, FX_CTX_B + 4096 + 4 * 0x15, &v, 1);
	v = per_ctx | 5;
	fx_ggtt_put(&f, FX_CTX_B + 4096 + 4 * 0x13, &v, 1);
	submit(&f, desc(FX_CTX_B, SW_B), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 2);
	fx_fini(&f);
}

/*
 * The descriptor's privilege bit: without it the ring's commands are a
 * user's, and an LRI to a privileged register is an instruction error.
 */
static void el_unprivileged_descriptor(void)
{
	struct fx f;
	uint32_t ring[] = {
		C_LRI(1), 0x22204, 0x202, C_NOOP,
		C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 1,
	};

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ring, 8);
	fx_image(&f, FX_CTX_A, FX_RING, 32);
	/* BLIT_CCTL is a user register on the copy engine: allowed. */
	submit(&f, desc(FX_CTX_A, SW_A) & ~0x100ull, 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0);	/* GGTT store refused */
	EXPECT_EQ(rd(f.core, BCS + 0xb0) & 1, 1);	/* EIR: instruction error */
	fx_fini(&f);

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ring, 8);
	fx_image(&f, FX_CTX_A, FX_RING, 32);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 1);
	EXPECT_EQ(rd(f.core, BCS + 0xb0) & 1, 0);
	fx_fini(&f);
}

/*
 * The status registers a hang report reads follow the CS into a user's
 * batch: ACTHD/DMA_FADD and BBADDR at the command that halted it (a PPGTT
 * address above 4 GiB: the upper dwords count), IPEHR its header; the
 * header goes into the image's IPEHR slot with the rest of the state.
 */
static void el_status_registers_follow_the_cs(void)
{
	const uint64_t va = FX_VA + (1ull << 32) + 0x100;
	uint32_t ring[] = {
		C_BB_START | C_BB_PPGTT, (uint32_t)va, (uint32_t)(va >> 32),
		C_NOOP,
	};
	uint32_t batch[] = { C_NOOP, C_NOOP, 0x03800000, C_BB_END };
	struct fx f;

	setup(&f);
	fake_pt_set(&f.pt, va, 1, (FX_PPGTT_LMEM + 0x80000) | (1ull << 11) | 0x3);
	memcpy(f.h.lmem + FX_PPGTT_LMEM + 0x80000 + (va & 0xfff), batch,
	       sizeof(batch));
	fx_ggtt_put(&f, FX_RING, ring, 4);
	fx_image(&f, FX_CTX_A, FX_RING, 16);
	EXPECT_EQ(rd(f.core, BCS + 0x74), 0);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(rd(f.core, BCS + 0xb0) & 1, 1);	/* EIR: instruction error */
	EXPECT_EQ(rd(f.core, BCS + 0x74), (uint32_t)(va + 8));
	EXPECT_EQ(rd(f.core, BCS + 0x5c), (uint32_t)(va >> 32));
	EXPECT_EQ(rd(f.core, BCS + 0x78), (uint32_t)(va + 8));	/* DMA_FADD */
	EXPECT_EQ(rd(f.core, BCS + 0x60), (uint32_t)(va >> 32));
	EXPECT_EQ(rd(f.core, BCS + 0x140), (uint32_t)(va + 8));	/* BBADDR */
	EXPECT_EQ(rd(f.core, BCS + 0x168), (uint32_t)(va >> 32));
	EXPECT_EQ(rd(f.core, BCS + 0x68), 0x03800000);	/* IPEHR */
	EXPECT_EQ(rd(f.core, BCS + 0x64), 0);		/* IPEIR */
	EXPECT_EQ(CNT(f.core, unclaimed_reads), 0);
	fx_fini(&f);
}

/* Set by el_save_keeps_software_tail's hook: the tail the "CPU" wrote. */
static uint32_t racing_tail;

/* The first write into context A's register state: the CPU's tail lands. */
static void tail_during_save(struct fake_host *h, enum vdg1_mem mem,
			     uint64_t addr, size_t len)
{
	uint64_t state = FX_GGTT_LMEM + FX_CTX_A + 4096;

	(void)len;
	if (mem != VDG1_MEM_LMEM || addr < state || addr >= state + 4096)
		return;
	h->before_write = NULL;
	memcpy(h->lmem + state + 4 * 7, &racing_tail, 4);
}

/*
 * A driver writes a new tail into the image of a context the engine is
 * switching out (i915 and xe do, for a lite restore that races the
 * completion) and then loads it again: the save keeps that tail, so the
 * load runs the new commands.
 */
static void el_save_keeps_software_tail(void)
{
	struct fx f;
	uint32_t ring[] = {
		C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 1,
		C_SDI | C_SDI_GGTT, FX_SCRATCH + 4, 0, 2,
	};

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ring, 8);
	fx_image(&f, FX_CTX_A, FX_RING, 16);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	racing_tail = 32;
	f.h.before_write = tail_during_save;
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(csb(&f, 1), entry(false, IDLE, SW_A, 0));
	EXPECT_TRUE(f.h.before_write == NULL);		/* the save wrote */
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 1);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 0);
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x07), 32);
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x05), 16);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 2);
	EXPECT_EQ(csb(&f, 3), entry(false, IDLE, SW_A, 0));
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

/*
 * With a save delay, the switch-out comes that long after the ring ran
 * empty, the breadcrumb long written: the window in which a driver must
 * not free the image. A lite restore during the save runs the new
 * commands, and the switch-out waits for the save again.
 */
static void el_save_delay(void)
{
	struct fx f;
	uint32_t ring[] = {
		C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 1, C_USER_INTERRUPT, C_NOOP,
		C_SDI | C_SDI_GGTT, FX_SCRATCH + 4, 0, 2,
	};

	setup(&f);
	wr(f.core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(el_save_delay_ns),
	   1000000);
	EXPECT_EQ(CNT(f.core, el_save_delay_ns), 1000000);
	fx_ggtt_put(&f, FX_RING, ring, 10);
	fx_image(&f, FX_CTX_A, FX_RING, 24);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 1);
	EXPECT_EQ(CNT(f.core, csb_events[10]), 0);	/* still saving */
	/* More work meanwhile: it runs, then the save starts over. */
	set_tail(&f, FX_CTX_A, 40);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 2);
	EXPECT_EQ(CNT(f.core, csb_events[7]), 1);
	fake_advance(&f.h, f.core, 900000);
	EXPECT_EQ(CNT(f.core, csb_events[10]), 0);
	fake_advance(&f.h, f.core, 100000);
	EXPECT_EQ(csb(&f, 2), entry(false, IDLE, SW_A, 0));
	EXPECT_EQ(CNT(f.core, csb_events[10]), 1);
	/* Off again: at once. */
	wr(f.core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(el_save_delay_ns),
	   0);
	submit(&f, desc(FX_CTX_A, SW_A) | 4, 0);
	fake_advance(&f.h, f.core, 20000);
	EXPECT_EQ(CNT(f.core, csb_events[10]), 2);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

static void el_preemption_at_a_wait(void)
{
	struct fx f;
	uint32_t ra[] = {
		C_ARB_ON,
		C_SEM_WAIT | C_SEM_POLL | C_SEM_EQ | (1u << 22), 1, FX_SCRATCH, 0,
		C_SDI | C_SDI_GGTT, FX_SCRATCH + 4, 0, 0xa,
		C_NOOP, C_NOOP, C_NOOP,
	};
	uint32_t rb[] = { C_SDI | C_SDI_GGTT, FX_SCRATCH + 8, 0, 0xb };
	uint32_t one = 1;

	setup(&f);
	fx_ggtt_put(&f, FX_RING, ra, 12);
	fx_ggtt_put(&f, RING_B, rb, 4);
	fx_image(&f, FX_CTX_A, FX_RING, 48);
	fx_image(&f, FX_CTX_B, RING_B, 16);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 5000);
	submit(&f, desc(FX_CTX_B, SW_B), 0);
	fake_advance(&f.h, f.core, 10000);
	EXPECT_EQ(csb(&f, 1), entry(true, SW_B, SW_A, 5));	/* row 5 */
	EXPECT_EQ(csb(&f, 2), entry(false, IDLE, SW_B, 0));
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 8), 0xb);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 0);
	EXPECT_EQ(CNT(f.core, preemptions), 1);
	EXPECT_EQ(CNT(f.core, csb_events[5]), 1);
	/* A resumes at its wait: the saved head. */
	EXPECT_EQ(image_dw(&f, FX_CTX_A, 0x05), 4);
	fx_ggtt_put(&f, FX_SCRATCH, &one, 1);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 10000);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 0xa);
	EXPECT_EQ(csb(&f, 3), entry(true, SW_A, IDLE, 0));
	EXPECT_EQ(csb(&f, 4), entry(false, IDLE, SW_A, 0));
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

static void el_protocol_violations(void)
{
	struct fx f;
	uint32_t ring[] = { C_NOOP, C_NOOP };

	fx_init(&f);
	fake_wake(&f.h, f.core, VDG1_FW_GT);
	fx_ggtt_put(&f, FX_RING, ring, 2);
	fx_image(&f, FX_CTX_A, FX_RING, 8);
	/* Execlists not enabled yet. */
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_SUBMIT_DISABLED]), 1);
	wr(f.core, BCS + 0x29c, SET(1u << 3));
	wr(f.core, BCS + 0x80, FX_HWSP);
	/* Not valid; an LRCA the GGTT does not map; the idle id. */
	submit(&f, desc(FX_CTX_A, SW_A) & ~1ull, 0);
	submit(&f, desc(0x7ff000, SW_A), 0);
	submit(&f, desc(FX_CTX_A, IDLE), 0);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_BAD_DESCRIPTOR]), 3);
	EXPECT_EQ(CNT(f.core, engine_submissions[VDG1_ENGINE_BCS0]), 0);
	/* A load pending: the queue and the control are not to be touched. */
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	wr(f.core, BCS + 0x510, 0);
	wr(f.core, BCS + 0x550, 1);
	EXPECT_EQ(CNT(f.core, pv_by_kind[VDG1_PV_ELSQ_PENDING]), 2);
	EXPECT_EQ(CNT(f.core, protocol_violations), 6);
	EXPECT_EQ(CNT(f.core, last_protocol_violation), VDG1_PV_ELSQ_PENDING);
	fx_fini(&f);
}

static void el_error_reset_handshake_gdrst(void)
{
	struct fx f;
	uint32_t ring[] = { 0x03800000, C_NOOP };	/* MI opcode 0x07 */
	struct vdg1_engine *e;

	setup(&f);
	e = &f.core->engines.e[VDG1_ENGINE_BCS0];
	wr(f.core, 0x190030, 0x0008);			/* BCS master error */
	wr(f.core, 0x1900a0, 0xfff7ffff);
	wr(f.core, BCS + 0xb4, ~1u);			/* EMR: instruction */
	wr(f.core, BCS + 0x4d0, 0x7010);		/* a whitelist slot */
	wr(f.core, BCS + 0xc4, SET(0x102));		/* RING_CMD_CCTL */
	fx_ggtt_put(&f, FX_RING, ring, 2);
	fx_image(&f, FX_CTX_A, FX_RING, 8);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 5000);
	EXPECT_EQ(rd(f.core, BCS + 0xb0), 1);		/* EIR */
	EXPECT_EQ(rd(f.core, 0x190018), 1u << 15);	/* the interrupt */
	EXPECT_EQ(CNT(f.core, engine_cs_errors[VDG1_ENGINE_BCS0]), 1);
	EXPECT_EQ(CNT(f.core, last_cs_error), 0x03800000);
	/* Where it stopped: the ring's first dword, that header. */
	EXPECT_EQ(rd(f.core, BCS + 0x74), FX_RING);	/* ACTHD */
	EXPECT_EQ(rd(f.core, BCS + 0x5c), 0);		/* ACTHD_UDW */
	EXPECT_EQ(rd(f.core, BCS + 0x68), 0x03800000);	/* IPEHR */
	/* Halted, not idle: the context stays on, the domain busy. */
	EXPECT_TRUE(e->active && e->busy);
	EXPECT_EQ(CNT(f.core, csb_events[10]), 0);
	/* Reset: stop, request, ready, GDRST. */
	wr(f.core, BCS + 0x9c, SET(1u << 8));
	wr(f.core, BCS + 0xd0, SET(1u << 0));
	EXPECT_EQ(rd(f.core, BCS + 0xd0) & 2, 0);
	fake_advance(&f.h, f.core, VDG1_EL_RESET_NS);
	EXPECT_EQ(rd(f.core, BCS + 0xd0) & 2, 2);
	wr(f.core, 0x941c, 1u << 2);
	EXPECT_EQ(rd(f.core, 0x941c), 1u << 2);
	EXPECT_EQ(CNT(f.core, engine_resets[VDG1_ENGINE_BCS0]), 1);
	EXPECT_EQ(CNT(f.core, engine_resets[VDG1_ENGINE_RCS0]), 0);
	fake_advance(&f.h, f.core, VDG1_EL_RESET_NS);
	EXPECT_EQ(rd(f.core, 0x941c), 0);
	EXPECT_TRUE(!e->active && !e->busy && !e->hung);
	EXPECT_EQ(rd(f.core, BCS + 0xb0), 0);
	EXPECT_EQ(rd(f.core, BCS + 0x74), 0);		/* no context */
	EXPECT_EQ(rd(f.core, BCS + 0x29c), 0);		/* execlists off */
	/* The engine's whitelist and CS MOCS are back at reset too. */
	EXPECT_EQ(rd(f.core, BCS + 0x4d0), 0);
	EXPECT_EQ(rd(f.core, BCS + 0xc4), 0);
	/* Set up again, the engine works. */
	wr(f.core, BCS + 0x29c, SET(1u << 3));
	wr(f.core, BCS + 0x80, FX_HWSP);
	ring[0] = C_NOOP;
	fx_ggtt_put(&f, FX_RING, ring, 2);
	fx_image(&f, FX_CTX_A, FX_RING, 8);
	submit(&f, desc(FX_CTX_A, SW_A), 0);
	fake_advance(&f.h, f.core, 5000);
	EXPECT_EQ(CNT(f.core, csb_events[10]), 1);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

/*
 * A GDRST bit in the counters page's gdrst_stuck resets its engines but
 * never clears (a failed reset) until taken out of the mask; other bits
 * clear as usual, and the mask survives a device reset.
 */
/* The host's cost of running commands: 1 us per memory write. */
static void write_costs_1us(struct fake_host *h, enum vdg1_mem mem,
			    uint64_t addr, size_t len)
{
	(void)mem;
	(void)addr;
	(void)len;
	h->now += 1000;
}

/*
 * Rings of stores on @n engines (bcs0, then rcs0), each store costing the
 * host 1 us: a run of VDG1_EL_BUDGET stores costs 256 us, far above its
 * commands' time, so each engine's next run waits out the pace. Return in
 * @gap the deadlines of their next runs after the clock, smallest first.
 */
static void paced_runs(unsigned int n, uint64_t gap[2])
{
	static const uint32_t bases[2] = { BCS, 0x2000u };
	static const uint32_t ctxs[2] = { FX_CTX_A, FX_CTX_B };
	enum { N = FX_RING_SIZE / 4 - 4 };
	uint32_t ring[N];
	uint64_t d[2];
	unsigned int i;
	struct fx f;

	for (i = 0; i + 4 <= N; i += 4) {
		ring[i] = C_SDI | C_SDI_GGTT;
		ring[i + 1] = FX_SCRATCH;
		ring[i + 2] = 0;
		ring[i + 3] = i;
	}
	setup(&f);
	fake_wake(&f.h, f.core, VDG1_FW_RENDER);
	wr(f.core, 0x2000 + 0x29c, SET(1u << 3));
	wr(f.core, 0x2000 + 0x80, FX_SCRATCH + 0x1000);
	wr(f.core, 0x2000 + 0x3a0, 0x0f0f0b0b);
	fx_ggtt_put(&f, FX_RING, ring, N);
	for (i = 0; i < n; i++) {
		fx_image(&f, ctxs[i], FX_RING, sizeof(ring));
		wr(f.core, bases[i] + 0x510, (uint32_t)desc(ctxs[i], SW_A + i));
		wr(f.core, bases[i] + 0x514, (uint32_t)(desc(ctxs[i], SW_A + i) >> 32));
		wr(f.core, bases[i] + 0x518, 0);
		wr(f.core, bases[i] + 0x51c, 0);
		wr(f.core, bases[i] + 0x550, 1);
	}
	fake_advance(&f.h, f.core, VDG1_EL_LOAD_NS);
	f.h.before_write = write_costs_1us;
	fake_advance(&f.h, f.core, 1000);
	f.h.before_write = NULL;
	d[0] = f.core->engines.e[VDG1_ENGINE_BCS0].run_ev.deadline;
	d[1] = n > 1 ? f.core->engines.e[VDG1_ENGINE_RCS0].run_ev.deadline : d[0];
	for (i = 0; i < 2; i++)
		gap[i] = d[i] - f.h.now;
	if (gap[1] < gap[0]) {
		uint64_t t = gap[0];

		gap[0] = gap[1];
		gap[1] = t;
	}
	EXPECT_EQ(CNT(f.core, engine_commands[VDG1_ENGINE_BCS0]),
		  VDG1_EL_BUDGET);
	EXPECT_EQ(CNT(f.core, protocol_violations), 0);
	fx_fini(&f);
}

/*
 * Busy engines together take at most 1/VDG1_EL_PACE of the host's time:
 * one engine's 256 us run is followed by 3 x 256 us for the guest; two
 * engines' runs by 7 x 256 us each, counted from the end of each (the
 * second ran 256 us after the first). Paced one by one, five endless
 * batches left the guest a tenth of the host (Documentation/testing.rst,
 * "Busy engines and a starved guest").
 */
static void el_pacing_shares_the_host_among_engines(void)
{
	uint64_t gap[2];

	paced_runs(1, gap);
	EXPECT_EQ(gap[0], 3 * 256000ull);
	paced_runs(2, gap);
	EXPECT_EQ(gap[0], 7 * 256000ull - 256000);
	EXPECT_EQ(gap[1], 7 * 256000ull);
}

static void el_gdrst_stuck_bits_never_clear(void)
{
	struct fx f;

	setup(&f);
	wr(f.core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(gdrst_stuck),
	   1u << 2);
	EXPECT_EQ(CNT(f.core, gdrst_stuck), 1u << 2);
	wr(f.core, 0x941c, 1u << 2 | 1u << 1);
	EXPECT_EQ(CNT(f.core, engine_resets[VDG1_ENGINE_BCS0]), 1);
	EXPECT_EQ(CNT(f.core, engine_resets[VDG1_ENGINE_RCS0]), 1);
	fake_advance(&f.h, f.core, 100 * VDG1_EL_RESET_NS);
	EXPECT_EQ(rd(f.core, 0x941c), 1u << 2);
	/* A full reset completes; the stuck engine bit stays. */
	wr(f.core, 0x941c, 1u << 0);
	EXPECT_EQ(CNT(f.core, engine_resets[VDG1_ENGINE_BCS0]), 2);
	fake_advance(&f.h, f.core, VDG1_EL_RESET_NS);
	EXPECT_EQ(rd(f.core, 0x941c), 1u << 2);
	vdg1_core_reset(f.core);
	fake_wake(&f.h, f.core, VDG1_FW_GT);
	EXPECT_EQ(CNT(f.core, gdrst_stuck), 1u << 2);
	wr(f.core, 0x941c, 1u << 2);
	fake_advance(&f.h, f.core, VDG1_EL_RESET_NS);
	EXPECT_EQ(rd(f.core, 0x941c), 1u << 2);
	/* Out of the mask, the reset completes. */
	wr(f.core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(gdrst_stuck), 0);
	EXPECT_EQ(rd(f.core, 0x941c), 0);
	EXPECT_EQ(CNT(f.core, wake_violations), 0);
	fx_fini(&f);
}

const struct vdg1_test vdg1_tests_execlists[] = {
	TEST(el_submit_run_idle),
	TEST(el_command_time_follows_the_frequency),
	TEST(el_load_to_user_irq_latency),
	TEST(el_two_ports_element_switch),
	TEST(el_lite_restore_and_same_tail),
	TEST(el_inhibited_load_keeps_state),
	TEST(el_workaround_batches_run_at_load),
	TEST(el_unprivileged_descriptor),
	TEST(el_save_keeps_software_tail),
	TEST(el_save_delay),
	TEST(el_preemption_at_a_wait),
	TEST(el_protocol_violations),
	TEST(el_error_reset_handshake_gdrst),
	TEST(el_status_registers_follow_the_cs),
	TEST(el_gdrst_stuck_bits_never_clear),
	TEST(el_pacing_shares_the_host_among_engines),
	TEST_END
};
