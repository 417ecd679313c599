// SPDX-License-Identifier: GPL-2.0
/*
 * OA streams: PERF_OPEN and the stream file descriptor (read, poll and
 * the stream ioctls), the contract of uapi/dg1_drm.h "dg1 OA perf".
 *
 * A stream owns the OA unit from open to close: one at a time. It holds
 * GT and render awake all along, so the GT never enters RC6 under it and
 * no count is lost to a power-context save (Vol 13 General Assets,
 * "Observation Architecture"). A timer looks at the unit's tail every poll
 * period while the stream is enabled and wakes readers when reports have
 * landed.
 */

#include <linux/anon_inodes.h>
#include <linux/file.h>
#include <linux/hrtimer.h>
#include <linux/math64.h>
#include <linux/pm_runtime.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_gfp.h"
#include "core/dg1_rpm.h"
#include "gt/dg1_irq.h"
#include "mmio/dg1_forcewake.h"
#include "oa/dg1_oa_config.h"
#include "oa/dg1_oa_hw.h"
#include "oa/dg1_oa_stream.h"
#include "oa/dg1_oa_sysctl.h"
#include "submit/dg1_context.h"
#include "submit/dg1_exec_queue.h"
#include "uapi/dg1_drm.h"

#define DG1_OA_MAX_PROPERTIES		16
#define DG1_OA_MAX_EXPONENT		31
#define DG1_OA_MIN_POLL_NS		100000ull
#define DG1_OA_MAX_POLL_NS		NSEC_PER_SEC
#define DG1_OA_DEFAULT_POLL_NS		(5 * NSEC_PER_MSEC)
#define DG1_OA_DOMAINS			(DG1_FW_GT | DG1_FW_RENDER)

/* Counter-select code and report size of each uapi format (HARDWARE §10.4). */
static const struct {
	u32 code;
	u32 size;
} dg1_oa_formats[] = {
	[DRM_DG1_OA_FORMAT_A12] = { 0, 64 },
	[DRM_DG1_OA_FORMAT_A12_B8_C8] = { 2, 128 },
	[DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8] = { 5, 256 },
	[DRM_DG1_OA_FORMAT_C4_B8] = { 7, 64 },
};

struct dg1_oa_open_params {
	u32 seen;			/* BIT(property id) */
	bool sample;
	u64 metrics_set;
	u32 format;
	u32 exponent;
	u64 queue_id;
	u64 poll_ns;
};

static bool dg1_oa_has(const struct dg1_oa_open_params *p, u32 id)
{
	return p->seen & BIT(id);
}

static int dg1_oa_property(struct dg1_oa_open_params *p, u64 id, u64 v)
{
	if (!id || id > DRM_DG1_PERF_PROP_POLL_PERIOD_NS || p->seen & BIT(id))
		return -EINVAL;
	p->seen |= BIT(id);

	switch (id) {
	case DRM_DG1_PERF_PROP_SAMPLE_OA:
		p->sample = true;
		return v == 1 ? 0 : -EINVAL;
	case DRM_DG1_PERF_PROP_OA_METRICS_SET:
		p->metrics_set = v;
		return 0;
	case DRM_DG1_PERF_PROP_OA_FORMAT:
		if (!v || v >= ARRAY_SIZE(dg1_oa_formats))
			return -EINVAL;
		p->format = v;
		return 0;
	case DRM_DG1_PERF_PROP_OA_EXPONENT:
		if (v > DG1_OA_MAX_EXPONENT)
			return -EINVAL;
		p->exponent = v;
		return 0;
	case DRM_DG1_PERF_PROP_ENGINE_CLASS:
		/* One OA unit, on render. */
		return v == DRM_DG1_ENGINE_CLASS_RENDER ? 0 : -EINVAL;
	case DRM_DG1_PERF_PROP_ENGINE_INSTANCE:
		return v == 0 ? 0 : -EINVAL;
	case DRM_DG1_PERF_PROP_EXEC_QUEUE_ID:
		p->queue_id = v;
		return 0;
	case DRM_DG1_PERF_PROP_POLL_PERIOD_NS:
		if (v < DG1_OA_MIN_POLL_NS || v > DG1_OA_MAX_POLL_NS)
			return -EINVAL;
		p->poll_ns = v;
		return 0;
	}
	return -EINVAL;
}

