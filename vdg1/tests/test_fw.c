// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_fw.c - forcewake requests, acks, ack delays, never-acking domains,
 * lost acks and their fallback recovery, release back to sleep, wake
 * transitions, and the engine-busy hook.
 */
#include "vdg1_test.h"

#define domains fw_domains
#define NDOMAINS	VDG1_FW_COUNT

static void fw_request_is_masked(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 0);
	size_t i;

	/*
	 * The request registers sit in GT's row 0xA000-0xAFFF: hold GT awake
	 * through the engine-busy hook so they can be read back.
	 */
	vdg1_fw_busy_get(core, VDG1_FW_GT);
	for (i = 0; i < NDOMAINS; i++) {
		uint32_t req = domains[i].req;

		EXPECT_EQ(rd(core, req), 0);
		wr(core, req, SET(FORCEWAKE_KERNEL));
		EXPECT_EQ(rd(core, req), FORCEWAKE_KERNEL);
		/* No enable bits: nothing changes. */
		wr(core, req, 0x0000ffff);
		EXPECT_EQ(rd(core, req), FORCEWAKE_KERNEL);
		wr(core, req, SET(FORCEWAKE_USER));
		EXPECT_EQ(rd(core, req), FORCEWAKE_KERNEL | FORCEWAKE_USER);
		wr(core, req, CLEAR(FORCEWAKE_KERNEL));
		EXPECT_EQ(rd(core, req), FORCEWAKE_USER);
		/* Full-width write of enables: the high half reads as 0. */
		wr(core, req, 0xffff8000);
		EXPECT_EQ(rd(core, req), FORCEWAKE_KERNEL_FALLBACK);
	}
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

static void fw_immediate_ack_follows_each_bit(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 0);
	size_t i;

	for (i = 0; i < NDOMAINS; i++) {
		uint32_t req = domains[i].req, ack = domains[i].ack;

		EXPECT_EQ(rd(core, ack), 0);
		wr(core, req, SET(FORCEWAKE_KERNEL));
		EXPECT_EQ(rd(core, ack), FORCEWAKE_KERNEL);
		wr(core, req, SET(FORCEWAKE_KERNEL_FALLBACK));
		EXPECT_EQ(rd(core, ack),
			  FORCEWAKE_KERNEL | FORCEWAKE_KERNEL_FALLBACK);
		wr(core, req, CLEAR(FORCEWAKE_KERNEL));
		EXPECT_EQ(rd(core, ack), FORCEWAKE_KERNEL_FALLBACK);
		wr(core, req, CLEAR(0xffff));
		EXPECT_EQ(rd(core, ack), 0);
	}
	/* Delay 0 never needs the timer. */
	EXPECT_EQ(h.armed, VDG1_NEVER);
	vdg1_core_destroy(core);
}

static void fw_ack_write_is_dropped(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, FORCEWAKE_ACK_RENDER, 0xffffffff);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 0);
	vdg1_core_destroy(core);
}

static void fw_default_ack_delay_is_10us(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint64_t t0 = h.now;

	EXPECT_EQ(CNT(core, fw_ack_delay_ns), 10000);
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed, t0 + 10000);
	fake_advance(&h, core, 9999);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	fake_advance(&h, core, 1);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), FORCEWAKE_KERNEL);
	EXPECT_EQ(CNT(core, awake_domains), 1u << VDG1_FW_GT);
	vdg1_core_destroy(core);
}

static void fw_delayed_ack_arrives_by_timer(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 1000);
	uint64_t t0 = h.now;

	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed, t0 + 1000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	fake_advance(&h, core, 999);
	EXPECT_EQ(h.timer_fires, 0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 0);
	fake_advance(&h, core, 1);
	EXPECT_EQ(h.timer_fires, 1);
	/* Awake before the guest looks: the timer did the work. */
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 1);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), FORCEWAKE_KERNEL);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	vdg1_core_destroy(core);
}

