/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_SYSCTL_H_
#define _DG1_OA_SYSCTL_H_

#include <linux/types.h>

int dg1_oa_sysctl_register(void);
void dg1_oa_sysctl_unregister(void);
bool dg1_oa_needs_privilege(void);
u32 dg1_oa_max_sample_rate(void);

#endif /* _DG1_OA_SYSCTL_H_ */
