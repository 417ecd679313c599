/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_H_
#define _DG1_OA_H_

#include <linux/types.h>

#include "oa/dg1_oa_types.h"

struct dg1_device;
struct drm_device;
struct drm_file;
struct drm_printer;

/* dg1_oa.c: the device's OA state, the sysctls, privileges */
int dg1_oa_init(struct dg1_device *dg1);
void dg1_oa_unplug(struct dg1_device *dg1);
int dg1_oa_sysctl_register(void);
void dg1_oa_sysctl_unregister(void);
bool dg1_oa_needs_privilege(void);
u32 dg1_oa_max_sample_rate(void);
void dg1_oa_print(struct dg1_device *dg1, struct drm_printer *p);

/* dg1_oa_config.c: metric sets */
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

/* dg1_oa_hw.c: the unit and its buffer */
int dg1_oa_buffer_alloc(struct dg1_device *dg1, struct dg1_oa_buffer *buf);
void dg1_oa_buffer_free(struct dg1_device *dg1, struct dg1_oa_buffer *buf);
void dg1_oa_hw_configure(struct dg1_oa_stream *s);
void dg1_oa_hw_unconfigure(struct dg1_oa_stream *s);
void dg1_oa_hw_enable(struct dg1_oa_stream *s);
void dg1_oa_hw_disable(struct dg1_oa_stream *s);
bool dg1_oa_buffer_check(struct dg1_oa_stream *s);
int dg1_oa_read_records(struct dg1_oa_stream *s, char __user *ubuf,
			size_t count, size_t *offset);

/* dg1_oa_stream.c: PERF_OPEN and the stream fd */
int dg1_oa_open_ioctl(struct drm_device *drm, void *data,
		      struct drm_file *file);
void dg1_oa_stream_kill(struct dg1_oa_stream *s);

#endif /* _DG1_OA_H_ */
