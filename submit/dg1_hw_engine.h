/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_HW_ENGINE_H_
#define _DG1_HW_ENGINE_H_

#include "submit/dg1_hw_engine_types.h"

struct dg1_device;

int dg1_hw_engines_init(struct dg1_device *dg1);
int dg1_hw_engines_resume(struct dg1_device *dg1);
unsigned int dg1_hw_engines_park(struct dg1_device *dg1,
				 unsigned int timeout_ms);
void dg1_hw_engines_unpark(struct dg1_device *dg1);
void dg1_hw_engines_wedge(struct dg1_device *dg1, const char *why);

#endif /* _DG1_HW_ENGINE_H_ */
