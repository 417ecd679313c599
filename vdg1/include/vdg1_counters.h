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
 * read-only except @control. Accesses to this page are never counted.
 */
#ifndef VDG1_COUNTERS_H
#define VDG1_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

#define VDG1_COUNTERS_BASE		0x178000
#define VDG1_COUNTERS_SIZE		0x1000

#define VDG1_COUNTERS_MAGIC_VALUE	0x31474456	/* "VDG1" little-endian */
#define VDG1_COUNTERS_VERSION_VALUE	3
/* control: write RESET to zero every counter (not state or configuration) */
#define VDG1_COUNTERS_CONTROL_RESET	0x1

/* Slots of the per-domain arrays: enum vdg1_fw_domain, room for growth. */
#define VDG1_COUNTERS_MAX_DOMAINS	8

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
};

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
_Static_assert(sizeof(struct vdg1_counters_page) == 0x090,
	       "counters page layout");
_Static_assert(sizeof(struct vdg1_counters_page) <= VDG1_COUNTERS_SIZE,
	       "the counters fit their page");

#endif /* VDG1_COUNTERS_H */
