// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_DG1_VM_BIND: map and unmap objects in a VM (uapi/dg1_drm.h).
 *
 * A call is checked and applied to the VM's drm_gpuvm tracking as one:
 *  1. every op, sync and handle is checked, and every wait fence looked
 *     up, before anything changes;
 *  2. page tables are allocated for every map (dg1_pt_prepare());
 *  3. the VM, the objects mapped and the objects in every op's range are
 *     locked (drm_exec), and the mapped objects made reachable by the GPU;
 *  4. the ops change the tracking in array order; each change is logged,
 *     and a failing op undoes the log, leaving the VM as it was;
 *  5. only then is the call committed: mappings are linked to or unlinked
 *     from their objects, and the page-table steps run - at once when
 *     nothing is to be waited for, else as a job on the VM's scheduler
 *     entity, which keeps a VM's binds in order and waits for the fences
 *     without blocking the caller.
 * The bind's fence goes into the reservation of every object involved
 * (BOOKKEEP), so TTM neither moves nor frees their pages before the page
 * tables stop pointing at them.
 */

#include <linux/dma-fence-chain.h>
#include <linux/dma-resv.h>
#include <linux/overflow.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/drm_syncobj.h>
#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_tt.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_device_types.h"
#include "core/dg1_fence.h"
#include "core/dg1_gfp.h"
#include "core/dg1_inject.h"
#include "core/dg1_rpm.h"
#include "core/dg1_sync.h"
#include "core/dg1_wq.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_pt.h"
#include "mem/dg1_ttm.h"
#include "mem/dg1_vm.h"

#define DG1_VM_VA_END	BIT_ULL(DG1_PPGTT_VA_BITS)

/**
 * struct dg1_vm_job - a bind that waits for fences
 */
struct dg1_vm_job {
	/** @base: the scheduler's job */
	struct drm_sched_job base;
	/**
	 * @done: signalled once the page tables are written (or the bind is
	 * dropped); what the syncobjs and reservations get (core/dg1_fence.c)
	 */
	struct dma_fence *done;
	/** @vm: the VM, referenced */
	struct dg1_vm *vm;
	/** @link: in &dg1_vm_dev.jobs from its push to its free */
	struct list_head link;
	/** @ran: its steps ran (or found the device gone) */
	bool ran;
	/** @steps: the page-table changes, owned */
	struct dg1_vm_step *steps;
	/** @num_steps: entries in @steps */
	unsigned int num_steps;
	/** @put_work: drops the VM reference away from the scheduler */
	struct work_struct put_work;
};

/* A change to the tracking, to undo if a later op fails. */
struct dg1_vm_undo {
	struct list_head link;
	enum { DG1_VM_UNDO_INSERT, DG1_VM_UNDO_REMOVE, DG1_VM_UNDO_REMAP } type;
	struct drm_gpuva *va, *prev, *next;
};

/* One call in progress. */
struct dg1_vm_bind {
	struct dg1_vm *vm;
	struct drm_dg1_vm_bind_op *ops;
	unsigned int num_ops;
	struct dg1_syncs syncs;
	/* per op: the object of a map, and its vm_bo once locked */
	struct drm_gem_object **objs;
	struct drm_gpuvm_bo **vm_bos;
	struct dg1_vm_step *steps;
	struct list_head undo;
	struct list_head touched;
	struct drm_exec exec;
};

/* Pure, for KUnit. Return: 0, -EINVAL or -ERANGE as in uapi/dg1_drm.h. */
static int dg1_vm_bind_op_check(const struct drm_dg1_vm_bind_op *op)
{
	u64 end;

	if (op->extensions || op->pad || op->flags || op->reserved[0] ||
	    op->reserved[1])
		return -EINVAL;
	if (op->op != DRM_DG1_VM_BIND_OP_MAP &&
	    op->op != DRM_DG1_VM_BIND_OP_UNMAP)
		return -EINVAL;
	if (!op->range || !IS_ALIGNED(op->addr | op->range | op->obj_offset,
				      SZ_4K))
		return -EINVAL;
	if (op->op == DRM_DG1_VM_BIND_OP_UNMAP &&
	    (op->obj || op->obj_offset || op->pat_index))
		return -EINVAL;
	if (op->pat_index >= DG1_PAT_INDEX_COUNT)
		return -EINVAL;
	if (check_add_overflow(op->addr, op->range, &end) ||
	    end > DG1_VM_VA_END)
		return -ERANGE;
	return 0;
}

