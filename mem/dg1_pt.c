// SPDX-License-Identifier: GPL-2.0
/*
 * PPGTT page tables: four levels of 512-entry tables translate VA bits
 * 47:12 (i915 gt/intel_gtt.h, gt/gen8_ppgtt.c; xe xe_pt.c). Leaves map
 * 4 KiB pages, 64 KiB pages (every 16th entry of a page table whose PDE
 * has IPS) or 2 MiB pages (a PDE with PS).
 *
 * Where the tables live: in LMEM, in its CPU-visible part. DG1's drivers
 * keep every level in LMEM (i915 gen8_ppgtt_create allocates paging
 * structures from LMEM on discrete parts; xe creates page tables in VRAM),
 * which spares the GPU a trip over PCIe on every TLB miss; the visible
 * part lets the CPU write entries directly until the copy engine can.
 * Tables come 16 at a time from pinned 64 KiB objects of the VM
 * (mem/dg1_pt_pool.c); a shadow copy of a table's entries in system
 * memory spares the CPU reads of the write-combined BAR.
 *
 * Tables are allocated by dg1_pt_prepare() before a bind commits, for
 * every 2 MiB slot a map covers, even where a 2 MiB entry ends up used,
 * so that splitting a 2 MiB page (a partial unmap, an object moving to
 * memory that is not contiguous) never allocates. Writing entries
 * (dg1_pt_write_map(), dg1_pt_write_clear()) then cannot fail. A table
 * goes once nothing needs it: no entry present, no map prepared over it
 * and not yet written, no table below, and for a page table no 2 MiB
 * page in its slot (it is what that page splits into). It is detached
 * then (its parent's entry cleared) and freed after the next TLB
 * invalidation, as the walker may have cached the way to it, where no
 * reservation is held. A file's
 * VMs hold at most %DRM_DG1_MAX_PT_BYTES of tables (struct dg1_pt_quota).
 *
 * A 2 MiB slot is in one of three forms, told by its PDE: a 2 MiB page;
 * a page table of 64 KiB entries, used only when one map covers the whole
 * slot; or a page table of 4 KiB entries. A clear or map that needs a
 * different form first rewrites the slot's pages as 4 KiB entries.
 * PAT bit 2 shares bit 7 with PS, so 2 MiB pages take PAT indices 0-3
 * only; 4-7 are write-back like 0 on DG1 and use smaller pages.
 */

#include <linux/align.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/minmax.h>
#include <linux/slab.h>
#include <linux/sizes.h>

#include "core/dg1_gfp.h"
#include "mem/dg1_pt.h"
#include "mem/dg1_pt_pool.h"

/* The VA bit the index of a table at @level starts at (4 is the PML4). */
#define DG1_PT_SHIFT(level)	(12 + DG1_PPGTT_ENTRY_SHIFT * ((level) - 1))
/* Entries of a 64 KiB page table that map pages: every 16th. */
#define DG1_PT_64K_STRIDE	(SZ_64K / SZ_4K)

static unsigned int dg1_pt_index(u64 va, unsigned int level)
{
	return (va >> DG1_PT_SHIFT(level)) & (DG1_PPGTT_ENTRIES - 1);
}

static u64 dg1_pt_pat_bits(u16 pat_index)
{
	return (pat_index & BIT(0) ? DG1_PPGTT_PTE_PAT0 : 0) |
	       (pat_index & BIT(1) ? DG1_PPGTT_PTE_PAT1 : 0) |
	       (pat_index & BIT(2) ? DG1_PPGTT_PTE_PAT2 : 0);
}

/* A 4 KiB or 64 KiB leaf. */
static u64 dg1_pt_pte_encode(u64 addr, bool lmem, u16 pat_index)
{
	return (addr & DG1_GTT_ADDR_MASK) | DG1_PPGTT_PRESENT | DG1_PPGTT_RW |
	       dg1_pt_pat_bits(pat_index) | (lmem ? DG1_PPGTT_PTE_LM : 0);
}

