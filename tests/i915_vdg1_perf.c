// SPDX-License-Identifier: GPL-2.0
/*
 * i915_vdg1_perf - vdg1's OA unit serving a driver and tools we did not
 * write: Debian's i915-perf-recorder records TestOa through i915's perf
 * interface, i915-perf-reader decodes it with libi915_perf's DG1 metric
 * sets, and every timer report must carry what the OA model promises
 * (Documentation/vdg1-oa.rst): GPU ticks at the granted frequency for the
 * whole period (the stream holds the GT out of RC6; i915's frequency is
 * pinned at RP0, 1550 MHz, through its gt_min_freq_mhz for the recording,
 * as a user comparing clocks would), and TestOa's B and C counters as
 * IGT's perf tests check them on any Gen12.
 *
 * The stock-i915 scenario copies both programs, with their libraries, to
 * /host (scripts/mkinitramfs.sh --host-binary).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"
#include "i915_vdg1.h"

#define RECORDER	"/host/i915-perf-recorder"
#define READER		"/host/i915-perf-reader"
#define RECORDING	"/tmp/i915-testoa.record"
/* RP0, where the frequency is pinned, and the timestamp (RPM_CONFIG0). */
#define GPU_HZ		1550000000ull
#define GPU_MHZ		"1550"
#define TS_HZ		19200000ull
/* Timer reports to record: enough intervals, little TCG time. */
#define WANT_REPORTS	300
#define RECORD_TIMEOUT_S 120

/* The card index of the DRM device under @pci, from sysfs. */
static int card_of(const char *pci)
{
	char pattern[300];
	glob_t g;
	int card = -1;

	snprintf(pattern, sizeof(pattern), "%s/drm/card*", pci);
	if (!glob(pattern, 0, NULL, &g) && g.gl_pathc == 1)
		card = atoi(strrchr(g.gl_pathv[0], '/') + 5);
	globfree(&g);
	return card;
}

static uint32_t oa_written(struct dg1dev_vdg1 *vdg1)
{
	return vdg1->page->oa_reports_written;
}

/*
 * Record until vdg1 wrote @WANT_REPORTS timer reports for the stream, then
 * stop the recorder the way its user does (SIGINT). Returns the exponent
 * the recorder chose, from its "oa_exponent=" line.
 */
static int record(const char *pci, struct dg1dev_vdg1 *vdg1)
{
	char card[16], line[256];
	int pipefd[2], status, exponent = -1;
	uint32_t start = oa_written(vdg1);
	time_t deadline = time(NULL) + RECORD_TIMEOUT_S;
	FILE *out;
	pid_t pid;

	snprintf(card, sizeof(card), "%d", card_of(pci));
	igt_assert_f(strcmp(card, "-1"), "no DRM card under %s", pci);
	igt_assert_f(!access(RECORDER, X_OK), "%s: %s", RECORDER,
		     strerror(errno));
	igt_assert(!pipe(pipefd));
	pid = fork();
	igt_assert(pid >= 0);
	if (!pid) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		execl(RECORDER, RECORDER, "-d", card, "-m", "TestOa",
		      "-p", "0.001", "-o", RECORDING, (char *)NULL);
		_exit(127);
	}
	close(pipefd[1]);

	while (oa_written(vdg1) - start < WANT_REPORTS &&
	       time(NULL) < deadline && waitpid(pid, &status, WNOHANG) == 0)
		usleep(100 * 1000);
	igt_info("vdg1 wrote %u OA reports while recording\n",
		 oa_written(vdg1) - start);
	kill(pid, SIGINT);

	out = fdopen(pipefd[0], "r");
	igt_assert(out);
	while (fgets(line, sizeof(line), out)) {
		const char *e = strstr(line, "oa_exponent=");

		igt_info("recorder: %s", line);
		if (e)
			exponent = atoi(e + strlen("oa_exponent="));
	}
	fclose(out);
	igt_assert(waitpid(pid, &status, 0) == pid);
	igt_assert_f(WIFEXITED(status) && !WEXITSTATUS(status),
		     "recorder status 0x%x", status);
	igt_assert_f(oa_written(vdg1) - start >= WANT_REPORTS,
		     "vdg1 wrote %u reports in %d s", oa_written(vdg1) - start,
		     RECORD_TIMEOUT_S);
	igt_assert_f(exponent >= 0 && exponent < 32,
		     "no oa_exponent in the recorder's output");
	return exponent;
}

struct report_values {
	bool timer;
	uint64_t v[11];		/* in the order of counters[] */
	unsigned int seen;
};

static const char *const counters[] = {
	"GpuTime", "GpuCoreClocks", "Counter0", "Counter1", "Counter2",
	"Counter3", "Counter4", "Counter5", "Counter6", "Counter7",
	"Counter9",
};

/* |@v - @num / @den| <= 1: IGT's rule for the divided B counters. */
static bool within_one(uint64_t v, uint64_t num, uint64_t den)
{
	uint64_t want = num / den;

	return v + 1 >= want && v <= want + 1;
}

