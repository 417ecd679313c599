// SPDX-License-Identifier: GPL-2.0
/*
 * igt_core.c - a small IGT-style test harness for dg1 (see igt_core.h).
 */
#define _GNU_SOURCE
#include <fnmatch.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "igt_core.h"

enum igt_result {
	RESULT_SUCCESS,
	RESULT_SKIP,
	RESULT_FAIL,
	RESULT_CRASH,
};

static const char * const result_names[] = {
	[RESULT_SUCCESS] = "SUCCESS",
	[RESULT_SKIP] = "SKIP",
	[RESULT_FAIL] = "FAIL",
	[RESULT_CRASH] = "CRASH",
};

enum block_kind {
	BLOCK_NONE,
	BLOCK_FIXTURE,
	BLOCK_SUBTEST,
};

sigjmp_buf __igt_jmp;
bool igt_debug_enabled;

static struct {
	const char *prog;
	bool list_only;
	char *filter;			/* --run-subtest, comma separated globs */

	/* The block being run. */
	enum block_kind kind;
	bool running;
	const char *name;
	const char *file;
	int line;
	struct timespec start;
	enum igt_result result;		/* set before a longjmp out */
	int crash_signal;

	/* After a fixture skipped or failed, every later subtest does too. */
	enum igt_result henceforth;
	char henceforth_why[512];

	bool matched;
	unsigned int blocks_entered;	/* fixtures and subtests, run or not */
	unsigned int passed, skipped, failed;
} igt;

static void __igt_noreturn internal_error(const char *fmt, ...)
	__igt_printf(1, 2);

static void internal_error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "(%s:%d) harness error: ", igt.prog, getpid());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(IGT_EXIT_FAILURE);
}

static double elapsed(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - igt.start.tv_sec) +
	       (now.tv_nsec - igt.start.tv_nsec) / 1e9;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [OPTIONS]\n"
		"  --list-subtests       print the subtest names and exit\n"
		"  --run-subtest NAMES   run only these subtests: a comma separated\n"
		"                        list of names or globs (query-*)\n"
		"  --debug               print debug messages\n"
		"  --help                this text\n"
		"Environment: %s=/dev/dri/renderDN picks the render node.\n"
		"Exit status: 0 passed (skips allowed), %d all skipped, %d failed,\n"
		"%d bad arguments or no subtest matched.\n",
		igt.prog, DG1_DEVICE_ENV, IGT_EXIT_SKIP, IGT_EXIT_FAILURE,
		IGT_EXIT_INVALID);
}

/* A crash in a block ends that block as CRASH; anywhere else it kills us. */
static void crash_handler(int sig)
{
	if (igt.running) {
		igt.result = RESULT_CRASH;
		igt.crash_signal = sig;
		siglongjmp(__igt_jmp, 1);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_crash_handlers(void)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
	struct sigaction sa = { .sa_handler = crash_handler };
	unsigned int i;

	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
}

void __igt_init(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "list-subtests", no_argument, NULL, 'l' },
		{ "run-subtest", required_argument, NULL, 'r' },
		{ "debug", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	int c;

	igt.prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];

	/* Keep stdout and stderr in order when both go to one log. */
	setvbuf(stdout, NULL, _IOLBF, 0);

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			igt.list_only = true;
			break;
		case 'r':
			free(igt.filter);
			igt.filter = strdup(optarg);
			break;
		case 'd':
			igt_debug_enabled = true;
			break;
		case 'h':
			usage(stdout);
			exit(IGT_EXIT_SUCCESS);
		default:
			usage(stderr);
			exit(IGT_EXIT_INVALID);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", igt.prog,
			argv[optind]);
		usage(stderr);
		exit(IGT_EXIT_INVALID);
	}

	install_crash_handlers();
}

bool igt_only_list_subtests(void)
{
	return igt.list_only;
}

const char *igt_subtest_name(void)
{
	return igt.kind == BLOCK_SUBTEST ? igt.name : NULL;
}

static bool filter_matches(const char *name)
{
	char *list, *pat, *save = NULL;
	bool match = false;

	if (!igt.filter)
		return true;

	list = strdup(igt.filter);
	if (!list)
		internal_error("out of memory");
	for (pat = strtok_r(list, ",", &save); pat && !match;
	     pat = strtok_r(NULL, ",", &save))
		match = !fnmatch(pat, name, 0);
	free(list);

	return match;
}

