// SPDX-License-Identifier: GPL-2.0
/*
 * LMEM across system sleep. Suspend to RAM and hibernation take the
 * card's power, and DRAM without power keeps nothing: every allocated
 * range of LMEM - objects, page tables, context images, rings, status
 * pages - is copied to system memory before, and back after. Nothing
 * moves: page tables, GGTT entries and fences stay as they are, so work
 * queued or preempted across the sleep finds everything where it was
 * (i915 instead evicts what it can and copies the pinned rest,
 * i915_gem_backup_suspend(); xe evicts everything, xe_bo_evict_all()).
 *
 * The copies go through the BAR. With a BAR smaller than LMEM, what lies
 * beyond it needs none: only objects nothing has written yet are there
 * (needs_clear: a bind or a CPU fault moves an object into the visible
 * part to clear it first, memory.rst "Small BAR"), whose contents are zero
 * by definition and are cleared at first use, whatever the power did to
 * the pages meanwhile. That is checked: an object with contents beyond the
 * BAR would be counted and warned about as lost (i915, which keeps written
 * objects there, copies them with the blitter).
 */

#include <linux/list.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "mem/dg1_lmem_backup.h"
#include "mem/dg1_lmem_mgr.h"

struct dg1_lmem_walk {
	struct dg1_device *dg1;
	u64 saved, beyond;
	int err;
};

static void dg1_lmem_save_range(struct dg1_lmem_walk *w, u64 start, u64 size)
{
	struct dg1_device *dg1 = w->dg1;
	u64 visible = min_t(u64, dg1->lmem.io_size,
			    dg1->mem.lmem_mgr.visible_size);
	struct dg1_lmem_saved *sv;

	if (w->err)
		return;
	if (start + size > visible) {
		/* Nothing written lies there: dg1_lmem_mgr_unreachable(). */
		w->beyond += size;
		return;
	}
	sv = kzalloc(sizeof(*sv), GFP_KERNEL);
	if (!sv) {
		w->err = -ENOMEM;
		return;
	}
	sv->start = start;
	sv->size = size;
	sv->data = kvmalloc(size, GFP_KERNEL | __GFP_NOWARN);
	if (!sv->data) {
		kfree(sv);
		w->err = -ENOMEM;
		return;
	}
	memcpy_fromio(sv->data, dg1->lmem.io_vaddr + start, size);
	w->saved += size;
	list_add_tail(&sv->link, &dg1->mem.saved);
}

static void dg1_lmem_walk_block(struct dg1_lmem_walk *w, struct gpu_buddy *mm,
				struct gpu_buddy_block *block)
{
	if (gpu_buddy_block_is_allocated(block)) {
		dg1_lmem_save_range(w, gpu_buddy_block_offset(block),
				    gpu_buddy_block_size(mm, block));
	} else if (gpu_buddy_block_is_split(block)) {
		dg1_lmem_walk_block(w, mm, block->left);
		dg1_lmem_walk_block(w, mm, block->right);
	}
}

/**
 * dg1_lmem_backup() - copy every allocated range of LMEM out
 * @dg1: the device; nothing allocates, frees or writes LMEM meanwhile
 * @saved: bytes copied
 * @lost: bytes of objects with contents beyond the BAR, not copied;
 *	none as long as nothing writes an object there
 *
 * Context: process; sleeps.
 * Return: 0, or -ENOMEM (nothing is kept then).
 */
int dg1_lmem_backup(struct dg1_device *dg1, u64 *saved, u64 *lost)
{
	struct dg1_lmem_mgr *mgr = &dg1->mem.lmem_mgr;
	struct dg1_lmem_walk w = { .dg1 = dg1 };
	unsigned int i;

	mutex_lock(&mgr->lock);
	for (i = 0; i < mgr->mm.n_roots; i++)
		dg1_lmem_walk_block(&w, &mgr->mm, mgr->mm.roots[i]);
	mutex_unlock(&mgr->lock);
	if (w.err) {
		dg1_lmem_backup_drop(dg1);
		return w.err;
	}
	*saved = w.saved;
	*lost = w.beyond ? dg1_lmem_mgr_unreachable(mgr) : 0;
	if (*lost)
		drm_warn(&dg1->drm, "%llu KiB of objects with contents in LMEM beyond the BAR are not saved: lost if the card loses power\n",
			 *lost >> 10);
	return 0;
}

/**
 * dg1_lmem_restore() - copy LMEM's saved ranges back and drop the copies
 * @dg1: the device, its BAR decoding again
 *
 * Context: process.
 */
void dg1_lmem_restore(struct dg1_device *dg1)
{
	struct dg1_lmem_saved *sv;

	list_for_each_entry(sv, &dg1->mem.saved, link)
		if (sv->data)
			memcpy_toio(dg1->lmem.io_vaddr + sv->start, sv->data,
				    sv->size);
	dg1_lmem_backup_drop(dg1);
}

/**
 * dg1_lmem_backup_drop() - free the copies
 * @dg1: the device
 */
void dg1_lmem_backup_drop(struct dg1_device *dg1)
{
	struct dg1_lmem_saved *sv, *next;

	list_for_each_entry_safe(sv, next, &dg1->mem.saved, link) {
		list_del(&sv->link);
		kvfree(sv->data);
		kfree(sv);
	}
}
