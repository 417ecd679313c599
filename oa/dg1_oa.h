/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_H_
#define _DG1_OA_H_

#include "oa/dg1_oa_types.h"

struct dg1_device;
struct drm_printer;

int dg1_oa_init(struct dg1_device *dg1);
void dg1_oa_unplug(struct dg1_device *dg1);
void dg1_oa_print(struct dg1_device *dg1, struct drm_printer *p);

#endif /* _DG1_OA_H_ */
