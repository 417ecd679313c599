// SPDX-License-Identifier: GPL-2.0
/*
 * Forcewake: keeps power wells of the GT awake while the driver touches
 * their registers. A register in a sleeping domain reads 0 and drops writes
 * (manual 000:L350, L372).
 *
 * Domains are reference-counted. The last put does not release a domain:
 * an hrtimer does, about 1 ms later, so a burst of accesses does not wake
 * and sleep the power well each time; a get within that window finds the
 * domain awake and touches no register (i915 intel_uncore.c).
 *
 * Waking follows i915's gen11+ protocol (HARDWARE.md §3.5): wait until the
 * previous release is acknowledged, request KERNEL, then wait for its ack;
 * an ack missing after 50 ms is retried with the FALLBACK bit
 * (WaRsForcewakeAddDelayForAck). A domain that still does not answer fails
 * the get with -ETIMEDOUT: its request is withdrawn, the error counted and
 * logged once. A get busy-waits at most about 100 ms per failing domain;
 * it never sleeps and never hangs. Any client can ask for a domain (e.g.
 * through an engine query), so a domain that failed is tried again at most
 * once a second: in between, gets of it fail at once instead of spinning
 * with interrupts off.
 *
 * Locking: all state is under the uncore lock (&dg1_mmio.lock), which the
 * forcewake-aware accessors also hold across their access.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_forcewake.h"
#include "gt/dg1_mmio.h"
#include "regs/dg1_gt_regs.h"

#define DG1_FW_ACK_TIMEOUT_US	(DG1_FORCEWAKE_ACK_TIMEOUT_MS * USEC_PER_MSEC)

/* Tolerance of the release timer: release within 1-1.25 ms of the put. */
#define DG1_FW_RELEASE_SLACK_NS	(NSEC_PER_MSEC / 4)

/*
 * Bits cleared when a domain is set up (WaRsClearFWBitsAtReset): every
 * request bit but 12, which graphics 12 keeps (HARDWARE.md §3.5).
 */
#define DG1_FW_RESET_BITS	0xefff

/* How long a domain that failed to wake is left alone. */
#define DG1_FW_RETRY_INTERVAL	HZ

/* WaRsForcewakeAddDelayForAck: up to 10 passes, pass n waits 10n us. */
#define DG1_FW_FALLBACK_PASSES		10
#define DG1_FW_FALLBACK_DELAY_US	10

/* Request/ack registers per domain (HARDWARE.md §3.1, regs/dg1_gt_regs.h). */
static const struct {
	const char *name;
	struct dg1_reg req;
	struct dg1_reg ack;
} dg1_fw_domain_info[DG1_FW_DOMAIN_ID_COUNT] = {
	[DG1_FW_DOMAIN_ID_GT] = { "gt", FORCEWAKE_GT, FORCEWAKE_ACK_GT },
	[DG1_FW_DOMAIN_ID_RENDER] = { "render", FORCEWAKE_RENDER,
				      FORCEWAKE_ACK_RENDER },
	[DG1_FW_DOMAIN_ID_VDBOX0] = { "vdbox0", FORCEWAKE_MEDIA_VDBOX(0),
				      FORCEWAKE_ACK_MEDIA_VDBOX(0) },
	[DG1_FW_DOMAIN_ID_VDBOX2] = { "vdbox2", FORCEWAKE_MEDIA_VDBOX(2),
				      FORCEWAKE_ACK_MEDIA_VDBOX(2) },
	[DG1_FW_DOMAIN_ID_VEBOX0] = { "vebox0", FORCEWAKE_MEDIA_VEBOX(0),
				      FORCEWAKE_ACK_MEDIA_VEBOX(0) },
};

/**
 * dg1_fw_domain_name() - short name of a forcewake domain
 * @id: domain
 *
 * Return: a name such as "render", or "?" for an unknown id.
 */
const char *dg1_fw_domain_name(enum dg1_fw_domain_id id)
{
	if (id >= DG1_FW_DOMAIN_ID_COUNT)
		return "?";
	return dg1_fw_domain_info[id].name;
}

static struct drm_device *dg1_fw_drm(const struct dg1_fw_domain *d)
{
	return d->fw->mmio->drm;
}

/* Request registers are shadowed: written without forcewake (§3.4). */
static void dg1_fw_request(struct dg1_fw_domain *d, u32 bits, bool set)
{
	dg1_mmio_raw_write32(d->fw->mmio, d->req,
			     set ? _MASKED_BIT_ENABLE(bits) :
				   _MASKED_BIT_DISABLE(bits));
}

