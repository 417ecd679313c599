/* SPDX-License-Identifier: MIT */
/*
 * dg1_drm.h - userspace ABI of the dg1 DRM driver (Intel DG1, Gen12 / Xe-LP).
 *
 * Modelled on the xe uAPI: every struct carries @extensions / @pad /
 * @reserved fields that must be zero, and queries use two-pass sizing.
 */
#ifndef _UAPI_DG1_DRM_H_
#define _UAPI_DG1_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: dg1 ioctls
 *
 * - &DRM_IOCTL_DG1_QUERY - read a description of the device
 * - &DRM_IOCTL_DG1_GEM_CREATE - create a buffer object
 * - &DRM_IOCTL_DG1_GEM_MMAP_OFFSET - the mmap() offset of a buffer object
 * - &DRM_IOCTL_DG1_VM_CREATE - create a GPU virtual address space
 * - &DRM_IOCTL_DG1_VM_DESTROY - destroy an empty one
 * - &DRM_IOCTL_DG1_VM_BIND - map and unmap buffer objects in one
 * - &DRM_IOCTL_DG1_EXEC_QUEUE_CREATE - create an exec queue on one engine
 *   and VM
 * - &DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY - destroy one, cancelling its work
 * - &DRM_IOCTL_DG1_EXEC - submit a batch to an exec queue
 * - &DRM_IOCTL_DG1_WAIT_USER_FENCE - wait for a value a batch writes to
 *   memory
 * - &DRM_IOCTL_DG1_PERF_OPEN - open an OA perf stream (see "dg1 OA perf")
 * - &DRM_IOCTL_DG1_PERF_ADD_CONFIG - register an OA metric set
 * - &DRM_IOCTL_DG1_PERF_REMOVE_CONFIG - remove one
 *
 * Every ioctl fails with -ENODEV once the device is unbound, even on file
 * descriptors opened before.
 */

/**
 * DOC: Limits
 *
 * Anyone who can open the render node could otherwise exhaust the device
 * or the kernel for everyone else, so a file holds at most:
 *
 * - %DRM_DG1_MAX_VMS VMs: &DRM_IOCTL_DG1_VM_CREATE fails with -ENOSPC;
 * - %DRM_DG1_MAX_EXEC_QUEUES exec queues: &DRM_IOCTL_DG1_EXEC_QUEUE_CREATE
 *   fails with -ENOSPC;
 * - %DRM_DG1_MAX_JOBS_PER_QUEUE batches submitted to one queue and not
 *   finished: &DRM_IOCTL_DG1_EXEC fails with -EAGAIN; wait for the fence
 *   of an earlier batch, then submit again;
 * - %DRM_DG1_MAX_PT_BYTES of page tables in all its VMs: pinned LMEM,
 *   4 KiB a table, held by each VM in blocks of 16 tables (64 KiB) that
 *   count whole, at least one block per VM: &DRM_IOCTL_DG1_VM_BIND and
 *   &DRM_IOCTL_DG1_VM_CREATE fail with -ENOSPC. A map needs tables for
 *   every 2 MiB of address space it touches (up to three); they are freed
 *   once nothing is mapped there, a block with its last table.
 *
 * Ids are freed by the destroy ioctls at once, batches when their fence
 * signals. The kernel memory these objects take is also charged to the
 * memory cgroup of the task that made them. Contexts draw no other
 * per-engine resource: the hardware context ids the engines report are
 * assigned while a context is on the engine only.
 */
#define DRM_DG1_MAX_VMS			256
#define DRM_DG1_MAX_EXEC_QUEUES		256
#define DRM_DG1_MAX_JOBS_PER_QUEUE	256
#define DRM_DG1_MAX_PT_BYTES		(64ull << 20)

/**
 * DOC: PRIME
 *
 * Objects are shared through the DRM core's PRIME_HANDLE_TO_FD and
 * PRIME_FD_TO_HANDLE. While another device is attached to an object's
 * dma-buf, the object is in SMEM, pinned. An object created without
 * %DRM_DG1_MEMORY_REGION_SMEM in its list cannot be attached: the importer
 * fails with -EOPNOTSUPP. A dma-buf of the same device imports as the
 * object itself. Another device's buffer becomes an SMEM-only object,
 * counted in SMEM's used size, whose pages and mmap() are the exporter's;
 * it can be mapped in a VM. Errors: -ENOENT for an unknown handle; -EINVAL
 * for bad flags, an fd that is not a dma-buf or a buffer that is not whole
 * pages; -EBADF for a bad fd; -ENODEV after unbind.
 */
#define DRM_DG1_QUERY			0x00
#define DRM_DG1_GEM_CREATE		0x01
#define DRM_DG1_GEM_MMAP_OFFSET		0x02
#define DRM_DG1_VM_CREATE		0x03
#define DRM_DG1_VM_DESTROY		0x04
#define DRM_DG1_VM_BIND			0x05
#define DRM_DG1_EXEC_QUEUE_CREATE	0x06
#define DRM_DG1_EXEC_QUEUE_DESTROY	0x07
#define DRM_DG1_EXEC			0x08
#define DRM_DG1_WAIT_USER_FENCE		0x09
#define DRM_DG1_PERF_OPEN		0x0a
#define DRM_DG1_PERF_ADD_CONFIG		0x0b
#define DRM_DG1_PERF_REMOVE_CONFIG	0x0c

#define DRM_IOCTL_DG1_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_QUERY, struct drm_dg1_query)
#define DRM_IOCTL_DG1_GEM_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_GEM_CREATE, \
		 struct drm_dg1_gem_create)
#define DRM_IOCTL_DG1_GEM_MMAP_OFFSET \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_GEM_MMAP_OFFSET, \
		 struct drm_dg1_gem_mmap_offset)
#define DRM_IOCTL_DG1_VM_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_VM_CREATE, struct drm_dg1_vm_create)
#define DRM_IOCTL_DG1_VM_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_VM_DESTROY, \
		struct drm_dg1_vm_destroy)
#define DRM_IOCTL_DG1_VM_BIND \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_VM_BIND, struct drm_dg1_vm_bind)
#define DRM_IOCTL_DG1_EXEC_QUEUE_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_EXEC_QUEUE_CREATE, \
		 struct drm_dg1_exec_queue_create)
#define DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_EXEC_QUEUE_DESTROY, \
		struct drm_dg1_exec_queue_destroy)
#define DRM_IOCTL_DG1_EXEC \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_EXEC, struct drm_dg1_exec)
#define DRM_IOCTL_DG1_WAIT_USER_FENCE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_WAIT_USER_FENCE, \
		 struct drm_dg1_wait_user_fence)