/* A 2 MiB leaf; @pat_index 0-3 (bit 2 would be PS). */
static u64 dg1_pt_2m_encode(u64 addr, bool lmem, u16 pat_index)
{
	return dg1_pt_pte_encode(addr, lmem, pat_index & 3) |
	       DG1_PPGTT_PDE_PS_2M;
}

/* An entry that points at a table; @ips for a page table of 64 KiB pages. */
static u64 dg1_pt_pde_encode(u64 table, bool ips)
{
	return (table & DG1_GTT_ADDR_MASK) | DG1_PPGTT_PRESENT | DG1_PPGTT_RW |
	       (ips ? DG1_PPGTT_PDE_IPS_64K : 0);
}

/* Entry @j of the 4 KiB table that maps what 2 MiB leaf @leaf maps. */
static u64 dg1_pt_split_2m(u64 leaf, unsigned int j)
{
	u64 flags = leaf & ~DG1_GTT_ADDR_MASK & ~DG1_PPGTT_PDE_PS_2M;

	return ((leaf & DG1_GTT_ADDR_MASK) + (u64)j * SZ_4K) | flags;
}

/* Entry @j of a 4 KiB table from the 64 KiB entry that covers it. */
static u64 dg1_pt_expand_64k(u64 entry, unsigned int j)
{
	if (!(entry & DG1_PPGTT_PRESENT))
		return 0;
	return ((entry & DG1_GTT_ADDR_MASK) +
		(u64)(j % DG1_PT_64K_STRIDE) * SZ_4K) |
	       (entry & ~DG1_GTT_ADDR_MASK);
}

/*
 * Where byte @off of a map lies, and how many bytes from there are
 * contiguous. Offsets only grow between calls, except after a restore of
 * a saved cursor.
 */
struct dg1_pt_cursor {
	const struct dg1_pt_map *map;
	unsigned int seg;
	u64 start;
};

static u64 dg1_pt_cursor_addr(struct dg1_pt_cursor *cur, u64 off, u64 *contig)
{
	const struct dg1_pt_seg *segs = cur->map->segs;

	while (off >= cur->start + segs[cur->seg].size) {
		cur->start += segs[cur->seg].size;
		cur->seg++;
	}
	*contig = cur->start + segs[cur->seg].size - off;
	return segs[cur->seg].addr + (off - cur->start);
}

/* Is [off, off + size) one contiguous run that starts @size-aligned? */
static bool dg1_pt_cursor_aligned(struct dg1_pt_cursor *cur, u64 off, u64 size,
				  u64 *addr)
{
	u64 contig;

	*addr = dg1_pt_cursor_addr(cur, off, &contig);
	return contig >= size && IS_ALIGNED(*addr, size);
}

static void dg1_pt_set(struct dg1_pt_root *root, struct dg1_pt *pt,
		       unsigned int i, u64 entry)
{
	u64 old = pt->shadow[i];

	if (old == entry)
		return;
	if (old & DG1_PPGTT_PRESENT) {
		root->needs_tlb_flush = true;
		pt->present--;
	}
	if (entry & DG1_PPGTT_PRESENT)
		pt->present++;
	pt->shadow[i] = entry;
	writeq(entry, &pt->slot.io[i]);
}

static struct dg1_pt *dg1_pt_alloc(struct dg1_pt_root *root,
				   unsigned int level)
{
	struct dg1_pt *pt;
	int ret;

	pt = kzalloc(sizeof(*pt), DG1_GFP_USER);
	if (!pt)
		return ERR_PTR(-ENOMEM);
	pt->level = level;
	INIT_LIST_HEAD(&pt->zombie);
	if (level > 1) {
		pt->children = kcalloc(DG1_PPGTT_ENTRIES, sizeof(*pt->children),
				       DG1_GFP_USER);
		if (!pt->children) {
			ret = -ENOMEM;
			goto err_free;
		}
	}
	ret = dg1_pt_pool_get(&root->pool, &pt->slot);
	if (ret)
		goto err_free;
	return pt;

err_free:
	kfree(pt->children);
	kfree(pt);
	return ERR_PTR(ret);
}

