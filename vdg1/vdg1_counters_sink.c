// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_counters_sink.c - what the components count that hardware cannot
 * tell, beyond the plain increments they make in core->cnt themselves.
 *
 * Below every component (each may call it); the page the guest reads is
 * vdg1_counters_page.c, above them all.
 */
#include "vdg1_state.h"
#include "vdg1_counters_sink.h"
#include "vdg1_host.h"

void vdg1_counters_protocol_violation(struct vdg1_core *core,
				      unsigned int kind, const char *what)
{
	struct vdg1_counters_page *c = &core->cnt;

	c->protocol_violations++;
	c->last_protocol_violation = kind;
	c->pv_by_kind[kind < 16 ? kind : VDG1_PV_OTHER]++;
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		      "vdg1: protocol violation %u: %s", kind, what);
}