#define DRM_IOCTL_DG1_PERF_OPEN \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_PERF_OPEN, struct drm_dg1_perf_open)
#define DRM_IOCTL_DG1_PERF_ADD_CONFIG \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_PERF_ADD_CONFIG, \
		struct drm_dg1_perf_oa_config)
#define DRM_IOCTL_DG1_PERF_REMOVE_CONFIG \
	DRM_IOW(DRM_COMMAND_BASE + DRM_DG1_PERF_REMOVE_CONFIG, __u64)

/**
 * enum drm_dg1_engine_class - engine classes as userspace sees them
 *
 * The numbering is the uAPI's own (as in xe); it differs from the hardware
 * class ids carried in context descriptors and interrupt vectors.
 *
 * @DRM_DG1_ENGINE_CLASS_RENDER: render/compute engine (RCS)
 * @DRM_DG1_ENGINE_CLASS_COPY: blitter (BCS)
 * @DRM_DG1_ENGINE_CLASS_VIDEO_DECODE: video decode/encode box (VCS)
 * @DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE: video enhancement box (VECS)
 */
enum drm_dg1_engine_class {
	DRM_DG1_ENGINE_CLASS_RENDER = 0,
	DRM_DG1_ENGINE_CLASS_COPY = 1,
	DRM_DG1_ENGINE_CLASS_VIDEO_DECODE = 2,
	DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE = 3,
};

/**
 * struct drm_dg1_engine_class_instance - one engine
 */
struct drm_dg1_engine_class_instance {
	/** @engine_class: one of &enum drm_dg1_engine_class */
	__u16 engine_class;
	/** @engine_instance: hardware instance within the class (VCS2 is 2) */
	__u16 engine_instance;
	/** @pad: MBZ */
	__u32 pad;
};

/**
 * struct drm_dg1_query_device - answer to %DRM_DG1_QUERY_DEVICE
 */
struct drm_dg1_query_device {
	/** @device_id: PCI device id (0x4905..0x4909) */
	__u16 device_id;
	/** @revision: PCI revision id */
	__u16 revision;
	/** @graphics_ver: graphics IP version times 100 (1210 on DG1) */
	__u32 graphics_ver;
	/** @media_ver: media IP version times 100 (1200 on DG1) */
	__u32 media_ver;
	/** @pad: MBZ */
	__u32 pad;
	/** @lmem_size: usable local memory in bytes (below the GGTT's stolen area) */
	__u64 lmem_size;
	/** @lmem_bar_size: size of the CPU-visible LMEM aperture (BAR2) in bytes */
	__u64 lmem_bar_size;
	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_query_engines - answer to %DRM_DG1_QUERY_ENGINES
 */
struct drm_dg1_query_engines {
	/** @num_engines: number of entries in @engines */
	__u32 num_engines;
	/** @pad: MBZ */
	__u32 pad;
	/** @engines: the engines present after fusing, ordered by class then instance */
	struct drm_dg1_engine_class_instance engines[];
};

/**
 * struct drm_dg1_query_topology - answer to %DRM_DG1_QUERY_TOPOLOGY
 *
 * What the fuses leave of the GT: DG1 has one slice of up to 6 dual
 * subslices (DSS) of 16 EUs each, and 8 L3 banks fused in pairs.
 */
struct drm_dg1_query_topology {
	/** @max_dss: number of DSS the design has (bits of @dss_mask) */
	__u32 max_dss;
	/** @max_eus_per_dss: number of EUs a DSS has (bits of @eu_mask_per_dss) */
	__u32 max_eus_per_dss;
	/** @dss_mask: enabled DSS, bit n for DSS n */
	__u64 dss_mask;
	/** @eu_mask_per_dss: enabled EUs of every enabled DSS, bit n for EU n */
	__u32 eu_mask_per_dss;
	/** @l3_bank_mask: enabled L3 banks, bit n for bank n */
	__u32 l3_bank_mask;
	/** @num_eus: enabled EUs in all (DSS count times EUs per DSS) */
	__u32 num_eus;
	/** @pad: MBZ */
	__u32 pad;
	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_query_engine_cycles - in/out item %DRM_DG1_QUERY_ENGINE_CYCLES
 *
 * Correlates an engine's command-streamer timestamp with a CPU clock: the
 * driver reads the engine's RING_TIMESTAMP and the CPU clock back to back.
 * Userspace fills @eci and @clockid (and zeroes the rest) before the call;
 * @size must be exactly the size of this struct. Fails with -EINVAL for an
 * engine that is absent or a clock that is not supported, and -ETIMEDOUT
 * when the engine's power domain did not wake.
 */
struct drm_dg1_query_engine_cycles {
	/** @eci: in: the engine to read */
	struct drm_dg1_engine_class_instance eci;
	/**
	 * @clockid: in: CPU clock to sample: CLOCK_MONOTONIC,
	 * CLOCK_MONOTONIC_RAW, CLOCK_REALTIME, CLOCK_BOOTTIME or CLOCK_TAI
	 */
	__s32 clockid;
	/** @width: out: number of valid bits in @engine_cycles */
	__u32 width;
	/** @engine_cycles: out: the engine's timestamp counter */
	__u64 engine_cycles;
	/** @engine_frequency: out: ticks per second of @engine_cycles */
	__u64 engine_frequency;
	/** @cpu_timestamp: out: @clockid in ns, read just before @engine_cycles */
	__u64 cpu_timestamp;
	/** @cpu_delta: out: ns the two reads took; the uncertainty of the pair */
	__u64 cpu_delta;
	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * enum drm_dg1_memory_region - where a buffer object's pages may live
 *
 * @DRM_DG1_MEMORY_REGION_SMEM: system memory. The GPU snoops it, so the
 *  CPU maps it cached (write-back).
 * @DRM_DG1_MEMORY_REGION_LMEM: the device's local memory. The CPU reaches
 *  it through the LMEM BAR only, mapped write-combined; the BAR may be
 *  smaller than LMEM (see &struct drm_dg1_memory_region_info).
 */
enum drm_dg1_memory_region {
	DRM_DG1_MEMORY_REGION_SMEM = 0,
	DRM_DG1_MEMORY_REGION_LMEM = 1,
};

/**
 * struct drm_dg1_memory_region_info - one memory region
 *
 * Sizes are in bytes. @used counts every buffer object resident in the
 * region, the driver's own included, and may change at any time.
 */
struct drm_dg1_memory_region_info {
	/** @region: one of &enum drm_dg1_memory_region */
	__u16 region;
	/** @pad: MBZ */
	__u16 pad;
	/** @min_page_size: granule of the region's allocations (4096) */
	__u32 min_page_size;
	/**
	 * @total_size: size of the region: for LMEM the local memory below
	 * the GGTT's stolen area, for SMEM the system's RAM
	 */
	__u64 total_size;
	/**
	 * @usable_size: what buffer objects may occupy: @total_size less
	 * what the driver reserves for LMEM; for SMEM the limit TTM puts on
	 * the pages of all GPU buffer objects
	 */
	__u64 usable_size;
	/** @used: bytes occupied by buffer objects */
	__u64 used;
	/**
	 * @cpu_visible_size: the part the CPU can map. For LMEM the first
	 * @cpu_visible_size bytes, as far as the BAR reaches: smaller than
	 * @usable_size on a small-BAR device. For SMEM @usable_size.
	 */
	__u64 cpu_visible_size;
	/** @cpu_visible_used: bytes of @used that lie in @cpu_visible_size */
	__u64 cpu_visible_used;
	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_query_memory_regions - answer to %DRM_DG1_QUERY_MEMORY_REGIONS
 */
struct drm_dg1_query_memory_regions {
	/** @num_regions: number of entries in @regions */
	__u32 num_regions;
	/** @pad: MBZ */
	__u32 pad;
	/** @regions: every region the device has, in &enum drm_dg1_memory_region order */
	struct drm_dg1_memory_region_info regions[];
};

/**
 * struct drm_dg1_query_vm - answer to %DRM_DG1_QUERY_VM
 *
 * The GPU virtual address space of every VM (see &DRM_IOCTL_DG1_VM_BIND).
 * DG1's page tables have four levels and decode 48 bits, of which the
 * hardware uses 47.
 */
struct drm_dg1_query_vm {
	/** @va_start: first usable virtual address (0) */
	__u64 va_start;
	/** @va_end: one past the last usable virtual address (1 << 47) */
	__u64 va_end;
	/**
	 * @page_sizes: the page sizes the page tables can map, as a mask of
	 * sizes in bytes (4 KiB, 64 KiB and 2 MiB). A mapping gets a 2 MiB
	 * page for each 2 MiB-aligned stretch of VA it covers whole whose
	 * memory is one 2 MiB-aligned contiguous run (PAT index 0-3), 64 KiB
	 * pages for such a stretch made of 64 KiB-aligned runs, and 4 KiB
	 * pages elsewhere; 4 KiB is the alignment every mapping needs.
	 */
	__u64 page_sizes;
	/** @max_bind_ops: most entries one &DRM_IOCTL_DG1_VM_BIND takes */
	__u32 max_bind_ops;
	/** @max_syncs: most syncs one &DRM_IOCTL_DG1_VM_BIND takes */
	__u32 max_syncs;
	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_query - argument of &DRM_IOCTL_DG1_QUERY
 *
 * Two-pass sizing: call with @size 0 and the driver writes the size the
 * answer needs; allocate that much, point @data at it and call again with
 * @size set. A non-zero @size smaller than needed fails with -EINVAL and
 * @size is set to the size needed. A larger @size is accepted; the driver
 * writes the answer and sets @size to its real length. In/out items
 * (%DRM_DG1_QUERY_ENGINE_CYCLES) read their input from @data and need
 * @size to be exactly their length.
 */
struct drm_dg1_query {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

#define DRM_DG1_QUERY_DEVICE		0
#define DRM_DG1_QUERY_ENGINES		1
#define DRM_DG1_QUERY_TOPOLOGY		2
#define DRM_DG1_QUERY_ENGINE_CYCLES	3
#define DRM_DG1_QUERY_MEMORY_REGIONS	4
#define DRM_DG1_QUERY_VM		5
	/**
	 * @query: which item to read; an unknown item fails with -EINVAL.
	 *
	 *  - %DRM_DG1_QUERY_DEVICE: &struct drm_dg1_query_device
	 *  - %DRM_DG1_QUERY_ENGINES: &struct drm_dg1_query_engines
	 *  - %DRM_DG1_QUERY_TOPOLOGY: &struct drm_dg1_query_topology
	 *  - %DRM_DG1_QUERY_ENGINE_CYCLES: &struct drm_dg1_query_engine_cycles
	 *    (in/out)
	 *  - %DRM_DG1_QUERY_MEMORY_REGIONS:
	 *    &struct drm_dg1_query_memory_regions
	 *  - %DRM_DG1_QUERY_VM: &struct drm_dg1_query_vm
	 */
	__u32 query;

