// SPDX-License-Identifier: GPL-2.0
/*
 * igt_dg1_dut.c - the device under test of the uncore tests.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "igt_dg1.h"
#include "igt_dg1_dut.h"

struct igt_dg1_dut dut = { .fd = -1 };

static struct vdg1_counters_page clean_snap;
static bool clean_armed;

/*
 * On vdg1 the engines are what its fuses leave, not what the driver under
 * test says; elsewhere only the driver can tell.
 */
static void dut_load_engines(void)
{
	struct drm_dg1_query_engines *q;
	uint32_t size, fuse;
	unsigned int i;

	if (dut.vdg1) {
		fuse = dut.vdg1->page->fuse_vebox_vdbox_disable;
		dut.num_engines = dg1dev_fused_engines(fuse, dut.engines);
		igt_debug("vdg1's media fuse 0x%08x leaves %u engines\n", fuse,
			  dut.num_engines);
		return;
	}

	q = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_ENGINES, &size);
	igt_assert_lte(sizeof(*q) + q->num_engines * sizeof(q->engines[0]),
		       size);
	igt_assert_f(q->num_engines <= DG1DEV_MAX_ENGINES,
		     "the driver lists %u engines; a DG1 has at most %u",
		     q->num_engines, DG1DEV_MAX_ENGINES);
	for (i = 0; i < q->num_engines; i++)
		dut.engines[i] = q->engines[i];
	dut.num_engines = q->num_engines;
	free(q);
}

void dut_open(void)
{
	char line[512];
	int err;

	dut.fd = igt_dg1_open_render();
	err = dg1dev_pci_path(dut.fd, dut.pci, sizeof(dut.pci));
	if (err) {
		/* Only the vdg1 and debugfs halves need it. */
		igt_assert_f(!igt_dg1_expect_vdg1(),
			     "%s=1, but the dg1 node has no sysfs PCI device: %s",
			     DG1_EXPECT_VDG1_ENV, strerror(-err));
		dut.pci[0] = '\0';
		snprintf(dut.vdg1_why, sizeof(dut.vdg1_why),
			 "no sysfs PCI device for the dg1 node: %s",
			 strerror(-err));
		snprintf(dut.dfs_why, sizeof(dut.dfs_why), "%s",
			 dut.vdg1_why);
	} else {
		dut.vdg1 = igt_dg1_vdg1_probe(dut.pci, dut.vdg1_why,
					      sizeof(dut.vdg1_why));
		if (dg1dev_debugfs_dir(dut.pci, dut.dfs, sizeof(dut.dfs),
				       dut.dfs_why, sizeof(dut.dfs_why))) {
			/* The VM runs the tests as root with debugfs. */
			igt_assert_f(!igt_dg1_expect_vdg1(),
				     "%s=1, but no dg1 debugfs: %s",
				     DG1_EXPECT_VDG1_ENV, dut.dfs_why);
			dut.dfs[0] = '\0';
		}
	}
	errno = 0;

	dut_load_engines();

	if (dut.vdg1) {
		struct vdg1_counters_page s;

		dg1dev_vdg1_snapshot(dut.vdg1, &s);
		dg1dev_vdg1_format_config(&s, line, sizeof(line));
		igt_info("vdg1: %s\n", line);
	}
}

void dut_close(void)
{
	dut.num_engines = 0;
	igt_dg1_vdg1_close(dut.vdg1);
	dut.vdg1 = NULL;
	if (dut.fd >= 0)
		close(dut.fd);
	dut.fd = -1;
}

uint64_t dut_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

void dut_sleep_ms(unsigned int ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000,
		.tv_nsec = (ms % 1000) * NSEC_PER_MSEC,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	errno = 0;
}

int dut_wait_render_node(unsigned int ms, const char *after)
{
	uint64_t start = dut_now_ns();
	char node[PATH_MAX];
	int fd;

	while ((fd = dg1dev_open_render(NULL, node, sizeof(node))) < 0 &&
	       dut_now_ns() - start < ms * NSEC_PER_MSEC)
		dut_sleep_ms(10);
	igt_assert_f(fd >= 0, "no dg1 render node %u ms after %s: %s", ms,
		     after, strerror(-fd));
	return fd;
}

const char *dut_engine_str(const struct drm_dg1_engine_class_instance *e)
{
	static char buf[4][32];
	static unsigned int i;

	i = (i + 1) % ARRAY_SIZE(buf);
	return dg1dev_engine_name(e, buf[i], sizeof(buf[i]));
}