/*
 * Free a table and every table below it; nothing may reach them. @last:
 * the VM goes, its tables are not cleared for reuse.
 */
static void dg1_pt_free(struct dg1_pt_root *root, struct dg1_pt *pt,
			bool last)
{
	unsigned int i;

	if (pt->children) {
		for (i = 0; i < DG1_PPGTT_ENTRIES; i++)
			if (pt->children[i])
				dg1_pt_free(root, pt->children[i], last);
		kfree(pt->children);
	}
	dg1_pt_pool_put(&root->pool, &pt->slot, last);
	kfree(pt);
}

/* Link @child below @dir at @i: the directory entry for levels above 2. */
static void dg1_pt_link(struct dg1_pt_root *root, struct dg1_pt *dir,
			unsigned int i, struct dg1_pt *child)
{
	child->parent = dir;
	child->index = i;
	dir->children[i] = child;
	dir->nr_children++;
	/* A PDE is written when its slot is (dg1_pt_write_map()). */
	if (dir->level > 2)
		dg1_pt_set(root, dir, i, dg1_pt_pde_encode(child->slot.addr, false));
}

/*
 * Nothing needs @pt any more: no entry, no map pending, no table below;
 * and a page table stays while its slot is a 2 MiB page, which it is
 * what a split of that page is written into.
 */
static bool dg1_pt_unused(const struct dg1_pt *pt)
{
	u64 pde;

	if (!pt->parent || pt->present || pt->pending || pt->nr_children)
		return false;
	pde = pt->parent->shadow[pt->index];
	return pt->level > 1 || !(pde & DG1_PPGTT_PRESENT) ||
	       !(pde & DG1_PPGTT_PDE_PS_2M);
}

/* Take an unused table out of the tree, to be freed after a TLB flush. */
static void dg1_pt_detach(struct dg1_pt_root *root, struct dg1_pt *pt)
{
	struct dg1_pt *dir = pt->parent;
	u64 entry = dir->shadow[pt->index];

	dir->children[pt->index] = NULL;
	dir->nr_children--;
	/* The entry, unless it is a 2 MiB page (not this table) or none. */
	if ((entry & DG1_PPGTT_PRESENT) && !(entry & DG1_PPGTT_PDE_PS_2M))
		dg1_pt_set(root, dir, pt->index, 0);
	pt->parent = NULL;
	list_add_tail(&pt->zombie, &root->zombies);
}

/* Detach @pt if unused, then each directory above that this empties. */
static void dg1_pt_prune(struct dg1_pt_root *root, struct dg1_pt *pt)
{
	while (pt && dg1_pt_unused(pt)) {
		struct dg1_pt *dir = pt->parent;

		dg1_pt_detach(root, pt);
		pt = dir;
	}
}

/**
 * dg1_pt_root_init() - allocate a VM's PML4
 * @root: the VM's page tables
 * @dg1: the device
 * @quota: its file's page-table quota; the VM takes a reference
 *
 * Context: process; may evict objects from LMEM.
 * Return: 0, -ENOMEM, -ENOSPC when the quota is used up, -ENODEV if the
 * device is gone, or -EINTR / -ERESTARTSYS when a signal came while
 * waiting for room.
 */
int dg1_pt_root_init(struct dg1_pt_root *root, struct dg1_device *dg1,
		     struct dg1_pt_quota *quota)
{
	root->dg1 = dg1;
	root->quota = quota;
	kref_get(&quota->ref);
	dg1_pt_pool_init(&root->pool, dg1, quota);
	root->needs_tlb_flush = false;
	INIT_LIST_HEAD(&root->zombies);
	INIT_LIST_HEAD(&root->freeable);
	mutex_init(&root->lock);
	root->pml4 = dg1_pt_alloc(root, DG1_PPGTT_LEVELS);
	if (IS_ERR(root->pml4)) {
		mutex_destroy(&root->lock);
		dg1_pt_quota_put(quota);
		return PTR_ERR(root->pml4);
	}
	return 0;
}

