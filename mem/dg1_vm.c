// SPDX-License-Identifier: GPL-2.0
/*
 * GPU virtual address spaces (VMs): their life, their page tables as
 * objects move, and what debugfs shows of them. Binds are in
 * mem/dg1_vm_bind.c.
 *
 * A VM belongs to the file that created it. drm_gpuvm tracks its
 * mappings; mem/dg1_pt.c writes its page tables. Every object mapped in a
 * VM is an external object of it (its own reservation), so that one
 * object can be mapped in several VMs and exported.
 *
 * When TTM moves a mapped object, dg1_vm_bo_move_notify() rewrites its
 * entries in every VM to the new pages before the old ones are freed,
 * and invalidates the TLBs. An object swapped out to TTM_PL_SYSTEM has no
 * pages the GPU can reach: its entries are cleared and its mappings
 * marked invalidated until it comes back. Moves wait for pending binds
 * first: a bind's fence sits in the reservation of every object it maps
 * or unmaps.
 */

#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include <drm/drm_drv.h>
#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_tt.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_device_types.h"
#include "core/dg1_gfp.h"
#include "core/dg1_rpm.h"
#include "core/dg1_sched.h"
#include "gt/dg1_gt_tlb.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_pt.h"
#include "mem/dg1_pt_pool.h"
#include "mem/dg1_vm.h"

static void dg1_vm_free(struct drm_gpuvm *gpuvm)
{
	struct dg1_vm *vm = to_dg1_vm(gpuvm);
	struct dg1_vm_dev *vms = &vm->dg1->vms;
	int idx;

	mutex_lock(&vms->lock);
	list_del(&vm->link);
	mutex_unlock(&vms->lock);

	/*
	 * The engines' TLBs may still hold translations made through these
	 * tables (a VM whose file closed is not unmapped first), and the
	 * pages they reach and the tables themselves are about to be reused,
	 * the root perhaps by the next VM: invalidate first, as i915 does
	 * before it releases pages a VMA mapped (i915_vma.c,
	 * vma_invalidate_tlb()). Without the device nothing can use them;
	 * a suspended device lost its TLBs, and resume invalidates again.
	 */
	if (drm_dev_enter(&vm->dg1->drm, &idx)) {
		int active = pm_runtime_get_if_active(vm->dg1->drm.dev);

		if (active)
			dg1_gt_tlb_invalidate(&vm->dg1->gt);
		if (active > 0)
			dg1_rpm_put(vm->dg1->drm.dev);
		drm_dev_exit(idx);
	}
	dma_fence_put(vm->last_fence);
	dg1_pt_root_fini(&vm->pt);
	mutex_destroy(&vm->lock);
	kfree(vm);
}

static const struct drm_gpuvm_ops dg1_vm_gpuvm_ops;

/**
 * dg1_vm_put() - drop a reference to a VM
 * @vm: the VM
 */
void dg1_vm_put(struct dg1_vm *vm)
{
	drm_gpuvm_put(&vm->gpuvm);
}

/**
 * dg1_vm_get() - take another reference to a VM
 * @vm: the VM, which the caller holds a reference to, or is sure lives
 *
 * Context: any.
 * Return: @vm.
 */
struct dg1_vm *dg1_vm_get(struct dg1_vm *vm)
{
	drm_gpuvm_get(&vm->gpuvm);
	return vm;
}

/**
 * dg1_vm_lookup() - find a VM of a file and take a reference to it
 * @vf: the file's VMs
 * @id: the VM's id
 *
 * Return: the VM (dg1_vm_put() it), or NULL.
 */
struct dg1_vm *dg1_vm_lookup(struct dg1_vm_file *vf, u32 id)
{
	struct dg1_vm *vm;

	xa_lock(&vf->vms);
	vm = xa_load(&vf->vms, id);
	if (vm)
		drm_gpuvm_get(&vm->gpuvm);
	xa_unlock(&vf->vms);
	return vm;
}

