/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FILE_H_
#define _DG1_FILE_H_

struct drm_device;
struct drm_file;
struct drm_printer;

int dg1_file_open(struct drm_device *drm, struct drm_file *file);
void dg1_file_postclose(struct drm_device *drm, struct drm_file *file);
void dg1_file_show_fdinfo(struct drm_printer *p, struct drm_file *file);

#endif /* _DG1_FILE_H_ */
