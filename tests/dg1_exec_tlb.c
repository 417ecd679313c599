// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec_tlb.c - a batch after its VA changed reaches the new page, never
 * the old one: after an unbind (it faults), after a rebind to another
 * object, after its object was evicted and after it came back. Engines
 * cache translations until the driver invalidates their TLBs (on vdg1 as
 * on a DG1: Documentation/vdg1.rst, "TLBs"), so each case fails if the
 * driver changes page tables the GPU used and does not invalidate. The
 * rebind and eviction cases run on every engine, each having a TLB of its
 * own; the unbind case, which faults and resets its engine, on the copy
 * engine (the rebind case already fails on any engine whose TLB the unbind
 * left stale). And the PAT index a binding names is the one the engines
 * use (pat-index). Part of dg1_exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * One object bound eight times, with PAT index 0-7: a store through each
 * binding is counted by vdg1 under that index, and under the memory type
 * the uapi promises for it (uapi/dg1_drm.h, &drm_dg1_vm_bind_op.pat_index:
 * 0 WB, 1 WC, 2 WT, 3 UC, 4-7 WB). It fails if the driver leaves a PAT
 * bit out of its entries, or programs another table, or none.
 */
void test_pat_index(void)
{
	static const unsigned int uapi_type[8] = {
		VDG1_MEM_TYPE_WB, VDG1_MEM_TYPE_WC, VDG1_MEM_TYPE_WT,
		VDG1_MEM_TYPE_UC, VDG1_MEM_TYPE_WB, VDG1_MEM_TYPE_WB,
		VDG1_MEM_TYPE_WB, VDG1_MEM_TYPE_WB,
	};
	struct vdg1_counters_page c0, c1;
	uint32_t d_pat[8], d_type[4], want_type[4] = { 0 };
	unsigned int e, i, n = 0;
	struct vm_bo a;

	dut_require_vdg1();
	ctx_open();
	vm_bo_new(&a, dut.fd, TLB_SIZE, true, 50);
	for (i = 0; i < 8; i++)
		vm_map(dut.fd, ex.vm, a.handle, 0, TLB_VA + i * TLB_SIZE,
		       TLB_SIZE, i);
	for (e = 0; e < dut.num_engines; e++) {
		uint32_t q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		uint32_t *cs = batch_at(0);

		for (i = 0; i < 8; i++)
			cs = emit_sdi(cs, TLB_VA + i * TLB_SIZE + 4 * i,
				      0x7a00 + 16 * e + i);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
		igt_assert_eq(exec_status(q), 1);
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		queue_destroy(dut.fd, q);
		for (i = 0; i < 8; i++) {
			igt_assert_eq_u32(bo_dword(&a, 4 * i), 0x7a00 + 16 * e + i);
			d_pat[i] = c1.ppgtt_accesses_by_pat[i] -
				   c0.ppgtt_accesses_by_pat[i];
		}
		for (i = 0; i < 4; i++)
			d_type[i] = c1.ppgtt_accesses_by_mem_type[i] -
				    c0.ppgtt_accesses_by_mem_type[i];
		/* Index 0 also carries the batch's own fetches. */
		for (i = 1; i < 8; i++)
			igt_assert_f(d_pat[i] == 1,
				     "%s: %u accesses under PAT index %u (want 1: one store through the binding with that index)",
				     dut_engine_str(&dut.engines[e]), d_pat[i], i);
		igt_assert_f(d_pat[0] >= 1, "%s: no access under PAT index 0",
			     dut_engine_str(&dut.engines[e]));
		memset(want_type, 0, sizeof(want_type));
		for (i = 0; i < 8; i++)
			want_type[uapi_type[i]] += d_pat[i];
		for (i = 0; i < 4; i++)
			igt_assert_f(d_type[i] == want_type[i],
				     "%s: memory type %u: %u accesses, the uapi's PAT table says %u",
				     dut_engine_str(&dut.engines[e]), i, d_type[i], want_type[i]);
		n++;
	}
	igt_info("%u engines: every PAT index reached with its memory type\n", n);
	for (i = 0; i < 8; i++)
		vm_unmap(dut.fd, ex.vm, TLB_VA + i * TLB_SIZE, TLB_SIZE);
	vm_bo_free(&a, false);
	ctx_close();
}
