// SPDX-License-Identifier: GPL-2.0
/*
 * Exec queues and EXEC: the uAPI side of execution (uapi/dg1_drm.h, "DOC:
 * Execution").
 *
 * A queue is a hardware context on one engine (submit/dg1_context.c) with a
 * drm_sched scheduler and entity of its own, as in xe: the scheduler
 * holds a job until its wait syncs signal and runs the queue's jobs in
 * order; run_job hands each to the context, whose fence the engine
 * signals from its breadcrumb. That fence, the request's, is what EXEC
 * hands out: it goes to the signal syncobjs and into the reservation of
 * the VM and of every object the VM maps (BOOKKEEP), so nothing the batch
 * may touch moves or goes before it is done. The scheduler's own fences
 * never leave the driver: they name their timeline from the scheduler,
 * which goes with the queue.
 *
 * Destroying a queue, or closing its file, kills it: no EXEC gets in any
 * more, its context is banned (what has not finished ends with
 * -ECANCELED; a batch on the engine is reset off it), jobs still waiting
 * for fences are dropped, and the scheduler is torn down - all in a
 * deferred teardown that holds no device-wide lock. Unbind does the same
 * to every queue still alive, with -ENODEV.
 */

#include <linux/capability.h>
#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_gfp.h"
#include "core/dg1_inject.h"
#include "core/dg1_rpm.h"
#include "core/dg1_sched.h"
#include "core/dg1_sync.h"
#include "core/dg1_wq.h"
#include "gt/dg1_engine_info.h"
#include "mem/dg1_vm.h"
#include "submit/dg1_context.h"
#include "submit/dg1_submit_wq.h"
#include "submit/dg1_request.h"
#include "submit/dg1_exec_queue.h"
#include "uapi/dg1_drm.h"

/* Jobs on the engine per queue; the ring holds this many requests with room. */
#define DG1_EXEC_QUEUE_JOBS	64
/* uapi/dg1_drm.h promises 5 s. */
#define DG1_EXEC_JOB_TIMEOUT_MS	5000
/*
 * How long a job submitted by the ioctl itself may wait for its push to
 * the scheduler (dg1_exec_hold()): its hang check starts that much later.
 */
#define DG1_EXEC_HOLD_MS	2
static_assert(DRM_DG1_MAX_JOBS_PER_QUEUE >= DG1_EXEC_QUEUE_JOBS);

/*
 * On: a waited EXEC measures 1.17-1.27x faster with it, a pipelined one
 * 0.84-0.95x (dg1_bench_exec -p fast switches it within one run, so both
 * shapes see the same host; issue 25). Off takes every job through the
 * scheduler's worker.
 */
static bool dg1_exec_fast_submit = true;
module_param_named(fast_submit, dg1_exec_fast_submit, bool, 0644);
MODULE_PARM_DESC(fast_submit,
		 "EXEC writes the ring itself when the queue's context is idle and nothing of its queue waits for the scheduler (default: on)");

/**
 * struct dg1_job - one EXEC: a batch of a queue
 */
struct dg1_job {
	/** @base: the scheduler's job */
	struct drm_sched_job base;
	/** @q: the queue; a reference */
	struct dg1_exec_queue *q;
	/** @batch: GPU address of the batch in the queue's VM */
	u64 batch;
	/**
	 * @rq: the engine's request, in the job's allocation (struct
	 * dg1_exec_rq); its fence is the job's, a reference
	 */
	struct dg1_request *rq;
	/** @ran: @rq was handed to the context (by run_job or the ioctl) */
	bool ran;
	/**
	 * @early: submitted by the EXEC ioctl itself (dg1_exec_submit_now()):
	 * the fence run_job hands the scheduler, a reference; else NULL
	 */
	struct dma_fence *early;
	/** @done_cb: on @rq's fence: the batch no longer counts as queued */
	struct dma_fence_cb done_cb;
	/**
	 * @link: in &dg1_exec_queue.waiting until it runs or is freed; a job
	 * submitted by the ioctl, in &dg1_exec_queue.held until it is pushed
	 */
	struct list_head link;
};

/*
 * A job and its request in one allocation (issue 25: one allocation per
 * EXEC, not two). The request's fence owns it: the fence is first, and its
 * last put frees the whole (dma_fence_free()), so the job's memory lasts
 * as long as the fence, past free_job.
 */
struct dg1_exec_rq {
	struct dg1_request rq;
	struct dg1_job job;
};

static_assert(offsetof(struct dg1_exec_rq, rq) == 0);

