// SPDX-License-Identifier: GPL-2.0
/*
 * Forcewake: keeps power wells of the GT awake while the driver touches
 * their registers. A register in a sleeping domain reads 0 and drops writes
 * (Vol 13 General Assets, "Force Wake and Steering Table": accesses to a
 * powered-down domain are terminated).
 *
 * Domains are reference-counted. The last put does not release a domain:
 * an hrtimer does, 1-2 ms later, so a burst of accesses does not wake and
 * sleep the power well each time; a get within that window finds the
 * domain awake and touches no register (i915 intel_uncore.c). The timer is
 * armed by the first last put of a burst and runs on once per later one.
 *
 * Waking follows i915's gen11+ protocol: wait until the previous release
 * is acknowledged, request KERNEL, then wait for its ack; an ack missing
 * after 50 ms is retried with the FALLBACK bit (WaRsForcewakeAddDelayForAck).
 * A domain that still does not answer fails the get with -ETIMEDOUT: its
 * request is withdrawn, the error counted and logged once, and the domain
 * is left alone for a second, during which its gets fail at once.
 *
 * Which path may wait how:
 *  - dg1_force_wake_get() is the only path that waits for an ack. It runs
 *    in process context and waits outside the lock, sleeping between
 *    reads: a dead domain costs its caller about 100 ms of sleep, not of
 *    spinning. A second getter of a domain being woken sleeps until the
 *    first one is done.
 *  - Everything under &dg1_force_wake.lock - puts, the release timer,
 *    setup, teardown, the statistics - is bounded: state changes and posted
 *    request writes only, never a wait. Atomic context can put, and can use
 *    domains that a process-context caller holds for it.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_mmio.h"
#include "regs/dg1_gt_regs.h"

#define DG1_FW_ACK_TIMEOUT_US	(DG1_FORCEWAKE_ACK_TIMEOUT_MS * USEC_PER_MSEC)

/* Tolerance of the release timer: release within 1-1.25 ms of the put. */
#define DG1_FW_RELEASE_SLACK_NS	(NSEC_PER_MSEC / 4)

/*
 * Bits cleared when a domain is set up (WaRsClearFWBitsAtReset, i915
 * intel_uncore.c): every request bit but 12, which graphics 12 keeps.
 */
#define DG1_FW_RESET_BITS	0xefff

/* How long a domain that failed to wake is left alone. */
#define DG1_FW_RETRY_INTERVAL	HZ

/* WaRsForcewakeAddDelayForAck: up to 10 passes, pass n waits 10n us. */
#define DG1_FW_FALLBACK_PASSES		10
#define DG1_FW_FALLBACK_DELAY_US	10

/*
 * Request/ack registers per domain (Vol 13 General Assets, "Force Wake and
 * Steering Table", domain table; regs/dg1_gt_regs.h).
 */
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

/* Request registers are shadowed: written without forcewake. */
static void dg1_fw_request(struct dg1_fw_domain *d, u32 bits, bool set)
{
	dg1_mmio_write32(d->fw->mmio, d->req,
			 set ? _MASKED_BIT_ENABLE(bits) :
			       _MASKED_BIT_DISABLE(bits));
}

