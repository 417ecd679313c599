/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_core_priv.h - struct vdg1_core: the state every component of the
 * model hangs off.
 *
 * Layering, bottom up: host services (vdg1_host) and timed events
 * (vdg1_event); the register file with its tables (vdg1_regs,
 * vdg1_engine_regs, vdg1_mmu) and the rules it consults (vdg1_wake: which
 * domain an offset needs, vdg1_mcr: replicated storage and steering,
 * vdg1_fw: whether a domain is awake); the memory side (vdg1_ggtt and
 * vdg1_ppgtt translate, vdg1_mmu counts, records faults and reaches
 * memory, vdg1_probe answers the counters page's translation probe);
 * vdg1_core.c on top dispatches BAR0 to the counters page, the GGTT and
 * the register file after applying the power rule. Each component's
 * functions are in its own header.
 */
#ifndef VDG1_CORE_PRIV_H
#define VDG1_CORE_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_core.h"
#include "vdg1_counters.h"
#include "vdg1_event.h"
#include "vdg1_execlists.h"
#include "vdg1_fw.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_mmu.h"
#include "vdg1_oa.h"
#include "vdg1_pcode.h"
#include "vdg1_probe.h"

struct vdg1_reg;

struct vdg1_core {
	struct vdg1_config cfg;
	struct vdg1_host host;
	struct vdg1_events events;

	/* The register file of this core: sorted, fused-off units left out. */
	struct vdg1_reg *regs;
	size_t nregs;
	uint32_t *mmio;			/* plain-storage backing, one per dword */
	uint32_t *mcr;			/* per-instance storage (vdg1_mcr.c) */
	uint64_t *ggtt;			/* PTEs */
	uint32_t ggtt_entries;
	/* Clock at the start of this BAR access: "now" for its effects. */
	uint64_t access_ns;

	struct vdg1_fw fw[VDG1_FW_COUNT];
	struct vdg1_fw_active fw_active;
	struct vdg1_mmu mmu;
	struct vdg1_probe probe;
	struct vdg1_irq irq;
	struct vdg1_engines engines;
	struct vdg1_pcode pcode;
	struct vdg1_oa oa;
	/* Counted by the components; the rest filled in by vdg1_counters.c. */
	struct vdg1_counters_page cnt;
};

#endif /* VDG1_CORE_PRIV_H */
