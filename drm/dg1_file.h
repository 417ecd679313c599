/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FILE_H_
#define _DG1_FILE_H_

#include <drm/drm_file.h>

struct drm_printer;

#include "drm/dg1_exec_queue_types.h"
#include "mem/dg1_vm_types.h"

/**
 * struct dg1_file - what the driver keeps per open DRM file
 */
struct dg1_file {
	/** @vm: the file's VMs */
	struct dg1_vm_file vm;
	/** @queues: the file's exec queues */
	struct dg1_exec_queue_file queues;
};

static inline struct dg1_file *to_dg1_file(struct drm_file *file)
{
	return file->driver_priv;
}

int dg1_file_open(struct drm_device *drm, struct drm_file *file);
void dg1_file_postclose(struct drm_device *drm, struct drm_file *file);
void dg1_file_show_fdinfo(struct drm_printer *p, struct drm_file *file);

#endif /* _DG1_FILE_H_ */