static void fw_delayed_ack_seen_even_if_timer_is_late(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 500);

	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	/* The clock passes the deadline but the host has not run the timer. */
	h.now += 600;
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), FORCEWAKE_KERNEL);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	vdg1_core_destroy(core);
}

static void fw_delay_counts_from_latest_change(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 1000);
	uint64_t t0 = h.now;

	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 400);
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_USER));
	/* KERNEL still due at t0 + 1000, USER at t0 + 1400. */
	EXPECT_EQ(h.armed, t0 + 1000);
	fake_advance(&h, core, 600);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), FORCEWAKE_KERNEL);
	EXPECT_EQ(h.armed, t0 + 1400);
	fake_advance(&h, core, 400);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT),
		  FORCEWAKE_KERNEL | FORCEWAKE_USER);
	vdg1_core_destroy(core);
}

static void fw_flip_back_before_ack_cancels(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 1000);

	wr(core, FORCEWAKE_MEDIA_VDBOX(0), SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 500);
	wr(core, FORCEWAKE_MEDIA_VDBOX(0), CLEAR(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed, VDG1_NEVER);
	fake_advance(&h, core, 5000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(0)), 0);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_VDBOX0]), 0);
	vdg1_core_destroy(core);
}

static void fw_release_sleeps_after_delay(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	fake_wake(&h, core, VDG1_FW_RENDER);
	EXPECT_EQ(CNT(core, awake_domains), 1u << VDG1_FW_RENDER);
	wr(core, FORCEWAKE_RENDER, CLEAR(FORCEWAKE_KERNEL));
	/* The ack, and with it the power, drops only after the delay. */
	fake_advance(&h, core, 9999);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), FORCEWAKE_KERNEL);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 1);
	fake_advance(&h, core, 1);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	/* Any ack bit keeps it awake: USER alone is enough. */
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_USER));
	fake_advance(&h, core, 10000);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 1);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_RENDER]), 2);
	vdg1_core_destroy(core);
}

static void fw_never_ack_domain(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fw_never_ack = 1u << VDG1_FW_VEBOX0;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(CNT(core, never_ack_domains), 1u << VDG1_FW_VEBOX0);
	wr(core, FORCEWAKE_MEDIA_VEBOX(0), SET(FORCEWAKE_KERNEL));
	wr(core, FORCEWAKE_MEDIA_VEBOX(0), SET(FORCEWAKE_KERNEL_FALLBACK));
	EXPECT_EQ(h.armed, VDG1_NEVER);
	fake_advance(&h, core, 1ull << 40);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VEBOX(0)), 0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_VEBOX0), 0);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_VEBOX0]), 0);
	/* Its registers stay terminated. */
	EXPECT_EQ(rd(core, RING_TIMESTAMP(GEN11_VEBOX_RING_BASE)), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	/* Other domains are unaffected. */
	fake_wake(&h, core, VDG1_FW_VDBOX2);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(2)), FORCEWAKE_KERNEL);
	vdg1_core_destroy(core);
}

/*
 * Every write that sets KERNEL or FALLBACK counts as a wake request of its
 * domain, and every read of its ack register as an ack read, acked or not;
 * clears, repeats and other bits do not count.
 */
static void fw_requests_and_ack_reads_counted(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fw_never_ack = 1u << VDG1_FW_RENDER;
	core = fake_core(&h, &cfg);
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(CNT(core, wake_requests[VDG1_FW_RENDER]), 1);
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL_FALLBACK));
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_USER));
	EXPECT_EQ(CNT(core, wake_requests[VDG1_FW_RENDER]), 2);
	wr(core, FORCEWAKE_RENDER,
	   CLEAR(FORCEWAKE_KERNEL | FORCEWAKE_KERNEL_FALLBACK));
	EXPECT_EQ(CNT(core, wake_requests[VDG1_FW_RENDER]), 2);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(CNT(core, ack_reads[VDG1_FW_RENDER]), 2);
	/* An acking domain counts the same; the others stay at zero. */
	fake_wake(&h, core, VDG1_FW_VDBOX2);
	EXPECT_EQ(CNT(core, wake_requests[VDG1_FW_VDBOX2]), 1);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(2)), FORCEWAKE_KERNEL);
	EXPECT_EQ(CNT(core, wake_requests[VDG1_FW_VEBOX0]), 0);
	EXPECT_EQ(CNT(core, ack_reads[VDG1_FW_VEBOX0]), 0);
	vdg1_core_destroy(core);
}

