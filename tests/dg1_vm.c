// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_vm - GPU virtual address spaces: VM_CREATE, VM_DESTROY, VM_BIND and
 * the VM query item, as uapi/dg1_drm.h describes them.
 *
 * Every expectation comes from outside the driver. vdg1's translation
 * probe walks the page tables the driver wrote, the way an engine would;
 * the address it reaches must hold what the CPU wrote into the object's
 * page, read back by address: LMEM through sysfs resource2, system memory
 * through /proc/kcore. (/proc/self/pagemap cannot tell: it skips the
 * VM_PFNMAP mappings TTM makes.) Each 4 KiB page of an object holds words
 * no other page has, so a translation that lands on the wrong page, or a
 * huge page laid over memory that is not contiguous, shows. The driver
 * names only the PML4 (debugfs "vms"); its mapping list there is compared
 * only with itself, before and after a call that must change nothing,
 * and with the cuts the uAPI describes.
 *
 * Subtests: the query item; create and destroy; every page of LMEM and
 * SMEM objects bound with each PAT index; 2 MiB and 64 KiB pages where
 * memory allows them; unbinds whole, partial and straddling, rebinding;
 * arrays that fail on their last op change nothing; out-syncobjs binary
 * and timeline; an unsignalled in-fence from vgem holds this bind and the
 * next; two processes and two files do not see each other's VMs; every
 * bad input the uAPI lists, with its errno. After each subtest vdg1 must
 * have seen no wake violation and no GPU page fault.
 *
 * Needs root (debugfs, resource0/2, kcore) and, on vdg1, vgem.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dg1_vm.h"

/* File scope: shared by blocks, so it must survive their longjmps. */
int vfd = -1;
struct drm_dg1_query_vm qvm;
unsigned int bad_inputs;
static uint32_t faults_before;
#define MAX_BOS			16
static struct vm_bo bos[MAX_BOS];
static unsigned int num_bos;
int vgem_fd = -1;
static pid_t child_pid = -1;		/* test_isolation_process()'s */

uint64_t seed_of(unsigned int n)
{
	/* Different in every run, so old contents never match. */
	static uint64_t base;

	if (!base)
		base = dut_now_ns() ^ (uint64_t)getpid() << 40;
	return base + n * 0x10000ull;
}

/*
 * Drop what the last subtest left: a child it failed to wait for, objects,
 * and VMs with the file.
 */
static void drop_file(void)
{
	unsigned int i;

	if (child_pid > 0) {
		kill(child_pid, SIGKILL);
		waitpid(child_pid, NULL, 0);
	}
	child_pid = -1;

	for (i = 0; i < num_bos; i++)
		vm_bo_free(&bos[i], true);
	num_bos = 0;
	if (vfd >= 0)
		close(vfd);
	vfd = -1;
}

static void fresh_file(void)
{
	drop_file();
	vfd = igt_dg1_open_render();
}

struct vm_bo *new_bo(uint64_t size, bool lmem)
{
	igt_assert(num_bos < MAX_BOS);
	vm_bo_new(&bos[num_bos], vfd, size, lmem, seed_of(num_bos + 1));
	return &bos[num_bos++];
}

static void faults_begin(void)
{
	if (dut.vdg1)
		faults_before = dut.vdg1->page->page_faults;
}

/* Nothing runs on the GPU: any page fault it recorded is a stray access. */
static void faults_end(void)
{
	uint32_t now;

	if (!dut.vdg1)
		return;
	now = dut.vdg1->page->page_faults;
	igt_assert_f(now == faults_before,
		     "%u GPU page faults, the latest at 0x%llx", now - faults_before,
		     (unsigned long long)dut.vdg1->page->last_fault_hi << 32 |
		     dut.vdg1->page->last_fault_lo);
}

#define vm_subtest(name, fn) \
	igt_subtest(name) { \
		dut_clean_begin(); \
		faults_begin(); \
		fresh_file(); \
		fn(); \
		faults_end(); \
		dut_clean_end(); \
	}

static const char *sizes_str(unsigned int sizes)
{
	static char buf[4][32];
	static unsigned int i;

	i = (i + 1) % ARRAY_SIZE(buf);
	snprintf(buf[i], sizeof(buf[i]), "%s%s%s",
		 sizes & VM_PS_2M ? " 2M" : "", sizes & VM_PS_64K ? " 64K" : "",
		 sizes & VM_PS_4K ? " 4K" : "");
	return buf[i];
}

/* The uAPI's figures: a 47-bit space of 4 KiB, 64 KiB and 2 MiB pages. */
static void test_query_vm(void)
{
	struct drm_dg1_query_vm q = vm_query(vfd);

	igt_info("va 0x%llx-0x%llx, page sizes 0x%llx, max %u ops, %u syncs\n",
		 (unsigned long long)q.va_start, (unsigned long long)q.va_end,
		 (unsigned long long)q.page_sizes, q.max_bind_ops,
		 q.max_syncs);
	igt_assert_eq_u64(q.va_start, 0);
	igt_assert_eq_u64(q.va_end, VA_END);
	igt_assert_eq_u64(q.page_sizes, SZ_4K | SZ_64K | SZ_2M);
	igt_assert_f(q.max_bind_ops >= 2 && q.max_syncs >= 2,
		     "max_bind_ops %u, max_syncs %u: arrays must be possible",
		     q.max_bind_ops, q.max_syncs);
}

