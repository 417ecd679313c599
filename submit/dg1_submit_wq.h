/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_SUBMIT_WQ_H_
#define _DG1_SUBMIT_WQ_H_

#include "gt/dg1_engine_info_types.h"

struct workqueue_struct;

int dg1_submit_wq_init(void);
void dg1_submit_wq_fini(void);
struct workqueue_struct *dg1_submit_wq(enum dg1_hw_engine_id engine);

#endif /* _DG1_SUBMIT_WQ_H_ */