const char *dut_domains_str(uint32_t mask)
{
	static char buf[4][96];
	static unsigned int i;

	i = (i + 1) % ARRAY_SIZE(buf);
	return dg1dev_domain_mask_names(mask, buf[i], sizeof(buf[i]));
}

void dut_require_vdg1(void)
{
	igt_dg1_require_f(dut.vdg1, "vdg1 counters unavailable: %s",
			  dut.vdg1_why);
}

void dut_require_debugfs(void)
{
	igt_dg1_require_f(dut.dfs[0], "no dg1 debugfs: %s", dut.dfs_why);
}

/*
 * What holds a domain up: a forcewake request or ack, a running engine, its
 * idle hysteresis. Not a well that nothing lets gate (pg-follows-driver
 * with RC6 and power gating off, as dg1 leaves them at unbind): that is
 * the part's configuration, not something the driver still holds.
 */
uint32_t dut_awake(void)
{
	const volatile struct vdg1_counters_page *p = dut.vdg1->page;

	return (p->awake_domains & ~p->ungated_domains) | p->held_domains;
}

uint32_t dut_transitions(int d)
{
	return dut.vdg1->page->wake_transitions[d];
}

uint32_t dut_never_ack(void)
{
	return dut.vdg1 ? dut.vdg1->page->never_ack_domains : 0;
}

uint32_t dut_lose_ack(void)
{
	return dut.vdg1 ? dut.vdg1->page->lose_ack_domains : 0;
}

uint32_t dut_engine_domains(void)
{
	return dg1dev_engines_domains(dut.engines, dut.num_engines);
}

const struct drm_dg1_engine_class_instance *
dut_find_engine(const struct drm_dg1_engine_class_instance *want)
{
	unsigned int i;

	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == want->engine_class &&
		    dut.engines[i].engine_instance == want->engine_instance)
			return &dut.engines[i];

	return NULL;
}

const struct drm_dg1_engine_class_instance *
dut_engine_in_domains(uint32_t mask, bool in)
{
	unsigned int i;

	for (i = 0; i < dut.num_engines; i++) {
		int d = dg1dev_engine_domain(&dut.engines[i]);
		bool hit = d != DG1DEV_NO_DOMAIN &&
			   (mask & DG1DEV_DOMAIN_BIT(d));

		if (hit == in)
			return &dut.engines[i];
	}

	return NULL;
}

void dut_require_forcewake_user(void)
{
	dut_require_debugfs();
	igt_require_f(!dut_never_ack(),
		      "vdg1 never acks %s, so forcewake_user cannot hold every domain",
		      dut_domains_str(dut_never_ack()));
}

int dut_open_forcewake_user(void)
{
	int f = dg1dev_debugfs_open(dut.dfs, "forcewake_user", O_RDONLY);

	igt_assert_f(f >= 0, "cannot open %s/forcewake_user: %s", dut.dfs,
		     strerror(-f));
	return f;
}

void dut_fw_stats(struct dg1dev_fw_stats *s)
{
	char why[512];
	int err;

	err = dg1dev_fw_stats_read(dut.dfs, s, why, sizeof(why));
	igt_assert_f(!err, "forcewake_domains: %s", why);
}

int dut_wait_asleep(uint32_t mask, unsigned int timeout_ms)
{
	uint64_t start = dut_now_ns();

	for (;;) {
		uint64_t waited = dut_now_ns() - start;

		if (!(dut_awake() & mask))
			return waited / NSEC_PER_MSEC;
		if (waited > timeout_ms * NSEC_PER_MSEC)
			return -1;
		dut_sleep_ms(1);
	}
}

void dut_assert_asleep(uint32_t mask, const char *after)
{
	int ms = dut_wait_asleep(mask, RELEASE_TIMEOUT_MS);

	igt_assert_f(ms >= 0, "%s still awake %u ms %s (awake: %s)",
		     dut_domains_str(dut_awake() & mask), RELEASE_TIMEOUT_MS,
		     after, dut_domains_str(dut_awake()));
	igt_debug("%s asleep %d ms %s\n", dut_domains_str(mask), ms, after);
}

/* Poll until forcewake_domains shows no holder: ms it took, or -1. */
static int wait_unreferenced(struct dg1dev_fw_stats *s,
			     unsigned int timeout_ms)
{
	uint64_t start = dut_now_ns();
	int d;

	for (;;) {
		uint64_t waited = dut_now_ns() - start;
		bool held = false;

		dut_fw_stats(s);
		for (d = 0; d < VDG1_FW_COUNT; d++)
			held |= (s->present & DG1DEV_DOMAIN_BIT(d)) &&
				s->d[d].ref;
		if (!held)
			return waited / NSEC_PER_MSEC;
		if (waited > timeout_ms * NSEC_PER_MSEC)
			return -1;
		dut_sleep_ms(1);
	}
}