static struct dg1_vm *dg1_vm_create(struct dg1_device *dg1, u64 client_id,
				    struct dg1_pt_quota *quota)
{
	struct drm_gpu_scheduler *sched = &dg1->vms.sched;
	struct drm_gem_object *r_obj;
	struct dg1_vm *vm;
	int ret;

	vm = kzalloc(sizeof(*vm), DG1_GFP_USER);
	if (!vm)
		return ERR_PTR(-ENOMEM);
	vm->dg1 = dg1;
	vm->client_id = client_id;
	vm->fence_context = dma_fence_context_alloc(1);
	mutex_init(&vm->lock);
	INIT_LIST_HEAD(&vm->link);

	ret = dg1_pt_root_init(&vm->pt, dg1, quota);
	if (ret)
		goto err_free;
	ret = drm_sched_entity_init(&vm->entity, DRM_SCHED_PRIORITY_NORMAL,
				    &sched, 1, NULL);
	if (ret)
		goto err_pt;

	r_obj = drm_gpuvm_resv_object_alloc(&dg1->drm);
	if (!r_obj) {
		ret = -ENOMEM;
		goto err_entity;
	}
	drm_gpuvm_init(&vm->gpuvm, "dg1", 0, &dg1->drm, r_obj, 0,
		       BIT_ULL(DG1_PPGTT_VA_BITS), 0, 0, &dg1_vm_gpuvm_ops);
	drm_gem_object_put(r_obj);

	mutex_lock(&dg1->vms.lock);
	list_add_tail(&vm->link, &dg1->vms.list);
	mutex_unlock(&dg1->vms.lock);
	return vm;

err_entity:
	drm_sched_entity_destroy(&vm->entity);
err_pt:
	dg1_pt_root_fini(&vm->pt);
err_free:
	mutex_destroy(&vm->lock);
	kfree(vm);
	return ERR_PTR(ret);
}

/*
 * Bytes of @res from @offset, as runs of contiguous pages: LMEM addresses
 * or the bus addresses TTM's pool mapped SMEM pages at.
 */
static int dg1_vm_collect_segs(struct ttm_buffer_object *tbo,
			       struct ttm_resource *res, u64 offset, u64 size,
			       struct dg1_pt_map *map)
{
	bool lmem = res->mem_type == DG1_PL_LMEM;
	struct dg1_pt_seg *segs = NULL;
	unsigned int n = 0, cap = 0;
	u64 off;

	if (!lmem && (!tbo->ttm || !tbo->ttm->dma_address ||
		      !ttm_tt_is_populated(tbo->ttm)))
		return -EINVAL;

	for (off = offset; off < offset + size; off += PAGE_SIZE) {
		u64 addr;

		/* Up to 512 ops of whole objects in one bind. */
		if (!((off - offset) & (SZ_2M - 1)))
			cond_resched();
		addr = lmem ?
			dg1_lmem_res_offset(to_dg1_lmem_res(res), off) :
			tbo->ttm->dma_address[off >> PAGE_SHIFT];

		if (n && segs[n - 1].addr + segs[n - 1].size == addr) {
			segs[n - 1].size += PAGE_SIZE;
			continue;
		}
		if (n == cap) {
			struct dg1_pt_seg *grown;

			cap = cap ? cap * 2 : 8;
			grown = kvrealloc(segs, cap * sizeof(*segs), GFP_KERNEL);
			if (!grown) {
				kvfree(segs);
				return -ENOMEM;
			}
			segs = grown;
		}
		segs[n].addr = addr;
		segs[n++].size = PAGE_SIZE;
	}
	map->lmem = lmem;
	map->segs = segs;
	map->num_segs = n;
	return 0;
}

