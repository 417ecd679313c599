// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_regs.c - the register file: table, identity, LMEM layout, fuses,
 * unclaimed offsets, narrow accesses, configuration checks.
 */
#include <string.h>

#include "vdg1_test.h"
#include "vdg1_freq.h"
#include "vdg1_power.h"

static void regs_table_is_sorted_and_in_range(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	const struct vdg1_reg *t = core->regs;
	size_t i, n = core->nregs;

	EXPECT_EQ(n, vdg1_global_regs_count + vdg1_engine_regs_count +
		     vdg1_mmu_regs_count + vdg1_irq_regs_count +
		     vdg1_execlists_regs_count + vdg1_pcode_regs_count +
		     vdg1_pm_regs_count + vdg1_power_regs_count +
		     vdg1_freq_regs_count +
		     vdg1_oa_regs_count +
		     vdg1_cs_status_regs_count);
	/* Every entry must be found by the lookup, at its first and last dword. */
	for (i = 0; i < n; i++) {
		EXPECT_EQ(vdg1_regs_lookup(core, t[i].offset) == &t[i], 1);
		EXPECT_EQ(vdg1_regs_lookup(core, t[i].offset +
					   4 * (t[i].count - 1)) == &t[i], 1);
		EXPECT_TRUE(!i || t[i].offset >= t[i - 1].offset +
					       4 * t[i - 1].count);
	}
	EXPECT_TRUE(!vdg1_regs_lookup(core, 0));
	EXPECT_TRUE(!vdg1_regs_lookup(core, VDG1_MMIO_SIZE - 4));
	vdg1_core_destroy(core);
}

static void regs_gu_cntl_reports_lmem_trained(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, GU_CNTL_LMEM_INIT);
	wr(core, GU_CNTL, 0);
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, GU_CNTL_LMEM_INIT);
	vdg1_core_destroy(core);
}

/* Untrained LMEM: the status bit is clear and the GT never powers up. */
static void regs_untrained_lmem_keeps_gt_down(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.lmem_trained = false;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, 0);
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	fake_advance(&h, core, 1ull << 40);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), 0);
	vdg1_core_destroy(core);
}

/* POWER_CYCLE: the registers' power-on values again; the log stays. */
static void regs_power_cycle_from_the_page(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, 0x9424, 0);				/* MISCCPCTL */
	EXPECT_EQ(rd(core, 0x9424) & 2, 0);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_POWER_CYCLE);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, 0x9424) & 2, 2);		/* its reset value */
	EXPECT_EQ(vdg1_reglog_sources(&core->reglog, 0x9424), VDG1_REGLOG_CPU);
	vdg1_core_destroy(core);
}

/* A dead device: all ones, writes lost, but the counters page answers. */
static void regs_dead_bar_reads_all_ones(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.dead_bar = true;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(rd(core, FORCEWAKE_GT), 0xffffffffu);
	EXPECT_EQ(rd(core, GU_CNTL), 0xffffffffu);
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	core->cfg.dead_bar = false;
	EXPECT_EQ(rd(core, FORCEWAKE_GT) & FORCEWAKE_KERNEL, 0);
	core->cfg.dead_bar = true;
	EXPECT_EQ(rd(core, VDG1_COUNTERS_BASE), VDG1_COUNTERS_MAGIC_VALUE);
	vdg1_core_destroy(core);
}

static uint64_t gsmbase_for(uint64_t lmem_size, bool one_load)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	uint64_t v;

	vdg1_config_defaults(&cfg);
	cfg.lmem_size = lmem_size;
	core = fake_core(&h, &cfg);
	if (one_load)
		v = vdg1_core_mmio_read(core, GEN12_GSMBASE_LO, 8);
	else
		v = rd(core, GEN12_GSMBASE_LO) |
		    (uint64_t)rd(core, GEN12_GSMBASE_HI) << 32;
	vdg1_core_destroy(core);
	return v;
}

/* GSM (8 MiB) under DSM (32 MiB) at the top of LMEM. */
static void regs_gsmbase_is_lmem_minus_dsm_and_gsm(void)
{
	EXPECT_EQ(gsmbase_for(512ull << 20, false), (512ull - 40) << 20);
	EXPECT_EQ(gsmbase_for(4ull << 30, false), (4096ull - 40) << 20);
	EXPECT_EQ(gsmbase_for(16ull << 30, false), (16384ull - 40) << 20);
	/* The driver reads it as one 64-bit load. */
	EXPECT_EQ(gsmbase_for(16ull << 30, true), (16384ull - 40) << 20);
}