static int dg1_oa_parse(const struct drm_dg1_perf_open *a,
			struct dg1_oa_open_params *p)
{
	u64 __user *uprops = u64_to_user_ptr(a->properties_ptr);
	u32 i;
	int ret;

	if (a->extensions || a->reserved[0] || a->reserved[1] ||
	    a->flags & ~(DRM_DG1_PERF_FLAG_FD_CLOEXEC |
			 DRM_DG1_PERF_FLAG_FD_NONBLOCK |
			 DRM_DG1_PERF_FLAG_DISABLED))
		return -EINVAL;
	if (!a->num_properties || a->num_properties > DG1_OA_MAX_PROPERTIES)
		return -EINVAL;

	memset(p, 0, sizeof(*p));
	p->poll_ns = DG1_OA_DEFAULT_POLL_NS;
	for (i = 0; i < a->num_properties; i++) {
		u64 kv[2];

		if (copy_from_user(kv, uprops + 2 * i, sizeof(kv)))
			return -EFAULT;
		ret = dg1_oa_property(p, kv[0], kv[1]);
		if (ret)
			return ret;
	}

	if (p->sample && (!dg1_oa_has(p, DRM_DG1_PERF_PROP_OA_METRICS_SET) ||
			  !p->format))
		return -EINVAL;
	if (!p->sample && (p->format ||
			   dg1_oa_has(p, DRM_DG1_PERF_PROP_OA_EXPONENT)))
		return -EINVAL;
	if (!p->sample && !dg1_oa_has(p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID))
		return -EINVAL;
	return 0;
}

/*
 * Who may open what: sampling sees every context (privileged while
 * paranoid); a queue's own MI_REPORT_PERF_COUNT queries do not (i915
 * grants the same on graphics 12). A rate above oa_max_sample_rate needs
 * the capability whatever the sysctl says (i915 i915_perf.c).
 */
static int dg1_oa_check_privilege(struct dg1_oa *oa,
				  const struct dg1_oa_open_params *p)
{
	if (p->sample && dg1_oa_needs_privilege())
		return -EACCES;
	if (!dg1_oa_has(p, DRM_DG1_PERF_PROP_OA_EXPONENT))
		return 0;
	/*
	 * Reports per second, frequency / 2^(exponent + 1), above the cap:
	 * compared as products (cap < 2^31, 2^(exponent + 1) <= 2^32), which
	 * do not overflow as a period in ns times the cap did.
	 */
	if ((u64)dg1_oa_max_sample_rate() * (2ull << p->exponent) <
	    oa->timestamp_frequency && !perfmon_capable())
		return -EACCES;
	return 0;
}

static enum hrtimer_restart dg1_oa_poll(struct hrtimer *t)
{
	struct dg1_oa_stream *s = container_of(t, struct dg1_oa_stream,
					       poll_timer);

	if (dg1_oa_buffer_check(s)) {
		WRITE_ONCE(s->pollin, true);
		wake_up(&s->poll_wq);
	}
	hrtimer_forward_now(t, ns_to_ktime(s->poll_period_ns));
	return HRTIMER_RESTART;
}

/*
 * The buffer crossed half full: look at it now rather than at the next
 * tick of the poll timer. Hard interrupt context, like the timer's.
 */
static void dg1_oa_half_full(void *data, u16 iir)
{
	struct dg1_oa_stream *s = data;

	WRITE_ONCE(s->half_full_irqs, s->half_full_irqs + 1);
	if (dg1_oa_buffer_check(s)) {
		WRITE_ONCE(s->pollin, true);
		wake_up(&s->poll_wq);
	}
}

