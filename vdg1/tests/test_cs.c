// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_cs.c - the command streamer on its own: a CS state set up by hand
 * (ring in the GGTT, batches in the PPGTT), commands written as the
 * manual encodes them, results read back from memory.
 */
#include <string.h>

#include "engine_fixture.h"

static void cs_setup(struct fx *f, struct vdg1_cs *cs, unsigned int engine)
{
	fx_init(f);
	vdg1_cs_init(cs, f->core, engine);
	cs->ring_start = FX_RING;
	cs->ring_size = FX_RING_SIZE;
	cs->ppgtt.pml4 = f->pt.pml4;
	cs->ppgtt.ggtt = false;
}

/* Put @n dwords at the tail of the ring and move the tail. */
static void ring_emit(struct fx *f, struct vdg1_cs *cs, const uint32_t *dw,
		      unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		fx_ggtt_put(f, FX_RING + cs->tail, &dw[i], 1);
		cs->tail = (cs->tail + 4) % cs->ring_size;
	}
}

static enum vdg1_cs_stop run(struct vdg1_cs *cs)
{
	uint32_t budget = 1000;

	return vdg1_cs_run(cs, &budget);
}

static void cs_ring_and_batches_store(void)
{
	struct fx f;
	struct vdg1_cs cs;
	const uint32_t va = FX_VA;
	uint32_t batch[] = {
		C_SDI, va + 0x800, 0, 0x1111,
		C_BB_START | C_BB_PPGTT | C_BB_SECOND, va + 0x400, 0,
		C_SDI | 1 | (1u << 21), va + 0x808, 0, 0x3333, 0x4444,
		C_BB_END,
	};
	uint32_t second[] = { C_SDI, va + 0x804, 0, 0x2222, C_BB_END };
	uint32_t ring[] = {
		C_BB_START | C_BB_PPGTT, va, 0,
		C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 0x5555,
		C_NOOP,
	};

	cs_setup(&f, &cs, VDG1_ENGINE_BCS0);
	fx_va_put(&f, va, batch, 13);
	fx_va_put(&f, va + 0x400, second, 5);
	ring_emit(&f, &cs, ring, 8);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_va_get(&f, va + 0x800), 0x1111);
	EXPECT_EQ(fx_va_get(&f, va + 0x804), 0x2222);
	EXPECT_EQ(fx_va_get(&f, va + 0x808), 0x3333);
	EXPECT_EQ(fx_va_get(&f, va + 0x80c), 0x4444);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0x5555);
	EXPECT_EQ(cs.head, cs.tail);
	EXPECT_EQ(cs.depth, 0);
	/* 2 + 4 + 3 ring-and-batch commands and 2 in the second level. */
	EXPECT_EQ(cs.commands, 9);
	EXPECT_EQ(CNT(f.core, engine_commands[VDG1_ENGINE_BCS0]), 9);
	fx_fini(&f);
}

static void cs_budget_and_wrap(void)
{
	struct fx f;
	struct vdg1_cs cs;
	uint32_t noops[8] = { 0 }, sdi[] = { C_SDI | C_SDI_GGTT, FX_SCRATCH, 0,
					    0xabc };
	uint32_t budget = 3;

	cs_setup(&f, &cs, VDG1_ENGINE_VCS0);
	cs.head = cs.tail = FX_RING_SIZE - 8;
	ring_emit(&f, &cs, noops, 1);
	/* A 4-dword command across the end of the ring. */
	ring_emit(&f, &cs, sdi, 4);
	ring_emit(&f, &cs, noops, 2);
	EXPECT_EQ(vdg1_cs_run(&cs, &budget), VDG1_CS_BUDGET);
	EXPECT_EQ(budget, 0);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0xabc);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(cs.head, 20);
	fx_fini(&f);
}

static void cs_errors(void)
{
	static const struct {
		uint32_t dw[4];
		unsigned int n;
	} bad[] = {
		{ { 0x03800000 }, 1 },			/* MI opcode 0x07 */
		{ { C_SDI | C_SDI_GGTT, FX_SCRATCH, 0, 1 }, 4 },	/* GGTT */
		{ { C_ARB_ON }, 1 },			/* privileged */
		{ { C_SDI_INDEX, 0x40, 1 }, 3 },	/* privileged */
		{ { C_LRI(1), 0x2244, 0 }, 3 },		/* not a user register */
		{ { 0x20000000 }, 1 },			/* 2D opcode 0 on VCS */
		{ { 0x7a000004 }, 1 },			/* PIPE_CONTROL on VCS */
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fx f;
		struct vdg1_cs cs;
		uint32_t ring[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };
		uint32_t batch[8] = { 0 };

		cs_setup(&f, &cs, VDG1_ENGINE_VCS0);
		memcpy(batch, bad[i].dw, 4 * bad[i].n);
		batch[bad[i].n] = C_BB_END;
		fx_va_put(&f, FX_VA, batch, 8);
		ring_emit(&f, &cs, ring, 4);
		if (run(&cs) != VDG1_CS_ERROR)
			test_fail(__FILE__, __LINE__, "no error for case", i, 0);
		EXPECT_EQ(cs.error_header, bad[i].dw[0]);
		/* The head stays on the command. */
		EXPECT_EQ(cs.depth, 1);
		EXPECT_EQ(cs.bb_addr[1], FX_VA);
		EXPECT_EQ(CNT(f.core, engine_cs_errors[VDG1_ENGINE_VCS0]), 1);
		EXPECT_EQ(CNT(f.core, last_cs_error), bad[i].dw[0]);
		fx_fini(&f);
	}
}

