/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_reglog.h - which registers a driver wrote since the log was last
 * cleared, and by what: the CPU through BAR0, or an engine's command
 * streamer (MI_LOAD_REGISTER_IMM/_MEM/_REG from a ring or a batch). What
 * the counters page reports to compare two drivers' register state on the
 * same model (Documentation/vdg1.rst, "Register state").
 *
 * A plain log below every component: it knows offsets and values, not
 * registers. The GPRs and predicates, a context's own state, are not
 * logged (vdg1_cs.c never passes them).
 */
#ifndef VDG1_REGLOG_H
#define VDG1_REGLOG_H

#include <stdbool.h>
#include <stdint.h>

#include "vdg1_counters.h"

/* Sources of a write (a bit each), as the counters page reports them. */
#define VDG1_REGLOG_CPU		VDG1_REGLOG_SRC_CPU
#define VDG1_REGLOG_ENGINE(e)	VDG1_REGLOG_SRC_ENGINE(e)

/* The counters page's last query (vdg1_counters_page.c fills it). */
struct vdg1_reglog_query {
	uint32_t seek, key, value, sources, raw;
};

struct vdg1_reglog {
	uint64_t *written;	/* a bit per dword of the register range */
	uint8_t *sources;	/* VDG1_REGLOG_* of each dword */
	uint32_t *raw;		/* the last value written to each */
	uint32_t size;		/* bytes of the register range */
	struct vdg1_reglog_query q;
};

int vdg1_reglog_init(struct vdg1_reglog *l, uint32_t size);
void vdg1_reglog_fini(struct vdg1_reglog *l);
void vdg1_reglog_clear(struct vdg1_reglog *l);
/* A write of @val to @offset by @source; offsets outside the range are ignored. */
void vdg1_reglog_note(struct vdg1_reglog *l, uint32_t offset, uint32_t val,
		      uint8_t source);
/* The first written dword at or after @from, or UINT32_MAX. */
uint32_t vdg1_reglog_next(const struct vdg1_reglog *l, uint32_t from);
uint8_t vdg1_reglog_sources(const struct vdg1_reglog *l, uint32_t offset);
uint32_t vdg1_reglog_raw(const struct vdg1_reglog *l, uint32_t offset);

#endif /* VDG1_REGLOG_H */
