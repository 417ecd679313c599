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
 * The figures of a timed exec loop, the same for every driver measured
 * (dg1_bench_exec's loop, i915_bench_exec's): "<part>: us per exec, bcs0,
 * <shape>", execs per second, and context switches per exec unless
 * @switches is negative (unreadable).
 */
void dg1_loop_figures(const char *part, const char *shape, double us,
		      double switches);

/*
 * The figures of @n vcs0 -> rcs0 -> vecs0 chains in @ns nanoseconds, the
 * context switch counts before and after (dg1_context_switches(); none
 * printed if either is unreadable): per chain, and chains per second.
 */
void dg1_chain_figures(const char *part, uint64_t ns, uint64_t n,
		       long long cs0, long long cs1);

/*
 * @arg as a whole unsigned number (any base strtoul takes) in
 * [@min, @max]: 0, or -EINVAL with *@val unspecified.
 */
int dg1_parse_ulong(const char *arg, unsigned long min, unsigned long max,
		    unsigned long *val);

#endif /* DG1_BENCH_H */
