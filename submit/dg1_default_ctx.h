/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_DEFAULT_CTX_H_
#define _DG1_DEFAULT_CTX_H_

struct dg1_device;

int dg1_default_ctx_init(struct dg1_device *dg1);

#endif /* _DG1_DEFAULT_CTX_H_ */