/**
 * dg1_vm_res_segs() - the pages a mapping of an object reaches
 * @bo: the object
 * @res: where its pages are: %DG1_PL_LMEM or a populated %DG1_PL_SMEM
 * @offset: first byte of the object mapped, page aligned
 * @size: bytes mapped, page aligned, within the object
 * @map: gets @lmem, @segs (kvfree() them) and @num_segs
 *
 * Context: the object's reservation held.
 * Return: 0; -ENOMEM; -EINVAL if @res has no pages the GPU can reach.
 */
int dg1_vm_res_segs(struct dg1_bo *bo, struct ttm_resource *res, u64 offset,
		    u64 size, struct dg1_pt_map *map)
{
	dma_resv_assert_held(bo->tbo.base.resv);
	if (res->mem_type != DG1_PL_LMEM && res->mem_type != DG1_PL_SMEM)
		return -EINVAL;
	return dg1_vm_collect_segs(&bo->tbo, res, offset, size, map);
}

/*
 * Invalidate the TLBs if entries were cleared or changed; then the tables
 * detached so far may go (dg1_pt_free_unused()). A failed invalidation is
 * logged, keeps them, and the next change tries again.
 */
static void dg1_vm_flush_tlb(struct dg1_vm *vm)
{
	lockdep_assert_held(&vm->pt.lock);
	dg1_pt_flush_writes(&vm->pt);
	if (!vm->pt.needs_tlb_flush || !dg1_gt_tlb_invalidate(&vm->dg1->gt))
		dg1_pt_tlb_flushed(&vm->pt);
}

static void dg1_vm_count_used(struct dg1_vm_dev *vms, unsigned int used)
{
	if (used & DG1_PT_USED_4K)
		atomic64_inc(&vms->binds_4k);
	if (used & DG1_PT_USED_64K)
		atomic64_inc(&vms->binds_64k);
	if (used & DG1_PT_USED_2M)
		atomic64_inc(&vms->binds_2m);
}

/*
 * Under the page-table lock, with the TLBs invalidated after: the steps
 * written (@write), or their maps only given up. Nothing once the device
 * is gone: the tables go with the VM then.
 */
static void dg1_vm_apply_steps(struct dg1_vm *vm,
			       const struct dg1_vm_step *steps,
			       unsigned int num_steps, bool write)
{
	unsigned int i;
	int idx;

	if (!drm_dev_enter(&vm->dg1->drm, &idx))
		return;
	mutex_lock(&vm->pt.lock);
	for (i = 0; i < num_steps; i++) {
		const struct dg1_pt_map *map = &steps[i].map;

		if (steps[i].unmap) {
			if (!write)
				continue;
			dg1_pt_write_clear(&vm->pt, map->va, map->size);
			dg1_pt_prune_range(&vm->pt, map->va, map->size);
			continue;
		}
		if (write)
			dg1_vm_count_used(&vm->dg1->vms,
					  dg1_pt_write_map(&vm->pt, map));
		dg1_pt_unprepare(&vm->pt, map->va, map->size);
	}
	dg1_vm_flush_tlb(vm);
	mutex_unlock(&vm->pt.lock);
	drm_dev_exit(idx);
}

/**
 * dg1_vm_exec_steps() - write the page-table changes of a bind
 * @vm: the VM, its tables prepared for every map
 * @steps: clears and maps, in order
 * @num_steps: entries in @steps
 *
 * Invalidates the TLBs before returning if a present entry changed, so
 * the pages unmapped may be reused once this returns. Tables an unmap
 * leaves unused may go after that invalidation: the caller frees them
 * with dg1_pt_free_unused() once it holds no reservation.
 *
 * Context: process; sleeps. Nothing is written once the device is gone.
 */
void dg1_vm_exec_steps(struct dg1_vm *vm, const struct dg1_vm_step *steps,
		       unsigned int num_steps)
{
	dg1_vm_apply_steps(vm, steps, num_steps, true);
}

