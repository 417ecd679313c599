/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_tlb.h - a GPU TLB: the translations an engine (or the OA unit) made,
 * kept until an invalidation drops them.
 *
 * Hardware caches translations and rereads no page-table entry until told
 * to: a driver that changes an entry the GPU has used and does not
 * invalidate leaves the engine reading the old page. The model does the
 * same, so that such a driver fails on vdg1 as it would on a DG1. Entries
 * are tagged with their address space (the GGTT, or a PPGTT by its PML4
 * address) and survive context switches and engine resets ("GFX soft
 * resets do not invalidate TLBs, it is up to GFX driver to explicitly
 * invalidate TLBs post reset": Ivy Bridge PRM Vol 1 Part 5, Video Codec
 * Engine Command Streamer, MI_FLUSH_DW, "TLB Invalidate"); only a device
 * reset empties them. vdg1_mmu.c owns the TLBs and their invalidations.
 * A pure data structure: it calls nothing.
 */
#ifndef VDG1_TLB_H
#define VDG1_TLB_H

#include <stdbool.h>
#include <stdint.h>

#include "vdg1_xlate.h"

/*
 * Entries per TLB. More than a test's working set, so that what stays
 * cached is what the driver left cached, not what a small TLB happened
 * to keep; replaced round robin.
 */
#define VDG1_TLB_ENTRIES	64

struct vdg1_tlb_entry {
	bool valid;
	bool ggtt;
	/* Filled by a write translation: the page is writable. */
	bool writable;
	uint64_t pml4;			/* the PPGTT's, 0 for the GGTT */
	uint64_t va;			/* page base, @xl.page_size aligned */
	struct vdg1_xlate xl;		/* of the page base */
};

struct vdg1_tlb {
	struct vdg1_tlb_entry e[VDG1_TLB_ENTRIES];
	unsigned int next;
};

/*
 * A cached translation of @va in the space (@ggtt, @pml4) for an access
 * (a write when @write), into @xl: true on a hit. A write uses only
 * entries a write filled.
 */
bool vdg1_tlb_lookup(const struct vdg1_tlb *t, bool ggtt, uint64_t pml4,
		     uint64_t va, bool write, struct vdg1_xlate *xl);
/* Keep the successful translation @xl of @va (made for a write if @write). */
void vdg1_tlb_fill(struct vdg1_tlb *t, bool ggtt, uint64_t pml4, uint64_t va,
		   bool write, const struct vdg1_xlate *xl);
/* Drop every entry, or only the GGTT's when @ggtt_only. */
void vdg1_tlb_flush(struct vdg1_tlb *t, bool ggtt_only);

#endif /* VDG1_TLB_H */
