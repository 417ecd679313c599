// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_counters.c - the instrumentation page (layout in vdg1_counters.h).
 *
 * The page sits in the SW-virtualisation range 0x178000-0x178FFF, where no
 * hardware register may live (Vol13:L392-L398), so the counters can never
 * shadow a real register. Accesses to the page are not counted, and it
 * needs no forcewake (it is outside the manual's wake table, Vol13:L373).
 */
#include <stddef.h>

#include "vdg1_core_priv.h"
#include "vdg1_counters.h"
#include "vdg1_counters_impl.h"

struct instr_field {
	uint32_t offset;
	size_t member;		/* offsetof() in struct vdg1_counters */
};

#define FIELD(off, m)	{ (off), offsetof(struct vdg1_counters, m) }
#define WAKE(d)		FIELD(VDG1_COUNTERS_WAKE_TRANSITIONS(d), wake_transitions[d])

static const struct instr_field instr_fields[] = {
	FIELD(VDG1_COUNTERS_MMIO_READS, mmio_reads),
	FIELD(VDG1_COUNTERS_MMIO_WRITES, mmio_writes),
	FIELD(VDG1_COUNTERS_UNCLAIMED_READS, unclaimed_reads),
	FIELD(VDG1_COUNTERS_UNCLAIMED_WRITES, unclaimed_writes),
	FIELD(VDG1_COUNTERS_LAST_UNCLAIMED, last_unclaimed),
	FIELD(VDG1_COUNTERS_WAKE_VIOLATIONS, wake_violations),
	FIELD(VDG1_COUNTERS_LAST_WAKE_VIOLATION, last_wake_violation),
	FIELD(VDG1_COUNTERS_MCR_TERMINATED, mcr_terminated),
	FIELD(VDG1_COUNTERS_LAST_MCR_TERMINATED, last_mcr_terminated),
	WAKE(VDG1_FW_GT),
	WAKE(VDG1_FW_RENDER),
	WAKE(VDG1_FW_VDBOX0),
	WAKE(VDG1_FW_VDBOX2),
	WAKE(VDG1_FW_VEBOX0),
};

_Static_assert(VDG1_FW_COUNT == 5, "add the new domain to instr_fields[]");

static const uint32_t *counter(const struct vdg1_core *core, uint32_t offset)
{
	size_t i;

	for (i = 0; i < sizeof(instr_fields) / sizeof(instr_fields[0]); i++)
		if (instr_fields[i].offset == offset)
			return (const uint32_t *)((const char *)&core->cnt +
						  instr_fields[i].member);
	return NULL;
}

/* @offset is relative to VDG1_COUNTERS_BASE, dword aligned. */
uint32_t vdg1_counters_read(struct vdg1_core *core, uint32_t offset)
{
	const uint32_t *c;

	switch (offset) {
	case VDG1_COUNTERS_MAGIC:
		return VDG1_COUNTERS_MAGIC_VALUE;
	case VDG1_COUNTERS_VERSION:
		return VDG1_COUNTERS_VERSION_VALUE;
	/* State and configuration: live values, not cleared by RESET. */
	case VDG1_COUNTERS_AWAKE_DOMAINS:
		return vdg1_fw_awake_mask(core);
	case VDG1_COUNTERS_NEVER_ACK_DOMAINS:
		return core->cfg.fw_never_ack;
	case VDG1_COUNTERS_FW_ACK_DELAY_NS:
		return (uint32_t)core->cfg.fw_ack_delay_ns;
	case VDG1_COUNTERS_FUSE_DSS_ENABLE:
		return core->cfg.fuses.dss_enable;
	case VDG1_COUNTERS_FUSE_L3_DISABLE:
		return core->cfg.fuses.l3_disable;
	}
	c = counter(core, offset);
	return c ? *c : 0;
}

void vdg1_counters_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	/* Everything but CONTROL is read-only; other writes are ignored. */
	if (offset == VDG1_COUNTERS_CONTROL && (val & VDG1_COUNTERS_CONTROL_RESET))
		core->cnt = (struct vdg1_counters) { 0 };
}