/* Subtest names are kebab-case so that globs and result parsers stay simple. */
static bool valid_name(const char *name)
{
	const char *p;

	if (!*name || *name == '-')
		return false;
	for (p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      *p == '-'))
			return false;

	return true;
}

static void check_no_block(const char *file, int line)
{
	if (igt.running)
		internal_error("%s:%d: block at %s:%d left early (return, break or goto?)",
			       file, line, igt.file, igt.line);
}

void __igt_fixture_begin(const char *file, int line)
{
	check_no_block(file, line);
	igt.blocks_entered++;
	if (igt.list_only || igt.henceforth != RESULT_SUCCESS)
		return;

	igt.kind = BLOCK_FIXTURE;
	igt.name = NULL;
	igt.file = file;
	igt.line = line;
	igt.running = true;
	igt.result = RESULT_SUCCESS;
	errno = 0;
}

static void print_result(const char *name, enum igt_result r)
{
	printf("Subtest %s: %s (%.3fs)\n", name, result_names[r], elapsed());
}

void __igt_subtest_begin(const char *name, const char *file, int line)
{
	check_no_block(file, line);
	if (!valid_name(name))
		internal_error("%s:%d: invalid subtest name '%s' (want kebab-case)",
			       file, line, name);

	if (igt.list_only) {
		printf("%s\n", name);
		return;
	}
	if (!filter_matches(name))
		return;

	igt.blocks_entered++;
	igt.matched = true;
	printf("Starting subtest: %s\n", name);
	clock_gettime(CLOCK_MONOTONIC, &igt.start);

	if (igt.henceforth != RESULT_SUCCESS) {
		printf("%s: %s\n",
		       igt.henceforth == RESULT_SKIP ? "Skipping" : "Failing",
		       igt.henceforth_why);
		print_result(name, igt.henceforth);
		if (igt.henceforth == RESULT_SKIP)
			igt.skipped++;
		else
			igt.failed++;
		return;
	}

	igt.kind = BLOCK_SUBTEST;
	igt.name = name;
	igt.file = file;
	igt.line = line;
	igt.running = true;
	igt.result = RESULT_SUCCESS;
	errno = 0;
}

bool __igt_block_running(void)
{
	return igt.running;
}

static void finish_block(enum igt_result r)
{
	if (r == RESULT_CRASH) {
		fflush(stdout);
		fprintf(stderr, "(%s:%d) CRITICAL: received signal %d (%s)\n",
			igt.prog, getpid(), igt.crash_signal,
			strsignal(igt.crash_signal));
	}

	if (igt.kind == BLOCK_SUBTEST) {
		print_result(igt.name, r);
		if (r == RESULT_SUCCESS)
			igt.passed++;
		else if (r == RESULT_SKIP)
			igt.skipped++;
		else
			igt.failed++;
	} else if (r != RESULT_SUCCESS) {
		/* A skip keeps the reason __igt_skip() stored. */
		if (r != RESULT_SKIP) {
			snprintf(igt.henceforth_why, sizeof(igt.henceforth_why),
				 "fixture at %s:%d failed", igt.file, igt.line);
			igt.failed++;
			/*
			 * A result line of its own: a failing fixture after the
			 * last subtest fails no subtest row.
			 */
			printf("Fixture at %s:%d: %s\n", igt.file, igt.line,
			       result_names[r]);
		}
		igt.henceforth = r == RESULT_SKIP ? RESULT_SKIP : RESULT_FAIL;
	}

	igt.running = false;
	igt.kind = BLOCK_NONE;
	igt.name = NULL;
}

bool __igt_block_abort(void)
{
	finish_block(igt.result);
	return false;
}

void __igt_block_leave(void)
{
	finish_block(RESULT_SUCCESS);
}

int __igt_exit(void)
{
	check_no_block("end of igt_main", 0);

	if (igt.list_only)
		return IGT_EXIT_SUCCESS;

	if (igt.filter && !igt.matched) {
		fprintf(stderr, "%s: no subtest matches '%s'\n", igt.prog,
			igt.filter);
		return IGT_EXIT_INVALID;
	}

	if (igt.failed)
		return IGT_EXIT_FAILURE;
	if (!igt.passed && igt.skipped)
		return IGT_EXIT_SKIP;
	return IGT_EXIT_SUCCESS;
}

