// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_bar0.c - BAR0 layout: the counters page, the hole between 4 and
 * 8 MiB, the GGTT, and bad accesses.
 */
#include "vdg1_test.h"

#define PTE(i)	(VDG1_GGTT_BASE + 8ull * (i))

static void counters_identify_vdg1(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(CNT(core, magic), 0x31474456);
	EXPECT_EQ(CNT(core, version), 16);
	/* Read-only: writes change nothing. */
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(magic), 0);
	EXPECT_EQ(CNT(core, magic), 0x31474456);
	/* Past the struct the page reads 0. */
	EXPECT_EQ(rd(core, VDG1_COUNTERS_BASE + sizeof(struct vdg1_counters_page)),
		  0);
	EXPECT_EQ(rd(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_SIZE - 4), 0);
	vdg1_core_destroy(core);
}

static void counters_count_register_accesses_but_not_themselves(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	rd(core, GU_CNTL);
	rd(core, 0x206c);
	wr(core, GEN8_MCR_SELECTOR, 0);
	EXPECT_EQ(CNT(core, mmio_reads), 2);
	EXPECT_EQ(CNT(core, mmio_writes), 1);
	EXPECT_EQ(CNT(core, mmio_reads), 2);
	/* A 64-bit load is two register accesses. */
	vdg1_core_mmio_read(core, GEN12_GSMBASE_LO, 8);
	EXPECT_EQ(CNT(core, mmio_reads), 4);
	/* The hole and the GGTT are not registers. */
	vdg1_core_mmio_read(core, 6u << 20, 4);
	vdg1_core_mmio_write(core, PTE(0), 1, 8);
	vdg1_core_mmio_read(core, PTE(0), 8);
	EXPECT_EQ(CNT(core, mmio_reads), 4);
	EXPECT_EQ(CNT(core, mmio_writes), 1);
	/* Two counters in one 8-byte load. */
	EXPECT_EQ(vdg1_core_mmio_read(core, VDG1_COUNTERS_BASE +
				      VDG1_COUNTERS_OFFSET(mmio_reads), 8),
		  4 | 1ull << 32);
	vdg1_core_destroy(core);
}

static void counters_control_reset_zeroes_counters(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	const uint32_t control = VDG1_COUNTERS_BASE +
				 VDG1_COUNTERS_OFFSET(control);
	struct vdg1_counters_page p;
	int d;

	rd(core, 0x206c);
	wr(core, 0x206c, 1);
	wr(core, FORCEWAKE_GT, 0x00010001);
	rd(core, GEN11_EU_DISABLE);
	fake_advance(&h, core, 10000);
	vdg1_fw_busy_get(core, VDG1_FW_RENDER);
	rd(core, SUBSLICE_UNIT_LEVEL_CLKGATE2);
	wr(core, control, 0);
	p = counters(core);
	EXPECT_EQ(p.mmio_reads, 3);
	EXPECT_EQ(p.wake_violations, 1);
	EXPECT_EQ(p.wake_transitions[VDG1_FW_GT], 1);
	wr(core, control, VDG1_COUNTERS_CONTROL_RESET);
	p = counters(core);
	EXPECT_EQ(p.mmio_reads, 0);
	EXPECT_EQ(p.mmio_writes, 0);
	EXPECT_EQ(p.unclaimed_reads, 0);
	EXPECT_EQ(p.unclaimed_writes, 0);
	EXPECT_EQ(p.last_unclaimed, 0);
	EXPECT_EQ(p.wake_violations, 0);
	EXPECT_EQ(p.last_wake_violation, 0);
	EXPECT_EQ(p.mcr_terminated, 0);
	EXPECT_EQ(p.last_mcr_terminated, 0);
	for (d = 0; d < VDG1_COUNTERS_MAX_DOMAINS; d++)
		EXPECT_EQ(p.wake_transitions[d], 0);
	EXPECT_EQ(p.acks_lost, 0);
	EXPECT_EQ(p.acks_recovered_by_fallback, 0);
	EXPECT_EQ(p.control, 0);
	EXPECT_EQ(CNT(core, magic), 0x31474456);
	/* Configuration is not a counter: it survives. */
	EXPECT_EQ(CNT(core, fw_ack_delay_ns), 10000);
	EXPECT_EQ(CNT(core, fuse_dss_enable), 0x3f);
	/* Counting resumes; the model's state was not touched. */
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 1);
	EXPECT_EQ(CNT(core, awake_domains),
		  1u << VDG1_FW_GT | 1u << VDG1_FW_RENDER);
	EXPECT_EQ(CNT(core, mmio_reads), 1);
	vdg1_core_destroy(core);
}

