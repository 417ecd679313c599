// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_vm page tables: they go once nothing is mapped where they translate,
 * and a failing bind leaves none behind (their quota: dg1_limits). Counts
 * come from debugfs "vms"; on vdg1 the translation probe shows that the
 * entries leading to freed tables are gone from the tables the GPU walks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "igt.h"
#include "igt_dg1_vm.h"
#include "dg1_vm.h"

#define SPREAD		64	/* maps, 1 GiB apart: a PD and a PT each */

/*
 * Maps spread over 64 GiB take two tables each; unmapping them frees
 * every one but the PML4, and the GPU's walk then stops at the PML4.
 */
void test_pt_freed_on_unmap(void)
{
	uint32_t vm = vm_create(vfd);
	struct vm_bo *bo = new_bo(SZ_4K, false);
	unsigned int t0, t1, t2;
	uint64_t root;

	t0 = vm_tables(vfd, vm);
	igt_assert_eq(t0, 1);
	igt_assert_eq(vm_map_spread(vfd, vm, bo->handle, SZ_1G, SPREAD), 0);
	t1 = vm_tables(vfd, vm);
	igt_assert_f(t1 >= t0 + 2 * SPREAD, "%u tables for %u maps", t1,
		     SPREAD);
	/* Half of them: their tables go, the others' stay. */
	vm_unmap(vfd, vm, SZ_1G, SPREAD / 2 * SZ_1G);
	t2 = vm_tables(vfd, vm);
	igt_assert_f(t2 == t1 - SPREAD, "%u tables after unmapping half, want %u",
		     t2, t1 - SPREAD);
	vm_unmap(vfd, vm, 0, VA_END);
	igt_assert_eq(vm_tables(vfd, vm), 1);
	igt_info("%u maps: %u tables, %u after half went, 1 at the end\n",
		 SPREAD, t1, t2);
	if (dut.vdg1) {
		vm_probe_open();
		root = vm_root(vfd, vm);
		vm_expect_fault(root, SZ_1G, SZ_4K, "after the unmap");
		igt_assert_eq(vm_probe(root, 2 * SZ_1G, false).fault_level, 4);
	}
	/* And they come back. */
	igt_assert_eq(vm_map_spread(vfd, vm, bo->handle, SZ_1G, 4), 0);
	igt_assert(vm_tables(vfd, vm) > 1);
	vm_unmap(vfd, vm, 0, VA_END);
	vm_destroy(vfd, vm);
}

/*
 * A bind whose second op fails after the first one's tables were made:
 * nothing stays, the table count included.
 */
void test_pt_failed_bind(void)
{
	uint32_t vm = vm_create(vfd);
	struct vm_bo *bo = new_bo(SZ_4K, false);
	struct drm_dg1_vm_bind_op ops[2] = {
		dg1dev_vm_map_op(bo->handle, 0, 5 * SZ_1G, SZ_4K, 0),
		dg1dev_vm_unmap_op(9 * SZ_1G, SZ_4K),	/* nothing there */
	};
	unsigned int t0, i;

	vm_map(vfd, vm, bo->handle, 0, 0, SZ_4K, 0);
	t0 = vm_tables(vfd, vm);
	for (i = 0; i < 3; i++) {
		igt_assert_eq(dg1dev_vm_bind(vfd, vm, ops, 2, NULL, 0), -ENOENT);
		igt_assert_f(vm_tables(vfd, vm) == t0,
			     "attempt %u: %u tables after a failed bind, were %u",
			     i, vm_tables(vfd, vm), t0);
	}
	bad_inputs += 3;
	vm_unmap(vfd, vm, 0, SZ_4K);
	vm_destroy(vfd, vm);
}