/* A new VM maps nothing: its PML4 has no valid entry. */
static void expect_empty(uint64_t root)
{
	static const uint64_t at[] = {
		0, SZ_4K, SZ_2M, SZ_1G, 0x123456789000ull, VA_END / 2,
		VA_END - SZ_4K,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(at); i++) {
		struct dg1dev_probe pr = vm_probe(root, at[i], false);

		igt_assert_f(pr.status == VDG1_PROBE_FAULT &&
			     pr.fault_reason == VDG1_XLATE_NOT_PRESENT &&
			     pr.fault_level == 4,
			     "new VM, VA 0x%" PRIx64 ": status %u reason %u level %u; expected a not-present PML4 entry",
			     at[i], pr.status, pr.fault_reason, pr.fault_level);
	}
}

unsigned int client_vms(uint64_t client)
{
	struct dg1dev_vms vms;
	unsigned int n;

	vm_debugfs(&vms);
	n = dg1dev_vms_count(&vms, client);
	dg1dev_vms_free(&vms);
	return n;
}

#define NUM_VMS		8

static void test_create_destroy(void)
{
	uint32_t ids[NUM_VMS];
	uint64_t roots[NUM_VMS], client = vm_client_id(vfd), client2;
	struct drm_dg1_vm_create c;
	struct dg1dev_vm_info before;
	struct vm_bo *bo;
	unsigned int i, j;
	uint32_t h2;
	int fd2, err;

	if (dut.vdg1)
		vm_probe_open();
	for (i = 0; i < NUM_VMS; i++) {
		/* vm_id is out only: whatever comes in is ignored. */
		c = (struct drm_dg1_vm_create){ .vm_id = i ? ~0u - i : 0 };
		do_ioctl(vfd, DRM_IOCTL_DG1_VM_CREATE, &c);
		ids[i] = c.vm_id;
		igt_assert_f(ids[i], "VM_CREATE returned id 0");
		roots[i] = vm_root(vfd, ids[i]);
		for (j = 0; j < i; j++) {
			igt_assert_f(ids[j] != ids[i], "VMs %u and %u both have id %u",
				     j, i, ids[i]);
			igt_assert_f(roots[j] != roots[i],
				     "VMs %u and %u share the PML4 at 0x%" PRIx64,
				     ids[j], ids[i], roots[i]);
		}
		if (dut.vdg1)
			expect_empty(roots[i]);
	}
	igt_assert_eq(client_vms(client), NUM_VMS);
	for (i = 0; i < NUM_VMS; i++) {
		vm_destroy(vfd, ids[i]);
		igt_assert_eq(dg1dev_vm_destroy(vfd, ids[i]), -ENOENT);
	}
	igt_assert_eq(dg1dev_vm_destroy(vfd, 0), -ENOENT);
	igt_assert_eq(client_vms(client), 0);

	/* A VM with a mapping refuses to go, and stays as it was. */
	ids[0] = vm_create(vfd);
	bo = new_bo(16 * SZ_4K, true);
	vm_map(vfd, ids[0], bo->handle, 0, SZ_1G, bo->size, 0);
	vm_info(vfd, ids[0], &before);
	igt_assert_eq(dg1dev_vm_destroy(vfd, ids[0]), -EBUSY);
	vm_assert_same_list(vfd, ids[0], &before, "after an EBUSY destroy");
	free(before.mappings);
	if (dut.vdg1)
		vm_expect_mapped(before.root, SZ_1G, bo, 0, bo->size, 0,
				 "after an EBUSY destroy");
	/* One unmap over the whole space empties it (the uAPI's advice). */
	vm_unmap(vfd, ids[0], 0, VA_END);
	if (dut.vdg1)
		vm_expect_fault(before.root, SZ_1G, bo->size,
				"after unmapping everything");
	vm_destroy(vfd, ids[0]);

	/* Closing the file takes its VMs, mappings and all. */
	fd2 = igt_dg1_open_render();
	client2 = vm_client_id(fd2);
	ids[1] = vm_create(fd2);
	ids[2] = vm_create(fd2);
	h2 = gem_create(fd2, SZ_64K, GEM_SMEM, 0);
	vm_map(fd2, ids[1], h2, 0, 0, SZ_64K, 0);
	vm_map(fd2, ids[2], h2, 0, VA_END - SZ_64K, SZ_64K, 7);
	igt_assert_eq(client_vms(client2), 2);
	err = close(fd2);
	igt_assert_eq(err, 0);
	igt_assert_eq(client_vms(client2), 0);
}

/*
 * Objects bound at the bottom, across a 1 GiB and a 2 MiB boundary, and
 * at the very top of the space, with every PAT index, whole and in parts:
 * every page translates to its own page of the object.
 */
