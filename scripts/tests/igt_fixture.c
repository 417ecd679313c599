// SPDX-License-Identifier: GPL-2.0
/*
 * igt_fixture.c - a test binary built with the real tests/lib/igt_core.c
 * that uses (or misuses) the harness as $IGT_FIXTURE says, so that
 * test_igt_harness.py can feed its real output through vm-results.py.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "igt_core.h"

static const char *mode;

static bool is(const char *m)
{
	return !strcmp(mode, m);
}

igt_main
{
	mode = getenv("IGT_FIXTURE") ?: "good";

	/* igt_require() before any block: the whole binary skips. */
	if (is("whole-skip"))
		igt_require_f(false, "no such device here");

	igt_fixture {
		if (is("all-skip"))
			igt_require_f(false, "fixture needs what is missing");
	}

	igt_subtest("passes")
		igt_assert_eq(1 + 1, 2);

	if (is("good"))
		igt_subtest("skips")
			igt_skip("listed reason, and more");

	if (is("fails"))
		igt_subtest("fails")
			igt_assert_eq(1 + 1, 3);

	if (is("crash"))
		igt_subtest("crashes")
			raise(SIGSEGV);

	if (is("bad-name"))
		igt_subtest("Bad_Name")
			igt_assert(true);

	if (is("return-in-block"))
		igt_subtest("returns") {
			if (mode)
				return;
		}

	if (is("fail-outside"))
		igt_assert_f(false, "an assertion between blocks");

	if (is("skip-after-block"))
		igt_require_f(false, "a requirement between blocks");

	if (is("exit-98"))
		exit(IGT_EXIT_FAILURE);

	igt_fixture {
		if (is("trailing-fixture"))
			igt_assert_f(false, "cleanup failed");
	}
}
