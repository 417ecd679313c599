/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_state.h - struct vdg1_core: the state every component of the
 * model hangs off.
 *
 * The components, bottom up (each calls only its own group and those
 * below; scripts/check-layers.py, VDG1_ORDER, checks it from the objects):
 * host services, timed events, the counters sink every component counts
 * through, the LMEM layout, the wake table and the register write log
 * (vdg1_host, vdg1_event, vdg1_counters_sink, vdg1_layout, vdg1_wake,
 * vdg1_reglog); forcewake domains, MCR
 * storage and steering, GGTT and PPGTT translation, PCODE (vdg1_fw,
 * vdg1_mcr, vdg1_ggtt, vdg1_ppgtt, vdg1_pcode); the register file, which
 * merges the tables vdg1_core.c hands it (vdg1_regs; register descriptors
 * in vdg1_reg.h), the translation probe, PM, the package's power, OA
 * reports; the engines'
 * memory access, interrupts and the register tables that need them
 * (vdg1_mmu, vdg1_irq, vdg1_engine_regs, vdg1_global_regs); OA and the
 * blitter; the command streamer; execlists; the counters page the guest
 * reads (vdg1_counters_page); vdg1_core.c on top, which dispatches BAR0 to
 * the counters page, the GGTT and the register file after applying the
 * power rule. This header holds the state only; each component's
 * functions are in its own header.
 */
#ifndef VDG1_STATE_H
#define VDG1_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_core.h"
#include "vdg1_counters.h"
#include "vdg1_event.h"
#include "vdg1_execlists.h"
#include "vdg1_freq.h"
#include "vdg1_fw.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_mmu.h"
#include "vdg1_oa.h"
#include "vdg1_pcode.h"
#include "vdg1_power.h"
#include "vdg1_probe.h"
#include "vdg1_reglog.h"

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
	struct vdg1_power power;
	struct vdg1_freq freq;
	struct vdg1_oa oa;
	/* PCI PowerState D3hot (vdg1_core.h); D0 otherwise. */
	bool d3hot;
	/* Registers written since the guest last cleared the log. */
	struct vdg1_reglog reglog;
	/* Counted by the components; the rest filled in by vdg1_counters_page.c. */
	struct vdg1_counters_page cnt;
};

#endif /* VDG1_STATE_H */
