/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CSB_H_
#define _DG1_CSB_H_

#include <linux/types.h>

#include "submit/dg1_csb_types.h"

/* Twelve entries (GEN11_CSB_ENTRIES); an entry not yet written reads ~0. */
#define DG1_CSB_ENTRIES			12
#define DG1_CSB_INVALID			(~0ull)
#define DG1_CSB_IDLE_ID			0x7ff
/* Status-page dwords of the entries and the write pointer (ERRATA: i915's). */
#define DG1_HWSP_CSB_DW			0x10
#define DG1_HWSP_CSB_WRITE_PTR_DW	0x2f

void dg1_csb_decode(u64 entry, struct dg1_csb_event *ev);
bool dg1_csb_promotes(const struct dg1_csb_event *ev);
enum dg1_csb_row dg1_csb_row(const struct dg1_csb_event *ev);
u64 dg1_csb_read(void __iomem *hwsp, unsigned int i);
void dg1_csb_invalidate(void __iomem *hwsp, unsigned int i);
u8 dg1_csb_write_pointer(void __iomem *hwsp);
void dg1_csb_reset(void __iomem *hwsp);
u32 dg1_csb_pointer_reset_value(void);

#endif /* _DG1_CSB_H_ */
