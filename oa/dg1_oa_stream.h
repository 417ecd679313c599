/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_STREAM_H_
#define _DG1_OA_STREAM_H_

#include "oa/dg1_oa_types.h"

struct dg1_device;
struct drm_device;
struct drm_file;

int dg1_oa_open_ioctl(struct drm_device *drm, void *data,
		      struct drm_file *file);
void dg1_oa_stream_kill(struct dg1_oa_stream *s);
void dg1_oa_suspend(struct dg1_device *dg1);
void dg1_oa_resume(struct dg1_device *dg1);

#endif /* _DG1_OA_STREAM_H_ */
