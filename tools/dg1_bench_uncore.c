// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_uncore - what forcewake costs, in numbers. Prints, never judges.
 *
 * The workload is DRM_DG1_QUERY_ENGINE_CYCLES on rcs0: one read of the
 * render domain's RING_TIMESTAMP under forcewake per query. It runs twice,
 * N queries back to back and N queries 2 ms apart, and each run is measured
 * from both sides:
 *
 *  - vdg1's counters page (needs vdg1 and root): sleep-to-awake transitions
 *    of the render domain, MMIO reads and writes;
 *  - the driver's debugfs forcewake_domains (needs root): wakes and gets
 *    per domain.
 *
 * Nothing is reset (other tests read the totals): every figure is the
 * difference of snapshots taken before and after. Each figure is one line,
 * "bench: <what>: <number>", for scripts to collect. The delayed release
 * should make the back-to-back render transitions per 1000 accesses about
 * 1 (target: at most 2), and the 2 ms-apart ones about 1000. Every gap
 * between back-to-back queries longer than the release delay (a guest
 * descheduled under TCG) may add one; the bench counts those gaps too.
 *
 * Exit status - whether it measured forcewake, not whether the figures
 * are good:
 *  0  it did: from vdg1's counters and the driver's debugfs both, or, on a
 *     real DG1 (no vdg1, DG1_EXPECT_VDG1 unset), from the driver's debugfs
 *     alone, whose wake and get counts measure the same delayed release;
 *  77 real hardware without debugfs (not root): only the time per query
 *     was measured, which says nothing about wakes;
 *  1  it cannot measure: no device or rcs0, a failed query, vdg1's counters
 *     or the driver's debugfs missing where they must be (on vdg1, or
 *     DG1_EXPECT_VDG1=1), or a figure without a value ("n/a").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dg1_bench.h"
#include "dg1_dev.h"
#include "dg1_dev_debugfs.h"
#include "dg1_dev_vdg1.h"

#define EXIT_SKIP		77
#define NSEC_PER_MSEC		1000000ull
#define SETTLE_TIMEOUT_MS	200

static const char *prog;
/* Figures printed as "n/a": something was not measured. */
static unsigned int unmeasured;

struct bench {
	int fd;
	struct drm_dg1_engine_class_instance rcs0;
	int render;			/* rcs0's forcewake domain */

	struct dg1dev_vdg1 vdg1;
	bool have_vdg1;			/* the counters page is mapped */
	char vdg1_why[256];

	char dfs[PATH_MAX];		/* "" without debugfs */
	char dfs_why[512];
};

struct snap {
	uint64_t ns;
	struct vdg1_counters_page v;
	struct dg1dev_fw_stats fw;
};

/*
 * Gaps between the end of one query and the end of the next. One longer
 * than the release delay lets the domain sleep between back-to-back
 * queries: under TCG that is the guest being descheduled, not the driver.
 */
struct gaps {
	uint64_t longest_ns;
	unsigned int over_release;
};

/* The driver releases a domain about 1 ms after its last put. */
#define RELEASE_DELAY_NS	NSEC_PER_MSEC

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-d /dev/dri/renderDN] [-n N] [-s SLEEP_US] [-h]\n"
		"Measure forcewake: N ENGINE_CYCLES queries on rcs0 back to back,\n"
		"then N with SLEEP_US between them. Prints \"bench: <what>: <n>\"\n"
		"lines; vdg1's figures need vdg1 and root, the driver's need debugfs.\n"
		"  -d, --device NODE   render node (default: $%s, else the first dg1)\n"
		"  -n, --count N       queries per run (default 1000)\n"
		"  -s, --sleep-us US   pause of the second run (default 2000)\n"
		"  -h, --help          this text\n"
		"Exit status: 0 measured, %d only timed (real DG1, no debugfs),\n"
		"1 cannot measure (see the source for the details).\n",
		prog, DG1_DEVICE_ENV, EXIT_SKIP);
}

