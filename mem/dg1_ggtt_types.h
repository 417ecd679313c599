/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GGTT_TYPES_H_
#define _DG1_GGTT_TYPES_H_

#include <linux/list.h>
#include <linux/mutex_types.h>
#include <linux/types.h>

#include <drm/drm_mm.h>

struct drm_device;
struct dg1_uncore;

/**
 * struct dg1_ggtt_node - a range of GGTT address space and what it maps
 */
struct dg1_ggtt_node {
	/** @base: the drm_mm range */
	struct drm_mm_node base;
	/** @name: what the range holds, for debugfs */
	const char *name;
	/** @addr: LMEM offset or bus address dg1_ggtt_map() put at offset 0 */
	u64 addr;
	/** @lmem: @addr is in LMEM */
	bool lmem;
	/** @mapped: @addr is valid */
	bool mapped;
};

/* Runs of firmware GGTT entries kept (a framebuffer is mapped as one). */
#define DG1_GGTT_FW_NODES	4

/**
 * struct dg1_ggtt_saved - the entries of one node, read back
 */
struct dg1_ggtt_saved {
	/** @link: in &dg1_ggtt.saved */
	struct list_head link;
	/** @first: index of the first entry */
	u64 first;
	/** @count: entries */
	u64 count;
	/** @ptes: their values */
	u64 ptes[] __counted_by(count);
};

/**
 * struct dg1_ggtt - the global GTT: the GPU's address space for the
 * driver's own objects (status pages, rings, contexts, the OA buffer)
 */
struct dg1_ggtt {
	/** @drm: the device */
	struct drm_device *drm;
	/** @uncore: for the GGTT invalidation register */
	struct dg1_uncore *uncore;
	/** @gsm: uncached mapping of the PTEs (BAR0 + 8 MiB), one u64 each */
	u64 __iomem *gsm;
	/** @size: bytes of GGTT address space the PTEs cover */
	u64 size;
	/** @scratch_dma: bus address of the page unused entries point at */
	dma_addr_t scratch_dma;
	/** @scratch_pte: the PTE of @scratch_dma */
	u64 scratch_pte;
	/** @lock: guards @mm and the PTEs of the nodes it hands out */
	struct mutex lock;
	/** @mm: allocator of GGTT address ranges */
	struct drm_mm mm;
	/**
	 * @fw: runs of entries firmware left pointing into a claimed part
	 * of LMEM (the display scans a firmware framebuffer out through
	 * them): kept as they were, their range never handed out
	 */
	struct dg1_ggtt_node fw[DG1_GGTT_FW_NODES];
	/** @num_fw: valid entries of @fw */
	unsigned int num_fw;
	/**
	 * @saved: the entries of every node across system sleep
	 * (&struct dg1_ggtt_saved.link), dg1_ggtt_suspend() to
	 * dg1_ggtt_resume()
	 */
	struct list_head saved;
};

#endif /* _DG1_GGTT_TYPES_H_ */
