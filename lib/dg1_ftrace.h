/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_ftrace.h - the kernel's trace buffer (tracefs) from a benchmark: a
 * few events recorded around a run, read back with CLOCK_MONOTONIC
 * timestamps, so that they line up with dg1_now_ns() taken in user space.
 */
#ifndef DG1_FTRACE_H
#define DG1_FTRACE_H

#include <stddef.h>
#include <stdint.h>

/* One event of the buffer. */
struct dg1_ftrace_event {
	uint64_t ns;		/* CLOCK_MONOTONIC */
	int pid;		/* the task it happened in */
	unsigned int cpu;
	char name[40];		/* e.g. "dg1_submit", "sched_switch" */
	char args[216];		/* what the event prints after its name */
};

/*
 * Clear the buffer and record @events ("group/name", NULL-terminated), the
 * clock set to "mono". Needs root and tracefs (mounted here if it is not).
 * Returns 0 or -errno; nothing is left enabled on failure.
 */
int dg1_ftrace_start(const char *const *events);
/* Stop recording and disable the events dg1_ftrace_start() enabled. */
void dg1_ftrace_stop(const char *const *events);
/*
 * The recorded events, oldest first, in a malloc()ed array (*@out, free()
 * it). Returns how many, or -errno.
 */
long dg1_ftrace_read(struct dg1_ftrace_event **out);
/* The unsigned value of "@key=" in @e's arguments, or @dflt. */
uint64_t dg1_ftrace_arg(const struct dg1_ftrace_event *e, const char *key,
			uint64_t dflt);

#endif /* DG1_FTRACE_H */
