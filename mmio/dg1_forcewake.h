/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FORCEWAKE_H_
#define _DG1_FORCEWAKE_H_

#include <linux/time64.h>

#include "mmio/dg1_forcewake_types.h"

/* i915 intel_uncore.c FORCEWAKE_ACK_TIMEOUT_MS */
#define DG1_FORCEWAKE_ACK_TIMEOUT_MS	50

/* Release a domain this long after its last put (i915: 1 ms hrtimer). */
#define DG1_FORCEWAKE_RELEASE_DELAY_NS	NSEC_PER_MSEC

/**
 * struct dg1_fw_domain_stats - a snapshot of a domain's counters
 */
struct dg1_fw_domain_stats {
	/** @ref: current references */
	unsigned int ref;
	/** @wakes: sleep-to-awake transitions performed */
	u64 wakes;
	/** @gets: calls of get that included the domain */
	u64 gets;
	/** @errors: failed wake-ups, and gets refused after one */
	u32 errors;
	/** @fallbacks: wake-ups that needed the fallback protocol */
	u32 fallbacks;
};

const char *dg1_fw_domain_name(enum dg1_fw_domain_id id);
void dg1_force_wake_init(struct dg1_force_wake *fw, struct dg1_mmio *mmio);
void dg1_force_wake_init_domains(struct dg1_force_wake *fw, u32 domains);
void dg1_force_wake_fini(struct dg1_force_wake *fw);

int dg1_force_wake_suspend(struct dg1_force_wake *fw, bool keep_refs);
void dg1_force_wake_resume(struct dg1_force_wake *fw);
int dg1_force_wake_get(struct dg1_force_wake *fw, u32 domains);
void dg1_force_wake_put(struct dg1_force_wake *fw, u32 domains);
bool dg1_force_wake_held(struct dg1_force_wake *fw, u32 domains);

int dg1_force_wake_user_get(struct dg1_force_wake *fw);
void dg1_force_wake_user_put(struct dg1_force_wake *fw);

u32 dg1_force_wake_present(struct dg1_force_wake *fw);
void dg1_force_wake_stats(struct dg1_force_wake *fw, enum dg1_fw_domain_id id,
			  struct dg1_fw_domain_stats *stats);

#endif /* _DG1_FORCEWAKE_H_ */
