// SPDX-License-Identifier: GPL-2.0
/*
 * The global GTT. Its PTEs live in the GGTT stolen area (GSM) at the top of
 * LMEM and the CPU writes them through BAR0's upper half, one 64-bit store
 * each, uncached (i915 gt/intel_ggtt.c: wider writes to that range are
 * dropped). Every entry nothing is bound to points at a scratch page, so a
 * stray GPU access reads harmless zeroes instead of whatever the entry held.
 * After PTEs change, the GGTT TLB is invalidated through GFX_FLSH_CNTL.
 *
 * The address space is handed out by a drm_mm; callers write the PTEs of
 * their node with dg1_ggtt_map() and get them back to scratch when they
 * remove it. Most callers want a whole pinned object instead: dg1_kobj.c.
 */

#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_mm.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "mem/dg1_ggtt.h"
#include "mem/dg1_lmem_types.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gtt_defs.h"
#include "regs/dg1_sgunit_regs.h"

/* The 64-bit PTE of a page: present, and in LMEM with the LM bit. */
static u64 dg1_ggtt_pte(u64 addr, bool lmem)
{
	return (addr & DG1_GTT_ADDR_MASK) | DG1_GGTT_PTE_PRESENT |
	       (lmem ? DG1_GGTT_PTE_LM : 0);
}

/* Bytes of PTEs GSM holds, from GGC.GGMS: (1 << GGMS) MiB; 0 for none. */
static u64 dg1_ggtt_pte_bytes(u32 ggc)
{
	u32 ggms = REG_FIELD_GET(GGC_GGMS_MASK, ggc);

	return ggms ? (u64)SZ_1M << ggms : 0;
}

static void dg1_ggtt_invalidate(struct dg1_ggtt *ggtt)
{
	/* The PTE writes are posted: a read orders them before the flush. */
	readq(ggtt->gsm);
	dg1_uncore_write32_fw(ggtt->uncore, GFX_FLSH_CNTL, GFX_FLSH_CNTL_EN);
}

static void dg1_ggtt_fill(struct dg1_ggtt *ggtt, u64 start, u64 size, u64 pte)
{
	u64 i, first = start / DG1_GTT_PAGE_SIZE;

	for (i = 0; i < size / DG1_GTT_PAGE_SIZE; i++)
		writeq(pte, &ggtt->gsm[first + i]);
}

/* Does @pte map a page of LMEM that another driver holds? */
static bool dg1_ggtt_pte_is_firmware(u64 pte, const struct dg1_lmem *lmem)
{
	u64 addr = pte & DG1_GTT_ADDR_MASK;
	unsigned int i;

	if (!(pte & DG1_GGTT_PTE_PRESENT) || !(pte & DG1_GGTT_PTE_LM))
		return false;
	for (i = 0; i < lmem->num_fw; i++)
		if (addr >= lmem->fw[i].start &&
		    addr - lmem->fw[i].start < lmem->fw[i].size)
			return true;
	return false;
}

/*
 * The display scans a firmware framebuffer out through GGTT entries the
 * firmware wrote (i915 display/intel_plane_initial.c reads the plane's
 * entry for its LMEM address). Those into LMEM that is still claimed keep
 * their value and their range: scratch there would blank the console.
 * Reading every PTE costs a second on a 4 GiB GGTT, so only when there
 * is such LMEM at all.
 */
static void dg1_ggtt_keep_firmware(struct dg1_ggtt *ggtt,
				   const struct dg1_lmem *lmem)
{
	u64 i, n = ggtt->size / DG1_GTT_PAGE_SIZE, run = 0, first = 0, pte;
	struct dg1_ggtt_node *node;

	ggtt->num_fw = 0;
	if (!lmem->num_fw)
		return;
	for (i = 0; i <= n; i++) {
		pte = i < n ? readq(&ggtt->gsm[i]) : 0;
		if (dg1_ggtt_pte_is_firmware(pte, lmem)) {
			if (!run++)
				first = pte & DG1_GTT_ADDR_MASK;
			continue;
		}
		if (!run)
			continue;
		if (ggtt->num_fw == DG1_GGTT_FW_NODES) {
			drm_warn(ggtt->drm,
				 "GGTT: firmware entries at 0x%llx (and maybe more) are not kept: over %d runs\n",
				 (i - run) * DG1_GTT_PAGE_SIZE,
				 DG1_GGTT_FW_NODES);
			return;
		}
		node = &ggtt->fw[ggtt->num_fw];
		node->name = "firmware framebuffer";
		node->base.start = (i - run) * DG1_GTT_PAGE_SIZE;
		node->base.size = run * DG1_GTT_PAGE_SIZE;
		node->addr = first;
		node->lmem = true;
		node->mapped = true;
		if (!drm_mm_reserve_node(&ggtt->mm, &node->base)) {
			drm_info(ggtt->drm,
				 "GGTT [0x%llx-0x%llx]: firmware entries into claimed LMEM kept\n",
				 node->base.start,
				 node->base.start + node->base.size - 1);
			ggtt->num_fw++;
		}
		run = 0;
	}
}

