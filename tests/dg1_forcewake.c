// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_forcewake - forcewake seen from userspace.
 *
 * From both sides: the driver's debugfs (forcewake_domains: per domain
 * "ref", "wakes", "gets", "errors", "fallbacks"; holding forcewake_user
 * open holds every domain) and, on vdg1, the counters page (which domains
 * are awake right now, sleep-to-awake transitions per domain, withheld and
 * recovered acks, accesses to sleeping domains).
 *
 * vdg1 can be configured with a domain that never acknowledges and with
 * domains that lose their first acks; the counters page says which, and
 * the subtests expect what that implies: the never-acking domain's
 * operations fail with ETIMEDOUT and a log line, after an ack wait spent
 * sleeping, and then fail at once for a second, while everything else
 * keeps working; every lost ack is recovered by the fallback, once per
 * lost ack. Threads that get one sleeping domain at once share a single
 * wake-up (or, where it never acks, a single failed attempt).
 *
 * The domains and engines expected are, on vdg1, the ones the fuses in
 * its counters page leave, never the driver's own answer.
 *
 * Every subtest also fails if, on vdg1, it made an access to a sleeping
 * domain, to a fused-off MCR instance or to an unimplemented register.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"

#define BACK_TO_BACK		10

/* Threads that query one domain at once in concurrent-wake. */
#define RACERS			8
/*
 * How long a wake ack is waited for before the fallback (i915
 * intel_uncore.c FORCEWAKE_ACK_TIMEOUT_MS; the driver's log line says
 * "no wake ack within 50 ms").
 */
#define ACK_TIMEOUT_MS		50
/*
 * A domain that failed is retried at most once a second: wait past that.
 * Within that second a get of it fails at once, touching none of its
 * registers (vdg1 counts its wake requests and ack reads).
 */
#define RETRY_WAIT_MS		1200
/*
 * RACERS gets of a dead domain share one wake attempt (the ack wait and
 * its fallback) or fail fast: far below RACERS x ACK_TIMEOUT_MS.
 */
#define RACE_DEAD_MAX_MS	400

/*
 * Measurements of "one wake for many gets" that may be repeated when the
 * test itself was held up past the release delay (dut_possible_rewakes());
 * failing if none of them is clean. In the debug VM with both host CPUs
 * busy elsewhere, about one race in six ran clean on the first CI hosts;
 * on a slower one, where 8 threads spread over 7-12 ms, 50 attempts in a
 * row have run unclean (each still within what the timing allows): up to
 * 400, each ~15 ms, and a quiet run still stops at the first.
 */
#define MAX_ATTEMPTS		400

static unsigned long long ms(uint64_t ns)
{
	return ns / NSEC_PER_MSEC;
}

/* The longest time from one query's start to the next one's end, in us. */
static unsigned long long longest_pair_us(const struct dut_span *q,
					   unsigned int n)
{
	uint64_t longest = 0;
	unsigned int i;

	for (i = 1; i < n; i++)
		if (q[i].end - q[i - 1].start > longest)
			longest = q[i].end - q[i - 1].start;
	return longest / 1000;
}

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* ENGINE_CYCLES on @e: 0 or -errno, and the wall and CPU time it took. */
static int timed_cycles(const struct drm_dg1_engine_class_instance *e,
			uint64_t *wall, uint64_t *cpu)
{
	struct drm_dg1_query_engine_cycles c;
	uint64_t w0, c0;
	int err;

	w0 = dut_now_ns();
	c0 = thread_cpu_ns();
	err = dut_cycles(e, CLOCK_MONOTONIC, &c);
	*cpu = thread_cpu_ns() - c0;
	*wall = dut_now_ns() - w0;

	return err;
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

	dut_require_debugfs();

	for (i = 0; i < ARRAY_SIZE(ours); i++) {
		char *text = NULL;
		ssize_t len = dg1dev_debugfs_read(dut.dfs, ours[i], &text);

		igt_assert_f(len >= 0, "cannot read %s/%s: %s", dut.dfs,
			     ours[i], strerror(-len));
		igt_assert_f(len > 0, "%s/%s is empty", dut.dfs, ours[i]);
		igt_assert_f(printable(text, len),
			     "%s/%s holds a NUL or non-printable byte", dut.dfs,
			     ours[i]);
		igt_debug("--- %s\n%s", ours[i], text);
		free(text);
	}

	/*
	 * Everything else readable reads without error. forcewake_user is
	 * left out: opening it wakes every domain, and fails where one
	 * never acks.
	 */
	n = scandir(dut.dfs, &list, NULL, alphasort);
	igt_assert_f(n >= 0, "cannot list %s", dut.dfs);
	for (i = 0; i < (unsigned int)n; i++) {
		const char *name = list[i]->d_name;
		char path[PATH_MAX + 256], *text = NULL;
		struct stat st;
		ssize_t len;

		snprintf(path, sizeof(path), "%s/%s", dut.dfs, name);
		if (name[0] == '.' || !strcmp(name, "forcewake_user") ||
		    stat(path, &st) || !S_ISREG(st.st_mode) ||
		    !(st.st_mode & S_IRUSR))
			continue;
		len = dg1dev_debugfs_read(dut.dfs, name, &text);
		igt_assert_f(len >= 0, "cannot read %s: %s", path,
			     strerror(-len));
		free(text);
		read_ok++;
	}
	for (i = 0; i < (unsigned int)n; i++)
		free(list[i]);
	free(list);
	errno = 0;
	igt_info("%s: %u files read\n", dut.dfs, read_ok);
}

