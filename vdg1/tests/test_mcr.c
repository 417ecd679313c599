// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_mcr.c - replicated registers: per-instance storage, steering through
 * 0xFDC, multicast writes, fused-off and nonexistent instances, L3 bank
 * pairs, and the power rule ahead of steering.
 */
#include "vdg1_test.h"

#define DSS_REG		SUBSLICE_UNIT_LEVEL_CLKGATE2	/* 0x9528 */
#define L3_REG		GEN8_L3SQCREG1			/* 0xB100 */

/*
 * Selector values: multicast bit 31, slice 30:27, subslice 26:24 (i915
 * gt/intel_gt_regs.h).
 */
static uint32_t steer(unsigned int slice, unsigned int sub, bool multicast)
{
	return (multicast ? GEN11_MCR_MULTICAST : 0) |
	       slice << GEN11_MCR_SLICE_SHIFT | sub << GEN11_MCR_SUBSLICE_SHIFT;
}

/*
 * Unicast read of instance @sub, the i915 way (multicast kept; i915
 * gt/intel_gt_mcr.c).
 */
static uint32_t rd_inst(struct vdg1_core *core, uint32_t reg, unsigned int sub)
{
	wr(core, GEN8_MCR_SELECTOR, steer(0, sub, true));
	return rd(core, reg);
}

static void wr_inst(struct vdg1_core *core, uint32_t reg, unsigned int sub,
		    uint32_t val)
{
	wr(core, GEN8_MCR_SELECTOR, steer(0, sub, false));
	wr(core, reg, val);
}

static struct vdg1_core *render_core(struct fake_host *h, uint32_t dss_enable,
				     uint32_t l3_disable)
{
	struct vdg1_config cfg;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fuses.dss_enable = dss_enable;
	cfg.fuses.l3_disable = l3_disable;
	core = fake_core(h, &cfg);
	fake_wake(h, core, VDG1_FW_RENDER);
	return core;
}

static void mcr_ranges_and_groups(void)
{
	EXPECT_TRUE(!vdg1_mcr_check_table());
	EXPECT_EQ(vdg1_mcr_group(0x8150), VDG1_MCR_DSS);	/* row 0x8150-0x815F */
	EXPECT_EQ(vdg1_mcr_group(0x815c), VDG1_MCR_DSS);
	EXPECT_EQ(vdg1_mcr_group(0x8160), VDG1_MCR_NONE);
	EXPECT_EQ(vdg1_mcr_group(0x951c), VDG1_MCR_NONE);
	EXPECT_EQ(vdg1_mcr_group(0x9520), VDG1_MCR_DSS);	/* row 0x9520-0x955F */
	EXPECT_EQ(vdg1_mcr_group(0x955c), VDG1_MCR_DSS);
	EXPECT_EQ(vdg1_mcr_group(0xb0fc), VDG1_MCR_NONE);
	EXPECT_EQ(vdg1_mcr_group(0xb100), VDG1_MCR_L3BANK);	/* row 0xB100-0xB3FF */
	EXPECT_EQ(vdg1_mcr_group(0xb3fc), VDG1_MCR_L3BANK);
	EXPECT_EQ(vdg1_mcr_group(0xde7c), VDG1_MCR_NONE);
	EXPECT_EQ(vdg1_mcr_group(0xe4f0), VDG1_MCR_DSS);	/* rows 0xDE80-0xE8FF */
	EXPECT_EQ(vdg1_mcr_group(0x24a7c), VDG1_MCR_DSS);	/* row 0x24A00-0x24A7F */
	EXPECT_EQ(vdg1_mcr_group(0x24a80), VDG1_MCR_NONE);
	EXPECT_EQ(vdg1_mcr_group(UNSLICE_UNIT_LEVEL_CLKGATE2), VDG1_MCR_NONE);
}