/**
 * dg1_pt_tlb_flushed() - a TLB invalidation is done: detached tables may go
 * @root: the VM's page tables, @root->needs_tlb_flush clear
 *
 * Context: @root->lock held.
 */
void dg1_pt_tlb_flushed(struct dg1_pt_root *root)
{
	lockdep_assert_held(&root->lock);
	root->needs_tlb_flush = false;
	list_splice_tail_init(&root->zombies, &root->freeable);
}

/**
 * dg1_pt_free_unused() - free the tables detached before the last TLB
 * invalidation
 * @root: the VM's page tables
 *
 * Context: process; neither @root->lock nor any reservation held (a
 * table's is taken to unpin it).
 */
void dg1_pt_free_unused(struct dg1_pt_root *root)
{
	struct dg1_pt *pt, *next;
	LIST_HEAD(list);

	mutex_lock(&root->lock);
	list_splice_init(&root->freeable, &list);
	mutex_unlock(&root->lock);
	list_for_each_entry_safe(pt, next, &list, zombie) {
		list_del(&pt->zombie);
		dg1_pt_free(root, pt, false);
	}
}

/**
 * dg1_pt_root_fini() - free every table of a VM
 * @root: the VM's page tables; nothing may use them any more
 */
void dg1_pt_root_fini(struct dg1_pt_root *root)
{
	struct dg1_pt *pt, *next;

	list_splice_init(&root->zombies, &root->freeable);
	list_for_each_entry_safe(pt, next, &root->freeable, zombie) {
		list_del(&pt->zombie);
		dg1_pt_free(root, pt, true);
	}
	dg1_pt_free(root, root->pml4, true);
	mutex_destroy(&root->lock);
	dg1_pt_quota_put(root->quota);
}

static void dg1_pt_quota_release(struct kref *ref)
{
	kfree(container_of(ref, struct dg1_pt_quota, ref));
}

/**
 * dg1_pt_quota_create() - a file's page-table quota, nothing held
 *
 * Return: the quota, one reference, or NULL.
 */
struct dg1_pt_quota *dg1_pt_quota_create(void)
{
	struct dg1_pt_quota *quota = kzalloc(sizeof(*quota), DG1_GFP_USER);

	if (quota)
		kref_init(&quota->ref);
	return quota;
}

/**
 * dg1_pt_quota_put() - drop a reference to a page-table quota
 * @quota: the quota
 */
void dg1_pt_quota_put(struct dg1_pt_quota *quota)
{
	kref_put(&quota->ref, dg1_pt_quota_release);
}

/*
 * The maps of one 2 MiB slot at @at no longer pending on the path below
 * the PML4, down to the child of level @stop + 1 (1: the page table);
 * what that leaves unused goes. Under @root->lock.
 */
static void dg1_pt_release_slot(struct dg1_pt_root *root, u64 at,
				unsigned int stop)
{
	struct dg1_pt *dir = root->pml4, *pt = NULL;
	unsigned int level;

	for (level = DG1_PPGTT_LEVELS; level > stop; level--) {
		pt = dir->children[dg1_pt_index(at, level)];
		pt->pending--;
		dir = pt;
	}
	dg1_pt_prune(root, pt);
}

/**
 * dg1_pt_prepare() - allocate the tables a map of a range needs
 * @root: the VM's page tables
 * @va: first address, 4 KiB aligned
 * @size: bytes, non-zero, a multiple of 4 KiB, @va + @size within 47 bits
 *
 * Allocates the directories and page tables of every 2 MiB slot the range
 * touches, and points the PML4 and directory-pointer entries at them; the
 * PDEs are written by dg1_pt_write_map(). The map is pending on them
 * until dg1_pt_unprepare(): they stay. On failure nothing stays pending;
 * tables this call allocated are detached, to go after the next TLB
 * invalidation.
 *
 * Context: process; the caller serialises calls on one VM and keeps the
 * device present (drm_dev_enter()). May evict objects: @root->lock must
 * not be held.
 * Return: 0, -ENOSPC when the file's tables would pass
 * %DRM_DG1_MAX_PT_BYTES, or the error of the allocation (-ENOMEM,
 * -EINTR, ...).
 */