static void test_forcewake_domains_format(void)
{
	struct dg1dev_fw_stats s, again;
	uint32_t want = dut_engine_domains(), never = dut_never_ack();
	int d;

	dut_require_debugfs();
	dut_fw_stats(&s);

	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (s.present & DG1DEV_DOMAIN_BIT(d))
			igt_debug("%s: ref %u wakes %llu gets %llu errors %u fallbacks %llu\n",
				  dg1dev_domain_name(d), s.d[d].ref,
				  s.d[d].wakes, s.d[d].gets, s.d[d].errors,
				  s.d[d].fallbacks);

	/*
	 * One line per domain of an engine the fuses left, GT and RENDER:
	 * on vdg1 the fuses in its counters page say which.
	 */
	igt_assert_f(s.present == want,
		     "forcewake_domains lists %s; the engines %s need %s",
		     dut_domains_str(s.present),
		     dut.vdg1 ? "vdg1's media fuse leaves" : "the driver lists",
		     dut_domains_str(want));

	for (d = 0; d < VDG1_FW_COUNT; d++) {
		if (!(s.present & DG1DEV_DOMAIN_BIT(d)))
			continue;
		/* Every wake comes from a get. */
		igt_assert_f(s.d[d].wakes <= s.d[d].gets,
			     "%s: %llu wakes but only %llu gets",
			     dg1dev_domain_name(d), s.d[d].wakes, s.d[d].gets);
		/* A fallback is counted for a wake that then succeeded. */
		igt_assert_f(s.d[d].fallbacks <= s.d[d].wakes,
			     "%s: %llu fallbacks but only %llu wakes",
			     dg1dev_domain_name(d), s.d[d].fallbacks,
			     s.d[d].wakes);
		/* vdg1 acks every domain but the ones told not to. */
		if (dut.vdg1 && !(never & DG1DEV_DOMAIN_BIT(d)))
			igt_assert_f(!s.d[d].errors,
				     "%s: %u ack timeouts, but vdg1 acks it",
				     dg1dev_domain_name(d), s.d[d].errors);
		/* ...and never the ones told not to, fallback or not. */
		if (never & DG1DEV_DOMAIN_BIT(d))
			igt_assert_f(!s.d[d].wakes && !s.d[d].fallbacks,
				     "%s: %llu wakes, %llu fallbacks, but vdg1 never acks it",
				     dg1dev_domain_name(d), s.d[d].wakes,
				     s.d[d].fallbacks);
	}

	/* Counters never go back. */
	dut_fw_stats(&again);
	igt_assert_eq_u32(again.present, s.present);
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		igt_assert_lte_u64(s.d[d].wakes, again.d[d].wakes);
		igt_assert_lte_u64(s.d[d].gets, again.d[d].gets);
		igt_assert_lte(s.d[d].errors, again.d[d].errors);
		igt_assert_lte_u64(s.d[d].fallbacks, again.d[d].fallbacks);
	}
}

static void assert_refs_at_least(uint32_t mask, unsigned int min)
{
	struct dg1dev_fw_stats s;
	int d;

	dut_fw_stats(&s);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (mask & DG1DEV_DOMAIN_BIT(d))
			igt_assert_f(s.d[d].ref >= min,
				     "%s: ref %u with forcewake_user open %u times",
				     dg1dev_domain_name(d), s.d[d].ref, min);
}

/* Every domain of @mask awake, and none woken again since @before. */
static void assert_held(uint32_t mask, const struct vdg1_counters_page *before,
			const char *when)
{
	struct vdg1_counters_page now;
	int d;

	if (!dut.vdg1)
		return;
	dg1dev_vdg1_snapshot(dut.vdg1, &now);
	igt_assert_f((now.awake_domains & mask) == mask,
		     "%s: %s asleep while forcewake_user is open",
		     when, dut_domains_str(mask & ~now.awake_domains));
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
	struct vdg1_counters_page held;
	uint32_t present;
	int f;

	dut_require_forcewake_user();
	present = dut_engine_domains();
	if (!dut.vdg1)
		igt_info("Only checking the driver's side: %s\n",
			 dut.vdg1_why);

	f = dut_open_forcewake_user();
	assert_refs_at_least(present, 1);
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &held);
	assert_held(present, &held, "just after open");

	/* Well past the release delay: nothing may let go. */
	dut_sleep_ms(HOLD_MS);
	assert_held(present, &held, "20 ms after open");
	assert_refs_at_least(present, 1);

	close(f);
	if (dut.vdg1) {
		dut_sleep_ms(HOLD_MS);
		dut_assert_asleep(present, "after forcewake_user was closed");
	}
	dut_assert_unreferenced("after forcewake_user was closed");
}