/**
 * dg1_vm_unprepare() - give up the maps of a bind that will not run
 * @vm: the VM
 * @steps: the bind's steps; each map's range was prepared
 *	   (dg1_pt_prepare())
 * @num_steps: entries in @steps
 *
 * Tables only those maps needed go, after a TLB invalidation.
 *
 * Context: process; sleeps; no reservation held.
 */
void dg1_vm_unprepare(struct dg1_vm *vm, const struct dg1_vm_step *steps,
		      unsigned int num_steps)
{
	dg1_vm_apply_steps(vm, steps, num_steps, false);
	dg1_pt_free_unused(&vm->pt);
}

/**
 * dg1_vm_bo_move_notify() - point an object's mappings at its new pages
 * @bo: the object, moving; every bind that maps or unmaps it has completed
 * @new_mem: where its pages are now
 *
 * Called once the contents are in @new_mem and before the old pages are
 * freed. Where the GPU cannot reach @new_mem, or memory for the new runs
 * is lacking, the entries are cleared and the mapping is marked
 * invalidated (drm_gpuva_invalidated()).
 *
 * Context: the object's reservation held; process.
 */
void dg1_vm_bo_move_notify(struct dg1_bo *bo, struct ttm_resource *new_mem)
{
	struct drm_gem_object *obj = &bo->tbo.base;
	struct drm_gpuvm_bo *vm_bo;
	struct drm_gpuva *va;
	int idx;

	dma_resv_assert_held(obj->resv);
	if (list_empty(&obj->gpuva.list) || !drm_dev_enter(obj->dev, &idx))
		return;

	drm_gem_for_each_gpuvm_bo(vm_bo, obj) {
		struct dg1_vm *vm = to_dg1_vm(vm_bo->vm);
		struct dg1_pt_map *maps;
		unsigned int n = 0, i = 0;
		bool closed;

		drm_gpuvm_bo_for_each_va(va, vm_bo)
			n++;
		/*
		 * The runs are built before pt.lock is taken: binds, which
		 * signal fences, take it, so nothing allocates under it.
		 */
		maps = kvcalloc(n, sizeof(*maps), GFP_KERNEL);
		drm_gpuvm_bo_for_each_va(va, vm_bo) {
			if (!maps)
				break;
			maps[i].va = va->va.addr;
			maps[i].size = va->va.range;
			maps[i].pat_index = container_of(va, struct dg1_vma,
							 base)->pat_index;
			if (dg1_vm_res_segs(bo, new_mem, va->gem.offset,
					    maps[i].size, &maps[i]))
				maps[i].segs = NULL;
			i++;
		}

		mutex_lock(&vm->pt.lock);
		/*
		 * A closed VM's mappings only wait for dg1_vm_clear_all(): a
		 * bind its close dropped gave up the tables of its maps, which
		 * are still listed (dg1_vm_bind_free_job()). Closed is set
		 * before any drop, whose unprepare takes pt.lock.
		 */
		closed = READ_ONCE(vm->closed);
		i = 0;
		drm_gpuvm_bo_for_each_va(va, vm_bo) {
			struct dg1_pt_map *map = maps ? &maps[i++] : NULL;

			dg1_pt_write_clear(&vm->pt, va->va.addr, va->va.range);
			if (closed || !map || !map->segs) {
				/* Nothing the GPU reaches, or no memory. */
				drm_gpuva_invalidate(va, true);
				continue;
			}
			dg1_vm_count_used(&vm->dg1->vms,
					  dg1_pt_write_map(&vm->pt, map));
			drm_gpuva_invalidate(va, false);
		}
		dg1_vm_flush_tlb(vm);
		mutex_unlock(&vm->pt.lock);

		for (i = 0; maps && i < n; i++)
			kvfree(maps[i].segs);
		kvfree(maps);
	}
	drm_dev_exit(idx);
}

