// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_vm_mem.c - the VM tests about the memory behind a mapping: what a
 * new object shows the GPU, and where a mapping goes when its object is
 * evicted, and calls that cut one mapping twice. Part of the dg1_vm
 * binary (dg1_vm.h).
 */

#include <inttypes.h>
#include <stdlib.h>

#include "dg1_vm.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

/*
 * A new object reads as zero through the GPU's view as through the CPU's
 * (uapi/dg1_drm.h, GEM_CREATE: "Its contents read as zero"), even where
 * an object freed just before left a pattern in the same memory, and on
 * a small BAR where it lies beyond the BAR, never written by the CPU.
 */
void test_fresh_reads_zero(void)
{
	const uint64_t size = 4 * SZ_1M;
	uint64_t k, checked = 0, beyond = 0;
	unsigned int pass;

	vm_probe_open();
	for (pass = 0; pass < 2; pass++) {
		bool lmem = pass == 0;
		struct vm_bo stale;
		uint64_t root;
		uint32_t vm, h;

		vm_bo_new(&stale, vfd, size, lmem, seed_of(900 + pass));
		vm_bo_free(&stale, false);
		h = gem_create(vfd, size, lmem ? GEM_LMEM : GEM_SMEM, 0);
		vm = vm_create(vfd);
		root = vm_root(vfd, vm);
		vm_map(vfd, vm, h, 0, SZ_1G, size, 0);
		for (k = 0; k < size / SZ_4K; k++) {
			struct dg1dev_probe pr = vm_probe(root, SZ_1G + k * SZ_4K,
							  false);
			int zero;

			igt_assert_f(pr.status == VDG1_PROBE_OK,
				     "%s page %" PRIu64 ": probe status %u reason %u",
				     lmem ? "LMEM" : "SMEM", k, pr.status,
				     pr.fault_reason);
			igt_assert_eq_u32(pr.mem, lmem ? 1 : 0);
			zero = vm_mem_is_zero(pr.addr, lmem);
			if (zero == -ERANGE) {
				beyond++;
				continue;
			}
			igt_assert_f(zero == 1,
				     "%s page %" PRIu64 " at 0x%" PRIx64 " %s",
				     lmem ? "LMEM" : "SMEM", k, pr.addr,
				     zero ? "cannot be read" :
					    "holds old data, not zeroes");
			checked++;
		}
		vm_unmap(vfd, vm, SZ_1G, size);
		vm_destroy(vfd, vm);
		gem_close(vfd, h);
	}
	igt_info("%" PRIu64 " pages read as zero through the page tables, %" PRIu64 " beyond BAR2 not readable\n",
		 checked, beyond);
	/* Every SMEM page is readable, so the check never checks nothing. */
	igt_assert(checked >= size / SZ_4K);
}

/*
 * An LMEM object evicted to SMEM while it is bound: its mappings follow
 * it (Documentation/memory.rst: the entries are rewritten before the old
 * pages are freed), every page translating to SMEM that holds its
 * contents.
 */
void test_evict_bound(void)
{
	const uint64_t size = 2 * SZ_1M, filler = 64 * SZ_1M;
	struct drm_dg1_memory_region_info r[2];
	struct vm_bo *bo = new_bo(size, true);
	uint32_t vm = vm_create(vfd), *fill;
	uint64_t root = vm_root(vfd, vm), k, n, i;
	struct vm_bo smem_view;

	vm_probe_open();
	vm_map(vfd, vm, bo->handle, 0, SZ_1G, size, 0);
	igt_assert(vm_expect_mapped(root, SZ_1G, bo, 0, size, 0,
				    "before the eviction"));

	/* More LMEM-only objects than LMEM holds: the oldest get evicted. */
	gem_regions(vfd, r);
	n = r[DRM_DG1_MEMORY_REGION_LMEM].usable_size / filler + 1;
	fill = calloc(n, sizeof(*fill));
	igt_assert(fill);
	for (i = 0; i < n; i++)
		fill[i] = gem_create(vfd, filler, GEM_LMEM, 0);

	smem_view = *bo;
	smem_view.lmem = false;
	for (k = 0; k < size / SZ_4K; k++) {
		struct dg1dev_probe pr = vm_probe(root, SZ_1G + k * SZ_4K, true);

		igt_assert_f(pr.status == VDG1_PROBE_OK && pr.mem == 0,
			     "page %" PRIu64 " after the eviction: status %u mem %u (want SMEM)",
			     k, pr.status, pr.mem);
		igt_assert_f(vm_mem_holds(pr.addr, &smem_view, k),
			     "page %" PRIu64 " after the eviction: 0x%" PRIx64 " does not hold its contents",
			     k, pr.addr);
	}
	for (i = 0; i < n; i++)
		gem_close(vfd, fill[i]);
	free(fill);
	/* The CPU's view agrees: the contents moved with the object. */
	for (k = 0; k < size / 8; k += 512)
		igt_assert_eq_u64(bo->map[k], gem_pattern(bo->seed, k));
	vm_unmap(vfd, vm, SZ_1G, size);
	vm_expect_fault(root, SZ_1G, size, "after the unmap");
	vm_destroy(vfd, vm);
}

