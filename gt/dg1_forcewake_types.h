/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FORCEWAKE_TYPES_H_
#define _DG1_FORCEWAKE_TYPES_H_

#include <linux/bits.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

#include "regs/dg1_reg_defs.h"

struct dg1_mmio;

/**
 * enum dg1_fw_domain_id - forcewake domains of a Gen12 GT
 *
 * Every VDBOX/VEBOX the engine table can name has an id; DG1 itself has GT,
 * RENDER, VDBOX0, VDBOX2 and VEBOX0 (HARDWARE.md §3.1). Only the domains of
 * engines left by the fuses are ever touched.
 *
 * @DG1_FW_DOMAIN_ID_GT: GT-wide registers, blitter, fuses
 * @DG1_FW_DOMAIN_ID_RENDER: render engine and its units
 * @DG1_FW_DOMAIN_ID_VDBOX0: video decode box 0
 * @DG1_FW_DOMAIN_ID_VDBOX1: video decode box 1
 * @DG1_FW_DOMAIN_ID_VDBOX2: video decode box 2
 * @DG1_FW_DOMAIN_ID_VDBOX3: video decode box 3
 * @DG1_FW_DOMAIN_ID_VEBOX0: video enhancement box 0
 * @DG1_FW_DOMAIN_ID_VEBOX1: video enhancement box 1
 * @DG1_FW_DOMAIN_ID_COUNT: number of ids
 */
enum dg1_fw_domain_id {
	DG1_FW_DOMAIN_ID_GT,
	DG1_FW_DOMAIN_ID_RENDER,
	DG1_FW_DOMAIN_ID_VDBOX0,
	DG1_FW_DOMAIN_ID_VDBOX1,
	DG1_FW_DOMAIN_ID_VDBOX2,
	DG1_FW_DOMAIN_ID_VDBOX3,
	DG1_FW_DOMAIN_ID_VEBOX0,
	DG1_FW_DOMAIN_ID_VEBOX1,
	DG1_FW_DOMAIN_ID_COUNT
};

/* Domain masks, as taken by dg1_force_wake_get() and _put(). */
#define DG1_FW_GT		BIT(DG1_FW_DOMAIN_ID_GT)
#define DG1_FW_RENDER		BIT(DG1_FW_DOMAIN_ID_RENDER)
#define DG1_FW_VDBOX(n)		BIT(DG1_FW_DOMAIN_ID_VDBOX0 + (n))
#define DG1_FW_VEBOX(n)		BIT(DG1_FW_DOMAIN_ID_VEBOX0 + (n))
#define DG1_FW_ALL		(BIT(DG1_FW_DOMAIN_ID_COUNT) - 1)

/**
 * struct dg1_fw_domain - one forcewake domain
 */
struct dg1_fw_domain {
	/** @req: request register (masked) */
	struct dg1_reg req;
	/** @ack: acknowledge register */
	struct dg1_reg ack;
	/** @ref: users holding the domain awake; under &dg1_force_wake.lock */
	unsigned int ref;
};

/**
 * struct dg1_force_wake - forcewake state of a GT
 */
struct dg1_force_wake {
	/** @mmio: registers the request and ack live in */
	struct dg1_mmio *mmio;
	/** @lock: protects @domains[].ref and the request writes */
	spinlock_t lock;
	/** @initialized: mask of domains set up by dg1_force_wake_init_domains() */
	u32 initialized;
	/** @domains: per-domain state, indexed by &enum dg1_fw_domain_id */
	struct dg1_fw_domain domains[DG1_FW_DOMAIN_ID_COUNT];
};

#endif /* _DG1_FORCEWAKE_TYPES_H_ */