static struct dg1_job *to_dg1_job(struct drm_sched_job *job)
{
	return container_of(job, struct dg1_job, base);
}

/* A job whose request never got its fence (dg1_request_init()). */
static void dg1_exec_job_free(struct dg1_job *job)
{
	kfree(container_of(job, struct dg1_exec_rq, job));
}

static void dg1_exec_queue_release(struct kref *ref)
{
	struct dg1_exec_queue *q = container_of(ref, struct dg1_exec_queue,
						ref);
	struct dg1_exec_queue_dev *qd = &q->dg1->exec_queues;

	/* Before it leaves the list, so that unbind cannot miss it. */
	mutex_lock(&q->teardown_lock);
	drm_WARN_ON(&q->dg1->drm, !q->sched_down);
	if (!q->ctx_gone)
		dg1_context_fini(&q->ctx);
	q->ctx_gone = true;
	mutex_unlock(&q->teardown_lock);

	mutex_lock(&qd->lock);
	list_del(&q->link);
	mutex_unlock(&qd->lock);
	dg1_vm_put(q->vm);
	mutex_destroy(&q->teardown_lock);
	mutex_destroy(&q->lock);
	kfree(q);
}

/**
 * dg1_exec_queue_put() - drop a reference to an exec queue
 * @q: the queue
 *
 * The last reference frees its context (once the engine has switched it
 * out) and its VM reference.
 *
 * Context: process; may sleep.
 */
void dg1_exec_queue_put(struct dg1_exec_queue *q)
{
	kref_put(&q->ref, dg1_exec_queue_release);
}

static void dg1_exec_job_unwait(struct dg1_job *job)
{
	struct dg1_exec_queue *q = job->q;

	spin_lock(&q->waiting_lock);
	list_del_init(&job->link);
	spin_unlock(&q->waiting_lock);
}

static struct dma_fence *dg1_exec_run_job(struct drm_sched_job *sched_job)
{
	struct dg1_job *job = to_dg1_job(sched_job);
	struct dma_fence *fence;

	/* Already with the engine: the scheduler only tracks it. */
	if (job->early) {
		fence = job->early;
		job->early = NULL;
		return fence;
	}
	/* A killed queue's context is banned: the request ends at once. */
	dg1_exec_job_unwait(job);
	job->ran = true;
	fence = dg1_context_run(&job->q->ctx, job->rq, job->batch);
	/* In the ring: an EXEC behind it may go to the engine itself. */
	atomic_dec_return_release(&job->q->unrun);
	return fence;
}

static void dg1_exec_free_job(struct drm_sched_job *sched_job)
{
	struct dg1_job *job = to_dg1_job(sched_job);
	struct dg1_exec_queue *q = job->q;
	/* The queue's put may drop the DRM device's last reference. */
	struct device *dev = get_device(q->ctx.dg1->drm.dev);

	dg1_exec_job_unwait(job);
	drm_sched_job_cleanup(sched_job);
	/* Dropped with a killed queue before it ran. */
	if (!job->ran)
		dg1_request_cancel(job->rq, READ_ONCE(q->ctx.banned) ?: -ECANCELED);

	/*
	 * A job can go before its request ends - dropped with its queue while
	 * the request is still on the engine, to end at the reset that takes
	 * it off (KASAN: a use-after-free in dg1_exec_job_done(), from a reset
	 * in a gate's debug round): the callback must not outlive the job.
	 */
	if (dma_fence_remove_callback(&job->rq->fence, &job->done_cb))
		atomic_dec(&q->jobs);
	/* Submitted early, then dropped with its queue before run_job. */
	dma_fence_put(job->early);
	/* May free the job with its request (struct dg1_exec_rq): last. */
	dma_fence_put(&job->rq->fence);
	/* The last put frees the context (GGTT entries): still in D0. */
	dg1_exec_queue_put(q);
	dg1_rpm_put(dev);
	put_device(dev);
}

/* The batch finished (or was cancelled): one more may be submitted. */
static void dg1_exec_job_done(struct dma_fence *fence, struct dma_fence_cb *cb)
{
	struct dg1_job *job = container_of(cb, struct dg1_job, done_cb);

	atomic_dec(&job->q->jobs);
}

/*
 * A job ran past the timeout. The scheduler took it off its list for this
 * call: put it back, its hardware fence still ends it. Waiting behind
 * other contexts is not a hang (xe checks the same); a request that had
 * the engine for the whole timeout is reset off it, failing with -EIO
 * while the others go on, so the scheduler itself is neither stopped nor
 * restarted. Nothing is checked while system sleep runs, nor once the
 * device is unplugged.
 */
