// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_reglog.c - the register write log alone: what was written, by whom,
 * found in order; cleared on request.
 */
#include "vdg1_test.h"
#include "vdg1_reglog.h"

static void reglog_notes_and_finds_in_order(void)
{
	struct vdg1_reglog l;

	EXPECT_EQ(vdg1_reglog_init(&l, 0x400000), 0);
	EXPECT_EQ(vdg1_reglog_next(&l, 0), UINT32_MAX);
	vdg1_reglog_note(&l, 0x20c4, 0x3fff0102, VDG1_REGLOG_CPU);
	vdg1_reglog_note(&l, 0x2580, 0x00060002, VDG1_REGLOG_ENGINE(0));
	vdg1_reglog_note(&l, 0x2580, 0x00060004, VDG1_REGLOG_CPU);
	vdg1_reglog_note(&l, 0x1d00c4, 1, VDG1_REGLOG_ENGINE(4));
	vdg1_reglog_note(&l, 0x400000, 1, VDG1_REGLOG_CPU);	/* outside */
	EXPECT_EQ(vdg1_reglog_next(&l, 0), 0x20c4);
	EXPECT_EQ(vdg1_reglog_next(&l, 0x20c4), 0x20c4);
	EXPECT_EQ(vdg1_reglog_next(&l, 0x20c5), 0x2580);
	EXPECT_EQ(vdg1_reglog_next(&l, 0x2584), 0x1d00c4);
	EXPECT_EQ(vdg1_reglog_next(&l, 0x1d00c8), UINT32_MAX);
	EXPECT_EQ(vdg1_reglog_sources(&l, 0x2580),
		  VDG1_REGLOG_CPU | VDG1_REGLOG_ENGINE(0));
	EXPECT_EQ(vdg1_reglog_raw(&l, 0x2580), 0x00060004);
	vdg1_reglog_clear(&l);
	EXPECT_EQ(vdg1_reglog_next(&l, 0), UINT32_MAX);
	EXPECT_EQ(vdg1_reglog_sources(&l, 0x2580), 0);
	vdg1_reglog_fini(&l);
}

const struct vdg1_test vdg1_tests_reglog[] = {
	TEST(reglog_notes_and_finds_in_order),
	TEST_END
};