/* Ack registers need no forcewake (0x0D00 range AON, 0x130044 SGunit). */
static int dg1_fw_wait_ack(struct dg1_fw_domain *d, u32 bit, bool set)
{
	return dg1_mmio_raw_wait32_atomic(d->fw->mmio, d->ack, bit,
					  set ? bit : 0, DG1_FW_ACK_TIMEOUT_US,
					  NULL);
}

/*
 * WaRsForcewakeAddDelayForAck: a request can collide with the hardware's
 * own wake requests and lose its ack; toggling FALLBACK kicks the state
 * machine into delivering it. A domain that does not ack FALLBACK either
 * is unreachable: stop there, further passes could only time out again.
 */
static int dg1_fw_ack_fallback(struct dg1_fw_domain *d, bool set)
{
	u32 want = set ? FORCEWAKE_KERNEL : 0;
	unsigned int pass;
	bool ok = false;
	int ret;

	for (pass = 1; pass <= DG1_FW_FALLBACK_PASSES && !ok; pass++) {
		if (dg1_fw_wait_ack(d, FORCEWAKE_KERNEL_FALLBACK, false))
			break;
		dg1_fw_request(d, FORCEWAKE_KERNEL_FALLBACK, true);
		udelay(DG1_FW_FALLBACK_DELAY_US * pass);
		ret = dg1_fw_wait_ack(d, FORCEWAKE_KERNEL_FALLBACK, true);
		ok = !ret && (dg1_mmio_raw_read32(d->fw->mmio, d->ack) &
			      FORCEWAKE_KERNEL) == want;
		dg1_fw_request(d, FORCEWAKE_KERNEL_FALLBACK, false);
		if (ret)
			break;
	}

	drm_dbg(dg1_fw_drm(d), "forcewake %s: fallback for the %s ack %s\n",
		dg1_fw_domain_name(d->id), set ? "wake" : "release",
		ok ? "worked" : "failed");
	return ok ? 0 : -ETIMEDOUT;
}

static int dg1_fw_wait_kernel_ack(struct dg1_fw_domain *d, bool set)
{
	if (!dg1_fw_wait_ack(d, FORCEWAKE_KERNEL, set))
		return 0;
	return dg1_fw_ack_fallback(d, set);
}

/* Counted every time, logged once per domain: a dead well stays dead. */
static void dg1_fw_domain_failed(struct dg1_fw_domain *d, bool set)
{
	d->errors++;
	d->retry_after = jiffies + DG1_FW_RETRY_INTERVAL;
	if (d->error_reported)
		return;
	d->error_reported = true;
	drm_err(dg1_fw_drm(d),
		"forcewake %s: no %s ack within %u ms, fallback included (ack 0x%08x); its registers are unreachable\n",
		dg1_fw_domain_name(d->id), set ? "wake" : "release",
		DG1_FORCEWAKE_ACK_TIMEOUT_MS,
		dg1_mmio_raw_read32(d->fw->mmio, d->ack));
}

static void dg1_fw_arm_release(struct dg1_fw_domain *d)
{
	hrtimer_start_range_ns(&d->release_timer,
			       ns_to_ktime(DG1_FORCEWAKE_RELEASE_DELAY_NS),
			       DG1_FW_RELEASE_SLACK_NS, HRTIMER_MODE_REL);
}

/*
 * Wake the sleeping domains in @wake: all requests first, then all acks,
 * so the wells power up in parallel. On failure no domain is held; those
 * that did wake are released by their timer.
 */
static int dg1_fw_wake(struct dg1_force_wake *fw, unsigned long wake)
{
	unsigned long requested = 0, failed = 0;
	unsigned int id;

	for_each_set_bit(id, &wake, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if (d->errors && time_before(jiffies, d->retry_after)) {
			d->errors++;
			failed |= BIT(id);
			continue;
		}
		/* The previous release must have landed first. */
		if (dg1_fw_wait_kernel_ack(d, false)) {
			dg1_fw_domain_failed(d, false);
			failed |= BIT(id);
			continue;
		}
		dg1_fw_request(d, FORCEWAKE_KERNEL, true);
		requested |= BIT(id);
	}

	for_each_set_bit(id, &requested, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if (dg1_fw_wait_kernel_ack(d, true)) {
			/* Withdraw the request: no bit is left set. */
			dg1_fw_request(d, FORCEWAKE_KERNEL, false);
			dg1_fw_domain_failed(d, true);
			failed |= BIT(id);
			continue;
		}
		d->awake = true;
		d->wakes++;
	}

	if (!failed)
		return 0;

	for_each_set_bit(id, &wake, DG1_FW_DOMAIN_ID_COUNT)
		if (fw->domains[id].awake)
			dg1_fw_arm_release(&fw->domains[id]);
	return -ETIMEDOUT;
}

/*
 * The delayed release. A get since the last put keeps the domain (its put
 * arms the timer again); otherwise drop the request. As i915, the ack is
 * not awaited here: the next wake-up waits for it.
 */
