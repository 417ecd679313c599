/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_execlists.h - the engines' submission side: execlist submit queue
 * and control, context restore and save from the logical ring context
 * image, the context status buffer, preemption, engine reset, and the
 * engine registers that go with them.
 *
 * Each present engine runs its command streamer (vdg1_cs.h) from an event
 * at cs_ns_per_command per command; nothing it does is visible at the
 * time it was asked for.
 */
#ifndef VDG1_EXECLISTS_H
#define VDG1_EXECLISTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_counters.h"
#include "vdg1_cs.h"
#include "vdg1_event.h"

struct vdg1_core;
struct vdg1_reg;

/* Status-page dwords of the CSB (ERRATA: i915's locations, not the manual's). */
#define VDG1_HWSP_CSB_DW		0x10
#define VDG1_HWSP_CSB_PTR_DW		0x2f
#define VDG1_CSB_ENTRIES		12
/* Delays of the hardware's answers. */
#define VDG1_EL_LOAD_NS			200	/* EXECLIST_CONTROL to the switch */
#define VDG1_EL_POLL_NS			10000	/* semaphore re-poll */
#define VDG1_EL_RESET_NS		1000	/* READY_TO_RESET, GDRST clear */
#define VDG1_EL_BUDGET			256	/* commands per run event */
#define VDG1_EL_PACE			4	/* engines together: <= 1/4 of the host */

struct vdg1_engine {
	struct vdg1_core *core;
	unsigned int id;			/* enum vdg1_engine_id */
	bool present;
	unsigned int domain;			/* enum vdg1_fw_domain */
	uint32_t base;
	struct vdg1_cs cs;

	/* Registers with behaviour. */
	uint32_t hws_pga;
	uint32_t mi_mode;
	uint32_t eir, emr;
	uint32_t reset_ctl;
	uint32_t csb_read, csb_write;		/* RING_CONTEXT_STATUS_PTR */
	uint64_t csb[VDG1_CSB_ENTRIES];		/* MMIO copies */

	/* Submission. */
	bool load_pending;			/* control written, not taken */
	bool staged;				/* taken, waits for a switch point */
	uint64_t load[2];			/* the ports of that load */
	uint64_t port[2];			/* running list, @cur the one */
	unsigned int cur;
	bool active;				/* a context is on the engine */
	bool hung;				/* error or fault: until reset */
	bool arb_stop;				/* switch out at the next run */
	bool busy;				/* holds its power domain */
	bool saving;				/* ring empty, the save under way */
	uint64_t ctx_start_ns;			/* for CTX_TIMESTAMP */
	uint32_t ctx_ts_base;
	struct vdg1_event load_ev, run_ev, ready_ev;
};

struct vdg1_engines {
	struct vdg1_engine e[VDG1_ENGINE_COUNT];
	uint32_t save_delay_ns;			/* the counters page's */
	uint32_t gdrst;				/* GDRST bits not yet cleared */
	uint32_t gdrst_stuck;			/* the counters page's */
	struct vdg1_event gdrst_ev;
};

void vdg1_execlists_init(struct vdg1_core *core);
void vdg1_execlists_reset(struct vdg1_core *core);
void vdg1_execlists_fini(struct vdg1_core *core);
/* The counters page's gdrst_stuck: these GDRST bits never clear. */
void vdg1_execlists_set_gdrst_stuck(struct vdg1_core *core, uint32_t mask);

extern const struct vdg1_reg vdg1_execlists_regs[];
extern const size_t vdg1_execlists_regs_count;

#endif /* VDG1_EXECLISTS_H */