/**
 * dg1_ggtt_init() - size the GGTT, map its PTEs and point them at scratch
 * @ggtt: filled in
 * @uncore: register access; GGC and GFX_FLSH_CNTL need no forcewake
 * @lmem: the parts of LMEM another driver holds; entries into them stay
 *
 * The PTE area is (1 << GGC.GGMS) MiB (i915 i915_reg.h, intel_ggtt.c);
 * each 8-byte PTE maps 4 KiB. The scratch page is system memory the device
 * reads by DMA. All resources are device-managed.
 *
 * Context: process.
 * Return: 0; -ENODEV if GGC describes no GGTT or more PTEs than BAR0
 * holds; -ENOMEM if the mapping or the scratch page fails.
 */
int dg1_ggtt_init(struct dg1_ggtt *ggtt, struct dg1_uncore *uncore,
		  const struct dg1_lmem *lmem)
{
	struct drm_device *drm = uncore->mmio.drm;
	struct pci_dev *pdev = to_pci_dev(drm->dev);
	u32 ggc = dg1_uncore_read32(uncore, GGC);
	u64 pte_bytes = dg1_ggtt_pte_bytes(ggc);
	unsigned int i;
	void *scratch;
	u64 pos;
	int ret;

	ggtt->drm = drm;
	ggtt->uncore = uncore;
	if (dg1_inject_probe_error(drm->dev, -ENODEV) || !pte_bytes ||
	    pte_bytes > DG1_GGTT_PTE_BAR_MAX) {
		drm_err(drm, "GGC 0x%08x describes no usable GGTT\n", ggc);
		return -ENODEV;
	}
	ggtt->size = pte_bytes / sizeof(u64) * DG1_GTT_PAGE_SIZE;

	ggtt->gsm = dg1_inject_probe_error(drm->dev, -ENOMEM) ?
		    IOMEM_ERR_PTR(-ENOMEM) :
		    pcim_iomap_range(pdev, 0, DG1_GGTT_PTE_BAR_OFFSET,
				     pte_bytes);
	if (IS_ERR(ggtt->gsm)) {
		drm_err(drm, "cannot map the GGTT PTEs: %pe\n", ggtt->gsm);
		return PTR_ERR(ggtt->gsm);
	}

	scratch = dg1_inject_probe_error(drm->dev, -ENOMEM) ? NULL :
		  dmam_alloc_coherent(drm->dev, DG1_GTT_PAGE_SIZE,
				      &ggtt->scratch_dma, GFP_KERNEL);
	if (!scratch) {
		drm_err(drm, "cannot allocate the GGTT scratch page\n");
		return -ENOMEM;
	}
	ggtt->scratch_pte = dg1_ggtt_pte(ggtt->scratch_dma, false);

	ret = drmm_mutex_init(drm, &ggtt->lock);
	if (ret)
		return ret;
	drm_mm_init(&ggtt->mm, 0, ggtt->size);
	INIT_LIST_HEAD(&ggtt->saved);

	dg1_ggtt_keep_firmware(ggtt, lmem);
	for (i = 0, pos = 0; i <= ggtt->num_fw; i++) {
		u64 next = i < ggtt->num_fw ? ggtt->fw[i].base.start :
					      ggtt->size;

		dg1_ggtt_fill(ggtt, pos, next - pos, ggtt->scratch_pte);
		if (i < ggtt->num_fw)
			pos = next + ggtt->fw[i].base.size;
	}
	dg1_ggtt_invalidate(ggtt);
	return 0;
}

/**
 * dg1_ggtt_fini() - check that nothing is left in the GGTT
 * @ggtt: the GGTT
 *
 * Call while BAR0 is still mapped. A node left behind is a driver bug:
 * drm_mm_takedown() warns about it.
 */
