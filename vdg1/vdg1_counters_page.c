// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_counters_page.c - the counters page as the guest reaches it: its MMIO
 * decode, the probe and interrupt injection it offers (layout: struct
 * vdg1_counters_page in include/vdg1_counters.h).
 *
 * The page sits in the range Vol 13 General Assets, "SW Virtualization
 * Reserved MMIO range" reserves for a VMM, where no hardware register may
 * live, so the counters can never shadow a real register. Accesses to the
 * page are not counted, and it needs no forcewake (it is outside the
 * manual's wake table, whose "Miscellaneous Notes" leave such offsets to
 * other chapters).
 *
 * The components count straight into core->cnt (vdg1_counters_sink.c), a
 * struct vdg1_counters_page whose identity, state, configuration and probe
 * fields stay zero: those are filled in from the live model (the probe's
 * from vdg1_probe.c) when the guest reads, so a RESET of the counters
 * cannot touch them. The page is above every component; the sink is below
 * them all.
 */
#include <string.h>

#include "vdg1_state.h"
#include "vdg1_counters.h"
#include "vdg1_counters_page.h"
#include "vdg1_fw.h"
#include "vdg1_irq.h"
#include "vdg1_probe.h"
#include "vdg1_regdefs.h"

_Static_assert(VDG1_FW_COUNT <= VDG1_COUNTERS_MAX_DOMAINS,
	       "every forcewake domain has a slot in the counters page");

/* The page as the guest sees it. */
static void counters_snapshot(const struct vdg1_core *core,
			      struct vdg1_counters_page *p)
{
	const struct vdg1_config *cfg = &core->cfg;

	*p = core->cnt;
	p->magic = VDG1_COUNTERS_MAGIC_VALUE;
	p->version = VDG1_COUNTERS_VERSION_VALUE;
	p->control = 0;
	p->awake_domains = vdg1_fw_awake_mask(core);
	p->never_ack_domains = cfg->fw_never_ack;
	p->fw_ack_delay_ns = (uint32_t)cfg->fw_ack_delay_ns;
	p->fuse_dss_enable = cfg->fuses.dss_enable;
	p->fuse_l3_disable = cfg->fuses.l3_disable;
	p->fuse_vebox_vdbox_disable = cfg->fuses.vebox_vdbox_disable |
				      VDG1_MEDIA_ABSENT;
	p->misccpctl_locked = cfg->misccpctl_locked;
	p->pg_follows_driver = cfg->pg_follows_driver;
	p->lose_ack_domains = cfg->fw_lose_acks;
	p->lose_ack_count = cfg->fw_lose_acks_count;
	p->lmem_size_lo = (uint32_t)cfg->lmem_size;
	p->lmem_size_hi = (uint32_t)(cfg->lmem_size >> 32);
	p->lmem_bar_size_lo = (uint32_t)vdg1_config_lmem_bar_size(cfg);
	p->lmem_bar_size_hi = (uint32_t)(vdg1_config_lmem_bar_size(cfg) >> 32);
	p->oa_enabled = core->oa.control & 1;
	p->oa_format = core->oa.control >> 2 & 7;
	p->oa_exponent = core->oa.glbctxctrl >> 2 & 0x3f;
	p->oa_timer_enabled = core->oa.glbctxctrl >> 1 & 1;
	p->el_save_delay_ns = core->engines.save_delay_ns;
	vdg1_probe_fill(core, p);
}

uint32_t vdg1_counters_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_counters_page p;
	uint32_t v;

	/* The rest of the page reads 0, as the manual says the range does. */
	if (offset > sizeof(p) - sizeof(v))
		return 0;
	counters_snapshot(core, &p);
	memcpy(&v, (const char *)&p + offset, sizeof(v));
	return v;
}

void vdg1_counters_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	/*
	 * Writable: control, irq_inject, el_save_delay_ns and the probe's
	 * request; other writes are ignored.
	 */
	if (offset == VDG1_COUNTERS_OFFSET(control)) {
		if (val & VDG1_COUNTERS_CONTROL_RESET)
			core->cnt = (struct vdg1_counters_page) { 0 };
		return;
	}
	if (offset == VDG1_COUNTERS_OFFSET(irq_inject)) {
		vdg1_irq_inject(core, val);
		return;
	}
	if (offset == VDG1_COUNTERS_OFFSET(el_save_delay_ns)) {
		core->engines.save_delay_ns = val;
		return;
	}
	vdg1_probe_write(core, offset, val);
}
