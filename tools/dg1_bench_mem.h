/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_bench_mem.h - what the dg1_bench_mem sources share: the run's state
 * and the helpers of dg1_bench_mem.c the parts call.
 */
#ifndef DG1_BENCH_MEM_H
#define DG1_BENCH_MEM_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_bench.h"
#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"

#define KiB			1024ull
#define MiB			(1024ull * KiB)
#define PAGE			(4 * KiB)
#define NSEC_PER_MSEC		1000000ull

/* Each figure runs for at least this many operations, however slow. */
#define MIN_OPS			4
/* Rounds the create figures are interleaved in. */
#define CREATE_ROUNDS		3
/* Eviction: object size, and how long "used" may take to come back. */
#define EVICT_OBJ		(8 * MiB)
#define USED_TIMEOUT_MS		5000

struct bench {
	int fd;				/* the dg1 render node */
	char node[PATH_MAX];
	int vgem;			/* vgem's primary node, -1 if none */
	char vgem_node[PATH_MAX];
	struct dg1dev_vdg1 vdg1;
	bool have_vdg1;
	char dfs[PATH_MAX];		/* "" without debugfs */
	unsigned int budget_ms;		/* per figure */
	unsigned long long evict_bytes;
	uint64_t seed;			/* of the eviction's pattern */
};

struct drm_dg1_memory_region_info;
struct vdg1_counters_page;

/* dg1_bench_mem.c */
extern const char *prog;
int fail(const char *what, int err);
const char *size_name(unsigned long long size, char *buf, size_t len);
void vdg1_snap(const struct bench *b, struct vdg1_counters_page *s);
uint32_t mmio_delta(const struct vdg1_counters_page *s0,
		    const struct vdg1_counters_page *s1);
int map_touch(int fd, uint64_t offset, uint64_t size);
int gem_close(int fd, uint32_t handle);
int dg1_create(int fd, uint16_t region, uint64_t size, uint32_t *handle);
int dg1_mmap(int fd, uint32_t handle, uint64_t size, void **p);

/* The parts: dg1_bench_mem_create.c, _evict.c, _bind.c. */
int bench_create(struct bench *b);
int regions(int fd, struct drm_dg1_memory_region_info *smem,
	    struct drm_dg1_memory_region_info *lmem);
uint64_t pattern(const struct bench *b, unsigned int o, uint64_t pg);
int bench_evict(struct bench *b);
int bench_bind(struct bench *b);

#endif /* DG1_BENCH_MEM_H */
