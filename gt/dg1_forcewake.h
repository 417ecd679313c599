/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FORCEWAKE_H_
#define _DG1_FORCEWAKE_H_

#include "gt/dg1_forcewake_types.h"

/* i915 FORCEWAKE_ACK_TIMEOUT_MS (HARDWARE.md §3.5) */
#define DG1_FORCEWAKE_ACK_TIMEOUT_MS	50

const char *dg1_fw_domain_name(enum dg1_fw_domain_id id);
void dg1_force_wake_init(struct dg1_force_wake *fw, struct dg1_mmio *mmio);
void dg1_force_wake_init_domains(struct dg1_force_wake *fw, u32 domains);
void dg1_force_wake_fini(struct dg1_force_wake *fw);
int dg1_force_wake_get(struct dg1_force_wake *fw, u32 domains);
void dg1_force_wake_put(struct dg1_force_wake *fw, u32 domains);

#endif /* _DG1_FORCEWAKE_H_ */
