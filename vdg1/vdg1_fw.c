// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_fw.c - forcewake: request registers, acks, and when domains sleep.
 *
 * Each domain has a masked request register and a read-only ack register
 * with the same bit layout (i915 gt/intel_gt_regs.h; Vol 13 General Assets,
 * "Force Wake and Steering Table", the force-wake table). An ack bit
 * follows its request bit once that bit has held its value for the
 * configured ack delay (a timed event per domain), so a driver that touches
 * registers before the ack arrives is caught. A domain configured "never
 * ack" keeps its ack where it is, which exercises the driver's timeout
 * path; one configured to "lose acks" withholds the ack of its first wake
 * requests until the driver asks for the fallback ack, which exercises its
 * recovery path. A domain is awake while any ack bit is set (the model's
 * reading of the get/put protocol in i915 intel_uncore.c) or while one of
 * its engines is busy; a released domain falls asleep when its last ack bit
 * clears.
 */
#include <string.h>

#include "vdg1_state.h"
#include "vdg1_event.h"
#include "vdg1_regdefs.h"
#include "vdg1_reg.h"

struct fw_regs {
	const char *name;
	uint32_t req;
	uint32_t ack;
};

static const struct fw_regs fw_regs[VDG1_FW_COUNT] = {
	[VDG1_FW_GT] = { "gt", FORCEWAKE_GT, FORCEWAKE_ACK_GT },
	[VDG1_FW_RENDER] = { "render", FORCEWAKE_RENDER, FORCEWAKE_ACK_RENDER },
	[VDG1_FW_VDBOX0] = { "vdbox0", FORCEWAKE_MEDIA_VDBOX(0),
			     FORCEWAKE_ACK_MEDIA_VDBOX(0) },
	[VDG1_FW_VDBOX2] = { "vdbox2", FORCEWAKE_MEDIA_VDBOX(2),
			     FORCEWAKE_ACK_MEDIA_VDBOX(2) },
	[VDG1_FW_VEBOX0] = { "vebox0", FORCEWAKE_MEDIA_VEBOX(0),
			     FORCEWAKE_ACK_MEDIA_VEBOX(0) },
};

const char *vdg1_fw_domain_name(enum vdg1_fw_domain d)
{
	return (unsigned int)d < VDG1_FW_COUNT ? fw_regs[d].name : "?";
}

const char *vdg1_fw_parse_domains(const char *list, uint32_t *mask)
{
	const char *p = list;

	*mask = 0;
	while (p && *p) {
		size_t len = strcspn(p, ",");
		int d;

		for (d = 0; d < VDG1_FW_COUNT; d++)
			if (strlen(fw_regs[d].name) == len &&
			    !strncmp(p, fw_regs[d].name, len))
				break;
		if (d == VDG1_FW_COUNT)
			return "unknown forcewake domain (want gt, render, vdbox0, vdbox2, vebox0)";
		*mask |= 1u << d;
		p += len;
		if (*p == ',')
			p++;
	}
	return NULL;
}

/*
 * GT and RENDER always exist; a media domain goes with its box
 * (i915 intel_uncore.c drops the domains of fused-off engines).
 */
bool vdg1_fw_present(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	uint32_t off = core->cfg.fuses.vebox_vdbox_disable;

	switch (d) {
	case VDG1_FW_VDBOX0:
		return !(off & (1u << 0));
	case VDG1_FW_VDBOX2:
		return !(off & (1u << 2));
	case VDG1_FW_VEBOX0:
		return !(off & (1u << 16));
	default:
		return true;
	}
}

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

static void fw_ack_event(void *opaque, uint64_t when);
static void fw_linger_event(void *opaque, uint64_t when);
static void fw_update_awake(struct vdg1_core *core, enum vdg1_fw_domain d);
static bool may_gate(const struct vdg1_core *core, enum vdg1_fw_domain d);
static uint64_t add_saturating(uint64_t a, uint64_t b);

bool vdg1_fw_is_request(uint32_t offset)
{
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (offset == fw_regs[d].req)
			return true;
	return false;
}

void vdg1_fw_init(struct vdg1_core *core)
{
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++) {
		struct vdg1_fw *fw = &core->fw[d];

		*fw = (struct vdg1_fw) { .core = core, .domain = d };
		vdg1_event_init(&fw->ack_event, fw_regs[d].name, fw_ack_event,
				fw);
		vdg1_event_init(&fw->linger_event, fw_regs[d].name,
				fw_linger_event, fw);
	}
}

void vdg1_fw_reset(struct vdg1_core *core)
{
	int d;

	/* Power-on: nothing requested, every domain asleep. */
	core->fw_active = (struct vdg1_fw_active){ 0 };
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		struct vdg1_fw *fw = &core->fw[d];

		vdg1_event_cancel(&core->events, &fw->ack_event);
		vdg1_event_cancel(&core->events, &fw->linger_event);
		fw->linger_until = 0;
		fw->req = 0;
		fw->ack = 0;
		fw->pending = 0;
		fw->busy = 0;
		fw->awake = false;
		fw->losses_left = core->cfg.fw_lose_acks & (1u << d) ?
				  core->cfg.fw_lose_acks_count : 0;
		fw->kernel_withheld = false;
		fw->kernel_recovering = false;
	}
	/* Domains that may not gate are up from power-on. */
	vdg1_fw_gating_changed(core);
}