static void test_forcewake_user_nested(void)
{
	struct vdg1_counters_page held;
	uint32_t present;
	int f1, f2;

	dut_require_forcewake_user();
	present = dut_engine_domains();

	f1 = dut_open_forcewake_user();
	f2 = dut_open_forcewake_user();
	assert_refs_at_least(present, 2);
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &held);

	/* The second holder keeps everything awake alone. */
	close(f1);
	dut_sleep_ms(HOLD_MS);
	assert_held(present, &held, "20 ms after closing the first of two");
	assert_refs_at_least(present, 1);

	close(f2);
	if (dut.vdg1)
		dut_assert_asleep(present, "after both were closed");
	dut_assert_unreferenced("after both were closed");
}

/*
 * Back-to-back accesses to one domain: the delayed release keeps it awake
 * in between, so it wakes once, not once per access.
 *
 * A guest descheduled between two queries for longer than the release
 * delay (a busy host) sees a second wake that is no fault of the driver.
 * Each query is timed: more wakes than the gaps could explain fail at
 * once; as many as they could explain are measured again, up to
 * MAX_ATTEMPTS times, and fail if no attempt saw a single wake.
 */
static void test_delayed_release(void)
{
	const struct drm_dg1_engine_class_instance *e =
		dut_find_engine(&ENGINE(RENDER, 0));
	struct drm_dg1_query_engine_cycles c;
	unsigned long long woke = 0;
	struct dut_span q[BACK_TO_BACK];
	struct dg1dev_fw_stats s0, s1;
	unsigned int attempt, i, possible;
	int d;

	/* rcs0, unless its domain never acks: then any engine that works. */
	if (!e || dut_never_ack() &
	    DG1DEV_DOMAIN_BIT(dg1dev_engine_domain(e)))
		e = dut_engine_in_domains(dut_never_ack(), false);
	igt_require_f(e, "vdg1 never acks the domain of any engine (%s)",
		      dut_domains_str(dut_never_ack()));
	d = dg1dev_engine_domain(e);
	igt_require_f(dut.vdg1 || dut.dfs[0],
		      "neither vdg1 counters (%s) nor debugfs (%s) to count wakes",
		      dut.vdg1_why, dut.dfs_why);

	for (attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		unsigned long long wakes = 0, gets = 0;
		uint32_t t0 = 0;

		if (dut.vdg1)
			dut_assert_asleep(DG1DEV_DOMAIN_BIT(d),
					  "before the queries");
		else
			dut_sleep_ms(HOLD_MS);
		if (dut.dfs[0])
			dut_fw_stats(&s0);
		if (dut.vdg1)
			t0 = dut_transitions(d);

		for (i = 0; i < BACK_TO_BACK; i++) {
			q[i].start = dut_now_ns();
			dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
			q[i].end = dut_now_ns();
		}

		if (dut.vdg1)
			woke = dut_transitions(d) - t0;
		if (dut.dfs[0]) {
			dut_fw_stats(&s1);
			wakes = s1.d[d].wakes - s0.d[d].wakes;
			gets = s1.d[d].gets - s0.d[d].gets;
			/* Each query must hold the domain for its read. */
			igt_assert_f(gets >= BACK_TO_BACK,
				     "%u queries on %s took %s only %llu times",
				     BACK_TO_BACK, dut_engine_str(e),
				     dg1dev_domain_name(d), gets);
		}
		if (!dut.vdg1)
			woke = wakes;
		possible = dut_possible_rewakes(q, BACK_TO_BACK);

		igt_info("attempt %u: %u back-to-back queries on %s in %llu us (longest pair %llu us; gaps that could let it go: %u): %s woke %llu times (driver: %llu wakes, %llu gets)\n",
			 attempt + 1, BACK_TO_BACK, dut_engine_str(e),
			 (unsigned long long)(q[BACK_TO_BACK - 1].end -
					      q[0].start) / 1000,
			 longest_pair_us(q, BACK_TO_BACK), possible,
			 dg1dev_domain_name(d), woke, wakes, gets);
		/* It was asleep: the first query has to wake it. */
		if (dut.vdg1)
			igt_assert_f(woke >= 1,
				     "%s was asleep, yet %u queries did not wake it",
				     dg1dev_domain_name(d), BACK_TO_BACK);
		if (woke <= 1)
			break;
		igt_assert_f(woke - 1 <= possible,
			     "%s woke %llu times for %u back-to-back queries, but at most %u of their gaps reached the %llu us release delay: no delayed release?",
			     dg1dev_domain_name(d), woke, BACK_TO_BACK,
			     possible, DUT_RELEASE_DELAY_NS / 1000);
	}

	igt_assert_f(woke <= 1,
		     "%s woke more than once in each of %u attempts, each time after the test was held up past the release delay: no clean measurement",
		     dg1dev_domain_name(d), MAX_ATTEMPTS);

	/* ...and is released once they stop. */
	if (dut.vdg1)
		dut_assert_asleep(DG1DEV_DOMAIN_BIT(d), "after the last query");
}

