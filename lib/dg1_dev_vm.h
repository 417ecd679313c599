/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_dev_vm.h - GPU virtual address spaces from userspace: the VM
 * ioctls of uapi/dg1_drm.h, the driver's debugfs file "vms", a DRM file's
 * client id (/proc/self/fdinfo) and the physical address of a CPU page
 * (/proc/self/pagemap).
 *
 * No harness in here: errors come back as -errno (with a reason where
 * there is one), so the tests and the tools can share it.
 */
#ifndef DG1DEV_VM_H
#define DG1DEV_VM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_drm.h"

/* VM_CREATE: 0 with the id in *@vm_id, or -errno. */
int dg1dev_vm_create(int fd, uint32_t *vm_id);
/* VM_DESTROY: 0 or -errno. */
int dg1dev_vm_destroy(int fd, uint32_t vm_id);
/* VM_BIND of @n ops and @num_syncs syncs: 0 or -errno. */
int dg1dev_vm_bind(int fd, uint32_t vm_id,
		   const struct drm_dg1_vm_bind_op *ops, uint32_t n,
		   const struct drm_dg1_sync *syncs, uint32_t num_syncs);

/* One map op, every other field zero. */
struct drm_dg1_vm_bind_op dg1dev_vm_map_op(uint32_t handle,
					   uint64_t obj_offset, uint64_t addr,
					   uint64_t range, uint16_t pat_index);
/* One unmap op. */
struct drm_dg1_vm_bind_op dg1dev_vm_unmap_op(uint64_t addr, uint64_t range);

/* The "drm-client-id" of DRM file @fd from /proc/self/fdinfo: 0 or -errno. */
int dg1dev_drm_client_id(int fd, uint64_t *id);

/*
 * debugfs "vms": per VM a line "client <id> vm <id> root 0x<16 hex
 * digits> mappings <n>" (optionally " tables <n>", and after it
 * " external <n>": the mapped objects an EXEC fences one by one, those not
 * private to the VM; " table-bytes <n>": the LMEM its tables pin, whole
 * blocks of 16; and " closed" for a VM destroyed or whose file closed,
 * not yet freed), then one line per
 * mapping "  0x<start>-0x<end> offset 0x<n> pat <n>" (end exclusive,
 * optionally " invalidated"); the file may end with "binds 4K <n> 64K <n>
 * 2M <n> queued <n>".
 */
struct dg1dev_vm_mapping {
	uint64_t start, end;		/* [start, end) */
	uint64_t offset;		/* in the object */
	unsigned int pat;
	bool invalidated;
};

struct dg1dev_vm_info {
	uint64_t client;
	uint32_t vm_id;
	uint64_t root;			/* LMEM address of the PML4 */
	unsigned int num_tables;		/* page tables, the PML4 included */
	unsigned int num_external;	/* objects any VM may map, mapped */
	uint64_t table_bytes;		/* LMEM its tables pin; 0: not said */
	bool closed;			/* destroyed or its file closed, not freed */
	unsigned int num_mappings;
	struct dg1dev_vm_mapping *mappings;
};

struct dg1dev_vms {
	unsigned int num_vms;
	struct dg1dev_vm_info *vms;
};

/*
 * Parse the text of "vms" strictly: every line in one of the formats
 * above, each VM's mapping count equal to its mapping lines, mappings in
 * address order without overlap, no VM twice. 0, -ENOMEM, or -EPROTO with
 * the bad line in @why. Free with dg1dev_vms_free().
 */
int dg1dev_vms_parse(const char *text, struct dg1dev_vms *out, char *why,
		     size_t why_len);
void dg1dev_vms_free(struct dg1dev_vms *vms);
/* The VM @vm_id of client @client not closed, or NULL. */
const struct dg1dev_vm_info *dg1dev_vms_find(const struct dg1dev_vms *vms,
					     uint64_t client, uint32_t vm_id);
/* How many VMs client @client has, closed ones not yet freed too. */
unsigned int dg1dev_vms_count(const struct dg1dev_vms *vms, uint64_t client);

/*
 * Physical memory read through /proc/kcore (root, CONFIG_PROC_KCORE): its
 * ELF program headers give each RAM segment's physical address
 * (p_paddr; fs/proc/kcore.c). The CPU page tables of a driver's mmap()
 * cannot say where its pages are: /proc/self/pagemap skips VM_PFNMAP
 * mappings, and TTM's are such.
 */
struct dg1dev_kcore {
	int fd;
	unsigned int num_segs;
	struct dg1dev_kcore_seg {
		uint64_t paddr, size, offset;
	} *segs;
};

/* Open and index /proc/kcore: 0, or -errno with the reason in @why. */
int dg1dev_kcore_open(struct dg1dev_kcore *k, char *why, size_t why_len);
void dg1dev_kcore_close(struct dg1dev_kcore *k);
/*
 * @len bytes of physical memory from @phys into @buf: 0, -ENOENT when no
 * RAM segment holds them all, another -errno when the read fails.
 */
int dg1dev_kcore_read(const struct dg1dev_kcore *k, uint64_t phys, void *buf,
		      size_t len);

#endif /* DG1DEV_VM_H */