/* Ack registers need no forcewake (always-on and SGunit ranges). */
static int dg1_fw_wait_ack(struct dg1_fw_domain *d, u32 bit, bool set)
{
	return dg1_mmio_wait32(d->fw->mmio, d->ack, bit, set ? bit : 0,
			       DG1_FW_ACK_TIMEOUT_US, NULL);
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
		fsleep(DG1_FW_FALLBACK_DELAY_US * pass);
		ret = dg1_fw_wait_ack(d, FORCEWAKE_KERNEL_FALLBACK, true);
		ok = !ret && (dg1_mmio_read32(d->fw->mmio, d->ack) &
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

/* 0 on a direct ack, 1 when the fallback delivered it, else -ETIMEDOUT. */
static int dg1_fw_wait_kernel_ack(struct dg1_fw_domain *d, bool set)
{
	int ret;

	if (!dg1_fw_wait_ack(d, FORCEWAKE_KERNEL, set))
		return 0;
	ret = dg1_fw_ack_fallback(d, set);
	return ret ?: 1;
}

static bool dg1_fw_retry_blocked(const struct dg1_fw_domain *d)
{
	return d->errors && time_before(jiffies, d->retry_after);
}

/* Counted every time, logged once per domain: a dead well stays dead. */
static void dg1_fw_domain_failed(struct dg1_fw_domain *d, bool set)
{
	lockdep_assert_held(&d->fw->lock);

	d->errors++;
	d->retry_after = jiffies + DG1_FW_RETRY_INTERVAL;
	if (d->error_reported)
		return;
	d->error_reported = true;
	drm_err(dg1_fw_drm(d),
		"forcewake %s: no %s ack within %u ms, fallback included (ack 0x%08x); its registers are unreachable\n",
		dg1_fw_domain_name(d->id), set ? "wake" : "release",
		DG1_FORCEWAKE_ACK_TIMEOUT_MS,
		dg1_mmio_read32(d->fw->mmio, d->ack));
}

static void dg1_fw_arm_release(struct dg1_fw_domain *d)
{
	hrtimer_start_range_ns(&d->release_timer,
			       ns_to_ktime(DG1_FORCEWAKE_RELEASE_DELAY_NS),
			       DG1_FW_RELEASE_SLACK_NS, HRTIMER_MODE_REL);
}

static void dg1_fw_put_locked(struct dg1_force_wake *fw, unsigned long todo)
{
	unsigned int id;

	lockdep_assert_held(&fw->lock);

	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if (drm_WARN_ON_ONCE(fw->mmio->drm, !d->ref))
			continue;
		if (--d->ref)
			continue;
		/* A burst of gets and puts arms the timer once, not each time. */
		if (hrtimer_is_queued(&d->release_timer))
			d->put_again = true;
		else
			dg1_fw_arm_release(d);
	}
}

/*
 * Wake the domains in @wake, which the caller moved to DG1_FW_WAKING and
 * so owns: no one else writes their request registers meanwhile. Runs
 * without the lock and sleeps; all requests go out before the acks are
 * awaited, so the wells power up in parallel. Each domain that woke comes
 * back DG1_FW_AWAKE with one reference, for the caller.
 *
 * Return: the domains that woke.
 */
static unsigned long dg1_fw_wake(struct dg1_force_wake *fw,
				 unsigned long wake)
{
	unsigned long requested = 0, woke = 0, fell_back = 0;
	unsigned long flags;
	unsigned int id;
	int ret;

	for_each_set_bit(id, &wake, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		/* The previous release must have landed first. */
		if (dg1_fw_wait_kernel_ack(d, false) < 0)
			continue;
		dg1_fw_request(d, FORCEWAKE_KERNEL, true);
		requested |= BIT(id);
	}

	for_each_set_bit(id, &requested, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		ret = dg1_fw_wait_kernel_ack(d, true);
		if (ret < 0) {
			/* Withdraw the request: no bit is left set. */
			dg1_fw_request(d, FORCEWAKE_KERNEL, false);
			continue;
		}
		woke |= BIT(id);
		if (ret)
			fell_back |= BIT(id);
	}

	spin_lock_irqsave(&fw->lock, flags);
	for_each_set_bit(id, &wake, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if (!(woke & BIT(id))) {
			d->state = DG1_FW_ASLEEP;
			dg1_fw_domain_failed(d, requested & BIT(id));
			continue;
		}
		d->state = DG1_FW_AWAKE;
		d->ref++;
		d->wakes++;
		if (fell_back & BIT(id))
			d->fallbacks++;
	}
	spin_unlock_irqrestore(&fw->lock, flags);

	wake_up_all(&fw->wake_done);
	return woke;
}

static bool dg1_fw_none_waking(struct dg1_force_wake *fw, unsigned long mask)
{
	unsigned long flags;
	unsigned int id;
	bool none = true;

	spin_lock_irqsave(&fw->lock, flags);
	for_each_set_bit(id, &mask, DG1_FW_DOMAIN_ID_COUNT)
		if (fw->domains[id].state == DG1_FW_WAKING)
			none = false;
	spin_unlock_irqrestore(&fw->lock, flags);
	return none;
}

/*
 * The delayed release. A last put since the timer was armed runs it once
 * more, a delay from now (so the domain goes 1-2 ms after the last put); a
 * reference taken since keeps the domain; otherwise drop the request. As
 * i915, the ack is not awaited here: the next wake-up waits for it.
 */
static enum hrtimer_restart dg1_fw_release_timer(struct hrtimer *timer)
{
	struct dg1_fw_domain *d = container_of(timer, struct dg1_fw_domain,
					       release_timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	unsigned long flags;

	spin_lock_irqsave(&d->fw->lock, flags);
	if (hrtimer_is_queued(timer)) {
		/*
		 * A last put found this running, not queued, and armed it
		 * again while this waited for the lock: that one releases.
		 * Forwarding a queued timer would move it under the queue
		 * (hrtimer_forward() warns; dg1_fuzz saw it).
		 */
		d->put_again = false;
	} else if (d->put_again) {
		d->put_again = false;
		hrtimer_forward_now(timer,
				    ns_to_ktime(DG1_FORCEWAKE_RELEASE_DELAY_NS));
		ret = HRTIMER_RESTART;
	} else if (!d->ref && d->state == DG1_FW_AWAKE) {
		dg1_fw_request(d, FORCEWAKE_KERNEL, false);
		d->state = DG1_FW_ASLEEP;
	}
	spin_unlock_irqrestore(&d->fw->lock, flags);
	return ret;
}

/**
 * dg1_force_wake_init() - prepare forcewake state; touches no register
 * @fw: state to initialise
 * @mmio: register window of the GT
 */
void dg1_force_wake_init(struct dg1_force_wake *fw, struct dg1_mmio *mmio)
{
	unsigned int id;

	fw->mmio = mmio;
	fw->present = 0;
	fw->user_holds = 0;
	spin_lock_init(&fw->lock);
	init_waitqueue_head(&fw->wake_done);

	for (id = 0; id < DG1_FW_DOMAIN_ID_COUNT; id++) {
		struct dg1_fw_domain *d = &fw->domains[id];

		*d = (struct dg1_fw_domain){
			.fw = fw,
			.id = id,
			.req = dg1_fw_domain_info[id].req,
			.ack = dg1_fw_domain_info[id].ack,
			.state = DG1_FW_ASLEEP,
		};
		hrtimer_init(&d->release_timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL);
		d->release_timer.function = dg1_fw_release_timer;
	}
}

/**
 * dg1_force_wake_init_domains() - make domains present, resetting requests
 * @fw: forcewake state
 * @domains: mask of domains (DG1_FW_*); ones already present are skipped
 *
 * Clears stale request bits a previous driver may have left, without waiting
 * for the ack: the box behind the domain need not be powered (i915
 * intel_uncore.c, fw_domain_reset()). Only pass domains whose engines exist,
 * so no request register of a fused-off box is written.
 *
 * Context: any.
 */
void dg1_force_wake_init_domains(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags, todo;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	todo = domains & DG1_FW_ALL & ~fw->present;
	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT)
		dg1_fw_request(&fw->domains[id], DG1_FW_RESET_BITS, false);
	fw->present |= todo;
	spin_unlock_irqrestore(&fw->lock, flags);
}

/**
 * dg1_force_wake_fini() - release every domain
 * @fw: forcewake state
 *
 * Called on unbind, after the device was unplugged (no new user can come,
 * no get is in progress), or when probe unwinds. References of open
 * forcewake_user files are expected (their release finds the device gone
 * and leaves the domains alone); any other is a driver bug and warned
 * about. Either way all domains are released, so the GT can power down
 * after the driver is gone.
 */
void dg1_force_wake_fini(struct dg1_force_wake *fw)
{
	unsigned long flags, present;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	present = fw->present;
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		drm_WARN(dg1_fw_drm(d), d->ref > fw->user_holds ||
			 d->state == DG1_FW_WAKING,
			 "forcewake %s still in use: %u references, %u of them forcewake_user, state %d\n",
			 dg1_fw_domain_name(id), d->ref, fw->user_holds,
			 d->state);
		d->ref = 0;
		if (d->state == DG1_FW_AWAKE)
			dg1_fw_request(d, FORCEWAKE_KERNEL, false);
		d->state = DG1_FW_ASLEEP;
		d->put_again = false;
	}
	fw->present = 0;
	fw->user_holds = 0;
	spin_unlock_irqrestore(&fw->lock, flags);

	/* A callback still running finds its domain asleep: wait it out. */
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT)
		hrtimer_cancel(&fw->domains[id].release_timer);
}

