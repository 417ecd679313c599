// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_audit - the totals of the whole run, checked after every other test
 * binary (it is the last line of test-list.txt; keep it there).
 *
 * vdg1 counts from its reset on: since probe, everything the driver did
 * for every test before this one. None of it may have touched a register
 * whose power domain was asleep, an MCR instance the fuses removed, or an
 * offset DG1 does not implement. And once the tests are done the driver
 * holds no forcewake reference, no domain stays awake, and no domain vdg1
 * acknowledges ever timed out.
 *
 * The counters page exists only on vdg1: on a real DG1 those subtests skip
 * and only the debugfs ones run (as root).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"

#define RELEASE_TIMEOUT_MS	200

/* File scope: shared by blocks, so it must survive their longjmps. */
static int fd = -1;
static struct dg1dev_vdg1 *vdg1;
static char vdg1_why[256];
static char pci[PATH_MAX];
static char dfs[PATH_MAX];
static char dfs_why[512];

static void require_vdg1(void)
{
	igt_require_f(vdg1, "vdg1 counters unavailable: %s", vdg1_why);
}

static void require_debugfs(void)
{
	igt_require_f(dfs[0], "no dg1 debugfs: %s", dfs_why);
}

static void snapshot(struct vdg1_counters_page *s)
{
	dg1dev_vdg1_snapshot(vdg1, s);
}

static void test_unclaimed(void)
{
	struct vdg1_counters_page s;

	require_vdg1();
	snapshot(&s);
	igt_assert_f(!s.unclaimed_reads && !s.unclaimed_writes,
		     "%u reads and %u writes of offsets DG1 does not implement, the latest at 0x%x",
		     s.unclaimed_reads, s.unclaimed_writes, s.last_unclaimed);
}

static void test_wake_violations(void)
{
	struct vdg1_counters_page s;

	require_vdg1();
	snapshot(&s);
	igt_assert_f(!s.wake_violations,
		     "%u accesses to registers of sleeping power domains, the latest at 0x%x (domain %s)",
		     s.wake_violations, s.last_wake_violation,
		     dg1dev_domain_name(dg1dev_domain_of(s.last_wake_violation)));
}

static void test_mcr_terminated(void)
{
	struct vdg1_counters_page s;
	char cfg[256];

	require_vdg1();
	snapshot(&s);
	dg1dev_vdg1_format_config(&s, cfg, sizeof(cfg));
	igt_assert_f(!s.mcr_terminated,
		     "%u MCR reads or unicast writes steered to fused-off instances, the latest at 0x%x (vdg1: %s)",
		     s.mcr_terminated, s.last_mcr_terminated, cfg);
}

/* Only the domains vdg1 was told never to acknowledge may have timed out. */
static void test_forcewake_errors(void)
{
	uint32_t never = 0, bad = 0;
	struct dg1dev_fw_stats st;
	char why[512];
	int d, err;

	require_debugfs();
	if (vdg1)
		never = vdg1->page->never_ack_domains;

	err = dg1dev_fw_stats_read(dfs, &st, why, sizeof(why));
	igt_assert_f(!err, "forcewake_domains: %s", why);
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		if (!(st.present & DG1DEV_DOMAIN_BIT(d)))
			continue;
		igt_info("%s: ref %u wakes %llu gets %llu errors %u%s\n",
			 dg1dev_domain_name(d), st.d[d].ref, st.d[d].wakes,
			 st.d[d].gets, st.d[d].errors,
			 never & DG1DEV_DOMAIN_BIT(d) ? " (never acks)" : "");
		if (st.d[d].errors && !(never & DG1DEV_DOMAIN_BIT(d)))
			bad |= DG1DEV_DOMAIN_BIT(d);
	}
	igt_assert_f(!bad, "ack timeouts in domains that acknowledge: %s",
		     dg1dev_domain_mask_names(bad, why, sizeof(why)));
}

/* After the run nothing holds forcewake, and (vdg1) every domain sleeps. */
static void test_forcewake_released(void)
{
	struct timespec start, now;
	struct dg1dev_fw_stats st;
	uint32_t held, awake;
	char why[512], names[96];
	long waited_ms;
	int d, err;

	igt_require_f(dfs[0] || vdg1,
		      "neither debugfs (%s) nor vdg1's forcewake state (%s)",
		      dfs_why, vdg1_why);

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		held = 0;
		awake = 0;
		if (dfs[0]) {
			err = dg1dev_fw_stats_read(dfs, &st, why, sizeof(why));
			igt_assert_f(!err, "forcewake_domains: %s", why);
			for (d = 0; d < VDG1_FW_COUNT; d++)
				if ((st.present & DG1DEV_DOMAIN_BIT(d)) && st.d[d].ref)
					held |= DG1DEV_DOMAIN_BIT(d);
		}
		if (vdg1)
			awake = vdg1->page->awake_domains;

		clock_gettime(CLOCK_MONOTONIC, &now);
		waited_ms = (now.tv_sec - start.tv_sec) * 1000 +
			    (now.tv_nsec - start.tv_nsec) / 1000000;
		if ((!held && !awake) || waited_ms > RELEASE_TIMEOUT_MS)
			break;
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}

	igt_assert_f(!held, "forcewake still held %ld ms after the tests: %s",
		     waited_ms, dg1dev_domain_mask_names(held, names, sizeof(names)));
	igt_assert_f(!awake, "still awake %ld ms after the tests: %s",
		     waited_ms, dg1dev_domain_mask_names(awake, names, sizeof(names)));
}

igt_main
{
	igt_fixture {
		fd = igt_dg1_open_render();
		igt_dg1_pci_path(fd, pci, sizeof(pci));
		vdg1 = igt_dg1_vdg1_probe(pci, vdg1_why, sizeof(vdg1_why));
		if (dg1dev_debugfs_dir(pci, dfs, sizeof(dfs), dfs_why,
				       sizeof(dfs_why)))
			dfs[0] = '\0';
		errno = 0;
		if (vdg1) {
			struct vdg1_counters_page s;
			char line[512];

			snapshot(&s);
			dg1dev_vdg1_format_counters(&s, line, sizeof(line));
			igt_info("vdg1: %s\n", line);
			dg1dev_vdg1_format_config(&s, line, sizeof(line));
			igt_info("vdg1: %s\n", line);
		}
	}

	igt_subtest("unclaimed-accesses")
		test_unclaimed();

	igt_subtest("wake-violations")
		test_wake_violations();

	igt_subtest("mcr-terminated")
		test_mcr_terminated();

	igt_subtest("forcewake-errors")
		test_forcewake_errors();

	igt_subtest("forcewake-released")
		test_forcewake_released();

	igt_fixture {
		igt_dg1_vdg1_close(vdg1);
		close(fd);
	}
}