static enum drm_gpu_sched_stat
dg1_exec_timedout_job(struct drm_sched_job *sched_job)
{
	struct dg1_job *job = to_dg1_job(sched_job);
	struct dg1_exec_queue *q = job->q;

	spin_lock(&q->sched.job_list_lock);
	list_add(&sched_job->list, &q->sched.pending_list);
	spin_unlock(&q->sched.job_list_lock);
	/*
	 * System sleep's start is no job's time: another timeout follows.
	 * Nor is an unbind's, which ends every job with -ENODEV once it
	 * reaches the queues (dg1_exec_queues_fini()).
	 */
	if (!READ_ONCE(q->dg1->exec_queues.sleeping) &&
	    !drm_dev_is_unplugged(&q->dg1->drm))
		dg1_context_check_hang(&q->ctx, q->sched.timeout);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

/*
 * Called by drm_sched_entity_pop_job(), between the scheduler choosing the
 * queue and taking the job: debug builds may sleep here
 * (dg1_inject_sched_delay()) to hold that window open.
 */
static struct dma_fence *dg1_exec_prepare_job(struct drm_sched_job *job,
					      struct drm_sched_entity *entity)
{
	dg1_inject_sched_delay();
	return NULL;
}

static const struct drm_sched_backend_ops dg1_exec_sched_ops = {
	.prepare_job = IS_ENABLED(CONFIG_DRM_DG1_DEBUG) ?
		       dg1_exec_prepare_job : NULL,
	.run_job = dg1_exec_run_job,
	.free_job = dg1_exec_free_job,
	.timedout_job = dg1_exec_timedout_job,
};

/* Pure, for KUnit. Return: 0 or -EINVAL as in uapi/dg1_drm.h. */
static int dg1_exec_queue_create_check(const struct drm_dg1_exec_queue_create *a)
{
	if (a->extensions || a->flags || a->engine.pad || a->reserved[0] ||
	    a->reserved[1] || a->exec_queue_id)
		return -EINVAL;
	if (a->priority < DRM_DG1_EXEC_QUEUE_PRIORITY_LOW ||
	    a->priority > DRM_DG1_EXEC_QUEUE_PRIORITY_HIGH)
		return -EINVAL;
	return 0;
}

/* Pure, for KUnit. Return: 0, -EINVAL or -E2BIG as in uapi/dg1_drm.h. */
static int dg1_exec_check(const struct drm_dg1_exec *a)
{
	if (a->extensions || a->flags || a->pad || a->reserved[0] ||
	    a->reserved[1])
		return -EINVAL;
	if (!IS_ALIGNED(a->batch_address, 8))
		return -EINVAL;
	if (a->num_syncs > DG1_VM_MAX_SYNCS)
		return -E2BIG;
	return 0;
}

/*
 * The jobs the ioctl submitted itself go to the scheduler, in order: it
 * still owes them their timeout and their free. Before any other push, so
 * that the scheduler sees a queue's jobs in the order of their fences.
 */
static void dg1_exec_push_held(struct dg1_exec_queue *q)
{
	struct dg1_job *job, *next;

	lockdep_assert_held(&q->lock);
	list_for_each_entry_safe(job, next, &q->held, link) {
		list_del_init(&job->link);
		drm_sched_entity_push_job(&job->base);
	}
}

/*
 * Hold a job the ioctl submitted itself for a moment before its push: the
 * scheduler's worker then takes a burst of them (their run_job only hands
 * back the fence, and those already done are freed in the same wake-up)
 * where it would wake twice per job, for run_job and for free_job - in a
 * loop of waited EXECs, as many context switches as the waiter's own.
 */
static void dg1_exec_hold(struct dg1_exec_queue *q, struct dg1_job *job)
{
	lockdep_assert_held(&q->lock);
	list_add_tail(&job->link, &q->held);
	/* Not moved on by the next ones: a job is held that long at most. */
	queue_delayed_work(system_wq, &q->push_work,
			   msecs_to_jiffies(DG1_EXEC_HOLD_MS));
}

static void dg1_exec_queue_push_work(struct work_struct *work)
{
	struct dg1_exec_queue *q = container_of(to_delayed_work(work),
						struct dg1_exec_queue,
						push_work);

	mutex_lock(&q->lock);
	dg1_exec_push_held(q);
	mutex_unlock(&q->lock);
}

/*
 * drm_sched_fini() frees no job: wait until the scheduler has freed every
 * job it ran (each holds a reference to the queue). Their requests ended
 * when the context was banned, so this is short.
 */
static void dg1_exec_queue_drain(struct dg1_exec_queue *q)
{
	unsigned long deadline = jiffies + q->sched.timeout;
	bool empty;

	for (;;) {
		spin_lock(&q->sched.job_list_lock);
		empty = list_empty(&q->sched.pending_list);
		spin_unlock(&q->sched.job_list_lock);
		if (empty || time_after(jiffies, deadline))
			break;
		usleep_range(500, 1000);
	}
	drm_WARN_ON(&q->dg1->drm, !empty);
}

/*
 * Kill the queue: nothing gets in, nothing of it runs any more, and its
 * scheduler goes. Jobs still waiting for their fences end with @error at
 * once - nothing waits for another driver's fence through them - and are
 * dropped by the scheduler once those fences signal.
 */
static void dg1_exec_queue_teardown(struct dg1_exec_queue *q, int error)
{
	struct dg1_job *job;

	mutex_lock(&q->teardown_lock);
	if (q->sched_down)
		goto out;
	mutex_lock(&q->lock);
	WRITE_ONCE(q->killed, true);
	/* Nothing is held from here on: the scheduler frees what was. */
	dg1_exec_push_held(q);
	mutex_unlock(&q->lock);
	cancel_delayed_work_sync(&q->push_work);
	dg1_context_cancel(&q->ctx, error);
	spin_lock(&q->waiting_lock);
	list_for_each_entry(job, &q->waiting, link)
		dg1_request_cancel(job->rq, error);
	spin_unlock(&q->waiting_lock);
	dg1_sched_entity_kill(&q->sched, &q->entity);
	dg1_exec_queue_drain(q);
	drm_sched_fini(&q->sched);
	q->sched_down = true;
out:
	mutex_unlock(&q->teardown_lock);
}

/*
 * The context may still have to be switched out, and its GGTT entries are
 * cleared: the device is in D0, kept there from the kill on (an idle
 * device a file's close finds suspended is woken).
 */
static void dg1_exec_queue_kill_work(struct work_struct *work)
{
	struct dg1_exec_queue *q = container_of(work, struct dg1_exec_queue,
						kill_work);
	/* The put may drop the DRM device's last reference, and its. */
	struct device *dev = get_device(q->dg1->drm.dev);

	pm_runtime_resume(dev);
	dg1_exec_queue_teardown(q, -ECANCELED);
	dg1_exec_queue_put(q);	/* the id's */
	dg1_rpm_put(dev);
	put_device(dev);
}

/* The id is gone: kill the queue, away from the caller. */
static void dg1_exec_queue_kill(struct dg1_exec_queue *q)
{
	pm_runtime_get_noresume(q->dg1->drm.dev);
	dg1_wq_queue(&q->kill_work);
}

static struct dg1_exec_queue *
dg1_exec_queue_create(struct dg1_device *dg1, struct dg1_vm *vm,
		      enum dg1_hw_engine_id engine, int prio, u64 client_id)
{
	struct drm_sched_init_args args = {
		.ops = &dg1_exec_sched_ops,
		.submit_wq = dg1_submit_wq(engine),
		.num_rqs = DRM_SCHED_PRIORITY_COUNT,
		.credit_limit = DG1_EXEC_QUEUE_JOBS,
		.timeout = msecs_to_jiffies(DG1_EXEC_JOB_TIMEOUT_MS),
		.name = dg1_engine_infos[engine].name,
		.dev = dg1->drm.dev,
	};
	struct dg1_exec_queue_dev *qd = &dg1->exec_queues;
	struct drm_gpu_scheduler *sched;
	struct dg1_exec_queue *q;
	int ret;

	q = kzalloc(sizeof(*q), DG1_GFP_USER);
	if (!q)
		return ERR_PTR(-ENOMEM);
	kref_init(&q->ref);
	q->dg1 = dg1;
	q->vm = vm;
	q->engine = engine;
	q->client_id = client_id;
	mutex_init(&q->lock);
	mutex_init(&q->teardown_lock);
	spin_lock_init(&q->waiting_lock);
	INIT_LIST_HEAD(&q->waiting);
	INIT_LIST_HEAD(&q->held);
	INIT_DELAYED_WORK(&q->push_work, dg1_exec_queue_push_work);
	INIT_WORK(&q->kill_work, dg1_exec_queue_kill_work);

	ret = dg1_context_init(&q->ctx, dg1, engine, vm, prio);
	if (ret)
		goto err_free;
	ret = drm_sched_init(&q->sched, &args);
	if (ret)
		goto err_ctx;
	sched = &q->sched;
	ret = drm_sched_entity_init(&q->entity, DRM_SCHED_PRIORITY_NORMAL,
				    &sched, 1, NULL);
	if (ret)
		goto err_sched;
	mutex_lock(&qd->lock);
	list_add_tail(&q->link, &qd->list);
	mutex_unlock(&qd->lock);
	return q;

err_sched:
	drm_sched_fini(&q->sched);
err_ctx:
	dg1_context_fini(&q->ctx);
err_free:
	mutex_destroy(&q->teardown_lock);
	mutex_destroy(&q->lock);
	kfree(q);
	return ERR_PTR(ret);
}

/**
 * dg1_exec_queue_create_ioctl() - DRM_IOCTL_DG1_EXEC_QUEUE_CREATE
 * @drm: the device
 * @data: &struct drm_dg1_exec_queue_create
 * @file: the file the queue belongs to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h.
 */
int dg1_exec_queue_create_ioctl(struct drm_device *drm, void *data,
				struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct dg1_file *df = to_dg1_file(file);
	struct drm_dg1_exec_queue_create *args = data;
	struct dg1_exec_queue *q;
	struct dg1_vm *vm;
	int engine, idx, ret;

	ret = dg1_exec_queue_create_check(args);
	if (ret)
		return ret;
	engine = dg1_engine_info_lookup(dg1->gt.engine_mask,
					args->engine.engine_class,
					args->engine.engine_instance);
	if (engine < 0)
		return -ENOENT;
	if (dg1->engines[engine].unusable)
		return -EIO;
	if (args->priority > DRM_DG1_EXEC_QUEUE_PRIORITY_NORMAL &&
	    !capable(CAP_SYS_NICE))
		return -EPERM;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	vm = dg1_vm_lookup(&df->vm, args->vm_id);
	if (!vm) {
		ret = -ENOENT;
		goto out_exit;
	}
	q = dg1_exec_queue_create(dg1, vm, engine, args->priority,
				  file->client_id);
	if (IS_ERR(q)) {
		dg1_vm_put(vm);
		ret = PTR_ERR(q);
		goto out_exit;
	}

	/*
	 * The id is written before the queue can be found; once it can, a
	 * destroy may drop the id's reference: hold one to read the id.
	 */
	kref_get(&q->ref);
	ret = xa_alloc(&df->queues.queues, &q->id, q,
		       XA_LIMIT(1, DRM_DG1_MAX_EXEC_QUEUES), GFP_KERNEL);
	if (ret) {
		dg1_exec_queue_teardown(q, -ECANCELED);
		dg1_exec_queue_put(q);
		ret = ret == -EBUSY ? -ENOSPC : ret;
	} else {
		WRITE_ONCE(q->ctx.queue_id, q->id);
		args->exec_queue_id = q->id;
	}
	dg1_exec_queue_put(q);
out_exit:
	drm_dev_exit(idx);
	return ret;
}

/**
 * dg1_exec_queue_destroy_ioctl() - DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY
 * @drm: the device
 * @data: &struct drm_dg1_exec_queue_destroy
 * @file: the file the queue belongs to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h.
 */
int dg1_exec_queue_destroy_ioctl(struct drm_device *drm, void *data,
				 struct drm_file *file)
{
	struct drm_dg1_exec_queue_destroy *args = data;
	struct dg1_file *df = to_dg1_file(file);
	struct dg1_exec_queue *q;
	int idx;

	if (args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	q = xa_erase(&df->queues.queues, args->exec_queue_id);
	if (q)
		dg1_exec_queue_kill(q);
	drm_dev_exit(idx);
	return q ? 0 : -ENOENT;
}

/**
 * dg1_exec_queue_get() - look up a file's exec queue
 * @qf: the file's queues
 * @id: the queue's id
 *
 * Return: a reference (dg1_exec_queue_put()), or NULL for an unknown id.
 */
struct dg1_exec_queue *dg1_exec_queue_get(struct dg1_exec_queue_file *qf,
					  u32 id)
{
	struct dg1_exec_queue *q;

	xa_lock(&qf->queues);
	q = xa_load(&qf->queues, id);
	if (q)
		kref_get(&q->ref);
	xa_unlock(&qf->queues);
	return q;
}

/*
 * The batch's first bytes must be mapped (the GPU faults on the rest),
 * and the job waits for the VM's binds queued so far: their page tables
 * are written when their own fences signal.
 */
static int dg1_exec_vm_deps(struct dg1_vm *vm, u64 addr,
			    struct drm_sched_job *job)
{
	struct dma_fence *binds = NULL;
	bool mapped;

	mutex_lock(&vm->lock);
	mapped = drm_gpuva_find_first(&vm->gpuvm, addr, 8);
	if (vm->last_fence && !dma_fence_is_signaled(vm->last_fence))
		binds = dma_fence_get(vm->last_fence);
	mutex_unlock(&vm->lock);
	if (!mapped) {
		dma_fence_put(binds);
		return -EFAULT;
	}
	return binds ? drm_sched_job_add_dependency(job, binds) : 0;
}

static int dg1_exec_lock_vm(struct drm_exec *exec, struct dg1_vm *vm)
{
	int ret = 0;

	drm_exec_until_all_locked(exec) {
		ret = drm_gpuvm_prepare_vm(&vm->gpuvm, exec, 1) ?:
		      drm_gpuvm_prepare_objects(&vm->gpuvm, exec, 1);
		drm_exec_retry_on_contention(exec);
		if (ret)
			break;
	}
	return ret;
}

/*
 * The fast path (Documentation/execution.rst, "Submission"): an EXEC goes
 * to the engine from the ioctl, without waiting for the scheduler's worker,
 * when nothing stands in the way - the queue's context idle (with requests
 * in flight, the worker's submission lets the ioctl return sooner and
 * coalesces tails; an idle context also has its whole ring free), no job
 * of the queue pushed and not yet run (it would be overtaken), every
 * dependency signalled, and the scheduler not stopped (system sleep). The
 * job still goes through the scheduler, for its timeout and its free, a
 * moment later with the others submitted so (dg1_exec_hold()). The
 * context's request list is read without the engine lock: a stale answer
 * only picks the other path.
 */
static bool dg1_exec_submit_now(struct dg1_exec_queue *q, struct dg1_job *job)
{
	struct dma_fence *f;
	unsigned long i;

	lockdep_assert_held(&q->lock);
	/* Acquire: pairs with run_job's decrement after it wrote the ring. */
	if (!READ_ONCE(dg1_exec_fast_submit) ||
	    !list_empty_careful(&q->ctx.requests) ||
	    atomic_read_acquire(&q->unrun) ||
	    !drm_sched_wqueue_ready(&q->sched))
		return false;
	xa_for_each(&job->base.dependencies, i, f)
		if (!dma_fence_is_signaled(f))
			return false;
	return true;
}

/**
 * dg1_exec_ioctl() - DRM_IOCTL_DG1_EXEC
 * @drm: the device
 * @data: &struct drm_dg1_exec
 * @file: the file the queue and syncobjs belong to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h; on error
 * nothing was submitted and no syncobj changed.
 */
int dg1_exec_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct dg1_file *df = to_dg1_file(file);
	struct drm_dg1_exec *args = data;
	struct dg1_syncs syncs = { 0 };
	struct dg1_exec_rq *xrq;
	struct dg1_exec_queue *q;
	struct drm_exec exec;
	struct dma_fence *fence;
	struct dg1_job *job;
	int idx, ret;

	ret = dg1_exec_check(args);
	if (ret)
		return ret;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	q = dg1_exec_queue_get(&df->queues, args->exec_queue_id);
	if (!q) {
		ret = -ENOENT;
		goto out_exit;
	}
	/*
	 * Destroyed meanwhile: the id is gone (the destroy bans the context
	 * too, after setting this, so it must be asked first).
	 */
	if (READ_ONCE(q->killed)) {
		ret = -ENOENT;
		goto out_put;
	}
	/* Banned after its hangs, or the device is wedged: nothing runs. */
	if (READ_ONCE(q->ctx.banned) || READ_ONCE(q->ctx.dg1->wedged)) {
		ret = -EIO;
		goto out_put;
	}
	ret = dg1_syncs_alloc(&syncs, args->num_syncs) ?:
	      dg1_syncs_copy(&syncs, args->syncs) ?:
	      dg1_syncs_check(&syncs) ?:
	      dg1_syncs_lookup(&syncs, file);
	if (ret)
		goto out_put;

	xrq = kzalloc(sizeof(*xrq), DG1_GFP_USER);
	if (!xrq) {
		ret = -ENOMEM;
		goto out_put;
	}
	job = &xrq->job;
	job->rq = &xrq->rq;
	job->batch = args->batch_address;
	ret = drm_sched_job_init(&job->base, &q->entity, 1, q,
				 file->client_id);
	if (ret) {
		dg1_exec_job_free(job);
		goto out_put;
	}
	ret = dg1_exec_vm_deps(q->vm, args->batch_address, &job->base) ?:
	      dg1_syncs_add_deps(&syncs, &job->base);
	if (ret)
		goto out_job;

	drm_exec_init(&exec, DRM_EXEC_INTERRUPTIBLE_WAIT |
		      DRM_EXEC_IGNORE_DUPLICATES, DG1_VM_EXEC_FEW);
	ret = dg1_exec_lock_vm(&exec, q->vm);
	if (ret)
		goto out_exec;
	ret = mutex_lock_interruptible(&q->lock);
	if (ret)
		goto out_exec;
	/* Destroyed meanwhile (the id is gone), or full. */
	if (q->killed)
		ret = -ENOENT;
	else if (atomic_read(&q->jobs) >= DRM_DG1_MAX_JOBS_PER_QUEUE)
		ret = -EAGAIN;
	if (ret) {
		mutex_unlock(&q->lock);
		goto out_exec;
	}

	/* Nothing can fail from here on. */
	atomic_inc(&q->jobs);
	/* The job keeps the device awake (D0) until it is freed. */
	pm_runtime_get_noresume(drm->dev);
	kref_get(&q->ref);
	job->q = q;
	dg1_request_init(job->rq, &q->ctx);
	fence = &job->rq->fence;
	dma_fence_add_callback(fence, &job->done_cb, dg1_exec_job_done);
	drm_sched_job_arm(&job->base);
	drm_gpuvm_resv_add_fence(&q->vm->gpuvm, &exec, fence,
				 DMA_RESV_USAGE_BOOKKEEP,
				 DMA_RESV_USAGE_BOOKKEEP);
	dg1_syncs_signal(&syncs, fence);
	if (dg1_exec_submit_now(q, job)) {
		job->ran = true;
		job->early = dg1_context_run(&q->ctx, job->rq, job->batch);
		dg1_exec_hold(q, job);
	} else {
		atomic_inc(&q->unrun);
		spin_lock(&q->waiting_lock);
		list_add_tail(&job->link, &q->waiting);
		spin_unlock(&q->waiting_lock);
		dg1_exec_push_held(q);
		drm_sched_entity_push_job(&job->base);
	}
	mutex_unlock(&q->lock);
	dg1_vm_exec_fini(&exec);
	goto out_put;

out_exec:
	dg1_vm_exec_fini(&exec);
out_job:
	drm_sched_job_cleanup(&job->base);
	dg1_exec_job_free(job);
out_put:
	dg1_syncs_release(&syncs);
	dg1_exec_queue_put(q);
out_exit:
	drm_dev_exit(idx);
	if (ret)
		drm_dbg(drm, "exec: %d\n", ret);
	return ret;
}

/*
 * Unbind: every queue still alive, whoever holds it, is killed and loses
 * its context now: contexts live in the GGTT and LMEM, which go next.
 * Queues released meanwhile wait for the list lock, still listed.
 */
static void dg1_exec_queues_fini(void *arg)
{
	struct dg1_exec_queue_dev *qd = arg;
	struct dg1_exec_queue *q;

	mutex_lock(&qd->lock);
	list_for_each_entry(q, &qd->list, link) {
		dg1_exec_queue_teardown(q, -ENODEV);
		mutex_lock(&q->teardown_lock);
		if (!q->ctx_gone)
			dg1_context_fini(&q->ctx);
		q->ctx_gone = true;
		mutex_unlock(&q->teardown_lock);
	}
	mutex_unlock(&qd->lock);
}

/**
 * dg1_exec_queues_stop() - hold every queue's jobs back, or let them go
 * @dg1: the device
 * @stop: true: no job is run (written to its ring) until called with false
 *
 * Around system sleep: jobs already run are the engines' to finish
 * (dg1_hw_engines_park()), the others wait in their queues.
 *
 * Context: process; sleeps until each scheduler's current work is done.
 */
void dg1_exec_queues_stop(struct dg1_device *dg1, bool stop)
{
	struct dg1_exec_queue_dev *qd = &dg1->exec_queues;
	struct dg1_exec_queue *q;

	mutex_lock(&qd->lock);
	list_for_each_entry(q, &qd->list, link) {
		mutex_lock(&q->teardown_lock);
		if (!q->sched_down && stop)
			drm_sched_wqueue_stop(&q->sched);
		else if (!q->sched_down)
			drm_sched_wqueue_start(&q->sched);
		mutex_unlock(&q->teardown_lock);
	}
	mutex_unlock(&qd->lock);
}

/**
 * dg1_exec_queues_sleeping() - system sleep begins or ended: no hang checks meanwhile
 * @dg1: the device
 * @sleeping: true from the start of system sleep, false after it
 *
 * Entering system sleep freezes user space and suspends every device
 * before this one, seconds under load, while the engines still run what
 * they were given: a job that had most of its timeout left when the sleep
 * began would be blamed for the transition's time, though the suspend
 * preempts it without blame (dg1_hw_engines_park()) and runs it again
 * after resume (seen on vdg1: dg1_power suspend-deep, every engine's
 * spinner reset with -EIO 5 s after the sleep began). Meanwhile a timeout
 * only starts another (dg1_exec_timedout_job()): stopping the timers
 * instead would not do, as drm_sched arms a whole timeout again for a job
 * its worker runs after the sleep began. When the sleep is over, every
 * queue's timeout starts afresh.
 *
 * Context: process; takes the queues' locks when @sleeping is false.
 */
void dg1_exec_queues_sleeping(struct dg1_device *dg1, bool sleeping)
{
	struct dg1_exec_queue_dev *qd = &dg1->exec_queues;
	struct dg1_exec_queue *q;

	WRITE_ONCE(qd->sleeping, sleeping);
	if (sleeping)
		return;
	/* What ran across the sleep was parked: a whole timeout from now. */
	mutex_lock(&qd->lock);
	list_for_each_entry(q, &qd->list, link) {
		mutex_lock(&q->teardown_lock);
		if (!q->sched_down)
			drm_sched_resume_timeout(&q->sched, q->sched.timeout);
		mutex_unlock(&q->teardown_lock);
	}
	mutex_unlock(&qd->lock);
}

/**
 * dg1_exec_queues_init() - the device's list of exec queues
 * @dg1: the device, its engines up
 *
 * Undone on detach, before the engines and the GGTT go: queues still
 * alive are torn down then.
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_exec_queues_init(struct dg1_device *dg1)
{
	struct dg1_exec_queue_dev *qd = &dg1->exec_queues;

	mutex_init(&qd->lock);
	INIT_LIST_HEAD(&qd->list);
	return dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	       devm_add_action_or_reset(dg1->drm.dev, dg1_exec_queues_fini, qd);
}

/**
 * dg1_exec_queue_file_init() - a new file has no exec queue
 * @qf: the file's queues
 */
void dg1_exec_queue_file_init(struct dg1_exec_queue_file *qf)
{
	xa_init_flags(&qf->queues, XA_FLAGS_ALLOC1);
}

/**
 * dg1_exec_queue_file_fini() - kill a closing file's queues
 * @qf: the file's queues
 *
 * What they have not finished is cancelled; they go once the engine is
 * done with their contexts.
 */
void dg1_exec_queue_file_fini(struct dg1_exec_queue_file *qf)
{
	struct dg1_exec_queue *q;
	unsigned long id;

	/*
	 * Off the engines now, before the file's VMs lose their mappings: a
	 * batch still running would fault on them and be blamed for a hang.
	 */
	xa_for_each(&qf->queues, id, q) {
		int idx;

		/* An unplugged device stopped its engines itself. */
		if (!drm_dev_enter(&q->ctx.dg1->drm, &idx))
			break;
		dg1_context_stop(&q->ctx, -ECANCELED);
		drm_dev_exit(idx);
	}
	xa_for_each(&qf->queues, id, q)
		dg1_exec_queue_kill(q);
	xa_destroy(&qf->queues);
}

/**
 * dg1_exec_queue_file_runtime() - GPU time of a file's queues by class
 * @qf: the file's queues
 * @ns: filled in: nanoseconds per &enum drm_dg1_engine_class
 *
 * Queues already destroyed no longer count.
 */
void dg1_exec_queue_file_runtime(struct dg1_exec_queue_file *qf,
				 u64 ns[DG1_UAPI_ENGINE_CLASSES])
{
	struct dg1_exec_queue *q;
	unsigned long id;

	memset(ns, 0, sizeof(u64) * DG1_UAPI_ENGINE_CLASSES);
	xa_lock(&qf->queues);
	xa_for_each(&qf->queues, id, q)
		ns[dg1_engine_info_uapi_class(q->engine)] +=
			dg1_context_runtime_ns(&q->ctx);
	xa_unlock(&qf->queues);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_exec_queue_test.c"
#endif
