/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_LMEM_BACKUP_H_
#define _DG1_LMEM_BACKUP_H_

#include <linux/types.h>

struct dg1_device;

int dg1_lmem_backup(struct dg1_device *dg1, u64 *saved, u64 *lost);
void dg1_lmem_restore(struct dg1_device *dg1);
void dg1_lmem_backup_drop(struct dg1_device *dg1);

#endif /* _DG1_LMEM_BACKUP_H_ */