static enum hrtimer_restart dg1_fw_release_timer(struct hrtimer *timer)
{
	struct dg1_fw_domain *d = container_of(timer, struct dg1_fw_domain,
					       release_timer);
	unsigned long flags;

	spin_lock_irqsave(&d->fw->mmio->lock, flags);
	if (!d->ref && d->awake) {
		dg1_fw_request(d, FORCEWAKE_KERNEL, false);
		d->awake = false;
	}
	spin_unlock_irqrestore(&d->fw->mmio->lock, flags);
	return HRTIMER_NORESTART;
}

/**
 * dg1_force_wake_init() - prepare forcewake state; touches no register
 * @fw: state to initialise
 * @mmio: register window of the GT; its forcewake-aware accessors use @fw
 *	from now on
 */
void dg1_force_wake_init(struct dg1_force_wake *fw, struct dg1_mmio *mmio)
{
	unsigned int id;

	fw->mmio = mmio;
	fw->present = 0;
	fw->user_holds = 0;

	for (id = 0; id < DG1_FW_DOMAIN_ID_COUNT; id++) {
		struct dg1_fw_domain *d = &fw->domains[id];

		*d = (struct dg1_fw_domain){
			.fw = fw,
			.id = id,
			.req = dg1_fw_domain_info[id].req,
			.ack = dg1_fw_domain_info[id].ack,
		};
		hrtimer_init(&d->release_timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL);
		d->release_timer.function = dg1_fw_release_timer;
	}

	mmio->fw = fw;
}

/**
 * dg1_force_wake_init_domains() - make domains present, resetting requests
 * @fw: forcewake state
 * @domains: mask of domains (DG1_FW_*); ones already present are skipped
 *
 * Clears stale request bits a previous driver may have left, without waiting
 * for the ack: the box behind the domain need not be powered (HARDWARE.md
 * §3.5 "Domain init/reset"). Only pass domains whose engines exist, so no
 * request register of a fused-off box is written.
 */
void dg1_force_wake_init_domains(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags, todo;
	unsigned int id;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	todo = domains & DG1_FW_ALL & ~fw->present;
	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT)
		dg1_fw_request(&fw->domains[id], DG1_FW_RESET_BITS, false);
	fw->present |= todo;
	spin_unlock_irqrestore(&fw->mmio->lock, flags);
}

/**
 * dg1_force_wake_fini() - release every domain and detach from the window
 * @fw: forcewake state
 *
 * Called on unbind, after the device was unplugged: no new user can come.
 * References of open forcewake_user files are expected (their release
 * finds the device gone and leaves the domains alone); any other is a
 * driver bug and warned about. Either way all domains are released, so the
 * GT can power down after the driver is gone.
 */
void dg1_force_wake_fini(struct dg1_force_wake *fw)
{
	unsigned long flags, present;
	unsigned int id;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	present = fw->present;
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		drm_WARN(dg1_fw_drm(d), d->ref > fw->user_holds,
			 "forcewake %s still held %u times\n",
			 dg1_fw_domain_name(id), d->ref - fw->user_holds);
		d->ref = 0;
		if (d->awake) {
			dg1_fw_request(d, FORCEWAKE_KERNEL, false);
			d->awake = false;
		}
	}
	fw->present = 0;
	fw->user_holds = 0;
	fw->mmio->fw = NULL;
	spin_unlock_irqrestore(&fw->mmio->lock, flags);

	/* A callback still running finds its domain asleep: wait it out. */
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT)
		hrtimer_cancel(&fw->domains[id].release_timer);
}

/**
 * dg1_force_wake_get_locked() - dg1_force_wake_get() under the uncore lock
 * @fw: forcewake state
 * @domains: mask of present domains (DG1_FW_*)
 *
 * Context: &dg1_mmio.lock held; busy-waits for acks.
 * Return: 0 with every domain of @domains held; -ETIMEDOUT if one did not
 * wake, -ENODEV if one is not present (a driver bug, warned once). On
 * error no reference is taken.
 */
int dg1_force_wake_get_locked(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long want = domains, wake = 0;
	unsigned int id;
	int ret;

	lockdep_assert_held(&fw->mmio->lock);

	if (drm_WARN_ONCE(fw->mmio->drm, domains & ~fw->present,
			  "forcewake 0x%x wanted, only 0x%x present\n",
			  domains, fw->present))
		return -ENODEV;

	for_each_set_bit(id, &want, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		d->gets++;
		if (!d->ref && !d->awake)
			wake |= BIT(id);
	}

	if (wake) {
		ret = dg1_fw_wake(fw, wake);
		if (ret)
			return ret;
	}

	for_each_set_bit(id, &want, DG1_FW_DOMAIN_ID_COUNT)
		fw->domains[id].ref++;
	return 0;
}