/* The driver counts exactly the wakes vdg1 sees. */
static void test_driver_wakes_match_vdg1(void)
{
	struct vdg1_counters_page v0, v1;
	struct dg1dev_fw_stats s0, s1;
	uint32_t mask, used = 0;
	unsigned int round, i;
	int d;

	dut_require_vdg1();
	dut_require_debugfs();
	mask = dut_engine_domains() & ~dut_never_ack();

	dut_assert_asleep(mask, "before starting");
	dut_fw_stats(&s0);
	dg1dev_vdg1_snapshot(dut.vdg1, &v0);

	for (round = 0; round < 3; round++) {
		for (i = 0; i < dut.num_engines; i++) {
			const struct drm_dg1_engine_class_instance *e =
				&dut.engines[i];
			struct drm_dg1_query_engine_cycles c;

			d = dg1dev_engine_domain(e);
			if (d == DG1DEV_NO_DOMAIN ||
			    !(mask & DG1DEV_DOMAIN_BIT(d)))
				continue;
			dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
			used |= DG1DEV_DOMAIN_BIT(d);
		}
		/* Let everything go to sleep: the next round wakes it again. */
		dut_assert_asleep(mask, "between rounds");
	}

	dut_fw_stats(&s1);
	dg1dev_vdg1_snapshot(dut.vdg1, &v1);
	/* GT has bcs0, and every other domain is an engine's. */
	igt_assert_f(used == mask, "no engine woke %s",
		     dut_domains_str(mask & ~used));

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
		igt_assert_f(hw >= 3,
			     "%s: 3 rounds of queries after full release woke it %u times",
			     dg1dev_domain_name(d), hw);
	}
}

/* One of the threads of a race. */
struct racer {
	pthread_t thread;
	const struct drm_dg1_engine_class_instance *e;
	int err;
	uint64_t start_ns, end_ns;
};

static pthread_barrier_t race_start;

/* No harness call in here: a failed check would longjmp across threads. */
static void *racer_main(void *arg)
{
	struct drm_dg1_query_engine_cycles c;
	struct racer *r = arg;

	pthread_barrier_wait(&race_start);
	r->start_ns = dut_now_ns();
	r->err = dg1dev_engine_cycles(dut.fd, r->e, CLOCK_MONOTONIC, &c);
	r->end_ns = dut_now_ns();

	return NULL;
}

/*
 * RACERS threads, let go together by a barrier, each query @e once. Their
 * results are in @r; returns the time from the first start to the last
 * end, and the longest single query in @slowest.
 */
static uint64_t race(const struct drm_dg1_engine_class_instance *e,
		     struct racer *r, uint64_t *slowest)
{
	uint64_t first = UINT64_MAX, last = 0;
	unsigned int i;
	int err;

	err = pthread_barrier_init(&race_start, NULL, RACERS);
	igt_assert_f(!err, "pthread_barrier_init: %s", strerror(err));
	for (i = 0; i < RACERS; i++) {
		r[i] = (struct racer){ .e = e, .err = 1 };
		err = pthread_create(&r[i].thread, NULL, racer_main, &r[i]);
		igt_assert_f(!err, "pthread_create: %s", strerror(err));
	}

	*slowest = 0;
	for (i = 0; i < RACERS; i++) {
		err = pthread_join(r[i].thread, NULL);
		igt_assert_f(!err, "pthread_join: %s", strerror(err));
		if (r[i].start_ns < first)
			first = r[i].start_ns;
		if (r[i].end_ns > last)
			last = r[i].end_ns;
		if (r[i].end_ns - r[i].start_ns > *slowest)
			*slowest = r[i].end_ns - r[i].start_ns;
	}
	pthread_barrier_destroy(&race_start);
	errno = 0;

	return last - first;
}

/*
 * @d sleeps and RACERS threads query @e at once: one of them wakes it,
 * the others wait for that wake or find @d awake. vdg1 sees one
 * transition, the driver counts one wake.
 *
 * A thread the guest runs more than the release delay after the others'
 * last put finds @d released and wakes it again. The threads' timestamps
 * say how many such late wakes were possible (dut_possible_rewakes()): more
 * wakes than that fail at once; as many are measured again, up to
 * MAX_ATTEMPTS times. The driver's count must equal vdg1's every time.
 */
