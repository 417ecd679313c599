// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_audit - vdg1's totals, checked after the last driver action of a
 * scenario: after rmmod, after a refused probe, or with the driver bound.
 *
 * It needs no driver: it finds the device in /sys/bus/pci/devices by its
 * PCI id and maps vdg1's counters page from resource0 (with a driver bound
 * the kernel must allow that: iomem=relaxed, which the test VM passes).
 *
 * vdg1 counts from its reset on: everything every probe, test and unbind
 * did. None of it may have touched a register whose power domain was
 * asleep, an MCR instance the fuses removed, an offset DG1 does not
 * implement or the device in D3hot (nor put it there busy), and every
 * wake ack vdg1 withheld must have been recovered by the fallback. When
 * no driver is bound no forcewake request may remain and no domain may
 * stay awake but those whose well the configuration keeps
 * up (pg-follows-driver with RC6 and power gating off, as a driver leaves
 * them at unbind); with the driver bound and idle it holds no forcewake
 * reference and every domain sleeps.
 *
 * Only vdg1 has the page: on a real DG1 every subtest skips, and with
 * DG1_EXPECT_VDG1=1 its absence fails them all.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "igt.h"

/* File scope: shared by blocks, so it must survive their longjmps. */
static char pci[PATH_MAX];
static char driver[64];			/* "" when none is bound */
static struct dg1dev_vdg1 *vdg1;
static bool enabled_here;

/* Bit 1 of the PCI command register: whether the BARs decode. */
static bool memory_decoding(void)
{
	char path[PATH_MAX + 16];
	uint16_t cmd = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/config", pci);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	igt_assert_f(fd >= 0, "cannot open %s", path);
	igt_assert_eq(pread(fd, &cmd, sizeof(cmd), 4), sizeof(cmd));
	close(fd);

	return cmd & 0x2;
}

/*
 * A driver that disabled the device with pci_disable_device() leaves its
 * memory decoding on, but one that switched it off would make the page
 * read all ones: then enable the device through sysfs while the audit
 * reads it. Only when no driver is bound, and only if that is the reason.
 */
static void ensure_decoding(void)
{
	char path[PATH_MAX + 16], why[256];
	struct dg1dev_vdg1 v;
	int err;

	err = dg1dev_vdg1_map(pci, &v, why, sizeof(why));
	if (!err)
		dg1dev_vdg1_unmap(&v);
	errno = 0;
	if (err != -ENODEV || dg1dev_pci_bound_to_dg1(pci) || memory_decoding())
		return;

	snprintf(path, sizeof(path), "%s/enable", pci);
	err = dg1dev_sysfs_write(path, "1");
	if (err) {
		igt_info("memory decoding is off, and writing 1 to %s failed: %s\n",
			 path, strerror(-err));
		return;
	}
	enabled_here = true;
	igt_info("memory decoding was off: enabled the device for the audit\n");
}

static void audit_open(void)
{
	char why[256], line[512], other[PATH_MAX];
	const char *nth_env = getenv("DG1_AUDIT_NTH");
	unsigned int nth = nth_env ? (unsigned int)atoi(nth_env) : 0;
	struct vdg1_counters_page s;
	int err;

	/* DG1_AUDIT_NTH picks another device of several (stock-two-gpus). */
	err = dg1dev_pci_find(nth, pci, sizeof(pci));
	igt_dg1_require_f(!err, "no PCI device with a DG1 id (%04x:%04x-%04x): %s",
			  DG1DEV_PCI_VENDOR_INTEL, DG1DEV_PCI_DEVICE_MIN,
			  DG1DEV_PCI_DEVICE_MAX, strerror(-err));
	if (!dg1dev_pci_find(!nth, other, sizeof(other)))
		igt_info("also %s: audited on its own (DG1_AUDIT_NTH)\n", other);

	err = dg1dev_pci_driver(pci, driver, sizeof(driver));
	igt_assert_f(!err || err == -ENOENT, "%s/driver: %s", pci,
		     strerror(-err));
	if (err)
		driver[0] = '\0';
	errno = 0;
	igt_info("%s: driver %s\n", strrchr(pci, '/') + 1,
		 driver[0] ? driver : "none");

	ensure_decoding();
	vdg1 = igt_dg1_vdg1_probe(pci, why, sizeof(why));
	if (!vdg1)
		igt_dg1_unavailable("vdg1 counters unavailable: %s", why);

	dg1dev_vdg1_snapshot(vdg1, &s);
	dg1dev_vdg1_format_counters(&s, line, sizeof(line));
	igt_info("vdg1: %s\n", line);
	dg1dev_vdg1_format_config(&s, line, sizeof(line));
	igt_info("vdg1: %s\n", line);
}

static void audit_close(void)
{
	char path[PATH_MAX + 16];

	igt_dg1_vdg1_close(vdg1);
	vdg1 = NULL;
	if (enabled_here) {
		snprintf(path, sizeof(path), "%s/enable", pci);
		igt_assert_eq(dg1dev_sysfs_write(path, "0"), 0);
		enabled_here = false;
	}
}

static void test_unclaimed(void)
{
	struct vdg1_counters_page s;

	dg1dev_vdg1_snapshot(vdg1, &s);
	igt_assert_f(!s.unclaimed_reads && !s.unclaimed_writes,
		     "%u reads and %u writes of offsets DG1 does not implement, the latest at 0x%x",
		     s.unclaimed_reads, s.unclaimed_writes, s.last_unclaimed);
}