/*
 * Stolen memory as i915 gem/i915_gem_stolen.c finds it: DSMBASE bits
 * 63:20 inside LMEM, the reserved range (bits 63:20, size field 8:7)
 * inside the DSM and ending at its top.
 */
static void regs_dsm_and_reserved_at_the_top(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint64_t lmem = 512ull << 20, dsm, res, res_size;

	dsm = vdg1_core_mmio_read(core, 0x1080c0, 8);
	res = vdg1_core_mmio_read(core, 0x1082c0, 8);
	EXPECT_EQ(dsm & ~0xfffffull, lmem - (32ull << 20));
	EXPECT_EQ(vdg1_core_mmio_read(core, 0x108100, 8), dsm - (8ull << 20));
	res_size = 1ull << (20 + ((res >> 7) & 3));
	EXPECT_EQ(res_size, 2ull << 20);
	EXPECT_EQ((res & ~0xfffffull) + res_size, lmem);
	EXPECT_EQ(rd(core, 0x1080c4), 0);
	EXPECT_EQ(rd(core, 0x1082c4), 0);
	/* Read-only: firmware set them. */
	wr(core, 0x1080c0, 0);
	EXPECT_EQ(vdg1_core_mmio_read(core, 0x1080c0, 8), dsm);
	vdg1_core_destroy(core);
}

static void regs_ggc_says_8m_of_ptes(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_pci_info pi;

	EXPECT_EQ(rd(core, GGC), 0x01c0);
	EXPECT_EQ((rd(core, GGC) & GGC_GGMS_MASK) >> GGC_GGMS_SHIFT, 3);
	wr(core, GGC, 0);
	EXPECT_EQ(rd(core, GGC), 0x01c0);
	vdg1_core_pci_info(core, &pi);
	EXPECT_EQ(pi.gmch_ctrl_offset, 0x50);
	EXPECT_EQ(pi.gmch_ctrl, 0x01c0);
	vdg1_core_destroy(core);
}

static void regs_pci_identity(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	struct vdg1_pci_info pi;

	vdg1_config_defaults(&cfg);
	cfg.device_id = 0x4908;
	cfg.lmem_size = 1ull << 30;
	core = fake_core(&h, &cfg);
	vdg1_core_pci_info(core, &pi);
	EXPECT_EQ(pi.vendor_id, 0x8086);
	EXPECT_EQ(pi.device_id, 0x4908);
	EXPECT_EQ(pi.revision, 0x01);
	EXPECT_EQ(pi.class_code, 0x0380);
	EXPECT_EQ(pi.bar0_size, 16u << 20);
	EXPECT_EQ(pi.bar2_size, 1ull << 30);
	EXPECT_EQ(pi.lmem_size, 1ull << 30);
	EXPECT_EQ(pi.msi_vectors, 1);
	vdg1_core_destroy(core);
}

/*
 * lmem-bar-size: BAR2 shows the CPU the start of LMEM; LMEM, GSMBASE and
 * what the GPU reaches stay the full lmem-size.
 */
