/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_counters.h - vdg1's counters page: the one description of its
 * layout, shared by the model, the tests and the tools.
 *
 * The DG1 manual reserves GTTMMADR 0x178000-0x178FFF for a VMM talking to
 * a virtualised driver: no hardware sits behind it, so on a real DG1 the
 * page reads as zero and ignores writes (Vol 13 General Assets, "SW
 * Virtualization Reserved MMIO range"). vdg1 puts its counters there.
 * Userspace reads them by mmapping /sys/bus/pci/devices/<bdf>/resource0.
 * A zero magic word means "not vdg1": a reader that was told it runs on
 * vdg1 fails then; one on unknown hardware skips.
 *
 * The page is struct vdg1_counters_page: every field is a 32-bit dword at
 * the offset the static assertions below pin down, so a field's offset in
 * the page is offsetof() of it (VDG1_COUNTERS_OFFSET()). All fields are
 * read-only except @control, @irq_inject, @el_save_delay_ns and the
 * probe's request fields.
 * Accesses to this page are never counted.
 *
 * The translation probe (version 4) lets userspace check a page table
 * without running anything on the GPU: write the request fields
 * (@probe_mode, @probe_access, @probe_root_lo/hi, @probe_va_lo/hi), then
 * VDG1_PROBE_RUN to @probe_control. vdg1 translates during that write, the
 * way an engine would, and fills the result fields (@probe_status and the
 * rest) before the write completes, so the next read of the page sees them.
 * A probe touches no memory but the page-table entries it reads, raises no
 * fault record in the fault registers and changes no counter but
 * @probe_walks. The request fields keep their values (a second RUN repeats
 * the probe); results stay until the next RUN, through counter and device
 * resets. A RUN with a bad request walks nothing and is not counted. One
 * user at a time: the page has one set of probe fields.
 *
 * - @probe_mode VDG1_PROBE_MODE_GGTT: @probe_va is a GGTT address,
 *   translated through the GGTT PTEs at BAR0 + 8 MiB; @probe_root is
 *   ignored.
 * - @probe_mode VDG1_PROBE_MODE_PPGTT: @probe_root is the LMEM address of a
 *   PML4 (4 KiB aligned) and @probe_va a PPGTT virtual address. A DG1 reads
 *   every level of its page tables from LMEM, so there is no mode for a
 *   root in system memory.
 * - @probe_access: VDG1_PROBE_ACCESS_READ or _WRITE (writes check RW).
 *
 * Results: @probe_status VDG1_PROBE_OK with @probe_mem (enum vdg1_mem: 0
 * system memory, 1 LMEM), @probe_addr_lo/hi (the address the access
 * reaches), @probe_page_size (bytes: 4096, 65536, 2 MiB or 1 GiB) and
 * @probe_entry_lo/hi (the leaf entry, raw); or VDG1_PROBE_FAULT with
 * @probe_fault_level (4 PML4E, 3 PDPE, 2 PDE, 1 PTE or GGTT PTE, 0 before
 * any entry) and @probe_fault_reason (VDG1_XLATE_*), @probe_entry the entry
 * that faulted; or VDG1_PROBE_BAD_REQUEST with the VDG1_PROBE_BAD_* reason.
 */
#ifndef VDG1_COUNTERS_H
#define VDG1_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

#define VDG1_COUNTERS_BASE		0x178000
#define VDG1_COUNTERS_SIZE		0x1000

#define VDG1_COUNTERS_MAGIC_VALUE	0x31474456	/* "VDG1" little-endian */
#define VDG1_COUNTERS_VERSION_VALUE	16
/* control: write RESET to zero every counter (not state or configuration) */
#define VDG1_COUNTERS_CONTROL_RESET	0x1
/*
 * control (version 10): POWER_CYCLE puts the device in its power-on state,
 * as a cold boot would (registers, engines, GGTT, firmware; not the
 * counters or the register log). For comparing drivers each from a fresh
 * device: only while no driver is bound.
 */
#define VDG1_COUNTERS_CONTROL_POWER_CYCLE	0x2

/*
 * The register write log (version 10): reglog_control commands, and the
 * key of an entry: a register's offset << 4, with 1 + the instance of a
 * replicated register's copy in bits 3:0 (0 for a plain register).
 */
#define VDG1_REGLOG_CLEAR		0x1
#define VDG1_REGLOG_QUERY		0x2
#define VDG1_REGLOG_KEY(off, inst)	((off) << 4 | (inst))
#define VDG1_REGLOG_END			0xffffffffu
/* reglog_sources: bit 0 the CPU, bit 1 + e engine e's CS; bit 31 unclaimed. */
#define VDG1_REGLOG_SRC_CPU		(1u << 0)
#define VDG1_REGLOG_SRC_ENGINE(e)	(1u << (1 + (e)))
#define VDG1_REGLOG_SRC_UNCLAIMED	(1u << 31)

/* The translation probe (version 4): requests. */
#define VDG1_PROBE_RUN			0x1	/* probe_control */
#define VDG1_PROBE_MODE_GGTT		1	/* probe_mode */
#define VDG1_PROBE_MODE_PPGTT		2
#define VDG1_PROBE_ACCESS_READ		0	/* probe_access */
#define VDG1_PROBE_ACCESS_WRITE		1
/* probe_status */
#define VDG1_PROBE_NONE			0	/* no probe since vdg1 started */
#define VDG1_PROBE_OK			1
#define VDG1_PROBE_FAULT		2
#define VDG1_PROBE_BAD_REQUEST		3
/* probe_fault_reason with VDG1_PROBE_FAULT: why a translation faults */
#define VDG1_XLATE_NOT_PRESENT		1	/* entry without PRESENT */
#define VDG1_XLATE_READ_ONLY		2	/* write through an entry without RW */
#define VDG1_XLATE_VA_RANGE		3	/* VA >= 2^47, GGTT address >= GGTT size */
#define VDG1_XLATE_TABLE_OUTSIDE_LMEM	4	/* a page table beyond LMEM */
/* probe_fault_reason with VDG1_PROBE_BAD_REQUEST */
#define VDG1_PROBE_BAD_MODE		16	/* probe_mode unknown */
#define VDG1_PROBE_BAD_ACCESS		17	/* probe_access unknown */
#define VDG1_PROBE_BAD_ROOT		18	/* PML4 unaligned or above bit 45 */

/* Slots of the per-domain arrays: enum vdg1_fw_domain, room for growth. */
#define VDG1_COUNTERS_MAX_DOMAINS	8

/*
 * Version 5: the engines, in the order of the per-engine arrays (the
 * order of i915's DG1 engine list, i915_pci.c), room for growth.
 */
enum vdg1_engine_id {
	VDG1_ENGINE_RCS0,
	VDG1_ENGINE_BCS0,
	VDG1_ENGINE_VCS0,
	VDG1_ENGINE_VCS2,
	VDG1_ENGINE_VECS0,
	VDG1_ENGINE_COUNT
};

#define VDG1_COUNTERS_MAX_ENGINES	8

/*
 * Version 5: the rows of the manual's context-status table (Vol 13 General
 * Assets, "Context Status", the table of new-queue / away / to / detail),
 * the index of @csb_events. Row 0 counts entries no row describes.
 */
#define VDG1_CSB_ROWS			11

/* Version 6: how many distinct wake-violation offsets the page keeps. */
#define VDG1_WAKE_OFFSETS		16

/* Version 5: last_protocol_violation, what the driver did wrong. */
#define VDG1_PV_SAME_TAIL		1	/* same tail resubmitted, no FORCE_RESTORE */
#define VDG1_PV_ELSQ_PENDING		2	/* ELSQ written while a load is pending */
#define VDG1_PV_SELECTOR		3	/* selector not one-hot / not in the IIR */
#define VDG1_PV_IIR_EARLY		4	/* GT_INTR_DW cleared before service */
#define VDG1_PV_IDENTITY_EARLY		5	/* identity acked before Data-Valid */
#define VDG1_PV_SUBMIT_DISABLED		6	/* EXECLIST_CONTROL without execlists on */
#define VDG1_PV_BAD_DESCRIPTOR		7	/* invalid descriptor or LRCA */
/* Version 7: OABUFFER not between OAHEADPTR and OATAILPTR writes */
#define VDG1_PV_OA_SETUP_ORDER		8
#define VDG1_PV_OTHER			15

struct vdg1_counters_page {
	/* Identity. */
	uint32_t magic;			/* VDG1_COUNTERS_MAGIC_VALUE */
	uint32_t version;		/* VDG1_COUNTERS_VERSION_VALUE */
	uint32_t control;		/* write-only in effect; reads 0 */
	uint32_t reserved0;

	/* Every register access below 4 MiB, this page excluded. */
	uint32_t mmio_reads;
	uint32_t mmio_writes;
	/* Offsets the model does not implement: they read 0, writes drop. */
	uint32_t unclaimed_reads;
	uint32_t unclaimed_writes;
	uint32_t last_unclaimed;	/* offset of the latest one */
	uint32_t reserved1[3];

	/*
	 * Rule violations: an access to a register whose wake domain
	 * sleeps, and an MCR read or unicast write steered to a fused-off
	 * instance.
	 */
	uint32_t wake_violations;
	uint32_t last_wake_violation;
	uint32_t mcr_terminated;
	uint32_t last_mcr_terminated;

	/* Sleep-to-awake transitions per domain (enum vdg1_fw_domain). */
	uint32_t wake_transitions[VDG1_COUNTERS_MAX_DOMAINS];

	/* Forcewake state and configuration; bit d is enum vdg1_fw_domain d. */
	uint32_t awake_domains;		/* awake right now */
	uint32_t never_ack_domains;	/* configured never to ack */
	uint32_t fw_ack_delay_ns;	/* configured ack delay */
	uint32_t reserved2;

	/* Fuses vdg1 was configured with, so tests know the scenario. */
	uint32_t fuse_dss_enable;
	uint32_t fuse_l3_disable;

	/*
	 * Version 3: domains configured to lose the ack of their first
	 * wake requests (fw-lose-acks), and how many each loses; the wake
	 * acks withheld so far, and those then delivered because the driver
	 * raised FORCEWAKE_KERNEL_FALLBACK.
	 */
	uint32_t lose_ack_domains;
	uint32_t lose_ack_count;
	uint32_t acks_lost;
	uint32_t acks_recovered_by_fallback;

	/*
	 * Version 3: the media fuse vdg1 was configured with (0x9140 as the
	 * driver reads it), so tests know which engines exist.
	 */
	uint32_t fuse_vebox_vdbox_disable;
	/* Version 3: 1 when firmware locked MISCCPCTL (misccpctl-locked). */
	uint32_t misccpctl_locked;

	/*
	 * Version 4, configuration: the LMEM size (lmem-size) and how much
	 * of it BAR2 shows the CPU (lmem-bar-size), as low/high dwords.
	 */
	uint32_t lmem_size_lo;
	uint32_t lmem_size_hi;
	uint32_t lmem_bar_size_lo;
	uint32_t lmem_bar_size_hi;

	/*
	 * Version 4, counters of the memory side. GGTT PTE writes are BAR0
	 * write accesses to 8-16 MiB (one per store, whatever its width);
	 * GGTT invalidations are writes of GFX_FLSH_CNTL_EN to GFX_FLSH_CNTL;
	 * TLB invalidations count each engine TLB (and the OA TLB) a write
	 * to a *_TLB_INV_CR register asked to invalidate. Page walks are
	 * the translations the GPU made (GGTT or PPGTT, one per page
	 * touched), page faults those that faulted, with the page address
	 * of the latest. Probe walks are the probe's translations, counted
	 * nowhere else.
	 */
	uint32_t ggtt_pte_writes;
	uint32_t ggtt_invalidations;
	uint32_t tlb_invalidations;
	uint32_t page_walks;
	uint32_t page_faults;
	uint32_t last_fault_lo;
	uint32_t last_fault_hi;
	uint32_t probe_walks;

	/* Version 4: the translation probe's request (read-write). */
	uint32_t probe_control;		/* write VDG1_PROBE_RUN; reads 0 */
	uint32_t probe_mode;		/* VDG1_PROBE_MODE_* */
	uint32_t probe_access;		/* VDG1_PROBE_ACCESS_* */
	uint32_t reserved3;
	uint32_t probe_root_lo;		/* PPGTT: LMEM address of the PML4 */
	uint32_t probe_root_hi;
	uint32_t probe_va_lo;		/* PPGTT VA or GGTT address */
	uint32_t probe_va_hi;

	/* Version 4: the translation probe's result (read-only). */
	uint32_t probe_status;		/* VDG1_PROBE_NONE/OK/FAULT/BAD_REQUEST */
	uint32_t probe_fault_level;	/* 4..1, 0: before any entry */
	uint32_t probe_fault_reason;	/* VDG1_XLATE_* or VDG1_PROBE_BAD_* */
	uint32_t probe_mem;		/* enum vdg1_mem: 0 system, 1 LMEM */
	uint32_t probe_addr_lo;		/* the address the access reaches */
	uint32_t probe_addr_hi;
	uint32_t probe_entry_lo;	/* the leaf (or faulting) entry, raw */
	uint32_t probe_entry_hi;
	uint32_t probe_page_size;	/* bytes */
	uint32_t reserved4[3];

	/*
	 * Version 5, engines (index enum vdg1_engine_id): EXECLIST_CONTROL
	 * loads, MI/blitter commands executed, CSB entries written, engine
	 * resets (GDRST bits or RESET_CTL), instruction errors.
	 */
	uint32_t engine_submissions[VDG1_COUNTERS_MAX_ENGINES];
	uint32_t engine_commands[VDG1_COUNTERS_MAX_ENGINES];
	uint32_t engine_csb_entries[VDG1_COUNTERS_MAX_ENGINES];
	uint32_t engine_resets[VDG1_COUNTERS_MAX_ENGINES];
	uint32_t engine_cs_errors[VDG1_COUNTERS_MAX_ENGINES];
	/* CSB entries by row of the manual's context-status table. */
	uint32_t csb_events[VDG1_CSB_ROWS];
	uint32_t last_cs_error;		/* header dword of the latest one */
	uint32_t preemptions;		/* contexts switched away unfinished */
	/*
	 * Version 15: from an EXECLIST_CONTROL load to the next
	 * MI_USER_INTERRUPT of that engine, summed in ns (64 bits), and how
	 * many such pairs: the device's side of a submission's latency, the
	 * same for every driver.
	 */
	uint32_t load_to_user_irq_ns_lo;
	uint32_t load_to_user_irq_ns_hi;
	uint32_t load_to_user_irqs;

	/*
	 * Version 5, interrupts: MSIs raised; MSIs whose service ended (the
	 * master re-enabled through DG1_MSTR_TILE_INTR); register accesses
	 * between an MSI and that re-enable (the service's MMIO); engine
	 * identities delivered through the selector.
	 */
	uint32_t msi_sent;
	uint32_t irqs_serviced;
	uint32_t irq_mmio_reads;
	uint32_t irq_mmio_writes;
	uint32_t irq_identities;
	/*
	 * Writable: raise engine events without an engine running, bits 15:0
	 * the events (the engine interrupt bits), 23:16 the engine (enum
	 * vdg1_engine_id); an absent engine is ignored. Reads 0.
	 */
	uint32_t irq_inject;
	/*
	 * Version 6: PCODE mailbox commands sent (READY written), and those
	 * answered with an error status (vdg1_pcode.h).
	 */
	uint32_t pcode_commands;
	uint32_t pcode_errors;

	/*
	 * Version 5, protocol violations (VDG1_PV_*): total, the kind of the
	 * latest, and per kind.
	 */
	uint32_t protocol_violations;
	uint32_t last_protocol_violation;
	uint32_t pv_by_kind[16];
	uint32_t reserved7[2];

	/*
	 * Version 6: the first distinct offsets that saw a wake violation,
	 * in order (0 = unused), so that a test can tell whose accesses
	 * they were.
	 */
	uint32_t wake_violation_offsets[VDG1_WAKE_OFFSETS];
	/* Version 6: 1 when configured with pg-follows-driver. */
	uint32_t pg_follows_driver;
	uint32_t reserved8[3];

	/*
	 * Version 7, the OA unit (Documentation/vdg1-oa.rst). Counters:
	 * reports written to the OA buffer (periodic and context-switch),
	 * reports not written because the buffer was full or the write
	 * faulted, OATAILPTR advances by the hardware (one per report
	 * written: vdg1 writes a report whole before moving the tail),
	 * context-switch reports, MI_REPORT_PERF_COUNT reports, periodic
	 * reports, writes to NOA_WRITE (0x9888).
	 */
	uint32_t oa_reports_written;
	uint32_t oa_reports_dropped;
	uint32_t oa_tail_updates;
	uint32_t oa_ctx_switch_reports;
	uint32_t oa_mi_rpc_reports;
	uint32_t oa_timer_reports;
	uint32_t oa_noa_writes;
	/*
	 * Version 8: half-full interrupts raised (a periodic report took the
	 * OA buffer to half full with OA_IMR bit 28 clear).
	 */
	uint32_t oa_half_full_irqs;
	/*
	 * Version 7, OA state: OACONTROL enable (bit 0) and format (4:2),
	 * OAGLBCTXCTRL timer exponent (7:2) and timer enable (bit 1).
	 */
	uint32_t oa_enabled;
	uint32_t oa_format;
	uint32_t oa_exponent;
	uint32_t oa_timer_enabled;
	/*
	 * Version 9, read-write: how long an engine takes to save a context
	 * whose ring ran empty before the CSB reports it switched out, in
	 * ns (0, the default: at once; kept through device resets). On
	 * hardware the save takes microseconds after the last breadcrumb;
	 * a test makes it long to widen that window at will, e.g. for a
	 * driver that frees a context as soon as its last request signals.
	 */
	uint32_t el_save_delay_ns;
	/*
	 * Version 12, read-write: GDRST bits whose reset never completes
	 * (0 by default; kept through device resets). A bit written to GDRST
	 * while set here resets its engines (bit 0: all of them) as usual
	 * but stays set, as a reset the hardware does not acknowledge; it
	 * clears when taken out of this mask. What i915 calls a failed reset
	 * (gt/intel_reset.c gen6_hw_domain_reset(): the bit did not clear).
	 */
	uint32_t gdrst_stuck;
	uint32_t reserved9[2];
	/*
	 * Version 10, the register write log: every register written since
	 * the last VDG1_REGLOG_CLEAR, by the CPU or by an engine's CS (LRI,
	 * LRM, LRR; not the GPRs or predicates, which belong to contexts).
	 * Write a key to @reglog_seek, then VDG1_REGLOG_QUERY to
	 * @reglog_control: @reglog_key is the first entry at or after it
	 * (VDG1_REGLOG_END if none), @reglog_value the register's value now
	 * (the copy of that instance; for an unclaimed offset, or a register
	 * that does not read back, the last value written), @reglog_sources
	 * who wrote it, @reglog_raw the last value written as written. The
	 * log survives device resets. One user at a time.
	 */
	uint32_t reglog_control;
	uint32_t reglog_seek;
	uint32_t reglog_key;
	uint32_t reglog_value;
	uint32_t reglog_sources;
	uint32_t reglog_raw;
	uint32_t reserved10[2];
	/*
	 * Version 11: GPU accesses through a PPGTT (one per page an access
	 * touches), by the PAT index of the leaf that mapped them (PTE bits
	 * 3, 4, 7; bits 3, 4, 12 of a 2 MiB or 1 GiB leaf), and by the
	 * memory type the private PAT gave that index at the time
	 * (GEN12_PAT_INDEX bits 1:0; VDG1_MEM_TYPE_*). GGTT accesses have no
	 * PAT before MTL and count in neither.
	 */
	uint32_t ppgtt_accesses_by_pat[8];
	uint32_t ppgtt_accesses_by_mem_type[4];
	/*
	 * Version 13, why the domains are awake: @held_domains by a
	 * forcewake request or ack; @ungated_domains because nothing lets
	 * their well power down (pg-follows-driver with RC6 and the well's
	 * power gating off: a driver that disabled them leaves its wells up,
	 * as on a DG1). What is awake and in neither runs on an engine or
	 * waits out its idle hysteresis.
	 */
	uint32_t held_domains;
	uint32_t ungated_domains;
	/*
	 * Version 14, PCI power management (vdg1_core.h): @pci_power_state
	 * is PMCSR's PowerState (0 = D0, 3 = D3hot); @d3_entries counts
	 * D0 -> D3hot transitions; @d3_accesses the BAR0 and BAR2 accesses
	 * made in D3hot (reads return all ones, writes are lost), with the
	 * last one's offset in @last_d3_access (BAR2's with bit 31 set);
	 * @d3_unready_entries the entries into D3hot with an engine busy or
	 * a forcewake request set (the driver did not quiesce the GPU);
	 * @power_losses the times main power went (D3cold: S3, hibernation,
	 * a platform reset), taking register state and LMEM's contents.
	 */
	uint32_t pci_power_state;
	uint32_t d3_entries;
	uint32_t d3_accesses;
	uint32_t last_d3_access;
	uint32_t d3_unready_entries;
	uint32_t power_losses;
	/*
	 * Version 16, per forcewake domain (enum vdg1_fw_domain): writes of
	 * its request register that set KERNEL or FALLBACK, and reads of its
	 * ack register; a never-acking domain counts them too. What a driver
	 * that leaves a dead domain alone does not do.
	 */
	uint32_t wake_requests[VDG1_COUNTERS_MAX_DOMAINS];
	uint32_t ack_reads[VDG1_COUNTERS_MAX_DOMAINS];
};

/* In last_d3_access: the offset is BAR2's (else BAR0's). */
#define VDG1_D3_ACCESS_BAR2		0x80000000u

/* The memory types of the private PAT (i915 gt/intel_gtt.h GEN8_PPAT_*). */
#define VDG1_MEM_TYPE_UC		0
#define VDG1_MEM_TYPE_WC		1
#define VDG1_MEM_TYPE_WT		2
#define VDG1_MEM_TYPE_WB		3

#define VDG1_COUNTERS_OFFSET(field) \
	((uint32_t)offsetof(struct vdg1_counters_page, field))

/* The layout is ABI between vdg1 and its readers: pin every group. */
_Static_assert(offsetof(struct vdg1_counters_page, mmio_reads) == 0x010,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, wake_violations) == 0x030,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, wake_transitions) == 0x040,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, awake_domains) == 0x060,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, fuse_dss_enable) == 0x070,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, lose_ack_domains) == 0x078,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page,
			fuse_vebox_vdbox_disable) == 0x088,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, lmem_size_lo) == 0x090,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, ggtt_pte_writes) == 0x0a0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, page_faults) == 0x0b0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, probe_control) == 0x0c0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, probe_root_lo) == 0x0d0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, probe_status) == 0x0e0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, probe_addr_lo) == 0x0f0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, probe_page_size) == 0x100,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page,
			engine_submissions) == 0x110,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, csb_events) == 0x1b0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, msi_sent) == 0x1f0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page,
			protocol_violations) == 0x210,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page,
			wake_violation_offsets) == 0x260,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page,
			oa_reports_written) == 0x2b0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, oa_enabled) == 0x2d0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, el_save_delay_ns) == 0x2e0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, gdrst_stuck) == 0x2e4,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, reglog_control) == 0x2f0,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page,
			ppgtt_accesses_by_pat) == 0x310,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, held_domains) == 0x340,
	       "counters page layout");
_Static_assert(offsetof(struct vdg1_counters_page, wake_requests) == 0x360,
	       "counters page layout");
_Static_assert(sizeof(struct vdg1_counters_page) == 0x3a0,
	       "counters page layout");
_Static_assert(sizeof(struct vdg1_counters_page) <= VDG1_COUNTERS_SIZE,
	       "the counters fit their page");

#endif /* VDG1_COUNTERS_H */
