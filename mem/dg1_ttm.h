/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_TTM_H_
#define _DG1_TTM_H_

struct dg1_bo;

extern const struct ttm_device_funcs dg1_ttm_funcs;

int dg1_ttm_clear_lmem(struct dg1_bo *bo);

#endif /* _DG1_TTM_H_ */