static void race_wake(const struct drm_dg1_engine_class_instance *e, int d)
{
	unsigned long long drv = 0, gets;
	struct dg1dev_fw_stats s0, s1;
	struct dut_span q[RACERS];
	struct racer r[RACERS];
	uint64_t wall, slowest;
	unsigned int attempt, i, possible;
	uint32_t t0, hw = 0;

	for (attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		/*
		 * 3 ms since the last access: the delayed release (1-2 ms
		 * after the last put) has fired, or does while this polls.
		 */
		dut_sleep_ms(3);
		dut_assert_asleep(DG1DEV_DOMAIN_BIT(d), "before the race");
		dut_fw_stats(&s0);
		t0 = dut_transitions(d);

		wall = race(e, r, &slowest);

		hw = dut_transitions(d) - t0;
		dut_fw_stats(&s1);
		drv = s1.d[d].wakes - s0.d[d].wakes;
		gets = s1.d[d].gets - s0.d[d].gets;
		for (i = 0; i < RACERS; i++)
			q[i] = (struct dut_span){ r[i].start_ns, r[i].end_ns };
		possible = dut_possible_rewakes(q, RACERS);
		igt_info("attempt %u: %u threads on %s in %llu us (slowest %llu us; gaps that could let it go: %u): %s woke %u times (driver: %llu wakes, %llu gets)\n",
			 attempt + 1, RACERS, dut_engine_str(e),
			 (unsigned long long)wall / 1000,
			 (unsigned long long)slowest / 1000, possible,
			 dg1dev_domain_name(d), hw, drv, gets);

		for (i = 0; i < RACERS; i++)
			igt_assert_f(!r[i].err,
				     "thread %u: ENGINE_CYCLES on %s: %s", i,
				     dut_engine_str(e), strerror(-r[i].err));
		igt_assert_f(gets >= RACERS,
			     "%u queries on %s took %s only %llu times",
			     RACERS, dut_engine_str(e), dg1dev_domain_name(d),
			     gets);
		/* However the threads ran: each wake the driver made, vdg1 saw. */
		igt_assert_f(drv == hw,
			     "%s: the driver counted %llu wakes, vdg1 saw %u: getters woke it at the same time?",
			     dg1dev_domain_name(d), drv, hw);
		igt_assert_f(hw >= 1,
			     "%s was asleep, yet %u queries did not wake it",
			     dg1dev_domain_name(d), RACERS);
		if (hw == 1)
			break;
		igt_assert_f(hw - 1 <= possible,
			     "%s woke %u times for %u concurrent queries, but the threads' timing allows at most %u wakes after the first: the getters did not share the wake",
			     dg1dev_domain_name(d), hw, RACERS, possible);
	}

	igt_assert_f(hw == 1,
		     "%s woke more than once in each of %u attempts, each time with threads held up past the release delay: no clean measurement",
		     dg1dev_domain_name(d), MAX_ATTEMPTS);
	dut_assert_asleep(DG1DEV_DOMAIN_BIT(d), "after the race");
}

/*
 * @d never acks: past the retry window, RACERS threads query @e at once.
 * They share the one wake attempt, or fail at once after it: every query
 * fails with ETIMEDOUT, and all of them in far less time than an ack wait
 * each.
 */
static void race_dead(const struct drm_dg1_engine_class_instance *e, int d)
{
	struct dg1dev_fw_stats s0, s1;
	struct racer r[RACERS];
	uint64_t wall, slowest;
	unsigned int i;
	uint32_t t0, hw;

	dut_sleep_ms(RETRY_WAIT_MS);
	dut_fw_stats(&s0);
	t0 = dut_transitions(d);

	wall = race(e, r, &slowest);

	hw = dut_transitions(d) - t0;
	dut_fw_stats(&s1);
	igt_info("%u threads on %s failed in %llu ms (slowest %llu ms); driver: errors %u -> %u\n",
		 RACERS, dut_engine_str(e), ms(wall), ms(slowest),
		 s0.d[d].errors, s1.d[d].errors);

	for (i = 0; i < RACERS; i++)
		igt_assert_f(r[i].err == -ETIMEDOUT,
			     "thread %u: ENGINE_CYCLES on %s: %s, expected ETIMEDOUT",
			     i, dut_engine_str(e),
			     r[i].err ? strerror(-r[i].err) : "success");
	/* Past the retry window, one of them really waited for the ack. */
	igt_assert_f(slowest >= ACK_TIMEOUT_MS * NSEC_PER_MSEC,
		     "no query waited %u ms for the ack (slowest %llu ms), %u ms after the last failure",
		     ACK_TIMEOUT_MS, ms(slowest), RETRY_WAIT_MS);
	igt_assert_f(wall < RACE_DEAD_MAX_MS * NSEC_PER_MSEC,
		     "%u concurrent queries of the dead %s took %llu ms: they did not share one wake attempt",
		     RACERS, dg1dev_domain_name(d), ms(wall));

	igt_assert_f(!hw, "vdg1 never acks %s, yet it woke %u times",
		     dg1dev_domain_name(d), hw);
	igt_assert_f(s1.d[d].wakes == s0.d[d].wakes &&
		     s1.d[d].fallbacks == s0.d[d].fallbacks,
		     "%s: the driver counted %llu wakes, %llu fallbacks of a domain that never acks",
		     dg1dev_domain_name(d), s1.d[d].wakes - s0.d[d].wakes,
		     s1.d[d].fallbacks - s0.d[d].fallbacks);
	igt_assert_f(s1.d[d].errors > s0.d[d].errors,
		     "%s: errors %u before and after %u ack timeouts",
		     dg1dev_domain_name(d), s0.d[d].errors, RACERS);
	dut_assert_unreferenced("after the failed race");
}

