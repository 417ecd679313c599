// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_uncore - forcewake, the engine timestamp query, the GT topology and
 * the workarounds, seen from userspace.
 *
 * Forcewake is watched from both sides: the driver's debugfs
 * (forcewake_domains: per domain "ref", "wakes", "gets", "errors"; holding
 * forcewake_user open holds every domain) and, on vdg1, the counters page
 * (which domains are awake right now, sleep-to-awake transitions per
 * domain, accesses to sleeping domains). On a real DG1 the vdg1 halves skip
 * or are left out, saying why.
 *
 * vdg1 can be configured with fused-off DSS/L3 banks and with a domain that
 * never acknowledges; the counters page says which, and the subtests expect
 * what that configuration implies: the never-acking domain's operations
 * fail with ETIMEDOUT and a log line, everything else keeps working.
 *
 * Every subtest also checks, on vdg1, that it made no access to a sleeping
 * domain, no MCR access to a fused-off instance and no unclaimed access;
 * dg1_audit checks the totals of the whole run at the end.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"
#include "vdg1_counters.h"

#define NSEC_PER_MSEC		1000000ull
#define NSEC_PER_SEC		1000000000ull

/* The driver releases a domain ~1 ms after its last put; allow for TCG. */
#define RELEASE_TIMEOUT_MS	200
/* How long a held domain must stay awake, and a put one asleep. */
#define HOLD_MS			20

/* vdg1's CS timestamp: the 19.2 MHz crystal (HARDWARE.md §10.9). */
#define VDG1_CS_FREQUENCY	19200000ull

#define BACK_TO_BACK		10

#define ENGINE(class, instance) \
	((struct drm_dg1_engine_class_instance){ \
		.engine_class = DRM_DG1_ENGINE_CLASS_##class, \
		.engine_instance = (instance) })

/* File scope: shared by blocks, so it must survive their longjmps. */
static int fd = -1;
static struct vdg1_counters *vdg1;	/* NULL when not on vdg1 */
static char vdg1_why[256];
static char dfs[PATH_MAX];		/* "" without debugfs */
static char dfs_why[512];
static struct drm_dg1_query_engines *engines;

static struct vdg1_snapshot clean_snap;
static bool clean_armed;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000,
		.tv_nsec = (ms % 1000) * NSEC_PER_MSEC,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	errno = 0;
}

static const char *ename(const struct drm_dg1_engine_class_instance *e)
{
	static char buf[4][32];
	static unsigned int i;

	i = (i + 1) % ARRAY_SIZE(buf);
	return dg1dev_engine_name(e, buf[i], sizeof(buf[i]));
}

static const char *mask_names(uint32_t mask)
{
	static char buf[4][96];
	static unsigned int i;

	i = (i + 1) % ARRAY_SIZE(buf);
	return dg1dev_domain_mask_names(mask, buf[i], sizeof(buf[i]));
}

/* vdg1 with the version-2 forcewake state, or NULL. */
static bool have_vdg1_v2(void)
{
	return vdg1 && vdg1_counter(vdg1, VDG1_COUNTERS_VERSION) >= 2;
}

static void require_vdg1(void)
{
	igt_require_f(vdg1, "vdg1 counters unavailable: %s", vdg1_why);
	igt_require_f(have_vdg1_v2(),
		      "vdg1 counters page version %u has no forcewake state (needs 2)",
		      vdg1_counter(vdg1, VDG1_COUNTERS_VERSION));
}

static void require_debugfs(void)
{
	igt_require_f(dfs[0], "no dg1 debugfs: %s", dfs_why);
}

static uint32_t awake_mask(void)
{
	return vdg1_counter(vdg1, VDG1_COUNTERS_AWAKE_DOMAINS);
}

static uint32_t transitions(int d)
{
	return vdg1_counter(vdg1, VDG1_COUNTERS_WAKE_TRANSITIONS(d));
}

/* Domains vdg1 was told never to acknowledge; 0 on hardware. */
static uint32_t never_ack_mask(void)
{
	return have_vdg1_v2() ?
	       vdg1_counter(vdg1, VDG1_COUNTERS_NEVER_ACK_DOMAINS) : 0;
}

/* GT and RENDER always, and the domain of every engine the fuses left. */
static uint32_t engines_fw_mask(void)
{
	uint32_t mask = DG1DEV_DOMAIN_BIT(VDG1_FW_GT) | DG1DEV_DOMAIN_BIT(VDG1_FW_RENDER);
	unsigned int i;

	for (i = 0; i < engines->num_engines; i++) {
		int d = dg1dev_engine_domain(&engines->engines[i]);

		if (d != DG1DEV_NO_DOMAIN)
			mask |= DG1DEV_DOMAIN_BIT(d);
	}

	return mask;
}

static const struct drm_dg1_engine_class_instance *
find_engine(const struct drm_dg1_engine_class_instance *want)
{
	unsigned int i;

	for (i = 0; i < engines->num_engines; i++)
		if (engines->engines[i].engine_class == want->engine_class &&
		    engines->engines[i].engine_instance == want->engine_instance)
			return &engines->engines[i];

	return NULL;
}

/* The first engine whose domain is (@in) or is not (!@in) in @mask. */
static const struct drm_dg1_engine_class_instance *
engine_in_domains(uint32_t mask, bool in)
{
	unsigned int i;

	for (i = 0; i < engines->num_engines; i++) {
		int d = dg1dev_engine_domain(&engines->engines[i]);
		bool hit = d != DG1DEV_NO_DOMAIN && (mask & DG1DEV_DOMAIN_BIT(d));

		if (hit == in)
			return &engines->engines[i];
	}

	return NULL;
}

static void read_fw_stats(struct dg1dev_fw_stats *s)
{
	char why[512];
	int err;

	err = dg1dev_fw_stats_read(dfs, s, why, sizeof(why));
	igt_assert_f(!err, "forcewake_domains: %s", why);
}

/* Poll until no domain of @mask is awake: ms it took, or -1 on timeout. */
static int wait_asleep(uint32_t mask, unsigned int timeout_ms)
{
	uint64_t start = now_ns();

	for (;;) {
		uint64_t waited = now_ns() - start;

		if (!(awake_mask() & mask))
			return waited / NSEC_PER_MSEC;
		if (waited > timeout_ms * NSEC_PER_MSEC)
			return -1;
		sleep_ms(1);
	}
}

