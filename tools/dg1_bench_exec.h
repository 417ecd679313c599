/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_bench_exec.h - what the dg1_bench_exec sources share: the run's
 * state and the helpers of dg1_bench_exec.c the parts call.
 */
#ifndef DG1_BENCH_EXEC_H
#define DG1_BENCH_EXEC_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_bench.h"
#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"

#define MiB			(1024ull * 1024)
#define BATCH_VA		0x100000ull
#define SRC_VA			0x10000000ull
#define DST_VA			0x20000000ull
#define WAIT_NS			(60 * DG1_NSEC_PER_SEC)

#define MI_NOOP			0x00000000u
#define MI_ARB_CHECK		0x02800000u
#define MI_BATCH_BUFFER_END	0x05000000u
#define MI_BATCH_BUFFER_START	0x18800101u	/* PPGTT, 3 dwords */
#define SPIN_OFFSET		0x1000u

extern const char *prog;

struct bench {
	int fd, vgem;
	struct dg1dev_vdg1 vdg1;
	bool have_vdg1;
	struct drm_dg1_engine_class_instance engines[8];
	unsigned int num_engines, bcs;
	uint32_t vm, batch;
	volatile uint32_t *batch_map;
	unsigned int copy_mib;
	unsigned int max_bos;		/* bos: the largest count bound */
	double time_scale;		/* -t: every loop's and pause's length */
	char card[PATH_MAX + 64];	/* <pci>/drm/cardN; "" if unknown */
};

/* Print "prog: what: error" to stderr; 1. */
int fail(const char *what, int err);

/* Objects, queues, syncobjs and EXEC, each 0 or -errno. */
int bo_create(struct bench *b, uint64_t size, bool lmem, uint32_t *handle,
	      volatile void **map);
int map(struct bench *b, uint32_t handle, uint64_t va, uint64_t size);
int queue(struct bench *b, unsigned int e, uint32_t *q);
void queue_put(struct bench *b, uint32_t q);
uint32_t syncobj(int fd);
void syncobj_put(int fd, uint32_t h);
int syncobj_wait_for(int fd, uint32_t h, uint64_t timeout_ns);
int syncobj_wait(int fd, uint32_t h);
int exec(struct bench *b, uint32_t q, uint64_t batch, uint32_t out);

/* @ns of a loop or pause, times -t (a quick run's figures are rougher). */
uint64_t bench_ns(const struct bench *b, uint64_t ns);
/* Sleep bench_ns(@ns). */
void bench_pause(const struct bench *b, uint64_t ns);

/* The parts outside dg1_bench_exec.c: 0 measured, 1 not. */
int bench_split(struct bench *b);
int bench_power(struct bench *b);
int bench_bos(struct bench *b);
int bench_chain(struct bench *b);

#endif /* DG1_BENCH_EXEC_H */
