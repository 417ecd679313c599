/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_VM_TYPES_H_
#define _DG1_VM_TYPES_H_

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/mutex_types.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>
#include <linux/xarray.h>

#include <drm/drm_gpuvm.h>
#include <drm/gpu_scheduler.h>

#include "mem/dg1_pt_types.h"

struct dg1_device;
struct dma_fence;

/**
 * struct dg1_vm - a GPU virtual address space
 *
 * drm_gpuvm tracks the mappings; @pt holds the page tables the hardware
 * walks. Binds change the tracking when the ioctl runs and the page
 * tables when their wait fences have signalled, in order, through
 * @entity. The drm_gpuvm reference count is the VM's: the file's id, each
 * pending bind and each mapping hold one.
 */
struct dg1_vm {
	/** @gpuvm: the mappings */
	struct drm_gpuvm gpuvm;
	/** @dg1: the device */
	struct dg1_device *dg1;
	/**
	 * @lock: serialises binds: checking, tracking, queueing. Outside
	 * the reservations of the objects and @pt.lock.
	 */
	struct mutex lock;
	/** @pt: the page tables */
	struct dg1_pt_root pt;
	/** @entity: the VM's queue on the device's bind scheduler */
	struct drm_sched_entity entity;
	/** @last_fence: done when the VM's last queued bind is; under @lock */
	struct dma_fence *last_fence;
	/** @fence_context: the timeline of its queued binds' fences */
	u64 fence_context;
	/** @bind_seqno: of the last queued bind; under @lock */
	u64 bind_seqno;
	/** @closed: destroyed: binds fail with -ENOENT; set under @lock */
	bool closed;
	/** @id: the VM's id in its file */
	u32 id;
	/** @client_id: the DRM client id of the file that made the VM */
	u64 client_id;
	/** @link: in &struct dg1_vm_dev.list */
	struct list_head link;
};

/**
 * struct dg1_vma - one mapping of an object in a VM
 */
struct dg1_vma {
	/** @base: the drm_gpuvm mapping */
	struct drm_gpuva base;
	/** @pat_index: the PAT entry of its pages */
	u16 pat_index;
	/** @bind: state while a bind is being applied, under &dg1_vm.lock */
	struct {
		/** @bind.vm_bo: the object's vm_bo to link a new mapping to */
		struct drm_gpuvm_bo *vm_bo;
		/** @bind.link: in the bind's list of mappings it touched */
		struct list_head link;
		/** @bind.is_new: created by this bind */
		bool is_new;
		/** @bind.removed: removed by this bind */
		bool removed;
	} bind;
};

/**
 * struct dg1_vm_step - one page-table change of a bind
 */
struct dg1_vm_step {
	/** @unmap: clear @map.va .. + @map.size; else write @map */
	bool unmap;
	/** @map: the range, and for a map its pages */
	struct dg1_pt_map map;
};

/**
 * struct dg1_vm_file - the VMs of a DRM file
 */
struct dg1_vm_file {
	/** @vms: &struct dg1_vm by id, from 1 */
	struct xarray vms;
	/** @pt_quota: the page tables its VMs hold; a reference */
	struct dg1_pt_quota *pt_quota;
};

/**
 * struct dg1_vm_dev - the device's VM state
 */
struct dg1_vm_dev {
	/** @sched: runs the binds that must wait, one entity per VM */
	struct drm_gpu_scheduler sched;
	/**
	 * @kill_lock: one VM's entity killed at a time: the scheduler's
	 * submission stops around each (dg1_sched_entity_kill())
	 */
	struct mutex kill_lock;
	/** @lock: guards @list */
	struct mutex lock;
	/** @list: every VM, for debugfs */
	struct list_head list;
	/** @jobs_lock: guards @jobs */
	spinlock_t jobs_lock;
	/**
	 * @jobs: binds queued and not yet freed (&struct dg1_vm_job.link):
	 * unbind ends their fences, whatever they wait for
	 */
	struct list_head jobs;
	/** @binds_4k: maps that used 4 KiB entries */
	atomic64_t binds_4k;
	/** @binds_64k: maps that used 64 KiB entries */
	atomic64_t binds_64k;
	/** @binds_2m: maps that used 2 MiB entries */
	atomic64_t binds_2m;
	/** @binds_queued: binds that waited for fences */
	atomic64_t binds_queued;
};

#endif /* _DG1_VM_TYPES_H_ */