int dg1_pt_prepare(struct dg1_pt_root *root, u64 va, u64 size)
{
	u64 start = round_down(va, SZ_2M), at, end = va + size;
	unsigned int level = DG1_PPGTT_LEVELS;
	int ret = 0;

	for (at = start; at < end; at += SZ_2M) {
		struct dg1_pt *dir = root->pml4;

		for (level = DG1_PPGTT_LEVELS; level >= 2; level--) {
			unsigned int i = dg1_pt_index(at, level);
			struct dg1_pt *child;

			/* Only prepares add tables, and they are serialised. */
			mutex_lock(&root->lock);
			child = dir->children[i];
			if (child)
				child->pending++;
			mutex_unlock(&root->lock);
			if (!child) {
				child = dg1_pt_alloc(root, level - 1);
				if (IS_ERR(child)) {
					ret = PTR_ERR(child);
					goto undo;
				}
				mutex_lock(&root->lock);
				dg1_pt_link(root, dir, i, child);
				child->pending++;
				mutex_unlock(&root->lock);
			}
			dir = child;
		}
		cond_resched();
	}
	return 0;

undo:
	mutex_lock(&root->lock);
	if (level < DG1_PPGTT_LEVELS)
		dg1_pt_release_slot(root, at, level);
	while (at > start) {
		at -= SZ_2M;
		dg1_pt_release_slot(root, at, 1);
	}
	mutex_unlock(&root->lock);
	return ret;
}

/**
 * dg1_pt_unprepare() - a map prepared over a range is written, or dropped
 * @root: the VM's page tables
 * @va: as given to dg1_pt_prepare()
 * @size: as given to dg1_pt_prepare()
 *
 * Tables no longer needed are detached, to go after the next TLB
 * invalidation (dg1_pt_tlb_flushed(), dg1_pt_free_unused()).
 *
 * Context: @root->lock held; the device present.
 */
void dg1_pt_unprepare(struct dg1_pt_root *root, u64 va, u64 size)
{
	u64 at, end = va + size;

	lockdep_assert_held(&root->lock);
	for (at = round_down(va, SZ_2M); at < end; at += SZ_2M) {
		dg1_pt_release_slot(root, at, 1);
		cond_resched();
	}
}

/* The page directory (level 2) of @va; NULL if nothing was prepared there. */
static struct dg1_pt *dg1_pt_pd(struct dg1_pt_root *root, u64 va)
{
	struct dg1_pt *pdp = root->pml4->children[dg1_pt_index(va, 4)];

	return pdp ? pdp->children[dg1_pt_index(va, 3)] : NULL;
}

/*
 * Turn the slot of PDE @pdi into a page table of 4 KiB entries that map
 * what it mapped: split a 2 MiB page, or fill in a 64 KiB table.
 */
static void dg1_pt_make_4k(struct dg1_pt_root *root, struct dg1_pt *pd,
			   unsigned int pdi)
{
	struct dg1_pt *pt = pd->children[pdi];
	u64 pde = pd->shadow[pdi];
	unsigned int j;

	if (!(pde & DG1_PPGTT_PRESENT) ||
	    !(pde & (DG1_PPGTT_PDE_PS_2M | DG1_PPGTT_PDE_IPS_64K)))
		return;
	for (j = 0; j < DG1_PPGTT_ENTRIES; j++) {
		if (pde & DG1_PPGTT_PDE_PS_2M)
			dg1_pt_set(root, pt, j, dg1_pt_split_2m(pde, j));
		else if (j % DG1_PT_64K_STRIDE)
			dg1_pt_set(root, pt, j,
				   dg1_pt_expand_64k(pt->shadow[round_down(j, DG1_PT_64K_STRIDE)],
						     j));
	}
	/* The PDE changes from a present entry: TLBs must forget it. */
	root->needs_tlb_flush = true;
	dg1_pt_set(root, pd, pdi, dg1_pt_pde_encode(pt->slot.addr, false));
}

