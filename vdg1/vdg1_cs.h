/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_cs.h - a command streamer: fetches commands from a context's ring
 * and batches and executes them (MI commands; on the copy engine the
 * XY_FAST_COPY_BLT / XY_FAST_COLOR_BLT blits), every memory access
 * through the GGTT or the context's PPGTT (vdg1_mmu.h).
 *
 * The execlists side (vdg1_execlists.h) owns the timing: it loads a
 * struct vdg1_cs from a context image, calls vdg1_cs_run() from its
 * engine event with a budget, saves the state back on a switch, and
 * decides what a stop means. The command streamer owns no event and no
 * context switch; it raises the engine interrupts its commands ask for
 * (MI_USER_INTERRUPT, flush notify) through vdg1_irq_engine().
 *
 * Sources: HARDWARE.md §9 (opcodes, lengths, layouts, privilege), Vol 13
 * General Assets "Command Streamer" chapters, i915
 * gt/intel_gpu_commands.h.
 */
#ifndef VDG1_CS_H
#define VDG1_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "vdg1_mmu.h"

struct vdg1_core;

/* Why vdg1_cs_run() returned. */
enum vdg1_cs_stop {
	/* Head reached tail in the ring: nothing left to run. */
	VDG1_CS_EMPTY,
	/* The budget ran out mid-stream; call again to go on. */
	VDG1_CS_BUDGET,
	/*
	 * At an arbitration point (MI_ARB_CHECK with arbitration on, or an
	 * unsuccessful MI_SEMAPHORE_WAIT) with @preempt_pending set: the
	 * context may be switched out here and resumes after that point.
	 */
	VDG1_CS_ARB,
	/*
	 * An MI_SEMAPHORE_WAIT in polling mode is not satisfied: the head
	 * stays on it; call again later (it re-reads the semaphore).
	 */
	VDG1_CS_WAIT,
	/*
	 * Instruction error (unknown opcode, bad length, a privileged
	 * command in a non-privileged batch): @error_header holds the
	 * header; the head stays on the command. The engine hangs there
	 * until reset, as hardware does.
	 */
	VDG1_CS_ERROR,
	/*
	 * A memory access faulted (recorded by vdg1_mmu); the head stays
	 * on the command.
	 */
	VDG1_CS_FAULT,
};

/* Batch nesting: the ring (level 0), first and second level batches. */
#define VDG1_CS_LEVELS		3
#define VDG1_CS_GPRS		16

/*
 * One engine's command streamer state. The fields down to @gpr are what
 * a context switch saves and restores (vdg1_execlists.c, from and to the
 * context image); the rest is the engine's.
 */
struct vdg1_cs {
	struct vdg1_core *core;
	unsigned int engine;		/* enum vdg1_engine_id */
	unsigned int hw_class;		/* 0 RCS, 1 VCS, 2 VECS, 3 BCS */
	unsigned int instance;
	uint32_t mmio_base;

	/* Context state. */
	struct vdg1_gpu_vm ppgtt;	/* PML4 from the image's PDP0 */
	uint32_t lrca;			/* GGTT address of the PPHWSP */
	uint32_t ring_start;		/* GGTT, 4 KiB aligned */
	uint32_t ring_size;		/* bytes, from RING_CTL */
	uint32_t head;			/* byte offset in the ring */
	uint32_t tail;
	bool arb_enabled;		/* MI_ARB_ON_OFF */
	/*
	 * The descriptor's privilege bit (bit 8): without it the ring's own
	 * commands are a user's (Vol 13 "Context Descriptor"; i915 sets it
	 * on every context, gt/intel_lrc.c lrc_descriptor()).
	 */
	bool ring_privileged;
	unsigned int depth;		/* 0: executing from the ring */
	uint64_t bb_addr[VDG1_CS_LEVELS];	/* next fetch per level > 0 */
	bool bb_ppgtt[VDG1_CS_LEVELS];	/* batch in the PPGTT (user) */
	uint64_t gpr[VDG1_CS_GPRS];
	uint64_t loaded_ns;		/* the engine's last load, until a user irq */
	uint64_t predicate_src0, predicate_src1;
	uint32_t predicate_result;
	/* MI_PREDICATE_RESULT_1: what a predicated batch start obeys. */
	uint32_t predicate_result_1;
	uint32_t ipehr;			/* the last header parsed */

	/*
	 * The context's workaround batches, run at its load before anything
	 * else (Vol 13 General Assets, "Workaround Batch Buffers"): the
	 * INDIRECT_CTX buffer (@end: its size) and the post-restore
	 * BB_PER_CTX_PTR batch (@end 0: to MI_BATCH_BUFFER_END), both GGTT
	 * and privileged. While one runs, the context's own batch position
	 * waits in @wa_saved_*.
	 */
	struct {
		uint32_t addr, end;
	} wa[2];
	unsigned int wa_n, wa_i;
	bool wa_active;
	unsigned int wa_saved_depth;
	uint64_t wa_saved_addr[VDG1_CS_LEVELS];
	bool wa_saved_ppgtt[VDG1_CS_LEVELS];

	/* Engine state. */
	bool preempt_pending;		/* stop at the next arbitration point */
	uint32_t error_header;		/* with VDG1_CS_ERROR */
	uint64_t commands;		/* executed since reset */
};

/*
 * Run the context's workaround batches first: @indirect (GGTT, @bytes
 * long; 0 for none), then the batch at @per_ctx (GGTT; 0 for none).
 */
void vdg1_cs_set_wa_batches(struct vdg1_cs *cs, uint32_t indirect,
			    uint32_t bytes, uint32_t per_ctx);

/* An engine's CS at reset: no context, arbitration on. */
void vdg1_cs_init(struct vdg1_cs *cs, struct vdg1_core *core,
		  unsigned int engine);

/*
 * Execute commands until something stops the stream or @budget units are
 * spent (a command costs one unit, a blit one per 4 KiB it touches);
 * *@budget is decremented by what was spent.
 */
enum vdg1_cs_stop vdg1_cs_run(struct vdg1_cs *cs, uint32_t *budget);

/* The MMIO base, class and instance of engine @engine. */
uint32_t vdg1_engine_mmio_base(unsigned int engine);
unsigned int vdg1_engine_hw_class(unsigned int engine);
unsigned int vdg1_engine_instance(unsigned int engine);

#endif /* VDG1_CS_H */
