/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PCODE_H_
#define _DG1_PCODE_H_

#include <linux/types.h>

struct dg1_uncore;

int dg1_pcode_request(struct dg1_uncore *uncore, u32 cmd, u32 *data0,
		      unsigned int timeout_us);
int dg1_pcode_wait_init(struct dg1_uncore *uncore);

#endif /* _DG1_PCODE_H_ */