/**
 * dg1_force_wake_suspend() - release every domain before the device sleeps
 * @fw: forcewake state
 * @keep_refs: references may be held (system sleep: requests queued
 *	across it hold their engine's domain); dg1_force_wake_resume() wakes
 *	those domains again
 *
 * The delayed releases happen now and their acks are awaited: a function
 * in D3hot answers no register, and one that comes back from it (or from a
 * power loss) has lost its requests, which the domains' state then says.
 *
 * Context: process; sleeps for the release acks.
 * Return: 0; -EBUSY, changing nothing, while a domain is waking, or
 * referenced without @keep_refs (runtime suspend: whoever holds it holds
 * the device awake too).
 */
int dg1_force_wake_suspend(struct dg1_force_wake *fw, bool keep_refs)
{
	unsigned long flags, present, released = 0;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	present = fw->present;
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if ((d->ref && !keep_refs) || d->state == DG1_FW_WAKING) {
			spin_unlock_irqrestore(&fw->lock, flags);
			return -EBUSY;
		}
	}
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		if (d->state != DG1_FW_AWAKE)
			continue;
		dg1_fw_request(d, FORCEWAKE_KERNEL, false);
		d->state = DG1_FW_ASLEEP;
		d->put_again = false;
		released |= BIT(id);
	}
	spin_unlock_irqrestore(&fw->lock, flags);

	/* A callback still running finds its domain asleep. */
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT)
		hrtimer_cancel(&fw->domains[id].release_timer);
	/* A lost release ack only matters to the next wake, which retries. */
	for_each_set_bit(id, &released, DG1_FW_DOMAIN_ID_COUNT)
		dg1_fw_wait_ack(&fw->domains[id], FORCEWAKE_KERNEL, false);
	return 0;
}

