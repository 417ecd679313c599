// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_engine.c - per-engine registers (CS timestamps, submission
 * registers), the timestamp clock registers, workaround registers, and
 * engines that are fused off.
 */
#include "vdg1_test.h"

static const struct {
	uint32_t base;
	enum vdg1_fw_domain d;
} engines[] = {
	{ RENDER_RING_BASE, VDG1_FW_RENDER },
	{ BLT_RING_BASE, VDG1_FW_GT },
	{ GEN11_BSD_RING_BASE, VDG1_FW_VDBOX0 },
	{ GEN11_VEBOX_RING_BASE, VDG1_FW_VEBOX0 },
	{ GEN11_BSD3_RING_BASE, VDG1_FW_VDBOX2 },
};

#define NENGINES	(sizeof(engines) / sizeof(engines[0]))

static uint64_t rd_ts(struct vdg1_core *core, uint32_t base)
{
	return rd(core, RING_TIMESTAMP(base)) |
	       (uint64_t)rd(core, RING_TIMESTAMP_UDW(base)) << 32;
}

static void engine_rpm_config0_says_19_2_mhz(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t c0 = rd(core, RPM_CONFIG0), crystal, freq;

	/* i915 gen11+ (intel_gt_clock_utils.c): crystal 5:3, shift 2:1. */
	EXPECT_EQ(c0, 0x14);
	crystal = (c0 >> 3) & 7;
	EXPECT_EQ(crystal, 2);			/* 38.4 MHz */
	freq = 38400000u >> (3 - ((c0 >> 1) & 3));
	EXPECT_EQ(freq, 19200000);
	wr(core, RPM_CONFIG0, 0);
	EXPECT_EQ(rd(core, RPM_CONFIG0), 0x14);
	/* CTC_MODE: crystal source, GT domain, read-only. */
	EXPECT_EQ(rd(core, CTC_MODE), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, CTC_MODE, 1);
	EXPECT_EQ(rd(core, CTC_MODE), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	vdg1_core_destroy(core);
}

static void engine_timestamp_ticks_at_19_2_mhz(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint64_t t0, t1;

	EXPECT_EQ(vdg1_timestamp_ticks(0), 0);
	EXPECT_EQ(vdg1_timestamp_ticks(10000), 192);
	EXPECT_EQ(vdg1_timestamp_ticks(1000000000ull), 19200000);
	/* No overflow for centuries of guest time. */
	EXPECT_EQ(vdg1_timestamp_ticks(1000000000ull * 1000000000ull),
		  19200000ull * 1000000000ull);
	fake_wake(&h, core, VDG1_FW_RENDER);
	t0 = rd_ts(core, RENDER_RING_BASE);
	EXPECT_EQ(t0, vdg1_timestamp_ticks(h.now));
	fake_advance(&h, core, 10000);
	t1 = rd_ts(core, RENDER_RING_BASE);
	EXPECT_EQ(t1 - t0, 192);
	fake_advance(&h, core, 1000000000ull);
	EXPECT_EQ(rd_ts(core, RENDER_RING_BASE) - t1, 19200000);
	/* Past 2^32 ticks the upper dword counts. */
	h.now = 300ull * 1000000000ull;
	EXPECT_EQ(rd(core, RING_TIMESTAMP_UDW(RENDER_RING_BASE)),
		  (uint32_t)(vdg1_timestamp_ticks(h.now) >> 32));
	EXPECT_EQ(vdg1_core_mmio_read(core, RING_TIMESTAMP(RENDER_RING_BASE), 8),
		  vdg1_timestamp_ticks(h.now));
	/* Read-only. */
	wr(core, RING_TIMESTAMP(RENDER_RING_BASE), 0);
	EXPECT_EQ(rd_ts(core, RENDER_RING_BASE), vdg1_timestamp_ticks(h.now));
	vdg1_core_destroy(core);
}

static void engine_timestamps_need_their_domain(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;

	for (i = 0; i < NENGINES; i++) {
		uint32_t before = CNT(core, wake_violations);

		EXPECT_EQ(rd_ts(core, engines[i].base), 0);
		EXPECT_EQ(CNT(core, wake_violations), before + 2);
		EXPECT_EQ(CNT(core, last_wake_violation),
			  RING_TIMESTAMP_UDW(engines[i].base));
		fake_wake(&h, core, engines[i].d);
		EXPECT_EQ(rd_ts(core, engines[i].base),
			  vdg1_timestamp_ticks(h.now));
		EXPECT_EQ(CNT(core, wake_violations), before + 2);
		fake_release(&h, core, engines[i].d);
	}
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	vdg1_core_destroy(core);
}

static void engine_submission_registers_are_storage(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;
	int k;

	for (i = 0; i < NENGINES; i++) {
		uint32_t b = engines[i].base;

		fake_wake(&h, core, engines[i].d);
		wr(core, RING_TAIL(b), 0x1f8);
		for (k = 0; k < RING_EXECLIST_SQ_DWORDS; k++)
			wr(core, RING_EXECLIST_SQ_CONTENTS(b) + 4 * k, k + 1);
		EXPECT_EQ(rd(core, RING_TAIL(b)), 0x1f8);
		for (k = 0; k < RING_EXECLIST_SQ_DWORDS; k++)
			EXPECT_EQ(rd(core, RING_EXECLIST_SQ_CONTENTS(b) + 4 * k),
				  k + 1);
		/* A command register: reads 0; a load needs execlists on. */
		wr(core, RING_EXECLIST_CONTROL(b), 1);
		EXPECT_EQ(rd(core, RING_EXECLIST_CONTROL(b)), 0);
		EXPECT_EQ(CNT(core, pv_by_kind[VDG1_PV_SUBMIT_DISABLED]), i + 1);
	}
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

static void engine_workaround_registers(void)
{
	static const struct {
		uint32_t offset;
		enum vdg1_fw_domain d;
	} wa[] = {
		{ UNSLICE_UNIT_LEVEL_CLKGATE2, VDG1_FW_RENDER },
		{ VDBOX_CGCTL3F10(GEN11_BSD_RING_BASE), VDG1_FW_VDBOX0 },
		{ VDBOX_CGCTL3F10(GEN11_BSD3_RING_BASE), VDG1_FW_VDBOX2 },
	};
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	size_t i;

	for (i = 0; i < sizeof(wa) / sizeof(wa[0]); i++) {
		wr(core, wa[i].offset, 1u << 22);	/* asleep: dropped */
		fake_wake(&h, core, wa[i].d);
		EXPECT_EQ(rd(core, wa[i].offset), 0);
		wr(core, wa[i].offset, 1u << 22);
		EXPECT_EQ(rd(core, wa[i].offset), 1u << 22);
	}
	EXPECT_EQ(CNT(core, wake_violations), 3);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	vdg1_core_destroy(core);
}

static void engine_fused_off_engines_are_unclaimed(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fuses.vebox_vdbox_disable |= 1u << 2 | 1u << 16;	/* VCS2, VECS0 */
	core = fake_core(&h, &cfg);
	rd(core, RING_TIMESTAMP(GEN11_BSD3_RING_BASE));
	rd(core, VDBOX_CGCTL3F10(GEN11_BSD3_RING_BASE));
	wr(core, RING_TAIL(GEN11_VEBOX_RING_BASE), 8);
	EXPECT_EQ(CNT(core, unclaimed_reads), 2);
	EXPECT_EQ(CNT(core, unclaimed_writes), 1);
	EXPECT_EQ(CNT(core, last_unclaimed), 0x1c8030);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	/* VCS0 is still there. */
	fake_wake(&h, core, VDG1_FW_VDBOX0);
	EXPECT_TRUE(rd(core, RING_TIMESTAMP(GEN11_BSD_RING_BASE)) != 0);
	EXPECT_EQ(CNT(core, unclaimed_reads), 2);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_engine[] = {
	TEST(engine_rpm_config0_says_19_2_mhz),
	TEST(engine_timestamp_ticks_at_19_2_mhz),
	TEST(engine_timestamps_need_their_domain),
	TEST(engine_submission_registers_are_storage),
	TEST(engine_workaround_registers),
	TEST(engine_fused_off_engines_are_unclaimed),
	TEST_END
};
