/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_dg1_vm.h - GPU VMs for the tests: the VM ioctls as assertions, the
 * driver's debugfs "vms", syncobjs, vgem fences, and the checks of a VM's
 * page tables through vdg1's translation probe (vdg1_counters.h).
 *
 * What a VM maps is judged from outside the driver only: the probe walks
 * the real page tables, and the page it lands on must hold the contents
 * the CPU wrote into the object's page, read back by physical address:
 * LMEM through sysfs resource2 (BAR2 shows LMEM from 0), system memory
 * through /proc/kcore. Each 4 KiB page of an object holds words no other
 * page has, so a match names the page. Only the PML4's address comes from
 * the driver (debugfs), since nothing else names it.
 */
#ifndef IGT_DG1_VM_H
#define IGT_DG1_VM_H

#include <stdbool.h>
#include <stdint.h>

#include "dg1_dev_vdg1.h"
#include "dg1_dev_vm.h"
#include "igt_core.h"

#define SZ_64K			(64ull * 1024)
#define SZ_2M			(2ull * 1024 * 1024)

/* Page sizes a probe reports, as a mask. */
#define VM_PS_4K		0x1u
#define VM_PS_64K		0x2u
#define VM_PS_2M		0x4u

/* VM_CREATE and VM_DESTROY, asserting success; the id is non-zero. */
uint32_t vm_create(int fd);
void vm_destroy(int fd, uint32_t vm_id);
/* VM_BIND: 0 or -errno (errno cleared). */
int __vm_bind(int fd, uint32_t vm_id, const struct drm_dg1_vm_bind_op *ops,
	      uint32_t n, const struct drm_dg1_sync *syncs, uint32_t num_syncs);
/* VM_BIND asserting success; one map or unmap without syncs. */
void vm_bind(int fd, uint32_t vm_id, const struct drm_dg1_vm_bind_op *ops,
	     uint32_t n, const struct drm_dg1_sync *syncs, uint32_t num_syncs);
void vm_map(int fd, uint32_t vm_id, uint32_t handle, uint64_t obj_offset,
	    uint64_t addr, uint64_t range, uint16_t pat_index);
void vm_unmap(int fd, uint32_t vm_id, uint64_t addr, uint64_t range);

/*
 * DRM_DG1_QUERY_VM, its size and MBZ fields asserted. The values are the
 * caller's to check.
 */
struct drm_dg1_query_vm vm_query(int fd);
/* @n maps of 4 KiB of @handle, each at its own GiB from @base, one bind. */
int vm_map_spread(int fd, uint32_t vm_id, uint32_t handle, uint64_t base,
		  unsigned int n);
/* The page tables debugfs "vms" counts for the VM, the PML4 included. */
unsigned int vm_tables(int fd, uint32_t vm_id);
/* The LMEM the VM's page tables pin (debugfs "vms"), whole blocks. */
uint64_t vm_table_bytes(int fd, uint32_t vm_id);
/* Both, from one read of debugfs "vms" (it lists every mapping). */
void vm_table_counts(int fd, uint32_t vm_id, unsigned int *tables,
		     uint64_t *bytes);

/* The DRM client id of @fd (fdinfo), asserting it is there. */
uint64_t vm_client_id(int fd);
/* debugfs "vms" of the device under test, parsed; asserts. */
void vm_debugfs(struct dg1dev_vms *vms);
/*
 * VM @vm_id of @fd as debugfs lists it, into @info (its mappings
 * malloc'd: free them); asserts that it is listed.
 */
void vm_info(int fd, uint32_t vm_id, struct dg1dev_vm_info *info);
/* The LMEM address of the PML4 of VM @vm_id of @fd; 4 KiB aligned. */
uint64_t vm_root(int fd, uint32_t vm_id);
/* Whether debugfs lists the same mappings for the VM as @before. */
void vm_assert_same_list(int fd, uint32_t vm_id,
			 const struct dg1dev_vm_info *before,
			 const char *after);

/* Syncobjs (DRM core): asserting success unless the name says "__". */
uint32_t syncobj_create(int fd, uint32_t flags);
void syncobj_destroy(int fd, uint32_t handle);
void syncobj_reset(int fd, uint32_t handle);
void syncobj_timeline_signal(int fd, uint32_t handle, uint64_t point);
/* The last signalled point of a timeline syncobj. */
uint64_t syncobj_timeline_query(int fd, uint32_t handle);
/*
 * Wait for all @n syncobjs at most @timeout_ns from now (0: only look):
 * 0, -ETIME when one is unsignalled, -EINVAL when one has no fence.
 */