void dg1_ggtt_fini(struct dg1_ggtt *ggtt)
{
	unsigned int i;

	/* Firmware's entries are left as they are, for whoever comes next. */
	for (i = 0; i < ggtt->num_fw; i++)
		drm_mm_remove_node(&ggtt->fw[i].base);
	ggtt->num_fw = 0;
	drm_mm_takedown(&ggtt->mm);
}

/**
 * dg1_ggtt_insert_node() - reserve a range of GGTT address space
 * @ggtt: the GGTT
 * @node: zeroed node to fill in
 * @size: bytes, a multiple of 4 KiB
 * @alignment: 0 or a power of two, at least 4 KiB
 * @name: what the range will hold, for debugfs; must outlive the node
 *
 * The range maps scratch until dg1_ggtt_map() fills it.
 *
 * Context: process; takes &dg1_ggtt.lock.
 * Return: 0, -EINVAL for a bad size or alignment, -ENOSPC when full.
 */
int dg1_ggtt_insert_node(struct dg1_ggtt *ggtt, struct dg1_ggtt_node *node,
			 u64 size, u64 alignment, const char *name)
{
	int ret;

	if (!size || !IS_ALIGNED(size, DG1_GTT_PAGE_SIZE) ||
	    (alignment && (!is_power_of_2(alignment) ||
			   alignment < DG1_GTT_PAGE_SIZE)))
		return -EINVAL;

	node->name = name;
	node->mapped = false;
	mutex_lock(&ggtt->lock);
	ret = drm_mm_insert_node_generic(&ggtt->mm, &node->base, size,
					 alignment, 0, DRM_MM_INSERT_BEST);
	mutex_unlock(&ggtt->lock);
	return ret;
}

/**
 * dg1_ggtt_remove_node() - unmap a range and give it back
 * @ggtt: the GGTT
 * @node: a node from dg1_ggtt_insert_node()
 *
 * Its PTEs point at scratch again, and the GGTT TLB is invalidated before
 * the range can be handed out anew.
 *
 * Context: process; takes &dg1_ggtt.lock.
 */
void dg1_ggtt_remove_node(struct dg1_ggtt *ggtt, struct dg1_ggtt_node *node)
{
	int idx;

	mutex_lock(&ggtt->lock);
	/* After an unbind BAR0 is gone, and so is the GPU that used it. */
	if (drm_dev_enter(ggtt->drm, &idx)) {
		dg1_ggtt_fill(ggtt, node->base.start, node->base.size,
			      ggtt->scratch_pte);
		dg1_ggtt_invalidate(ggtt);
		drm_dev_exit(idx);
	}
	drm_mm_remove_node(&node->base);
	node->mapped = false;
	mutex_unlock(&ggtt->lock);
}

/**
 * dg1_ggtt_map() - point part of a node at physically contiguous pages
 * @ggtt: the GGTT
 * @node: a node from dg1_ggtt_insert_node()
 * @offset: where in the node, a multiple of 4 KiB
 * @addr: bus address (system memory) or LMEM offset of the first page
 * @size: bytes to map, a multiple of 4 KiB, within the node
 * @lmem: @addr is in local memory
 *
 * A buffer made of several runs is mapped one run at a time; the run at
 * offset 0 is what debugfs reports. The GGTT TLB is invalidated after each
 * call. After an unbind nothing is written.
 *
 * Context: process; takes &dg1_ggtt.lock.
 */
void dg1_ggtt_map(struct dg1_ggtt *ggtt, struct dg1_ggtt_node *node,
		  u64 offset, u64 addr, u64 size, bool lmem)
{
	u64 i, first = (node->base.start + offset) / DG1_GTT_PAGE_SIZE;
	int idx;

	if (drm_WARN_ON(ggtt->drm, !drm_mm_node_allocated(&node->base) ||
			!IS_ALIGNED(offset | addr | size, DG1_GTT_PAGE_SIZE) ||
			size > node->base.size ||
			offset > node->base.size - size))
		return;

	if (!drm_dev_enter(ggtt->drm, &idx))
		return;
	mutex_lock(&ggtt->lock);
	for (i = 0; i < size / DG1_GTT_PAGE_SIZE; i++)
		writeq(dg1_ggtt_pte(addr + i * DG1_GTT_PAGE_SIZE, lmem),
		       &ggtt->gsm[first + i]);
	dg1_ggtt_invalidate(ggtt);
	if (!offset) {
		node->addr = addr;
		node->lmem = lmem;
		node->mapped = true;
	}
	mutex_unlock(&ggtt->lock);
	drm_dev_exit(idx);
}