static void assert_asleep(uint32_t mask, const char *after)
{
	int ms = wait_asleep(mask, RELEASE_TIMEOUT_MS);

	igt_assert_f(ms >= 0,
		     "%s still awake %u ms %s (awake: %s)",
		     mask_names(awake_mask() & mask), RELEASE_TIMEOUT_MS,
		     after, mask_names(awake_mask()));
	igt_debug("%s asleep %d ms %s\n", mask_names(mask), ms, after);
}

/* Poll until forcewake_domains shows no holder: ms it took, or -1. */
static int wait_unreferenced(struct dg1dev_fw_stats *s, unsigned int timeout_ms)
{
	uint64_t start = now_ns();
	int d;

	for (;;) {
		uint64_t waited = now_ns() - start;
		bool held = false;

		read_fw_stats(s);
		for (d = 0; d < VDG1_FW_COUNT; d++)
			held |= (s->present & DG1DEV_DOMAIN_BIT(d)) && s->d[d].ref;
		if (!held)
			return waited / NSEC_PER_MSEC;
		if (waited > timeout_ms * NSEC_PER_MSEC)
			return -1;
		sleep_ms(1);
	}
}

static void assert_unreferenced(const char *after)
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

static int cycles(const struct drm_dg1_engine_class_instance *e, int clockid,
		  struct drm_dg1_query_engine_cycles *out)
{
	int err = dg1dev_engine_cycles(fd, e, clockid, out);

	errno = 0;
	return err;
}

static void cycles_ok(const struct drm_dg1_engine_class_instance *e,
		      int clockid, struct drm_dg1_query_engine_cycles *out)
{
	int err = cycles(e, clockid, out);

	igt_assert_f(!err, "ENGINE_CYCLES on %s, clock %d: %s", ename(e),
		     clockid, strerror(-err));
}

/*
 * Around every subtest on vdg1: it must not have touched a sleeping domain,
 * a fused-off MCR instance or an unimplemented register.
 */
static void clean_begin(void)
{
	clean_armed = vdg1;
	if (clean_armed)
		vdg1_counters_snapshot(vdg1, &clean_snap);
}

static void clean_end(void)
{
	struct vdg1_snapshot s;

	if (!clean_armed)
		return;
	clean_armed = false;
	vdg1_counters_snapshot(vdg1, &s);
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
}

#define uncore_subtest(name, fn) \
	igt_subtest(name) { \
		clean_begin(); \
		fn(); \
		clean_end(); \
	}

static bool printable(const char *text, size_t len)
{
	size_t i;

	if (strlen(text) != len)
		return false;
	for (i = 0; i < len; i++)
		if ((text[i] < 0x20 || text[i] > 0x7e) && text[i] != '\n' &&
		    text[i] != '\t')
			return false;

	return true;
}

static void test_debugfs_readable(void)
{
	static const char * const ours[] = {
		"forcewake_domains", "gt_topology", "gt_steering",
		"workarounds",
	};
	unsigned int i, read_ok = 0;
	struct dirent **list;
	int n;

	require_debugfs();

	for (i = 0; i < ARRAY_SIZE(ours); i++) {
		char *text = NULL;
		ssize_t len = dg1dev_debugfs_read(dfs, ours[i], &text);

		igt_assert_f(len >= 0, "cannot read %s/%s: %s", dfs, ours[i],
			     strerror(-len));
		igt_assert_f(len > 0, "%s/%s is empty", dfs, ours[i]);
		igt_assert_f(printable(text, len),
			     "%s/%s holds a NUL or non-printable byte", dfs,
			     ours[i]);
		igt_debug("--- %s\n%s", ours[i], text);
		free(text);
	}

	/*
	 * Everything else readable reads without error. forcewake_user is
	 * left out: opening it wakes every domain, and fails where one
	 * never acks.
	 */
	n = scandir(dfs, &list, NULL, alphasort);
	igt_assert_f(n >= 0, "cannot list %s", dfs);
	for (i = 0; i < (unsigned int)n; i++) {
		const char *name = list[i]->d_name;
		char path[PATH_MAX + 256], *text = NULL;
		struct stat st;
		ssize_t len;

		snprintf(path, sizeof(path), "%s/%s", dfs, name);
		if (name[0] == '.' || !strcmp(name, "forcewake_user") ||
		    stat(path, &st) || !S_ISREG(st.st_mode) ||
		    !(st.st_mode & S_IRUSR))
			continue;
		len = dg1dev_debugfs_read(dfs, name, &text);
		igt_assert_f(len >= 0, "cannot read %s: %s", path,
			     strerror(-len));
		free(text);
		read_ok++;
	}
	for (i = 0; i < (unsigned int)n; i++)
		free(list[i]);
	free(list);
	errno = 0;
	igt_info("%s: %u files read\n", dfs, read_ok);
}

static void test_forcewake_domains_format(void)
{
	struct dg1dev_fw_stats s, again;
	uint32_t want = engines_fw_mask(), never = never_ack_mask();
	int d;

	require_debugfs();
	read_fw_stats(&s);

	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (s.present & DG1DEV_DOMAIN_BIT(d))
			igt_debug("%s: ref %u wakes %llu gets %llu errors %u\n",
				  dg1dev_domain_name(d), s.d[d].ref,
				  s.d[d].wakes, s.d[d].gets, s.d[d].errors);

	/* One line per domain of an engine the fuses left, GT and RENDER. */
	igt_assert_f(s.present == want,
		     "forcewake_domains lists %s; the engines need %s",
		     mask_names(s.present), mask_names(want));

	for (d = 0; d < VDG1_FW_COUNT; d++) {
		if (!(s.present & DG1DEV_DOMAIN_BIT(d)))
			continue;
		/* Every wake comes from a get. */
		igt_assert_f(s.d[d].wakes <= s.d[d].gets,
			     "%s: %llu wakes but only %llu gets",
			     dg1dev_domain_name(d), s.d[d].wakes, s.d[d].gets);
		/* vdg1 acks every domain but the ones told not to. */
		if (have_vdg1_v2() && !(never & DG1DEV_DOMAIN_BIT(d)))
			igt_assert_f(!s.d[d].errors,
				     "%s: %u ack timeouts, but vdg1 acks it",
				     dg1dev_domain_name(d), s.d[d].errors);
	}

	/* Counters never go back. */
	read_fw_stats(&again);
	igt_assert_eq_u32(again.present, s.present);
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		igt_assert_lte_u64(s.d[d].wakes, again.d[d].wakes);
		igt_assert_lte_u64(s.d[d].gets, again.d[d].gets);
		igt_assert_lte(s.d[d].errors, again.d[d].errors);
	}
}

