// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_event.c - the timed-event list (see vdg1_event.h).
 *
 * A sorted singly linked list: the model has a handful of events armed at
 * any time, so insertion by walking the list costs less than anything
 * cleverer. The host's timer is reprogrammed only when the earliest
 * deadline changes, and not at all while events run: the pass ends by
 * doing it once.
 */
#include <stddef.h>

#include "vdg1_event.h"
#include "vdg1_host.h"

void vdg1_events_init(struct vdg1_events *q, const struct vdg1_host *host)
{
	*q = (struct vdg1_events) {
		.host = host,
		.armed = NULL,
		.host_timer = VDG1_NEVER,
		.clock = 0,
		.running = false,
	};
}

void vdg1_event_init(struct vdg1_event *ev, const char *name,
		     vdg1_event_fn *fn, void *opaque)
{
	*ev = (struct vdg1_event) {
		.fn = fn,
		.opaque = opaque,
		.name = name,
		.deadline = VDG1_NEVER,
		.next = NULL,
	};
}

uint64_t vdg1_events_next(const struct vdg1_events *q)
{
	return q->armed ? q->armed->deadline : VDG1_NEVER;
}

static void sync_host_timer(struct vdg1_events *q)
{
	uint64_t next = vdg1_events_next(q);

	if (q->running || next == q->host_timer)
		return;
	q->host_timer = next;
	vdg1_host_timer_arm(q->host, next);
}

static void unlink_event(struct vdg1_events *q, struct vdg1_event *ev)
{
	struct vdg1_event **p;

	for (p = &q->armed; *p; p = &(*p)->next) {
		if (*p == ev) {
			*p = ev->next;
			break;
		}
	}
	ev->next = NULL;
	ev->deadline = VDG1_NEVER;
}

void vdg1_event_arm(struct vdg1_events *q, struct vdg1_event *ev,
		    uint64_t deadline)
{
	struct vdg1_event **p;

	if (vdg1_event_armed(ev))
		unlink_event(q, ev);
	if (deadline != VDG1_NEVER) {
		/* After every event due no later: ties keep arming order. */
		for (p = &q->armed; *p && (*p)->deadline <= deadline;
		     p = &(*p)->next)
			;
		ev->deadline = deadline;
		ev->next = *p;
		*p = ev;
	}
	sync_host_timer(q);
}

void vdg1_event_cancel(struct vdg1_events *q, struct vdg1_event *ev)
{
	vdg1_event_arm(q, ev, VDG1_NEVER);
}

void vdg1_events_run(struct vdg1_events *q, uint64_t now)
{
	struct vdg1_event *ev;
	uint64_t when;

	/* A callback arming from inside must not touch the host's timer. */
	if (q->running)
		return;
	q->running = true;
	while ((ev = q->armed) && ev->deadline <= now) {
		/* Time never runs backwards for a callback. */
		when = ev->deadline > q->clock ? ev->deadline : q->clock;
		q->clock = when;
		q->armed = ev->next;
		ev->next = NULL;
		ev->deadline = VDG1_NEVER;
		ev->fn(ev->opaque, when);
	}
	if (now > q->clock)
		q->clock = now;
	q->running = false;
	sync_host_timer(q);
}

void vdg1_events_timer_expired(struct vdg1_events *q, uint64_t now)
{
	/* A fired host timer is disarmed: whatever is next must re-arm it. */
	q->host_timer = VDG1_NEVER;
	vdg1_events_run(q, now);
}
