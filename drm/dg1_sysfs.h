/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_SYSFS_H_
#define _DG1_SYSFS_H_

struct dg1_device;

int dg1_sysfs_register(struct dg1_device *dg1);
void dg1_sysfs_unregister(struct dg1_device *dg1);

#endif /* _DG1_SYSFS_H_ */
