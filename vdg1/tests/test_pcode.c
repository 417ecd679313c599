// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_pcode.c - the PCODE mailbox, driven the way i915 intel_pcode.c
 * and xe xe_pcode.c drive it: DATA, DATA1, then MAILBOX with READY; poll
 * READY clear; status in bits 7:0, answer in DATA.
 */
#include "vdg1_test.h"

#define MBOX	0x138124
#define DATA	0x138128
#define DATA1	0x13812c
#define READY	0x80000000u

static uint32_t send(struct vdg1_core *core, uint32_t cmd, uint32_t d0,
		     uint32_t *out)
{
	wr(core, DATA, d0);
	wr(core, DATA1, 0);
	wr(core, MBOX, READY | cmd);
	*out = rd(core, DATA);
	return rd(core, MBOX);
}

static void pcode_init_status_is_complete(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t mbox, data;

	/* The mailbox is free at power-on: READY clear. */
	EXPECT_EQ(rd(core, MBOX) & READY, 0);
	/* DG1_PCODE_STATUS (0x7E), DG1_UNCORE_GET_INIT_STATUS (0). */
	mbox = send(core, 0x7e, 0, &data);
	EXPECT_EQ(mbox & READY, 0);
	EXPECT_EQ(mbox & 0xff, 0);		/* GEN6_PCODE_SUCCESS */
	EXPECT_EQ(data & 1, 1);			/* INIT_STATUS_COMPLETE */
	EXPECT_EQ(CNT(core, pcode_commands), 1);
	EXPECT_EQ(CNT(core, pcode_errors), 0);
	vdg1_core_destroy(core);
}

/*
 * pcode-init-delay-ns: firmware is busy from the first register access
 * for that long; the init status and LMEM_INIT both say so, then both
 * change together. The counters page does not start the clock.
 */
static void pcode_init_takes_its_delay(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core;
	uint32_t data;

	vdg1_config_defaults(&cfg);
	cfg.pcode_init_delay_ns = 5000000;
	core = fake_core(&h, &cfg);
	fake_advance(&h, core, 10000000);	/* time alone starts nothing */
	rd(core, VDG1_COUNTERS_BASE);		/* nor does the counters page */
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, 0);
	send(core, 0x7e, 0, &data);
	EXPECT_EQ(data & 1, 0);
	fake_advance(&h, core, 5000000 - 1);
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, 0);
	send(core, 0x7e, 0, &data);
	EXPECT_EQ(data & 1, 0);
	fake_advance(&h, core, 1);
	send(core, 0x7e, 0, &data);
	EXPECT_EQ(data & 1, 1);
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, GU_CNTL_LMEM_INIT);
	/* A reset starts it over, from the next access. */
	vdg1_core_reset(core);
	fake_advance(&h, core, 10000000);
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, 0);
	fake_advance(&h, core, 5000000);
	EXPECT_EQ(rd(core, GU_CNTL) & GU_CNTL_LMEM_INIT, GU_CNTL_LMEM_INIT);
	vdg1_core_destroy(core);
}

static void pcode_unknown_commands_are_illegal(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	static const uint32_t cmds[] = {
		0x1a,		/* HSW_PCODE_DYNAMIC_DUTY_CYCLE_CONTROL */
		0x09,		/* GEN6_PCODE_READ_MIN_FREQ_TABLE */
		0x05,		/* GEN6_PCODE_READ_RC6VIDS */
		0x7e | 1 << 8,	/* DG1_PCODE_STATUS with another request */
		0xff,
	};
	uint32_t mbox, data;
	unsigned int i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		mbox = send(core, cmds[i], 0x1234, &data);
		EXPECT_EQ(mbox & READY, 0);
		EXPECT_EQ(mbox & 0xff, 1);	/* GEN6_PCODE_ILLEGAL_CMD */
		/* Parameters stay where the driver put them. */
		EXPECT_EQ(mbox & 0xffff00, cmds[i] & 0xffff00);
	}
	EXPECT_EQ(CNT(core, pcode_commands), i);
	EXPECT_EQ(CNT(core, pcode_errors), i);
	vdg1_core_destroy(core);
}

/* POWER_SETUP's I1 subcommands (read 4, write 5): illegal subcommand. */
static void pcode_power_setup_subcommands_are_illegal(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t mbox, data;

	mbox = send(core, 0x7c | 4 << 8, 0, &data);
	EXPECT_EQ(mbox & READY, 0);
	EXPECT_EQ(mbox & 0xff, 4);
	mbox = send(core, 0x7c | 5 << 8, 0x40, &data);
	EXPECT_EQ(mbox & 0xff, 4);
	EXPECT_EQ(CNT(core, pcode_errors), 2);
	vdg1_core_destroy(core);
}

static void pcode_write_without_ready_sends_nothing(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, DATA, 0x55);
	wr(core, MBOX, 0x7e);
	EXPECT_EQ(rd(core, MBOX), 0x7e);
	EXPECT_EQ(rd(core, DATA), 0x55);
	EXPECT_EQ(CNT(core, pcode_commands), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_pcode[] = {
	TEST(pcode_init_status_is_complete),
	TEST(pcode_init_takes_its_delay),
	TEST(pcode_unknown_commands_are_illegal),
	TEST(pcode_power_setup_subcommands_are_illegal),
	TEST(pcode_write_without_ready_sends_nothing),
	TEST_END
};