static void check_report(const struct report_values *r, unsigned int n,
			 uint64_t period_ns, uint64_t period_ticks)
{
	uint64_t ns = r->v[0], clk = r->v[1];
	/* GPU ticks in one period of timestamp ticks, rounding allowed. */
	uint64_t want_clk = period_ticks * GPU_HZ / TS_HZ;

	igt_assert_f(r->seen == (1u << 11) - 1,
		     "report %u: counters missing (mask 0x%x)", n, r->seen);
	igt_assert_f(ns == period_ns, "report %u: GpuTime %" PRIu64
		     " ns, the period is %" PRIu64, n, ns, period_ns);
	igt_assert_f(clk + 2 >= want_clk && clk <= want_clk + 2,
		     "report %u: GpuCoreClocks %" PRIu64 ", want %" PRIu64
		     " (1550 MHz pinned, never in RC6 under a stream)", n, clk,
		     want_clk);
	igt_assert_f(r->v[2] == 0, "report %u: B0 %" PRIu64, n, r->v[2]);
	igt_assert_f(r->v[3] == clk && r->v[4] == clk,
		     "report %u: B1 %" PRIu64 " B2 %" PRIu64 ", clocks %" PRIu64,
		     n, r->v[3], r->v[4], clk);
	igt_assert_f(within_one(r->v[5], clk, 2), "report %u: B3 %" PRIu64
		     " for %" PRIu64 " clocks", n, r->v[5], clk);
	igt_assert_f(within_one(r->v[6], clk, 3) && within_one(r->v[7], clk, 3),
		     "report %u: B4 %" PRIu64 " B5 %" PRIu64, n, r->v[6],
		     r->v[7]);
	igt_assert_f(within_one(r->v[8], clk, 6), "report %u: B6 %" PRIu64,
		     n, r->v[8]);
	igt_assert_f(within_one(r->v[9], 2 * clk, 3), "report %u: B7 %" PRIu64,
		     n, r->v[9]);
	igt_assert_f(r->v[10] == clk, "report %u: C1 %" PRIu64, n, r->v[10]);
}

/* Decode the recording and check every timer report; returns how many. */
static unsigned int decode(uint64_t period_ns, uint64_t period_ticks)
{
	char cmd[512], line[256];
	struct report_values r = { 0 };
	unsigned int timer = 0, reports = 0, total = 0, i;
	bool in_report = false;
	FILE *p;

	igt_assert_f(!access(READER, X_OK), "%s: %s", READER, strerror(errno));
	snprintf(cmd, sizeof(cmd), "%s -r -c %s", READER, "GpuTime,"
		 "GpuCoreClocks,Counter0,Counter1,Counter2,Counter3,Counter4,"
		 "Counter5,Counter6,Counter7,Counter9 " RECORDING " 2>&1");
	p = popen(cmd, "r");
	igt_assert(p);
	while (fgets(line, sizeof(line), p)) {
		char name[64];
		uint64_t v;

		if (sscanf(line, "Reports: %u", &total) == 1)
			continue;
		if (strstr(line, " report") && strstr(line, " = ")) {
			if (in_report && r.timer)
				check_report(&r, timer++, period_ns, period_ticks);
			memset(&r, 0, sizeof(r));
			r.timer = strstr(line, "= timer");
			in_report = true;
			reports++;
			continue;
		}
		if (!in_report || sscanf(line, " %63[^:]: %" SCNu64, name,
					 &v) != 2)
			continue;
		for (i = 0; i < 11; i++)
			if (!strcmp(name, counters[i])) {
				r.v[i] = v;
				r.seen |= 1u << i;
			}
	}
	if (in_report && r.timer)
		check_report(&r, timer++, period_ns, period_ticks);
	igt_assert_eq(pclose(p), 0);
	igt_info("i915-perf-reader: %u reports in the file, %u intervals, %u timer intervals checked\n",
		 total, reports, timer);
	igt_assert_f(total && reports == total - 1,
		     "%u intervals for %u reports", reports, total);
	return timer;
}

/* Read or write i915's gt_min_freq_mhz; returns the old text. */
static void min_freq(const char *pci, const char *set, char *old, size_t len)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/drm/card%d/gt_min_freq_mhz", pci,
		 card_of(pci));
	if (old) {
		f = fopen(path, "r");
		igt_assert_f(f && fgets(old, len, f), "cannot read %s", path);
		fclose(f);
	}
	f = fopen(path, "w");
	igt_assert_f(f, "cannot open %s", path);
	igt_assert_f(fputs(set, f) >= 0 && !fclose(f), "cannot write %s to %s",
		     set, path);
}

void i915_perf_recorder_check(const char *pci, struct dg1dev_vdg1 *vdg1)
{
	uint64_t period_ns, period_ticks;
	char old[32];
	int exponent;

	/* vdg1's GPU clock runs at the granted frequency: pin it. */
	min_freq(pci, GPU_MHZ, old, sizeof(old));
	exponent = record(pci, vdg1);
	min_freq(pci, old, NULL, 0);
	period_ticks = 2ull << exponent;
	period_ns = period_ticks * 1000000000ull / TS_HZ;
	igt_info("exponent %d: period %" PRIu64 " ns\n", exponent, period_ns);
	igt_assert_f(decode(period_ns, period_ticks) >= WANT_REPORTS / 2,
		     "too few timer intervals decoded");
	unlink(RECORDING);
}