static void require_forcewake_user(void)
{
	require_debugfs();
	igt_require_f(!never_ack_mask(),
		      "vdg1 never acks %s, so forcewake_user cannot hold every domain (never-ack-fails-cleanly covers that)",
		      mask_names(never_ack_mask()));
}

static int open_forcewake_user(void)
{
	int f = dg1dev_debugfs_open(dfs, "forcewake_user", O_RDONLY);

	igt_assert_f(f >= 0, "cannot open %s/forcewake_user: %s", dfs,
		     strerror(-f));
	return f;
}

static void assert_refs_at_least(uint32_t mask, unsigned int min)
{
	struct dg1dev_fw_stats s;
	int d;

	read_fw_stats(&s);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (mask & DG1DEV_DOMAIN_BIT(d))
			igt_assert_f(s.d[d].ref >= min,
				     "%s: ref %u with forcewake_user open %u times",
				     dg1dev_domain_name(d), s.d[d].ref, min);
}

/* Every domain of @mask awake, and none woken again since @before. */
static void assert_held(uint32_t mask, const struct vdg1_snapshot *before,
			const char *when)
{
	struct vdg1_snapshot now;
	int d;

	if (!have_vdg1_v2())
		return;
	vdg1_counters_snapshot(vdg1, &now);
	igt_assert_f((now.awake_domains & mask) == mask,
		     "%s: %s asleep while forcewake_user is open",
		     when, mask_names(mask & ~now.awake_domains));
	for (d = 0; d < VDG1_FW_COUNT; d++)
		igt_assert_f(now.wake_transitions[d] ==
			     before->wake_transitions[d],
			     "%s: %s slept and woke again %u times while held",
			     when, dg1dev_domain_name(d),
			     now.wake_transitions[d] -
			     before->wake_transitions[d]);
}

static void test_forcewake_user_holds_all(void)
{
	struct vdg1_snapshot held;
	struct dg1dev_fw_stats s;
	uint32_t present;
	int f;

	require_forcewake_user();
	read_fw_stats(&s);
	present = s.present;
	if (!have_vdg1_v2())
		igt_info("Only checking the driver's side: %s\n",
			 vdg1 ? "vdg1 counters page older than version 2" :
			 vdg1_why);

	f = open_forcewake_user();
	assert_refs_at_least(present, 1);
	if (have_vdg1_v2())
		vdg1_counters_snapshot(vdg1, &held);
	assert_held(present, &held, "just after open");

	/* Well past the release delay: nothing may let go. */
	sleep_ms(HOLD_MS);
	assert_held(present, &held, "20 ms after open");
	assert_refs_at_least(present, 1);

	close(f);
	if (have_vdg1_v2()) {
		sleep_ms(HOLD_MS);
		assert_asleep(present, "after forcewake_user was closed");
	}
	assert_unreferenced("after forcewake_user was closed");
}

static void test_forcewake_user_nested(void)
{
	struct vdg1_snapshot held;
	struct dg1dev_fw_stats s;
	uint32_t present;
	int f1, f2;

	require_forcewake_user();
	read_fw_stats(&s);
	present = s.present;

	f1 = open_forcewake_user();
	f2 = open_forcewake_user();
	assert_refs_at_least(present, 2);
	if (have_vdg1_v2())
		vdg1_counters_snapshot(vdg1, &held);

	/* The second holder keeps everything awake alone. */
	close(f1);
	sleep_ms(HOLD_MS);
	assert_held(present, &held, "20 ms after closing the first of two");
	assert_refs_at_least(present, 1);

	close(f2);
	if (have_vdg1_v2())
		assert_asleep(present, "after both were closed");
	assert_unreferenced("after both were closed");
}

/*
 * Back-to-back accesses to one domain: the delayed release keeps it awake
 * in between, so it wakes once, not once per access.
 */
static void test_delayed_release(void)
{
	const struct drm_dg1_engine_class_instance *rcs0 =
		find_engine(&ENGINE(RENDER, 0));
	unsigned long long best = ULLONG_MAX;
	struct drm_dg1_query_engine_cycles c;
	struct dg1dev_fw_stats s0, s1;
	unsigned int attempt, i;
	int d;

	igt_require_f(rcs0, "no rcs0");
	d = dg1dev_engine_domain(rcs0);
	igt_require_f(!(never_ack_mask() & DG1DEV_DOMAIN_BIT(d)),
		      "vdg1 never acks %s", dg1dev_domain_name(d));
	igt_require_f(have_vdg1_v2() || dfs[0],
		      "neither vdg1 counters (%s) nor debugfs (%s) to count wakes",
		      vdg1_why, dfs_why);

	/* A preempted guest can miss the 1 ms window: best of three. */
	for (attempt = 0; attempt < 3 && best > 1; attempt++) {
		unsigned long long woke = 0, wakes = 0, gets = 0;
		uint32_t t0 = 0;

		if (have_vdg1_v2())
			assert_asleep(DG1DEV_DOMAIN_BIT(d), "before the queries");
		else
			sleep_ms(HOLD_MS);
		if (dfs[0])
			read_fw_stats(&s0);
		if (have_vdg1_v2())
			t0 = transitions(d);

		for (i = 0; i < BACK_TO_BACK; i++)
			cycles_ok(rcs0, CLOCK_MONOTONIC, &c);

		if (have_vdg1_v2())
			woke = transitions(d) - t0;
		if (dfs[0]) {
			read_fw_stats(&s1);
			wakes = s1.d[d].wakes - s0.d[d].wakes;
			gets = s1.d[d].gets - s0.d[d].gets;
			/* Each query must hold the domain for its read. */
			igt_assert_f(gets >= BACK_TO_BACK,
				     "%u queries on rcs0 took %s only %llu times",
				     BACK_TO_BACK, dg1dev_domain_name(d), gets);
		}
		if (!have_vdg1_v2())
			woke = wakes;

		igt_info("attempt %u: %u back-to-back queries on rcs0: %s woke %llu times (driver: %llu wakes, %llu gets)\n",
			 attempt + 1, BACK_TO_BACK, dg1dev_domain_name(d),
			 woke, wakes, gets);
		/* It was asleep: the first query has to wake it. */
		if (have_vdg1_v2())
			igt_assert_f(woke >= 1,
				     "%s was asleep, yet %u queries did not wake it",
				     dg1dev_domain_name(d), BACK_TO_BACK);
		if (woke < best)
			best = woke;
	}

	igt_assert_f(best <= 1,
		     "%s woke %llu times for %u back-to-back queries (best of 3): no delayed release?",
		     dg1dev_domain_name(d), best, BACK_TO_BACK);

	/* ...and is released once they stop. */
	if (have_vdg1_v2())
		assert_asleep(DG1DEV_DOMAIN_BIT(d), "after the last query");
}

