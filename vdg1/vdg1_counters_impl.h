/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_counters_impl.h - the model's side of the counters page, whose
 * layout is the public vdg1_counters.h.
 *
 * The page sits in the range Vol 13 General Assets, "SW Virtualization
 * Reserved MMIO range" keeps free of hardware registers.
 */
#ifndef VDG1_COUNTERS_IMPL_H
#define VDG1_COUNTERS_IMPL_H

#include <stdint.h>

struct vdg1_core;

/* @offset is relative to VDG1_COUNTERS_BASE, dword aligned. */
uint32_t vdg1_counters_read(struct vdg1_core *core, uint32_t offset);
void vdg1_counters_write(struct vdg1_core *core, uint32_t offset, uint32_t val);
/*
 * The driver broke a protocol rule of kind @kind (VDG1_PV_*): counted in
 * total and per kind, remembered as the latest, and logged as a guest
 * error with @what.
 */
void vdg1_counters_protocol_violation(struct vdg1_core *core,
				      unsigned int kind, const char *what);

#endif /* VDG1_COUNTERS_IMPL_H */
