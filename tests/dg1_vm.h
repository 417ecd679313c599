/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_vm.h - what the two halves of the dg1_vm test binary share:
 * dg1_vm.c (igt_main, binds and unbinds, isolation), dg1_vm_sync.c
 * (syncobjs), dg1_vm_inputs.c (bad inputs) and dg1_vm_pt.c (page tables'
 * lifetime).
 */
#ifndef DG1_VM_TEST_H
#define DG1_VM_TEST_H

#include <stdint.h>

#include "igt.h"

#define SZ_1G			(1024ull * SZ_1M)
/* The uAPI's VA space: 47 bits (struct drm_dg1_query_vm). */
#define VA_END			(1ull << 47)

#define BINARY			DRM_DG1_SYNC_TYPE_SYNCOBJ
#define TIMELINE		DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ
#define SIGNAL			DRM_DG1_SYNC_FLAG_SIGNAL

/* File scope: shared by blocks, so it must survive their longjmps. */
extern int vfd;				/* the subtest's own DRM file */
extern struct drm_dg1_query_vm qvm;	/* the query's answer */
extern unsigned int bad_inputs;
extern int vgem_fd;			/* opened once, by the first user */

/* A seed for patterns that differs per @n and per run. */
uint64_t seed_of(unsigned int n);
/* A new object on vfd, freed by the next subtest. */
struct vm_bo *new_bo(uint64_t size, bool lmem);
struct drm_dg1_sync sync_of(uint32_t type, uint32_t flags, uint32_t handle,
			    uint64_t point);
/* How many VMs debugfs lists for DRM client @client. */
unsigned int client_vms(uint64_t client);

void test_fresh_reads_zero(void);
void test_evict_bound(void);
void test_bind_recut(void);
void test_sync_out(void);
void test_sync_in_fence(void);
void test_create_bad_input(void);
void test_destroy_bad_input(void);
void test_bind_bad_input(void);
void test_pt_freed_on_unmap(void);
void test_pt_failed_bind(void);

#endif /* DG1_VM_TEST_H */