/* Pure, for KUnit. Return: 0, -EINVAL or -E2BIG. */
static int dg1_vm_bind_args_check(const struct drm_dg1_vm_bind *args)
{
	if (args->extensions || args->pad || args->reserved[0] ||
	    args->reserved[1])
		return -EINVAL;
	if (!args->num_binds)
		return -EINVAL;
	if (args->num_binds > DG1_VM_MAX_BIND_OPS ||
	    args->num_syncs > DG1_VM_MAX_SYNCS)
		return -E2BIG;
	return 0;
}

static struct dg1_vma *dg1_vma_alloc(void)
{
	struct dg1_vma *vma = kzalloc(sizeof(*vma), DG1_GFP_USER);

	if (vma)
		INIT_LIST_HEAD(&vma->bind.link);
	return vma;
}

static struct dg1_vma *dg1_vm_touch(struct dg1_vm_bind *b, struct drm_gpuva *va)
{
	struct dg1_vma *vma = container_of(va, struct dg1_vma, base);

	if (list_empty(&vma->bind.link))
		list_add_tail(&vma->bind.link, &b->touched);
	return vma;
}

static int dg1_vm_log(struct dg1_vm_bind *b, int type, struct drm_gpuva *va,
		      struct drm_gpuva *prev, struct drm_gpuva *next)
{
	struct dg1_vm_undo *u = kmalloc(sizeof(*u), GFP_KERNEL);

	if (!u)
		return -ENOMEM;
	u->type = type;
	u->va = va;
	u->prev = prev;
	u->next = next;
	list_add(&u->link, &b->undo);	/* newest first */
	return 0;
}

/**
 * dg1_vm_bind_step_unmap() - drm_gpuvm: a mapping goes whole
 * @op: the unmap
 * @priv: the &struct dg1_vm_bind in progress
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_vm_bind_step_unmap(struct drm_gpuva_op *op, void *priv)
{
	struct dg1_vm_bind *b = priv;
	struct drm_gpuva *va = op->unmap.va;
	int ret;

	ret = dg1_vm_log(b, DG1_VM_UNDO_REMOVE, va, NULL, NULL);
	if (ret)
		return ret;
	drm_gpuva_unmap(&op->unmap);
	dg1_vm_touch(b, va)->bind.removed = true;
	return 0;
}

/**
 * dg1_vm_bind_step_remap() - drm_gpuvm: a mapping is cut down
 * @op: the remap: the old mapping and what stays of it on either side
 * @priv: the &struct dg1_vm_bind in progress
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_vm_bind_step_remap(struct drm_gpuva_op *op, void *priv)
{
	struct dg1_vm_bind *b = priv;
	struct drm_gpuva *old = op->remap.unmap->va;
	struct dg1_vma *old_vma = container_of(old, struct dg1_vma, base);
	struct dg1_vma *prev = NULL, *next = NULL;
	struct drm_gpuvm_bo *vm_bo;
	int ret = -ENOMEM;

	if (op->remap.prev) {
		prev = dg1_vma_alloc();
		if (!prev)
			goto err;
	}
	if (op->remap.next) {
		next = dg1_vma_alloc();
		if (!next)
			goto err;
	}
	ret = dg1_vm_log(b, DG1_VM_UNDO_REMAP, old, prev ? &prev->base : NULL,
			 next ? &next->base : NULL);
	if (ret)
		goto err;

	drm_gpuva_remap(prev ? &prev->base : NULL, next ? &next->base : NULL,
			&op->remap);
	dg1_vm_touch(b, old)->bind.removed = true;
	/* A mapping made earlier in this call is not linked yet. */
	vm_bo = old_vma->bind.is_new ? old_vma->bind.vm_bo : old->vm_bo;
	if (prev) {
		prev->pat_index = old_vma->pat_index;
		prev->bind.vm_bo = vm_bo;
		dg1_vm_touch(b, &prev->base)->bind.is_new = true;
	}
	if (next) {
		next->pat_index = old_vma->pat_index;
		next->bind.vm_bo = vm_bo;
		dg1_vm_touch(b, &next->base)->bind.is_new = true;
	}
	return 0;