static void dg1_oa_stream_enable(struct dg1_oa_stream *s)
{
	if (s->enabled)
		return;
	if (s->sample) {
		dg1_irq_set_oa_handler(&s->dg1->gt, dg1_oa_half_full, s);
		dg1_oa_hw_enable(s);
		hrtimer_start(&s->poll_timer, ns_to_ktime(s->poll_period_ns),
			      HRTIMER_MODE_REL_PINNED);
	}
	s->enabled = true;
}

static void dg1_oa_stream_disable(struct dg1_oa_stream *s)
{
	if (!s->enabled)
		return;
	if (s->sample) {
		hrtimer_cancel(&s->poll_timer);
		dg1_oa_hw_disable(s);
		dg1_irq_set_oa_handler(&s->dg1->gt, NULL, NULL);
	}
	s->enabled = false;
	WRITE_ONCE(s->pollin, false);
}

/* The watched queue's context back to unwatched. */
static void dg1_oa_stream_release_queue(struct dg1_oa_stream *s)
{
	if (s->queue) {
		dg1_context_set_oar(&s->queue->ctx, false);
		dg1_context_pin_hw_id(&s->queue->ctx, false);
	}
}

/* Everything that reaches the hardware; the fd stays. */
static void dg1_oa_stream_teardown(struct dg1_oa_stream *s)
{
	struct dg1_device *dg1 = s->dg1;

	dg1_oa_stream_disable(s);
	dg1_oa_stream_release_queue(s);
	dg1_oa_hw_unconfigure(s);
	dg1_force_wake_put(&dg1->uncore.fw, DG1_OA_DOMAINS);
	dg1_oa_buffer_free(dg1, &s->buf);
}

/**
 * dg1_oa_stream_kill() - detach a stream from a device being unbound
 * @s: the open stream; &dg1_oa.lock held
 *
 * Context: process.
 */
void dg1_oa_stream_kill(struct dg1_oa_stream *s)
{
	mutex_lock(&s->lock);
	if (!s->dead) {
		dg1_oa_stream_teardown(s);
		s->dead = true;
	}
	mutex_unlock(&s->lock);
	wake_up_all(&s->poll_wq);
}

/**
 * dg1_oa_suspend() - stop the open stream's unit before the device sleeps
 * @dg1: the device
 *
 * The unit's registers do not survive system sleep: the stream stops
 * sampling and lets its domains go; dg1_oa_resume() programs it again,
 * which drops reports not read yet, as DISABLE and ENABLE do.
 *
 * Context: process; takes &dg1_oa.lock.
 */
void dg1_oa_suspend(struct dg1_device *dg1)
{
	struct dg1_oa *oa = &dg1->oa;
	struct dg1_oa_stream *s;

	mutex_lock(&oa->lock);
	s = oa->stream;
	if (s) {
		mutex_lock(&s->lock);
		if (!s->dead && !s->suspended) {
			s->resume_enabled = s->enabled;
			dg1_oa_stream_disable(s);
			dg1_oa_hw_unconfigure(s);
			dg1_force_wake_put(&dg1->uncore.fw, DG1_OA_DOMAINS);
			s->suspended = true;
		}
		mutex_unlock(&s->lock);
	}
	mutex_unlock(&oa->lock);
}

/**
 * dg1_oa_resume() - program the open stream's unit again
 * @dg1: the device, its GT programmed again
 *
 * The stream samples again if it did before. One whose domains do not
 * wake ends as at an unbind: its calls fail with -ENODEV.
 *
 * Context: process; takes &dg1_oa.lock.
 */
void dg1_oa_resume(struct dg1_device *dg1)
{
	struct dg1_oa *oa = &dg1->oa;
	struct dg1_oa_stream *s;

	mutex_lock(&oa->lock);
	s = oa->stream;
	if (s) {
		mutex_lock(&s->lock);
		if (s->suspended) {
			s->suspended = false;
			if (dg1_force_wake_get(&dg1->uncore.fw, DG1_OA_DOMAINS)) {
				drm_err(&dg1->drm, "OA stream ended: its domains did not wake after resume\n");
				dg1_oa_stream_release_queue(s);
				dg1_oa_buffer_free(dg1, &s->buf);
				s->dead = true;
			} else {
				dg1_oa_hw_configure(s);
				if (s->resume_enabled)
					dg1_oa_stream_enable(s);
			}
		}
		mutex_unlock(&s->lock);
		wake_up_all(&s->poll_wq);
	}
	mutex_unlock(&oa->lock);
}