static struct vdg1_core *lose_core(struct fake_host *h, uint32_t lose,
				   uint32_t count, uint32_t never,
				   uint64_t delay)
{
	struct vdg1_config cfg;

	vdg1_config_defaults(&cfg);
	cfg.fw_lose_acks = lose;
	if (count)
		cfg.fw_lose_acks_count = count;
	cfg.fw_never_ack = never;
	cfg.fw_ack_delay_ns = delay;
	return fake_core(h, &cfg);
}

/*
 * What i915 does when a wake ack does not come (intel_uncore.c,
 * WaRsForcewakeAddDelayForAck): request the fallback, wait for its ack,
 * look at the KERNEL ack, drop the fallback. Returns the KERNEL ack as seen
 * with the fallback acked.
 */
static uint32_t fallback_kick(struct fake_host *h, struct vdg1_core *core,
			      uint32_t req, uint32_t ack)
{
	uint32_t seen;

	wr(core, req, SET(FORCEWAKE_KERNEL_FALLBACK));
	/* The fallback ack takes the usual delay, and so does the kernel's. */
	if (core->cfg.fw_ack_delay_ns) {
		fake_advance(h, core, core->cfg.fw_ack_delay_ns - 1);
		EXPECT_EQ(rd(core, ack) & FORCEWAKE_KERNEL_FALLBACK, 0);
		fake_advance(h, core, 1);
	}
	EXPECT_EQ(rd(core, ack) & FORCEWAKE_KERNEL_FALLBACK,
		  FORCEWAKE_KERNEL_FALLBACK);
	seen = rd(core, ack) & FORCEWAKE_KERNEL;
	wr(core, req, CLEAR(FORCEWAKE_KERNEL_FALLBACK));
	fake_advance(h, core, core->cfg.fw_ack_delay_ns);
	EXPECT_EQ(rd(core, ack) & FORCEWAKE_KERNEL_FALLBACK, 0);
	return seen;
}

static void fw_lose_acks_first_n_wakes(void)
{
	struct fake_host h;
	struct vdg1_core *core = lose_core(&h, 1u << VDG1_FW_RENDER, 2, 0,
					   10000);
	struct vdg1_counters_page p;
	int n;

	p = counters(core);
	EXPECT_EQ(p.lose_ack_domains, 1u << VDG1_FW_RENDER);
	EXPECT_EQ(p.lose_ack_count, 2);
	for (n = 1; n <= 3; n++) {
		wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
		fake_advance(&h, core, 10000);
		if (n <= 2) {
			/* Lost: no ack however long the driver waits. */
			EXPECT_EQ(h.armed, VDG1_NEVER);
			fake_advance(&h, core, 50000000);
			EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
			EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 0);
			EXPECT_EQ(CNT(core, acks_lost), n);
			EXPECT_EQ(CNT(core, acks_recovered_by_fallback), n - 1);
			/* The fallback kick brings the withheld ack along. */
			EXPECT_EQ(fallback_kick(&h, core, FORCEWAKE_RENDER,
						FORCEWAKE_ACK_RENDER),
				  FORCEWAKE_KERNEL);
			EXPECT_EQ(CNT(core, acks_recovered_by_fallback), n);
		}
		/* Request N + 1 (and on) acks normally. */
		EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), FORCEWAKE_KERNEL);
		EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 1);
		EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_RENDER]), n);
		/* Releases are never lost. */
		wr(core, FORCEWAKE_RENDER, CLEAR(FORCEWAKE_KERNEL));
		fake_advance(&h, core, 10000);
		EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
		EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 0);
	}
	p = counters(core);
	EXPECT_EQ(p.acks_lost, 2);
	EXPECT_EQ(p.acks_recovered_by_fallback, 2);
	/* Other domains ack as usual. */
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), FORCEWAKE_KERNEL);
	/* A counters reset zeroes the counts, not the configuration. */
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_RESET);
	p = counters(core);
	EXPECT_EQ(p.acks_lost, 0);
	EXPECT_EQ(p.acks_recovered_by_fallback, 0);
	EXPECT_EQ(p.lose_ack_domains, 1u << VDG1_FW_RENDER);
	EXPECT_EQ(p.lose_ack_count, 2);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

