// SPDX-License-Identifier: GPL-2.0
/*
 * vdg1_measure - what a command cost on vdg1, whatever driver runs it.
 *
 *   vdg1_measure -l LABEL [-e ENGINE] [-r] -- COMMAND [ARGS...]
 *
 * Snapshots vdg1's counters page, runs COMMAND (its output passes
 * through), snapshots again and prints, as "bench: LABEL: <what>: <number>"
 * lines, the same figures dg1_bench_exec prints for dg1: register writes
 * per submission to ENGINE (vdg1's engine index, default 1: bcs0),
 * register reads per submission outside interrupt service, register
 * accesses per serviced interrupt, interrupts per submission. With -r the
 * last line COMMAND printed that is a number is taken as microseconds per
 * exec (what igt-gpu-tools' gem_exec_nop benchmark prints) and turned into
 * execs per second.
 *
 * It needs no driver of its own: it finds the DG1 by PCI id and maps the
 * counters page through resource0 (iomem=relaxed with a driver bound).
 * Exit status: COMMAND's, or 1 when nothing could be measured.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"

static const char *label = "cmd";

static void figure(double v, const char *what)
{
	printf("bench: %s: %s: %.2f\n", label, what, v);
}

/* Run @argv with its stdout through a pipe; the last number it printed. */
static int run(char **argv, double *last)
{
	char line[1024], *end;
	int status, p[2];
	pid_t pid;
	FILE *f;
	double v;

	if (pipe(p))
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		dup2(p[1], STDOUT_FILENO);
		close(p[0]);
		close(p[1]);
		execvp(argv[0], argv);
		fprintf(stderr, "vdg1_measure: %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	close(p[1]);
	f = fdopen(p[0], "r");
	while (f && fgets(line, sizeof(line), f)) {
		fputs(line, stdout);
		v = strtod(line, &end);
		if (end != line && (*end == '\n' || !*end))
			*last = v;
	}
	if (f)
		fclose(f);
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv)
{
	struct vdg1_counters_page c0, c1;
	struct dg1dev_vdg1 v;
	char pci[PATH_MAX], why[256];
	struct dg1dev_mmio_cost cost;
	unsigned int engine = 1;
	bool rate = false;
	double last = 0;
	int c, rc, err;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("Usage: %s -l LABEL [-e ENGINE] [-r] -- COMMAND [ARGS...]\n"
		       "Runs COMMAND and prints what vdg1 counted for it: register accesses\n"
		       "per submission and per interrupt on ENGINE (1, the copy engine), and\n"
		       "with -r the exec rate from COMMAND's last figure.\n", argv[0]);
		return 0;
	}
	while ((c = getopt(argc, argv, "l:e:r")) != -1) {
		switch (c) {
		case 'l':
			label = optarg;
			break;
		case 'e':
			engine = strtoul(optarg, NULL, 0);
			break;
		case 'r':
			rate = true;
			break;
		default:
			goto usage;
		}
	}
	if (optind >= argc || engine >= VDG1_COUNTERS_MAX_ENGINES)
		goto usage;

	err = dg1dev_pci_find(0, pci, sizeof(pci));
	if (!err)
		err = dg1dev_vdg1_map(pci, &v, why, sizeof(why));
	if (err) {
		fprintf(stderr, "vdg1_measure: no vdg1 counters page: %s\n",
			strerror(-err));
		return 1;
	}
	dg1dev_vdg1_snapshot(&v, &c0);
	rc = run(argv + optind, &last);
	dg1dev_vdg1_snapshot(&v, &c1);
	dg1dev_vdg1_unmap(&v);
	if (rc < 0) {
		fprintf(stderr, "vdg1_measure: %s: %s\n", argv[optind],
			strerror(-rc));
		return 1;
	}

	err = dg1dev_vdg1_mmio_cost(&c0, &c1, engine, &cost);
	printf("bench: %s: submissions to engine %u: %u, interrupts serviced: %u\n",
	       label, engine, cost.submissions, cost.serviced);
	if (err) {
		fprintf(stderr, "vdg1_measure: nothing submitted or serviced\n");
		return rc ? rc : 1;
	}
	figure(cost.writes_per_submission, "mmio: register writes per submission");
	figure(cost.reads_per_submission,
	       "mmio: register reads per submission outside interrupts");
	figure(cost.per_interrupt, "mmio: register accesses per serviced interrupt");
	figure(cost.interrupts_per_submission, "mmio: interrupts per submission");
	if (cost.load_irqs)
		figure(cost.load_to_user_irq_us,
		       "device: us from an ELSQ load to its user interrupt");
	figure(cost.commands_per_submission,
	       "device: commands run per submission");
	if (rate && last > 0) {
		figure(last, "nops: us per exec");
		figure(1e6 / last, "nops: execs per second");
	}
	return rc;

usage:
	fprintf(stderr, "Usage: %s -l LABEL [-e ENGINE] [-r] -- COMMAND [ARGS...]\n",
		argv[0]);
	return 2;
}
