/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_HW_H_
#define _DG1_OA_HW_H_

#include <linux/compiler_types.h>
#include <linux/types.h>

#include "oa/dg1_oa_types.h"

struct dg1_device;

int dg1_oa_buffer_alloc(struct dg1_device *dg1, struct dg1_oa_buffer *buf);
void dg1_oa_buffer_free(struct dg1_device *dg1, struct dg1_oa_buffer *buf);
void dg1_oa_hw_configure(struct dg1_oa_stream *s);
void dg1_oa_hw_unconfigure(struct dg1_oa_stream *s);
void dg1_oa_hw_enable(struct dg1_oa_stream *s);
void dg1_oa_hw_disable(struct dg1_oa_stream *s);
bool dg1_oa_buffer_check(struct dg1_oa_stream *s);
int dg1_oa_read_records(struct dg1_oa_stream *s, char __user *ubuf,
			size_t count, size_t *offset);

#endif /* _DG1_OA_HW_H_ */
