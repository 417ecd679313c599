// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec_tlb.c - a batch after its VA changed reaches the new page, never
 * the old one: after an unbind (it faults), after a rebind to another
 * object, after its object was evicted and after it came back. Engines
 * cache translations until the driver invalidates their TLBs (on vdg1 as
 * on a DG1: Documentation/vdg1.rst, "TLBs"), so each case fails if the
 * driver changes page tables the GPU used and does not invalidate. The
 * rebind and eviction cases run on every engine, each having a TLB of its
 * own; the unbind case, whose fault costs the job timeout, on the copy
 * engine (the rebind case already fails on any engine whose TLB the unbind
 * left stale). Part of dg1_exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>

#include "igt.h"
#include "igt_dg1_gem.h"
#include "dg1_exec.h"

/* A VA the batches write, bound to the objects under test. */
#define TLB_VA		0x8000000ull
#define TLB_SIZE	(64ull << 10)
/* LMEM-only objects that push the object under test out of LMEM. */
#define FILLER		(64ull << 20)

/* Run "store @v at TLB_VA + @off" on queue @q; its fence's status. */
static int store(uint32_t q, uint64_t off, uint32_t v)
{
	uint32_t *cs = emit_sdi(batch_at(0), TLB_VA + off, v);

	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	return exec_status(q);
}

static uint32_t bo_dword(const struct vm_bo *bo, uint64_t off)
{
	return *(volatile uint32_t *)((volatile char *)bo->map + off);
}

/* Bound to A, then to B at the same VA: the write lands in B. */
void test_tlb_rebind(void)
{
	unsigned int e;

	for (e = 0; e < dut.num_engines; e++) {
		struct vm_bo a, b;
		uint32_t q;

		ctx_open();
		vm_bo_new(&a, dut.fd, TLB_SIZE, true, 10 + e);
		vm_bo_new(&b, dut.fd, TLB_SIZE, true, 20 + e);
		q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		vm_map(dut.fd, ex.vm, a.handle, 0, TLB_VA, TLB_SIZE, 0);
		igt_assert_eq(store(q, 0, 0xa11a), 1);
		igt_assert_eq_u32(bo_dword(&a, 0), 0xa11a);
		vm_unmap(dut.fd, ex.vm, TLB_VA, TLB_SIZE);
		vm_map(dut.fd, ex.vm, b.handle, 0, TLB_VA, TLB_SIZE, 0);
		igt_assert_eq(store(q, 0, 0xb22b), 1);
		igt_assert_f(bo_dword(&b, 0) == 0xb22b && bo_dword(&a, 0) == 0xa11a,
			     "engine %u: after the rebind the write went to %s (A 0x%x, B 0x%x)",
			     e, bo_dword(&a, 0) == 0xb22b ? "the old object" : "nowhere",
			     bo_dword(&a, 0), bo_dword(&b, 0));
		vm_unmap(dut.fd, ex.vm, TLB_VA, TLB_SIZE);
		queue_destroy(dut.fd, q);
		vm_bo_free(&a, false);
		vm_bo_free(&b, false);
		ctx_close();
	}
}

/* Used, then unbound: the next write faults and leaves the object alone. */
void test_tlb_unbind(void)
{
	unsigned int e;

	for (e = 0; e < dut.num_engines; e++) {
		struct vm_bo a;
		uint32_t q;
		int status;

		if (dut.engines[e].engine_class != DRM_DG1_ENGINE_CLASS_COPY)
			continue;
		ctx_open();
		vm_bo_new(&a, dut.fd, TLB_SIZE, true, 30 + e);
		q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		vm_map(dut.fd, ex.vm, a.handle, 0, TLB_VA, TLB_SIZE, 0);
		igt_assert_eq(store(q, 0, 0xa11a), 1);
		vm_unmap(dut.fd, ex.vm, TLB_VA, TLB_SIZE);
		status = store(q, 0, 0xdead);
		igt_assert_f(status == -EIO && bo_dword(&a, 0) == 0xa11a,
			     "engine %u: a write after the unbind: fence %d, object 0x%x (want -EIO, 0xa11a)",
			     e, status, bo_dword(&a, 0));
		queue_destroy(dut.fd, q);
		vm_bo_free(&a, false);
		ctx_close();
	}
}

/*
 * Bound while it is evicted from LMEM and while it comes back: each write
 * lands in the object, wherever it is; the CPU's view follows the object.
 */
void test_tlb_evict(void)
{
	struct drm_dg1_memory_region_info r[2];
	uint32_t *fill, q;
	uint64_t n, i;
	unsigned int e;
	struct vm_bo a;

	gem_regions(dut.fd, r);
	n = r[DRM_DG1_MEMORY_REGION_LMEM].usable_size / FILLER + 1;
	fill = calloc(n, sizeof(*fill));
	igt_assert(fill);
	for (e = 0; e < dut.num_engines; e++) {
		ctx_open();
		vm_bo_new(&a, dut.fd, TLB_SIZE, true, 40 + e);
		q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		vm_map(dut.fd, ex.vm, a.handle, 0, TLB_VA, TLB_SIZE, 0);
		igt_assert_eq(store(q, 0, 0x1001), 1);
		/* More LMEM-only objects than LMEM holds: A is evicted. */
		for (i = 0; i < n; i++)
			fill[i] = gem_create(dut.fd, FILLER, GEM_LMEM, 0);
		igt_assert_eq(store(q, 4, 0x2002), 1);
		for (i = 0; i < n; i++)
			gem_close(dut.fd, fill[i]);
		/* Room again: the next use may bring it back. */
		igt_assert_eq(store(q, 8, 0x3003), 1);
		igt_assert_f(bo_dword(&a, 0) == 0x1001 &&
			     bo_dword(&a, 4) == 0x2002 &&
			     bo_dword(&a, 8) == 0x3003,
			     "engine %u: object holds 0x%x 0x%x 0x%x (want 0x1001 0x2002 0x3003)",
			     e, bo_dword(&a, 0), bo_dword(&a, 4), bo_dword(&a, 8));
		vm_unmap(dut.fd, ex.vm, TLB_VA, TLB_SIZE);
		queue_destroy(dut.fd, q);
		vm_bo_free(&a, false);
		ctx_close();
	}
	free(fill);
}
