/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_dev_reglog.h - vdg1's register write log (vdg1_counters.h, version
 * 10) from userspace: clear it, walk it, one text line per entry.
 *
 * An entry is a register a driver wrote since the last clear, by the CPU
 * or an engine's command streamer, with its value now; a replicated
 * register has one entry per present instance. The line:
 *
 *   <offset, 6 hex digits>.<instance> <value, 8 hex digits> <sources>
 *
 * instance 0 for a plain register, n + 1 for copy n of a replicated one;
 * sources "cpu", "rcs0", "bcs0", "vcs0", "vcs2", "vecs0" joined by "+",
 * with "+unclaimed" where vdg1 has no such register.
 */
#ifndef DG1DEV_REGLOG_H
#define DG1DEV_REGLOG_H

#include <stddef.h>
#include <stdint.h>

#include "dg1_dev_vdg1.h"

struct dg1dev_reglog_entry {
	uint32_t offset;
	uint32_t instance;	/* 0 plain, n + 1 replicated copy n */
	uint32_t value;
	uint32_t sources;	/* VDG1_REGLOG_SRC_* */
};

void dg1dev_reglog_clear(const struct dg1dev_prober *p);
/* The device's power-on state again (VDG1_COUNTERS_CONTROL_POWER_CYCLE). */
void dg1dev_vdg1_power_cycle(const struct dg1dev_prober *p);
/* The first entry at or after (@offset, @instance): 0, or -ENOENT. */
int dg1dev_reglog_next(const struct dg1dev_prober *p, uint32_t offset,
		       uint32_t instance, struct dg1dev_reglog_entry *e);
/* Every entry, in order, into a malloc'd array: 0, or -errno. */
int dg1dev_reglog_read_all(const struct dg1dev_prober *p,
			   struct dg1dev_reglog_entry **out, size_t *n);
/*
 * The same once no forcewake request register (render 0xa188, GT 0xa278,
 * media 0xa540-0xa57c) holds a request: a driver drops its domains ~1 ms
 * after its last access, so a dump taken sooner catches them held. Polls
 * for up to @timeout_ms: 0, -ETIMEDOUT (@out then holds the last read, the
 * held request in it) or another -errno.
 */
int dg1dev_reglog_read_settled(const struct dg1dev_prober *p,
			       struct dg1dev_reglog_entry **out, size_t *n,
			       unsigned int timeout_ms);
/* The line of @e, no newline; the length snprintf() returns. */
int dg1dev_reglog_format(const struct dg1dev_reglog_entry *e, char *buf,
			 size_t len);
/* Parse a line as dg1dev_reglog_format() writes it: 0, or -EPROTO. */
int dg1dev_reglog_parse(const char *line, struct dg1dev_reglog_entry *e);

#endif /* DG1DEV_REGLOG_H */
