/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_event.h - timed events: the model's one list of deadlines.
 *
 * A component that must act at a time of the guest's clock (a forcewake
 * ack, later an engine finishing a batch or an OA timer) embeds a struct
 * vdg1_event, registers a callback with vdg1_event_init() and arms,
 * re-arms or cancels it with a deadline. The core runs every due event
 * before each BAR access, at the access's timestamp, so the guest sees
 * events exactly when the clock says they happened however late the
 * host's timer runs; and it keeps the host's single timer armed at the
 * earliest deadline so that events also happen while the guest does not
 * look. No component edits the core to get a deadline of its own.
 *
 * Events run in deadline order, those with equal deadlines in the order
 * they were armed. A callback gets the time the event is due (never
 * earlier than an event that already ran) and may arm or cancel any
 * event, itself included; one armed for a time already due runs in the
 * same pass. All of this runs under the host's big lock.
 */
#ifndef VDG1_EVENT_H
#define VDG1_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "vdg1_core.h"

struct vdg1_host;

typedef void vdg1_event_fn(void *opaque, uint64_t when);

struct vdg1_event {
	vdg1_event_fn *fn;
	void *opaque;
	const char *name;
	uint64_t deadline;		/* VDG1_NEVER while not armed */
	struct vdg1_event *next;	/* in the armed list */
};

struct vdg1_events {
	const struct vdg1_host *host;
	struct vdg1_event *armed;	/* by deadline, FIFO on ties */
	uint64_t host_timer;		/* what the host's timer is armed for */
	uint64_t clock;			/* events have run up to here */
	bool running;			/* inside vdg1_events_run() */
};

/* The host's timer must be disarmed when the list is created. */
void vdg1_events_init(struct vdg1_events *q, const struct vdg1_host *host);

void vdg1_event_init(struct vdg1_event *ev, const char *name,
		     vdg1_event_fn *fn, void *opaque);
/* Arm, or move, @ev to @deadline; VDG1_NEVER cancels. */
void vdg1_event_arm(struct vdg1_events *q, struct vdg1_event *ev,
		    uint64_t deadline);
void vdg1_event_cancel(struct vdg1_events *q, struct vdg1_event *ev);

static inline bool vdg1_event_armed(const struct vdg1_event *ev)
{
	return ev->deadline != VDG1_NEVER;
}

/* The earliest deadline, VDG1_NEVER when nothing is armed. */
uint64_t vdg1_events_next(const struct vdg1_events *q);
/* Run every event due by @now, then re-arm the host's timer. */
void vdg1_events_run(struct vdg1_events *q, uint64_t now);
/* The host's timer fired (and disarmed itself) at @now. */
void vdg1_events_timer_expired(struct vdg1_events *q, uint64_t now);

#endif /* VDG1_EVENT_H */
