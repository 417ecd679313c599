/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_DEBUGFS_H_
#define _DG1_DEBUGFS_H_

struct dg1_device;

int dg1_debugfs_register(struct dg1_device *dg1);

#endif /* _DG1_DEBUGFS_H_ */
