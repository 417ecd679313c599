/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_cs_regs.h - a command streamer's registers: what its commands read
 * and write, what a non-privileged batch may write, and the status
 * registers (ACTHD, BBADDR, IPEHR...) that say where the CS is.
 */
#ifndef VDG1_CS_REGS_H
#define VDG1_CS_REGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_regs.h"

struct vdg1_cs;

/*
 * The register a command names: bit 19 of its header (@cs_mmio) makes
 * the offset relative to the engine's base (bits 11:2).
 */
uint32_t vdg1_cs_reg_offset(const struct vdg1_cs *cs, uint32_t offset,
			    bool cs_mmio);
/* May a non-privileged batch write @reg? */
bool vdg1_cs_reg_user_writable(const struct vdg1_cs *cs, uint32_t reg);
uint32_t vdg1_cs_reg_read(struct vdg1_cs *cs, uint32_t reg);
void vdg1_cs_reg_write(struct vdg1_cs *cs, uint32_t reg, uint32_t val);

/* ACTHD: the address of the command the CS executes or fetches next. */
uint64_t vdg1_cs_acthd(const struct vdg1_cs *cs);

/* The status registers of the five engines, for the register file. */
extern const struct vdg1_reg vdg1_cs_status_regs[];
extern const size_t vdg1_cs_status_regs_count;

#endif /* VDG1_CS_REGS_H */