/*
 * Concurrent gets of one sleeping domain: the render domain through rcs0
 * (which wakes, or fails where vdg1 never acks it), and each other domain
 * vdg1 never acks through one of its engines.
 */
static void test_concurrent_wake(void)
{
	uint32_t never, domains;
	int d;

	dut_require_vdg1();
	dut_require_debugfs();
	never = dut_never_ack();
	domains = DG1DEV_DOMAIN_BIT(VDG1_FW_RENDER) |
		  (never & dut_engine_domains());

	for (d = 0; d < VDG1_FW_COUNT; d++) {
		const struct drm_dg1_engine_class_instance *e;

		if (!(domains & DG1DEV_DOMAIN_BIT(d)))
			continue;
		e = dut_engine_in_domains(DG1DEV_DOMAIN_BIT(d), true);
		igt_assert_f(e, "no engine to wake %s with",
			     dg1dev_domain_name(d));
		igt_info("%s, %s: %u threads at once on %s\n",
			 dg1dev_domain_name(d),
			 never & DG1DEV_DOMAIN_BIT(d) ?
			 "which vdg1 never acks" : "asleep",
			 RACERS, dut_engine_str(e));
		if (never & DG1DEV_DOMAIN_BIT(d))
			race_dead(e, d);
		else
			race_wake(e, d);
	}
}

/*
 * A domain vdg1 never acks: past the driver's retry window, a query on its
 * engine fails with ETIMEDOUT after a real ack wait spent asleep, not
 * spinning; at once again it fails without a wake request or an ack read
 * of that domain (vdg1's counts: a wall-clock bound flaked on a loaded
 * host, 16.9 ms against 10). The driver logs it, counts it against that
 * domain only, and everything else keeps working.
 */