/*
 * A user batch may write what the engine's FORCE_TO_NONPRIV slots allow
 * (read-write or write, the slot's range), nothing else; an engine reset
 * empties the slots.
 */
static void cs_whitelist(void)
{
	static const struct {
		uint32_t slot, reg;
		bool ok;
	} cases[] = {
		{ 0, 0x7010, false },			/* empty slot */
		{ 0x7010, 0x7010, true },		/* RW, one register */
		{ 0x10007010, 0x7010, false },		/* read only */
		{ 0x20007010, 0x7010, true },		/* write only */
		{ 0x7010 | 1, 0x701c, true },		/* RW, four */
		{ 0x7010 | 1, 0x7020, false },		/* past them */
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fx f;
		struct vdg1_cs cs;
		uint32_t ring[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };
		uint32_t batch[4] = { C_LRI(1), cases[i].reg, 0x10001, C_BB_END };

		cs_setup(&f, &cs, VDG1_ENGINE_VCS0);
		f.core->mmio[0x1c04d0 / 4] = cases[i].slot;
		fx_va_put(&f, FX_VA, batch, 4);
		ring_emit(&f, &cs, ring, 4);
		if ((run(&cs) == VDG1_CS_ERROR) == cases[i].ok)
			test_fail(__FILE__, __LINE__, "whitelist case", i,
				  cases[i].ok);
		fx_fini(&f);
	}
}

static void cs_fault_stops_on_the_command(void)
{
	struct fx f;
	struct vdg1_cs cs;
	uint32_t ring[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };
	uint32_t batch[] = { C_SDI, 0x20000000, 0, 1, C_BB_END };

	cs_setup(&f, &cs, VDG1_ENGINE_VCS0);
	fx_va_put(&f, FX_VA, batch, 5);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_FAULT);
	EXPECT_EQ(cs.bb_addr[1], FX_VA);
	EXPECT_EQ(CNT(f.core, page_faults), 1);
	fx_fini(&f);
}

static void cs_semaphore_wait_and_arbitration(void)
{
	struct fx f;
	struct vdg1_cs cs;
	const uint32_t sem = FX_VA + 0x900;
	uint32_t ring[] = {
		C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP,
	};
	uint32_t batch[] = {
		C_SEM_WAIT | C_SEM_POLL | C_SEM_EQ, 1, sem, 0,
		C_ARB_CHECK,
		C_SDI, sem + 4, 0, 7,
		C_BB_END,
	};
	uint32_t one = 1;

	cs_setup(&f, &cs, VDG1_ENGINE_VECS0);
	fx_va_put(&f, FX_VA, batch, 10);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_WAIT);
	EXPECT_EQ(run(&cs), VDG1_CS_WAIT);
	/* Preemption pending: the wait is an arbitration point, head on it. */
	cs.preempt_pending = true;
	EXPECT_EQ(run(&cs), VDG1_CS_ARB);
	EXPECT_EQ(cs.bb_addr[1], FX_VA);
	cs.preempt_pending = false;
	fx_va_put(&f, sem, &one, 1);
	cs.preempt_pending = true;
	/* Satisfied; then MI_ARB_CHECK stops after itself. */
	EXPECT_EQ(run(&cs), VDG1_CS_ARB);
	EXPECT_EQ(cs.bb_addr[1], FX_VA + 20);
	cs.preempt_pending = false;
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_va_get(&f, sem + 4), 7);
	fx_fini(&f);
}