/* The driver counts exactly the wakes vdg1 sees. */
static void test_driver_wakes_match_vdg1(void)
{
	struct vdg1_snapshot v0, v1;
	struct dg1dev_fw_stats s0, s1;
	uint32_t mask, used = 0;
	unsigned int round, i;
	int d;

	require_vdg1();
	require_debugfs();
	read_fw_stats(&s0);
	mask = s0.present & ~never_ack_mask();

	assert_asleep(mask, "before starting");
	read_fw_stats(&s0);
	vdg1_counters_snapshot(vdg1, &v0);

	for (round = 0; round < 3; round++) {
		for (i = 0; i < engines->num_engines; i++) {
			const struct drm_dg1_engine_class_instance *e =
				&engines->engines[i];
			struct drm_dg1_query_engine_cycles c;

			d = dg1dev_engine_domain(e);
			if (d == DG1DEV_NO_DOMAIN || !(mask & DG1DEV_DOMAIN_BIT(d)))
				continue;
			cycles_ok(e, CLOCK_MONOTONIC, &c);
			used |= DG1DEV_DOMAIN_BIT(d);
		}
		/* Let everything go to sleep: the next round wakes it again. */
		assert_asleep(mask, "between rounds");
	}

	read_fw_stats(&s1);
	vdg1_counters_snapshot(vdg1, &v1);

	for (d = 0; d < VDG1_FW_COUNT; d++) {
		unsigned long long drv = s1.d[d].wakes - s0.d[d].wakes;
		uint32_t hw = v1.wake_transitions[d] - v0.wake_transitions[d];

		if (!(mask & DG1DEV_DOMAIN_BIT(d)))
			continue;
		igt_info("%s: driver %llu wakes, vdg1 %u transitions\n",
			 dg1dev_domain_name(d), drv, hw);
		igt_assert_f(drv == hw,
			     "%s: the driver counted %llu wakes, vdg1 saw %u",
			     dg1dev_domain_name(d), drv, hw);
		if (used & DG1DEV_DOMAIN_BIT(d))
			igt_assert_f(hw >= 3,
				     "%s: 3 rounds of queries after full release woke it %u times",
				     dg1dev_domain_name(d), hw);
	}
}

static uint64_t width_mask(uint32_t width)
{
	return width >= 64 ? UINT64_MAX : (1ull << width) - 1;
}

/* What one answer must say whatever the engine. */
static void check_cycles_answer(const struct drm_dg1_engine_class_instance *e,
				int clockid,
				const struct drm_dg1_query_engine_cycles *c)
{
	unsigned int i;

	igt_assert_f(c->eci.engine_class == e->engine_class &&
		     c->eci.engine_instance == e->engine_instance &&
		     !c->eci.pad && c->clockid == clockid,
		     "%s: the input came back changed", ename(e));
	for (i = 0; i < ARRAY_SIZE(c->reserved); i++)
		igt_assert_eq_u64(c->reserved[i], 0);

	igt_assert_f(c->width >= 1 && c->width <= 64,
		     "%s: width %u", ename(e), c->width);
	igt_assert_f(!(c->engine_cycles & ~width_mask(c->width)),
		     "%s: cycles 0x%llx wider than %u bits", ename(e),
		     (unsigned long long)c->engine_cycles, c->width);
	igt_assert_f(c->engine_frequency > 0, "%s: frequency 0", ename(e));
	if (vdg1)
		igt_assert_f(c->engine_frequency == VDG1_CS_FREQUENCY,
			     "%s: frequency %llu Hz, vdg1 runs at %llu",
			     ename(e),
			     (unsigned long long)c->engine_frequency,
			     VDG1_CS_FREQUENCY);
	else
		igt_assert_f(c->engine_frequency >= 1000000 &&
			     c->engine_frequency <= 1000000000,
			     "%s: frequency %llu Hz is no CS timestamp's",
			     ename(e),
			     (unsigned long long)c->engine_frequency);
	igt_assert_f(c->cpu_delta < NSEC_PER_SEC,
		     "%s: cpu_delta %llu ns", ename(e),
		     (unsigned long long)c->cpu_delta);
}

/*
 * Two reads 10 ms apart: the timestamp advances, and by as much as the CPU
 * clock, give or take 20% and the uncertainty of both pairs.
 */
