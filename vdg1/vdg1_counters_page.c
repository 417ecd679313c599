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
#include "vdg1_mcr.h"
#include "vdg1_probe.h"
#include "vdg1_reg.h"
#include "vdg1_regdefs.h"
#include "vdg1_reglog.h"
#include "vdg1_regs.h"

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
	p->held_domains = vdg1_fw_held_mask(core);
	p->ungated_domains = vdg1_fw_ungated_mask(core);
	p->pci_power_state = core->d3hot ? VDG1_PCI_D3HOT : VDG1_PCI_D0;
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
	p->gdrst_stuck = core->engines.gdrst_stuck;
	p->reglog_seek = core->reglog.q.seek;
	p->reglog_key = core->reglog.q.key;
	p->reglog_value = core->reglog.q.value;
	p->reglog_sources = core->reglog.q.sources;
	p->reglog_raw = core->reglog.q.raw;
	vdg1_probe_fill(core, p);
}

/*
 * Entry @off's value now: @inst's copy of a replicated register, else the
 * register's own; what was last written where nothing reads it back.
 * False for an absent instance.
 */
static bool reglog_value(struct vdg1_core *core, const struct vdg1_reg *reg,
			 uint32_t off, unsigned int inst, uint32_t *val)
{
	if (reg && reg->flags & VDG1_REG_MCR)
		return vdg1_mcr_peek_instance(core, off, inst, val);
	if (reg && !reg->read && !reg->read_fx)
		*val = vdg1_regs_read(core, reg, off, true);
	else
		*val = vdg1_reglog_raw(&core->reglog, off);
	return true;
}

/* The first logged entry at or after the key in q.seek (VDG1_REGLOG_KEY). */
static void reglog_query(struct vdg1_core *core)
{
	struct vdg1_reglog_query *q = &core->reglog.q;
	uint32_t off = q->seek >> 4 & ~3u, inst = q->seek & 0xf, v;
	const struct vdg1_reg *reg;

	q->key = VDG1_REGLOG_END;
	if (q->seek >> 4 >= VDG1_MMIO_SIZE)
		return;
	for (; (off = vdg1_reglog_next(&core->reglog, off)) != UINT32_MAX;
	     off += 4, inst = 0) {
		reg = vdg1_regs_lookup(core, off);
		if (reg && reg->flags & VDG1_REG_MCR) {
			/* Instance n is key n + 1; the first at or after @inst. */
			for (inst = inst ? inst - 1 : 0;
			     inst < VDG1_MCR_MAX_INSTANCES; inst++)
				if (reglog_value(core, reg, off, inst, &v))
					break;
			if (inst == VDG1_MCR_MAX_INSTANCES)
				continue;
			q->key = VDG1_REGLOG_KEY(off, inst + 1);
		} else if (inst) {
			continue;
		} else {
			reglog_value(core, reg, off, 0, &v);
			q->key = VDG1_REGLOG_KEY(off, 0);
		}
		q->value = v;
		q->sources = vdg1_reglog_sources(&core->reglog, off) |
			     (reg ? 0 : VDG1_REGLOG_SRC_UNCLAIMED);
		q->raw = vdg1_reglog_raw(&core->reglog, off);
		return;
	}
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
	 * Writable: control, irq_inject, el_save_delay_ns, gdrst_stuck, the register
	 * log's seek and control, and the probe's request; other writes are
	 * ignored.
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
	if (offset == VDG1_COUNTERS_OFFSET(gdrst_stuck)) {
		vdg1_execlists_set_gdrst_stuck(core, val);
		return;
	}
	if (offset == VDG1_COUNTERS_OFFSET(reglog_seek)) {
		core->reglog.q.seek = val;
		return;
	}
	if (offset == VDG1_COUNTERS_OFFSET(reglog_control)) {
		if (val & VDG1_REGLOG_CLEAR)
			vdg1_reglog_clear(&core->reglog);
		if (val & VDG1_REGLOG_QUERY)
			reglog_query(core);
		return;
	}
	vdg1_probe_write(core, offset, val);
}
