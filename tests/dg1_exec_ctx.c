// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec_ctx.c - a new queue starts from the engine's state at probe,
 * not from what another client left on the engine: client A sets every
 * GPR and MI_PREDICATE_RESULT_1 and finishes; client B, in another file,
 * stores them from its first batch. They must read as after a reset, zero
 * (the GPRs and predicates have no other reset value: Vol 13 General
 * Assets, "User Mode Privileged Commands" lists them as the registers a
 * batch owns). A restore-inhibited first load keeps A's values on a DG1,
 * and on vdg1 (Documentation/vdg1.rst, "Contexts"). And what the render
 * whitelist lets a user batch do. Part of dg1_exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_gem.h"
#include "dg1_exec.h"

#define MI_LOAD_REGISTER_IMM(n)	(0x11000000u | (2 * (n) - 1))
#define MI_STORE_REGISTER_MEM	0x12000002u	/* PPGTT from a user batch */
#define GPRS			16
#define PRED_RESULT_1		0x41c

/* Client A's batch: every GPR dword and the predicate set, recognisably. */
static uint32_t *emit_dirty(uint32_t *cs, uint32_t base)
{
	unsigned int i;

	*cs++ = MI_LOAD_REGISTER_IMM(2 * GPRS + 1);
	for (i = 0; i < 2 * GPRS; i++) {
		*cs++ = base + 0x600 + 4 * i;
		*cs++ = 0xa5000000u | i;
	}
	*cs++ = base + PRED_RESULT_1;
	*cs++ = 1;
	return cs;
}

/* Client B's: each of them stored at LMEM_VA + 4 * i (the predicate last). */
static uint32_t *emit_dump(uint32_t *cs, uint32_t base)
{
	unsigned int i;

	for (i = 0; i <= 2 * GPRS; i++) {
		*cs++ = MI_STORE_REGISTER_MEM;
		*cs++ = i < 2 * GPRS ? base + 0x600 + 4 * i :
				       base + PRED_RESULT_1;
		*cs++ = (uint32_t)(LMEM_VA + 4 * i);
		*cs++ = (uint32_t)((LMEM_VA + 4 * i) >> 32);
	}
	return cs;
}

void test_ctx_isolation(void)
{
	unsigned int e, i, leaked = 0;

	for (e = 0; e < dut.num_engines; e++) {
		uint32_t base = dg1dev_engine_mmio_base(&dut.engines[e]);
		uint32_t *cs, q, dirty = 0;
		int fd_a = dut.fd;

		/* A, in its own file. */
		dut.fd = igt_dg1_open_render();
		ctx_open();
		q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		cs = emit_dirty(batch_at(0), base);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		igt_assert_eq(exec_status(q), 1);
		queue_destroy(dut.fd, q);
		ctx_close();
		close(dut.fd);
		dut.fd = fd_a;

		/* B: its first batch reads them. */
		ctx_open();
		for (i = 0; i <= 2 * GPRS; i++)
			data_put(true, 4 * i, 0xdeadbeef);
		q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		cs = emit_dump(batch_at(0), base);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		igt_assert_eq(exec_status(q), 1);
		for (i = 0; i <= 2 * GPRS; i++) {
			uint32_t v = data_get(true, 4 * i);

			igt_assert_f(v != 0xdeadbeef,
				     "engine %u: dword %u was not stored", e, i);
			if (v)
				dirty++;
		}
		if (dirty)
			igt_info("engine %u: the new queue found %u of %u values of the last client (GPR0 0x%08x, predicate %u)\n",
				 e, dirty, 2 * GPRS + 1, data_get(true, 0),
				 data_get(true, 4 * 2 * GPRS));
		leaked += dirty;
		queue_destroy(dut.fd, q);
		ctx_close();
	}
	igt_assert_f(!leaked, "%u register values leaked between clients",
		     leaked);
}

/*
 * The render whitelist (i915 tgl_whitelist_build(), uapi "Execution"): a
 * user batch may write COMMON_SLICE_CHICKEN1 (0x7010) and read it back,
 * and still may after an engine reset, which empties the hardware's
 * FORCE_TO_NONPRIV slots (the driver writes them again). A register not
 * listed stays out of reach.
 */
#define COMMON_SLICE_CHICKEN1	0x7010

/* LRI @reg := @val, SRM it to LMEM_VA; the fence's status. */
static int write_and_read(uint32_t q, uint32_t reg, uint32_t val)
{
	uint32_t *cs = batch_at(0);

	*cs++ = MI_LOAD_REGISTER_IMM(1);
	*cs++ = reg;
	*cs++ = val;
	*cs++ = MI_STORE_REGISTER_MEM;
	*cs++ = reg;
	*cs++ = (uint32_t)LMEM_VA;
	*cs++ = (uint32_t)(LMEM_VA >> 32);
	*cs++ = MI_BATCH_BUFFER_END;
	return exec_status(q);
}

void test_whitelist(void)
{
	uint32_t *cs, q;
	unsigned int e;
	int status;

	for (e = 0; e < dut.num_engines; e++)
		if (dut.engines[e].engine_class == DRM_DG1_ENGINE_CLASS_RENDER)
			break;
	igt_require_f(e < dut.num_engines, "no render engine");
	ctx_open();
	q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
	data_put(true, 0, 0);
	/* Masked: enable bit 0. */
	igt_assert_f(write_and_read(q, COMMON_SLICE_CHICKEN1, 0x00010001) == 1,
		     "a whitelisted register refused a user batch");
	igt_assert_eq_u32(data_get(true, 0) & 1, 1);

	/* An instruction error resets the engine. */
	cs = batch_at(0);
	*cs++ = 0x03800000;
	*cs++ = MI_BATCH_BUFFER_END;
	igt_assert_eq(exec_status(q), -EIO);

	data_put(true, 0, 0);
	status = write_and_read(q, COMMON_SLICE_CHICKEN1, 0x00010000);
	igt_assert_f(status == 1,
		     "after an engine reset the whitelisted register is refused (%d)",
		     status);
	/* Not whitelisted: RING_CTL of the render ring. */
	igt_assert_eq(write_and_read(q, 0x203c, 0), -EIO);
	queue_destroy(dut.fd, q);
	ctx_close();
}