static void fw_lose_acks_default_one_per_domain(void)
{
	struct fake_host h;
	struct vdg1_core *core = lose_core(&h, 1u << VDG1_FW_GT |
					   1u << VDG1_FW_VDBOX0, 0, 0, 10000);
	enum vdg1_fw_domain d;
	int i;

	EXPECT_EQ(CNT(core, lose_ack_count), 1);
	for (i = 0; i < 2; i++) {
		d = i ? VDG1_FW_VDBOX0 : VDG1_FW_GT;
		fake_wake(&h, core, d);
		EXPECT_EQ(rd(core, fw_domains[d].ack), 0);
		EXPECT_EQ(CNT(core, acks_lost), i + 1);
		fake_release(&h, core, d);
		/* Its one loss is spent: the next wake acks. */
		fake_wake(&h, core, d);
		EXPECT_EQ(rd(core, fw_domains[d].ack), FORCEWAKE_KERNEL);
		EXPECT_EQ(CNT(core, acks_lost), i + 1);
	}
	/* Nothing was recovered: the driver gave up rather than kick. */
	EXPECT_EQ(CNT(core, acks_recovered_by_fallback), 0);
	/* A reset (power-on) gives the domains their losses back. */
	vdg1_core_reset(core);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	EXPECT_EQ(CNT(core, acks_lost), 3);
	vdg1_core_destroy(core);
}

static void fw_lose_acks_only_kernel_wake_requests(void)
{
	struct fake_host h;
	struct vdg1_core *core = lose_core(&h, 1u << VDG1_FW_RENDER, 3, 0,
					   10000);

	/* USER is not the kernel's wake request: it acks. */
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_USER));
	fake_advance(&h, core, 10000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), FORCEWAKE_USER);
	wr(core, FORCEWAKE_RENDER, CLEAR(FORCEWAKE_USER));
	fake_advance(&h, core, 10000);
	EXPECT_EQ(CNT(core, acks_lost), 0);
	/* KERNEL withheld, then dropped before any kick: nothing to undo. */
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(CNT(core, acks_lost), 1);
	wr(core, FORCEWAKE_RENDER, CLEAR(FORCEWAKE_KERNEL));
	EXPECT_EQ(fallback_kick(&h, core, FORCEWAKE_RENDER,
				FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(CNT(core, acks_recovered_by_fallback), 0);
	/* Second loss, recovered; the ack is then set. */
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(CNT(core, acks_lost), 2);
	EXPECT_EQ(fallback_kick(&h, core, FORCEWAKE_RENDER,
				FORCEWAKE_ACK_RENDER), FORCEWAKE_KERNEL);
	/* Released and re-requested before the ack dropped: no wake request. */
	wr(core, FORCEWAKE_RENDER, CLEAR(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 5000);
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 10000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), FORCEWAKE_KERNEL);
	EXPECT_EQ(CNT(core, acks_lost), 2);
	EXPECT_EQ(CNT(core, acks_recovered_by_fallback), 1);
	/* USER, the lone FALLBACK ack, the recovered wake. */
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_RENDER]), 3);
	/* The loss it did not spend goes to the next real wake request. */
	fake_release(&h, core, VDG1_FW_RENDER);
	fake_wake(&h, core, VDG1_FW_RENDER);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(CNT(core, acks_lost), 3);
	vdg1_core_destroy(core);
}