/*
 * One call that cuts the same mapping more than once: two holes punched
 * in an existing mapping, and a mapping made and cut in the same array.
 * Each cut leaves pieces of a mapping this call already changed.
 */
void test_bind_recut(void)
{
	struct vm_bo *a = new_bo(2 * SZ_1M, true), *b = new_bo(2 * SZ_1M, false);
	const uint64_t va = 8 * SZ_1G, vb = 9 * SZ_1G;
	uint32_t vm = vm_create(vfd);
	uint64_t root = vm_root(vfd, vm);
	struct drm_dg1_vm_bind_op ops[3];

	vm_probe_open();
	vm_map(vfd, vm, a->handle, 0, va, a->size, 0);
	ops[0] = dg1dev_vm_unmap_op(va + 64 * SZ_4K, SZ_4K * 4);
	ops[1] = dg1dev_vm_unmap_op(va + 300 * SZ_4K, SZ_4K);
	vm_bind(vfd, vm, ops, 2, NULL, 0);
	vm_expect_mapped(root, va, a, 0, 64 * SZ_4K, 0, "before the first hole");
	vm_expect_fault(root, va + 64 * SZ_4K, 4 * SZ_4K, "in the first hole");
	vm_expect_mapped(root, va + 68 * SZ_4K, a, 68 * SZ_4K, 232 * SZ_4K, 0,
			 "between the holes");
	vm_expect_fault(root, va + 300 * SZ_4K, SZ_4K, "in the second hole");
	vm_expect_mapped(root, va + 301 * SZ_4K, a, 301 * SZ_4K,
			 a->size - 301 * SZ_4K, 0, "after the second hole");

	ops[0] = dg1dev_vm_map_op(b->handle, 0, vb, b->size, 0);
	ops[1] = dg1dev_vm_unmap_op(vb + SZ_1M, SZ_4K);
	ops[2] = dg1dev_vm_unmap_op(vb + SZ_1M + 8 * SZ_4K, SZ_4K);
	vm_bind(vfd, vm, ops, 3, NULL, 0);
	vm_expect_mapped(root, vb, b, 0, SZ_1M, 0, "made and cut: head");
	vm_expect_fault(root, vb + SZ_1M, SZ_4K, "made and cut: first hole");
	vm_expect_mapped(root, vb + SZ_1M + SZ_4K, b, SZ_1M + SZ_4K, 7 * SZ_4K,
			 0, "made and cut: middle");
	vm_expect_fault(root, vb + SZ_1M + 8 * SZ_4K, SZ_4K,
			"made and cut: second hole");
	vm_expect_mapped(root, vb + SZ_1M + 9 * SZ_4K, b, SZ_1M + 9 * SZ_4K,
			 b->size - SZ_1M - 9 * SZ_4K, 0, "made and cut: tail");

	vm_unmap(vfd, vm, 0, VA_END);
	vm_expect_fault(root, va, a->size, "after unmapping everything");
	vm_expect_fault(root, vb, b->size, "after unmapping everything");
	vm_destroy(vfd, vm);
}