static enum drm_gpu_sched_stat dg1_vm_timedout_job(struct drm_sched_job *job)
{
	/* Binds run on the CPU and never time out: nothing to recover. */
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

static const struct drm_sched_backend_ops dg1_vm_sched_ops = {
	.run_job = dg1_vm_bind_run_job,
	.free_job = dg1_vm_bind_free_job,
	.timedout_job = dg1_vm_timedout_job,
};

static void dg1_vm_dev_fini(struct drm_device *drm, void *arg)
{
	struct dg1_vm_dev *vms = arg;

	drm_sched_fini(&vms->sched);
}

/* Unbind, before the memory goes: queued binds end (dg1_vm_bind_unplug()). */
static void dg1_vm_dev_unplug(void *arg)
{
	dg1_vm_bind_unplug(arg);
}

/**
 * dg1_vm_dev_stop() - hold the binds back, or let them go
 * @vms: the device's VMs
 * @stop: true: no bind writes page tables until called with false
 *
 * Around system sleep, while LMEM is saved and restored.
 *
 * Context: process; sleeps until the bind in progress is done.
 */
void dg1_vm_dev_stop(struct dg1_vm_dev *vms, bool stop)
{
	if (stop)
		drm_sched_wqueue_stop(&vms->sched);
	else
		drm_sched_wqueue_start(&vms->sched);
}

/**
 * dg1_vm_dev_init() - set up the device's VM state and bind scheduler
 * @vms: the state
 * @dg1: the device
 *
 * The scheduler lives as long as the DRM device: files, and their VMs,
 * may outlive the PCI binding, and a VM holds a reference to the DRM
 * device (drm_gpuvm_init() takes it) until its last pending bind is freed.
 * Unbind ends the fences of binds still queued, before the memory goes.
 *
 * Return: 0 or a negative error code.
 */
int dg1_vm_dev_init(struct dg1_vm_dev *vms, struct dg1_device *dg1)
{
	const struct drm_sched_init_args args = {
		.ops = &dg1_vm_sched_ops,
		.num_rqs = DRM_SCHED_PRIORITY_COUNT,
		.credit_limit = 64,
		.timeout = MAX_SCHEDULE_TIMEOUT,
		.name = "dg1-bind",
		.dev = dg1->drm.dev,
	};
	int ret;

	ret = drmm_mutex_init(&dg1->drm, &vms->lock) ?:
	      drmm_mutex_init(&dg1->drm, &vms->kill_lock);
	if (ret)
		return ret;
	INIT_LIST_HEAD(&vms->list);
	spin_lock_init(&vms->jobs_lock);
	INIT_LIST_HEAD(&vms->jobs);
	ret = drm_sched_init(&vms->sched, &args);
	if (ret)
		return ret;
	return drmm_add_action_or_reset(&dg1->drm, dg1_vm_dev_fini, vms) ?:
	       devm_add_action_or_reset(dg1->drm.dev, dg1_vm_dev_unplug, vms);
}

/**
 * dg1_vm_file_init() - a new file has no VM
 * @vf: the file's VMs
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_vm_file_init(struct dg1_vm_file *vf)
{
	vf->pt_quota = dg1_pt_quota_create();
	if (!vf->pt_quota)
		return -ENOMEM;
	xa_init_flags(&vf->vms, XA_FLAGS_ALLOC1);
	return 0;
}

/**
 * dg1_vm_exec_fini() - unlock a drm_exec's objects, then drop them
 * @exec: the locking context
 *
 * drm_exec_fini() drops each object's reference right after its lock; an
 * object whose last mapping went while it was locked would be freed there
 * with other locks of the context still held. Holding a reference of our
 * own across drm_exec_fini() frees such objects only once nothing is
 * locked.
 */
void dg1_vm_exec_fini(struct drm_exec *exec)
{
	struct drm_gem_object *few[DG1_VM_EXEC_FEW], **objs = few, *obj;
	unsigned int i, n = 0;

	if (exec->num_objects > ARRAY_SIZE(few))
		objs = kvmalloc_array(exec->num_objects, sizeof(*objs),
				      GFP_KERNEL);
	if (objs) {
		drm_exec_for_each_locked_object(exec, obj) {
			drm_gem_object_get(obj);
			objs[n++] = obj;
		}
	}
	drm_exec_fini(exec);
	for (i = 0; i < n; i++)
		drm_gem_object_put(objs[i]);
	if (objs != few)
		kvfree(objs);
}

/* Take every mapping out of a VM whose file is closing. */
/*
 * Lock the VM and every object it maps, clear its page tables and drop
 * its mappings. Without interruption the locking fails only for want of
 * memory for drm_exec's object array.
 */
static int dg1_vm_clear_all(struct dg1_vm *vm)
{
	struct drm_gpuva *va, *next;
	struct drm_exec exec;
	int ret;

	drm_exec_init(&exec, DRM_EXEC_IGNORE_DUPLICATES, 0);
	drm_exec_until_all_locked(&exec) {
		ret = drm_gpuvm_prepare_vm(&vm->gpuvm, &exec, 0) ?:
		      drm_gpuvm_prepare_range(&vm->gpuvm, &exec, 0,
					      BIT_ULL(DG1_PPGTT_VA_BITS), 0);
		drm_exec_retry_on_contention(&exec);
		if (ret)
			break;
	}
	if (!ret) {
		/*
		 * Whatever is tracked: a bind dropped with the entity
		 * (killed) may have left entries the tracking no longer has.
		 * Clearing walks only the tables that exist.
		 */
		const struct dg1_vm_step all = {
			.unmap = true,
			.map.size = BIT_ULL(DG1_PPGTT_VA_BITS),
		};

		dg1_vm_exec_steps(vm, &all, 1);
		drm_gpuvm_for_each_va_safe(va, next, &vm->gpuvm) {
			drm_gpuva_remove(va);
			drm_gpuva_unlink(va);
			kfree(container_of(va, struct dg1_vma, base));
		}
	}
	dg1_vm_exec_fini(&exec);
	dg1_pt_free_unused(&vm->pt);
	return ret;
}

static void dg1_vm_close(struct dg1_vm *vm)
{
	struct dg1_vm_dev *vms = &vm->dg1->vms;
	int ret;

	/* No bind gets in after this: they check @closed under the lock. */
	mutex_lock(&vm->lock);
	vm->closed = true;
	mutex_unlock(&vm->lock);

	/*
	 * Binds still waiting run first (or are dropped after a timeout, or
	 * when the closing process was killed).
	 */
	drm_sched_entity_flush(&vm->entity, MAX_WAIT_SCHED_ENTITY_Q_EMPTY);
	mutex_lock(&vms->kill_lock);
	dg1_sched_entity_kill(&vms->sched, &vm->entity);
	mutex_unlock(&vms->kill_lock);

	/*
	 * A close cannot fail: the mappings hold the objects, so giving up
	 * would leak the VM and everything it maps. Wait for memory instead,
	 * as a __GFP_NOFAIL allocation would.
	 */
	mutex_lock(&vm->lock);
	while ((ret = dg1_vm_clear_all(vm)) == -ENOMEM) {
		drm_warn_once(vm->gpuvm.drm,
			      "VM close waits for memory to lock its objects\n");
		mutex_unlock(&vm->lock);
		msleep(20);
		mutex_lock(&vm->lock);
	}
	drm_WARN_ON(vm->gpuvm.drm, ret);
	mutex_unlock(&vm->lock);
}

/**
 * dg1_vm_file_fini() - destroy a closing file's VMs
 * @vf: the file's VMs
 *
 * Context: process; waits for the VMs' pending binds.
 */
void dg1_vm_file_fini(struct dg1_vm_file *vf)
{
	struct dg1_vm *vm;
	unsigned long id;

	xa_for_each(&vf->vms, id, vm) {
		dg1_vm_close(vm);
		dg1_vm_put(vm);
	}
	xa_destroy(&vf->vms);
	dg1_pt_quota_put(vf->pt_quota);
}

/* Pure, for KUnit. */
static int dg1_vm_create_check(const struct drm_dg1_vm_create *args)
{
	if (args->extensions || args->flags || args->reserved[0] ||
	    args->reserved[1])
		return -EINVAL;
	return 0;
}

/**
 * dg1_vm_create_ioctl() - DRM_IOCTL_DG1_VM_CREATE
 * @drm: the device
 * @data: &struct drm_dg1_vm_create
 * @file: the file the VM belongs to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h.
 */
int dg1_vm_create_ioctl(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct dg1_vm_file *vf = &to_dg1_file(file)->vm;
	struct drm_dg1_vm_create *args = data;
	struct dg1_vm *vm;
	int idx, ret;

	ret = dg1_vm_create_check(args);
	if (ret)
		return ret;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	vm = dg1_vm_create(to_dg1_device(drm), file->client_id, vf->pt_quota);
	drm_dev_exit(idx);
	if (IS_ERR(vm))
		return PTR_ERR(vm);

	/*
	 * The id is written before the VM can be found; once it can, a
	 * destroy may drop the file's reference: hold one to read the id.
	 */
	drm_gpuvm_get(&vm->gpuvm);
	ret = xa_alloc(&vf->vms, &vm->id, vm, XA_LIMIT(1, DRM_DG1_MAX_VMS),
		       GFP_KERNEL);
	if (ret) {
		dg1_vm_close(vm);
		dg1_vm_put(vm);
		ret = ret == -EBUSY ? -ENOSPC : ret;
	} else {
		args->vm_id = vm->id;
	}
	dg1_vm_put(vm);
	return ret;
}

/**
 * dg1_vm_destroy_ioctl() - DRM_IOCTL_DG1_VM_DESTROY
 * @drm: the device
 * @data: &struct drm_dg1_vm_destroy
 * @file: the file the VM belongs to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h.
 */
int dg1_vm_destroy_ioctl(struct drm_device *drm, void *data,
			 struct drm_file *file)
{
	struct dg1_vm_file *vf = &to_dg1_file(file)->vm;
	struct drm_dg1_vm_destroy *args = data;
	struct dg1_vm *vm;
	int idx, ret = 0;

