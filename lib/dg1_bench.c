// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench.c - the benchmarks' shared helpers (dg1_bench.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dg1_bench.h"
#include "dg1_dev.h"

uint64_t dg1_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * DG1_NSEC_PER_SEC + ts.tv_nsec;
}

void dg1_figure(const char *what, double value)
{
	char num[64];
	size_t n;

	snprintf(num, sizeof(num), "%.2f", value);
	n = strlen(num);
	while (n && num[n - 1] == '0')
		num[--n] = '\0';
	if (n && num[n - 1] == '.')
		num[--n] = '\0';
	printf("bench: %s: %s\n", what, num);
}

void dg1_figuref(double value, const char *fmt, ...)
{
	char what[192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	dg1_figure(what, value);
}

void dg1_loop_figures(const char *part, const char *shape, double us,
		      double switches)
{
	dg1_figuref(us, "%s: us per exec, bcs0, %s", part, shape);
	dg1_figuref(1e6 / us, "%s: execs per second, bcs0, %s", part, shape);
	if (switches >= 0)
		dg1_figuref(switches,
			    "%s: context switches per exec, both CPUs, bcs0, %s",
			    part, shape);
}

void dg1_chain_figures(const char *part, uint64_t ns, uint64_t n,
		       long long cs0, long long cs1)
{
	dg1_figuref((double)ns / n / 1000,
		    "%s: us per vcs0 -> rcs0 -> vecs0 chain, waited", part);
	dg1_figuref(n * (double)DG1_NSEC_PER_SEC / ns, "%s: chains per second",
		    part);
	if (cs0 >= 0 && cs1 >= cs0)
		dg1_figuref((double)(cs1 - cs0) / n,
			    "%s: context switches per chain, both CPUs", part);
}

long long dg1_context_switches(void)
{
	char line[256];
	long long n = -ENOENT;
	FILE *f = fopen("/proc/stat", "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "ctxt %lld", &n) == 1)
			break;
	fclose(f);
	return n;
}

int dg1_parse_ulong(const char *arg, unsigned long min, unsigned long max,
		    unsigned long *val)
{
	char *end;

	errno = 0;
	*val = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || *val < min || *val > max)
		return -EINVAL;
	return 0;
}