static bool check_cycles_advance(const struct drm_dg1_engine_class_instance *e,
				 bool last)
{
	struct drm_dg1_query_engine_cycles c1, c2;
	uint64_t ticks, cpu_ns, engine_ns, diff, tol;

	cycles_ok(e, CLOCK_MONOTONIC, &c1);
	sleep_ms(10);
	cycles_ok(e, CLOCK_MONOTONIC, &c2);
	check_cycles_answer(e, CLOCK_MONOTONIC, &c2);
	igt_assert_eq(c2.width, c1.width);
	igt_assert_eq_u64(c2.engine_frequency, c1.engine_frequency);

	ticks = (c2.engine_cycles - c1.engine_cycles) & width_mask(c1.width);
	igt_assert_f(ticks > 0, "%s: timestamp stuck at 0x%llx over 10 ms",
		     ename(e), (unsigned long long)c1.engine_cycles);

	cpu_ns = c2.cpu_timestamp - c1.cpu_timestamp;
	engine_ns = (unsigned __int128)ticks * NSEC_PER_SEC /
		    c1.engine_frequency;
	diff = engine_ns > cpu_ns ? engine_ns - cpu_ns : cpu_ns - engine_ns;
	tol = cpu_ns / 5 + c1.cpu_delta + c2.cpu_delta + 2 * NSEC_PER_MSEC;
	igt_debug("%s: %llu ticks = %llu ns over %llu ns of CLOCK_MONOTONIC\n",
		  ename(e), (unsigned long long)ticks,
		  (unsigned long long)engine_ns, (unsigned long long)cpu_ns);
	if (diff <= tol)
		return true;

	igt_info("%s: %llu ticks at %llu Hz = %llu ns, but %llu ns of CLOCK_MONOTONIC passed%s\n",
		 ename(e), (unsigned long long)ticks,
		 (unsigned long long)c1.engine_frequency,
		 (unsigned long long)engine_ns, (unsigned long long)cpu_ns,
		 last ? "" : "; again");
	return false;
}

static void test_engine_cycles(void)
{
	uint32_t never = never_ack_mask();
	unsigned int i, n, attempt, ok = 0;

	for (i = 0; i < engines->num_engines; i++) {
		const struct drm_dg1_engine_class_instance *e =
			&engines->engines[i];
		struct drm_dg1_query_engine_cycles c;
		uint64_t min_delta = UINT64_MAX;
		int d = dg1dev_engine_domain(e), err;
		bool advanced = false;

		if (d != DG1DEV_NO_DOMAIN && (never & DG1DEV_DOMAIN_BIT(d))) {
			/* Its domain never wakes: a clean timeout instead. */
			err = cycles(e, CLOCK_MONOTONIC, &c);
			igt_assert_f(err == -ETIMEDOUT,
				     "%s (domain %s never acks): %s, expected ETIMEDOUT",
				     ename(e), dg1dev_domain_name(d),
				     err ? strerror(-err) : "success");
			igt_info("%s: ETIMEDOUT, as vdg1 never acks %s\n",
				 ename(e), dg1dev_domain_name(d));
			continue;
		}

		cycles_ok(e, CLOCK_MONOTONIC, &c);
		check_cycles_answer(e, CLOCK_MONOTONIC, &c);
		igt_info("%s: %u bits at %llu Hz, cycles 0x%llx, cpu_delta %llu ns\n",
			 ename(e), c.width,
			 (unsigned long long)c.engine_frequency,
			 (unsigned long long)c.engine_cycles,
			 (unsigned long long)c.cpu_delta);

		for (attempt = 0; attempt < 3 && !advanced; attempt++)
			advanced = check_cycles_advance(e, attempt == 2);
		igt_assert_f(advanced,
			     "%s: the timestamp does not follow CLOCK_MONOTONIC at its frequency",
			     ename(e));

		/* The pair is read back to back: microseconds, not more. */
		for (n = 0; n < 10; n++) {
			cycles_ok(e, CLOCK_MONOTONIC, &c);
			if (c.cpu_delta < min_delta)
				min_delta = c.cpu_delta;
		}
		igt_assert_f(min_delta < NSEC_PER_MSEC,
			     "%s: cpu_delta at least %llu ns in 10 queries",
			     ename(e), (unsigned long long)min_delta);
		ok++;
	}
	igt_assert_f(ok, "no engine answered");
}

static void test_engine_cycles_clocks(void)
{
	static const struct {
		int id;
		const char *name;
	} clocks[] = {
		{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
		{ CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW" },
		{ CLOCK_REALTIME, "CLOCK_REALTIME" },
		{ CLOCK_BOOTTIME, "CLOCK_BOOTTIME" },
		{ CLOCK_TAI, "CLOCK_TAI" },
	};
	const struct drm_dg1_engine_class_instance *e =
		engine_in_domains(never_ack_mask(), false);
	unsigned int i;

	igt_require_f(e, "every engine's domain never acks");
	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		struct drm_dg1_query_engine_cycles c;
		struct timespec t0, t1;
		uint64_t before, after;

		clock_gettime(clocks[i].id, &t0);
		cycles_ok(e, clocks[i].id, &c);
		clock_gettime(clocks[i].id, &t1);
		check_cycles_answer(e, clocks[i].id, &c);

		before = t0.tv_sec * NSEC_PER_SEC + t0.tv_nsec;
		after = t1.tv_sec * NSEC_PER_SEC + t1.tv_nsec;
		igt_debug("%s: %llu <= %llu (+%llu) <= %llu\n", clocks[i].name,
			  (unsigned long long)before,
			  (unsigned long long)c.cpu_timestamp,
			  (unsigned long long)c.cpu_delta,
			  (unsigned long long)after);
		/* The driver's reads of the clock fall inside our two. */
		igt_assert_f(c.cpu_timestamp >= before &&
			     c.cpu_timestamp <= after,
			     "%s: cpu_timestamp %llu outside [%llu, %llu]",
			     clocks[i].name,
			     (unsigned long long)c.cpu_timestamp,
			     (unsigned long long)before,
			     (unsigned long long)after);
		igt_assert_f(c.cpu_timestamp + c.cpu_delta <= after + 1000,
			     "%s: cpu_timestamp %llu + cpu_delta %llu ends after %llu",
			     clocks[i].name,
			     (unsigned long long)c.cpu_timestamp,
			     (unsigned long long)c.cpu_delta,
			     (unsigned long long)after);
	}
}

static void cycles_einval(const struct drm_dg1_query_engine_cycles *in,
			  const char *what)
{
	struct drm_dg1_query_engine_cycles c = *in;
	struct drm_dg1_query q = {
		.query = DRM_DG1_QUERY_ENGINE_CYCLES,
		.size = sizeof(c),
		.data = (uintptr_t)&c,
	};

	igt_debug("%s\n", what);
	if (!dg1dev_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q))
		igt_fail_f("ENGINE_CYCLES with %s succeeded", what);
	igt_assert_f(errno == EINVAL, "ENGINE_CYCLES with %s: %s, expected EINVAL",
		     what, strerror(errno));
	errno = 0;
}

