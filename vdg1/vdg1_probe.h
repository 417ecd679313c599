/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_probe.h - the translation probe of the counters page: userspace
 * names a GGTT address or a PPGTT root and VA, vdg1 translates it as an
 * engine would and reports the result, without a fault record, without
 * touching memory and without counting it as a GPU walk. The protocol is
 * public: vdg1_counters.h.
 */
#ifndef VDG1_PROBE_H
#define VDG1_PROBE_H

#include <stdint.h>

struct vdg1_core;
struct vdg1_counters_page;

/* The probe's request and result, in the page's units. */
struct vdg1_probe {
	uint32_t mode;
	uint32_t access;
	uint64_t root;
	uint64_t va;

	uint32_t status;
	uint32_t level;
	uint32_t reason;
	uint32_t mem;
	uint64_t addr;
	uint64_t entry;
	uint32_t page_size;
};

/*
 * A write to the page at @offset (relative to VDG1_COUNTERS_BASE): stores
 * a request field, or runs the probe for VDG1_PROBE_RUN to probe_control.
 * Returns 0 if @offset is one of the probe's writable fields, else -1.
 */
int vdg1_probe_write(struct vdg1_core *core, uint32_t offset, uint32_t val);
/* Copy the probe's fields into the page as the guest sees it. */
void vdg1_probe_fill(const struct vdg1_core *core,
		     struct vdg1_counters_page *p);

#endif /* VDG1_PROBE_H */