static void cs_registers_and_math(void)
{
	struct fx f;
	struct vdg1_cs cs;
	const uint32_t base = 0x1c8000, out = FX_VA + 0xa00;
	uint32_t batch[] = {
		C_LRI(2) | (1u << 19), 0x600, 5, 0x608, 7,	/* GPR0, GPR1 */
		C_MATH(4), 0x08008000, 0x08008401, 0x10000000, 0x18000831,
		C_SRM, base + 0x610, out, 0,			/* GPR2 */
		C_MATH(4), 0x08008001, 0x08008400, 0x10100000, 0x18000c33,
		C_SRM, base + 0x618, out + 4, 0,		/* GPR3 = CF */
		C_BB_END,
	};
	uint32_t ring[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };

	cs_setup(&f, &cs, VDG1_ENGINE_VECS0);
	fx_va_put(&f, FX_VA, batch, sizeof(batch) / 4);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(cs.gpr[0], 5);
	EXPECT_EQ(cs.gpr[1], 7);
	EXPECT_EQ(fx_va_get(&f, out), 12);		/* 5 + 7 */
	EXPECT_EQ(cs.gpr[2], 12);
	/* 7 - 5 borrows nothing; 5 - 7 would: R3 = CF of 7 - 5 = 0. */
	EXPECT_EQ(fx_va_get(&f, out + 4), 0);
	fx_fini(&f);
}

static void cs_post_sync_and_interrupts(void)
{
	struct fx f;
	struct vdg1_cs cs;
	uint32_t ring[] = {
		C_FLUSH_DW | (1u << 14) | (1u << 8), FX_SCRATCH | 4, 0, 42,
		C_USER_INTERRUPT, C_NOOP,
	};

	cs_setup(&f, &cs, VDG1_ENGINE_BCS0);
	/* BCS: enable and unmask user and flush-notify (RENDER_COPY 15:0). */
	wr(f.core, 0x190030, 0x0011);
	wr(f.core, 0x1900a0, 0xffeeffff);
	ring_emit(&f, &cs, ring, 6);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 42);
	EXPECT_EQ(rd(f.core, 0x190018), 1u << 15);	/* GT_INTR_DW0: BCS */
	wr(f.core, 0x190070, 1u << 15);
	fake_advance(&f.h, f.core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	EXPECT_EQ(rd(f.core, 0x190060), 0x80000000u | 3 << 16 | 0x11);
	fx_fini(&f);
}

static void cs_blits(void)
{
	struct fx f;
	struct vdg1_cs cs;
	const uint32_t a = FX_VA + 0x10000, b = FX_VA + 0x20000;
	uint32_t batch[] = {
		/* fill 1024 x 2 pixels of 32 bpp at a, pitch 4096 */
		0x51100009u, 4095, 0, 2 << 16 | 1024, a, 0, 0,
		0xdeadbeef, 0, 0, 0,
		/* copy rows 0-1, x 8..1024 of a to b at x 0 */
		0x50800008u, 3u << 24 | 4096, 0, 2 << 16 | 1016, b, 0,
		8, 4096, a, 0,
		C_BB_END,
	};
	uint32_t ring[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };
	uint32_t budget = 1000;

	cs_setup(&f, &cs, VDG1_ENGINE_BCS0);
	fx_va_put(&f, FX_VA, batch, sizeof(batch) / 4);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(vdg1_cs_run(&cs, &budget), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_va_get(&f, a), 0xdeadbeef);
	EXPECT_EQ(fx_va_get(&f, a + 4092), 0xdeadbeef);
	EXPECT_EQ(fx_va_get(&f, a + 4096 + 4092), 0xdeadbeef);
	EXPECT_EQ(fx_va_get(&f, a + 8192), 0);
	EXPECT_EQ(fx_va_get(&f, b), 0xdeadbeef);
	EXPECT_EQ(fx_va_get(&f, b + 4060), 0xdeadbeef);
	EXPECT_EQ(fx_va_get(&f, b + 4064), 0);
	EXPECT_EQ(fx_va_get(&f, b + 4096 + 4060), 0xdeadbeef);
	/* 2 pages filled, 4 pages read and written, 3 other commands. */
	EXPECT_EQ(1000 - budget, 2 + 4 + 3);
	/* Blits are the copy engine's only. */
	fx_fini(&f);
	cs_setup(&f, &cs, VDG1_ENGINE_RCS0);
	fx_va_put(&f, FX_VA, batch, sizeof(batch) / 4);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_ERROR);
	fx_fini(&f);
}

static void cs_atomics_and_conditional_end(void)
{
	struct fx f;
	struct vdg1_cs cs;
	const uint32_t v = FX_VA + 0xc00;
	uint32_t init[] = { 10, 0, 0, 0 };
	uint32_t batch[] = {
		/* ADD inline 5 (op 0x07), CS stall off: 11 dwords */
		0x17840709u, v, 0, 5, 0, 0, 0, 0, 0, 0, 0,
		/* INC of the next dword (op 0x05, no inline data) */
		0x17800501u, v + 4, 0,
		/* end the batch unless memory (15) > 20: it ends */
		0x1b000002u, 20, v, 0,
		C_SDI, v + 8, 0, 0xbad,
		C_BB_END,
	};
	uint32_t ring[] = { C_BB_START | C_BB_PPGTT, FX_VA, 0, C_NOOP };

	cs_setup(&f, &cs, VDG1_ENGINE_VCS0);
	fx_va_put(&f, v, init, 4);
	fx_va_put(&f, FX_VA, batch, sizeof(batch) / 4);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_va_get(&f, v), 15);
	EXPECT_EQ(fx_va_get(&f, v + 4), 1);
	EXPECT_EQ(cs.gpr[0], 0);		/* INC returned the old 0 */
	EXPECT_EQ(fx_va_get(&f, v + 8), 0);	/* the batch ended before */
	fx_fini(&f);
}