static void bind_every_page(bool lmem)
{
	/* Sizes that are no power of two, so a last partial chunk shows. */
	struct vm_bo *a = new_bo(SZ_1M + 3 * SZ_4K, lmem);
	struct vm_bo *b = new_bo(16 * SZ_4K, lmem);
	const struct {
		struct vm_bo *bo;
		uint64_t offset, addr, range;
		unsigned int pat;
	} m[] = {
		{ a, 0, 0, a->size, 0 },
		{ a, 0, SZ_1G - 9 * SZ_4K, a->size, 3 },
		{ a, 0, VA_END - a->size, a->size, 7 },
		{ b, 0, 3 * SZ_1G, b->size, 1 },
		{ b, SZ_4K, 3 * SZ_1G + SZ_2M - SZ_4K, 2 * SZ_4K, 2 },
		{ b, 15 * SZ_4K, 5 * SZ_1G, SZ_4K, 4 },
		{ b, 4 * SZ_4K, 0x7654321000ull, 8 * SZ_4K, 5 },
		{ a, 100 * SZ_4K, 0x100000000000ull, 50 * SZ_4K, 6 },
	};
	unsigned int i, sizes = 0;
	uint32_t vm = vm_create(vfd);
	uint64_t root = vm_root(vfd, vm);
	char what[64];

	vm_probe_open();
	for (i = 0; i < ARRAY_SIZE(m); i++)
		vm_map(vfd, vm, m[i].bo->handle, m[i].offset, m[i].addr,
		       m[i].range, m[i].pat);
	for (i = 0; i < ARRAY_SIZE(m); i++) {
		snprintf(what, sizeof(what), "mapping %u", i);
		sizes |= vm_expect_mapped(root, m[i].addr, m[i].bo,
					  m[i].offset, m[i].range, m[i].pat,
					  what);
		/* Nothing beyond either end (none of these touch). */
		if (m[i].addr)
			vm_expect_fault(root, m[i].addr - SZ_4K, SZ_4K, what);
		if (m[i].addr + m[i].range < VA_END)
			vm_expect_fault(root, m[i].addr + m[i].range, SZ_4K,
					what);
	}
	igt_info("%s: %u mappings, every page checked in %u probes; page sizes%s\n",
		 lmem ? "LMEM" : "SMEM", i, vm_probe_count(), sizes_str(sizes));

	vm_unmap(vfd, vm, 0, VA_END);
	for (i = 0; i < ARRAY_SIZE(m); i++)
		vm_expect_fault(root, m[i].addr, m[i].range, "after unmap");
	vm_destroy(vfd, vm);
}

static void test_bind_lmem(void)
{
	bind_every_page(true);
}

static void test_bind_smem(void)
{
	bind_every_page(false);
}

/* Whether pages @k on of @bo are @len bytes contiguous, @align aligned. */
static bool contiguous(const struct vm_bo *bo, uint64_t k, uint64_t len,
		       uint64_t align)
{
	uint64_t i;

	if (bo->where[k] & (align - 1))
		return false;
	for (i = 1; i < len / SZ_4K; i++)
		if (bo->where[k + i] != bo->where[k] + i * SZ_4K)
			return false;
	return true;
}

/* What test_huge_pages() saw. */
struct huge_tally {
	unsigned int binds[3];		/* binds that used 2M, 64K, 4K */
	unsigned int slots_2m, slots_64k;
};

/*
 * What the layout in memory allows, per 2 MiB slot of VA that the mapping
 * covers whole: one 2 MiB page where the pages are contiguous and 2 MiB
 * aligned, else 64 KiB pages where every 64 KiB run is contiguous and
 * aligned (uapi/dg1_drm.h: every size is used where address, offset and
 * memory allow it). With PAT index 4-7 a 2 MiB page may also be 64 KiB
 * ones: i915 gt/gen8_ppgtt.c gives 2 MiB entries no third PAT bit (bit 7
 * is PS there), xe moves it to bit 12.
 */
static void huge_case(struct huge_tally *t, uint32_t vm, uint64_t root,
		      struct vm_bo *bo, uint64_t offset, uint64_t addr,
		      uint64_t range, unsigned int pat, const char *what)
{
	uint64_t slot, k, g, want;
	bool all64, c2m;
	unsigned int sizes;

	vm_map(vfd, vm, bo->handle, offset, addr, range, pat);
	sizes = vm_expect_mapped(root, addr, bo, offset, range, pat, what);
	vm_expect_fault(root, addr - SZ_4K, SZ_4K, what);
	vm_expect_fault(root, addr + range, SZ_4K, what);

	for (slot = (addr + SZ_2M - 1) & ~(SZ_2M - 1);
	     slot + SZ_2M <= addr + range; slot += SZ_2M) {
		k = (offset + slot - addr) / SZ_4K;
		all64 = true;
		for (g = 0; g < SZ_2M; g += SZ_64K)
			all64 &= contiguous(bo, k + g / SZ_4K, SZ_64K, SZ_64K);
		c2m = contiguous(bo, k, SZ_2M, SZ_2M);
		if (c2m && pat < 4) {
			want = SZ_2M;
			t->slots_2m++;
		} else if (all64) {
			/* PAT 4-7 in a 2 MiB entry: i915 cannot, xe can. */
			want = SZ_64K;
			t->slots_64k += !c2m;
		} else {
			continue;
		}
		for (g = 0; g < SZ_2M; g += SZ_4K) {
			struct dg1dev_probe pr = vm_probe(root, slot + g, false);

			igt_assert_f(pr.page_size == want ||
				     (c2m && pr.page_size == SZ_2M),
				     "%s: VA 0x%" PRIx64 " in a slot the memory maps with %u KiB pages is a %u KiB page",
				     what, slot + g, (unsigned int)((c2m ? SZ_2M : want) >> 10),
				     pr.page_size >> 10);
		}
	}
	igt_info("%s: page sizes%s\n", what, sizes_str(sizes));
	t->binds[0] += !!(sizes & VM_PS_2M);
	t->binds[1] += !!(sizes & VM_PS_64K);
	t->binds[2] += !!(sizes & VM_PS_4K);
}