void dut_assert_unreferenced(const char *after)
{
	struct dg1dev_fw_stats s;
	int d;

	if (wait_unreferenced(&s, RELEASE_TIMEOUT_MS) >= 0)
		return;
	for (d = 0; d < VDG1_FW_COUNT; d++)
		if ((s.present & DG1DEV_DOMAIN_BIT(d)) && s.d[d].ref)
			igt_info("%s: ref %u\n", dg1dev_domain_name(d),
				 s.d[d].ref);
	igt_fail_f("forcewake references still held %u ms %s",
		   RELEASE_TIMEOUT_MS, after);
}

/*
 * A release window opening at @open: no query starts after it and ends
 * inside it, and one ends after it. (A window opening at a put between two
 * starts holds no more whole queries than one opening at the first of
 * them, so the windows opening at starts, or where the last one closed,
 * are the ones to try.)
 */
static bool window_fits(const struct dut_span *q, unsigned int n,
			uint64_t open)
{
	uint64_t close = open + DUT_RELEASE_DELAY_NS;
	bool rewoken = false;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (q[i].start > open && q[i].end < close)
			return false;
		rewoken |= q[i].end >= close;
	}
	return rewoken;
}

unsigned int dut_possible_rewakes(const struct dut_span *q, unsigned int n)
{
	uint64_t from = UINT64_MAX, open, close;
	unsigned int i, count = 0;

	/* A release follows a put, which follows the first get. */
	for (i = 0; i < n; i++)
		if (q[i].start < from)
			from = q[i].start;

	/* Earliest window first: the most disjoint ones (interval scheduling). */
	for (;;) {
		open = window_fits(q, n, from) ? from : UINT64_MAX;
		for (i = 0; i < n && open != from; i++)
			if (q[i].start >= from && q[i].start < open &&
			    window_fits(q, n, q[i].start))
				open = q[i].start;
		if (open == UINT64_MAX)
			return count;
		count++;
		/*
		 * The next release follows a put after the get that woke the
		 * domain again: in a query ending after this window, and not
		 * before that query started.
		 */
		close = open + DUT_RELEASE_DELAY_NS;
		from = UINT64_MAX;
		for (i = 0; i < n; i++)
			if (q[i].end >= close) {
				uint64_t get = q[i].start > close ?
					       q[i].start : close;

				if (get < from)
					from = get;
			}
	}
}

int dut_cycles(const struct drm_dg1_engine_class_instance *e, int clockid,
	       struct drm_dg1_query_engine_cycles *out)
{
	int err = dg1dev_engine_cycles(dut.fd, e, clockid, out);

	errno = 0;
	return err;
}

void dut_cycles_ok(const struct drm_dg1_engine_class_instance *e,
		   int clockid, struct drm_dg1_query_engine_cycles *out)
{
	int err = dut_cycles(e, clockid, out);

	igt_assert_f(!err, "ENGINE_CYCLES on %s, clock %d: %s",
		     dut_engine_str(e), clockid, strerror(-err));
}

static uint64_t width_mask(uint32_t width)
{
	return width >= 64 ? UINT64_MAX : (1ull << width) - 1;
}

void dut_check_cycles_answer(const struct drm_dg1_engine_class_instance *e,
			     int clockid,
			     const struct drm_dg1_query_engine_cycles *c)
{
	const char *name = dut_engine_str(e);
	unsigned int i;

	igt_assert_f(c->eci.engine_class == e->engine_class &&
		     c->eci.engine_instance == e->engine_instance &&
		     !c->eci.pad && c->clockid == clockid,
		     "%s: the input came back changed", name);
	for (i = 0; i < ARRAY_SIZE(c->reserved); i++)
		igt_assert_eq_u64(c->reserved[i], 0);

	igt_assert_f(c->width >= 1 && c->width <= 64, "%s: width %u", name,
		     c->width);
	igt_assert_f(!(c->engine_cycles & ~width_mask(c->width)),
		     "%s: cycles 0x%llx wider than %u bits", name,
		     (unsigned long long)c->engine_cycles, c->width);
	igt_assert_f(c->engine_frequency > 0, "%s: frequency 0", name);
	if (dut.vdg1)
		igt_assert_f(c->engine_frequency == VDG1_CS_FREQUENCY,
			     "%s: frequency %llu Hz, vdg1 runs at %llu", name,
			     (unsigned long long)c->engine_frequency,
			     VDG1_CS_FREQUENCY);
	else
		igt_assert_f(c->engine_frequency >= 1000000 &&
			     c->engine_frequency <= 1000000000,
			     "%s: frequency %llu Hz is no CS timestamp's", name,
			     (unsigned long long)c->engine_frequency);
	igt_assert_f(c->cpu_delta < NSEC_PER_SEC, "%s: cpu_delta %llu ns",
		     name, (unsigned long long)c->cpu_delta);
}