	/** @size: size of the buffer at @data in bytes (in), length of the answer (out) */
	__u32 size;

	/** @data: user pointer to the answer buffer; ignored when @size is 0 */
	__u64 data;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_gem_create - argument of &DRM_IOCTL_DG1_GEM_CREATE
 *
 * Creates a buffer object and returns a handle to it. Its contents read as
 * zero. The object lives in the first region of @placements that has room;
 * under memory pressure the driver may move it to another region of the
 * list, and an object in LMEM may be evicted to SMEM whatever its list
 * says; its contents move with it.
 *
 * An object created with a @vm_id is private to that VM (as xe's): it
 * shares the VM's reservation, so an EXEC on the VM fences it with the VM
 * at no cost per object, where it fences each object any VM may map
 * (&struct drm_dg1_exec). Such an object can be mapped in that VM only
 * (&DRM_IOCTL_DG1_VM_BIND fails with -EINVAL elsewhere) and cannot be
 * exported (PRIME handle-to-fd fails with -EPERM); waiting for it waits for
 * all the VM's work. It stays valid, though unmappable, once the VM is
 * destroyed.
 *
 * Errors:
 *  - -EINVAL: non-zero @extensions or @reserved; an unknown bit in
 *    @flags; @num_placements 0 or more than 2; an unknown region, or a
 *    region listed twice, in the first @num_placements entries; a non-zero
 *    entry after them; %DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS without LMEM in
 *    the list; @size 0 or not a multiple of 4096
 *  - -E2BIG: @size larger than the usable size of every listed region
 *    (for LMEM with %DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS: its CPU-visible
 *    size; see &struct drm_dg1_memory_region_info). Listed regions too
 *    small for @size are left out of the object's list.
 *  - -ENOENT: @vm_id names no VM of this file
 *  - -ENOMEM: no room in any listed region, even after evicting others
 *  - -EINTR, -ERESTARTSYS: interrupted by a signal while waiting for room
 *  - -ENODEV: the device is gone
 */
struct drm_dg1_gem_create {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

	/** @size: in: size in bytes; non-zero, a multiple of 4096 */
	__u64 size;

	/** @num_placements: in: number of valid entries in @placements (1 or 2) */
	__u32 num_placements;

/*
 * The LMEM copy of the object must lie where the CPU can map it (the first
 * cpu_visible_size bytes of LMEM). Without it an object that the CPU maps
 * is moved there at its first CPU access, or to SMEM if there is no room
 * and SMEM is listed; failing both, the access raises SIGBUS.
 */
#define DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS	0x1
	/** @flags: in: %DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS */
	__u32 flags;

	/**
	 * @placements: in: &enum drm_dg1_memory_region values in order of
	 * preference; entries from @num_placements on MBZ
	 */
	__u16 placements[4];

	/** @handle: out: the new object's handle; ignored on input */
	__u32 handle;

	/**
	 * @vm_id: in: 0, or a VM of this file (&struct drm_dg1_vm_create)
	 * the object is private to
	 */
	__u32 vm_id;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_gem_mmap_offset - argument of &DRM_IOCTL_DG1_GEM_MMAP_OFFSET
 *
 * Returns the fake offset to give mmap() on the same DRM file descriptor to
 * map the whole object, or a part of it from its start (MAP_SHARED; a
 * private, copy-on-write mapping is refused with -EINVAL). LMEM is mapped
 * write-combined, SMEM write-back. The mapping follows the object when the
 * driver moves it; once the device is gone every page of it shows one
 * zeroed dummy page (no SIGBUS).
 *
 * Errors: -EINVAL for non-zero @extensions, @flags or @reserved; -ENOENT
 * for a @handle that names no object of this file; -ENODEV when the device
 * is gone. mmap() itself fails with -EINVAL for a length beyond the
 * object or once its last handle is closed (even while a mapping keeps its
 * pages), -EACCES for another file's object, and -ENODEV when the device
 * is gone.
 */
struct drm_dg1_gem_mmap_offset {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

	/** @handle: in: the object */
	__u32 handle;

	/** @flags: MBZ */
	__u32 flags;

	/** @offset: out: the offset to pass to mmap() */
	__u64 offset;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_vm_create - argument of &DRM_IOCTL_DG1_VM_CREATE
 *
 * Creates an empty GPU virtual address space: a 4-level page table whose
 * every entry is invalid, so the GPU faults on any address until something
 * is bound there. A VM belongs to the file that created it and is
 * destroyed with it.
 *
 * Errors: -EINVAL for non-zero @extensions, @flags or @reserved; -ENOMEM
 * (no memory, or no room in LMEM for the top-level page table); -EINTR or
 * -ERESTARTSYS when a signal came while waiting for room; -ENOSPC when the
 * file has %DRM_DG1_MAX_VMS VMs, or its page tables (one for the new VM)
 * would pass %DRM_DG1_MAX_PT_BYTES; -ENODEV when the device is gone.
 */
struct drm_dg1_vm_create {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;
	/** @flags: MBZ */
	__u32 flags;
	/** @vm_id: out: the new VM's id, never 0; ignored on input */
	__u32 vm_id;
	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_vm_destroy - argument of &DRM_IOCTL_DG1_VM_DESTROY
 *
 * Destroys a VM that has nothing bound. Unmap everything first (one
 * %DRM_DG1_VM_BIND_OP_UNMAP over the whole range does it); closing the
 * file destroys its VMs whatever they hold. The call waits for the VM's
 * binds still waiting for their fences (a fatal signal drops them).
 *
 * Errors: -EINVAL for non-zero @pad or @reserved; -ENOENT for a @vm_id this
 * file does not have; -EBUSY while the VM has mappings (it stays as it
 * was); -ENODEV when the device is gone.
 */
struct drm_dg1_vm_destroy {
	/** @vm_id: the VM */
	__u32 vm_id;
	/** @pad: MBZ */
	__u32 pad;
	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_vm_bind_op - one entry of &struct drm_dg1_vm_bind
 *
 * %DRM_DG1_VM_BIND_OP_MAP maps @range bytes of object @obj, from
 * @obj_offset, at virtual address @addr, readable and writable, with PAT
 * entry @pat_index. The range must be free: to replace a mapping, unmap it
 * in an earlier entry of the same array.
 *
 * %DRM_DG1_VM_BIND_OP_UNMAP unmaps whatever lies in [@addr, @addr +
 * @range): mappings wholly inside go, one that straddles an end is cut
 * down to the part outside. At least one mapping must intersect the range.
 * @obj, @obj_offset and @pat_index must be zero.
 *
 * Addresses, sizes and offsets are multiples of 4096.
 */
struct drm_dg1_vm_bind_op {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

#define DRM_DG1_VM_BIND_OP_MAP		0
#define DRM_DG1_VM_BIND_OP_UNMAP	1
	/** @op: %DRM_DG1_VM_BIND_OP_MAP or %DRM_DG1_VM_BIND_OP_UNMAP */
	__u32 op;

	/** @obj: GEM handle of the object to map; 0 for an unmap */
	__u32 obj;

	/** @obj_offset: offset in the object of the first byte mapped */
	__u64 obj_offset;

	/** @addr: first virtual address, below &drm_dg1_query_vm.va_end */
	__u64 addr;

	/** @range: bytes; non-zero, @addr + @range at most va_end */
	__u64 range;

	/**
	 * @pat_index: entry of the GPU's private PAT the pages use: 0
	 * write-back, 1 write-combined, 2 write-through, 3 uncached, 4-7
	 * write-back (the table the driver programs on DG1)
	 */
	__u16 pat_index;

	/** @pad: MBZ */
	__u16 pad;

	/** @flags: MBZ */
	__u32 flags;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_sync - a syncobj a VM_BIND waits for or signals
 *
 * A wait entry's syncobj must hold a fence when the ioctl is called (the
 * bind waits for it, not the caller). A signal entry's syncobj gets the
 * fence that signals when the bind's page-table updates are complete; a
 * timeline syncobj gets it as point @timeline_value.
 */
struct drm_dg1_sync {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

#define DRM_DG1_SYNC_TYPE_SYNCOBJ		0
#define DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ	1
	/** @type: %DRM_DG1_SYNC_TYPE_SYNCOBJ or _TIMELINE_SYNCOBJ */
	__u32 type;

#define DRM_DG1_SYNC_FLAG_SIGNAL	0x1
	/** @flags: %DRM_DG1_SYNC_FLAG_SIGNAL for an out-fence; 0 to wait */
	__u32 flags;

	/** @handle: the syncobj */
	__u32 handle;

	/** @pad: MBZ */
	__u32 pad;

	/**
	 * @timeline_value: the point of a timeline syncobj; non-zero. MBZ
	 * for a binary syncobj.
	 */
	__u64 timeline_value;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_vm_bind - argument of &DRM_IOCTL_DG1_VM_BIND
 *
 * Applies an array of map and unmap operations to a VM, in array order,
 * as one: the call checks them all and either takes them all or fails
 * leaving the VM as it was. The page tables change once every wait entry
 * of @syncs has signalled; the ioctl itself does not wait. The binds of
 * one VM complete in the order of their calls; the signal entries then
 * signal. Pages an unmap releases are not reused before the GPU's TLBs
 * have forgotten them; page tables an unmap leaves unused are freed. When
 * there is nothing to wait for - no wait entries and no earlier bind of
 * the VM still pending - the page tables have changed by the time the
 * call returns.
 *
 * Errors (nothing is changed):
 *  - -EINVAL: non-zero @extensions, @pad or @reserved, or such fields of
 *    an op or sync; an unknown op, sync type or flag; @num_binds 0; an
 *    address, range or offset not a multiple of 4096; @range 0; an unmap
 *    with @obj, @obj_offset or @pat_index set; @pat_index above 7; a
 *    range of the object beyond its size; a timeline sync with point 0 or
 *    a binary one with a point; a wait sync without a fence
 *  - -ERANGE: @addr + @range beyond va_end, or wrapping around
 *  - -E2BIG: more than max_bind_ops ops or max_syncs syncs
 *    (&struct drm_dg1_query_vm)
 *  - -EFAULT: @binds or @syncs not readable
 *  - -ENOENT: a @vm_id, object handle or syncobj handle this file does not
 *    have; an unmap whose range holds no mapping
 *  - -EEXIST: a map over an address range that is already mapped
 *  - -ENOMEM: no memory for page tables, or for the object's pages
 *  - -ENOSPC: the file's VMs would hold more than %DRM_DG1_MAX_PT_BYTES
 *    of page tables
 *  - -EIO: an object's contents cannot be brought where the GPU reaches
 *    them (on a small-BAR device, contents that only the CPU can copy and
 *    only into LMEM beyond the BAR; until the copy engine does moves); a
 *    map while the GPU is wedged ("DOC: Execution"; unmaps still work)
 *  - -EINTR, -ERESTARTSYS: interrupted by a signal; call again
 *  - -ENODEV: the device is gone
 */
struct drm_dg1_vm_bind {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

	/** @vm_id: the VM */
	__u32 vm_id;

	/** @num_binds: entries in @binds, 1 to max_bind_ops */
	__u32 num_binds;

	/** @binds: user pointer to an array of &struct drm_dg1_vm_bind_op */
	__u64 binds;

	/** @num_syncs: entries in @syncs, 0 to max_syncs */
	__u32 num_syncs;

	/** @pad: MBZ */
	__u32 pad;

	/** @syncs: user pointer to an array of &struct drm_dg1_sync */
	__u64 syncs;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * DOC: Execution
 *
 * Work reaches an engine through an exec queue: a context of its own on
 * one engine (registers, ring, PPGTT of one VM) that runs batches in the
 * order they were submitted. &DRM_IOCTL_DG1_EXEC submits batches, which
 * must be bound in the queue's VM; its wait syncs delay them without
 * blocking the call and its signal syncs signal once they have all
 * finished. A batch runs unprivileged, from the VM, with arbitration on:
 * a higher-priority queue on the same engine preempts it at the next
 * arbitration point, and queues of the same priority share the engine in
 * 1 ms time slices. A batch that has had the engine for longer than the
 * job timeout (5 s), that does not reach an arbitration point within the
 * preempt timeout (640 ms; 7.5 s on render) when another queue is due, or
 * that makes the engine fault or hang is stopped by an engine reset; it
 * and only it fails (its fences signal with -EIO) and the queue goes on
 * with the next batch, until the queue's third such hang within 120
 * seconds: then the queue is banned, as i915 bans a context that hangs
 * repeatedly. Its unfinished batches fail with -EIO, and so does every
 * later EXEC on it (other queues go on); the kernel log names the queue,
 * process and engine of each hang. When the GPU cannot be recovered it is
 * wedged: every unfinished batch fails with -EIO, and EXEC, VM_BIND maps,
 * exec queue creation and user-fence waits fail with -EIO until the
 * driver is bound again; unmaps and destroys still work (debugfs "wedged"
 * reads 1; writing 1 wedges on purpose, for tests).
 *
 * Destroying a queue, or closing its file, cancels what it has not
 * finished: those batches' fences signal with -ECANCELED
 * (-ENODEV when the device is unbound), one running is stopped by an
 * engine reset, and other queues of the engine lose nothing. The fences
 * EXEC hands out stay valid after the queue, the file and the device are
 * gone. Engine and memory use are reported in the file's
 * fdinfo (drm-usage-stats: drm-engine-<class>, drm-total-<region>, ...).
 *
 * A new queue's context starts from the engine's state at probe (its
 * default context image: GPRs and predicates zero, the context
 * workarounds applied), never from what another queue left on the engine.
 * Besides the registers every batch may reach (Vol 13 "User Mode
 * Privileged Commands"), the render engine lets batches write
 * COMMON_SLICE_CHICKEN1 (0x7010), HIZ_CHICKEN (0x7018) and
 * COMMON_SLICE_CHICKEN3 (0x7304) and read PS_INVOCATION_COUNT and
 * PS_DEPTH_COUNT (0x2348-0x2354); the other engines let them read their
 * CTX_TIMESTAMP (engine base + 0x3a8).
 */

/**
 * DOC: MOCS
 *
 * The MOCS index a surface state or command carries chooses how L3 caches
 * the access (DG1 has no LLC; i915 and xe program the same table):
 *
 * - 1: uncached (also what the engines use for their own accesses);
 * - 5: L3 write-back;
 * - 6, 7, 8: L3 write-back, limited to 50%, 25%, 12.5% of L3;
 * - 48: L1 and L3 write-back (HDC); 49: L1 only, L3 uncached;
 * - 60-63: reserved by the hardware, uncached;
 * - every other index, 0 included: as 5.
 */

/**
 * struct drm_dg1_exec_queue_create - argument of
 * &DRM_IOCTL_DG1_EXEC_QUEUE_CREATE
 *
 * Errors:
 *  - -EINVAL: non-zero @extensions, @flags, @engine.pad or @reserved; an
 *    unknown @priority
 *  - -ENOENT: no such engine on this device, or no VM @vm_id in this file
 *  - -EPERM: %DRM_DG1_EXEC_QUEUE_PRIORITY_HIGH without CAP_SYS_NICE
 *  - -EIO: the engine could not be brought up (its power domain did not
 *    wake at probe or for a reset; the kernel log says so), or the GPU is
 *    wedged
 *  - -ENOSPC: the file has %DRM_DG1_MAX_EXEC_QUEUES queues
 *  - -ENOMEM, -ENOSPC: no memory for the context (LMEM or GGTT)
 *  - -ENODEV: the device is gone
 */
struct drm_dg1_exec_queue_create {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

	/** @engine: the engine, as %DRM_DG1_QUERY_ENGINES lists it */
	struct drm_dg1_engine_class_instance engine;

	/** @vm_id: the VM the queue's batches run in */
	__u32 vm_id;

#define DRM_DG1_EXEC_QUEUE_PRIORITY_LOW		-1
#define DRM_DG1_EXEC_QUEUE_PRIORITY_NORMAL	0
#define DRM_DG1_EXEC_QUEUE_PRIORITY_HIGH	1
	/** @priority: one of %DRM_DG1_EXEC_QUEUE_PRIORITY_* */
	__s32 priority;

	/** @flags: MBZ */
	__u32 flags;

	/** @exec_queue_id: out: the queue's id, non-zero; MBZ on input */
	__u32 exec_queue_id;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_exec_queue_destroy - argument of
 * &DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY
 *
 * The id is gone at once; batches not finished are cancelled (their
 * fences signal with -ECANCELED; see "DOC: Execution"). Closing the file
 * destroys its queues.
 *
 * Errors: -EINVAL for non-zero @pad or @reserved; -ENOENT for an id this
 * file does not have; -ENODEV when the device is gone.
 */
struct drm_dg1_exec_queue_destroy {
	/** @exec_queue_id: the queue */
	__u32 exec_queue_id;

	/** @pad: MBZ */
	__u32 pad;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_exec - argument of &DRM_IOCTL_DG1_EXEC
 *
 * Runs one batch on the queue's engine, after every wait entry of @syncs
 * has signalled; the call does not wait. The batch starts at
 * @batch_address in the queue's VM, a multiple of 8, and ends with
 * MI_BATCH_BUFFER_END.
 *
 * The batch's fence is added to every object mapped in the VM, so that
 * the kernel moves none of them while it runs (as bookkeeping: implicit
 * synchronisation does not wait for it): once to the VM's reservation,
 * which the VM's private objects share, and once to each object any VM
 * may map. An EXEC's cost grows with the number of the latter mapped in
 * the VM, not with the private ones (&struct drm_dg1_gem_create @vm_id).
 *
 * Errors (nothing is submitted):
 *  - -EINVAL: non-zero @extensions, @pad, @flags or @reserved, or such
 *    fields of a sync; @batch_address not a multiple of 8; an unknown
 *    sync type or flag; a timeline sync with point 0 or a binary one with
 *    a point; a wait sync without a fence
 *  - -ENOENT: an @exec_queue_id or syncobj handle this file does not have
 *    (a queue destroyed by another thread during the call included)
 *  - -EFAULT: @batch_address not mapped in the queue's VM; @syncs not
 *    readable
 *  - -EAGAIN: the queue has %DRM_DG1_MAX_JOBS_PER_QUEUE batches not
 *    finished
 *  - -E2BIG: more than max_syncs syncs (&struct drm_dg1_query_vm)
 *  - -EIO: the queue is banned (see "DOC: Execution"), or the GPU is
 *    wedged
 *  - -ENOMEM, -EINTR, -ERESTARTSYS, -ENODEV
 *
 * The batch also waits for the VM's binds queued before the call.
 */
struct drm_dg1_exec {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

	/** @exec_queue_id: the queue */
	__u32 exec_queue_id;

	/** @num_syncs: entries in @syncs, 0 to max_syncs */
	__u32 num_syncs;

	/** @syncs: user pointer to an array of &struct drm_dg1_sync */
	__u64 syncs;

	/** @batch_address: GPU virtual address of the batch in the queue's VM */
	__u64 batch_address;

	/** @flags: MBZ */
	__u32 flags;

	/** @pad: MBZ */
	__u32 pad;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_wait_user_fence - argument of
 * &DRM_IOCTL_DG1_WAIT_USER_FENCE
 *
 * Waits until the 64-bit value at @addr in VM @vm_id, masked by @mask,
 * compares to @value by @op, or @timeout_ns passes. A batch writes the
 * value (MI_STORE_DATA_IMM, MI_FLUSH_DW or PIPE_CONTROL post-sync) and
 * raises MI_USER_INTERRUPT, which wakes waiters to look again.
 *
 * Errors: -EINVAL for non-zero @pad or @reserved, an unknown @op or flag,
 * @addr not a multiple of 8; -ENOENT for an unknown @vm_id; -EFAULT for
 * an @addr not mapped in the VM; -ETIME when @timeout_ns passed (it is
 * updated to 0); -ERESTARTSYS when interrupted (updated to the time left);
 * -EIO when the GPU is wedged and the value does not pass; -ENODEV when
 * the device is gone.
 */
struct drm_dg1_wait_user_fence {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

	/** @addr: GPU virtual address of the value in the VM, 8-aligned */
	__u64 addr;

	/** @vm_id: the VM */
	__u32 vm_id;

#define DRM_DG1_UFENCE_OP_EQ	0
#define DRM_DG1_UFENCE_OP_NEQ	1
#define DRM_DG1_UFENCE_OP_GT	2
#define DRM_DG1_UFENCE_OP_GTE	3
#define DRM_DG1_UFENCE_OP_LT	4
#define DRM_DG1_UFENCE_OP_LTE	5
	/** @op: how the value compares: value at @addr <op> @value */
	__u16 op;

	/** @flags: MBZ */
	__u16 flags;

	/** @value: what to compare with */
	__u64 value;

	/** @mask: bits of the value at @addr that count */
	__u64 mask;

	/** @timeout_ns: in: how long to wait; out: what was left */
	__s64 timeout_ns;

	/** @pad: MBZ */
	__u32 pad;

	/** @pad2: MBZ */
	__u32 pad2;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * DOC: dg1 OA perf
 *
 * The OA unit (Observation Architecture, OAG: the GT's global unit) writes
 * counter snapshots, "reports", into a ring buffer in GGTT memory: on a
 * timer, on render context switches and on MI_REPORT_PERF_COUNT (Vol 13
 * General Assets, "Observation Architecture"). &DRM_IOCTL_DG1_PERF_OPEN
 * opens a stream on it: a file descriptor whose read() returns records,
 * each a &struct drm_dg1_perf_record_header followed by its payload.
 * There is one OA unit, so one stream at a time: a second open fails with
 * -EBUSY until the first stream's fd is closed.
 *
 * The model is i915's: lost data is reported in the stream as records, not
 * as read() errors, and the stream goes on.
 *
 * - %DRM_DG1_PERF_RECORD_SAMPLE: one OA report, exactly as the hardware
 *   wrote it (&struct drm_dg1_perf_info.report_size bytes; the layout of
 *   &enum drm_dg1_oa_format); DW0 is the report id with the reason in bits
 *   25:19, DW1 the OA timestamp, DW2 the render context id (0xffffffff for
 *   a context that a filtered stream does not watch), DW3 the GPU ticks.
 * - %DRM_DG1_PERF_RECORD_OA_REPORT_LOST: the unit could not write a
 *   report (OASTATUS report lost); no payload.
 * - %DRM_DG1_PERF_RECORD_OA_BUFFER_LOST: the buffer overflowed and the
 *   reports in it were dropped; the driver restarted the unit on an empty
 *   buffer. No payload.
 *
 * read() returns whole records only. It blocks until at least one record
 * is available, unless the fd is non-blocking (-EAGAIN then); a blocking
 * read on a stream without periodic sampling (no
 * %DRM_DG1_PERF_PROP_OA_EXPONENT) fails with -EIO as nothing would wake
 * it. A user buffer too small for even one record fails with -ENOSPC;
 * otherwise read() returns as many whole records as fit. Reading a
 * disabled stream, or of one without %DRM_DG1_PERF_PROP_SAMPLE_OA, fails
 * with -EIO. poll() reports POLLIN when a record is
 * available; the driver looks at the unit's tail every
 * %DRM_DG1_PERF_PROP_POLL_PERIOD_NS (default 5 ms) while the stream is
 * enabled, and hands out only reports that have landed in memory.
 *
 * ioctls on the stream fd: %DRM_DG1_PERF_IOCTL_ENABLE,
 * %DRM_DG1_PERF_IOCTL_DISABLE, %DRM_DG1_PERF_IOCTL_CONFIG (argument: a
 * metric set id; returns the previous one), %DRM_DG1_PERF_IOCTL_STATUS
 * (&struct drm_dg1_perf_status), %DRM_DG1_PERF_IOCTL_INFO (&struct
 * drm_dg1_perf_info). Unknown ioctls fail with -ENOTTY.
 *
 * Privileges: streams that sample OA reports see the whole GPU. While the
 * sysctl dev.dg1.perf_stream_paranoid is 1 (the default) opening one, and
 * adding or removing a metric set, needs CAP_PERFMON or CAP_SYS_ADMIN
 * (-EACCES otherwise), as does a sampling rate above dev.dg1.oa_max_sample_rate
 * (default 100000 Hz). A stream on one exec queue without
 * %DRM_DG1_PERF_PROP_SAMPLE_OA (per-context queries with
 * MI_REPORT_PERF_COUNT) needs no privilege.
 *
 * While a stream is open the GT is kept awake (forcewake held, no RC6):
 * counts stay coherent (Vol 13 General Assets, "Observation
 * Architecture": counts between an RC6 entry and exit are lost).
 */

/**
 * enum drm_dg1_oa_format - OA report formats of DG1
 *
 * The counter-select codes of OACONTROL (Vol 13 General Assets, "OA Report
 * Formats"); each report starts with the 4-dword header (report id,
 * timestamp, context id, GPU ticks).
 *
 * @DRM_DG1_OA_FORMAT_A12: 64 bytes: A7-A18 (32 bit)
 * @DRM_DG1_OA_FORMAT_A12_B8_C8: 128 bytes: A7-A18, B0-B7, C0-C7
 * @DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8: 256 bytes: A0-A31 low dwords,
 *	A32-A35, the high bytes of A0-A31 (40-bit counters), B0-B7, C0-C7
 * @DRM_DG1_OA_FORMAT_C4_B8: 64 bytes: C0-C3, B0-B7
 */
enum drm_dg1_oa_format {
	DRM_DG1_OA_FORMAT_A12 = 1,
	DRM_DG1_OA_FORMAT_A12_B8_C8 = 2,
	DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8 = 3,
	DRM_DG1_OA_FORMAT_C4_B8 = 4,
};

/**
 * enum drm_dg1_perf_property - the properties of &DRM_IOCTL_DG1_PERF_OPEN
 *
 * Each is a (id, value) pair of __u64; each id at most once.
 *
 * @DRM_DG1_PERF_PROP_SAMPLE_OA: value 1: the stream returns the OA
 *	unit's reports (%DRM_DG1_PERF_RECORD_SAMPLE). Needs
 *	%DRM_DG1_PERF_PROP_OA_METRICS_SET and %DRM_DG1_PERF_PROP_OA_FORMAT.
 * @DRM_DG1_PERF_PROP_OA_METRICS_SET: the id of a metric set
 *	(&DRM_IOCTL_DG1_PERF_ADD_CONFIG) programmed while the stream is open
 * @DRM_DG1_PERF_PROP_OA_FORMAT: an &enum drm_dg1_oa_format
 * @DRM_DG1_PERF_PROP_OA_EXPONENT: periodic reports every
 *	2^(value + 1) OA timestamp ticks, value 0 to 31; the timestamp
 *	frequency is &struct drm_dg1_perf_info.timestamp_frequency
 * @DRM_DG1_PERF_PROP_ENGINE_CLASS: the engine class whose OA unit the
 *	stream opens (&enum drm_dg1_engine_class); DG1 has one, on render,
 *	the default
 * @DRM_DG1_PERF_PROP_ENGINE_INSTANCE: its instance (0, the default)
 * @DRM_DG1_PERF_PROP_EXEC_QUEUE_ID: a render exec queue of this file:
 *	reports of other contexts carry context id 0xffffffff, and the
 *	queue's own MI_REPORT_PERF_COUNT counts only its context
 * @DRM_DG1_PERF_PROP_POLL_PERIOD_NS: how often the driver looks for
 *	new reports, 100000 (100 us) to 1000000000 (1 s); default 5000000
 */
enum drm_dg1_perf_property {
	DRM_DG1_PERF_PROP_SAMPLE_OA = 1,
	DRM_DG1_PERF_PROP_OA_METRICS_SET = 2,
	DRM_DG1_PERF_PROP_OA_FORMAT = 3,
	DRM_DG1_PERF_PROP_OA_EXPONENT = 4,
	DRM_DG1_PERF_PROP_ENGINE_CLASS = 5,
	DRM_DG1_PERF_PROP_ENGINE_INSTANCE = 6,
	DRM_DG1_PERF_PROP_EXEC_QUEUE_ID = 7,
	DRM_DG1_PERF_PROP_POLL_PERIOD_NS = 8,
};

/**
 * struct drm_dg1_perf_open - argument of &DRM_IOCTL_DG1_PERF_OPEN
 *
 * Returns the new stream's file descriptor. The stream starts enabled
 * unless %DRM_DG1_PERF_FLAG_DISABLED.
 *
 * Errors (no stream is opened):
 *  - -EINVAL: non-zero @extensions or @reserved; an unknown flag;
 *    @num_properties 0 or above 16; an unknown property id or one given
 *    twice; a value out of range (format, exponent, poll period, engine,
 *    SAMPLE_OA other than 1); SAMPLE_OA without a metric set or format;
 *    a format or exponent without SAMPLE_OA; neither SAMPLE_OA nor an
 *    exec queue; an exec queue not on the render engine
 *  - -ENOENT: an unknown metric set or exec queue id
 *  - -EACCES: a privileged stream or rate without the privilege
 *  - -EBUSY: a stream is already open on the OA unit
 *  - -EFAULT: @properties_ptr not readable
 *  - -ENOMEM, -EMFILE, -ENODEV
 */
struct drm_dg1_perf_open {
	/** @extensions: MBZ (none defined) */
	__u64 extensions;

#define DRM_DG1_PERF_FLAG_FD_CLOEXEC	0x1
#define DRM_DG1_PERF_FLAG_FD_NONBLOCK	0x2
#define DRM_DG1_PERF_FLAG_DISABLED	0x4
	/** @flags: DRM_DG1_PERF_FLAG_* */
	__u32 flags;

	/** @num_properties: (id, value) pairs at @properties_ptr, 1 to 16 */
	__u32 num_properties;

	/** @properties_ptr: user pointer to 2 * @num_properties __u64 */
	__u64 properties_ptr;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_perf_oa_config - argument of &DRM_IOCTL_DG1_PERF_ADD_CONFIG
 *
 * A metric set: the register values that route signals to the OA
 * counters. Each list is @n_*_regs pairs of __u32 (register offset,
 * value), written in order. Only registers of the OA whitelists are
 * accepted (i915 and xe's Gen12 lists): mux (NOA) 0xd00-0xd04,
 * 0xd0c-0xd2c, 0x9840, 0x9884-0x9888, 0x20cc; boolean 0x2b2c,
 * 0xd900-0xd97c, 0xdc00-0xdc44; flex 0xe458, 0xe558, 0xe658, 0xe758,
 * 0xe45c, 0xe55c, 0xe65c. Returns the new set's id (1 or more), also
 * readable in sysfs as card<N>/metrics/<uuid>/id.
 *
 * Errors (nothing is added): -EINVAL for non-zero @extensions or
 * @reserved, a @uuid not of the form 8-4-4-4-12 hex digits, all three
 * lists empty, a list longer than 4096 entries, a register outside its
 * list's whitelist or not a multiple of 4; -EADDRINUSE when a set with
 * this @uuid exists; -EACCES without the privilege (see "dg1 OA perf");
 * -EFAULT for an unreadable list; -ENOMEM, -ENODEV.
 */
struct drm_dg1_perf_oa_config {
	/** @extensions: MBZ (none defined) */
	__u64 extensions;

	/** @uuid: the set's GUID as text (hw_config_guid), not terminated */
	char uuid[36];

	/** @n_mux_regs: pairs at @mux_regs_ptr */
	__u32 n_mux_regs;

	/** @n_boolean_regs: pairs at @boolean_regs_ptr */
	__u32 n_boolean_regs;

	/** @n_flex_regs: pairs at @flex_regs_ptr */
	__u32 n_flex_regs;

	/** @mux_regs_ptr: user pointer to the NOA mux pairs */
	__u64 mux_regs_ptr;

	/** @boolean_regs_ptr: user pointer to the boolean (B counter) pairs */
	__u64 boolean_regs_ptr;

	/** @flex_regs_ptr: user pointer to the flex EU counter pairs */
	__u64 flex_regs_ptr;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

/*
 * &DRM_IOCTL_DG1_PERF_REMOVE_CONFIG takes a __u64 metric set id. A set in
 * use by a stream stays alive until that stream is closed. Errors: -ENOENT
 * for an unknown id, -EACCES without the privilege, -ENODEV.
 */

/**
 * struct drm_dg1_perf_record_header - the start of every stream record
 */
struct drm_dg1_perf_record_header {
#define DRM_DG1_PERF_RECORD_SAMPLE		1
#define DRM_DG1_PERF_RECORD_OA_REPORT_LOST	2
#define DRM_DG1_PERF_RECORD_OA_BUFFER_LOST	3
	/** @type: DRM_DG1_PERF_RECORD_* */
	__u32 type;

	/** @pad: 0 */
	__u16 pad;

	/** @size: of the whole record, header included, in bytes */
	__u16 size;
};

/**
 * struct drm_dg1_perf_status - argument of %DRM_DG1_PERF_IOCTL_STATUS
 *
 * What the stream lost since it was opened. @extensions and @reserved
 * must be zero on entry (-EINVAL).
 */
struct drm_dg1_perf_status {
	/** @extensions: MBZ */
	__u64 extensions;

	/** @reports_lost: report-lost records emitted */
	__u64 reports_lost;

	/** @buffer_lost: buffer overflows (buffer-lost records emitted) */
	__u64 buffer_lost;

	/** @reports_read: samples returned by read() */
	__u64 reports_read;

	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_perf_info - argument of %DRM_DG1_PERF_IOCTL_INFO
 *
 * The stream's configuration as the driver applied it. @extensions and
 * @reserved must be zero on entry (-EINVAL).
 */
struct drm_dg1_perf_info {
	/** @extensions: MBZ */
	__u64 extensions;

	/** @timestamp_frequency: OA timestamp ticks per second */
	__u64 timestamp_frequency;

	/** @metrics_set: the metric set programmed, 0 for none */
	__u64 metrics_set;

	/** @oa_buffer_size: bytes of the OA buffer */
	__u32 oa_buffer_size;

	/** @report_size: bytes of one report of @format */
	__u32 report_size;

	/** @format: &enum drm_dg1_oa_format, 0 without SAMPLE_OA */
	__u32 format;

	/** @exponent: the timer exponent, ~0 when not periodic */
	__u32 exponent;

#define DRM_DG1_PERF_INFO_ENABLED	0x1
	/** @flags: DRM_DG1_PERF_INFO_* */
	__u32 flags;

	/** @pad: 0 */
	__u32 pad;

	/** @reserved: MBZ */
	__u64 reserved[4];
};

/*
 * Stream fd ioctls. ENABLE on an enabled stream and DISABLE on a disabled
 * one succeed and do nothing. CONFIG fails with -ENOENT for an unknown
 * id, -EINVAL on a stream without SAMPLE_OA.
 */
#define DRM_DG1_PERF_IOCTL_ENABLE	_IO('d', 0x80)
#define DRM_DG1_PERF_IOCTL_DISABLE	_IO('d', 0x81)
#define DRM_DG1_PERF_IOCTL_CONFIG	_IO('d', 0x82)
#define DRM_DG1_PERF_IOCTL_STATUS \
	_IOWR('d', 0x83, struct drm_dg1_perf_status)
#define DRM_DG1_PERF_IOCTL_INFO	_IOWR('d', 0x84, struct drm_dg1_perf_info)

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_DG1_DRM_H_ */