static void dg1_oa_stream_free(struct dg1_oa_stream *s)
{
	dg1_oa_config_put(s->config);
	if (s->queue)
		dg1_exec_queue_put(s->queue);
	mutex_destroy(&s->lock);
	kfree(s);
}

static int dg1_oa_release(struct inode *inode, struct file *file)
{
	struct dg1_oa_stream *s = file->private_data;
	struct dg1_device *dg1 = s->dg1;
	struct dg1_oa *oa = &dg1->oa;

	mutex_lock(&oa->lock);
	/* No longer the unit's owner first: a new open may start now. */
	oa->stream = NULL;
	mutex_lock(&s->lock);
	if (!s->dead)
		dg1_oa_stream_teardown(s);
	mutex_unlock(&s->lock);
	mutex_unlock(&oa->lock);
	dg1_oa_stream_free(s);
	dg1_rpm_put(dg1->drm.dev);
	drm_dev_put(&dg1->drm);
	return 0;
}

/*
 * What wakes a blocked reader; no register is read here: the device may
 * be going away, and the poll timer reads the tail for it.
 */
static bool dg1_oa_ready(struct dg1_oa_stream *s)
{
	return READ_ONCE(s->dead) || !READ_ONCE(s->enabled) ||
	       READ_ONCE(s->pollin);
}

static ssize_t dg1_oa_read(struct file *file, char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct dg1_oa_stream *s = file->private_data;
	size_t offset = 0;
	int ret;

	for (;;) {
		if (!(file->f_flags & O_NONBLOCK)) {
			if (!s->periodic)
				return -EIO;
			ret = wait_event_interruptible(s->poll_wq,
						       dg1_oa_ready(s));
			if (ret)
				return ret;
		}

		mutex_lock(&s->lock);
		if (s->dead)
			ret = -ENODEV;
		else if (!s->enabled || !s->sample)
			ret = -EIO;
		else
			ret = dg1_oa_read_records(s, ubuf, count, &offset);
		if (!s->dead && s->enabled)
			WRITE_ONCE(s->pollin, s->buf.head != s->buf.tail);
		mutex_unlock(&s->lock);

		if (offset)
			return offset;
		if (ret)
			return ret;
		/* Nothing for this stream (all filtered out). */
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
	}
}

static __poll_t dg1_oa_poll_fd(struct file *file, poll_table *wait)
{
	struct dg1_oa_stream *s = file->private_data;

	poll_wait(file, &s->poll_wq, wait);
	if (READ_ONCE(s->dead))
		return EPOLLERR;
	return READ_ONCE(s->pollin) ? EPOLLIN | EPOLLRDNORM : 0;
}

static long dg1_oa_ioctl_config(struct dg1_oa_stream *s, unsigned long id)
{
	struct dg1_oa *oa = &s->dg1->oa;
	struct dg1_oa_config *cfg, *old;
	long ret;

	if (!s->sample)
		return -EINVAL;
	mutex_lock(&oa->lock);
	cfg = dg1_oa_config_get(oa, id);
	mutex_unlock(&oa->lock);
	if (!cfg)
		return -ENOENT;

	mutex_lock(&s->lock);
	if (s->dead) {
		mutex_unlock(&s->lock);
		dg1_oa_config_put(cfg);
		return -ENODEV;
	}
	old = s->config;
	if (old != cfg)
		dg1_oa_config_write(s->dg1, cfg);
	s->config = cfg;
	ret = old ? old->id : 0;
	mutex_unlock(&s->lock);
	dg1_oa_config_put(old);
	return ret;
}

