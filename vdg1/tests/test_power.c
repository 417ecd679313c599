// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_power.c - the package's power registers as i915 i915_hwmon.c reads
 * them on DG1: the SKU and its units, PL1, the energy counter and the
 * voltage in RPSTAT1.
 */
#include "vdg1_test.h"
#include "vdg1_freq.h"
#include "vdg1_power.h"

#define J(x)	((uint32_t)((x) * 16384))	/* energy units of 1/16384 J */

static void power_sku_units_and_pl1_read_as_dg1(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t unit = rd(core, VDG1_POWER_SKU_UNIT);
	uint32_t rapl = rd(core, VDG1_POWER_RAPL_LIMIT);

	/* PKG_PWR_UNIT 3:0, PKG_ENERGY_UNIT 12:8, PKG_TIME_UNIT 19:16. */
	EXPECT_EQ(unit & 0xf, 3);
	EXPECT_EQ((unit >> 8) & 0x1f, 14);
	EXPECT_EQ((unit >> 16) & 0xf, 10);
	/* TDP 14:0 in 1/8 W: 25 W; min, max and window not reported. */
	EXPECT_EQ(rd(core, VDG1_POWER_SKU), 200);
	EXPECT_EQ(rd(core, VDG1_POWER_SKU + 4), 0);
	/* PL1 14:0 at TDP, enabled (15), window Y 21:17 = 10, X 0: 1 s. */
	EXPECT_EQ(rapl & 0x7fff, 200);
	EXPECT_EQ(rapl >> 15 & 1, 1);
	EXPECT_EQ(rapl >> 17 & 0x1f, 10);
	EXPECT_EQ(rapl >> 22 & 3, 0);
	/* PL1 is the driver's to set; the SKU is not. */
	wr(core, VDG1_POWER_RAPL_LIMIT, 120);
	EXPECT_EQ(rd(core, VDG1_POWER_RAPL_LIMIT), 120);
	wr(core, VDG1_POWER_SKU, 1);
	EXPECT_EQ(rd(core, VDG1_POWER_SKU), 200);
	/* RPSTAT1: 0.75 V in 2.5 mV units (10:0), CAGF (19:11) RPn. */
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) & 0x7ff, 300);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

/*
 * 5 W idle, 4 W more per busy engine: 1 s idle is 5 J; then 0.5 s with
 * one engine busy 4.5 J; 0.25 s with two 3.25 J; idle again 1 s, 5 J.
 */
static void power_energy_grows_faster_when_busy(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t e0 = rd(core, VDG1_POWER_ENERGY_STATUS);

	fake_advance(&h, core, 1000000000);
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, J(5));
	vdg1_power_engine_busy(core, 0, true);
	fake_advance(&h, core, 500000000);
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, J(9.5));
	vdg1_power_engine_busy(core, 1, true);
	fake_advance(&h, core, 250000000);
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, J(12.75));
	vdg1_power_engine_busy(core, 0, false);
	vdg1_power_engine_busy(core, 1, false);
	fake_advance(&h, core, 1000000000);
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, J(17.75));
	/* Reading changes nothing. */
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, J(17.75));
	vdg1_core_destroy(core);
}

/* 2^32 units are 262144 J: at 5 W the counter wraps after 52428.8 s. */
static void power_energy_counter_wraps_at_32_bits(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t e0 = rd(core, VDG1_POWER_ENERGY_STATUS);

	fake_advance(&h, core, 52428800000000ull - 1000000000);
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, (uint32_t)-J(5));
	fake_advance(&h, core, 2000000000);
	EXPECT_EQ(rd(core, VDG1_POWER_ENERGY_STATUS) - e0, J(5));
	vdg1_core_destroy(core);
}

/*
 * The frequency: RP0/RP1/RPn in 50 MHz units in RP_STATE_CAP, RPe in
 * FREQ_INFO_REC; a request in RPNSWREQ 31:23 (50/3 MHz units) is granted
 * clamped to RPn..RP0, RPn before any; CAGF in RPSTAT1 19:11 reports it
 * out of RC6 and 0 in it. The capabilities do not take writes.
 */
static void freq_request_granted_within_caps(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t cap = rd(core, VDG1_RP_STATE_CAP);

	EXPECT_EQ(cap & 0xff, 31);			/* 1550 MHz */
	EXPECT_EQ(cap >> 8 & 0xff, 22);			/* 1100 MHz */
	EXPECT_EQ(cap >> 16 & 0xff, 6);			/* 300 MHz */
	EXPECT_EQ(rd(core, VDG1_FREQ_INFO_REC) >> 8 & 0xff, 22);
	wr(core, VDG1_RP_STATE_CAP, 0);
	EXPECT_EQ(rd(core, VDG1_RP_STATE_CAP), cap);
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) >> 11 & 0x1ff, 18);	/* RPn */
	/* Shadowed: written with every well asleep (read back, it wakes). */
	wr(core, VDG1_RPNSWREQ, 60u << 23);		/* 1000 MHz */
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) >> 11 & 0x1ff, 60);
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) & 0x7ff, 300);
	wr(core, VDG1_RPNSWREQ, 200u << 23);		/* above RP0 */
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) >> 11 & 0x1ff, 93);
	wr(core, VDG1_RPNSWREQ, 3u << 23);		/* below RPn */
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) >> 11 & 0x1ff, 18);
	/* In RC6 (RC6 enabled, every well asleep) CAGF reads 0. */
	wr(core, VDG1_RPNSWREQ, 60u << 23);
	wr(core, 0xa090, 1u << 18);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	EXPECT_EQ(rd(core, VDG1_RPSTAT1) >> 11 & 0x1ff, 0);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_power[] = {
	TEST(freq_request_granted_within_caps),
	TEST(power_sku_units_and_pl1_read_as_dg1),
	TEST(power_energy_grows_faster_when_busy),
	TEST(power_energy_counter_wraps_at_32_bits),
	TEST_END
};
