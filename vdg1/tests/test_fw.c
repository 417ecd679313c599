// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_fw.c - forcewake requests, acks, ack delays and wake transitions.
 */
#include "vdg1_test.h"

#define SET(bits)	((uint32_t)(bits) << 16 | (bits))
#define CLEAR(bits)	((uint32_t)(bits) << 16)

static const struct {
	enum vdg1_fw_domain d;
	uint32_t req, ack;
} domains[] = {
	{ VDG1_FW_GT, 0xa188, 0x130044 },
	{ VDG1_FW_RENDER, 0xa278, 0x0d84 },
	{ VDG1_FW_VDBOX0, 0xa540, 0x0d50 },
	{ VDG1_FW_VDBOX2, 0xa548, 0x0d58 },
	{ VDG1_FW_VEBOX0, 0xa560, 0x0d70 },
};

#define NDOMAINS	(sizeof(domains) / sizeof(domains[0]))

static struct vdg1_core *core_with_delay(struct fake_host *h, uint64_t ns)
{
	struct vdg1_config cfg;
	int d;

	vdg1_config_defaults(&cfg);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		cfg.fw_ack_delay_ns[d] = ns;
	return fake_core(h, &cfg);
}

static void fw_request_is_masked(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;

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
	EXPECT_EQ(instr(core, VDG1_INSTR_UNCLAIMED_READS), 0);
	EXPECT_EQ(instr(core, VDG1_INSTR_UNCLAIMED_WRITES), 0);
	vdg1_core_destroy(core);
}

static void fw_immediate_ack_follows_each_bit(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
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

static void fw_delayed_ack_arrives_by_timer(void)
{
	struct fake_host h;
	struct vdg1_core *core = core_with_delay(&h, 1000);
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
	struct vdg1_core *core = core_with_delay(&h, 500);

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
	struct vdg1_core *core = core_with_delay(&h, 1000);
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
	struct vdg1_core *core = core_with_delay(&h, 1000);

	wr(core, FORCEWAKE_MEDIA_VDBOX(0), SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 500);
	wr(core, FORCEWAKE_MEDIA_VDBOX(0), CLEAR(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed, VDG1_NEVER);
	fake_advance(&h, core, 5000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(0)), 0);
	EXPECT_EQ(instr(core, VDG1_INSTR_WAKE_TRANSITIONS(VDG1_FW_VDBOX0)), 0);
	vdg1_core_destroy(core);
}

static void fw_never_ack_domain(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fw_ack_delay_ns[VDG1_FW_VEBOX0] = VDG1_NEVER;
	core = fake_core(&h, &cfg);
	wr(core, FORCEWAKE_MEDIA_VEBOX(0), SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed, VDG1_NEVER);
	fake_advance(&h, core, 1ull << 40);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VEBOX(0)), 0);
	/* Other domains are unaffected. */
	wr(core, FORCEWAKE_MEDIA_VDBOX(2), SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(2)), FORCEWAKE_KERNEL);
	vdg1_core_destroy(core);
}

static void fw_wake_transitions_counted_per_domain(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
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

		EXPECT_EQ(instr(core, VDG1_INSTR_WAKE_TRANSITIONS(d)), want);
	}
	vdg1_core_destroy(core);
}

static void fw_reset_clear_is_harmless(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;

	/* WaRsClearFWBitsAtReset: masked clear of 0xEFFF, no ack wait (HW §3.5). */
	for (i = 0; i < NDOMAINS; i++) {
		wr(core, domains[i].req, 0xefff0000);
		EXPECT_EQ(rd(core, domains[i].req), 0);
		EXPECT_EQ(rd(core, domains[i].ack), 0);
		EXPECT_EQ(instr(core, VDG1_INSTR_WAKE_TRANSITIONS(domains[i].d)), 0);
	}
	vdg1_core_destroy(core);
}

static void fw_fused_off_domains_are_unclaimed(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, FORCEWAKE_MEDIA_VDBOX(1), SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_MEDIA_VDBOX(1)), 0);
	EXPECT_EQ(instr(core, VDG1_INSTR_UNCLAIMED_WRITES), 1);
	EXPECT_EQ(instr(core, VDG1_INSTR_LAST_UNCLAIMED), 0x0d54);
	vdg1_core_destroy(core);
}

static void fw_core_reset_sleeps_all_and_disarms(void)
{
	struct fake_host h;
	struct vdg1_core *core = core_with_delay(&h, 1000);

	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 1000);
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed != VDG1_NEVER, 1);
	vdg1_core_reset(core);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	EXPECT_EQ(rd(core, FORCEWAKE_GT), 0);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	fake_advance(&h, core, 5000);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_RENDER), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_fw[] = {
	TEST(fw_request_is_masked),
	TEST(fw_immediate_ack_follows_each_bit),
	TEST(fw_ack_write_is_dropped),
	TEST(fw_delayed_ack_arrives_by_timer),
	TEST(fw_delayed_ack_seen_even_if_timer_is_late),
	TEST(fw_delay_counts_from_latest_change),
	TEST(fw_flip_back_before_ack_cancels),
	TEST(fw_never_ack_domain),
	TEST(fw_wake_transitions_counted_per_domain),
	TEST(fw_reset_clear_is_harmless),
	TEST(fw_fused_off_domains_are_unclaimed),
	TEST(fw_core_reset_sleeps_all_and_disarms),
	TEST_END
};