static void test_wake_violations(void)
{
	struct vdg1_counters_page s;

	dg1dev_vdg1_snapshot(vdg1, &s);
	igt_assert_f(!s.wake_violations,
		     "%u accesses to registers of sleeping power domains, the latest at 0x%x (domain %s)",
		     s.wake_violations, s.last_wake_violation,
		     dg1dev_domain_name(dg1dev_domain_of(s.last_wake_violation)));
}

/* Nothing reached a function in D3hot, nor entered it with work left. */
static void test_d3_accesses(void)
{
	struct vdg1_counters_page s;

	dg1dev_vdg1_snapshot(vdg1, &s);
	igt_info("D3hot entries %u, power losses %u\n", s.d3_entries,
		 s.power_losses);
	igt_assert_f(!s.d3_accesses,
		     "%u register or LMEM accesses to the device in D3hot, the latest at %s 0x%x",
		     s.d3_accesses,
		     s.last_d3_access & VDG1_D3_ACCESS_BAR2 ? "BAR2" : "BAR0",
		     s.last_d3_access & ~VDG1_D3_ACCESS_BAR2);
	igt_assert_f(!s.d3_unready_entries,
		     "%u entries into D3hot with an engine busy or a forcewake request set",
		     s.d3_unready_entries);
}

static void test_mcr_terminated(void)
{
	struct vdg1_counters_page s;
	char cfg[256];

	dg1dev_vdg1_snapshot(vdg1, &s);
	dg1dev_vdg1_format_config(&s, cfg, sizeof(cfg));
	igt_assert_f(!s.mcr_terminated,
		     "%u MCR reads or unicast writes steered to fused-off instances, the latest at 0x%x (vdg1: %s)",
		     s.mcr_terminated, s.last_mcr_terminated, cfg);
}

/*
 * vdg1 withholds at most lose_ack_count acks of each domain in
 * lose_ack_domains, and every one must have come back through the
 * fallback: one still withheld means a driver gave up on a domain that
 * would have answered.
 */
static void test_lost_acks_recovered(void)
{
	struct vdg1_counters_page s;
	char names[96];
	uint32_t most;

	dg1dev_vdg1_snapshot(vdg1, &s);
	most = s.lose_ack_count * __builtin_popcount(s.lose_ack_domains);
	igt_info("acks lost %u, recovered by fallback %u (lose-acks %s, first %u each)\n",
		 s.acks_lost, s.acks_recovered_by_fallback,
		 dg1dev_domain_mask_names(s.lose_ack_domains, names,
					  sizeof(names)),
		 s.lose_ack_count);
	igt_assert_f(s.acks_lost <= most,
		     "vdg1 withheld %u acks, configured for at most %u",
		     s.acks_lost, most);
	igt_assert_f(s.acks_recovered_by_fallback == s.acks_lost,
		     "%u of %u withheld acks were recovered by the fallback",
		     s.acks_recovered_by_fallback, s.acks_lost);
}

/*
 * Nothing awake once the driver is gone, allowing for the ack delay of a
 * release still in flight; with the driver bound, also no reference.
 */
static void test_forcewake_released(void)
{
	uint64_t start = dut_now_ns(), waited;
	uint32_t held, awake, requested, ungated;
	char dfs[PATH_MAX], why[512];
	struct dg1dev_fw_stats st;
	int d, err;

	if (dg1dev_pci_bound_to_dg1(pci))
		igt_dg1_require_debugfs(pci, dfs, sizeof(dfs));

	for (;;) {
		held = 0;
		if (dg1dev_pci_bound_to_dg1(pci)) {
			err = dg1dev_fw_stats_read(dfs, &st, why, sizeof(why));
			igt_assert_f(!err, "forcewake_domains: %s", why);
			for (d = 0; d < VDG1_FW_COUNT; d++)
				if ((st.present & DG1DEV_DOMAIN_BIT(d)) &&
				    st.d[d].ref)
					held |= DG1DEV_DOMAIN_BIT(d);
		}
		requested = vdg1->page->held_domains;
		ungated = vdg1->page->ungated_domains;
		awake = vdg1->page->awake_domains & ~ungated;

		waited = (dut_now_ns() - start) / NSEC_PER_MSEC;
		if ((!held && !requested && !awake) ||
		    waited > RELEASE_TIMEOUT_MS)
			break;
		dut_sleep_ms(1);
	}

	igt_assert_f(!held, "forcewake still held %llu ms after the tests: %s",
		     (unsigned long long)waited, dut_domains_str(held));
	igt_assert_f(!requested, "%s still requested %llu ms after %s",
		     dut_domains_str(requested), (unsigned long long)waited,
		     dg1dev_pci_bound_to_dg1(pci) ? "the tests" : "the driver left");
	igt_assert_f(!awake, "%s still awake %llu ms after %s",
		     dut_domains_str(awake), (unsigned long long)waited,
		     dg1dev_pci_bound_to_dg1(pci) ? "the tests" : "the driver left");
}

igt_main
{
	igt_fixture
		audit_open();

	igt_subtest("unclaimed-accesses")
		test_unclaimed();

	igt_subtest("wake-violations")
		test_wake_violations();

	igt_subtest("d3-accesses")
		test_d3_accesses();

	igt_subtest("mcr-terminated")
		test_mcr_terminated();

	igt_subtest("lost-acks-recovered")
		test_lost_acks_recovered();

	igt_subtest("forcewake-released")
		test_forcewake_released();

	igt_fixture
		audit_close();
}