static void test_huge_pages(void)
{
	struct huge_tally t = { 0 };
	struct vm_bo *two, *four, *six;
	uint32_t vm = vm_create(vfd);
	uint64_t root = vm_root(vfd, vm);

	vm_probe_open();
	two = new_bo(SZ_2M, true);
	four = new_bo(2 * SZ_2M, true);
	six = new_bo(3 * SZ_2M, true);

	huge_case(&t, vm, root, two, 0, SZ_1G, SZ_2M, 0, "2M object at 1G");
	huge_case(&t, vm, root, two, 0, SZ_1G + 2 * SZ_2M, SZ_2M, 3,
		  "2M object at 1G+4M, PAT 3");
	/* Offset by 64 KiB: contiguous, aligned to 64 KiB only. */
	huge_case(&t, vm, root, four, SZ_64K, 2 * SZ_1G, SZ_2M, 1,
		  "4M object from 64K at 2G");
	huge_case(&t, vm, root, four, 0, 3 * SZ_1G, 2 * SZ_2M, 2,
		  "4M object at 3G");
	huge_case(&t, vm, root, six, 0, 4 * SZ_1G + SZ_64K, 2 * SZ_2M, 0,
		  "6M object at 4G+64K");
	huge_case(&t, vm, root, six, SZ_4K, 5 * SZ_1G, 2 * SZ_2M, 0,
		  "6M object from 4K at 5G");
	huge_case(&t, vm, root, six, 0, 6 * SZ_1G, six->size, 5,
		  "6M object at 6G, PAT 5");

	igt_info("binds that used 2M pages: %u, 64K: %u, 4K: %u; slots the memory allowed 2M: %u, 64K: %u\n",
		 t.binds[0], t.binds[1], t.binds[2], t.slots_2m, t.slots_64k);
	/* Without both cases the test proved nothing about huge pages. */
	igt_assert_f(t.slots_2m && t.slots_64k,
		     "LMEM too fragmented: no 2M (%u) or no 64K-only (%u) layout to check",
		     t.slots_2m, t.slots_64k);
	vm_unmap(vfd, vm, 0, VA_END);
	vm_destroy(vfd, vm);
}

/* debugfs lists exactly the mappings @want for @vm, as the uAPI cuts them. */
static void expect_list(uint32_t vm, const struct dg1dev_vm_mapping *want,
			unsigned int n, const char *after)
{
	struct dg1dev_vm_info w = {
		.root = vm_root(vfd, vm),
		.num_mappings = n,
		.mappings = (struct dg1dev_vm_mapping *)want,
	};

	vm_assert_same_list(vfd, vm, &w, after);
}

/*
 * Unbinds: a whole mapping; the middle of a 2 MiB one (a 2 MiB page, when
 * memory allowed one, is split and both ends keep their pages); a range
 * straddling two mappings cuts both; a hole, or nothing, is ENOENT and
 * changes nothing; a VA unmapped and mapped again in one call, and one
 * mapped again later, reach the new object.
 */
