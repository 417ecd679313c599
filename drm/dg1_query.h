/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_QUERY_H_
#define _DG1_QUERY_H_

#include <linux/types.h>

#include "gt/dg1_hw_engine_types.h"

struct drm_device;
struct drm_file;

u16 dg1_query_engine_uapi_class(enum dg1_hw_engine_id id);
int dg1_query_engine_lookup(u32 engine_mask, u16 uapi_class, u16 instance);

int dg1_query_ioctl(struct drm_device *drm, void *data,
		    struct drm_file *file);

#endif /* _DG1_QUERY_H_ */