static void test_never_ack_fails_cleanly(void)
{
	const struct drm_dg1_engine_class_instance *bad, *e;
	struct drm_dg1_query_engine_cycles c;
	struct drm_dg1_query_engines *again;
	struct dg1dev_fw_stats s0, s1;
	char line[1024], what[64];
	const char *needles[3];
	uint32_t never, size;
	int d, other, err, f, logged;
	unsigned int i, healthy = 0;
	struct vdg1_counters_page v0, v1;
	struct dg1dev_klog k;
	uint64_t wall, cpu;

	dut_require_vdg1();
	never = dut_never_ack();
	igt_require_f(never,
		      "vdg1 acks every domain (never_ack_domains 0); run it with fw-never-ack=<domain>");
	dut_require_debugfs();

	/* Every domain vdg1 can leave dead while probe works has an engine. */
	bad = dut_engine_in_domains(never, true);
	igt_assert_f(bad, "no engine lives in the never-acking %s",
		     dut_domains_str(never));
	d = dg1dev_engine_domain(bad);
	igt_info("vdg1 never acks %s: using %s\n", dut_domains_str(never),
		 dut_engine_str(bad));

	/* Past the retry window of any earlier failure: a real wake attempt. */
	dut_sleep_ms(RETRY_WAIT_MS);
	dut_fw_stats(&s0);
	dg1dev_klog_start(&k);

	/* The operation fails with an error, after waiting by sleeping... */
	dg1dev_vdg1_snapshot(dut.vdg1, &v0);
	err = timed_cycles(bad, &wall, &cpu);
	dg1dev_vdg1_snapshot(dut.vdg1, &v1);
	igt_assert_f(err == -ETIMEDOUT,
		     "ENGINE_CYCLES on %s: %s, expected ETIMEDOUT",
		     dut_engine_str(bad), err ? strerror(-err) : "success");
	igt_info("ENGINE_CYCLES on %s: ETIMEDOUT after %llu ms, %llu ms of CPU; %u wake requests, %u ack reads\n",
		 dut_engine_str(bad), ms(wall), ms(cpu),
		 v1.wake_requests[d] - v0.wake_requests[d],
		 v1.ack_reads[d] - v0.ack_reads[d]);
	igt_assert_f(v1.wake_requests[d] != v0.wake_requests[d],
		     "no wake request of %s: the driver did not try it again after %u ms",
		     dg1dev_domain_name(d), RETRY_WAIT_MS);
	igt_assert_f(wall >= ACK_TIMEOUT_MS * NSEC_PER_MSEC,
		     "ETIMEDOUT after %llu ms, %u ms after the last failure: no ack wait of %u ms",
		     ms(wall), RETRY_WAIT_MS, ACK_TIMEOUT_MS);
	igt_assert_f(cpu < wall / 2,
		     "the failed wake took %llu ms of CPU in %llu ms: the ack wait spins instead of sleeping",
		     ms(cpu), ms(wall));

	/* ...and at once again, inside the retry window, leaves it alone. */
	dg1dev_vdg1_snapshot(dut.vdg1, &v0);
	err = timed_cycles(bad, &wall, &cpu);
	dg1dev_vdg1_snapshot(dut.vdg1, &v1);
	igt_assert_f(err == -ETIMEDOUT,
		     "ENGINE_CYCLES on %s again: %s, expected ETIMEDOUT",
		     dut_engine_str(bad), err ? strerror(-err) : "success");
	igt_info("again at once: ETIMEDOUT after %llu us\n",
		 (unsigned long long)(wall / 1000));
	igt_assert_f(v1.wake_requests[d] == v0.wake_requests[d] &&
		     v1.ack_reads[d] == v0.ack_reads[d],
		     "a second ENGINE_CYCLES at once made %u wake requests of %s and read its ack %u times: the domain was not left alone after its failure",
		     v1.wake_requests[d] - v0.wake_requests[d],
		     dg1dev_domain_name(d), v1.ack_reads[d] - v0.ack_reads[d]);

	/*
	 * ...and the driver's log line for the domain, from this device: new,
	 * or from the first failure, as the driver reports a domain once.
	 */
	snprintf(what, sizeof(what), "forcewake %s: no wake ack",
		 dg1dev_domain_name(d));
	needles[0] = what;
	needles[1] = strrchr(dut.pci, '/') + 1;
	needles[2] = NULL;
	logged = dg1dev_klog_find(&k, needles, line, sizeof(line));
	igt_assert_f(logged >= 0, "cannot read the kernel log: %s",
		     strerror(-logged));
	igt_assert_f(logged, "no kernel log line has '%s' and '%s'",
		     needles[0], needles[1]);
	igt_info("kernel (%s): %s\n",
		 logged == 2 ? "new line" : "earlier line, none new", line);

	/* The driver counted the timeout against that domain only. */
	dut_fw_stats(&s1);
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

	/* Every engine of the other domains still answers. */
	for (i = 0; i < dut.num_engines; i++) {
		e = &dut.engines[i];
		if (never & DG1DEV_DOMAIN_BIT(dg1dev_engine_domain(e)))
			continue;
		dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
		dut_check_cycles_answer(e, CLOCK_MONOTONIC, &c);
		healthy++;
	}
	igt_info("%u engines of the other domains answer\n", healthy);
	again = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_ENGINES, &size);
	igt_assert_eq(again->num_engines, dut.num_engines);
	free(again);

	/* Holding every domain cannot work either, and says so. */
	f = dg1dev_debugfs_open(dut.dfs, "forcewake_user", O_RDONLY);
	if (f >= 0) {
		close(f);
		igt_fail_f("forcewake_user opened although %s never acks",
			   dut_domains_str(never));
	}
	igt_info("forcewake_user: open failed with %s\n", strerror(-f));
	errno = 0;

	/* Nothing stays held or awake after the failures. */
	dut_assert_asleep(DG1DEV_ALL_DOMAINS, "after the failed operations");
	dut_assert_unreferenced("after the failed operations");
	for (i = 0; i < dut.num_engines; i++) {
		e = &dut.engines[i];
		if (!(never & DG1DEV_DOMAIN_BIT(dg1dev_engine_domain(e))))
			dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
	}
}

/*
 * vdg1 withholds the wake ack of the first lose_ack_count requests of each
 * domain in lose_ack_domains until the driver raises
 * FORCEWAKE_KERNEL_FALLBACK, the recovery i915 intel_uncore.c applies
 * (fw_domain_wait_ack_with_fallback(), WaRsForcewakeAddDelayForAck). Wake
 * each such domain until all of its lost acks are spent: every one must
 * have been recovered, by vdg1's count and as the driver's fallbacks, and
 * none may have become an error.
 */