/**
 * dg1_force_wake_put_locked() - dg1_force_wake_put() under the uncore lock
 * @fw: forcewake state
 * @domains: the mask given to the matching get
 *
 * Context: &dg1_mmio.lock held.
 */
void dg1_force_wake_put_locked(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long todo = domains & fw->present;
	unsigned int id;

	lockdep_assert_held(&fw->mmio->lock);
	drm_WARN_ONCE(fw->mmio->drm, domains & ~fw->present,
		      "forcewake 0x%x put, only 0x%x present\n",
		      domains, fw->present);

	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if (drm_WARN_ON_ONCE(fw->mmio->drm, !d->ref))
			continue;
		if (!--d->ref)
			dg1_fw_arm_release(d);
	}
}

/**
 * dg1_force_wake_get() - wake domains and hold them awake
 * @fw: forcewake state
 * @domains: mask of present domains (DG1_FW_*)
 *
 * A domain already held, or still awake from a recent put, is taken
 * without touching a register.
 *
 * Context: any; busy-waits for acks with the uncore lock held.
 * Return: 0 with every domain of @domains held; -ETIMEDOUT if one did not
 * wake (then none is held), -ENODEV for a domain that is not present.
 */
int dg1_force_wake_get(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	ret = dg1_force_wake_get_locked(fw, domains);
	spin_unlock_irqrestore(&fw->mmio->lock, flags);
	return ret;
}

/**
 * dg1_force_wake_put() - drop references taken by dg1_force_wake_get()
 * @fw: forcewake state
 * @domains: the mask given to the matching get
 *
 * A domain whose last reference goes is released about 1 ms later, unless
 * it is taken again meanwhile.
 *
 * Context: any.
 */
void dg1_force_wake_put(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	dg1_force_wake_put_locked(fw, domains);
	spin_unlock_irqrestore(&fw->mmio->lock, flags);
}

/**
 * dg1_force_wake_held() - whether all of @domains are currently held
 * @fw: forcewake state
 * @domains: DG1_FW_* mask
 *
 * A lockless snapshot, for debug checks by holders of the domains (whose
 * own references cannot go away under them).
 *
 * Return: true if every domain of @domains is present and referenced.
 */
bool dg1_force_wake_held(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long want = domains;
	unsigned int id;

	if (domains & ~READ_ONCE(fw->present))
		return false;
	for_each_set_bit(id, &want, DG1_FW_DOMAIN_ID_COUNT)
		if (!READ_ONCE(fw->domains[id].ref))
			return false;
	return true;
}

/**
 * dg1_force_wake_user_get() - hold every present domain for userspace
 * @fw: forcewake state
 *
 * The debugfs forcewake_user convention: while the file is open, register
 * tools can poke the hardware with nothing asleep.
 *
 * Context: process; busy-waits for acks.
 * Return: 0, or the error of the get (then nothing is held).
 */
int dg1_force_wake_user_get(struct dg1_force_wake *fw)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	ret = dg1_force_wake_get_locked(fw, fw->present);
	if (!ret)
		fw->user_holds++;
	spin_unlock_irqrestore(&fw->mmio->lock, flags);
	return ret;
}

/**
 * dg1_force_wake_user_put() - undo dg1_force_wake_user_get()
 * @fw: forcewake state
 */
void dg1_force_wake_user_put(struct dg1_force_wake *fw)
{
	unsigned long flags;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	if (!drm_WARN_ON(fw->mmio->drm, !fw->user_holds)) {
		fw->user_holds--;
		dg1_force_wake_put_locked(fw, fw->present);
	}
	spin_unlock_irqrestore(&fw->mmio->lock, flags);
}

/**
 * dg1_force_wake_present() - the domains set up
 * @fw: forcewake state
 *
 * Return: DG1_FW_* mask.
 */
u32 dg1_force_wake_present(struct dg1_force_wake *fw)
{
	return READ_ONCE(fw->present);
}

/**
 * dg1_force_wake_stats() - snapshot of a domain's reference and counters
 * @fw: forcewake state
 * @id: domain
 * @stats: filled in
 */
void dg1_force_wake_stats(struct dg1_force_wake *fw, enum dg1_fw_domain_id id,
			  struct dg1_fw_domain_stats *stats)
{
	const struct dg1_fw_domain *d = &fw->domains[id];
	unsigned long flags;

	spin_lock_irqsave(&fw->mmio->lock, flags);
	stats->ref = d->ref;
	stats->wakes = d->wakes;
	stats->gets = d->gets;
	stats->errors = d->errors;
	spin_unlock_irqrestore(&fw->mmio->lock, flags);
}
