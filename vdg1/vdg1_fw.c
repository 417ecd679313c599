// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_fw.c - forcewake: request registers, acks, and when acks follow.
 *
 * Each domain has a masked request register and a read-only ack register
 * with the same bit layout (HW §3.1; Vol13:L355-L369). An ack bit follows
 * its request bit once that bit has held its value for the domain's ack
 * delay, so a driver that reads registers before the ack arrives can be
 * caught. A domain is awake while any ack bit is set (HW §3.5, "Model").
 */
#include "vdg1_internal.h"

struct fw_regs {
	uint32_t req;
	uint32_t ack;
};

static const struct fw_regs fw_regs[VDG1_FW_COUNT] = {
	[VDG1_FW_GT] = { FORCEWAKE_GT, FORCEWAKE_ACK_GT },
	[VDG1_FW_RENDER] = { FORCEWAKE_RENDER, FORCEWAKE_ACK_RENDER },
	[VDG1_FW_VDBOX0] = { FORCEWAKE_MEDIA_VDBOX(0),
			     FORCEWAKE_ACK_MEDIA_VDBOX(0) },
	[VDG1_FW_VDBOX2] = { FORCEWAKE_MEDIA_VDBOX(2),
			     FORCEWAKE_ACK_MEDIA_VDBOX(2) },
	[VDG1_FW_VEBOX0] = { FORCEWAKE_MEDIA_VEBOX(0),
			     FORCEWAKE_ACK_MEDIA_VEBOX(0) },
};

/*
 * The register table routes only the offsets above here, so the search
 * cannot miss; stopping at the last domain keeps it inside the arrays anyway.
 */
static enum vdg1_fw_domain fw_domain(uint32_t offset, bool ack)
{
	int d;

	for (d = 0; d < VDG1_FW_COUNT - 1; d++)
		if (offset == (ack ? fw_regs[d].ack : fw_regs[d].req))
			break;
	return d;
}

void vdg1_fw_reset(struct vdg1_core *core)
{
	int d;

	/* Power-on: nothing requested, every domain asleep. */
	for (d = 0; d < VDG1_FW_COUNT; d++)
		core->fw[d] = (struct vdg1_fw) { 0 };
}

bool vdg1_fw_awake(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	return core->fw[d].ack != 0;
}

static void fw_set_ack(struct vdg1_core *core, enum vdg1_fw_domain d,
		       uint16_t ack)
{
	struct vdg1_fw *fw = &core->fw[d];

	if (!fw->ack && ack)
		core->cnt.wake_transitions[d]++;
	fw->ack = ack;
}

/* Let every pending ack bit of @d that is due by @now follow its request. */
static void fw_catch_up(struct vdg1_core *core, enum vdg1_fw_domain d,
			uint64_t now)
{
	struct vdg1_fw *fw = &core->fw[d];
	uint16_t due = 0;
	int b;

	for (b = 0; b < 16; b++)
		if (fw->pending & (1u << b) && fw->ack_due[b] <= now)
			due |= 1u << b;
	if (!due)
		return;
	fw->pending &= ~due;
	fw_set_ack(core, d, (fw->ack & ~due) | (fw->req & due));
}

void vdg1_fw_advance(struct vdg1_core *core, uint64_t now)
{
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		fw_catch_up(core, d, now);
}

uint64_t vdg1_fw_next_deadline(const struct vdg1_core *core)
{
	uint64_t next = VDG1_NEVER;
	int d, b;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		for (b = 0; b < 16; b++)
			if (core->fw[d].pending & (1u << b) &&
			    core->fw[d].ack_due[b] < next)
				next = core->fw[d].ack_due[b];
	return next;
}

uint32_t vdg1_fw_req_read(struct vdg1_core *core, uint32_t offset)
{
	/* Masked register: the enable half reads back as 0 (HW §2). */
	return core->fw[fw_domain(offset, false)].req;
}

uint32_t vdg1_fw_ack_read(struct vdg1_core *core, uint32_t offset)
{
	return core->fw[fw_domain(offset, true)].ack;
}

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
	return a > VDG1_NEVER - b ? VDG1_NEVER : a + b;
}

void vdg1_fw_req_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	enum vdg1_fw_domain d = fw_domain(offset, false);
	struct vdg1_fw *fw = &core->fw[d];
	uint16_t old = fw->req, changed;
	uint64_t now = vdg1_now(core);
	uint64_t due = add_saturating(now, core->cfg.fw_ack_delay_ns[d]);
	int b;

	fw->req = vdg1_masked_update(old, val);
	changed = old ^ fw->req;
	for (b = 0; b < 16; b++) {
		uint16_t bit = 1u << b;

		if (!(changed & bit))
			continue;
		if ((fw->req ^ fw->ack) & bit) {
			/* The delay counts from the latest change of the bit. */
			fw->pending |= bit;
			fw->ack_due[b] = due;
		} else {
			/* Flipped back before the ack moved: nothing to do. */
			fw->pending &= ~bit;
		}
	}
	fw_catch_up(core, d, now);
	vdg1_update_timer(core);
}