int __syncobj_wait(int fd, const uint32_t *handles, uint32_t n,
		   uint64_t timeout_ns);
/* The same for point @point of a timeline syncobj. */
int __syncobj_timeline_wait(int fd, uint32_t handle, uint64_t point,
			    uint64_t timeout_ns);

/*
 * vgem (drivers/gpu/drm/vgem): a fence nothing signals until the test
 * says so (or vgem's 10 s timeout fires). vgem_open() returns the fd of a
 * vgem node or -errno (-ENODEV: no vgem); vgem_fence_syncobj() attaches a
 * write fence to a new vgem object, exports it through a dma-buf as a
 * sync_file and imports that into syncobj @syncobj of DRM file @fd;
 * returns the fence's vgem id for vgem_fence_signal().
 */
int vgem_open(void);
uint32_t vgem_fence_syncobj(int vgem_fd, int fd, uint32_t syncobj);
void vgem_fence_signal(int vgem_fd, uint32_t fence);

/*
 * A buffer object the VM tests bind: every 8-byte word filled with
 * gem_pattern(@seed, word), CPU-mapped for as long as it lives. Once a
 * translation reached page k and its contents confirmed it, @known[k] is
 * set and @where[k] is its address (LMEM, or physical for SMEM).
 */
struct vm_bo {
	int fd;
	uint32_t handle;
	uint64_t size;
	bool lmem;
	uint64_t seed;
	volatile uint64_t *map;
	uint64_t *where;
	bool *known;
};

/* Create (LMEM with NEEDS_CPU_ACCESS, or SMEM), map and fill. */
void vm_bo_new(struct vm_bo *bo, int fd, uint64_t size, bool lmem,
	       uint64_t seed);
/* The same, the object private to VM @vm_id (GEM_CREATE's vm_id). */
void vm_bo_new_private(struct vm_bo *bo, int fd, uint64_t size, bool lmem,
		       uint64_t seed, uint32_t vm_id);
/* Unmap, close the handle (unless @fd_closed) and free. */
void vm_bo_free(struct vm_bo *bo, bool fd_closed);

/*
 * The probe: vm_probe_open() in a subtest that needs it (vdg1 only: a
 * skip or failure elsewhere) maps the counters page writable and BAR2
 * readable, and opens /proc/kcore at the first SMEM page it must find;
 * the next vm_probe_open() or vm_probe_close() undoes it.
 */
void vm_probe_open(void);
void vm_probe_close(void);
/* Probes made since vm_probe_open(). */
unsigned int vm_probe_count(void);
struct dg1dev_probe vm_probe(uint64_t root, uint64_t va, bool write);

/* Every page of [@va, @va + @range) faults as not present. */
void vm_expect_fault(uint64_t root, uint64_t va, uint64_t range,
		     const char *what);
/*
 * Every page of [@va, @va + @range) maps, readable and writable, the page
 * of @bo at the same distance from @obj_offset, with PAT index @pat: the
 * probe lands in the right memory on an address that holds that page's
 * contents (and the same address as any earlier translation of the
 * page), and the leaf entry carries LM and the PAT bits. Returns the page
 * sizes seen, VM_PS_*.
 */
unsigned int vm_expect_mapped(uint64_t root, uint64_t va, struct vm_bo *bo,
			      uint64_t obj_offset, uint64_t range,
			      unsigned int pat, const char *what);
/*
 * Whether memory at @addr (LMEM when @bo->lmem, else physical) holds page
 * @k of @bo: three of its words in BAR2, all of them through kcore.
 */
bool vm_mem_holds(uint64_t addr, const struct vm_bo *bo, uint64_t k);
/*
 * Whether the 4 KiB page at @addr (LMEM through BAR2, else physical
 * through kcore) reads as zero: 1 yes, 0 no, -ERANGE beyond BAR2, another
 * -errno when it cannot be read.
 */
int vm_mem_is_zero(uint64_t addr, bool lmem);

#endif /* IGT_DG1_VM_H */