static void test_unbind(void)
{
	const uint64_t v1 = 8 * SZ_1G, v2 = 9 * SZ_1G;
	struct vm_bo *a, *b, *c, *d;
	struct drm_dg1_vm_bind_op ops[2];
	struct dg1dev_vm_info before;
	uint32_t vm = vm_create(vfd);
	uint64_t root = vm_root(vfd, vm);
	unsigned int sizes;

	vm_probe_open();
	a = new_bo(SZ_2M, true);
	b = new_bo(64 * SZ_4K, false);
	c = new_bo(128 * SZ_4K, true);
	d = new_bo(32 * SZ_4K, false);

	vm_map(vfd, vm, a->handle, 0, v1, SZ_2M, 0);
	vm_map(vfd, vm, b->handle, 0, v2, b->size, 0);
	sizes = vm_expect_mapped(root, v1, a, 0, SZ_2M, 0, "2M object");
	igt_info("2M object: page sizes%s\n", sizes_str(sizes));
	vm_expect_mapped(root, v2, b, 0, b->size, 0, "SMEM object");

	vm_unmap(vfd, vm, v2, b->size);
	vm_expect_fault(root, v2, b->size, "SMEM object unmapped");
	vm_expect_mapped(root, v1, a, 0, SZ_2M, 0, "2M object, after the other's unmap");

	/* The middle of the 2 MiB mapping. */
	vm_unmap(vfd, vm, v1 + 512 * 1024, 512 * 1024);
	vm_expect_mapped(root, v1, a, 0, 512 * 1024, 0, "left of the hole");
	vm_expect_fault(root, v1 + 512 * 1024, 512 * 1024, "the hole");
	vm_expect_mapped(root, v1 + SZ_1M, a, SZ_1M, SZ_1M, 0,
			 "right of the hole");
	expect_list(vm, (const struct dg1dev_vm_mapping[]){
			    { v1, v1 + 512 * 1024, 0, 0, false },
			    { v1 + SZ_1M, v1 + SZ_2M, SZ_1M, 0, false } },
		    2, "after unmapping the middle");

	/* Nothing there: the hole, a hole's page, far away. */
	vm_info(vfd, vm, &before);
	igt_assert_eq(__vm_bind(vfd, vm, (const struct drm_dg1_vm_bind_op[]){
		dg1dev_vm_unmap_op(v1 + 512 * 1024, 512 * 1024) }, 1, NULL, 0),
		-ENOENT);
	igt_assert_eq(__vm_bind(vfd, vm, (const struct drm_dg1_vm_bind_op[]){
		dg1dev_vm_unmap_op(v1 + 600 * 1024, SZ_4K) }, 1, NULL, 0),
		-ENOENT);
	igt_assert_eq(__vm_bind(vfd, vm, (const struct drm_dg1_vm_bind_op[]){
		dg1dev_vm_unmap_op(v2, b->size) }, 1, NULL, 0), -ENOENT);
	vm_assert_same_list(vfd, vm, &before, "after unmaps of nothing");
	free(before.mappings);
	vm_expect_mapped(root, v1, a, 0, 512 * 1024, 0,
			 "left, after unmaps of nothing");
	vm_expect_mapped(root, v1 + SZ_1M, a, SZ_1M, SZ_1M, 0,
			 "right, after unmaps of nothing");

	/* Straddling both: each is cut down to what lies outside. */
	vm_unmap(vfd, vm, v1 + 256 * 1024, SZ_1M);
	vm_expect_mapped(root, v1, a, 0, 256 * 1024, 0, "left, cut");
	vm_expect_fault(root, v1 + 256 * 1024, SZ_1M, "the wider hole");
	vm_expect_mapped(root, v1 + SZ_1M + 256 * 1024, a, SZ_1M + 256 * 1024,
			 768 * 1024, 0, "right, cut");
	expect_list(vm, (const struct dg1dev_vm_mapping[]){
			    { v1, v1 + 256 * 1024, 0, 0, false },
			    { v1 + SZ_1M + 256 * 1024, v1 + SZ_2M,
			      SZ_1M + 256 * 1024, 0, false } },
		    2, "after the straddling unmap");

	/* Replace in one call: unmap first, then map over it. */
	ops[0] = dg1dev_vm_unmap_op(v1, 256 * 1024);
	ops[1] = dg1dev_vm_map_op(d->handle, 0, v1, d->size, 2);
	vm_bind(vfd, vm, ops, 2, NULL, 0);
	vm_expect_mapped(root, v1, d, 0, d->size, 2, "replaced in one call");
	vm_expect_fault(root, v1 + d->size, 256 * 1024 - d->size,
			"past the replacement");

	/* Unmapped, then mapped again to another object. */
	vm_unmap(vfd, vm, v1 + SZ_1M, SZ_1M);
	vm_map(vfd, vm, c->handle, 0, v1 + SZ_1M, c->size, 1);
	vm_expect_mapped(root, v1 + SZ_1M, c, 0, c->size, 1, "mapped again");
	vm_map(vfd, vm, b->handle, 0, v2, b->size, 3);
	vm_expect_mapped(root, v2, b, 0, b->size, 3, "SMEM object mapped again");

	vm_unmap(vfd, vm, 0, VA_END);
	vm_expect_fault(root, v1, SZ_2M, "after unmapping everything");
	vm_expect_fault(root, v2, b->size, "after unmapping everything");
	vm_destroy(vfd, vm);
}

/*
 * An array is taken whole or not at all: each case's last op is bad, and
 * afterwards the VAs the good ops would have mapped still fault, and the
 * mapping they would have replaced is still there.
 */
