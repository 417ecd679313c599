/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FORCEWAKE_TYPES_H_
#define _DG1_FORCEWAKE_TYPES_H_

#include <linux/bits.h>
#include <linux/hrtimer_types.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>
#include <linux/wait.h>

#include "regs/dg1_reg_defs.h"

struct dg1_force_wake;
struct dg1_mmio;

/**
 * enum dg1_fw_domain_id - forcewake domains of DG1
 *
 * The domains i915 creates for DG1 (i915 intel_uncore.c, the gen11+
 * domains of the engines DG1 has); VDBOX1/3 and VEBOX1 have no engine on
 * DG1. The order matches vdg1's enum vdg1_fw_domain.
 *
 * @DG1_FW_DOMAIN_ID_GT: GT-wide registers, blitter, fuses
 * @DG1_FW_DOMAIN_ID_RENDER: render engine and its units
 * @DG1_FW_DOMAIN_ID_VDBOX0: video decode box 0
 * @DG1_FW_DOMAIN_ID_VDBOX2: video decode box 2
 * @DG1_FW_DOMAIN_ID_VEBOX0: video enhancement box 0
 * @DG1_FW_DOMAIN_ID_COUNT: number of ids
 */
enum dg1_fw_domain_id {
	DG1_FW_DOMAIN_ID_GT,
	DG1_FW_DOMAIN_ID_RENDER,
	DG1_FW_DOMAIN_ID_VDBOX0,
	DG1_FW_DOMAIN_ID_VDBOX2,
	DG1_FW_DOMAIN_ID_VEBOX0,
	DG1_FW_DOMAIN_ID_COUNT
};

/* Domain masks: what the range table holds and get/put take. */
#define DG1_FW_NONE		0
#define DG1_FW_GT		BIT(DG1_FW_DOMAIN_ID_GT)
#define DG1_FW_RENDER		BIT(DG1_FW_DOMAIN_ID_RENDER)
#define DG1_FW_VDBOX0		BIT(DG1_FW_DOMAIN_ID_VDBOX0)
#define DG1_FW_VDBOX2		BIT(DG1_FW_DOMAIN_ID_VDBOX2)
#define DG1_FW_VEBOX0		BIT(DG1_FW_DOMAIN_ID_VEBOX0)
#define DG1_FW_ALL		(BIT(DG1_FW_DOMAIN_ID_COUNT) - 1)

/**
 * struct dg1_fw_range - a range of register offsets and its wake domain
 */
struct dg1_fw_range {
	/** @start: first byte offset of the range */
	u32 start;
	/** @end: last byte offset of the range (inclusive) */
	u32 end;
	/** @domains: DG1_FW_* mask to hold for an access; DG1_FW_NONE for none */
	u32 domains;
};

/**
 * enum dg1_fw_state - where a domain is in its wake-up cycle
 *
 * @DG1_FW_ASLEEP: no request of ours is pending (its ack may still be
 *	clearing from the last release)
 * @DG1_FW_WAKING: a getter is waking it, outside the lock; other getters
 *	wait for the outcome
 * @DG1_FW_AWAKE: acknowledged; held while @ref > 0, then released by the
 *	timer
 */
enum dg1_fw_state {
	DG1_FW_ASLEEP,
	DG1_FW_WAKING,
	DG1_FW_AWAKE,
};

/**
 * struct dg1_fw_domain - one forcewake domain
 *
 * Every field but the constant ones (@fw, @id, @req, @ack) is under
 * &dg1_force_wake.lock; the counters are for debugfs.
 */
struct dg1_fw_domain {
	/** @fw: the forcewake state this domain belongs to */
	struct dg1_force_wake *fw;
	/** @id: which domain */
	enum dg1_fw_domain_id id;
	/** @req: request register (masked, shadowed) */
	struct dg1_reg req;
	/** @ack: acknowledge register (needs no forcewake) */
	struct dg1_reg ack;
	/** @ref: users holding the domain awake */
	unsigned int ref;
	/** @state: see &enum dg1_fw_state */
	enum dg1_fw_state state;
	/** @error_reported: an ack timeout was already logged */
	bool error_reported;
	/**
	 * @retry_after: jiffies before which a domain that failed to wake is
	 * not tried again; gets fail at once until then
	 */
	unsigned long retry_after;
	/** @wakes: sleep-to-awake transitions the driver performed */
	u64 wakes;
	/** @gets: calls of get that included this domain */
	u64 gets;
	/** @errors: failed wake-ups: ack timeouts, and gets refused after one */
	u32 errors;
	/** @fallbacks: wake-ups that needed the fallback protocol, and got it */
	u32 fallbacks;
	/** @release_timer: drops the request 1-2 ms after the last put */
	struct hrtimer release_timer;
	/**
	 * @put_again: a last put came while @release_timer was queued: it
	 * runs once more rather than being armed again on every put
	 */
	bool put_again;
};

/**
 * struct dg1_force_wake - forcewake state of a GT
 */
struct dg1_force_wake {
	/** @mmio: register window, accessed raw */
	struct dg1_mmio *mmio;
	/**
	 * @lock: guards the domains' state, references and counters, and
	 * orders the request writes; never held across a wait. Innermost:
	 * nothing is taken under it.
	 */
	spinlock_t lock;
	/** @wake_done: getters waiting for another getter's wake-up */
	wait_queue_head_t wake_done;
	/** @present: domains set up by dg1_force_wake_init_domains() */
	u32 present;
	/**
	 * @user_holds: openers of debugfs forcewake_user, each holding a
	 * reference on every present domain
	 */
	unsigned int user_holds;
	/** @domains: per-domain state, indexed by &enum dg1_fw_domain_id */
	struct dg1_fw_domain domains[DG1_FW_DOMAIN_ID_COUNT];
};

#endif /* _DG1_FORCEWAKE_TYPES_H_ */