/* Could the whole 2 MiB slot at map offset @off use 64 KiB entries? */
static bool dg1_pt_slot_64k(struct dg1_pt_cursor *cur, u64 off)
{
	struct dg1_pt_cursor probe = *cur;
	u64 k, addr;

	for (k = 0; k < SZ_2M; k += SZ_64K)
		if (!dg1_pt_cursor_aligned(&probe, off + k, SZ_64K, &addr))
			return false;
	return true;
}

/**
 * dg1_pt_write_map() - write the entries of a map
 * @root: the VM's page tables, prepared for the range
 * @map: the range, its pages and attributes; the range holds no mapping
 *
 * Uses a 2 MiB entry for a slot the map covers whole with 2 MiB-aligned
 * contiguous pages, a table of 64 KiB entries for a whole slot of 64 KiB
 * runs, 4 KiB entries elsewhere.
 *
 * Context: @root->lock held; the device present.
 * Return: the page sizes used, DG1_PT_USED_*.
 */
unsigned int dg1_pt_write_map(struct dg1_pt_root *root,
			      const struct dg1_pt_map *map)
{
	struct dg1_pt_cursor cur = { .map = map };
	u64 at = map->va, end = map->va + map->size;
	unsigned int used = 0;

	lockdep_assert_held(&root->lock);
	while (at < end) {
		u64 slot = round_down(at, SZ_2M);
		u64 next = min(slot + SZ_2M, end);
		u64 off = at - map->va, addr, contig, a;
		struct dg1_pt *pd = dg1_pt_pd(root, at), *pt;
		bool full = at == slot && next - slot == SZ_2M;
		unsigned int pdi = dg1_pt_index(at, 2), j;

		if (WARN_ON(!pd || !pd->children[pdi]))
			return used;
		pt = pd->children[pdi];

		if (full && map->pat_index < 4 &&
		    dg1_pt_cursor_aligned(&cur, off, SZ_2M, &addr)) {
			dg1_pt_set(root, pd, pdi,
				   dg1_pt_2m_encode(addr, map->lmem,
						    map->pat_index));
			used |= DG1_PT_USED_2M;
		} else if (full && dg1_pt_slot_64k(&cur, off)) {
			dg1_pt_make_4k(root, pd, pdi);
			for (j = 0; j < DG1_PPGTT_ENTRIES; j += DG1_PT_64K_STRIDE) {
				addr = dg1_pt_cursor_addr(&cur, off + (u64)j * SZ_4K,
							  &contig);
				dg1_pt_set(root, pt, j,
					   dg1_pt_pte_encode(addr, map->lmem,
							     map->pat_index));
			}
			dg1_pt_set(root, pd, pdi, dg1_pt_pde_encode(pt->slot.addr, true));
			used |= DG1_PT_USED_64K;
		} else {
			dg1_pt_make_4k(root, pd, pdi);
			for (a = at; a < next; a += SZ_4K) {
				addr = dg1_pt_cursor_addr(&cur, a - map->va,
							  &contig);
				dg1_pt_set(root, pt, dg1_pt_index(a, 1),
					   dg1_pt_pte_encode(addr, map->lmem,
							     map->pat_index));
			}
			dg1_pt_set(root, pd, pdi, dg1_pt_pde_encode(pt->slot.addr, false));
			used |= DG1_PT_USED_4K;
		}
		at = next;
		cond_resched();
	}
	return used;
}