static long dg1_oa_ioctl_status(struct dg1_oa_stream *s, void __user *arg)
{
	struct drm_dg1_perf_status st;

	if (copy_from_user(&st, arg, sizeof(st)))
		return -EFAULT;
	if (st.extensions || memchr_inv(st.reserved, 0, sizeof(st.reserved)))
		return -EINVAL;
	mutex_lock(&s->lock);
	st.reports_lost = s->reports_lost;
	st.buffer_lost = s->buffer_lost;
	st.reports_read = s->reports_read;
	mutex_unlock(&s->lock);
	return copy_to_user(arg, &st, sizeof(st)) ? -EFAULT : 0;
}

static long dg1_oa_ioctl_info(struct dg1_oa_stream *s, void __user *arg)
{
	struct drm_dg1_perf_info info;

	if (copy_from_user(&info, arg, sizeof(info)))
		return -EFAULT;
	if (info.extensions || memchr_inv(info.reserved, 0,
					  sizeof(info.reserved)))
		return -EINVAL;
	mutex_lock(&s->lock);
	info.timestamp_frequency = s->dg1->oa.timestamp_frequency;
	info.metrics_set = s->config ? s->config->id : 0;
	info.oa_buffer_size = s->sample ? s->buf.size : 0;
	info.report_size = s->report_size;
	info.format = s->format;
	info.exponent = s->periodic ? s->exponent : ~0u;
	info.flags = s->enabled ? DRM_DG1_PERF_INFO_ENABLED : 0;
	info.pad = 0;
	mutex_unlock(&s->lock);
	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}

static long dg1_oa_ioctl(struct file *file, unsigned int cmd,
			 unsigned long arg)
{
	struct dg1_oa_stream *s = file->private_data;
	long ret = 0;

	switch (cmd) {
	case DRM_DG1_PERF_IOCTL_ENABLE:
	case DRM_DG1_PERF_IOCTL_DISABLE:
		mutex_lock(&s->lock);
		if (s->dead)
			ret = -ENODEV;
		else if (cmd == DRM_DG1_PERF_IOCTL_ENABLE)
			dg1_oa_stream_enable(s);
		else
			dg1_oa_stream_disable(s);
		mutex_unlock(&s->lock);
		wake_up_all(&s->poll_wq);
		return ret;
	case DRM_DG1_PERF_IOCTL_CONFIG:
		return dg1_oa_ioctl_config(s, arg);
	case DRM_DG1_PERF_IOCTL_STATUS:
		return dg1_oa_ioctl_status(s, (void __user *)arg);
	case DRM_DG1_PERF_IOCTL_INFO:
		return dg1_oa_ioctl_info(s, (void __user *)arg);
	}
	return -ENOTTY;
}