static void test_engine_cycles_invalid(void)
{
	static const int bad_clocks[] = {
		-1, INT_MIN, CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
		CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
		CLOCK_REALTIME_ALARM, CLOCK_BOOTTIME_ALARM, 10, 12, 16, 1000,
		INT_MAX,
	};
	static const uint16_t bad_classes[] = { 4, 5, 0x7fff, 0xffff };
	static const uint16_t instances[] = { 0, 1, 2, 3, 4, 5, 6, 7, 0xffff };
	const struct drm_dg1_engine_class_instance *e =
		engine_in_domains(never_ack_mask(), false);
	struct drm_dg1_query_engine_cycles valid, in, c;
	unsigned int i, j, absent = 0;
	char what[96];

	igt_require_f(e, "every engine's domain never acks");
	valid = (struct drm_dg1_query_engine_cycles){
		.eci = *e,
		.clockid = CLOCK_MONOTONIC,
	};

	for (i = 0; i < ARRAY_SIZE(bad_classes); i++) {
		in = valid;
		in.eci.engine_class = bad_classes[i];
		in.eci.engine_instance = 0;
		snprintf(what, sizeof(what), "engine class %u",
			 bad_classes[i]);
		cycles_einval(&in, what);
	}

	/* Every engine the query does not list: vcs1, rcs1, vecs7, ... */
	for (i = DRM_DG1_ENGINE_CLASS_RENDER;
	     i <= DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE; i++) {
		for (j = 0; j < ARRAY_SIZE(instances); j++) {
			in = valid;
			in.eci.engine_class = i;
			in.eci.engine_instance = instances[j];
			if (find_engine(&in.eci))
				continue;
			snprintf(what, sizeof(what), "absent engine %s",
				 ename(&in.eci));
			cycles_einval(&in, what);
			absent++;
		}
	}
	igt_assert(absent >= ARRAY_SIZE(instances) * 4 - 5);
	cycles_ok(e, CLOCK_MONOTONIC, &c);

	for (i = 0; i < ARRAY_SIZE(bad_clocks); i++) {
		in = valid;
		in.clockid = bad_clocks[i];
		snprintf(what, sizeof(what), "clockid %d", bad_clocks[i]);
		cycles_einval(&in, what);
	}
	cycles_ok(e, CLOCK_MONOTONIC, &c);

	in = valid;
	in.eci.pad = 1;
	cycles_einval(&in, "eci.pad 1");
	in.eci.pad = 0x80000000;
	cycles_einval(&in, "eci.pad 0x80000000");
	for (i = 0; i < ARRAY_SIZE(valid.reserved); i++) {
		in = valid;
		in.reserved[i] = 1;
		snprintf(what, sizeof(what), "reserved[%u] 1", i);
		cycles_einval(&in, what);
		in.reserved[i] = 1ull << 63;
		snprintf(what, sizeof(what), "reserved[%u] 1<<63", i);
		cycles_einval(&in, what);
	}

	/* All of that left the driver working. */
	cycles_ok(e, CLOCK_MONOTONIC, &c);
	check_cycles_answer(e, CLOCK_MONOTONIC, &c);
}

/* Bits 2p and 2p+1 for every L3 bank pair p enabled in @pairs. */
static uint32_t l3_banks_of_pairs(uint32_t pairs)
{
	uint32_t banks = 0;
	unsigned int p;

	for (p = 0; p < 4; p++)
		if (pairs & (1u << p))
			banks |= 3u << (2 * p);

	return banks;
}

static void test_topology(void)
{
	struct drm_dg1_query_topology *t, *again;
	uint32_t size, p, dss_bits;
	unsigned int i;

	t = igt_dg1_query_item(fd, DRM_DG1_QUERY_TOPOLOGY, &size);
	igt_assert_eq(size, sizeof(*t));
	igt_info("DSS 0x%llx of %u, EUs 0x%x of %u per DSS, %u EUs, L3 banks 0x%x\n",
		 (unsigned long long)t->dss_mask, t->max_dss,
		 t->eu_mask_per_dss, t->max_eus_per_dss, t->num_eus,
		 t->l3_bank_mask);

	igt_assert_eq_u32(t->pad, 0);
	for (i = 0; i < ARRAY_SIZE(t->reserved); i++)
		igt_assert_eq_u64(t->reserved[i], 0);

	/* The design: one slice of 6 DSS with 16 EUs each, 8 L3 banks. */
	igt_assert_eq(t->max_dss, 6);
	igt_assert_eq(t->max_eus_per_dss, 16);

	igt_assert_f(t->dss_mask, "no DSS enabled");
	igt_assert_f(!(t->dss_mask >> t->max_dss),
		     "dss_mask 0x%llx has DSS beyond %u",
		     (unsigned long long)t->dss_mask, t->max_dss);
	igt_assert_f(t->eu_mask_per_dss, "no EU enabled");
	igt_assert_f(!(t->eu_mask_per_dss >> t->max_eus_per_dss),
		     "eu_mask_per_dss 0x%x has EUs beyond %u",
		     t->eu_mask_per_dss, t->max_eus_per_dss);
	igt_assert_eq(t->num_eus, __builtin_popcountll(t->dss_mask) *
				  __builtin_popcount(t->eu_mask_per_dss));

	igt_assert_f(t->l3_bank_mask, "no L3 bank enabled");
	igt_assert_f(!(t->l3_bank_mask & ~0xffu),
		     "l3_bank_mask 0x%x has banks beyond 8", t->l3_bank_mask);
	for (p = 0; p < 4; p++) {
		uint32_t pair = (t->l3_bank_mask >> (2 * p)) & 3;

		igt_assert_f(pair == 0 || pair == 3,
			     "l3_bank_mask 0x%x splits bank pair %u: banks are fused in pairs",
			     t->l3_bank_mask, p);
	}

	/* The same answer every time. */
	again = igt_dg1_query_item(fd, DRM_DG1_QUERY_TOPOLOGY, &size);
	igt_assert_f(!memcmp(t, again, sizeof(*t)),
		     "two topology queries differ");
	free(again);

	if (!have_vdg1_v2()) {
		igt_info("Not comparing with the fuses vdg1 was given: %s\n",
			 vdg1 ? "counters page older than version 2" :
			 vdg1_why);
		free(t);
		return;
	}

	/* Exactly the fuses vdg1 was configured with. */
	dss_bits = vdg1_counter(vdg1, VDG1_COUNTERS_FUSE_DSS_ENABLE) &
		   ((1u << t->max_dss) - 1);
	igt_assert_f(t->dss_mask == dss_bits,
		     "dss_mask 0x%llx, vdg1's DSS enable fuse says 0x%x",
		     (unsigned long long)t->dss_mask, dss_bits);
	p = ~vdg1_counter(vdg1, VDG1_COUNTERS_FUSE_L3_DISABLE) & 0xf;
	igt_assert_f(t->l3_bank_mask == l3_banks_of_pairs(p),
		     "l3_bank_mask 0x%x, vdg1's L3 disable fuse 0x%x leaves banks 0x%x",
		     t->l3_bank_mask,
		     vdg1_counter(vdg1, VDG1_COUNTERS_FUSE_L3_DISABLE),
		     l3_banks_of_pairs(p));
	free(t);
}