/* Clear [va, end) within the 2 MiB slot of PDE @pdi. */
static void dg1_pt_clear_slot(struct dg1_pt_root *root, struct dg1_pt *pd,
			      unsigned int pdi, u64 va, u64 end)
{
	u64 pde = pd->shadow[pdi], a;
	struct dg1_pt *pt = pd->children[pdi];
	unsigned int j;

	if (!(pde & DG1_PPGTT_PRESENT))
		return;
	if (end - va == SZ_2M) {
		if (pde & DG1_PPGTT_PDE_PS_2M) {
			dg1_pt_set(root, pd, pdi, 0);
			return;
		}
		if (pde & DG1_PPGTT_PDE_IPS_64K) {
			for (j = 0; j < DG1_PPGTT_ENTRIES; j += DG1_PT_64K_STRIDE)
				dg1_pt_set(root, pt, j, 0);
			return;
		}
	}
	dg1_pt_make_4k(root, pd, pdi);
	for (a = va; a < end; a += SZ_4K)
		dg1_pt_set(root, pt, dg1_pt_index(a, 1), 0);
}

static void dg1_pt_clear_level(struct dg1_pt_root *root, struct dg1_pt *dir,
			       u64 va, u64 end)
{
	u64 span = BIT_ULL(DG1_PT_SHIFT(dir->level));

	while (va < end) {
		u64 next = min(round_down(va, span) + span, end);
		unsigned int i = dg1_pt_index(va, dir->level);

		if (dir->level == 2)
			dg1_pt_clear_slot(root, dir, i, va, next);
		else if (dir->children[i])
			dg1_pt_clear_level(root, dir->children[i], va, next);
		va = next;
		cond_resched();
	}
}

static void dg1_pt_prune_level(struct dg1_pt_root *root, struct dg1_pt *dir,
			       u64 va, u64 end)
{
	u64 span = BIT_ULL(DG1_PT_SHIFT(dir->level));

	while (va < end) {
		u64 next = min(round_down(va, span) + span, end);
		struct dg1_pt *child = dir->children[dg1_pt_index(va, dir->level)];

		if (child) {
			if (child->children)
				dg1_pt_prune_level(root, child, va, next);
			if (dg1_pt_unused(child))
				dg1_pt_detach(root, child);
		}
		va = next;
	}
}

/**
 * dg1_pt_prune_range() - let the tables of an unmapped range go
 * @root: the VM's page tables
 * @va: first address, 4 KiB aligned
 * @size: bytes, a multiple of 4 KiB
 *
 * Tables under the range that nothing needs any more are detached, to go
 * after the next TLB invalidation (dg1_pt_tlb_flushed()). Only where a
 * mapping went: an object moving keeps its tables.
 *
 * Context: @root->lock held; the device present.
 */
void dg1_pt_prune_range(struct dg1_pt_root *root, u64 va, u64 size)
{
	lockdep_assert_held(&root->lock);
	dg1_pt_prune_level(root, root->pml4, va, va + size);
}

/**
 * dg1_pt_flush_writes() - make the entries written so far reach LMEM
 * @root: the VM's page tables
 *
 * The CPU writes entries through the write-combining BAR: drain its
 * buffers and read back, so that the writes are in LMEM before a TLB
 * invalidation or a fence tells the GPU to use them (the GGTT's rule too).
 *
 * Context: @root->lock held; the device present.
 */
void dg1_pt_flush_writes(struct dg1_pt_root *root)
{
	lockdep_assert_held(&root->lock);
	/* Drain the write-combining buffers, then wait for the writes. */
	wmb();
	readq(&root->pml4->slot.io[0]);
}

/**
 * dg1_pt_write_clear() - invalidate the entries of a range
 * @root: the VM's page tables
 * @va: first address, 4 KiB aligned
 * @size: bytes, a multiple of 4 KiB
 *
 * Pages that stay mapped around the range keep their translations; a
 * 2 MiB or 64 KiB page cut by the range is rewritten as 4 KiB entries
 * first. Sets @root->needs_tlb_flush if an entry was present.
 *
 * Context: @root->lock held; the device present.
 */
void dg1_pt_write_clear(struct dg1_pt_root *root, u64 va, u64 size)
{
	lockdep_assert_held(&root->lock);
	dg1_pt_clear_level(root, root->pml4, va, va + size);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_pt_test.c"
#endif