static void fw_lose_acks_immediate_ack_delay(void)
{
	struct fake_host h;
	struct vdg1_core *core = lose_core(&h, 1u << VDG1_FW_VDBOX2, 1, 0, 0);

	wr(core, FORCEWAKE_MEDIA_VDBOX(2), SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(2)), 0);
	wr(core, FORCEWAKE_MEDIA_VDBOX(2), SET(FORCEWAKE_KERNEL_FALLBACK));
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(2)),
		  FORCEWAKE_KERNEL | FORCEWAKE_KERNEL_FALLBACK);
	EXPECT_EQ(CNT(core, acks_lost), 1);
	EXPECT_EQ(CNT(core, acks_recovered_by_fallback), 1);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	vdg1_core_destroy(core);
}

/*
 * A domain in both lists never acks, fallback or not, and none of its
 * requests counts as a lost ack: "never" describes a dead power well,
 * which has nothing to lose or recover.
 */
static void fw_never_ack_wins_over_lose_acks(void)
{
	struct fake_host h;
	struct vdg1_core *core = lose_core(&h, 1u << VDG1_FW_VEBOX0 |
					   1u << VDG1_FW_RENDER, 3,
					   1u << VDG1_FW_VEBOX0, 10000);
	struct vdg1_counters_page p;

	wr(core, FORCEWAKE_MEDIA_VEBOX(0), SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 10000);
	wr(core, FORCEWAKE_MEDIA_VEBOX(0), SET(FORCEWAKE_KERNEL_FALLBACK));
	fake_advance(&h, core, 1ull << 30);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VEBOX(0)), 0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_VEBOX0), 0);
	p = counters(core);
	EXPECT_EQ(p.acks_lost, 0);
	EXPECT_EQ(p.never_ack_domains, 1u << VDG1_FW_VEBOX0);
	EXPECT_EQ(p.lose_ack_domains,
		  1u << VDG1_FW_VEBOX0 | 1u << VDG1_FW_RENDER);
	/* The other listed domain loses and recovers as usual. */
	fake_wake(&h, core, VDG1_FW_RENDER);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	EXPECT_EQ(fallback_kick(&h, core, FORCEWAKE_RENDER,
				FORCEWAKE_ACK_RENDER), FORCEWAKE_KERNEL);
	p = counters(core);
	EXPECT_EQ(p.acks_lost, 1);
	EXPECT_EQ(p.acks_recovered_by_fallback, 1);
	vdg1_core_destroy(core);
}

static void fw_wake_transitions_counted_per_domain(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 0);
	int d;

	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	/* A second bit on an awake domain is no new transition. */
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_USER));
	wr(core, FORCEWAKE_GT, CLEAR(FORCEWAKE_KERNEL | FORCEWAKE_USER));
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	wr(core, FORCEWAKE_MEDIA_VDBOX(2), SET(FORCEWAKE_KERNEL));
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		uint32_t want = d == VDG1_FW_GT ? 2 :
				d == VDG1_FW_VDBOX2 ? 1 : 0;

		EXPECT_EQ(CNT(core, wake_transitions[d]), want);
	}
	EXPECT_EQ(CNT(core, awake_domains),
		  1u << VDG1_FW_GT | 1u << VDG1_FW_VDBOX2);
	vdg1_core_destroy(core);
}

static void fw_reset_clear_is_harmless(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;

	/*
	 * WaRsClearFWBitsAtReset: masked clear of 0xEFFF, no ack wait (i915
	 * intel_uncore.c).
	 */
	for (i = 0; i < NDOMAINS; i++) {
		wr(core, domains[i].req, 0xefff0000);
		EXPECT_EQ(rd(core, domains[i].ack), 0);
		EXPECT_EQ(CNT(core, wake_transitions[domains[i].d]), 0);
	}
	/* Shadowed, so no violation although GT sleeps (i915 intel_uncore.c). */
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	vdg1_core_destroy(core);
}

