/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_bench.h - what the benchmarks and the tests share beyond the device
 * helpers: a clock, the figure lines scripts collect, the vgem node the
 * side-by-side figures need, option parsing.
 */
#ifndef DG1_BENCH_H
#define DG1_BENCH_H

#include <stddef.h>
#include <stdint.h>

#define DG1_NSEC_PER_SEC	1000000000ull

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t dg1_now_ns(void);

/*
 * Print "bench: <what>: <value>", the value with at most two decimals and
 * no trailing zeros: the one format scripts/bench.sh and make check read.
 */
void dg1_figure(const char *what, double value);
/* The same with <what> from a format. */
void dg1_figuref(double value, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The context switches of every CPU since boot (/proc/stat "ctxt"): the
 * difference over a loop, divided by its iterations, is measured the same
 * way whatever driver the loop calls. Returns -errno when unreadable.
 */
long long dg1_context_switches(void);

/*
 * @arg as a whole unsigned number (any base strtoul takes) in
 * [@min, @max]: 0, or -EINVAL with *@val unspecified.
 */
int dg1_parse_ulong(const char *arg, unsigned long min, unsigned long max,
		    unsigned long *val);

#endif /* DG1_BENCH_H */
