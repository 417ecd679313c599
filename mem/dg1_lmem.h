/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_LMEM_H_
#define _DG1_LMEM_H_

#include "mem/dg1_lmem_types.h"

struct dg1_uncore;

int dg1_lmem_init(struct dg1_lmem *lmem, struct dg1_uncore *uncore);

#endif /* _DG1_LMEM_H_ */
