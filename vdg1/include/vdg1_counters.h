/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_counters.h - layout of vdg1's instrumentation page.
 *
 * The DG1 manual reserves GTTMMADR 0x178000-0x178FFF for a VMM talking to
 * a virtualised driver: no hardware sits behind it, so on a real DG1 the
 * page reads as zero and ignores writes (Vol 13, "SW Virtualization
 * Reserved MMIO range"). vdg1 puts its counters there. Userspace reads them
 * by mmapping /sys/bus/pci/devices/<bdf>/resource0; a zero magic word means
 * "not vdg1" and the reader must skip, not fail.
 *
 * All fields are 32-bit and read-only, except CONTROL. Accesses to this page
 * are never counted themselves.
 */
#ifndef VDG1_COUNTERS_H
#define VDG1_COUNTERS_H

#define VDG1_COUNTERS_BASE			0x178000
#define VDG1_COUNTERS_SIZE			0x1000

#define VDG1_COUNTERS_MAGIC		0x000	/* reads VDG1_COUNTERS_MAGIC_VALUE */
#define   VDG1_COUNTERS_MAGIC_VALUE	0x31474456	/* "VDG1" little-endian */
#define VDG1_COUNTERS_VERSION		0x004	/* layout version, VDG1_COUNTERS_VERSION_VALUE */
#define   VDG1_COUNTERS_VERSION_VALUE	2
#define VDG1_COUNTERS_CONTROL		0x008	/* write RESET to zero every counter */
#define   VDG1_COUNTERS_CONTROL_RESET	0x1

/* Every register access below 4 MiB, this page excluded. */
#define VDG1_COUNTERS_MMIO_READS		0x010
#define VDG1_COUNTERS_MMIO_WRITES		0x014
/* Accesses to offsets the model does not implement (they read 0, writes drop). */
#define VDG1_COUNTERS_UNCLAIMED_READS	0x018
#define VDG1_COUNTERS_UNCLAIMED_WRITES	0x01c
#define VDG1_COUNTERS_LAST_UNCLAIMED	0x020	/* offset of the latest one */

/*
 * Rule violations (layout reserved now, counted from the forcewake and MCR
 * models on): an access to a register whose wake domain sleeps, and an MCR
 * read or unicast write steered to a fused-off instance.
 */
#define VDG1_COUNTERS_WAKE_VIOLATIONS	0x030
#define VDG1_COUNTERS_LAST_WAKE_VIOLATION	0x034
#define VDG1_COUNTERS_MCR_TERMINATED	0x038
#define VDG1_COUNTERS_LAST_MCR_TERMINATED	0x03c
/* Sleep-to-awake transitions per forcewake domain, indexed by enum vdg1_fw_domain. */
#define VDG1_COUNTERS_WAKE_TRANSITIONS(d)	(0x040 + 4 * (d))

/* Forcewake state and configuration (version 2). Bit d is enum vdg1_fw_domain d. */
#define VDG1_COUNTERS_AWAKE_DOMAINS	0x060	/* domains awake right now */
#define VDG1_COUNTERS_NEVER_ACK_DOMAINS	0x064	/* domains configured never to ack */
#define VDG1_COUNTERS_FW_ACK_DELAY_NS	0x068	/* configured ack delay (ns) */
/* Fuses vdg1 was configured with, so tests can tell which scenario runs. */
#define VDG1_COUNTERS_FUSE_DSS_ENABLE	0x070
#define VDG1_COUNTERS_FUSE_L3_DISABLE	0x074

#endif /* VDG1_COUNTERS_H */
