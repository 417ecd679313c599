// SPDX-License-Identifier: GPL-2.0
/*
 * OA perf: the device's OA state and its lifetime. Who may watch the GPU
 * is oa/dg1_oa_sysctl.c's.
 */

#include <linux/device.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "oa/dg1_oa.h"
#include "oa/dg1_oa_config.h"
#include "oa/dg1_oa_stream.h"

static void dg1_oa_fini(struct drm_device *drm, void *arg)
{
	struct dg1_oa *oa = arg;

	dg1_oa_configs_fini(oa);
	mutex_destroy(&oa->lock);
}

/**
 * dg1_oa_init() - set up the OA state of a probed GT
 * @dg1: the device, its GT clock known
 *
 * On DG1 the OA timestamp runs at the CS timestamp's frequency (i915
 * i915_perf.c and xe xe_oa.c: only later parts differ).
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_oa_init(struct dg1_device *dg1)
{
	struct dg1_oa *oa = &dg1->oa;

	mutex_init(&oa->lock);
	idr_init_base(&oa->configs, 1);
	oa->timestamp_frequency = dg1->gt.clock_frequency;
	return drmm_add_action_or_reset(&dg1->drm, dg1_oa_fini, oa);
}

static void dg1_oa_print_stream(struct dg1_oa_stream *s, struct drm_printer *p)
{
	struct dg1_oa_buffer *buf = &s->buf;
	unsigned long flags;
	u32 head, tail;

	mutex_lock(&s->lock);
	drm_printf(p, "stream: sample %d format %u report %u exponent %d ",
		   s->sample, s->format, s->report_size,
		   s->periodic ? (int)s->exponent : -1);
	drm_printf(p, "enabled %d dead %d poll_ns %llu\n", s->enabled,
		   s->dead, s->poll_period_ns);
	if (s->queue)
		drm_printf(p, "queue: %u ctx_id 0x%x\n", s->queue->id,
			   s->ctx_id);
	if (s->sample && !s->dead) {
		spin_lock_irqsave(&buf->lock, flags);
		head = buf->head;
		tail = buf->tail;
		spin_unlock_irqrestore(&buf->lock, flags);
		drm_printf(p, "buffer: gtt 0x%x size %u head 0x%x tail 0x%x\n",
			   buf->gtt, buf->size, head, tail);
	}
	drm_printf(p, "records: read %llu report_lost %llu buffer_lost %llu\n",
		   s->reports_read, s->reports_lost, s->buffer_lost);
	drm_printf(p, "half-full interrupts: %llu\n",
		   READ_ONCE(s->half_full_irqs));
	mutex_unlock(&s->lock);
}

/**
 * dg1_oa_print() - the metric sets and the open stream, for debugfs
 * @dg1: the device
 * @p: where to
 *
 * Context: process; takes &dg1_oa.lock and the stream's lock.
 */
void dg1_oa_print(struct dg1_device *dg1, struct drm_printer *p)
{
	struct dg1_oa *oa = &dg1->oa;
	struct dg1_oa_config *cfg;
	int id;

	mutex_lock(&oa->lock);
	drm_printf(p, "timestamp_frequency: %u\n", oa->timestamp_frequency);
	idr_for_each_entry(&oa->configs, cfg, id)
		drm_printf(p, "set %u %s mux %u boolean %u flex %u%s\n",
			   cfg->id, cfg->uuid, cfg->n_regs[DG1_OA_LIST_MUX],
			   cfg->n_regs[DG1_OA_LIST_BOOLEAN],
			   cfg->n_regs[DG1_OA_LIST_FLEX],
			   oa->stream && oa->stream->config == cfg ?
			   " in-use" : "");
	if (oa->stream)
		dg1_oa_print_stream(oa->stream, p);
	else
		drm_printf(p, "stream: none\n");
	mutex_unlock(&oa->lock);
}

/**
 * dg1_oa_unplug() - stop OA on a device being unbound
 * @dg1: the device, already unplugged (no ioctl can start)
 *
 * The open stream, if any, stops reaching the hardware now: its buffer
 * and forcewake go with the device's register window, while its fd lives
 * on and fails every call with -ENODEV.
 *
 * Context: process.
 */
void dg1_oa_unplug(struct dg1_device *dg1)
{
	struct dg1_oa *oa = &dg1->oa;

	mutex_lock(&oa->lock);
	oa->gone = true;
	if (oa->stream)
		dg1_oa_stream_kill(oa->stream);
	mutex_unlock(&oa->lock);
}