static void sleep_us(unsigned int us)
{
	struct timespec ts = {
		.tv_sec = us / 1000000,
		.tv_nsec = (us % 1000000) * 1000ull,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* A ratio whose divisor may be 0: then there is no figure to give. */
static void ratio(const char *what, double num, double den)
{
	if (den > 0) {
		dg1_figure(what, num / den);
		return;
	}
	printf("bench: %s: n/a\n", what);
	unmeasured++;
}

static int take(struct bench *b, struct snap *s)
{
	char why[512];
	int err;

	s->ns = dg1_now_ns();
	if (b->have_vdg1)
		dg1dev_vdg1_snapshot(&b->vdg1, &s->v);
	if (b->dfs[0]) {
		err = dg1dev_fw_stats_read(b->dfs, &s->fw, why, sizeof(why));
		if (err) {
			fprintf(stderr, "%s: %s\n", prog, why);
			return err;
		}
	}

	return 0;
}

/* Start from a sleeping render domain, so the first query has to wake it. */
static void settle(struct bench *b)
{
	uint64_t start = dg1_now_ns();

	if (!b->have_vdg1) {
		sleep_us(20000);
		return;
	}
	while (b->vdg1.page->awake_domains & DG1DEV_DOMAIN_BIT(b->render) &&
	       dg1_now_ns() - start < SETTLE_TIMEOUT_MS * NSEC_PER_MSEC)
		sleep_us(1000);
}

/* @n queries on rcs0, @pause_us apart, measured into *@before / *@after. */
static int run(struct bench *b, unsigned int n, unsigned int pause_us,
	       struct snap *before, struct snap *after, struct gaps *gaps)
{
	struct drm_dg1_query_engine_cycles c;
	uint64_t prev = 0, t;
	unsigned int i;
	int err;

	settle(b);
	err = take(b, before);
	if (err)
		return err;
	*gaps = (struct gaps){ };
	for (i = 0; i < n; i++) {
		err = dg1dev_engine_cycles(b->fd, &b->rcs0, CLOCK_MONOTONIC,
					   &c);
		if (err) {
			fprintf(stderr, "%s: ENGINE_CYCLES on rcs0: %s\n", prog,
				strerror(-err));
			return err;
		}
		t = dg1_now_ns();
		if (i && t - prev > gaps->longest_ns)
			gaps->longest_ns = t - prev;
		if (i && t - prev > RELEASE_DELAY_NS)
			gaps->over_release++;
		prev = t;
		if (pause_us)
			sleep_us(pause_us);
	}
	return take(b, after);
}

/* How a run's figures are named: "back-to-back" or "2 ms apart". */
struct phrasing {
	const char *accesses;	/* after "per 1000": "back-to-back accesses" */
	const char *query;	/* after "per": "back-to-back query" */
	const char *run;	/* in parentheses: "back-to-back" */
};

static void report(const struct bench *b, const struct phrasing *ph,
		   unsigned int n, const struct snap *s0, const struct snap *s1,
		   const struct gaps *gaps)
{
	double scale = 1000.0 / n;
	unsigned long long gets = 0;
	uint32_t mmio = 0, woke = 0;
	char what[160];
	int d;

	if (gaps) {
		snprintf(what, sizeof(what), "ns per %s", ph->query);
		dg1_figure(what, (double)(s1->ns - s0->ns) / n);
		snprintf(what, sizeof(what), "longest gap between %s queries (us)",
			 ph->run);
		dg1_figure(what, gaps->longest_ns / 1000.0);
		snprintf(what, sizeof(what),
			 "gaps between %s queries over the 1 ms release delay",
			 ph->run);
		dg1_figure(what, gaps->over_release);
	}

	if (b->have_vdg1) {
		mmio = (s1->v.mmio_reads - s0->v.mmio_reads) +
		       (s1->v.mmio_writes - s0->v.mmio_writes);
		for (d = 0; d < VDG1_FW_COUNT; d++)
			woke += s1->v.wake_transitions[d] -
				s0->v.wake_transitions[d];
		snprintf(what, sizeof(what),
			 "%s wake transitions per 1000 %s",
			 dg1dev_domain_name(b->render), ph->accesses);
		dg1_figure(what, scale *
		       (s1->v.wake_transitions[b->render] -
			s0->v.wake_transitions[b->render]));
		snprintf(what, sizeof(what), "mmio accesses per %s", ph->query);
		dg1_figure(what, (double)mmio / n);
	}

	if (b->dfs[0]) {
		for (d = 0; d < VDG1_FW_COUNT; d++) {
			unsigned long long dw, dg;

			if (!(s1->fw.present & DG1DEV_DOMAIN_BIT(d)))
				continue;
			dw = s1->fw.d[d].wakes - s0->fw.d[d].wakes;
			dg = s1->fw.d[d].gets - s0->fw.d[d].gets;
			gets += dg;
			snprintf(what, sizeof(what),
				 "driver %s wakes per 1000 %s",
				 dg1dev_domain_name(d), ph->accesses);
			dg1_figure(what, scale * dw);
			snprintf(what, sizeof(what),
				 "driver %s gets per 1000 %s",
				 dg1dev_domain_name(d), ph->accesses);
			dg1_figure(what, scale * dg);
		}
	}

	/* Every domain's gets and wakes, against every MMIO access. */
	if (b->have_vdg1 && b->dfs[0]) {
		snprintf(what, sizeof(what),
			 "mmio accesses per forcewake get (%s)", ph->run);
		ratio(what, mmio, gets);
	}
	if (b->have_vdg1) {
		snprintf(what, sizeof(what),
			 "mmio accesses per forcewake wake (%s)", ph->run);
		ratio(what, mmio, woke);
	}
}

static int find_rcs0(struct bench *b)
{
	struct drm_dg1_query_engines *q;
	uint32_t size, i;
	int err;

	err = dg1dev_query(b->fd, DRM_DG1_QUERY_ENGINES, (void **)&q, &size);
	if (err) {
		fprintf(stderr, "%s: ENGINES query: %s\n", prog,
			strerror(-err));
		return err;
	}
	err = -ENODEV;
	for (i = 0; i < q->num_engines &&
	     sizeof(*q) + (i + 1) * sizeof(q->engines[0]) <= size; i++) {
		if (q->engines[i].engine_class == DRM_DG1_ENGINE_CLASS_RENDER &&
		    q->engines[i].engine_instance == 0) {
			b->rcs0 = q->engines[i];
			err = 0;
		}
	}
	free(q);
	if (err)
		fprintf(stderr, "%s: the device has no rcs0\n", prog);

	return err;
}

/* Counts and microseconds: small enough to scale by 1000 in an int. */
static int parse_uint(const char *arg, unsigned int min, unsigned int *val)
{
	unsigned long v;
	int err = dg1_parse_ulong(arg, min, UINT_MAX / 1000, &v);

	if (!err)
		*val = v;
	return err;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "count", required_argument, NULL, 'n' },
		{ "sleep-us", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	unsigned int n = 1000, pause_us = 2000;
	struct snap s0, s1, s2, s3;
	struct gaps g0, g1;
	struct bench b = { };
	char node[PATH_MAX], pci[PATH_MAX];
	char apart[32], accesses[48], query[48];
	const char *want = NULL, *env;
	bool expect_vdg1;
	int c, err;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	setvbuf(stdout, NULL, _IOLBF, 0);

	while ((c = getopt_long(argc, argv, "d:n:s:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			want = optarg;
			break;
		case 'n':
			if (parse_uint(optarg, 1, &n)) {
				fprintf(stderr, "%s: bad count '%s'\n", prog,
					optarg);
				return 2;
			}
			break;
		case 's':
			if (parse_uint(optarg, 0, &pause_us)) {
				fprintf(stderr, "%s: bad pause '%s'\n", prog,
					optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}

	b.fd = dg1dev_open_render(want, node, sizeof(node));
	if (b.fd < 0) {
		fprintf(stderr, "%s: no dg1 render node: %s\n", prog,
			strerror(-b.fd));
		return 1;
	}
	if (find_rcs0(&b))
		return 1;
	b.render = dg1dev_engine_domain(&b.rcs0);

	env = getenv(DG1_EXPECT_VDG1_ENV);
	expect_vdg1 = env && !strcmp(env, "1");
	err = dg1dev_pci_path(b.fd, pci, sizeof(pci));
	if (err) {
		snprintf(b.vdg1_why, sizeof(b.vdg1_why),
			 "no sysfs PCI device for the render node: %s",
			 strerror(-err));
		snprintf(b.dfs_why, sizeof(b.dfs_why), "%s", b.vdg1_why);
		b.dfs[0] = '\0';
	} else {
		err = dg1dev_vdg1_map(pci, &b.vdg1, b.vdg1_why,
				      sizeof(b.vdg1_why));
		b.have_vdg1 = !err;
		/* vdg1 of another layout: this build cannot read it. */
		if (err == -EPROTO || (err && expect_vdg1)) {
			fprintf(stderr, "%s: %s\n", prog, b.vdg1_why);
			return 1;
		}
		if (dg1dev_debugfs_dir(pci, b.dfs, sizeof(b.dfs), b.dfs_why,
				       sizeof(b.dfs_why)))
			b.dfs[0] = '\0';
	}
	if (b.dfs[0]) {
		struct dg1dev_fw_stats st;

		if (dg1dev_fw_stats_read(b.dfs, &st, b.dfs_why,
					 sizeof(b.dfs_why)))
			b.dfs[0] = '\0';
	}
	if (!b.dfs[0] && (b.have_vdg1 || expect_vdg1)) {
		fprintf(stderr, "%s: on vdg1, but no driver figures: %s\n",
			prog, b.dfs_why);
		return 1;
	}

	printf("%s: %s, %u ENGINE_CYCLES queries on rcs0 (%s domain), back to back and %u us apart\n",
	       prog, node, n, dg1dev_domain_name(b.render), pause_us);
	if (b.have_vdg1) {
		struct vdg1_counters_page v;
		char line[256];

		dg1dev_vdg1_snapshot(&b.vdg1, &v);
		dg1dev_vdg1_format_config(&v, line, sizeof(line));
		printf("%s: vdg1: %s\n", prog, line);
	} else {
		printf("%s: no vdg1 figures: %s\n", prog, b.vdg1_why);
	}
	if (!b.dfs[0])
		printf("%s: no driver figures: %s\n", prog, b.dfs_why);

	if (run(&b, n, 0, &s0, &s1, &g0) ||
	    run(&b, n, pause_us, &s2, &s3, &g1))
		return 1;

	dg1_figure("engine-cycles queries per run", n);
	report(&b, &(struct phrasing){
			.accesses = "back-to-back accesses",
			.query = "back-to-back query",
			.run = "back-to-back",
		}, n, &s0, &s1, &g0);

	if (pause_us % 1000)
		snprintf(apart, sizeof(apart), "%u us apart", pause_us);
	else
		snprintf(apart, sizeof(apart), "%u ms apart", pause_us / 1000);
	snprintf(accesses, sizeof(accesses), "accesses %s", apart);
	snprintf(query, sizeof(query), "query %s", apart);
	report(&b, &(struct phrasing){
			.accesses = accesses,
			.query = query,
			.run = apart,
		}, n, &s2, &s3, NULL);

	if (b.have_vdg1)
		dg1dev_vdg1_unmap(&b.vdg1);
	close(b.fd);

	if (unmeasured) {
		fprintf(stderr, "%s: %u figures could not be measured (n/a)\n",
			prog, unmeasured);
		return 1;
	}
	if (!b.dfs[0]) {
		printf("%s: only timed the queries, no wake counts: %s; %s\n",
		       prog, b.vdg1_why, b.dfs_why);
		return EXIT_SKIP;
	}
	return 0;
}