static void mcr_one_value_per_instance(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3f, 0);
	unsigned int i;

	for (i = 0; i < 6; i++) {
		wr_inst(core, DSS_REG, i, 0x100 + i);
		wr_inst(core, GEN10_DFR_RATIO_EN_AND_CHICKEN, i, 0x200 + i);
	}
	for (i = 0; i < 6; i++) {
		EXPECT_EQ(rd_inst(core, DSS_REG, i), 0x100 + i);
		EXPECT_EQ(rd_inst(core, GEN10_DFR_RATIO_EN_AND_CHICKEN, i),
			  0x200 + i);
		/* The multicast bit does not matter for reads (steering fields). */
		wr(core, GEN8_MCR_SELECTOR, steer(0, i, false));
		EXPECT_EQ(rd(core, DSS_REG), 0x100 + i);
	}
	EXPECT_EQ(CNT(core, mcr_terminated), 0);
	vdg1_core_reset(core);
	fake_wake(&h, core, VDG1_FW_RENDER);
	for (i = 0; i < 6; i++)
		EXPECT_EQ(rd_inst(core, DSS_REG, i), 0);
	vdg1_core_destroy(core);
}

static void mcr_multicast_write_reaches_present_instances(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3e, 0);
	unsigned int i;

	/* Reset steering: multicast, slice 0, subslice 0 (their defaults). */
	wr(core, DSS_REG, 0xabc);
	EXPECT_EQ(CNT(core, mcr_terminated), 0);
	for (i = 1; i < 6; i++)
		EXPECT_EQ(rd_inst(core, DSS_REG, i), 0xabc);
	EXPECT_EQ(CNT(core, mcr_terminated), 0);
	/* Multicast ignores the subslice field for writes. */
	wr(core, GEN8_MCR_SELECTOR, steer(0, 3, true));
	wr(core, DSS_REG, 0xdef);
	EXPECT_EQ(rd_inst(core, DSS_REG, 5), 0xdef);
	vdg1_core_destroy(core);
}

static void mcr_fused_off_instance_is_terminated(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3e, 0);

	wr(core, DSS_REG, 0x55);	/* multicast: DSS 1..5 */
	/* Reading DSS 0 (fused off) returns 0 and is counted. */
	EXPECT_EQ(rd_inst(core, DSS_REG, 0), 0);
	EXPECT_EQ(CNT(core, mcr_terminated), 1);
	EXPECT_EQ(CNT(core, last_mcr_terminated), DSS_REG);
	/* A unicast write to it is dropped and counted. */
	wr_inst(core, GEN10_DFR_RATIO_EN_AND_CHICKEN, 0, 0x77);
	EXPECT_EQ(CNT(core, mcr_terminated), 2);
	EXPECT_EQ(CNT(core, last_mcr_terminated), 0x9550);
	EXPECT_EQ(rd_inst(core, GEN10_DFR_RATIO_EN_AND_CHICKEN, 1), 0);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 2);
	/* None of this is a wake violation or unclaimed. */
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	vdg1_core_destroy(core);
}

static void mcr_nonexistent_instances_are_terminated(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3f, 0);

	/* DSS ids 6 and 7 and slice 1 do not exist ("max 6 DSS"; one slice). */
	EXPECT_EQ(rd_inst(core, DSS_REG, 6), 0);
	EXPECT_EQ(rd_inst(core, DSS_REG, 7), 0);
	wr(core, GEN8_MCR_SELECTOR, steer(1, 0, true));
	EXPECT_EQ(rd(core, DSS_REG), 0);
	wr(core, GEN8_MCR_SELECTOR, steer(1, 0, false));
	wr(core, DSS_REG, 1);
	EXPECT_EQ(CNT(core, mcr_terminated), 4);
	/* A multicast write with slice 1 still reaches slice 0's DSS. */
	wr(core, GEN8_MCR_SELECTOR, steer(1, 0, true));
	wr(core, DSS_REG, 2);
	EXPECT_EQ(rd_inst(core, DSS_REG, 0), 2);
	EXPECT_EQ(CNT(core, mcr_terminated), 4);
	vdg1_core_destroy(core);
}