	if (args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	vm = dg1_vm_lookup(vf, args->vm_id);
	if (!vm) {
		ret = -ENOENT;
		goto out;
	}
	/* Under the VM's lock no bind can add a mapping meanwhile. */
	mutex_lock(&vm->lock);
	if (!drm_gpuvm_interval_empty(&vm->gpuvm, 0, BIT_ULL(DG1_PPGTT_VA_BITS)))
		ret = -EBUSY;
	else if (xa_erase(&vf->vms, args->vm_id) != vm)
		ret = -ENOENT;	/* destroyed by a concurrent call */
	else
		vm->closed = true;	/* no bind gets in from now on */
	mutex_unlock(&vm->lock);
	if (!ret) {
		dg1_vm_close(vm);
		dg1_vm_put(vm);	/* the file's reference */
	}
	dg1_vm_put(vm);
out:
	drm_dev_exit(idx);
	return ret;
}

/**
 * dg1_vm_print() - list every VM and its mappings (debugfs "vms")
 * @vms: the device's VM state
 * @p: where to
 */
void dg1_vm_print(struct dg1_vm_dev *vms, struct drm_printer *p)
{
	struct dg1_vm **list = NULL, *vm;
	unsigned int n = 0, i, cap = 0;
	struct drm_gpuva *va;

	/*
	 * Take a reference to each VM under the list lock, then print each
	 * under its own lock alone: a VM's lock is never taken inside the
	 * list's, which the last put of a VM takes.
	 */
	mutex_lock(&vms->lock);
	list_for_each_entry(vm, &vms->list, link)
		cap++;
	if (cap)
		list = kvmalloc_array(cap, sizeof(*list), GFP_KERNEL);
	list_for_each_entry(vm, &vms->list, link) {
		if (!list || n == cap)
			break;
		if (kref_get_unless_zero(&vm->gpuvm.kref))
			list[n++] = vm;
	}
	mutex_unlock(&vms->lock);
	if (cap && !list)
		drm_printf(p, "(no memory to list %u VMs)\n", cap);

	for (i = 0; i < n; i++) {
		unsigned int maps = 0, external = 0;
		struct drm_gpuvm_bo *vm_bo;

		vm = list[i];
		mutex_lock(&vm->lock);
		drm_gpuvm_for_each_va(va, &vm->gpuvm)
			maps++;
		/* The objects an EXEC locks and fences one by one. */
		spin_lock(&vm->gpuvm.extobj.lock);
		list_for_each_entry(vm_bo, &vm->gpuvm.extobj.list,
				    list.entry.extobj)
			external++;
		spin_unlock(&vm->gpuvm.extobj.lock);
		/* A closed one may linger, its id already another VM's. */
		drm_printf(p,
			   "client %llu vm %u root 0x%016llx mappings %u tables %u external %u table-bytes %llu%s\n",
			   vm->client_id, vm->id, vm->pt.pml4->slot.addr, maps,
			   READ_ONCE(vm->pt.pool.num_tables), external,
			   dg1_pt_pool_bytes(&vm->pt.pool),
			   vm->closed ? " closed" : "");
		drm_gpuvm_for_each_va(va, &vm->gpuvm)
			drm_printf(p, "  0x%016llx-0x%016llx offset 0x%llx pat %u%s\n",
				   va->va.addr, va->va.addr + va->va.range,
				   va->gem.offset,
				   container_of(va, struct dg1_vma, base)->pat_index,
				   drm_gpuva_invalidated(va) ? " invalidated" : "");
		mutex_unlock(&vm->lock);
		dg1_vm_put(vm);
	}
	kvfree(list);
	drm_printf(p, "binds 4K %lld 64K %lld 2M %lld queued %lld\n",
		   atomic64_read(&vms->binds_4k), atomic64_read(&vms->binds_64k),
		   atomic64_read(&vms->binds_2m),
		   atomic64_read(&vms->binds_queued));
}

/**
 * dg1_vm_read() - read what a VM maps at an address, with the CPU
 * @vm: the VM
 * @addr: GPU virtual address
 * @buf: filled in
 * @len: bytes, not crossing a page
 *
 * For an error capture: the object mapped there is read through its CPU
 * view (dg1_bo_read()), whatever the GPU's page tables hold now.
 *
 * Context: process; takes @vm's lock, then the object's reservation.
 * Return: 0; -ENOENT where nothing is mapped; or dg1_bo_read()'s error.
 */
int dg1_vm_read(struct dg1_vm *vm, u64 addr, void *buf, size_t len)
{
	struct drm_gem_object *obj = NULL;
	struct drm_gpuva *va;
	u64 offset = 0;
	int ret;

	mutex_lock(&vm->lock);
	va = drm_gpuva_find_first(&vm->gpuvm, addr, len);
	if (va && va->gem.obj && addr >= va->va.addr &&
	    addr + len <= va->va.addr + va->va.range) {
		obj = va->gem.obj;
		offset = va->gem.offset + addr - va->va.addr;
		drm_gem_object_get(obj);
	}
	mutex_unlock(&vm->lock);
	if (!obj)
		return -ENOENT;
	ret = dg1_bo_read(gem_to_dg1_bo(obj), offset, buf, len);
	drm_gem_object_put(obj);
	return ret;
}

static const struct drm_gpuvm_ops dg1_vm_gpuvm_ops = {
	.vm_free = dg1_vm_free,
	.sm_step_remap = dg1_vm_bind_step_remap,
	.sm_step_unmap = dg1_vm_bind_step_unmap,
};
