/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_gem.h - what the dg1_gem sources share: the regions, the sizes the
 * subtests use, and the helpers of dg1_gem.c the others call.
 */
#ifndef DG1_GEM_H
#define DG1_GEM_H

#include <stdint.h>

#include "igt.h"

#define SMEM	DRM_DG1_MEMORY_REGION_SMEM
#define LMEM	DRM_DG1_MEMORY_REGION_LMEM
#define CPU	DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS

/* memory.rst: LMEM's first MiB is kept from every object (as i915 does). */
#define LMEM_RESERVED	SZ_1M

/* Not a power of two, so that a last partial chunk of anything shows. */
#define RW_SIZE		(SZ_1M + 3 * SZ_4K)
/* Eviction: objects of this size, until the CPU-visible LMEM overflows. */
#define EVICT_BO_SIZE	(32 * SZ_1M)
#define EVICT_EXTRA	2
/* Every 8th word of each page (and its last): cheap on a debug kernel. */
#define EVICT_STRIDE	8
/* The small-BAR subtests' object that must stay where it is. */
#define SMALL_BAR_WITNESS	(4 * SZ_1M)
/* TTM may free a closed object from a worker. */
#define FREE_TIMEOUT_MS	2000

#include "dg1_gem.h"

/* dg1_gem.c */
uint64_t seed_of(unsigned int n);

/* dg1_gem_bar.c */
void assert_lmem_moved(const struct drm_dg1_memory_region_info r0[2],
		       int64_t used, int64_t visible, const char *when);
void test_lmem_in_bar(void);
void test_small_bar_cpu_access(void);
void test_small_bar_migrate(void);
void test_small_bar_sigbus(void);
void test_small_bar_smem_fallback(void);
void test_small_bar_suspend(void);

/* dg1_gem_ggtt.c */
void test_ggtt_scratch(void);
void test_ggtt_kernel_objects(void);

/* dg1_gem_inputs.c */
void test_create_bad_input(void);
void test_mmap_offset_bad_input(void);
void test_mmap_bad_input(void);

#endif /* DG1_GEM_H */