static void mcr_l3_bank_pairs(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3f, 0x1);
	unsigned int i;

	/* Pair 0 off: ids 0 and 4 are its banks. */
	for (i = 0; i < 8; i++)
		EXPECT_EQ(vdg1_mcr_present(core, VDG1_MCR_L3BANK, i),
			  i != 0 && i != 4);
	wr(core, GEN8_MCR_SELECTOR, GEN11_MCR_MULTICAST);
	wr(core, L3_REG, 0x1234);
	for (i = 1; i < 8; i++)
		if (i != 4)
			EXPECT_EQ(rd_inst(core, L3_REG, i), 0x1234);
	EXPECT_EQ(CNT(core, mcr_terminated), 0);
	/* Each bank keeps its own value; n and n + 4 are distinct banks. */
	wr_inst(core, L3_REG, 1, 0x11);
	wr_inst(core, L3_REG, 5, 0x55);
	EXPECT_EQ(rd_inst(core, L3_REG, 1), 0x11);
	EXPECT_EQ(rd_inst(core, L3_REG, 5), 0x55);
	EXPECT_EQ(rd_inst(core, L3_REG, 4), 0);
	EXPECT_EQ(rd_inst(core, L3_REG, 0), 0);
	EXPECT_EQ(CNT(core, mcr_terminated), 2);
	EXPECT_EQ(CNT(core, last_mcr_terminated), 0xb100);
	EXPECT_EQ(CNT(core, fuse_l3_disable), 0x1);
	vdg1_core_destroy(core);
}

static void mcr_dss0_fused_off_driver_pattern(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3e, 0x1);
	uint32_t v;

	EXPECT_EQ(CNT(core, fuse_dss_enable), 0x3e);
	/* Unsteered reads hit the fused-off DSS 0 / L3 pair 0. */
	rd(core, DSS_REG);
	rd(core, L3_REG);
	EXPECT_EQ(CNT(core, mcr_terminated), 2);
	/*
	 * i915's default steering (gt/intel_workarounds.c): subslice =
	 * lowest enabled DSS, multicast kept, L3 reads to the lowest present
	 * pair.
	 */
	wr(core, GEN8_MCR_SELECTOR, steer(0, 1, true));
	v = rd(core, DSS_REG);			/* read-modify-write ... */
	wr(core, DSS_REG, v | 1u << 9);		/* ... multicast write */
	v = rd(core, L3_REG);
	wr(core, L3_REG, v | 1u << 19);
	EXPECT_EQ(rd_inst(core, DSS_REG, 5), 1u << 9);
	EXPECT_EQ(rd_inst(core, L3_REG, 3), 1u << 19);
	EXPECT_EQ(CNT(core, mcr_terminated), 2);
	vdg1_core_destroy(core);
}

static void mcr_wake_rule_comes_first(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3e, 0);

	fake_release(&h, core, VDG1_FW_RENDER);
	/* Steered to fused-off DSS 0, but RENDER sleeps: a wake violation. */
	EXPECT_EQ(rd(core, DSS_REG), 0);
	wr_inst(core, DSS_REG, 0, 1);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	EXPECT_EQ(CNT(core, mcr_terminated), 0);
	vdg1_core_destroy(core);
}

static void mcr_narrow_write_merges_selected_instance(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3f, 0);

	wr_inst(core, DSS_REG, 2, 0x11223344);
	vdg1_core_mmio_write(core, DSS_REG + 2, 0xaa, 1);
	EXPECT_EQ(rd_inst(core, DSS_REG, 2), 0x11aa3344);
	EXPECT_EQ(rd_inst(core, DSS_REG, 3), 0);
	vdg1_core_destroy(core);
}

