// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_pcipm.c - PCI power states (vdg1_core.h): D3hot answers nothing but
 * the counters page, D3hot -> D0 resets the registers and keeps the GGTT,
 * a power loss takes everything.
 */
#include "vdg1_test.h"
#include "vdg1_pcode.h"
#include "vdg1_regdefs.h"

#define FW_GT_REQ	0xa188		/* FORCEWAKE_GT, readable asleep */
#define PTE		(VDG1_GGTT_BASE + 8 * 16)

static void pcipm_d3hot_answers_only_the_counters_page(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	vdg1_core_mmio_write(core, PTE, 0x12345003ull, 8);
	EXPECT_EQ(CNT(core, pci_power_state), VDG1_PCI_D0);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	EXPECT_TRUE(vdg1_core_in_d3(core));
	EXPECT_EQ(CNT(core, pci_power_state), VDG1_PCI_D3HOT);
	EXPECT_EQ(CNT(core, d3_entries), 1);
	/* Unsupported Request: all ones, the write lost. */
	EXPECT_EQ(rd(core, FW_GT_REQ), 0xffffffff);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE, 8), UINT64_MAX);
	vdg1_core_mmio_write(core, PTE, 0x777003ull, 8);
	EXPECT_EQ(CNT(core, d3_accesses), 3);
	EXPECT_EQ(CNT(core, last_d3_access), PTE);
	vdg1_core_d3_access(core, 0x1000, true);
	EXPECT_EQ(CNT(core, d3_accesses), 4);
	EXPECT_EQ(CNT(core, last_d3_access), 0x1000 | VDG1_D3_ACCESS_BAR2);
	/* A second D3hot write changes nothing. */
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	EXPECT_EQ(CNT(core, d3_entries), 1);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D0);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE, 8), 0x12345003ull);
	EXPECT_EQ(CNT(core, d3_accesses), 4);
	EXPECT_EQ(CNT(core, d3_unready_entries), 0);
	EXPECT_EQ(CNT(core, power_losses), 0);
	vdg1_core_destroy(core);
}

static void pcipm_d0_after_d3hot_resets_the_registers(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core_delay(&h, 0);

	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, FW_GT_REQ) & 1, 1);
	/* A domain still held: the driver did not quiesce the GPU. */
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	EXPECT_EQ(CNT(core, d3_unready_entries), 1);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D0);
	/* D0uninitialized: the request is gone, the domain asleep. */
	EXPECT_EQ(rd(core, FW_GT_REQ) & 1, 0);
	EXPECT_EQ(CNT(core, held_domains), 0);
	fake_wake(&h, core, VDG1_FW_GT);
	fake_release(&h, core, VDG1_FW_GT);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	EXPECT_EQ(CNT(core, d3_unready_entries), 1);
	EXPECT_EQ(CNT(core, d3_entries), 2);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

static void pcipm_power_loss_takes_the_ggtt_and_lmem(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint64_t first;

	vdg1_core_mmio_write(core, PTE, 0x12345003ull, 8);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	vdg1_core_power_lost(core);
	EXPECT_TRUE(!vdg1_core_in_d3(core));
	EXPECT_EQ(CNT(core, power_losses), 1);
	EXPECT_EQ(CNT(core, pci_power_state), VDG1_PCI_D0);
	EXPECT_EQ(vdg1_core_mmio_read(core, PTE, 8), 0);
	/* LMEM's garbage: neither zero nor the same twice running. */
	first = vdg1_core_lmem_garbage(core);
	EXPECT_TRUE(first != 0 && first != UINT64_MAX);
	vdg1_core_power_lost(core);
	EXPECT_TRUE(vdg1_core_lmem_garbage(core) != first);
	EXPECT_EQ(CNT(core, d3_accesses), 0);
	vdg1_core_destroy(core);
}

/* The acks fw-lose-acks withholds are a power-on's: D3hot does not re-arm them. */
static void pcipm_d3hot_keeps_the_lost_acks_spent(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fw_lose_acks = 1u << VDG1_FW_GT;
	core = fake_core(&h, &cfg);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(CNT(core, acks_lost), 1);
	fake_release(&h, core, VDG1_FW_GT);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D0);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT) & 1, 1);	/* acked */
	EXPECT_EQ(CNT(core, acks_lost), 1);
	vdg1_core_destroy(core);
}

/* Firmware initialised once stays so across D3hot; a power loss restarts it. */
static void pcipm_d3hot_keeps_firmware_initialised(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.pcode_init_delay_ns = 1000000;
	core = fake_core(&h, &cfg);
	rd(core, FW_GT_REQ);
	fake_advance(&h, core, 2000000);
	rd(core, FW_GT_REQ);
	EXPECT_TRUE(vdg1_pcode_init_complete(core));
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D3HOT);
	vdg1_core_set_pci_power_state(core, VDG1_PCI_D0);
	rd(core, FW_GT_REQ);
	EXPECT_TRUE(vdg1_pcode_init_complete(core));
	vdg1_core_power_lost(core);
	rd(core, FW_GT_REQ);
	EXPECT_TRUE(!vdg1_pcode_init_complete(core));
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_pcipm[] = {
	TEST(pcipm_d3hot_answers_only_the_counters_page),
	TEST(pcipm_d0_after_d3hot_resets_the_registers),
	TEST(pcipm_power_loss_takes_the_ggtt_and_lmem),
	TEST(pcipm_d3hot_keeps_the_lost_acks_spent),
	TEST(pcipm_d3hot_keeps_firmware_initialised),
	TEST_END
};