bool vdg1_fw_awake(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	return core->fw[d].awake;
}

uint64_t vdg1_fw_gt_active_ns(const struct vdg1_core *core)
{
	const struct vdg1_fw_active *a = &core->fw_active;

	return a->total_ns + (a->any ? core->events.clock - a->since : 0);
}

uint64_t vdg1_fw_rc6_ns(const struct vdg1_core *core)
{
	const struct vdg1_fw_active *a = &core->fw_active;

	return a->rc6_total_ns + (a->rc6 ? core->events.clock - a->rc6_since : 0);
}

bool vdg1_fw_in_rc6(const struct vdg1_core *core)
{
	return core->fw_active.rc6;
}

static bool fw_held(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	return core->fw[d].req || core->fw[d].ack;
}

static bool fw_ungated(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	return !may_gate(core, d);
}

static bool fw_awake(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	return core->fw[d].awake;
}

/* The domains for which @pred holds, one bit each. */
static uint32_t fw_mask(const struct vdg1_core *core,
			bool (*pred)(const struct vdg1_core *core,
				     enum vdg1_fw_domain d))
{
	uint32_t mask = 0;
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (pred(core, d))
			mask |= 1u << d;
	return mask;
}

uint32_t vdg1_fw_held_mask(const struct vdg1_core *core)
{
	return fw_mask(core, fw_held);
}

uint32_t vdg1_fw_ungated_mask(const struct vdg1_core *core)
{
	return fw_mask(core, fw_ungated);
}

uint32_t vdg1_fw_awake_mask(const struct vdg1_core *core)
{
	return fw_mask(core, fw_awake);
}

/*
 * Whether @d's well may power down at all: always, unless configured to
 * follow the driver (pg-follows-driver); then only in RC6 (the whole GT)
 * or under its well's power gating (i915 gt/intel_rc6.c programs both).
 */
static bool may_gate(const struct vdg1_core *core, enum vdg1_fw_domain d)
{
	uint32_t rc = core->mmio[GEN6_RC_CONTROL / 4];
	uint32_t pg = core->mmio[GEN9_PG_ENABLE / 4];

	if (!core->cfg.pg_follows_driver || rc & GEN6_RC_CTL_RC6_ENABLE)
		return true;
	switch (d) {
	case VDG1_FW_GT:
		return false;
	case VDG1_FW_RENDER:
		return pg & GEN9_RENDER_PG_ENABLE;
	default:
		return pg & GEN9_MEDIA_PG_ENABLE;
	}
}

/**
 * vdg1_fw_gating_changed() - RC6 or power gating was switched
 * @core: the core
 *
 * Every domain re-evaluates whether it is powered.
 */
void vdg1_fw_gating_changed(struct vdg1_core *core)
{
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		fw_update_awake(core, d);
}

/* The GT entered or left RC6: every well asleep, RC6 enabled. */
static void rc6_update(struct vdg1_core *core)
{
	struct vdg1_fw_active *a = &core->fw_active;
	bool in = !a->any &&
		  core->mmio[GEN6_RC_CONTROL / 4] & GEN6_RC_CTL_RC6_ENABLE;

	if (in && !a->rc6)
		a->rc6_since = core->events.clock;
	else if (!in && a->rc6)
		a->rc6_total_ns += core->events.clock - a->rc6_since;
	a->rc6 = in;
}

/* Re-evaluate whether @d is awake; count it when it wakes up. */
static void fw_update_awake(struct vdg1_core *core, enum vdg1_fw_domain d)
{
	struct vdg1_fw *fw = &core->fw[d];
	struct vdg1_fw_active *a = &core->fw_active;
	/* The model's time: an event's deadline while one runs. */
	bool awake = fw->ack || fw->busy ||
		     core->events.clock < fw->linger_until ||
		     !may_gate(core, d);

	if (awake && !fw->awake)
		core->cnt.wake_transitions[d]++;
	if (!awake && fw->awake)
		fw->asleep_since = core->events.clock;
	fw->awake = awake;
	if (a->any && !vdg1_fw_awake_mask(core))
		a->total_ns += core->events.clock - a->since;
	else if (!a->any && awake)
		a->since = core->events.clock;
	a->any = vdg1_fw_awake_mask(core) != 0;
	rc6_update(core);
}

/*
 * Engine execution hook: a busy engine holds its domain awake whatever the
 * forcewake requests say, as the hardware cannot power-gate it.
 */
void vdg1_fw_busy_get(struct vdg1_core *core, enum vdg1_fw_domain d)
{
	core->fw[d].busy++;
	fw_update_awake(core, d);
}