static void regs_small_lmem_bar(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	struct vdg1_pci_info pi;
	struct vdg1_counters_page p;

	/* By default BAR2 is all of LMEM. */
	core = fake_core(&h, NULL);
	EXPECT_EQ(CNT(core, lmem_bar_size_lo), 512u << 20);
	EXPECT_EQ(CNT(core, lmem_size_lo), 512u << 20);
	vdg1_core_destroy(core);

	vdg1_config_defaults(&cfg);
	EXPECT_EQ(cfg.lmem_bar_size, 0);
	EXPECT_EQ(vdg1_config_lmem_bar_size(&cfg), 512ull << 20);
	cfg.lmem_size = 8ull << 30;
	cfg.lmem_bar_size = 256ull << 20;
	EXPECT_EQ(vdg1_config_lmem_bar_size(&cfg), 256ull << 20);
	core = fake_core(&h, &cfg);
	vdg1_core_pci_info(core, &pi);
	EXPECT_EQ(pi.bar2_size, 256ull << 20);
	EXPECT_EQ(pi.lmem_size, 8ull << 30);
	/* GSM and DSM stay at the top of all of LMEM. */
	EXPECT_EQ(vdg1_core_mmio_read(core, GEN12_GSMBASE_LO, 8),
		  (8ull << 30) - (40ull << 20));
	p = counters(core);
	EXPECT_EQ(p.lmem_size_lo, 0);
	EXPECT_EQ(p.lmem_size_hi, 2);
	EXPECT_EQ(p.lmem_bar_size_lo, 256u << 20);
	EXPECT_EQ(p.lmem_bar_size_hi, 0);
	/* Configuration: read-only, and a counters reset keeps it. */
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(lmem_bar_size_lo), 0);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_RESET);
	EXPECT_EQ(CNT(core, lmem_bar_size_lo), 256u << 20);
	EXPECT_EQ(CNT(core, lmem_size_hi), 2);
	vdg1_core_destroy(core);

	/* 0 means all of LMEM; so does the full size spelt out. */
	vdg1_config_defaults(&cfg);
	cfg.lmem_bar_size = cfg.lmem_size;
	core = fake_core(&h, &cfg);
	vdg1_core_pci_info(core, &pi);
	EXPECT_EQ(pi.bar2_size, 512ull << 20);
	EXPECT_EQ(CNT(core, lmem_bar_size_lo), 512u << 20);
	EXPECT_EQ(CNT(core, lmem_size_lo), 512u << 20);
	vdg1_core_destroy(core);
}

static void regs_default_fuses_describe_dg1(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* The fuse reflections live in GT's row 0x9000-0x93FF. */
	fake_wake(&h, core, VDG1_FW_GT);

	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0x3f);
	EXPECT_EQ(rd(core, GEN10_MIRROR_FUSE3), 0);
	EXPECT_EQ(rd(core, GEN11_EU_DISABLE), 0);
	EXPECT_EQ(rd(core, GEN11_GT_SLICE_ENABLE), 0x1);
	/* VCS1, VCS3 and VECS1 fused off; VCS4-7, VECS2-3 absent on DG1. */
	EXPECT_EQ(rd(core, GEN11_GT_VEBOX_VDBOX_DISABLE), 0x000e00fa);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(CNT(core, fuse_dss_enable), 0x3f);
	EXPECT_EQ(CNT(core, fuse_l3_disable), 0);
	EXPECT_EQ(CNT(core, fuse_vebox_vdbox_disable), 0x000e00fa);
	vdg1_core_destroy(core);
}

static void regs_fuses_follow_config_and_are_read_only(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fuses.dss_enable = 0x0f;
	cfg.fuses.l3_disable = 0x5;
	cfg.fuses.vebox_vdbox_disable = 0x0;
	core = fake_core(&h, &cfg);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0x0f);
	/* The 4-bit L3 fuse shows twice, in [3:0] and [7:4] (fuse reflections). */
	EXPECT_EQ(rd(core, GEN10_MIRROR_FUSE3), 0x55);
	/* Nothing fused: the units DG1 lacks still read disabled. */
	EXPECT_EQ(rd(core, GEN11_GT_VEBOX_VDBOX_DISABLE), 0x000e00fa);
	EXPECT_EQ(CNT(core, fuse_vebox_vdbox_disable), 0x000e00fa);
	wr(core, GEN12_GT_GEOMETRY_DSS_ENABLE, 0x3f);
	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0x0f);
	/* Dropped writes to real registers are not unclaimed accesses. */
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	vdg1_core_destroy(core);
}

static void regs_unclaimed_reads_zero_and_is_counted(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, 0x206c, 0x1234);	/* RCS INSTDONE: not modelled */
	EXPECT_EQ(rd(core, 0x206c), 0);
	EXPECT_EQ(rd(core, 0x0), 0);
	EXPECT_EQ(CNT(core, unclaimed_writes), 1);
	EXPECT_EQ(CNT(core, unclaimed_reads), 2);
	EXPECT_EQ(CNT(core, last_unclaimed), 0x0);
	vdg1_core_mmio_read(core, 0x3ffffc, 4);
	EXPECT_EQ(CNT(core, last_unclaimed), 0x3ffffc);
	EXPECT_EQ(h.logs[VDG1_LOG_UNIMP], 4);
	/* Unclaimed in a sleeping domain: unclaimed, not a wake violation. */
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

