// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_pcode.c - the PCODE mailbox (see vdg1_pcode.h).
 */
#include "vdg1_state.h"
#include "vdg1_counters_sink.h"
#include "vdg1_pcode.h"
#include "vdg1_regdefs.h"

void vdg1_pcode_reset(struct vdg1_core *core)
{
	core->pcode = (struct vdg1_pcode) { .init_done_ns = VDG1_NEVER };
}

void vdg1_pcode_access(struct vdg1_core *core)
{
	if (core->pcode.init_done_ns == VDG1_NEVER)
		core->pcode.init_done_ns = core->access_ns +
					   core->cfg.pcode_init_delay_ns;
}

bool vdg1_pcode_init_complete(const struct vdg1_core *core)
{
	return core->pcode.init_done_ns != VDG1_NEVER &&
	       core->access_ns >= core->pcode.init_done_ns;
}

static uint32_t pcode_run(struct vdg1_core *core, uint32_t mbox)
{
	struct vdg1_pcode *p = &core->pcode;
	uint32_t cmd = mbox & GEN6_PCODE_CMD_MASK;
	uint32_t param1 = (mbox >> 8) & 0xff;

	if (cmd == DG1_PCODE_STATUS && param1 == DG1_UNCORE_GET_INIT_STATUS) {
		p->data0 = vdg1_pcode_init_complete(core) ?
			   DG1_UNCORE_INIT_STATUS_COMPLETE : 0;
		p->data1 = 0;
		return GEN6_PCODE_SUCCESS;
	}
	/*
	 * DG1's firmware knows POWER_SETUP but none of its subcommands
	 * (the I1 limit among them): i915 i915_hwmon.c skips the read on DG1
	 * to "avoid ILLEGAL_SUBCOMMAND".
	 */
	if (cmd == PCODE_POWER_SETUP)
		return GEN11_PCODE_ILLEGAL_SUBCOMMAND;
	return GEN6_PCODE_ILLEGAL_CMD;
}

static uint32_t pcode_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_pcode *p = &core->pcode;

	switch (offset) {
	case GEN6_PCODE_MAILBOX:
		return p->mailbox;
	case GEN6_PCODE_DATA:
		return p->data0;
	default:
		return p->data1;
	}
}

static void pcode_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_pcode *p = &core->pcode;
	uint32_t status;

	switch (offset) {
	case GEN6_PCODE_DATA:
		p->data0 = val;
		return;
	case GEN6_PCODE_DATA1:
		p->data1 = val;
		return;
	}
	if (!(val & GEN6_PCODE_READY)) {
		/* Without READY nothing is sent; the command field is kept. */
		p->mailbox = val;
		return;
	}
	core->cnt.pcode_commands++;
	status = pcode_run(core, val);
	if (status != GEN6_PCODE_SUCCESS)
		core->cnt.pcode_errors++;
	/* Done: READY clear, the command's parameters kept, status in 7:0. */
	p->mailbox = (val & ~GEN6_PCODE_READY & ~GEN6_PCODE_CMD_MASK) | status;
}

#define PREG(off) \
	{ .offset = (off), .count = 1, .read = pcode_read, \
	  .write = pcode_write, .name = #off, .box = VDG1_BOX_ALWAYS }

const struct vdg1_reg vdg1_pcode_regs[] = {
	PREG(GEN6_PCODE_MAILBOX),
	PREG(GEN6_PCODE_DATA),
	PREG(GEN6_PCODE_DATA1),
};

const size_t vdg1_pcode_regs_count =
	sizeof(vdg1_pcode_regs) / sizeof(vdg1_pcode_regs[0]);