/**
 * dg1_force_wake_resume() - wake the domains still referenced after a sleep
 * @fw: forcewake state, dg1_force_wake_suspend() done
 *
 * Before anything else reaches the registers: holders of a reference
 * count on their domain being awake. A domain that failed to wake before
 * may be tried again at once.
 *
 * Context: process; sleeps for the acks.
 */
void dg1_force_wake_resume(struct dg1_force_wake *fw)
{
	unsigned long flags, present, wake = 0, woke;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	present = fw->present;
	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *d = &fw->domains[id];

		/* A failure before the sleep says nothing of the device now. */
		d->retry_after = jiffies;
		if (d->ref && d->state == DG1_FW_ASLEEP) {
			d->state = DG1_FW_WAKING;
			wake |= BIT(id);
		}
	}
	spin_unlock_irqrestore(&fw->lock, flags);
	if (!wake)
		return;
	woke = dg1_fw_wake(fw, wake);
	/* The wake's own reference: the holders have theirs. */
	spin_lock_irqsave(&fw->lock, flags);
	for_each_set_bit(id, &woke, DG1_FW_DOMAIN_ID_COUNT)
		fw->domains[id].ref--;
	spin_unlock_irqrestore(&fw->lock, flags);
}

/**
 * dg1_force_wake_get() - wake domains and hold them awake
 * @fw: forcewake state
 * @domains: mask of present domains (DG1_FW_*)
 *
 * A domain already held, or still awake from a recent put, is taken
 * without touching a register. A sleeping one is woken, waiting for its
 * ack outside the lock; a domain another caller is waking is waited for.
 *
 * Context: process; may sleep (up to about 100 ms per domain that does
 * not wake). Must not be called with a spinlock held.
 * Return: 0 with every domain of @domains held; -ETIMEDOUT if one did not
 * wake or failed within the last second (then none is held), -ENODEV for a
 * domain that is not present (a driver bug, warned once).
 */