err:
	kfree(prev);
	kfree(next);
	return ret;
}

/* Undo the tracking changes, newest first, and forget the new mappings. */
static void dg1_vm_bind_undo(struct dg1_vm_bind *b)
{
	struct drm_gpuvm *gpuvm = &b->vm->gpuvm;
	struct dg1_vm_undo *u, *un;
	struct dg1_vma *vma, *vn;

	list_for_each_entry_safe(u, un, &b->undo, link) {
		switch (u->type) {
		case DG1_VM_UNDO_INSERT:
			drm_gpuva_remove(u->va);
			break;
		case DG1_VM_UNDO_REMOVE:
			WARN_ON(drm_gpuva_insert(gpuvm, u->va));
			break;
		case DG1_VM_UNDO_REMAP:
			if (u->prev)
				drm_gpuva_remove(u->prev);
			if (u->next)
				drm_gpuva_remove(u->next);
			WARN_ON(drm_gpuva_insert(gpuvm, u->va));
			break;
		}
		list_del(&u->link);
		kfree(u);
	}
	list_for_each_entry_safe(vma, vn, &b->touched, bind.link) {
		list_del_init(&vma->bind.link);
		if (vma->bind.is_new)
			kfree(vma);
		else
			vma->bind.removed = false;
	}
}

/* Make the tracking changes final: link new mappings, free removed ones. */
static void dg1_vm_bind_commit(struct dg1_vm_bind *b)
{
	struct dg1_vm_undo *u, *un;
	struct dg1_vma *vma, *vn;

	list_for_each_entry_safe(u, un, &b->undo, link) {
		list_del(&u->link);
		kfree(u);
	}
	/* Link first: a vm_bo lives while one of its mappings does. */
	list_for_each_entry(vma, &b->touched, bind.link)
		if (vma->bind.is_new && !vma->bind.removed)
			drm_gpuva_link(&vma->base, vma->bind.vm_bo);
	list_for_each_entry_safe(vma, vn, &b->touched, bind.link) {
		list_del_init(&vma->bind.link);
		if (!vma->bind.is_new && vma->bind.removed)
			drm_gpuva_unlink(&vma->base);
		if (vma->bind.removed)
			kfree(vma);
		else
			vma->bind.is_new = false;
	}
}

/* Apply op @i to the tracking. */
static int dg1_vm_bind_apply(struct dg1_vm_bind *b, unsigned int i)
{
	const struct drm_dg1_vm_bind_op *op = &b->ops[i];
	struct drm_gpuvm *gpuvm = &b->vm->gpuvm;
	struct dg1_vma *vma;
	int ret;

	if (op->op == DRM_DG1_VM_BIND_OP_UNMAP) {
		if (drm_gpuvm_interval_empty(gpuvm, op->addr, op->range))
			return -ENOENT;
		return drm_gpuvm_sm_unmap(gpuvm, b, op->addr, op->range);
	}

	if (!drm_gpuvm_interval_empty(gpuvm, op->addr, op->range))
		return -EEXIST;
	vma = dg1_vma_alloc();
	if (!vma)
		return -ENOMEM;
	ret = dg1_vm_log(b, DG1_VM_UNDO_INSERT, &vma->base, NULL, NULL);
	if (ret) {
		kfree(vma);
		return ret;
	}
	drm_gpuva_init(&vma->base, op->addr, op->range, b->objs[i],
		       op->obj_offset);
	vma->pat_index = op->pat_index;
	vma->bind.vm_bo = b->vm_bos[i];
	ret = drm_gpuva_insert(gpuvm, &vma->base);
	if (WARN_ON(ret)) {
		struct dg1_vm_undo *u = list_first_entry(&b->undo,
							 struct dg1_vm_undo,
							 link);

		list_del(&u->link);
		kfree(u);
		kfree(vma);
		return ret;
	}
	dg1_vm_touch(b, &vma->base)->bind.is_new = true;
	return 0;
}