static void fw_fused_off_domains_are_unclaimed(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* VDBOX1 does not exist on DG1. */
	wr(core, FORCEWAKE_MEDIA_VDBOX(1), SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(1)), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 1);
	EXPECT_EQ(CNT(core, last_unclaimed), 0x0d54);
	vdg1_core_destroy(core);

	/* VDBOX2 fused off (0x9140 bit 2): its domain goes with it. */
	vdg1_config_defaults(&cfg);
	cfg.fuses.vebox_vdbox_disable |= 1u << 2;
	core = fake_core(&h, &cfg);
	wr(core, FORCEWAKE_MEDIA_VDBOX(2), SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 10000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(2)), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 1);
	EXPECT_EQ(CNT(core, unclaimed_reads), 1);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	/* The other boxes are still there. */
	fake_wake(&h, core, VDG1_FW_VDBOX0);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(0)), FORCEWAKE_KERNEL);
	vdg1_core_destroy(core);
}

static void fw_core_reset_sleeps_all_and_disarms(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 1000);

	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 1000);
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed != VDG1_NEVER, 1);
	vdg1_core_reset(core);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	fake_advance(&h, core, 5000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	/* A request after reset starts from nothing. */
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, FORCEWAKE_GT), FORCEWAKE_KERNEL);
	vdg1_core_destroy(core);
}

static void fw_busy_engine_holds_domain_awake(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	const uint32_t ts = RING_TIMESTAMP(GEN11_BSD_RING_BASE);

	vdg1_fw_busy_get(core, VDG1_FW_VDBOX0);
	EXPECT_EQ(CNT(core, awake_domains), 1u << VDG1_FW_VDBOX0);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_VDBOX0]), 1);
	EXPECT_TRUE(rd(core, ts) != 0);
	/* Forcewake taken and dropped meanwhile does not power it down. */
	fake_wake(&h, core, VDG1_FW_VDBOX0);
	fake_release(&h, core, VDG1_FW_VDBOX0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_VDBOX0), 1);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_VDBOX0]), 1);
	/*
	 * Idle: the well stays up for the power-gating hysteresis, then
	 * gates (and the registers terminate).
	 */
	vdg1_fw_busy_put(core, VDG1_FW_VDBOX0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_VDBOX0), 1);
	fake_advance(&h, core, VDG1_DEFAULT_PG_HYSTERESIS_NS - 1);
	EXPECT_TRUE(rd(core, ts) != 0);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_VDBOX0), 1);
	fake_advance(&h, core, 1);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_VDBOX0), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	EXPECT_EQ(rd(core, ts), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_VDBOX0]), 1);
	/* Busy again within the hysteresis: no new wake-up. */
	vdg1_fw_busy_get(core, VDG1_FW_VDBOX0);
	vdg1_fw_busy_put(core, VDG1_FW_VDBOX0);
	fake_advance(&h, core, 1000);
	vdg1_fw_busy_get(core, VDG1_FW_VDBOX0);
	EXPECT_EQ(CNT(core, wake_transitions[VDG1_FW_VDBOX0]), 2);
	vdg1_fw_busy_put(core, VDG1_FW_VDBOX0);
	vdg1_core_destroy(core);
}

/* pg-hysteresis-ns = 0: the well gates the moment its engine idles. */
static void fw_no_hysteresis_gates_at_once(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.pg_hysteresis_ns = 0;
	core = fake_core(&h, &cfg);
	vdg1_fw_busy_get(core, VDG1_FW_RENDER);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 1);
	vdg1_fw_busy_put(core, VDG1_FW_RENDER);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_RENDER), 0);
	/* The GT domain waits for the RC6 threshold instead. */
	rd(core, FORCEWAKE_ACK_GT);	/* the model's clock = the host's */
	vdg1_fw_busy_get(core, VDG1_FW_GT);
	vdg1_fw_busy_put(core, VDG1_FW_GT);
	fake_advance(&h, core, VDG1_DEFAULT_RC6_THRESHOLD_NS - 1);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 1);
	fake_advance(&h, core, 1);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 0);
	vdg1_core_destroy(core);
}