static void test_workarounds(void)
{
	uint32_t never = never_ack_mask();
	unsigned int i, n, bad = 0, counts[3] = { };
	struct dg1dev_wa *was;
	char why[512], *text;
	ssize_t len;
	int err;

	require_debugfs();
	len = dg1dev_debugfs_read(dfs, "workarounds", &text);
	igt_assert_f(len >= 0, "cannot read %s/workarounds: %s", dfs,
		     strerror(-len));
	err = dg1dev_wa_parse(text, &was, &n, why, sizeof(why));
	free(text);
	igt_assert_f(!err, "workarounds: %s", why);
	igt_assert_f(n, "the workarounds list is empty");

	for (i = 0; i < n; i++) {
		int d = dg1dev_domain_of(was[i].offset);
		bool dead = d != DG1DEV_NO_DOMAIN && (never & DG1DEV_DOMAIN_BIT(d));
		enum dg1dev_wa_status want = dead ? DG1DEV_WA_FAILED : DG1DEV_WA_OK;
		bool fine = was[i].status == want ||
			    /* Real parts may be of a stepping it is not for. */
			    (!vdg1 && was[i].status == DG1DEV_WA_NOT_APPLIED);

		counts[was[i].status]++;
		igt_debug("%s 0x%x %s (domain %s)\n", was[i].name,
			  was[i].offset, dg1dev_wa_status_name(was[i].status),
			  dg1dev_domain_name(d));
		if (fine)
			continue;
		igt_info("%s 0x%x: %s, expected %s%s%s\n", was[i].name,
			 was[i].offset, dg1dev_wa_status_name(was[i].status),
			 dg1dev_wa_status_name(want),
			 dead ? " (in never-acking domain " : "",
			 dead ? dg1dev_domain_name(d) : "");
		bad++;
	}
	igt_info("%u workarounds: %u ok, %u FAILED, %u not-applied\n", n,
		 counts[DG1DEV_WA_OK], counts[DG1DEV_WA_FAILED],
		 counts[DG1DEV_WA_NOT_APPLIED]);
	free(was);
	igt_assert_f(!bad, "%u workarounds not as expected", bad);
}

/*
 * The kernel log, for a line with both needles (the domain and the
 * device's PCI address, which drm_err() prints): /dev/kmsg, or syslog(2)
 * where that cannot be opened.
 */
struct klog {
	int fd;			/* /dev/kmsg positioned at the end, or -1 */
	const char *needle[2];
};

static bool klog_match(const struct klog *k, const char *line)
{
	return strstr(line, k->needle[0]) && strstr(line, k->needle[1]);
}

/* The text of the next /dev/kmsg record into @rec: false at the end. */
static bool kmsg_next(int kfd, char *rec, size_t len, char **msg)
{
	ssize_t n;
	char *nl;

	for (;;) {
		n = read(kfd, rec, len - 1);
		if (n < 0 && (errno == EPIPE || errno == EINTR))
			continue;	/* overwritten records: read on */
		if (n <= 0)
			return false;
		rec[n] = '\0';
		/* "prio,seq,time,flags;text\n" and continuation lines */
		*msg = strchr(rec, ';');
		if (!*msg)
			continue;
		(*msg)++;
		nl = strchr(*msg, '\n');
		if (nl)
			*nl = '\0';
		return true;
	}
}

static void klog_start(struct klog *k, const char *domain, const char *bdf)
{
	k->needle[0] = domain;
	k->needle[1] = bdf;
	k->fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (k->fd >= 0)
		lseek(k->fd, 0, SEEK_END);
	errno = 0;
}

/*
 * Whether the log names the domain: 2 when a line appeared since
 * klog_start(), 1 when only an earlier one did (a driver may report a dead
 * domain once and then only count), 0 when none did.
 */