static void test_bind_array_atomic(void)
{
	const uint64_t vm_at = 10 * SZ_1G, x = 11 * SZ_1G, y = 12 * SZ_1G;
	struct drm_dg1_vm_bind_op *ops;
	struct dg1dev_vm_info before;
	struct vm_bo *a, *b;
	uint32_t vm = vm_create(vfd), n, i, gone;
	uint64_t root = vm_root(vfd, vm);
	int err;
	const struct {
		const char *what;
		int err;
	} cases[] = {
		{ "overlaps an earlier op", -EEXIST },
		{ "names no object", -ENOENT },
		{ "has PAT index 8", -EINVAL },
		{ "unmaps nothing", -ENOENT },
		{ "reaches past the object", -EINVAL },
		{ "maps where an earlier op mapped again", -EEXIST },
	};

	vm_probe_open();
	a = new_bo(16 * SZ_4K, true);
	b = new_bo(64 * SZ_4K, false);
	gone = gem_create(vfd, SZ_4K, GEM_SMEM, 0);
	gem_close(vfd, gone);
	vm_map(vfd, vm, a->handle, 0, vm_at, a->size, 0);
	vm_info(vfd, vm, &before);

	n = qvm.max_bind_ops;
	igt_assert_f(n >= 4, "max_bind_ops %u", n);
	ops = calloc(n, sizeof(*ops));
	igt_assert(ops);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct drm_dg1_vm_bind_op *last;
		uint32_t k;

		/* Replace the existing mapping, then map at x and y. */
		ops[0] = dg1dev_vm_unmap_op(vm_at, a->size);
		ops[1] = dg1dev_vm_map_op(b->handle, 0, vm_at, b->size, 1);
		ops[2] = dg1dev_vm_map_op(b->handle, 0, x, b->size, 0);
		for (k = 3; k < n - 1; k++)
			ops[k] = dg1dev_vm_map_op(b->handle, (k % 64) * SZ_4K,
						  y + k * SZ_4K, SZ_4K, 0);
		last = &ops[n - 1];
		switch (i) {
		case 0:
			*last = dg1dev_vm_map_op(b->handle, 0, x + 32 * SZ_4K,
						 SZ_4K, 0);
			break;
		case 1:
			*last = dg1dev_vm_map_op(gone, 0, 13 * SZ_1G, SZ_4K, 0);
			break;
		case 2:
			*last = dg1dev_vm_map_op(b->handle, 0, 13 * SZ_1G,
						 SZ_4K, 8);
			break;
		case 3:
			*last = dg1dev_vm_unmap_op(13 * SZ_1G, SZ_4K);
			break;
		case 4:
			*last = dg1dev_vm_map_op(b->handle, b->size - SZ_4K,
						 13 * SZ_1G, 2 * SZ_4K, 0);
			break;
		case 5:
			/* ops[1] mapped it again: the VA is taken. */
			*last = dg1dev_vm_map_op(b->handle, 0, vm_at, SZ_4K, 0);
			break;
		}
		err = __vm_bind(vfd, vm, ops, n, NULL, 0);
		igt_assert_f(err == cases[i].err,
			     "an array of %u ops whose last %s: %s, expected %s",
			     n, cases[i].what, err ? strerror(-err) : "success",
			     strerror(-cases[i].err));
		vm_assert_same_list(vfd, vm, &before, cases[i].what);
		vm_expect_mapped(root, vm_at, a, 0, a->size, 0, cases[i].what);
		vm_expect_fault(root, x, b->size, cases[i].what);
		vm_expect_fault(root, y + 3 * SZ_4K, (n - 4) * SZ_4K,
				cases[i].what);
		igt_info("%u ops, the last %s: %s, nothing changed\n", n,
			 cases[i].what, strerror(-cases[i].err));
	}

	/* Without the bad op the same array works. */
	vm_bind(vfd, vm, ops, n - 1, NULL, 0);
	vm_expect_mapped(root, vm_at, b, 0, b->size, 1, "array applied");
	vm_expect_mapped(root, x, b, 0, b->size, 0, "array applied");
	for (i = 3; i < n - 1; i++)
		vm_expect_mapped(root, y + i * SZ_4K, b, (i % 64) * SZ_4K,
				 SZ_4K, 0, "array applied");
	free(ops);
	vm_unmap(vfd, vm, 0, VA_END);
	vm_destroy(vfd, vm);
}

/* What the child of test_isolation_process() tells its parent. */
struct child_report {
	char why[240];			/* empty when it worked */
	uint64_t client;
	uint32_t vm_id;
	uint64_t va, size, seed;
};

#define CHILD_VA	(20 * SZ_1G)
#define CHILD_SIZE	(32 * SZ_4K)

/*
 * The child: a DRM file of its own, a VM, an LMEM object filled with a
 * pattern and bound; it reports and waits for the parent to be done. No
 * harness calls here: a failure goes into the report.
 */
static void __attribute__((noreturn)) child_run(int wfd, int rfd,
						 uint64_t seed)
{
	struct child_report r = { .va = CHILD_VA, .size = CHILD_SIZE,
				  .seed = seed };
	struct drm_dg1_gem_create c = gem_create_args(CHILD_SIZE, GEM_LMEM,
						      DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS);
	struct drm_dg1_gem_mmap_offset o = { 0 };
	struct drm_dg1_vm_bind_op op;
	char path[256], done;
	void *map = MAP_FAILED;
	int fd, err;

	fd = dg1dev_open_render(NULL, path, sizeof(path));
	err = fd < 0 ? fd : dg1dev_drm_client_id(fd, &r.client);
	if (!err)
		err = dg1dev_vm_create(fd, &r.vm_id);
	if (!err && dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_CREATE, &c))
		err = -errno;
	o.handle = c.handle;
	if (!err && dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &o))
		err = -errno;
	if (!err) {
		map = mmap(NULL, CHILD_SIZE, PROT_READ | PROT_WRITE,
			   MAP_SHARED, fd, o.offset);
		err = map == MAP_FAILED ? -errno : 0;
	}
	if (!err) {
		gem_fill(map, CHILD_SIZE, seed, 1);
		__sync_synchronize();
		op = dg1dev_vm_map_op(c.handle, 0, CHILD_VA, CHILD_SIZE, 0);
		err = dg1dev_vm_bind(fd, r.vm_id, &op, 1, NULL, 0);
	}
	if (err)
		snprintf(r.why, sizeof(r.why), "child: %s", strerror(-err));
	if (write(wfd, &r, sizeof(r)) != sizeof(r))
		_exit(2);
	if (read(rfd, &done, 1) != 1)
		_exit(3);
	_exit(err ? 1 : 0);
}