static void regs_mcr_selector_is_storage_with_multicast_reset(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), GEN11_MCR_MULTICAST);
	wr(core, GEN8_MCR_SELECTOR, 0x03000000);
	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), 0x03000000);
	vdg1_core_reset(core);
	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), GEN11_MCR_MULTICAST);
	vdg1_core_destroy(core);
}

static void regs_narrow_accesses(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t gsm_lo = rd(core, GEN12_GSMBASE_LO);

	EXPECT_EQ(vdg1_core_mmio_read(core, GU_CNTL, 1), GU_CNTL_LMEM_INIT);
	EXPECT_EQ(vdg1_core_mmio_read(core, GEN12_GSMBASE_LO + 2, 2),
		  gsm_lo >> 16);
	EXPECT_EQ(vdg1_core_mmio_read(core, GEN12_GSMBASE_LO + 3, 1),
		  gsm_lo >> 24);
	/* A byte write merges into the rest of the dword. */
	vdg1_core_mmio_write(core, GEN8_MCR_SELECTOR + 3, 0x05, 1);
	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), 0x05000000);
	vdg1_core_mmio_write(core, GEN8_MCR_SELECTOR, 0xabcd, 2);
	EXPECT_EQ(rd(core, GEN8_MCR_SELECTOR), 0x0500abcd);
	/* Each narrow access is one register access. */
	EXPECT_EQ(CNT(core, mmio_writes), 2);
	vdg1_core_destroy(core);
}

static void regs_misccpctl_is_plain_gt_storage(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	EXPECT_EQ(vdg1_wake_target(GEN7_MISCCPCTL), VDG1_FW_GT);
	EXPECT_EQ(vdg1_mcr_group(GEN7_MISCCPCTL), VDG1_MCR_NONE);
	/* Unlocked by default, and the counters page says so. */
	EXPECT_EQ(CNT(core, misccpctl_locked), 0);
	/* GT asleep: terminated like any GT register. */
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	fake_wake(&h, core, VDG1_FW_GT);
	/* DOP clock gating for render is enabled at reset. */
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), GEN12_DOP_CLOCK_GATE_RENDER_ENABLE);
	/* Wa_14015795083: the driver clears bit 1, and it sticks. */
	wr(core, GEN7_MISCCPCTL, rd(core, GEN7_MISCCPCTL) &
	   ~GEN12_DOP_CLOCK_GATE_RENDER_ENABLE);
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), 0);
	/* Plain storage, not masked: every bit takes the value written. */
	wr(core, GEN7_MISCCPCTL, 0xffff0005);
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), 0xffff0005);
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	vdg1_core_reset(core);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), GEN12_DOP_CLOCK_GATE_RENDER_ENABLE);
	vdg1_core_destroy(core);
}

static void regs_misccpctl_locked_ignores_writes(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	EXPECT_EQ(cfg.misccpctl_locked, false);
	cfg.misccpctl_locked = true;
	core = fake_core(&h, &cfg);
	EXPECT_EQ(CNT(core, misccpctl_locked), 1);
	/* The power rule still comes first. */
	wr(core, GEN7_MISCCPCTL, 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, GEN7_MISCCPCTL, 0);
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), GEN12_DOP_CLOCK_GATE_RENDER_ENABLE);
	wr(core, GEN7_MISCCPCTL, 0xffffffff);
	EXPECT_EQ(rd(core, GEN7_MISCCPCTL), GEN12_DOP_CLOCK_GATE_RENDER_ENABLE);
	/* Claimed and silently ignored: no counter moves. */
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	/* Three to MISCCPCTL, one forcewake request. */
	EXPECT_EQ(CNT(core, mmio_writes), 4);
	vdg1_core_destroy(core);
}