static void dg1_ggtt_saved_drop(struct dg1_ggtt *ggtt)
{
	struct dg1_ggtt_saved *sv, *next;

	list_for_each_entry_safe(sv, next, &ggtt->saved, link) {
		list_del(&sv->link);
		kvfree(sv);
	}
}

/**
 * dg1_ggtt_suspend() - read every node's entries back before power goes
 * @ggtt: the GGTT; no node is inserted, mapped or removed meanwhile
 *
 * GSM is in LMEM: D3cold loses it with the rest (i915 rewrites its bound
 * VMAs at resume, i915_ggtt_resume(); dg1 keeps what each node holds).
 *
 * Context: process; takes &dg1_ggtt.lock.
 * Return: 0, or -ENOMEM (nothing is kept then).
 */
int dg1_ggtt_suspend(struct dg1_ggtt *ggtt)
{
	struct drm_mm_node *node;
	int ret = 0;

	mutex_lock(&ggtt->lock);
	drm_mm_for_each_node(node, &ggtt->mm) {
		u64 i, n = node->size / DG1_GTT_PAGE_SIZE;
		struct dg1_ggtt_saved *sv;

		sv = kvmalloc(struct_size(sv, ptes, n), GFP_KERNEL);
		if (!sv) {
			ret = -ENOMEM;
			break;
		}
		sv->count = n;
		sv->first = node->start / DG1_GTT_PAGE_SIZE;
		for (i = 0; i < n; i++)
			sv->ptes[i] = readq(&ggtt->gsm[sv->first + i]);
		list_add_tail(&sv->link, &ggtt->saved);
	}
	if (ret)
		dg1_ggtt_saved_drop(ggtt);
	mutex_unlock(&ggtt->lock);
	return ret;
}

/**
 * dg1_ggtt_resume() - write the GGTT again after system sleep
 * @ggtt: the GGTT, dg1_ggtt_suspend() done
 *
 * Every entry points at scratch, as at probe, then the nodes' saved
 * entries are written back and the GGTT TLB is invalidated.
 *
 * Context: process; takes &dg1_ggtt.lock.
 */
void dg1_ggtt_resume(struct dg1_ggtt *ggtt)
{
	struct dg1_ggtt_saved *sv;
	u64 i;

	mutex_lock(&ggtt->lock);
	dg1_ggtt_fill(ggtt, 0, ggtt->size, ggtt->scratch_pte);
	list_for_each_entry(sv, &ggtt->saved, link)
		for (i = 0; i < sv->count; i++)
			writeq(sv->ptes[i], &ggtt->gsm[sv->first + i]);
	dg1_ggtt_invalidate(ggtt);
	dg1_ggtt_saved_drop(ggtt);
	mutex_unlock(&ggtt->lock);
}

/**
 * dg1_ggtt_print() - the GGTT's size, scratch page and nodes (debugfs)
 * @ggtt: the GGTT
 * @p: where to print
 */
void dg1_ggtt_print(struct dg1_ggtt *ggtt, struct drm_printer *p)
{
	struct drm_mm_node *mm_node;

	drm_printf(p, "size: 0x%llx\n", ggtt->size);
	drm_printf(p, "scratch: %pad (pte 0x%016llx)\n", &ggtt->scratch_dma,
		   ggtt->scratch_pte);
	mutex_lock(&ggtt->lock);
	drm_mm_print(&ggtt->mm, p);
	/* One line per node: "node: <start> <size> <lmem|smem|none> <addr> <name>". */
	drm_mm_for_each_node(mm_node, &ggtt->mm) {
		struct dg1_ggtt_node *node =
			container_of(mm_node, struct dg1_ggtt_node, base);

		drm_printf(p, "node: 0x%08llx 0x%llx %s 0x%llx %s\n",
			   mm_node->start, mm_node->size,
			   !node->mapped ? "none" : node->lmem ? "lmem" : "smem",
			   node->mapped ? node->addr : 0, node->name);
	}
	mutex_unlock(&ggtt->lock);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_ggtt_test.c"
#endif
