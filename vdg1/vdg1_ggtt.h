/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_ggtt.h - the GGTT: PTE storage in BAR0's upper half and translation
 * through it; its invalidation is vdg1_mmu.c's (i915 gt/intel_ggtt.c,
 * gt/intel_gtt.h; 64-bit accesses per Vol 13 General Assets, "Discrete
 * Graphics Memory Map Information").
 */
#ifndef VDG1_GGTT_H
#define VDG1_GGTT_H

#include <stdint.h>

struct vdg1_core;
struct vdg1_xlate;

int vdg1_ggtt_init(struct vdg1_core *core);
void vdg1_ggtt_fini(struct vdg1_core *core);
void vdg1_ggtt_reset(struct vdg1_core *core);
/* @offset is relative to VDG1_GGTT_BASE and aligned to @size. */
uint64_t vdg1_ggtt_read(struct vdg1_core *core, uint32_t offset,
			unsigned int size);
/* A BAR0 store to the PTEs; counted in ggtt_pte_writes. */
void vdg1_ggtt_write(struct vdg1_core *core, uint32_t offset, uint64_t val,
		     unsigned int size);

/* Bytes of GGTT address space: one 4 KiB page per PTE GSM holds. */
uint64_t vdg1_ggtt_size(const struct vdg1_core *core);
/*
 * Translate GGTT address @addr through its PTE. No side effects: counting
 * and fault records are the caller's (vdg1_mmu.c, vdg1_probe.c). Returns 0,
 * or -1 with xl->reason set.
 */
int vdg1_ggtt_translate(const struct vdg1_core *core, uint64_t addr,
			struct vdg1_xlate *xl);

#endif /* VDG1_GGTT_H */
