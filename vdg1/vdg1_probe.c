// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_probe.c - the translation probe of the counters page (protocol:
 * vdg1_counters.h).
 *
 * The probe exists so that the driver's page tables can be checked before
 * any engine runs: it uses the same translations the engines do
 * (vdg1_ggtt_translate, vdg1_ppgtt_walk) but none of what makes a GPU
 * access visible to the driver: no fault record, no page_walks or
 * page_faults, no memory touched beyond the entries read. It lives in the
 * counters page, the range Vol 13 General Assets, "SW Virtualization
 * Reserved MMIO range" keeps free of hardware, so the driver can neither
 * see nor disturb it. Its fields survive a device reset like the counters.
 */
#include "vdg1_state.h"
#include "vdg1_counters.h"
#include "vdg1_ggtt.h"
#include "vdg1_ppgtt.h"
#include "vdg1_probe.h"
#include "vdg1_xlate.h"

#define OFF(f)	VDG1_COUNTERS_OFFSET(f)

static void set_lo(uint64_t *v, uint32_t lo)
{
	*v = (*v & ~0xffffffffull) | lo;
}

static void set_hi(uint64_t *v, uint32_t hi)
{
	*v = (*v & 0xffffffffull) | (uint64_t)hi << 32;
}

/* What is wrong with the request, as a VDG1_PROBE_BAD_* reason, or 0. */
static uint32_t check_request(const struct vdg1_probe *p)
{
	if (p->mode != VDG1_PROBE_MODE_GGTT && p->mode != VDG1_PROBE_MODE_PPGTT)
		return VDG1_PROBE_BAD_MODE;
	if (p->access != VDG1_PROBE_ACCESS_READ &&
	    p->access != VDG1_PROBE_ACCESS_WRITE)
		return VDG1_PROBE_BAD_ACCESS;
	/* A PML4 is a 4 KiB page of LMEM, addressed by bits 45:12. */
	if (p->mode == VDG1_PROBE_MODE_PPGTT && (p->root & ~VDG1_PTE_ADDR_MASK))
		return VDG1_PROBE_BAD_ROOT;
	return 0;
}

static void probe_run(struct vdg1_core *core)
{
	struct vdg1_probe *p = &core->probe;
	struct vdg1_xlate xl;
	int ret;

	p->level = p->reason = p->mem = p->page_size = 0;
	p->addr = p->entry = 0;
	p->reason = check_request(p);
	if (p->reason) {
		p->status = VDG1_PROBE_BAD_REQUEST;
		return;
	}
	core->cnt.probe_walks++;
	if (p->mode == VDG1_PROBE_MODE_GGTT)
		ret = vdg1_ggtt_translate(core, p->va, &xl);
	else
		ret = vdg1_ppgtt_walk(core, p->root, p->va,
				      p->access == VDG1_PROBE_ACCESS_WRITE, &xl);
	p->entry = xl.entry;
	if (ret) {
		p->status = VDG1_PROBE_FAULT;
		p->level = xl.level;
		p->reason = xl.reason;
		return;
	}
	p->status = VDG1_PROBE_OK;
	p->mem = xl.mem;
	p->addr = xl.addr;
	p->page_size = (uint32_t)xl.page_size;
}

int vdg1_probe_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_probe *p = &core->probe;

	if (offset == OFF(probe_control)) {
		if (val & VDG1_PROBE_RUN)
			probe_run(core);
	} else if (offset == OFF(probe_mode)) {
		p->mode = val;
	} else if (offset == OFF(probe_access)) {
		p->access = val;
	} else if (offset == OFF(probe_root_lo)) {
		set_lo(&p->root, val);
	} else if (offset == OFF(probe_root_hi)) {
		set_hi(&p->root, val);
	} else if (offset == OFF(probe_va_lo)) {
		set_lo(&p->va, val);
	} else if (offset == OFF(probe_va_hi)) {
		set_hi(&p->va, val);
	} else {
		return -1;
	}
	return 0;
}

void vdg1_probe_fill(const struct vdg1_core *core,
		     struct vdg1_counters_page *page)
{
	const struct vdg1_probe *p = &core->probe;

	page->probe_control = 0;
	page->probe_mode = p->mode;
	page->probe_access = p->access;
	page->probe_root_lo = (uint32_t)p->root;
	page->probe_root_hi = (uint32_t)(p->root >> 32);
	page->probe_va_lo = (uint32_t)p->va;
	page->probe_va_hi = (uint32_t)(p->va >> 32);
	page->probe_status = p->status;
	page->probe_fault_level = p->level;
	page->probe_fault_reason = p->reason;
	page->probe_mem = p->mem;
	page->probe_addr_lo = (uint32_t)p->addr;
	page->probe_addr_hi = (uint32_t)(p->addr >> 32);
	page->probe_entry_lo = (uint32_t)p->entry;
	page->probe_entry_hi = (uint32_t)(p->entry >> 32);
	page->probe_page_size = p->page_size;
}