void igt_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

void igt_debug(const char *fmt, ...)
{
	va_list ap;

	if (!igt_debug_enabled)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* Formats @fmt into @buf without a trailing newline; "" if @fmt is NULL. */
static void format_msg(char *buf, size_t len, const char *fmt, va_list ap)
{
	size_t n;

	buf[0] = '\0';
	if (!fmt)
		return;
	vsnprintf(buf, len, fmt, ap);
	n = strlen(buf);
	while (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
}

void __igt_fail(const char *file, int line, const char *func,
		const char *expr, const char *fmt, ...)
{
	int err = errno;	/* before stdio can change it */
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	format_msg(msg, sizeof(msg), fmt, ap);
	va_end(ap);

	fflush(stdout);
	fprintf(stderr, "(%s:%d) CRITICAL: Test assertion failure in %s(), %s:%d:\n",
		igt.prog, getpid(), func, file, line);
	if (expr)
		fprintf(stderr, "(%s:%d) CRITICAL: Failed assertion: %s\n",
			igt.prog, getpid(), expr);
	if (*msg)
		fprintf(stderr, "(%s:%d) CRITICAL: %s\n", igt.prog, getpid(),
			msg);
	if (err)
		fprintf(stderr, "(%s:%d) CRITICAL: Last errno: %d (%s, %s)\n",
			igt.prog, getpid(), err, strerrorname_np(err) ?: "?",
			strerror(err));

	if (!igt.running) {
		fprintf(stderr, "(%s:%d) CRITICAL: failure outside any block\n",
			igt.prog, getpid());
		exit(IGT_EXIT_FAILURE);
	}

	igt.result = RESULT_FAIL;
	siglongjmp(__igt_jmp, 1);
}

void __igt_skip(const char *file, int line, const char *func,
		const char *expr, const char *fmt, ...)
{
	char msg[sizeof(igt.henceforth_why) - 64];
	va_list ap;

	va_start(ap, fmt);
	format_msg(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!*msg)
		snprintf(msg, sizeof(msg), "requirement not met: %s", expr);

	/* The reason goes with the result, on stdout. */
	printf("Skipping: %s (%s() at %s:%d)\n", msg, func, file, line);

	if (!igt.running) {
		/*
		 * Before any block, nothing of this binary can run: it skips
		 * as a whole. After one, the subtests still to come would
		 * vanish without a result line.
		 */
		if (igt.blocks_entered)
			internal_error("%s:%d: skip outside any block after the first one; later subtests would go unreported",
				       file, line);
		exit(IGT_EXIT_SKIP);
	}

	if (igt.kind == BLOCK_FIXTURE)
		snprintf(igt.henceforth_why, sizeof(igt.henceforth_why),
			 "%s (fixture at %s:%d)", msg, igt.file, igt.line);

	igt.result = RESULT_SKIP;
	siglongjmp(__igt_jmp, 1);
}

void __do_ioctl(int fd, unsigned long req, void *arg, int err,
		const char *file, int line, const char *func,
		const char *req_str)
{
	int ret, e;

	errno = 0;
	do {
		ret = ioctl(fd, req, arg);
		e = errno;
	} while (ret == -1 && e != err && (e == EINTR || e == EAGAIN));

	/* The messages below carry errno; don't print it twice. */
	errno = 0;
	if (!err && ret)
		__igt_fail(file, line, func, NULL,
			   "ioctl(%s) failed: returned %d, errno %d (%s, %s)",
			   req_str, ret, e, strerrorname_np(e) ?: "?",
			   strerror(e));
	if (err && ret != -1)
		__igt_fail(file, line, func, NULL,
			   "ioctl(%s) returned %d, expected -1 with errno %d (%s)",
			   req_str, ret, err, strerrorname_np(err) ?: "?");
	if (err && e != err)
		__igt_fail(file, line, func, NULL,
			   "ioctl(%s) failed with errno %d (%s, %s), expected %d (%s)",
			   req_str, e, strerrorname_np(e) ?: "?", strerror(e),
			   err, strerrorname_np(err) ?: "?");

	errno = 0;
}
