/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_CONFIG_H_
#define _DG1_OA_CONFIG_H_

#include <linux/types.h>

#include "oa/dg1_oa_types.h"

struct dg1_device;
struct drm_device;
struct drm_file;

bool dg1_oa_reg_allowed(enum dg1_oa_list list, u32 addr);
struct dg1_oa_config *dg1_oa_config_get(struct dg1_oa *oa, u64 id);
void dg1_oa_config_put(struct dg1_oa_config *cfg);
void dg1_oa_config_write(struct dg1_device *dg1,
			 const struct dg1_oa_config *cfg);
int dg1_oa_metrics_register(struct dg1_device *dg1);
void dg1_oa_metrics_unregister(struct dg1_device *dg1);
void dg1_oa_configs_fini(struct dg1_oa *oa);
int dg1_oa_add_config_ioctl(struct drm_device *drm, void *data,
			    struct drm_file *file);
int dg1_oa_remove_config_ioctl(struct drm_device *drm, void *data,
			       struct drm_file *file);

#endif /* _DG1_OA_CONFIG_H_ */
