/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_QUERY_H_
#define _DG1_QUERY_H_

struct drm_device;
struct drm_file;

int dg1_query_ioctl(struct drm_device *drm, void *data,
		    struct drm_file *file);

#endif /* _DG1_QUERY_H_ */
