/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_mmu.h - how the GPU reaches memory: translation through the GGTT
 * or a PPGTT, the page-fault record a failed translation leaves, and the
 * per-engine TLB invalidation registers.
 *
 * Engines read and write memory with vdg1_mmu_read()/vdg1_mmu_write(), or
 * translate with vdg1_mmu_translate() and reach memory themselves through
 * vdg1_host. Each translation is a page walk (counted); one that fails is a
 * page fault (counted, with its address) and is recorded in
 * GEN12_RING_FAULT_REG / GEN12_FAULT_TLB_DATA0/1 the way i915
 * gt/intel_gt.c reads and clears them; an access that faults touches no
 * memory. Every PPGTT access is counted by the PAT index of its leaf and
 * by the memory type the private PAT gives that index. The TLB
 * invalidation registers (i915 gt/intel_tlb.c) take a
 * request bit per engine instance and clear it once done. Register
 * offsets and fields: vdg1_regdefs.h.
 */
#ifndef VDG1_MMU_H
#define VDG1_MMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_event.h"
#include "vdg1_regdefs.h"
#include "vdg1_regs.h"
#include "vdg1_tlb.h"

struct vdg1_core;
struct vdg1_xlate;

/*
 * Time from a TLB invalidation request to its bit clearing. i915
 * gt/intel_tlb.c expects about 40 us on hardware; the model takes less so
 * that invalidation-heavy tests do not wait on it, but not zero, so a
 * driver that does not poll reads the bit still set.
 */
#define VDG1_TLB_INV_NS		1000

/* GFX, VD, VE, BLT and OA TLB_INV_CR. */
#define VDG1_TLB_INV_REGS	5

/* A TLB per engine (enum vdg1_engine_id), then the OA unit's. */
#define VDG1_TLB_OA		VDG1_ENGINE_COUNT
#define VDG1_TLBS		(VDG1_ENGINE_COUNT + 1)

/*
 * One *_TLB_INV_CR register: @valid are the bits of engines that exist
 * (instance n is bit n), @pending those requested and not yet done, all
 * finishing when @done fires.
 */
struct vdg1_tlb_inv {
	struct vdg1_core *core;
	uint32_t offset;
	uint32_t valid;
	uint32_t pending;
	struct vdg1_event done;
};

struct vdg1_mmu {
	/* The latched fault: GEN12_RING_FAULT_REG, FAULT_TLB_DATA0/1. */
	uint32_t ring_fault;
	uint32_t fault_data0;
	uint32_t fault_data1;
	struct vdg1_tlb_inv tlb_inv[VDG1_TLB_INV_REGS];
	struct vdg1_tlb tlb[VDG1_TLBS];
	/* The private PAT: GEN12_PAT_INDEX(0..7), memory type in bits 1:0. */
	uint32_t pat[VDG1_PAT_ENTRIES];
};

/*
 * An address space an engine accesses: the GGTT, or the PPGTT whose PML4
 * is at LMEM address @pml4 (the context's PDP0). @engine_id goes to the
 * fault record's engine field (RING_FAULT_REG bits 16:12); which number
 * an engine has there is not in i915 or the manual, so the engine model
 * chooses it: an enum vdg1_engine_id, or VDG1_OA_FAULT_ID. It also picks
 * the TLB the translation goes through.
 */
struct vdg1_gpu_vm {
	bool ggtt;
	uint64_t pml4;
	unsigned int engine_id;
};

void vdg1_mmu_init(struct vdg1_core *core);
void vdg1_mmu_reset(struct vdg1_core *core);

/*
 * Translate @va for an access of @vm (a write when @write): from its
 * engine's TLB, else one page walk that fills it; either counts as a walk.
 * Returns 0, or -1 after counting the fault and recording it.
 */
int vdg1_mmu_translate(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		       uint64_t va, bool write, struct vdg1_xlate *xl);
/*
 * Copy @len bytes at @va of @vm to/from @buf, a page walk per page touched.
 * Every page is translated before any byte moves, so an access with a
 * fault anywhere touches no memory: returns -1 with the first faulting
 * page recorded. -2 is a bus error of the host (the address is not
 * memory); bytes before it may have been copied. 0 on success.
 */
int vdg1_mmu_read(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		  uint64_t va, void *buf, size_t len);
int vdg1_mmu_write(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		   uint64_t va, const void *buf, size_t len);

/*
 * An engine's TLB invalidation from its command stream (MI_FLUSH_DW or
 * PIPE_CONTROL with TLB Invalidate): @engine_id as in struct vdg1_gpu_vm.
 */
void vdg1_mmu_tlb_invalidate(struct vdg1_core *core, unsigned int engine_id);

/*
 * The fault, TLB invalidation, GGTT invalidation (GFX_FLSH_CNTL) and
 * private PAT registers, merged by vdg1_regs.c.
 */
extern const struct vdg1_reg vdg1_mmu_regs[];
extern const size_t vdg1_mmu_regs_count;

#endif /* VDG1_MMU_H */
