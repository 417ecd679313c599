/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_VM_H_
#define _DG1_VM_H_

#include <linux/container_of.h>
#include <linux/types.h>

#include "mem/dg1_vm_types.h"

struct dg1_bo;
struct drm_device;
struct drm_exec;
struct drm_file;
struct drm_printer;
struct ttm_resource;

/* Most ops and syncs one VM_BIND takes (struct drm_dg1_query_vm). */
#define DG1_VM_MAX_BIND_OPS	512
#define DG1_VM_MAX_SYNCS	64

static inline struct dg1_vm *to_dg1_vm(struct drm_gpuvm *gpuvm)
{
	return container_of(gpuvm, struct dg1_vm, gpuvm);
}

int dg1_vm_dev_init(struct dg1_vm_dev *vms, struct dg1_device *dg1);
void dg1_vm_dev_stop(struct dg1_vm_dev *vms, bool stop);
int dg1_vm_file_init(struct dg1_vm_file *vf);
void dg1_vm_file_fini(struct dg1_vm_file *vf);
struct dg1_vm *dg1_vm_lookup(struct dg1_vm_file *vf, u32 id);
void dg1_vm_put(struct dg1_vm *vm);
struct dg1_vm *dg1_vm_get(struct dg1_vm *vm);
int dg1_vm_read(struct dg1_vm *vm, u64 addr, void *buf, size_t len);
/*
 * The objects an EXEC usually locks: the VM's and a handful shared with
 * others. drm_exec_init() given 0 allocates room for a page of them at
 * every EXEC; it grows the array when there are more.
 */
#define DG1_VM_EXEC_FEW		8
void dg1_vm_exec_fini(struct drm_exec *exec);
void dg1_vm_exec_steps(struct dg1_vm *vm, const struct dg1_vm_step *steps,
		       unsigned int num_steps);
int dg1_vm_res_segs(struct dg1_bo *bo, struct ttm_resource *res, u64 offset,
		    u64 size, struct dg1_pt_map *map);
void dg1_vm_bo_move_notify(struct dg1_bo *bo, struct ttm_resource *new_mem);
void dg1_vm_print(struct dg1_vm_dev *vms, struct drm_printer *p);

struct dma_fence *dg1_vm_bind_run_job(struct drm_sched_job *sched_job);
void dg1_vm_bind_unplug(struct dg1_vm_dev *vms);
void dg1_vm_unprepare(struct dg1_vm *vm, const struct dg1_vm_step *steps,
		      unsigned int num_steps);
void dg1_vm_bind_free_job(struct drm_sched_job *sched_job);
int dg1_vm_bind_step_remap(struct drm_gpuva_op *op, void *priv);
int dg1_vm_bind_step_unmap(struct drm_gpuva_op *op, void *priv);

int dg1_vm_create_ioctl(struct drm_device *drm, void *data,
			struct drm_file *file);
int dg1_vm_destroy_ioctl(struct drm_device *drm, void *data,
			 struct drm_file *file);
int dg1_vm_bind_ioctl(struct drm_device *drm, void *data,
		      struct drm_file *file);

#endif /* _DG1_VM_H_ */