static void cs_render_post_sync_and_index(void)
{
	struct fx f;
	struct vdg1_cs cs;
	uint32_t ring[] = {
		/* PIPE_CONTROL: CS stall, QW write immediate, GGTT */
		0x7a000004u, (1u << 20) | (1u << 14) | (1u << 24), FX_SCRATCH,
		0, 0x1234, 0x5678,
		/* MI_STORE_DATA_INDEX dword 0x40 of the status page */
		C_SDI_INDEX, 0x40 * 4, 0xfeed,
		/* LRI RCS GPR3 = 9; LRR GPR3 -> GPR4 (engine-relative) */
		C_LRI(1) | (1u << 19), 0x618, 9,
		0x15000001u | (1u << 18) | (1u << 19), 0x618, 0x620,
		C_NOOP,
	};

	cs_setup(&f, &cs, VDG1_ENGINE_RCS0);
	fake_wake(&f.h, f.core, VDG1_FW_RENDER);
	wr(f.core, 0x2080, FX_HWSP);		/* HWS_PGA */
	ring_emit(&f, &cs, ring, sizeof(ring) / 4);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH), 0x1234);
	EXPECT_EQ(fx_ggtt_get(&f, FX_SCRATCH + 4), 0x5678);
	EXPECT_EQ(fx_ggtt_get(&f, FX_HWSP + 0x100), 0xfeed);
	EXPECT_EQ(cs.gpr[4], 9);
	fx_fini(&f);
}

/*
 * A predicated MI_BATCH_BUFFER_START (bit 15) jumps only while bit 0 of
 * MI_PREDICATE_RESULT_1 is set: i915's NOA wait loops on it.
 */
static void cs_predicated_batch_start(void)
{
	struct fx f;
	struct vdg1_cs cs;
	const uint32_t va = FX_VA, pred1 = 0x2000 + 0x41c;
	const uint32_t pbb = C_BB_START | C_BB_PPGTT | (1u << 15);
	uint32_t batch[] = {
		C_LRI(1), pred1, 0,
		pbb, va + 0x400, 0,		/* not taken */
		C_SDI, va + 0x800, 0, 0x1111,
		C_LRI(1), pred1, 1,
		pbb, va + 0x400, 0,		/* taken: chained */
		C_SDI, va + 0x804, 0, 0x2222,
		C_BB_END,
	};
	uint32_t target[] = { C_SDI, va + 0x808, 0, 0x3333, C_BB_END };
	uint32_t ring[] = { C_BB_START | C_BB_PPGTT, va, 0, C_NOOP };
	uint32_t bcs_batch[] = { pbb, va + 0x400, 0, C_BB_END };

	cs_setup(&f, &cs, VDG1_ENGINE_RCS0);
	fake_wake(&f.h, f.core, VDG1_FW_RENDER);
	fx_va_put(&f, va, batch, sizeof(batch) / 4);
	fx_va_put(&f, va + 0x400, target, 5);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_EMPTY);
	EXPECT_EQ(fx_va_get(&f, va + 0x800), 0x1111);
	EXPECT_EQ(fx_va_get(&f, va + 0x804), 0);
	EXPECT_EQ(fx_va_get(&f, va + 0x808), 0x3333);
	EXPECT_EQ(cs.predicate_result_1, 1);
	fx_fini(&f);

	/* Render only. */
	cs_setup(&f, &cs, VDG1_ENGINE_BCS0);
	fx_va_put(&f, va, bcs_batch, 4);
	ring_emit(&f, &cs, ring, 4);
	EXPECT_EQ(run(&cs), VDG1_CS_ERROR);
	fx_fini(&f);
}

const struct vdg1_test vdg1_tests_cs[] = {
	TEST(cs_ring_and_batches_store),
	TEST(cs_budget_and_wrap),
	TEST(cs_errors),
	TEST(cs_whitelist),
	TEST(cs_fault_stops_on_the_command),
	TEST(cs_semaphore_wait_and_arbitration),
	TEST(cs_registers_and_math),
	TEST(cs_post_sync_and_interrupts),
	TEST(cs_blits),
	TEST(cs_atomics_and_conditional_end),
	TEST(cs_render_post_sync_and_index),
	TEST(cs_predicated_batch_start),
	TEST_END
};
