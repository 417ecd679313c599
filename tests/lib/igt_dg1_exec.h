/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_dg1_exec.h - exec queues, EXEC and the fences it hands out, for the
 * tests: the ioctls, their out-syncobjs, and what a sync file of such a
 * fence tells (its status, driver and timeline).
 */
#ifndef IGT_DG1_EXEC_H
#define IGT_DG1_EXEC_H

#include <stdint.h>

#include <linux/sync_file.h>

#include "igt_core.h"
#include "dg1_drm.h"

/* The job timeout is 5 s; allow TCG the rest. */
#define EXEC_TIMEOUT_MS		20000
/* The driver's job timeout (uapi/dg1_drm.h, "DOC: Execution"). */
#define DG1_JOB_TIMEOUT_MS	5000

/*
 * A VM with a 64 KiB batch object at EXEC_RIG_BATCH_VA and a 4 KiB data
 * object at EXEC_RIG_DATA_VA, both SMEM and mapped for the CPU (@cs,
 * @out): what a test needs to run batches that store where it can look.
 */
#define EXEC_RIG_BATCH_VA	0x100000ull
#define EXEC_RIG_DATA_VA	0x200000ull
#define EXEC_RIG_BATCH_SIZE	(64u << 10)

struct exec_rig {
	int fd;
	uint32_t vm, batch, data;
	volatile uint32_t *cs, *out;
};

void exec_rig_open(struct exec_rig *r, int fd);
/* Unmaps, closes and destroys; unmaps work on a wedged GPU too. */
void exec_rig_close(struct exec_rig *r);

/* EXEC_QUEUE_CREATE on engine @e; returns the id or fails the test. */
uint32_t queue_create(int fd, uint32_t vm,
		      const struct drm_dg1_engine_class_instance *e, int prio);
/* The same, returning 0 or -errno, the id in @id. */
int __queue_create(int fd, uint32_t vm,
		   const struct drm_dg1_engine_class_instance *e, int prio,
		   uint32_t *id);
void queue_destroy(int fd, uint32_t q);
/* EXEC with @n syncs: 0 or -errno. */
int __exec(int fd, uint32_t q, uint64_t batch, const struct drm_dg1_sync *s,
	   uint32_t n);
/* EXEC signalling a new binary syncobj; returns it. */
uint32_t exec_out(int fd, uint32_t q, uint64_t batch);
/* The syncobj signals within @timeout_ms, or the test fails. */
void wait_ok(int fd, uint32_t so, uint64_t timeout_ms);
/* The syncobj's fence as a new sync file fd. */
int sync_file_of(int fd, uint32_t so);
/* The one fence of sync file @sync_fd: @fi filled, its status returned. */
int sync_file_fence(int sync_fd, struct sync_fence_info *fi);
/* The status of a syncobj's fence: 1 signalled fine, else its error. */
int fence_status(int fd, uint32_t so);

#endif /* IGT_DG1_EXEC_H */