static void counters_survive_core_reset(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	rd(core, 0x206c);
	vdg1_core_reset(core);
	EXPECT_EQ(CNT(core, unclaimed_reads), 1);
	EXPECT_EQ(CNT(core, mmio_reads), 1);
	vdg1_core_destroy(core);
}

static void counters_v2_fields(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fw_ack_delay_ns = 0x123456789ull;
	cfg.fw_never_ack = 1u << VDG1_FW_VDBOX2 | 1u << VDG1_FW_GT;
	cfg.fuses.dss_enable = 0x3e;
	cfg.fuses.l3_disable = 0x9;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(CNT(core, awake_domains), 0);
	EXPECT_EQ(CNT(core, never_ack_domains), 0x9);
	/* The low 32 bits of the delay. */
	EXPECT_EQ(CNT(core, fw_ack_delay_ns), 0x23456789);
	EXPECT_EQ(CNT(core, fuse_dss_enable), 0x3e);
	EXPECT_EQ(CNT(core, fuse_l3_disable), 0x9);
	/* Read-only. */
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(fuse_l3_disable), 0);
	EXPECT_EQ(CNT(core, fuse_l3_disable), 0x9);
	/* Violation and termination counters with their last offsets. */
	rd(core, RING_TAIL(RENDER_RING_BASE));
	EXPECT_EQ(CNT(core, wake_violations), 1);
	EXPECT_EQ(CNT(core, last_wake_violation), 0x2030);
	vdg1_fw_busy_get(core, VDG1_FW_RENDER);
	rd(core, SUBSLICE_UNIT_LEVEL_CLKGATE2);
	EXPECT_EQ(CNT(core, mcr_terminated), 1);
	EXPECT_EQ(CNT(core, last_mcr_terminated), 0x9528);
	EXPECT_EQ(CNT(core, awake_domains), 1u << VDG1_FW_RENDER);
	vdg1_core_destroy(core);
}

static void counters_v3_fields(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	const uint32_t lose = VDG1_COUNTERS_BASE +
			      VDG1_COUNTERS_OFFSET(lose_ack_domains);

	vdg1_config_defaults(&cfg);
	cfg.fw_lose_acks = 1u << VDG1_FW_RENDER | 1u << VDG1_FW_VDBOX2;
	cfg.fw_lose_acks_count = 3;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(rd(core, lose), 0x0a);
	EXPECT_EQ(CNT(core, lose_ack_count), 3);
	EXPECT_EQ(CNT(core, acks_lost), 0);
	EXPECT_EQ(CNT(core, acks_recovered_by_fallback), 0);
	/* Read-only, like the rest but control. */
	wr(core, lose, 0);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(acks_lost), 7);
	EXPECT_EQ(rd(core, lose), 0x0a);
	EXPECT_EQ(CNT(core, acks_lost), 0);
	/* The loss shows up in the page. */
	wr(core, FORCEWAKE_RENDER, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(CNT(core, acks_lost), 1);
	vdg1_core_destroy(core);
}