/* The register log's query: key, value, sources, raw (vdg1_counters.h v10). */
static void reglog_query(struct vdg1_core *core, uint32_t key)
{
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(reglog_seek), key);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(reglog_control),
	   VDG1_REGLOG_QUERY);
}

/*
 * The log lists each written register once, a replicated one per present
 * instance with that copy's value, in key order; an unclaimed offset with
 * what was written; cleared on request.
 */
static void mcr_register_log_by_instance(void)
{
	struct fake_host h;
	struct vdg1_core *core = render_core(&h, 0x3e, 0);	/* DSS 0 off */
	uint32_t key = 0, keys[16], n = 0;

	wr(core, 0x000100, 0xabc);				/* unclaimed */
	wr(core, GEN8_MCR_SELECTOR, steer(0, 1, true));
	wr(core, DSS_REG, 5);					/* multicast */
	wr_inst(core, DSS_REG, 3, 7);
	for (;;) {
		reglog_query(core, key);
		if (CNT(core, reglog_key) == VDG1_REGLOG_END || n == 16)
			break;
		keys[n++] = CNT(core, reglog_key);
		key = CNT(core, reglog_key) + 1;
	}
	/* 0x100, 0xfdc, DSS 1-5, the render wake request fake_wake() wrote */
	EXPECT_EQ(n, 8);
	EXPECT_EQ(keys[0], VDG1_REGLOG_KEY(0x100, 0));
	EXPECT_EQ(keys[1], VDG1_REGLOG_KEY(GEN8_MCR_SELECTOR, 0));
	EXPECT_EQ(keys[2], VDG1_REGLOG_KEY(DSS_REG, 2));	/* DSS 1 */
	EXPECT_EQ(keys[6], VDG1_REGLOG_KEY(DSS_REG, 6));	/* DSS 5 */
	EXPECT_EQ(keys[7], VDG1_REGLOG_KEY(0xa278, 0));	/* FORCEWAKE_RENDER */
	reglog_query(core, VDG1_REGLOG_KEY(0x100, 0));
	EXPECT_EQ(CNT(core, reglog_value), 0xabc);
	EXPECT_EQ(CNT(core, reglog_sources),
		  VDG1_REGLOG_CPU | VDG1_REGLOG_SRC_UNCLAIMED);
	reglog_query(core, VDG1_REGLOG_KEY(DSS_REG, 4));	/* DSS 3 */
	EXPECT_EQ(CNT(core, reglog_value), 7);
	EXPECT_EQ(CNT(core, reglog_sources), VDG1_REGLOG_CPU);
	reglog_query(core, VDG1_REGLOG_KEY(DSS_REG, 5));	/* DSS 4 */
	EXPECT_EQ(CNT(core, reglog_value), 5);
	EXPECT_EQ(CNT(core, reglog_raw), 7);			/* last write */
	/* Cleared: nothing left; the log is no counter a RESET clears. */
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_RESET);
	reglog_query(core, 0);
	EXPECT_EQ(CNT(core, reglog_key), VDG1_REGLOG_KEY(0x100, 0));
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(reglog_control),
	   VDG1_REGLOG_CLEAR | VDG1_REGLOG_QUERY);
	EXPECT_EQ(CNT(core, reglog_key), VDG1_REGLOG_END);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_mcr[] = {
	TEST(mcr_register_log_by_instance),
	TEST(mcr_ranges_and_groups),
	TEST(mcr_one_value_per_instance),
	TEST(mcr_multicast_write_reaches_present_instances),
	TEST(mcr_fused_off_instance_is_terminated),
	TEST(mcr_nonexistent_instances_are_terminated),
	TEST(mcr_l3_bank_pairs),
	TEST(mcr_dss0_fused_off_driver_pattern),
	TEST(mcr_wake_rule_comes_first),
	TEST(mcr_narrow_write_merges_selected_instance),
	TEST_END
};