static void test_lost_ack_fallback(void)
{
	const struct drm_dg1_engine_class_instance *waker[VDG1_FW_COUNT] = { };
	struct drm_dg1_query_engine_cycles c;
	struct vdg1_counters_page v;
	struct dg1dev_fw_stats s;
	uint32_t lose, count, want;
	unsigned int round;
	int d;

	dut_require_vdg1();
	lose = dut_lose_ack();
	igt_require_f(lose,
		      "vdg1 loses no acks (lose_ack_domains 0); run it with fw-lose-acks=<domain>");
	dut_require_debugfs();

	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	count = v.lose_ack_count;
	want = count * __builtin_popcount(lose);
	igt_info("vdg1 loses the first %u acks of %s: %u in all\n", count,
		 dut_domains_str(lose), want);
	igt_assert_f(count, "lose_ack_domains %s, but lose_ack_count 0",
		     dut_domains_str(lose));
	igt_assert_f(!(lose & ~DG1DEV_ALL_DOMAINS) &&
		     !(lose & v.never_ack_domains),
		     "lose-acks %s overlaps never-ack %s or names no domain",
		     dut_domains_str(lose),
		     dut_domains_str(v.never_ack_domains));

	/* An ENGINE_CYCLES query is one wake request of its engine's domain. */
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		if (!(lose & DG1DEV_DOMAIN_BIT(d)))
			continue;
		waker[d] = dut_engine_in_domains(DG1DEV_DOMAIN_BIT(d), true);
		igt_assert_f(waker[d], "no engine to wake %s with",
			     dg1dev_domain_name(d));
	}

	/* Probe and earlier subtests may have spent some already. */
	for (round = 0; round < count &&
	     dut.vdg1->page->acks_lost < want; round++) {
		dut_assert_asleep(lose, "before a round of wakes");
		for (d = 0; d < VDG1_FW_COUNT; d++)
			if (waker[d])
				dut_cycles_ok(waker[d], CLOCK_MONOTONIC, &c);
	}
	dut_assert_asleep(lose, "after the wakes");

	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	igt_info("vdg1: %u acks lost, %u recovered by fallback\n",
		 v.acks_lost, v.acks_recovered_by_fallback);
	igt_assert_f(v.acks_lost == want,
		     "vdg1 withheld %u acks; %u each of %s is %u",
		     v.acks_lost, count, dut_domains_str(lose), want);
	igt_assert_f(v.acks_recovered_by_fallback == want,
		     "%u of %u withheld acks were recovered by the fallback",
		     v.acks_recovered_by_fallback, want);

	dut_fw_stats(&s);
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		if (!(lose & DG1DEV_DOMAIN_BIT(d)))
			continue;
		igt_info("%s: wakes %llu errors %u fallbacks %llu\n",
			 dg1dev_domain_name(d), s.d[d].wakes, s.d[d].errors,
			 s.d[d].fallbacks);
		/* vdg1 never loses a release ack: one fallback per lost ack. */
		igt_assert_f(s.d[d].fallbacks == count,
			     "%s: the driver counted %llu fallbacks; vdg1 withheld %u of its wake acks",
			     dg1dev_domain_name(d), s.d[d].fallbacks, count);
		igt_assert_f(!s.d[d].errors,
			     "%s: %u errors, but every withheld ack came with the fallback",
			     dg1dev_domain_name(d), s.d[d].errors);
	}

	/* Working normally afterwards. */
	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (waker[d])
			dut_cycles_ok(waker[d], CLOCK_MONOTONIC, &c);
}

/* Since probe, only the domains vdg1 never acks may have timed out. */
static void test_forcewake_errors(void)
{
	uint32_t never = dut_never_ack(), bad = 0;
	struct dg1dev_fw_stats s;
	int d;

	dut_require_debugfs();
	dut_fw_stats(&s);
	for (d = 0; d < VDG1_FW_COUNT; d++) {
		if (!(s.present & DG1DEV_DOMAIN_BIT(d)))
			continue;
		igt_info("%s: ref %u wakes %llu gets %llu errors %u fallbacks %llu%s\n",
			 dg1dev_domain_name(d), s.d[d].ref, s.d[d].wakes,
			 s.d[d].gets, s.d[d].errors, s.d[d].fallbacks,
			 never & DG1DEV_DOMAIN_BIT(d) ? " (never acks)" : "");
		if (s.d[d].errors && !(never & DG1DEV_DOMAIN_BIT(d)))
			bad |= DG1DEV_DOMAIN_BIT(d);
	}
	igt_assert_f(!bad, "ack timeouts in domains that acknowledge: %s",
		     dut_domains_str(bad));
}

igt_main
{
	/* Wake-ups are counted: no runtime suspend and resume among them. */
	igt_fixture {
		dut_open();
		dut_hold_d0(true);
	}

	dut_subtest("debugfs-readable", test_debugfs_readable);
	dut_subtest("forcewake-domains-format", test_forcewake_domains_format);
	dut_subtest("forcewake-user-holds-all", test_forcewake_user_holds_all);
	dut_subtest("forcewake-user-nested", test_forcewake_user_nested);
	dut_subtest("delayed-release", test_delayed_release);
	dut_subtest("driver-wakes-match-vdg1", test_driver_wakes_match_vdg1);
	dut_subtest("concurrent-wake", test_concurrent_wake);
	dut_subtest("never-ack-fails-cleanly", test_never_ack_fails_cleanly);
	dut_subtest("lost-ack-fallback", test_lost_ack_fallback);
	dut_subtest("forcewake-errors", test_forcewake_errors);

	igt_fixture {
		dut_hold_d0(false);
		dut_close();
	}
}