static void regs_config_check(void)
{
	struct vdg1_config cfg;

	vdg1_config_defaults(&cfg);
	EXPECT_TRUE(!vdg1_config_check(&cfg));
	cfg.device_id = 0x4909;
	EXPECT_TRUE(!vdg1_config_check(&cfg));
	cfg.device_id = 0x4904;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	cfg.device_id = 0x490a;
	EXPECT_TRUE(vdg1_config_check(&cfg));

	vdg1_config_defaults(&cfg);
	cfg.lmem_size = 768ull << 20;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	cfg.lmem_size = 32ull << 20;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	cfg.lmem_size = 64ull << 20;
	EXPECT_TRUE(!vdg1_config_check(&cfg));

	/* lmem-bar-size: 0, or a power of two from 1 MiB to lmem-size. */
	vdg1_config_defaults(&cfg);
	cfg.lmem_bar_size = 1ull << 20;
	EXPECT_TRUE(!vdg1_config_check(&cfg));
	cfg.lmem_bar_size = cfg.lmem_size;
	EXPECT_TRUE(!vdg1_config_check(&cfg));
	cfg.lmem_bar_size = 512ull << 10;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	cfg.lmem_bar_size = 384ull << 20;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	cfg.lmem_bar_size = 2 * cfg.lmem_size;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	cfg.lmem_size = 4ull << 30;
	EXPECT_TRUE(!vdg1_config_check(&cfg));

	vdg1_config_defaults(&cfg);
	cfg.fuses.dss_enable = 0x40;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	vdg1_config_defaults(&cfg);
	cfg.fuses.l3_disable = 0x10;
	EXPECT_TRUE(vdg1_config_check(&cfg));
	vdg1_config_defaults(&cfg);
	cfg.fuses.vebox_vdbox_disable = 0x100;
	EXPECT_TRUE(vdg1_config_check(&cfg));

	vdg1_config_defaults(&cfg);
	EXPECT_EQ(cfg.fw_ack_delay_ns, 10000);
	EXPECT_EQ(cfg.fw_never_ack, 0);
	cfg.fw_never_ack = 0x1f;
	EXPECT_TRUE(!vdg1_config_check(&cfg));
	cfg.fw_never_ack = 0x20;
	EXPECT_TRUE(vdg1_config_check(&cfg));

	vdg1_config_defaults(&cfg);
	EXPECT_EQ(cfg.fw_lose_acks, 0);
	EXPECT_EQ(cfg.fw_lose_acks_count, 1);
	cfg.fw_lose_acks = 0x1f;
	cfg.fw_lose_acks_count = 1000;
	EXPECT_TRUE(!vdg1_config_check(&cfg));
	cfg.fw_lose_acks = 0x40;
	EXPECT_TRUE(vdg1_config_check(&cfg));
}

static void regs_create_rejects_bad_input(void)
{
	struct vdg1_host_ops ops = fake_ops;
	struct vdg1_config cfg;
	struct fake_host h;
	const char *err = NULL;

	memset(&h, 0, sizeof(h));
	vdg1_config_defaults(&cfg);
	cfg.device_id = 0x1234;
	EXPECT_TRUE(!vdg1_core_create(&cfg, &fake_ops, &h, &err));
	EXPECT_TRUE(err);

	vdg1_config_defaults(&cfg);
	ops.timer_arm = NULL;
	err = NULL;
	EXPECT_TRUE(!vdg1_core_create(&cfg, &ops, &h, &err));
	EXPECT_TRUE(err);
}

/*
 * No GuC firmware ever runs: its core reads as held in reset, before and
 * after a GuC domain reset (GDRST bit 3, which clears itself), as i915
 * gt/uc/intel_uc.c requires after every reset.
 */
static void regs_guc_stays_in_reset(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		fake_wake(&h, core, d);
	EXPECT_EQ(rd(core, 0xc000) & 1, 1);
	wr(core, 0xc000, 0);
	EXPECT_EQ(rd(core, 0xc000) & 1, 1);
	wr(core, 0x941c, 1u << 3);
	EXPECT_EQ(rd(core, 0x941c) & (1u << 3), 1u << 3);
	fake_advance(&h, core, 10000);
	EXPECT_EQ(rd(core, 0x941c), 0);
	EXPECT_EQ(rd(core, 0xc000) & 1, 1);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

/* The private PAT: eight GT-domain registers of plain storage. */
static void regs_pat_is_gt_storage(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t i;

	fake_wake(&h, core, VDG1_FW_GT);
	for (i = 0; i < 8; i++) {
		EXPECT_EQ(rd(core, 0x4800 + 4 * i), 0);
		wr(core, 0x4800 + 4 * i, 3 - (i & 3));
	}
	for (i = 0; i < 8; i++)
		EXPECT_EQ(rd(core, 0x4800 + 4 * i), 3 - (i & 3));
	EXPECT_EQ(CNT(core, unclaimed_writes), 0);
	fake_release(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, 0x4800), 0);		/* asleep: terminated */
	EXPECT_EQ(CNT(core, wake_violations), 1);
	vdg1_core_destroy(core);
}

