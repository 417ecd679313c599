/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PM_H_
#define _DG1_PM_H_

#include <linux/pm.h>

struct dg1_device;

extern const struct dev_pm_ops dg1_pm_ops;

void dg1_pm_init(struct dg1_device *dg1);
void dg1_pm_fini(struct dg1_device *dg1);
int dg1_pm_hw_enter(struct dg1_device *dg1, int *idx);
void dg1_pm_hw_exit(struct dg1_device *dg1, int idx);

#endif /* _DG1_PM_H_ */
