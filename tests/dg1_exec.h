/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_exec.h - what the dg1_exec sources share: one VM with a batch
 * object and a data object in each region, and the command encodings.
 */
#ifndef DG1_EXEC_H
#define DG1_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include <linux/sync_file.h>

#include "igt_dg1_exec.h"
#include "igt_dg1_vm.h"

#define BATCH_VA		0x100000ull
#define SMEM_VA			0x1000000ull
#define LMEM_VA			0x2000000ull
#define BATCH_SIZE		(64ull << 10)
#define DATA_SIZE		(64ull << 10)

/* MI commands (HARDWARE.md 9.2, 9.3): opcode << 23 | length - 2. */
#define MI_NOOP			0x00000000u
#define MI_ARB_CHECK		0x02800000u
#define MI_BATCH_BUFFER_END	0x05000000u
#define MI_BATCH_BUFFER_START	0x18800101u	/* PPGTT, 3 dwords */
#define MI_STORE_DATA_IMM	0x10000002u	/* dword, PPGTT */
#define MI_SEMAPHORE_WAIT_EQ	0x0e00c002u	/* poll, memory == data */
#define XY_FAST_COLOR_BLT_32	0x51100009u	/* 11 dwords, 32 bpp */
#define XY_FAST_COPY_BLT	0x50800008u	/* 10 dwords */
#define XY_FAST_COPY_DEPTH_32	(3u << 24)

struct dg1_exec_ctx {
	uint32_t vm;
	struct vm_bo batch, smem, lmem;
};

extern struct dg1_exec_ctx ex;

uint32_t *emit_sdi(uint32_t *cs, uint64_t va, uint32_t v);
void ctx_open(void);
void ctx_close(void);
uint32_t *batch_at(uint64_t off);
uint32_t data_get(bool lmem, uint64_t off);
void data_put(bool lmem, uint64_t off, uint32_t v);
int exec_status(uint32_t q);

/* Subtests of dg1_exec_work.c and dg1_exec_inputs.c. */
void test_fill_copy(void);
void test_syncobj_chain(void);
void test_order_behind_dependency(void);
void test_many(void);
void test_many_queues(void);
void test_parallel(void);
void test_preempt(void);
void test_bad_command(void);
void test_hang(void);
void test_vm_fault(void);
void test_bad_input(void);

/* The subtests of dg1_exec_tlb.c. */
void test_tlb_rebind(void);
void test_tlb_unbind(void);
void test_tlb_evict(void);
void test_pat_index(void);

/* The subtests of dg1_exec_private.c. */
void test_private_objects(void);
void test_private_bad_input(void);

/* The subtests of dg1_exec_ctx.c. */
void test_ctx_isolation(void);
void test_whitelist(void);

/* The subtests of dg1_exec_life.c. */
void dg1_exec_life_subtests(void);

#endif /* DG1_EXEC_H */