void dut_clean_begin(void)
{
	clean_armed = dut.vdg1;
	if (clean_armed)
		dg1dev_vdg1_snapshot(dut.vdg1, &clean_snap);
}

static int dut_sys_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	n = n < 0 ? -errno : 0;
	close(fd);
	return (int)n;
}

static bool dut_sys_has(const char *path, const char *word)
{
	char buf[256] = "";
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 && strstr(buf, word);
}

void dut_hold_d0(bool hold)
{
	char path[PATH_MAX + 32];

	if (!dut.pci[0])
		return;
	snprintf(path, sizeof(path), "%s/power/control", dut.pci);
	igt_assert_f(!dut_sys_write(path, hold ? "on" : "auto"),
		     "cannot write %s", path);
}

void dut_require_system_sleep(bool deep)
{
	const char *mode = deep ? "suspend to RAM" : "hibernation's pm_test core";

	if (!dut_sys_has(deep ? "/sys/power/mem_sleep" : "/sys/power/pm_test",
			 deep ? "deep" : "core")) {
		igt_assert_f(!dut.vdg1, "the test VM offers no %s", mode);
		igt_skip("no %s on this machine\n", mode);
	}
}

int dut_system_sleep(bool deep)
{
	int ret;

	dut_require_system_sleep(deep);
	if (deep) {
		igt_assert_eq(dut_sys_write("/sys/power/mem_sleep", "deep"), 0);
		igt_assert_eq(dut_sys_write("/sys/class/rtc/rtc0/wakealarm", "0"), 0);
		/*
		 * Far enough that the alarm cannot fire before the machine is
		 * in S3 (it would then sleep on): the debug kernel under TCG
		 * takes seconds to get there.
		 */
		igt_assert_eq(dut_sys_write("/sys/class/rtc/rtc0/wakealarm", "+20"), 0);
		return dut_sys_write("/sys/power/state", "mem");
	}
	igt_assert_eq(dut_sys_write("/sys/power/pm_test", "core"), 0);
	ret = dut_sys_write("/sys/power/state", "disk");
	dut_sys_write("/sys/power/pm_test", "none");
	return ret;
}

void dut_clean_end(void)
{
	struct vdg1_counters_page s;

	if (!clean_armed)
		return;
	clean_armed = false;
	dg1dev_vdg1_snapshot(dut.vdg1, &s);
	igt_assert_f(s.wake_violations == clean_snap.wake_violations,
		     "%u new accesses to sleeping domains, latest at 0x%x",
		     s.wake_violations - clean_snap.wake_violations,
		     s.last_wake_violation);
	igt_assert_f(s.mcr_terminated == clean_snap.mcr_terminated,
		     "%u new MCR accesses to fused-off instances, latest at 0x%x",
		     s.mcr_terminated - clean_snap.mcr_terminated,
		     s.last_mcr_terminated);
	igt_assert_f(s.unclaimed_reads == clean_snap.unclaimed_reads &&
		     s.unclaimed_writes == clean_snap.unclaimed_writes,
		     "%u new unclaimed reads, %u writes, latest at 0x%x",
		     s.unclaimed_reads - clean_snap.unclaimed_reads,
		     s.unclaimed_writes - clean_snap.unclaimed_writes,
		     s.last_unclaimed);
	igt_assert_f(s.protocol_violations == clean_snap.protocol_violations,
		     "%u new protocol violations, latest of kind %u",
		     s.protocol_violations - clean_snap.protocol_violations,
		     s.last_protocol_violation);
	igt_assert_f(s.d3_accesses == clean_snap.d3_accesses,
		     "%u new accesses to the device in D3hot, latest at %s 0x%x",
		     s.d3_accesses - clean_snap.d3_accesses,
		     s.last_d3_access & VDG1_D3_ACCESS_BAR2 ? "BAR2" : "BAR0",
		     s.last_d3_access & ~VDG1_D3_ACCESS_BAR2);
	igt_assert_f(s.d3_unready_entries == clean_snap.d3_unready_entries,
		     "%u new entries into D3hot with an engine busy or forcewake requested",
		     s.d3_unready_entries - clean_snap.d3_unready_entries);
}