/*
 * Two processes, each with its own file and VM: the parent's VM does not
 * reach the child's pages, not even at the child's VA, where the parent
 * binds its own object; the child's VM id means nothing to another file.
 */
static void test_isolation_process(void)
{
	int to_parent[2], to_child[2], status, fd3;
	uint64_t child_root, root, child_at[CHILD_SIZE / SZ_4K], k, j;
	struct vm_bo child_bo = { 0 }, *mine;
	struct child_report r;
	uint32_t vm;
	ssize_t n;
	pid_t pid;

	vm_probe_open();
	igt_assert(!pipe(to_parent) && !pipe(to_child));
	pid = fork();
	igt_assert(pid >= 0);
	child_pid = pid;
	if (!pid) {
		close(to_parent[0]);
		close(to_child[1]);
		child_run(to_parent[1], to_child[0], seed_of(100));
	}
	close(to_parent[1]);
	close(to_child[0]);
	n = read(to_parent[0], &r, sizeof(r));
	igt_assert_f(n == sizeof(r), "the child reported nothing (%zd bytes)", n);
	igt_assert_f(!r.why[0], "%s", r.why);

	/* The child's VM maps the child's pages: learn where they are. */
	{
		struct dg1dev_vms vms;
		const struct dg1dev_vm_info *cv;

		vm_debugfs(&vms);
		cv = dg1dev_vms_find(&vms, r.client, r.vm_id);
		igt_assert_f(cv, "debugfs lists no VM %u of the child's client %llu",
			     r.vm_id, (unsigned long long)r.client);
		child_root = cv->root;
		dg1dev_vms_free(&vms);
	}
	child_bo.seed = r.seed;
	child_bo.lmem = true;
	child_bo.size = r.size;
	for (k = 0; k < CHILD_SIZE / SZ_4K; k++) {
		struct dg1dev_probe pr = vm_probe(child_root, r.va + k * SZ_4K,
						  false);

		igt_assert_f(pr.status == VDG1_PROBE_OK && pr.mem == 1 &&
			     vm_mem_holds(pr.addr, &child_bo, k),
			     "the child's VA 0x%llx does not reach its page %llu (status %u, 0x%llx)",
			     (unsigned long long)(r.va + k * SZ_4K),
			     (unsigned long long)k, pr.status,
			     (unsigned long long)pr.addr);
		child_at[k] = pr.addr;
	}

	vm = vm_create(vfd);
	root = vm_root(vfd, vm);
	igt_assert_f(root != child_root, "both processes' VMs have the PML4 at 0x%llx",
		     (unsigned long long)root);
	vm_expect_fault(root, r.va, r.size, "the child's VA in the parent's VM");
	mine = new_bo(r.size, true);
	vm_map(vfd, vm, mine->handle, 0, r.va, r.size, 0);
	vm_expect_mapped(root, r.va, mine, 0, r.size, 0,
			 "the parent's object at the child's VA");
	for (k = 0; k < r.size / SZ_4K; k++)
		for (j = 0; j < r.size / SZ_4K; j++)
			igt_assert_f(mine->where[k] != child_at[j],
				     "the parent's VM reaches the child's page %llu",
				     (unsigned long long)j);
	/* And the child's VM still maps the child's pages. */
	for (k = 0; k < r.size / SZ_4K; k++) {
		struct dg1dev_probe pr = vm_probe(child_root,
						  r.va + k * SZ_4K, false);

		igt_assert_f(pr.status == VDG1_PROBE_OK && pr.addr == child_at[k],
			     "the parent's bind changed the child's VM at page %llu",
			     (unsigned long long)k);
	}

	/* A file with no VM: the child's id names nothing there. */
	fd3 = igt_dg1_open_render();
	igt_assert_eq(dg1dev_vm_destroy(fd3, r.vm_id), -ENOENT);
	igt_assert_eq(dg1dev_vm_bind(fd3, r.vm_id, (const struct drm_dg1_vm_bind_op[]){
		dg1dev_vm_unmap_op(r.va, r.size) }, 1, NULL, 0), -ENOENT);
	close(fd3);

	igt_assert(write(to_child[1], "x", 1) == 1);
	igt_assert(waitpid(pid, &status, 0) == pid);
	child_pid = -1;
	igt_assert_f(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the child ended with status 0x%x", status);
	close(to_parent[0]);
	close(to_child[1]);
	/* Its file closed with it, and its VM went. */
	igt_assert_eq(client_vms(r.client), 0);
	vm_expect_mapped(root, r.va, mine, 0, r.size, 0, "after the child left");
	vm_unmap(vfd, vm, 0, VA_END);
	vm_destroy(vfd, vm);
}

/*
 * Two files of one process: a VM of one cannot be bound, unbound or
 * destroyed through the other, and a bind through the other file's VM of
 * the same id lands there only.
 */
static void test_isolation_file(void)
{
	const uint64_t x = 21 * SZ_1G;
	uint32_t vm_a, vm_b, h_b;
	uint64_t root_a, root_b;
	struct dg1dev_vm_info before;
	struct vm_bo *a, *extra, b;
	struct drm_dg1_gem_mmap_offset o;
	int fd_b;

	vm_probe_open();
	a = new_bo(16 * SZ_4K, true);
	extra = new_bo(SZ_4K, false);
	vm_a = vm_create(vfd);
	root_a = vm_root(vfd, vm_a);
	vm_map(vfd, vm_a, a->handle, 0, x, a->size, 0);
	vm_info(vfd, vm_a, &before);

	fd_b = igt_dg1_open_render();
	vm_bo_new(&b, fd_b, 16 * SZ_4K, false, seed_of(200));
	h_b = b.handle;
	igt_assert_eq(dg1dev_vm_bind(fd_b, vm_a, (const struct drm_dg1_vm_bind_op[]){
		dg1dev_vm_map_op(h_b, 0, x + SZ_1M, b.size, 0) }, 1, NULL, 0),
		-ENOENT);
	igt_assert_eq(dg1dev_vm_bind(fd_b, vm_a, (const struct drm_dg1_vm_bind_op[]){
		dg1dev_vm_unmap_op(x, a->size) }, 1, NULL, 0), -ENOENT);
	igt_assert_eq(dg1dev_vm_destroy(fd_b, vm_a), -ENOENT);
	vm_assert_same_list(vfd, vm_a, &before, "after the other file's calls");
	free(before.mappings);
	vm_expect_mapped(root_a, x, a, 0, a->size, 0, "after the other file's calls");

	/* The other file's own VM, whatever its id: binds land there. */
	vm_b = vm_create(fd_b);
	root_b = vm_root(fd_b, vm_b);
	igt_assert_f(root_b != root_a, "two files' VMs share the PML4");
	vm_map(fd_b, vm_b, h_b, 0, x + SZ_1M, b.size, 0);
	vm_expect_mapped(root_b, x + SZ_1M, &b, 0, b.size, 0, "the other file's VM");
	vm_expect_fault(root_a, x + SZ_1M, b.size, "the other file's bind");
	vm_expect_fault(root_b, x, a->size, "this file's VA in the other's VM");

	/* This file's object handle, where the other file has none. */
	o = (struct drm_dg1_gem_mmap_offset){ .handle = extra->handle };
	if (dg1dev_ioctl(fd_b, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &o) && errno == ENOENT)
		igt_assert_eq(dg1dev_vm_bind(fd_b, vm_b, (const struct drm_dg1_vm_bind_op[]){
			dg1dev_vm_map_op(extra->handle, 0, x + SZ_2M, SZ_4K, 0) },
			1, NULL, 0), -ENOENT);
	else
		igt_info("handle %u exists in both files: cross-file handle unchecked\n",
			 extra->handle);
	errno = 0;

	vm_bo_free(&b, true);
	close(fd_b);
	vm_expect_mapped(root_a, x, a, 0, a->size, 0, "after the other file closed");
	vm_unmap(vfd, vm_a, 0, VA_END);
	vm_destroy(vfd, vm_a);
}

igt_main
{
	igt_fixture {
		dut_open();
		qvm = vm_query(dut.fd);
	}

	vm_subtest("query-vm", test_query_vm);
	vm_subtest("create-destroy", test_create_destroy);
	vm_subtest("bind-lmem", test_bind_lmem);
	vm_subtest("bind-smem", test_bind_smem);
	vm_subtest("huge-pages", test_huge_pages);
	vm_subtest("unbind", test_unbind);
	vm_subtest("fresh-reads-zero", test_fresh_reads_zero);
	vm_subtest("evict-bound", test_evict_bound);
	vm_subtest("bind-recut", test_bind_recut);
	vm_subtest("bind-array-atomic", test_bind_array_atomic);
	vm_subtest("sync-out", test_sync_out);
	vm_subtest("sync-in-fence", test_sync_in_fence);
	vm_subtest("isolation-process", test_isolation_process);
	vm_subtest("isolation-file", test_isolation_file);
	vm_subtest("create-bad-input", test_create_bad_input);
	vm_subtest("destroy-bad-input", test_destroy_bad_input);
	vm_subtest("bind-bad-input", test_bind_bad_input);
	vm_subtest("pt-freed-on-unmap", test_pt_freed_on_unmap);
	vm_subtest("pt-failed-bind", test_pt_failed_bind);

	igt_fixture {
		drop_file();
		vm_probe_close();
		if (vgem_fd >= 0)
			close(vgem_fd);
		vgem_fd = -1;
		dut_close();
	}
}