static const struct file_operations dg1_oa_fops = {
	.owner = THIS_MODULE,
	.release = dg1_oa_release,
	.read = dg1_oa_read,
	.poll = dg1_oa_poll_fd,
	.unlocked_ioctl = dg1_oa_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

static struct dg1_oa_stream *dg1_oa_stream_alloc(struct dg1_device *dg1,
						 const struct dg1_oa_open_params *p)
{
	struct dg1_oa_stream *s;

	s = kzalloc(sizeof(*s), DG1_GFP_USER);
	if (!s)
		return NULL;
	s->dg1 = dg1;
	mutex_init(&s->lock);
	init_waitqueue_head(&s->poll_wq);
	hrtimer_init(&s->poll_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	s->poll_timer.function = dg1_oa_poll;
	s->poll_period_ns = p->poll_ns;
	s->sample = p->sample;
	s->periodic = dg1_oa_has(p, DRM_DG1_PERF_PROP_OA_EXPONENT);
	s->exponent = p->exponent;
	s->format = p->format;
	if (p->format) {
		s->hw_format = dg1_oa_formats[p->format].code;
		s->report_size = dg1_oa_formats[p->format].size;
	}
	return s;
}

static int dg1_oa_stream_bind_queue(struct dg1_oa_stream *s,
				    struct drm_file *file, u64 id)
{
	struct dg1_exec_queue *q;

	q = id <= U32_MAX ? dg1_exec_queue_get(&to_dg1_file(file)->queues, id) : NULL;
	if (!q)
		return -ENOENT;
	s->queue = q;
	if (q->engine != DG1_HW_ENGINE_RCS0)
		return -EINVAL;
	/* Reports carry the SW context id in bits 15:5 (HARDWARE §10.5). */
	s->ctx_id = DG1_CONTEXT_HW_ID_PINNED << 5;
	return 0;
}

/* Under &dg1_oa.lock: take the unit, program it, make the fd. */
static int dg1_oa_stream_start(struct dg1_oa_stream *s,
			       const struct drm_dg1_perf_open *a,
			       const struct dg1_oa_open_params *p)
{
	struct dg1_device *dg1 = s->dg1;
	struct dg1_oa *oa = &dg1->oa;
	int flags = O_RDONLY, fd, ret;

	if (oa->stream)
		return -EBUSY;
	if (dg1_oa_has(p, DRM_DG1_PERF_PROP_OA_METRICS_SET)) {
		s->config = dg1_oa_config_get(oa, p->metrics_set);
		if (!s->config)
			return -ENOENT;
	}
	ret = dg1_force_wake_get(&dg1->uncore.fw, DG1_OA_DOMAINS);
	if (ret)
		return ret;
	dg1_oa_hw_configure(s);
	/* The queue's MI_REPORT_PERF_COUNT counts its own work only. */
	if (s->queue) {
		dg1_context_pin_hw_id(&s->queue->ctx, true);
		dg1_context_set_oar(&s->queue->ctx, true);
	}
	if (!(a->flags & DRM_DG1_PERF_FLAG_DISABLED))
		dg1_oa_stream_enable(s);

	if (a->flags & DRM_DG1_PERF_FLAG_FD_CLOEXEC)
		flags |= O_CLOEXEC;
	if (a->flags & DRM_DG1_PERF_FLAG_FD_NONBLOCK)
		flags |= O_NONBLOCK;
	fd = anon_inode_getfd("[dg1_perf]", &dg1_oa_fops, s, flags);
	if (fd < 0) {
		dg1_oa_stream_teardown(s);
		return fd;
	}
	oa->stream = s;
	drm_dev_get(&dg1->drm);
	/* The unit samples while the stream is open: the device stays in D0. */
	pm_runtime_get_noresume(dg1->drm.dev);
	return fd;
}

/**
 * dg1_oa_open_ioctl() - DRM_IOCTL_DG1_PERF_OPEN
 * @drm: the device
 * @data: &struct drm_dg1_perf_open
 * @file: the caller
 *
 * Return: the stream's fd, or a negative error code (uapi/dg1_drm.h).
 */
int dg1_oa_open_ioctl(struct drm_device *drm, void *data,
		      struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct drm_dg1_perf_open *a = data;
	struct dg1_oa_open_params p;
	struct dg1_oa_stream *s;
	int idx, ret;

	ret = dg1_oa_parse(a, &p) ?: dg1_oa_check_privilege(&dg1->oa, &p);
	if (ret)
		return ret;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	s = dg1_oa_stream_alloc(dg1, &p);
	if (!s) {
		ret = -ENOMEM;
		goto out;
	}
	if (dg1_oa_has(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID)) {
		ret = dg1_oa_stream_bind_queue(s, file, p.queue_id);
		if (ret)
			goto err_free;
	}
	if (s->sample) {
		ret = dg1_oa_buffer_alloc(dg1, &s->buf);
		if (ret)
			goto err_free;
	}

	mutex_lock(&dg1->oa.lock);
	ret = dg1->oa.gone ? -ENODEV : dg1_oa_stream_start(s, a, &p);
	mutex_unlock(&dg1->oa.lock);
	if (ret >= 0)
		goto out;

	dg1_oa_buffer_free(dg1, &s->buf);
err_free:
	dg1_oa_stream_free(s);
out:
	drm_dev_exit(idx);
	return ret;
}