static int klog_find(struct klog *k, char *found, size_t len)
{
	char rec[2048], *msg;
	int kfd, where = 0;

	if (k->fd >= 0) {
		while (kmsg_next(k->fd, rec, sizeof(rec), &msg))
			if (klog_match(k, msg)) {
				snprintf(found, len, "%s", msg);
				where = 2;
				break;
			}
		close(k->fd);
		if (where)
			goto out;

		/* A fresh reader starts at the oldest record kept. */
		kfd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		igt_assert_f(kfd >= 0, "cannot reopen /dev/kmsg");
		while (kmsg_next(kfd, rec, sizeof(rec), &msg))
			if (klog_match(k, msg)) {
				snprintf(found, len, "%s", msg);
				where = 1;
			}
		close(kfd);
	} else {
		int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
		char *buf, *line, *save = NULL;
		int n;

		igt_require_f(size > 0,
			      "neither /dev/kmsg nor syslog(2) readable");
		buf = malloc(size + 1);
		igt_assert(buf);
		n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
		igt_require_f(n >= 0, "neither /dev/kmsg nor syslog(2) readable");
		buf[n] = '\0';
		for (line = strtok_r(buf, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			if (klog_match(k, line)) {
				snprintf(found, len, "%s", line);
				where = 1;
			}
		free(buf);
	}
out:
	errno = 0;
	return where;
}

static void test_never_ack_fails_cleanly(void)
{
	const struct drm_dg1_engine_class_instance *bad, *good;
	struct drm_dg1_query_engine_cycles c;
	struct drm_dg1_query_engines *again;
	struct dg1dev_fw_stats s0, s1;
	char line[1024], pci[PATH_MAX];
	uint32_t never, size;
	int d, other, err, f, logged;
	struct klog k;
	uint64_t t0;

	require_vdg1();
	never = never_ack_mask();
	igt_require_f(never,
		      "vdg1 acks every domain (NEVER_ACK_DOMAINS 0); run it with fw-never-ack=<domain>");
	require_debugfs();

	bad = engine_in_domains(never, true);
	igt_require_f(bad, "no engine lives in the never-acking %s",
		      mask_names(never));
	d = dg1dev_engine_domain(bad);
	good = engine_in_domains(never, false);
	igt_info("vdg1 never acks %s: using %s, and %s as the healthy engine\n",
		 mask_names(never), ename(bad), good ? ename(good) : "none");

	igt_dg1_pci_path(fd, pci, sizeof(pci));
	read_fw_stats(&s0);
	klog_start(&k, dg1dev_domain_name(d), strrchr(pci, '/') + 1);

	/* The operation fails with an error... */
	t0 = now_ns();
	err = cycles(bad, CLOCK_MONOTONIC, &c);
	igt_assert_f(err == -ETIMEDOUT,
		     "ENGINE_CYCLES on %s: %s, expected ETIMEDOUT", ename(bad),
		     err ? strerror(-err) : "success");
	igt_info("ENGINE_CYCLES on %s: ETIMEDOUT after %llu ms\n", ename(bad),
		 (unsigned long long)((now_ns() - t0) / NSEC_PER_MSEC));

	/*
	 * ...and a kernel log line naming the domain and the device: new, or
	 * from the first failure if the driver reports a dead domain once.
	 */
	logged = klog_find(&k, line, sizeof(line));
	igt_assert_f(logged,
		     "no kernel log line names %s and %s", dg1dev_domain_name(d),
		     k.needle[1]);
	igt_info("kernel (%s): %s\n",
		 logged == 2 ? "new line" : "earlier line, none new", line);

	/* The driver counted the timeout against that domain only. */
	read_fw_stats(&s1);
	igt_assert_f(s1.d[d].errors >= 1 && s1.d[d].errors > s0.d[d].errors,
		     "%s: errors %u before, %u after an ack timeout",
		     dg1dev_domain_name(d), s0.d[d].errors, s1.d[d].errors);
	for (other = 0; other < VDG1_FW_COUNT; other++)
		if (other != d && (s1.present & DG1DEV_DOMAIN_BIT(other)))
			igt_assert_f(s1.d[other].errors == s0.d[other].errors,
				     "%s: errors %u -> %u, but only %s failed",
				     dg1dev_domain_name(other),
				     s0.d[other].errors, s1.d[other].errors,
				     dg1dev_domain_name(d));

	/* Everything else still works. */
	if (good) {
		cycles_ok(good, CLOCK_MONOTONIC, &c);
		check_cycles_answer(good, CLOCK_MONOTONIC, &c);
	}
	again = igt_dg1_query_item(fd, DRM_DG1_QUERY_ENGINES, &size);
	igt_assert_eq(again->num_engines, engines->num_engines);
	free(again);

	/* Holding every domain cannot work either, and says so. */
	f = dg1dev_debugfs_open(dfs, "forcewake_user", O_RDONLY);
	if (f >= 0) {
		close(f);
		igt_fail_f("forcewake_user opened although %s never acks",
			   mask_names(never));
	}
	igt_info("forcewake_user: open failed with %s\n", strerror(-f));
	errno = 0;

	/* Nothing stays held or awake after the failures. */
	assert_asleep(DG1DEV_ALL_DOMAINS, "after the failed operations");
	assert_unreferenced("after the failed operations");
	if (good)
		cycles_ok(good, CLOCK_MONOTONIC, &c);
}

igt_main
{
	igt_fixture {
		uint32_t size;

		fd = igt_dg1_open_render();
		vdg1 = vdg1_counters_try_open(fd, vdg1_why, sizeof(vdg1_why));
		if (dg1dev_debugfs_dir(fd, dfs, sizeof(dfs), dfs_why,
				       sizeof(dfs_why)))
			dfs[0] = '\0';
		errno = 0;
		engines = igt_dg1_query_item(fd, DRM_DG1_QUERY_ENGINES, &size);
		igt_assert_lte(sizeof(*engines) + engines->num_engines *
			       sizeof(engines->engines[0]), size);
		if (have_vdg1_v2()) {
			struct vdg1_snapshot s;
			char line[256];

			vdg1_counters_snapshot(vdg1, &s);
			vdg1_config_format(&s, line, sizeof(line));
			igt_info("vdg1: %s\n", line);
		}
	}

	uncore_subtest("debugfs-readable", test_debugfs_readable);
	uncore_subtest("forcewake-domains-format",
		       test_forcewake_domains_format);
	uncore_subtest("forcewake-user-holds-all",
		       test_forcewake_user_holds_all);
	uncore_subtest("forcewake-user-nested", test_forcewake_user_nested);
	uncore_subtest("delayed-release", test_delayed_release);
	uncore_subtest("driver-wakes-match-vdg1",
		       test_driver_wakes_match_vdg1);
	uncore_subtest("engine-cycles", test_engine_cycles);
	uncore_subtest("engine-cycles-clocks", test_engine_cycles_clocks);
	uncore_subtest("engine-cycles-invalid", test_engine_cycles_invalid);
	uncore_subtest("topology", test_topology);
	uncore_subtest("workarounds", test_workarounds);
	uncore_subtest("never-ack-fails-cleanly",
		       test_never_ack_fails_cleanly);

	igt_fixture {
		free(engines);
		vdg1_counters_close(vdg1);
		close(fd);
	}
}
