/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_dg1_gem.h - buffer objects for the tests: GEM_CREATE,
 * GEM_MMAP_OFFSET, mmap() and GEM_CLOSE as assertions, the memory-regions
 * query, fill patterns, and a CPU access that survives SIGBUS.
 *
 * The uAPI is uapi/dg1_drm.h; what the driver promises is in
 * Documentation/memory.rst.
 */
#ifndef IGT_DG1_GEM_H
#define IGT_DG1_GEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_drm.h"
#include "igt_core.h"

#define SZ_4K			4096ull
#define SZ_1M			(1024ull * 1024)

/* The placement lists the tests use, in order of preference. */
enum gem_where {
	GEM_SMEM,		/* SMEM only */
	GEM_LMEM,		/* LMEM only */
	GEM_LMEM_SMEM,		/* LMEM, else SMEM */
	GEM_SMEM_LMEM,		/* SMEM, else LMEM */
};

/* "smem", "lmem", "lmem+smem", "smem+lmem". */
const char *gem_where_str(enum gem_where where);

/* The create argument for @where, all other fields zero. */
struct drm_dg1_gem_create gem_create_args(uint64_t size,
					  enum gem_where where,
					  uint32_t flags);

/* GEM_CREATE: 0 and the handle, or -errno (errno cleared). */
int __gem_create(int fd, uint64_t size, enum gem_where where,
		 uint32_t flags, uint32_t *handle);
/* The same, asserting success. */
uint32_t gem_create(int fd, uint64_t size, enum gem_where where,
		    uint32_t flags);
/* GEM_CREATE of an object private to VM @vm_id: 0 or -errno. */
int __gem_create_private(int fd, uint64_t size, enum gem_where where,
			 uint32_t flags, uint32_t vm_id, uint32_t *handle);
/* GEM_MMAP_OFFSET, asserting success. */
uint64_t gem_mmap_offset(int fd, uint32_t handle);
/* mmap(MAP_SHARED, read-write) of @len bytes from the object's start. */
void *gem_mmap(int fd, uint32_t handle, uint64_t len);
/* GEM_CLOSE, asserting success. */
void gem_close(int fd, uint32_t handle);

/*
 * DRM_DG1_QUERY_MEMORY_REGIONS into @r (indexed by region), asserting the
 * answer's shape: its size, two regions in enum order, MBZ fields zero.
 */
void gem_regions(int fd, struct drm_dg1_memory_region_info r[2]);

/*
 * Poll the query up to @timeout_ms until region @region's used equals
 * @want (TTM may free a closed object from a worker); returns the last
 * value seen.
 */
/*
 * Both regions' used figures back at @r0's within @timeout_ms (TTM frees
 * closed objects from a worker); fails naming @after otherwise.
 */
void gem_assert_used_back(int fd, const struct drm_dg1_memory_region_info r0[2],
			  unsigned int timeout_ms, const char *after);
uint64_t gem_wait_used(int fd, unsigned int region, uint64_t want,
		       unsigned int timeout_ms);

/*
 * A pattern that differs in every 8-byte word, between objects (@seed)
 * and between pages, so that a page copied to the wrong place, lost,
 * zeroed or stale is seen. gem_fill() writes every @stride-th word of
 * each page plus each page's last word (stride 1: every word);
 * gem_check() reads the same words back and returns the byte offset of
 * the first wrong one, or -1.
 */
uint64_t gem_pattern(uint64_t seed, uint64_t word);
void gem_fill(volatile void *p, uint64_t len, uint64_t seed,
	      unsigned int stride);
int64_t gem_check(const volatile void *p, uint64_t len, uint64_t seed,
		  unsigned int stride);
/* Offset of the first non-zero byte of [p, p + len), or -1. */
int64_t gem_first_nonzero(const volatile void *p, uint64_t len);

/*
 * Where in @bar (a CPU mapping of @bar_len bytes of BAR2) each of the
 * first @pages pages of an object filled with gem_fill(stride 1, @seed)
 * is, whole: @found[k] is the BAR offset of page k, or UINT64_MAX.
 * Returns how many were found; fails if one is found twice.
 */
#define GEM_FIND_MAX_PAGES	64
unsigned int gem_find_pages(const volatile uint64_t *bar, uint64_t bar_len,
			    uint64_t seed, unsigned int pages,
			    uint64_t *found);

/*
 * Objects that a subtest makes many or big of, on a DRM file of their
 * own. A subtest that fails leaves them behind; the next gem_pool_open()
 * (or gem_pool_drop() in the last fixture) unmaps them and closes the
 * file, which frees them.
 */
#define GEM_POOL_MAX		256
struct gem_pool {
	int fd;
	unsigned int n;
	struct {
		volatile uint64_t *p;
		uint64_t len;
	} map[GEM_POOL_MAX];
};
extern struct gem_pool gem_pool;

void gem_pool_open(void);
void gem_pool_drop(void);
/* gem_mmap() of all @len bytes on the pool's file, kept in the pool. */
volatile uint64_t *gem_pool_map(uint32_t handle, uint64_t len);

/*
 * Read (or write, @write) the 8-byte word at @p with SIGBUS and SIGSEGV
 * caught: returns 0 when the access went through, else the signal. The
 * harness's crash handlers are put back afterwards.
 */
int gem_touch(volatile void *p, bool write);

/* "objects: N" of debugfs memory_regions, or -1 without debugfs. */
int debugfs_objects(void);

#endif /* IGT_DG1_GEM_H */