void vdg1_fw_busy_put(struct vdg1_core *core, enum vdg1_fw_domain d)
{
	struct vdg1_fw *fw = &core->fw[d];

	uint64_t linger = d == VDG1_FW_GT ? core->cfg.rc6_threshold_ns :
					    core->cfg.pg_hysteresis_ns;

	if (fw->busy && !--fw->busy && linger) {
		fw->linger_until = add_saturating(core->events.clock, linger);
		vdg1_event_arm(&core->events, &fw->linger_event,
			       fw->linger_until);
	}
	fw_update_awake(core, d);
}

static void fw_linger_event(void *opaque, uint64_t when)
{
	struct vdg1_fw *fw = opaque;

	(void)when;	/* = the events' clock */
	fw_update_awake(fw->core, fw->domain);
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
	fw->ack = (fw->ack & ~due) | (fw->req & due);
	if (due & FORCEWAKE_KERNEL && fw->kernel_recovering) {
		fw->kernel_recovering = false;
		core->cnt.acks_recovered_by_fallback++;
	}
	fw_update_awake(core, d);
}

/* Arm @d's event for its earliest pending ack, or cancel it. */
static void fw_arm(struct vdg1_core *core, enum vdg1_fw_domain d)
{
	struct vdg1_fw *fw = &core->fw[d];
	uint64_t next = VDG1_NEVER;
	int b;

	for (b = 0; b < 16; b++)
		if (fw->pending & (1u << b) && fw->ack_due[b] < next)
			next = fw->ack_due[b];
	vdg1_event_arm(&core->events, &fw->ack_event, next);
}

static void fw_ack_event(void *opaque, uint64_t when)
{
	struct vdg1_fw *fw = opaque;

	fw_catch_up(fw->core, fw->domain, when);
	fw_arm(fw->core, fw->domain);
}

uint32_t vdg1_fw_req_read(struct vdg1_core *core, uint32_t offset)
{
	/*
	 * Masked register: the enable half reads back as 0 (Ivy Bridge video
	 * command streamer, "VCS_INSTPM").
	 */
	return core->fw[fw_domain(offset, false)].req;
}

uint32_t vdg1_fw_ack_read(struct vdg1_core *core, uint32_t offset)
{
	enum vdg1_fw_domain d = fw_domain(offset, true);

	core->cnt.ack_reads[d]++;
	return core->fw[d].ack;
}

/*
 * fw-lose-acks: a wake request (KERNEL set while its ack is clear) of a
 * listed domain loses its ack while the domain has losses left. The ack
 * bit stays where it is, as when the hardware's own wake request collides
 * with the driver's, until the driver kicks the state machine with
 * FORCEWAKE_KERNEL_FALLBACK (i915 intel_uncore.c, the
 * WaRsForcewakeAddDelayForAck recovery). Any change of KERNEL
 * ends a loss: a release is never lost, it just has nothing to undo.
 */
static void fw_maybe_lose_ack(struct vdg1_core *core, struct vdg1_fw *fw)
{
	fw->kernel_withheld = false;
	fw->kernel_recovering = false;
	if (!(fw->req & FORCEWAKE_KERNEL) || fw->ack & FORCEWAKE_KERNEL ||
	    !fw->losses_left)
		return;
	fw->losses_left--;
	fw->kernel_withheld = true;
	fw->pending &= ~FORCEWAKE_KERNEL;
	core->cnt.acks_lost++;
}

/*
 * FALLBACK was just requested: its own ack follows after the usual delay
 * (the loop above scheduled it), and a withheld KERNEL ack with it.
 */
static void fw_fallback_kick(struct vdg1_core *core, struct vdg1_fw *fw,
			     uint64_t due)
{
	(void)core;
	if (!fw->kernel_withheld)
		return;
	fw->kernel_withheld = false;
	fw->kernel_recovering = true;
	fw->pending |= FORCEWAKE_KERNEL;
	fw->ack_due[0] = due;
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
	uint64_t now = core->access_ns;
	uint64_t due = add_saturating(now, core->cfg.fw_ack_delay_ns);
	int b;

	fw->req = vdg1_masked_update(old, val);
	if (fw->req & ~old & (FORCEWAKE_KERNEL | FORCEWAKE_KERNEL_FALLBACK))
		core->cnt.wake_requests[d]++;
	/*
	 * A never-acking domain takes requests but its ack stays put. It
	 * loses nothing either, so fw-never-ack wins over fw-lose-acks.
	 */
	if (core->cfg.fw_never_ack & (1u << d) || !core->cfg.lmem_trained)
		return;
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
	if (changed & FORCEWAKE_KERNEL)
		fw_maybe_lose_ack(core, fw);
	if (changed & fw->req & FORCEWAKE_KERNEL_FALLBACK)
		fw_fallback_kick(core, fw, due);
	fw_catch_up(core, d, now);
	fw_arm(core, d);
}