/*
 * What i915 touches on its way through probe (I915-PROBE-ON-VDG1.md): the
 * read-only zeros stay zero, storage keeps what was written, masked
 * registers merge, and none of it is unclaimed.
 */
static void regs_i915_probe_path(void)
{
	static const uint32_t zero[] = {
		0x10100c, 0x120010, 0x8000, 0x8004, 0x800c, 0x8010, 0x80c0,
		0xc050, 0xc340, 0x138108, 0x2024, 0x2064,
	};
	/*
	 * Read-only, not zero: the frequency capabilities and status
	 * (vdg1_freq.h: RPn granted before any request) and the package's
	 * power (vdg1_power.h).
	 */
	static const struct { uint32_t off, val; } fixed[] = {
		{ 0x145998, 0x06161f }, { 0x145ef0, 0x1600 },
		{ 0x1381b4, 18 << 11 | VDG1_POWER_VOLTAGE },
		{ 0x145930, 200 }, { 0x145934, 0 }, { 0x145938, 0xa0e03 },
	};
	static const uint32_t store[] = {
		0xb004, 0xb020, 0xb09c, 0xa090, 0xa0b8, 0xa0c8, 0xa210,
		0xa024, 0xa02c, 0xa030, 0xa068, 0xa06c, 0xa070,
		0xc3e4, 0x2054, 0x224fc, 0x1c84d0, 0x20a0, 0x22204,
	};
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	unsigned int i;
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		fake_wake(&h, core, d);
	for (i = 0; i < sizeof(zero) / sizeof(zero[0]); i++) {
		wr(core, zero[i], 0x12345678);
		EXPECT_EQ(rd(core, zero[i]), 0);
	}
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		wr(core, fixed[i].off, 0x12345678);
		EXPECT_EQ(rd(core, fixed[i].off), fixed[i].val);
	}
	for (i = 0; i < sizeof(store) / sizeof(store[0]); i++) {
		wr(core, store[i], 0x1000 + i);
		EXPECT_EQ(rd(core, store[i]), 0x1000 + i);
	}
	/* RING_CMD_CCTL and CS_DEBUG_MODE1 are masked. */
	wr(core, 0x220c4, 0x007f0012);
	EXPECT_EQ(rd(core, 0x220c4), 0x12);
	wr(core, 0x220c4, 0x00020000);
	EXPECT_EQ(rd(core, 0x220c4), 0x10);
	wr(core, 0x20ec, 0x00020002);
	EXPECT_EQ(rd(core, 0x20ec), 0x2);
	EXPECT_EQ(CNT(core, unclaimed_reads) + CNT(core, unclaimed_writes), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_regs[] = {
	TEST(regs_i915_probe_path),
	TEST(regs_pat_is_gt_storage),
	TEST(regs_guc_stays_in_reset),
	TEST(regs_table_is_sorted_and_in_range),
	TEST(regs_gu_cntl_reports_lmem_trained),
	TEST(regs_untrained_lmem_keeps_gt_down),
	TEST(regs_dead_bar_reads_all_ones),
	TEST(regs_power_cycle_from_the_page),
	TEST(regs_gsmbase_is_lmem_minus_dsm_and_gsm),
	TEST(regs_dsm_and_reserved_at_the_top),
	TEST(regs_ggc_says_8m_of_ptes),
	TEST(regs_pci_identity),
	TEST(regs_small_lmem_bar),
	TEST(regs_default_fuses_describe_dg1),
	TEST(regs_fuses_follow_config_and_are_read_only),
	TEST(regs_unclaimed_reads_zero_and_is_counted),
	TEST(regs_mcr_selector_is_storage_with_multicast_reset),
	TEST(regs_narrow_accesses),
	TEST(regs_misccpctl_is_plain_gt_storage),
	TEST(regs_misccpctl_locked_ignores_writes),
	TEST(regs_config_check),
	TEST(regs_create_rejects_bad_input),
	TEST_END
};
