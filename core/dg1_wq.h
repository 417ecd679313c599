/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_WQ_H_
#define _DG1_WQ_H_

struct work_struct;

int dg1_wq_init(void);
void dg1_wq_fini(void);
void dg1_wq_queue(struct work_struct *work);

#endif /* _DG1_WQ_H_ */