/*
 * pg-follows-driver: a well powers down only once the driver enabled RC6
 * (every domain) or its well's power gating (render: bit 0, media: bit 1
 * of GEN9_PG_ENABLE).
 */
static void fw_gating_follows_the_driver(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	const uint32_t all = (1u << VDG1_FW_COUNT) - 1;
	const uint32_t media = all & ~(1u << VDG1_FW_GT | 1u << VDG1_FW_RENDER);

	vdg1_config_defaults(&cfg);
	cfg.pg_follows_driver = true;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(CNT(core, pg_follows_driver), 1);
	/* Nothing enabled: every well up, nothing held. */
	EXPECT_EQ(CNT(core, awake_domains), all);
	EXPECT_EQ(CNT(core, ungated_domains), all);
	EXPECT_EQ(CNT(core, held_domains), 0);
	EXPECT_TRUE(rd(core, RING_TIMESTAMP(GEN11_BSD_RING_BASE)) != 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	wr(core, 0xa210, 1);				/* render PG */
	EXPECT_EQ(CNT(core, awake_domains), all & ~(1u << VDG1_FW_RENDER));
	wr(core, 0xa210, 2);				/* media PG */
	EXPECT_EQ(CNT(core, awake_domains),
		  1u << VDG1_FW_GT | 1u << VDG1_FW_RENDER);
	EXPECT_EQ(CNT(core, awake_domains) & media, 0);
	EXPECT_EQ(CNT(core, ungated_domains),
		  1u << VDG1_FW_GT | 1u << VDG1_FW_RENDER);
	wr(core, 0xa210, 0);
	wr(core, 0xa090, 1u << 18);			/* RC6 */
	EXPECT_EQ(CNT(core, awake_domains), 0);
	EXPECT_EQ(CNT(core, ungated_domains), 0);
	/* A request holds its domain: held and awake, not ungated. */
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(CNT(core, held_domains), 1u << VDG1_FW_GT);
	wr(core, FORCEWAKE_GT, CLEAR(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 100000);
	EXPECT_EQ(CNT(core, held_domains), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	EXPECT_EQ(rd(core, RING_TIMESTAMP(RENDER_RING_BASE)), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	/* RC_CONTROL stays reachable in RC6: that is how RC6 is left. */
	wr(core, 0xa090, 0);
	EXPECT_EQ(CNT(core, awake_domains), all);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	vdg1_core_destroy(core);

	/* The default: wells power down whenever nothing holds them. */
	core = fake_core(&h, NULL);
	EXPECT_EQ(CNT(core, pg_follows_driver), 0);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	/* RC6's controls answer with everything asleep; their neighbours not. */
	wr(core, 0xa094, 0x40000);
	EXPECT_EQ(rd(core, 0xa094), 0x40000);
	wr(core, 0xa090, 0x88040000);
	EXPECT_EQ(rd(core, 0xa090), 0x88040000);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(rd(core, 0xa09c), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	vdg1_core_destroy(core);
}

/*
 * RC6 residency (GEN6_GT_GFX_RC6, 1.28 us units) and GT_CORE_STATUS's RC
 * state count only while every well sleeps with RC6 enabled: not while
 * wells gate under the default's "as if" with RC6 off, not while a
 * forcewake holds a well up.
 */
static void fw_rc6_residency_follows_the_wells(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	rd(core, FORCEWAKE_ACK_GT);	/* the model's clock = the host's */
	EXPECT_EQ(CNT(core, awake_domains), 0);
	fake_advance(&h, core, 1280000);
	EXPECT_EQ(rd(core, 0x138108), 0);		/* RC6 not enabled */
	EXPECT_EQ(rd(core, 0x138060) & 7, 0);
	wr(core, 0xa090, 1u << 18);
	fake_advance(&h, core, 1280000);
	EXPECT_EQ(rd(core, 0x138108), 1000);		/* 1.28 ms */
	EXPECT_EQ(rd(core, 0x138060) & 7, 3);
	/*
	 * A forcewake holds the GT out of RC6 from its ack, 10 us after the
	 * request: residency stands still from there.
	 */
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 1000000);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 1);
	EXPECT_EQ(rd(core, 0x138060) & 7, 0);
	fake_advance(&h, core, 1280000);
	EXPECT_EQ(rd(core, 0x138108), (1280000 + 10000) / 1280);
	wr(core, FORCEWAKE_GT, CLEAR(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 1000000);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 0);
	EXPECT_EQ(rd(core, 0x138060) & 7, 3);
	vdg1_core_destroy(core);
}

static void fw_domain_names_parse(void)
{
	uint32_t mask = 0xdead;

	EXPECT_TRUE(!vdg1_fw_parse_domains("gt,render,vdbox0,vdbox2,vebox0",
					   &mask));
	EXPECT_EQ(mask, 0x1f);
	EXPECT_TRUE(!vdg1_fw_parse_domains("vdbox2", &mask));
	EXPECT_EQ(mask, 1u << VDG1_FW_VDBOX2);
	EXPECT_TRUE(!vdg1_fw_parse_domains("", &mask));
	EXPECT_EQ(mask, 0);
	EXPECT_TRUE(!vdg1_fw_parse_domains(NULL, &mask));
	EXPECT_EQ(mask, 0);
	EXPECT_TRUE(vdg1_fw_parse_domains("vdbox1", &mask));
	EXPECT_TRUE(vdg1_fw_parse_domains("gt,,render", &mask));
	EXPECT_TRUE(vdg1_fw_parse_domains("g", &mask));
	EXPECT_TRUE(vdg1_fw_parse_domains("gtx", &mask));
	EXPECT_EQ(vdg1_fw_domain_name(VDG1_FW_VEBOX0)[0], 'v');
	EXPECT_EQ(vdg1_fw_domain_name(VDG1_FW_COUNT)[0], '?');
}

const struct vdg1_test vdg1_tests_fw[] = {
	TEST(fw_request_is_masked),
	TEST(fw_rc6_residency_follows_the_wells),
	TEST(fw_immediate_ack_follows_each_bit),
	TEST(fw_ack_write_is_dropped),
	TEST(fw_default_ack_delay_is_10us),
	TEST(fw_delayed_ack_arrives_by_timer),
	TEST(fw_delayed_ack_seen_even_if_timer_is_late),
	TEST(fw_delay_counts_from_latest_change),
	TEST(fw_flip_back_before_ack_cancels),
	TEST(fw_release_sleeps_after_delay),
	TEST(fw_never_ack_domain),
	TEST(fw_requests_and_ack_reads_counted),
	TEST(fw_lose_acks_first_n_wakes),
	TEST(fw_lose_acks_default_one_per_domain),
	TEST(fw_lose_acks_only_kernel_wake_requests),
	TEST(fw_lose_acks_immediate_ack_delay),
	TEST(fw_never_ack_wins_over_lose_acks),
	TEST(fw_wake_transitions_counted_per_domain),
	TEST(fw_reset_clear_is_harmless),
	TEST(fw_fused_off_domains_are_unclaimed),
	TEST(fw_core_reset_sleeps_all_and_disarms),
	TEST(fw_busy_engine_holds_domain_awake),
	TEST(fw_no_hysteresis_gates_at_once),
	TEST(fw_gating_follows_the_driver),
	TEST(fw_domain_names_parse),
	TEST_END
};