/*
 * Give the object pages the GPU can reach, holding what it should: back
 * from TTM_PL_SYSTEM, populated, and in LMEM cleared if it was never
 * written - with the CPU, so first where the CPU sees it (visible LMEM,
 * else SMEM if listed).
 */
static int dg1_vm_bo_prepare(struct dg1_bo *bo)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct ttm_resource *res = bo->tbo.resource;
	int ret;

	if (!res)
		return -ENODEV;
	if (res->mem_type != DG1_PL_LMEM && res->mem_type != DG1_PL_SMEM) {
		ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
		if (ret)
			return ret;
		res = bo->tbo.resource;
	}
	if (res->mem_type == DG1_PL_LMEM && bo->needs_clear &&
	    !to_dg1_lmem_res(res)->cpu_visible) {
		ret = dg1_bo_move_cpu_visible(bo);
		if (ret)
			return ret;
	}
	return dg1_ttm_clear_lmem(bo);
}

/* Lock what the bind touches; make mapped objects ready; build the steps. */
static int dg1_vm_bind_lock(struct dg1_vm_bind *b)
{
	struct drm_gpuvm *gpuvm = &b->vm->gpuvm;
	unsigned int i;
	int ret = 0;

	drm_exec_until_all_locked(&b->exec) {
		ret = drm_gpuvm_prepare_vm(gpuvm, &b->exec, 1);
		drm_exec_retry_on_contention(&b->exec);
		if (ret)
			return ret;
		for (i = 0; i < b->num_ops; i++) {
			if (b->objs[i])
				ret = drm_exec_prepare_obj(&b->exec, b->objs[i], 1);
			if (!ret)
				ret = drm_gpuvm_prepare_range(gpuvm, &b->exec,
							      b->ops[i].addr,
							      b->ops[i].range, 1);
			drm_exec_retry_on_contention(&b->exec);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static int dg1_vm_bind_build_steps(struct dg1_vm_bind *b)
{
	unsigned int i;
	int ret;

	for (i = 0; i < b->num_ops; i++) {
		const struct drm_dg1_vm_bind_op *op = &b->ops[i];
		struct dg1_vm_step *step = &b->steps[i];
		struct dg1_bo *bo;

		step->map.va = op->addr;
		step->map.size = op->range;
		step->map.pat_index = op->pat_index;
		if (op->op == DRM_DG1_VM_BIND_OP_UNMAP) {
			step->unmap = true;
			continue;
		}
		bo = gem_to_dg1_bo(b->objs[i]);
		ret = dg1_vm_bo_prepare(bo);
		if (ret)
			return ret;
		ret = dg1_vm_res_segs(bo, bo->tbo.resource, op->obj_offset,
				      op->range, &step->map);
		if (ret)
			return ret;
		b->vm_bos[i] = drm_gpuvm_bo_obtain(&b->vm->gpuvm, b->objs[i]);
		if (IS_ERR(b->vm_bos[i])) {
			ret = PTR_ERR(b->vm_bos[i]);
			b->vm_bos[i] = NULL;
			return ret;
		}
		drm_gpuvm_bo_extobj_add(b->vm_bos[i]);
	}
	return 0;
}

static void dg1_vm_steps_free(struct dg1_vm_step *steps, unsigned int n)
{
	unsigned int i;

	if (!steps)
		return;
	for (i = 0; i < n; i++)
		kvfree(steps[i].map.segs);
	kvfree(steps);
}

/**
 * dg1_vm_bind_run_job() - the scheduler runs a bind whose fences signalled
 * @sched_job: &struct dg1_vm_job.base
 *
 * Return: NULL: the bind is done when this returns.
 */
struct dma_fence *dg1_vm_bind_run_job(struct drm_sched_job *sched_job)
{
	struct dg1_vm_job *job = container_of(sched_job, struct dg1_vm_job, base);

	dg1_vm_exec_steps(job->vm, job->steps, job->num_steps);
	job->ran = true;
	dg1_fence_end(job->done, 0);
	dg1_inject_bind_free_delay();
	dg1_pt_free_unused(&job->vm->pt);
	return NULL;
}

static void dg1_vm_job_put_work(struct work_struct *work)
{
	struct dg1_vm_job *job = container_of(work, struct dg1_vm_job,
					      put_work);

	dg1_vm_put(job->vm);
	kfree(job);
}

/**
 * dg1_vm_bind_free_job() - the scheduler is done with a bind
 * @sched_job: &struct dg1_vm_job.base
 *
 * A bind dropped with its VM's entity (the VM closed) never ran: it
 * changed nothing, and its fence ends with -ECANCELED (unless an unbind
 * ended it first, dg1_vm_dev_unplug()).
 */
void dg1_vm_bind_free_job(struct drm_sched_job *sched_job)
{
	struct dg1_vm_job *job = container_of(sched_job, struct dg1_vm_job, base);

	struct dg1_vm_dev *vms = &job->vm->dg1->vms;

	spin_lock(&vms->jobs_lock);
	list_del(&job->link);
	spin_unlock(&vms->jobs_lock);
	drm_sched_job_cleanup(sched_job);
	if (!job->ran)
		dg1_vm_unprepare(job->vm, job->steps, job->num_steps);
	dg1_fence_end(job->done, -ECANCELED);
	dma_fence_put(job->done);
	dg1_vm_steps_free(job->steps, job->num_steps);
	dg1_rpm_put(job->vm->dg1->drm.dev);
	/*
	 * The last VM reference may be the DRM device's last: its release
	 * tears down this scheduler, so it must not run on its workqueue,
	 * which also runs binds (fence signalling).
	 */
	INIT_WORK(&job->put_work, dg1_vm_job_put_work);
	dg1_wq_queue(&job->put_work);
}

/**
 * dg1_vm_bind_unplug() - the device is gone: end the fences of queued binds
 * @vms: the device's VM state
 *
 * Their jobs still wait for their fences and then change nothing (the
 * page tables go with the device); their fences end now with -ENODEV, so
 * nothing that waits for them - memory teardown first - waits for another
 * driver's fence.
 */
void dg1_vm_bind_unplug(struct dg1_vm_dev *vms)
{
	struct dg1_vm_job *job;

	spin_lock(&vms->jobs_lock);
	list_for_each_entry(job, &vms->jobs, link)
		dg1_fence_end(job->done, -ENODEV);
	spin_unlock(&vms->jobs_lock);
}

/* Copy in and check the arrays; look up objects and syncobjs. */
static int dg1_vm_bind_gather(struct dg1_vm_bind *b,
			      const struct drm_dg1_vm_bind *args,
			      struct drm_file *file)
{
	unsigned int i;
	int ret;

	b->ops = kvmalloc_array(b->num_ops, sizeof(*b->ops), GFP_KERNEL);
	b->objs = kvcalloc(b->num_ops, sizeof(*b->objs), GFP_KERNEL);
	b->vm_bos = kvcalloc(b->num_ops, sizeof(*b->vm_bos), GFP_KERNEL);
	b->steps = kvcalloc(b->num_ops, sizeof(*b->steps), GFP_KERNEL);
	ret = dg1_syncs_alloc(&b->syncs, args->num_syncs);
	if (!b->ops || !b->objs || !b->vm_bos || !b->steps || ret)
		return -ENOMEM;

	if (copy_from_user(b->ops, u64_to_user_ptr(args->binds),
			   b->num_ops * sizeof(*b->ops)))
		return -EFAULT;
	ret = dg1_syncs_copy(&b->syncs, args->syncs);
	if (ret)
		return ret;

	for (i = 0; i < b->num_ops; i++) {
		ret = dg1_vm_bind_op_check(&b->ops[i]);
		if (ret)
			return ret;
	}
	ret = dg1_syncs_check(&b->syncs);
	if (ret)
		return ret;

	for (i = 0; i < b->num_ops; i++) {
		const struct drm_dg1_vm_bind_op *op = &b->ops[i];
		u64 end;

		if (op->op != DRM_DG1_VM_BIND_OP_MAP)
			continue;
		b->objs[i] = drm_gem_object_lookup(file, op->obj);
		if (!b->objs[i])
			return -ENOENT;
		if (check_add_overflow(op->obj_offset, op->range, &end) ||
		    end > b->objs[i]->size)
			return -EINVAL;
		/* Private to another VM (GEM_CREATE's vm_id). */
		if (gem_to_dg1_bo(b->objs[i])->vm_obj &&
		    b->objs[i]->resv != drm_gpuvm_resv(&b->vm->gpuvm))
			return -EINVAL;
	}

	return dg1_syncs_lookup(&b->syncs, file);
}

/* Drop the vm_bo references; the objects must still be locked. */
static void dg1_vm_bind_put_vm_bos(struct dg1_vm_bind *b)
{
	unsigned int i;

	for (i = 0; i < b->num_ops; i++) {
		if (b->vm_bos[i])
			drm_gpuvm_bo_put(b->vm_bos[i]);
		b->vm_bos[i] = NULL;
	}
}

static void dg1_vm_bind_release(struct dg1_vm_bind *b)
{
	unsigned int i;

	for (i = 0; b->objs && i < b->num_ops; i++) {
		if (b->objs[i])
			drm_gem_object_put(b->objs[i]);
	}
	dg1_syncs_release(&b->syncs);
	dg1_vm_steps_free(b->steps, b->num_ops);
	kvfree(b->ops);
	kvfree(b->objs);
	kvfree(b->vm_bos);
}

/* A job when something must be waited for; NULL to run now. */
static struct dg1_vm_job *dg1_vm_bind_job(struct dg1_vm_bind *b,
					  struct drm_file *file)
{
	struct dg1_vm *vm = b->vm;
	struct dg1_vm_job *job;
	bool wait = vm->last_fence && !dma_fence_is_signaled(vm->last_fence);
	int ret;

	if (!wait && !dg1_syncs_pending(&b->syncs))
		return NULL;

	job = kzalloc(sizeof(*job), DG1_GFP_USER);
	if (!job)
		return ERR_PTR(-ENOMEM);
	/* Binds are ordered by the VM's lock: seqnos follow their order. */
	job->done = dg1_fence_create("dg1-bind", vm->fence_context,
				     vm->bind_seqno + 1);
	if (!job->done) {
		kfree(job);
		return ERR_PTR(-ENOMEM);
	}
	ret = drm_sched_job_init(&job->base, &vm->entity, 1, vm,
				 file->client_id);
	if (ret)
		goto err_fence;
	ret = dg1_syncs_add_deps(&b->syncs, &job->base);
	if (ret)
		goto err_job;
	return job;

err_job:
	drm_sched_job_cleanup(&job->base);
err_fence:
	dma_fence_put(job->done);
	kfree(job);
	return ERR_PTR(ret);
}

/* A job that was made but not committed. */
static void dg1_vm_bind_job_free(struct dg1_vm_job *job)
{
	drm_sched_job_cleanup(&job->base);
	dma_fence_put(job->done);
	kfree(job);
}

/* Committed: run or queue the steps, publish the fence. */
static void dg1_vm_bind_finish(struct dg1_vm_bind *b, struct dg1_vm_job *job)
{
	struct dg1_vm *vm = b->vm;
	struct drm_gem_object *obj;
	struct dma_fence *fence;

	if (job) {
		drm_gpuvm_get(&vm->gpuvm);
		job->vm = vm;
		job->steps = b->steps;
		job->num_steps = b->num_ops;
		b->steps = NULL;
		vm->bind_seqno++;
		/* Its steps write page tables through the BAR: awake (D0). */
		pm_runtime_get_noresume(vm->dg1->drm.dev);
		drm_sched_job_arm(&job->base);
		fence = dma_fence_get(job->done);
		drm_exec_for_each_locked_object(&b->exec, obj)
			dma_resv_add_fence(obj->resv, fence,
					   DMA_RESV_USAGE_BOOKKEEP);
		dma_fence_put(vm->last_fence);
		vm->last_fence = dma_fence_get(fence);
		atomic64_inc(&vm->dg1->vms.binds_queued);
		spin_lock(&vm->dg1->vms.jobs_lock);
		list_add_tail(&job->link, &vm->dg1->vms.jobs);
		spin_unlock(&vm->dg1->vms.jobs_lock);
		drm_sched_entity_push_job(&job->base);
	} else {
		dg1_vm_exec_steps(vm, b->steps, b->num_ops);
		fence = dma_fence_get_stub();
	}

	dg1_syncs_signal(&b->syncs, fence);
	dma_fence_put(fence);
}

/**
 * dg1_vm_bind_ioctl() - DRM_IOCTL_DG1_VM_BIND
 * @drm: the device
 * @data: &struct drm_dg1_vm_bind
 * @file: the file the VM, objects and syncobjs belong to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h; on error
 * nothing has changed.
 */
int dg1_vm_bind_ioctl(struct drm_device *drm, void *data,
		      struct drm_file *file)
{
	struct drm_dg1_vm_bind *args = data;
	struct dg1_vm_bind b = {
		.num_ops = args->num_binds,
		.undo = LIST_HEAD_INIT(b.undo),
		.touched = LIST_HEAD_INIT(b.touched),
	};
	struct dg1_vm_job *job = NULL;
	unsigned int i, prepared = 0;
	int idx, ret;

	ret = dg1_vm_bind_args_check(args);
	if (ret)
		return ret;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	b.vm = dg1_vm_lookup(&to_dg1_file(file)->vm, args->vm_id);
	if (!b.vm) {
		ret = -ENOENT;
		goto out_exit;
	}
	ret = dg1_vm_bind_gather(&b, args, file);
	if (ret)
		goto out_release;
	/* A wedged GPU takes no new mappings; unmaps still tear down. */
	for (i = 0; i < b.num_ops && READ_ONCE(to_dg1_device(drm)->wedged); i++) {
		if (b.ops[i].op == DRM_DG1_VM_BIND_OP_MAP) {
			ret = -EIO;
			goto out_release;
		}
	}

	ret = mutex_lock_interruptible(&b.vm->lock);
	if (ret)
		goto out_release;
	if (b.vm->closed) {
		ret = -ENOENT;
		goto out_unlock;
	}
	for (prepared = 0; prepared < b.num_ops; prepared++) {
		const struct drm_dg1_vm_bind_op *op = &b.ops[prepared];
		struct dg1_vm_step *step = &b.steps[prepared];

		step->unmap = op->op != DRM_DG1_VM_BIND_OP_MAP;
		if (step->unmap)
			continue;
		step->map.va = op->addr;
		step->map.size = op->range;
		ret = dg1_pt_prepare(&b.vm->pt, op->addr, op->range);
		if (ret)
			goto out_unprepare;
	}

	drm_exec_init(&b.exec, DRM_EXEC_INTERRUPTIBLE_WAIT |
		      DRM_EXEC_IGNORE_DUPLICATES, 0);
	ret = dg1_vm_bind_lock(&b) ?: dg1_vm_bind_build_steps(&b);
	if (ret)
		goto out_exec;

	job = dg1_vm_bind_job(&b, file);
	if (IS_ERR(job)) {
		ret = PTR_ERR(job);
		goto out_exec;
	}

	for (i = 0; i < b.num_ops; i++) {
		ret = dg1_vm_bind_apply(&b, i);
		if (ret)
			break;
	}
	if (ret) {
		dg1_vm_bind_undo(&b);
		if (job)
			dg1_vm_bind_job_free(job);
		goto out_exec;
	}
	dg1_vm_bind_commit(&b);
	dg1_vm_bind_finish(&b, job);

out_exec:
	dg1_vm_bind_put_vm_bos(&b);
	dg1_vm_exec_fini(&b.exec);
out_unprepare:
	/* Failed: the tables only this bind needed go again. */
	if (ret)
		dg1_vm_unprepare(b.vm, b.steps, prepared);
	else
		dg1_pt_free_unused(&b.vm->pt);
out_unlock:
	mutex_unlock(&b.vm->lock);
out_release:
	dg1_vm_bind_release(&b);
	dg1_vm_put(b.vm);
out_exit:
	drm_dev_exit(idx);
	if (ret)
		drm_dbg(drm, "vm_bind: %d\n", ret);
	return ret;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_vm_bind_test.c"
#endif