/* The version-3 configuration fields: the media fuse and the MISCCPCTL lock. */
static void counters_v3_config_fields(void)
{
	const uint32_t fuse = VDG1_COUNTERS_BASE +
			      VDG1_COUNTERS_OFFSET(fuse_vebox_vdbox_disable);
	const uint32_t locked = VDG1_COUNTERS_BASE +
				VDG1_COUNTERS_OFFSET(misccpctl_locked);
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	/* Readers outside this tree hard-code the offsets. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(fuse_vebox_vdbox_disable), 0x088);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(misccpctl_locked), 0x08c);

	/* Stock DG1: VDBOX1, VDBOX3 and VEBOX1 fused off; MISCCPCTL unlocked. */
	core = fake_core(&h, NULL);
	EXPECT_EQ(rd(core, fuse), 0x000e00fa);
	EXPECT_EQ(rd(core, locked), 0);
	vdg1_core_destroy(core);

	vdg1_config_defaults(&cfg);
	cfg.fuses.vebox_vdbox_disable = 0x0003000e;	/* VCS2, VECS0 too */
	cfg.misccpctl_locked = true;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(rd(core, fuse), 0x000f00fe);
	EXPECT_EQ(rd(core, locked), 1);
	/* Read-only, and a counters reset leaves configuration alone. */
	wr(core, fuse, 0);
	wr(core, locked, 0);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_RESET);
	EXPECT_EQ(rd(core, fuse), 0x000f00fe);
	EXPECT_EQ(rd(core, locked), 1);
	vdg1_core_destroy(core);
}

static void bar0_hole_reads_zero(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	vdg1_core_mmio_write(core, 4u << 20, 0xffffffff, 4);
	EXPECT_EQ(vdg1_core_mmio_read(core, 4u << 20, 4), 0);
	EXPECT_EQ(vdg1_core_mmio_read(core, VDG1_GGTT_BASE - 8, 8), 0);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	vdg1_core_destroy(core);
}

static void ggtt_stores_ptes(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	const uint64_t pte = 0x0000000123456003ull;
	const uint32_t last = (8u << 20) / 8 - 1;

	vdg1_core_mmio_write(core, PTE(5), pte, 8);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(5), 8), pte);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(5), 4), (uint32_t)pte);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(5) + 4, 4), pte >> 32);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(4), 8), 0);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(6), 8), 0);
	/* Half-entry writes keep the other half. */
	vdg1_core_mmio_write(core, PTE(5) + 4, 0x7, 4);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(5), 8),
		  0x7ull << 32 | (uint32_t)pte);
	vdg1_core_mmio_write(core, PTE(last), ~0ull, 8);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(last), 8), ~0ull);
	vdg1_core_reset(core);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(5), 8), 0);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE(last), 8), 0);
	vdg1_core_destroy(core);
}

static void ggtt_invalidate_is_claimed(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, GFX_FLSH_CNTL_GEN6, 1);
	EXPECT_EQ(rd(core, GFX_FLSH_CNTL_GEN6), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	vdg1_core_destroy(core);
}

static void bar0_bad_accesses_are_rejected(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(vdg1_core_mmio_read(core, GU_CNTL + 1, 4), 0);
	EXPECT_EQ(vdg1_core_mmio_read(core, GU_CNTL, 3), 0);
	EXPECT_EQ(vdg1_core_mmio_read(core, 16u << 20, 4), 0);
	vdg1_core_mmio_write(core, GEN8_MCR_SELECTOR + 2, 0, 4);
	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), GEN11_MCR_MULTICAST);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 4);
	/* Rejected before decoding: not counted as register accesses. */
	EXPECT_EQ(CNT(core, mmio_reads), 1);
	EXPECT_EQ(CNT(core, mmio_writes), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_bar0[] = {
	TEST(counters_identify_vdg1),
	TEST(counters_count_register_accesses_but_not_themselves),
	TEST(counters_control_reset_zeroes_counters),
	TEST(counters_survive_core_reset),
	TEST(counters_v2_fields),
	TEST(counters_v3_fields),
	TEST(counters_v3_config_fields),
	TEST(bar0_hole_reads_zero),
	TEST(ggtt_stores_ptes),
	TEST(ggtt_invalidate_is_claimed),
	TEST(bar0_bad_accesses_are_rejected),
	TEST_END
};