int dg1_force_wake_get(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long want = domains, held = 0, wake, busy;
	unsigned long flags;
	unsigned int id;
	int ret = 0;

	might_sleep();

	spin_lock_irqsave(&fw->lock, flags);
	if (drm_WARN_ONCE(fw->mmio->drm, domains & ~fw->present,
			  "forcewake 0x%x wanted, only 0x%x present\n",
			  domains, fw->present)) {
		spin_unlock_irqrestore(&fw->lock, flags);
		return -ENODEV;
	}
	for_each_set_bit(id, &want, DG1_FW_DOMAIN_ID_COUNT)
		fw->domains[id].gets++;

	/*
	 * Take what is awake, claim what sleeps, note what another getter
	 * is waking; then wake or wait with the lock dropped, and look again:
	 * meanwhile a domain left unreferenced may have been released.
	 */
	while (held != want) {
		unsigned long todo = want & ~held;

		wake = 0;
		busy = 0;
		for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
			struct dg1_fw_domain *d = &fw->domains[id];

			if (d->state == DG1_FW_ASLEEP &&
			    dg1_fw_retry_blocked(d)) {
				d->errors++;
				ret = -ETIMEDOUT;
			}
		}
		if (ret)
			break;

		for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
			struct dg1_fw_domain *d = &fw->domains[id];

			switch (d->state) {
			case DG1_FW_AWAKE:
				d->ref++;
				held |= BIT(id);
				break;
			case DG1_FW_WAKING:
				busy |= BIT(id);
				break;
			case DG1_FW_ASLEEP:
				d->state = DG1_FW_WAKING;
				wake |= BIT(id);
				break;
			}
		}
		if (held == want)
			break;

		spin_unlock_irqrestore(&fw->lock, flags);
		if (wake) {
			unsigned long woke = dg1_fw_wake(fw, wake);

			held |= woke;
			if (woke != wake)
				ret = -ETIMEDOUT;
		} else {
			wait_event(fw->wake_done, dg1_fw_none_waking(fw, busy));
		}
		spin_lock_irqsave(&fw->lock, flags);
		if (ret)
			break;
	}

	if (ret)
		dg1_fw_put_locked(fw, held);
	spin_unlock_irqrestore(&fw->lock, flags);
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
 * Context: any; never waits.
 */
void dg1_force_wake_put(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags;

	spin_lock_irqsave(&fw->lock, flags);
	drm_WARN_ONCE(fw->mmio->drm, domains & ~fw->present,
		      "forcewake 0x%x put, only 0x%x present\n",
		      domains, fw->present);
	dg1_fw_put_locked(fw, domains & fw->present);
	spin_unlock_irqrestore(&fw->lock, flags);
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
 * Context: process; may sleep.
 * Return: 0, or the error of the get (then nothing is held).
 */
int dg1_force_wake_user_get(struct dg1_force_wake *fw)
{
	unsigned long flags;
	int ret;

	ret = dg1_force_wake_get(fw, dg1_force_wake_present(fw));
	if (ret)
		return ret;

	spin_lock_irqsave(&fw->lock, flags);
	fw->user_holds++;
	spin_unlock_irqrestore(&fw->lock, flags);
	return 0;
}

/**
 * dg1_force_wake_user_put() - undo dg1_force_wake_user_get()
 * @fw: forcewake state
 *
 * Context: any.
 */
void dg1_force_wake_user_put(struct dg1_force_wake *fw)
{
	unsigned long flags;

	spin_lock_irqsave(&fw->lock, flags);
	if (!drm_WARN_ON(fw->mmio->drm, !fw->user_holds)) {
		fw->user_holds--;
		dg1_fw_put_locked(fw, fw->present);
	}
	spin_unlock_irqrestore(&fw->lock, flags);
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

	spin_lock_irqsave(&fw->lock, flags);
	stats->ref = d->ref;
	stats->wakes = d->wakes;
	stats->gets = d->gets;
	stats->errors = d->errors;
	stats->fallbacks = d->fallbacks;
	spin_unlock_irqrestore(&fw->lock, flags);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_forcewake_test.c"
#endif
