/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_core.h - a small IGT-style test harness for dg1.
 *
 * One binary per area. The body of igt_main declares fixtures (shared setup)
 * and subtests in order:
 *
 *	static int fd;			// file scope: survives the longjmp
 *
 *	igt_main
 *	{
 *		igt_fixture
 *			fd = drm_open_dg1_render();
 *
 *		igt_subtest("version")
 *			igt_assert_eq(answer(), 42);
 *
 *		igt_fixture
 *			close(fd);
 *	}
 *
 * A failed assertion or a skip leaves the current block with a longjmp, so
 * state shared between blocks must live at file scope (or be volatile), and
 * a block must not be left with return, break or goto.
 *
 * A fixture that skips makes every later subtest skip with the same reason; a
 * fixture that fails makes every later subtest fail and prints
 * "Fixture at FILE:LINE: FAIL" (or CRASH), so that a failing fixture after
 * the last subtest is seen too. A skip outside any block skips the whole
 * binary if it comes before the first block, and is a harness error after.
 *
 * Harness errors (a bad subtest name, a block left early, a skip or failure
 * outside a block after the first one) print "harness error:" or
 * "failure outside any block" on stderr and exit 98 without a result line;
 * scripts/vm-results.py fails the binary for them.
 *
 * Exit status: 0 when all selected subtests passed or skipped, 77 when every
 * one skipped, 98 when any failed, 79 on bad arguments or when
 * --run-subtest matched nothing.
 */
#ifndef DG1_IGT_CORE_H
#define DG1_IGT_CORE_H

#include <errno.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#define IGT_EXIT_SUCCESS	0
#define IGT_EXIT_SKIP		77
#define IGT_EXIT_INVALID	79
#define IGT_EXIT_FAILURE	98

#define __igt_printf(a, b)	__attribute__((format(printf, a, b)))
#define __igt_noreturn		__attribute__((noreturn))

extern sigjmp_buf __igt_jmp;

void __igt_init(int argc, char **argv);
int __igt_exit(void);
void __igt_fixture_begin(const char *file, int line);
void __igt_subtest_begin(const char *name, const char *file, int line);
bool __igt_block_running(void);
bool __igt_block_abort(void);
void __igt_block_leave(void);

#define igt_main \
	static void __igt_main_body(void); \
	int main(int argc, char **argv) \
	{ \
		__igt_init(argc, argv); \
		__igt_main_body(); \
		return __igt_exit(); \
	} \
	static void __igt_main_body(void)

/*
 * Each block is a one-shot for loop: the condition enters it (sigsetjmp
 * returns 0) or, after a longjmp out of a failed check, reports the result
 * and ends the loop; the increment reports success.
 */
#define __igt_block(begin) \
	for (begin; __igt_block_running() && \
	       (sigsetjmp(__igt_jmp, 1) == 0 || __igt_block_abort()); \
	     __igt_block_leave())

#define igt_fixture \
	__igt_block(__igt_fixture_begin(__FILE__, __LINE__))

#define igt_subtest(name) \
	__igt_block(__igt_subtest_begin((name), __FILE__, __LINE__))

/* True when only listing subtests: nothing is run. */
bool igt_only_list_subtests(void);
/* Name of the running subtest, NULL in a fixture. */
const char *igt_subtest_name(void);

/* Messages: info always goes to stdout, debug only with --debug. */
void igt_info(const char *fmt, ...) __igt_printf(1, 2);
void igt_debug(const char *fmt, ...) __igt_printf(1, 2);
extern bool igt_debug_enabled;

void __igt_fail(const char *file, int line, const char *func,
		const char *expr, const char *fmt, ...)
	__igt_printf(5, 6) __igt_noreturn;
void __igt_skip(const char *file, int line, const char *func,
		const char *expr, const char *fmt, ...)
	__igt_printf(5, 6) __igt_noreturn;

#define igt_fail_f(f...) \
	__igt_fail(__FILE__, __LINE__, __func__, NULL, f)

#define igt_assert_f(expr, f...) do { \
	if (!(expr)) \
		__igt_fail(__FILE__, __LINE__, __func__, #expr, f); \
} while (0)

#define igt_assert(expr) do { \
	if (!(expr)) \
		__igt_fail(__FILE__, __LINE__, __func__, #expr, NULL); \
} while (0)

/*
 * Comparisons print both sides; the operands are evaluated once. Each
 * wrapper stringifies its own arguments, before macros in them expand.
 */
#define __igt_assert_cmp(type, fmt, a, op, b, expr) do { \
	type __a = (a), __b = (b); \
	if (!(__a op __b)) \
		__igt_fail(__FILE__, __LINE__, __func__, expr, \
			   "values: " fmt " " #op " " fmt " is false", \
			   __a, __b); \
} while (0)

#define __igt_cmp_int(a, op, b, expr) \
	__igt_assert_cmp(long long, "%lld", a, op, b, expr)
#define __igt_cmp_u32(a, op, b, expr) \
	__igt_assert_cmp(uint32_t, "0x%x", a, op, b, expr)
#define __igt_cmp_u64(a, op, b, expr) \
	__igt_assert_cmp(unsigned long long, "0x%llx", a, op, b, expr)

#define igt_assert_cmpint(a, op, b)	__igt_cmp_int(a, op, b, #a " " #op " " #b)
#define igt_assert_cmpu32(a, op, b)	__igt_cmp_u32(a, op, b, #a " " #op " " #b)
#define igt_assert_cmpu64(a, op, b)	__igt_cmp_u64(a, op, b, #a " " #op " " #b)

#define igt_assert_eq(a, b)		__igt_cmp_int(a, ==, b, #a " == " #b)
#define igt_assert_neq(a, b)		__igt_cmp_int(a, !=, b, #a " != " #b)
#define igt_assert_lt(a, b)		__igt_cmp_int(a, <, b, #a " < " #b)
#define igt_assert_lte(a, b)		__igt_cmp_int(a, <=, b, #a " <= " #b)
#define igt_assert_eq_u32(a, b)		__igt_cmp_u32(a, ==, b, #a " == " #b)
#define igt_assert_eq_u64(a, b)		__igt_cmp_u64(a, ==, b, #a " == " #b)
#define igt_assert_lte_u64(a, b)	__igt_cmp_u64(a, <=, b, #a " <= " #b)

#define igt_skip(f...) \
	__igt_skip(__FILE__, __LINE__, __func__, NULL, f)

#define igt_require(expr) do { \
	if (!(expr)) \
		__igt_skip(__FILE__, __LINE__, __func__, #expr, NULL); \
} while (0)

#define igt_require_f(expr, f...) do { \
	if (!(expr)) \
		__igt_skip(__FILE__, __LINE__, __func__, #expr, f); \
} while (0)

/*
 * do_ioctl() asserts that the ioctl succeeds, do_ioctl_err() that it fails
 * with exactly @err. Both retry EINTR and EAGAIN, and clear errno after.
 */
void __do_ioctl(int fd, unsigned long req, void *arg, int err,
		const char *file, int line, const char *func,
		const char *req_str);

#define do_ioctl(fd, req, arg) \
	__do_ioctl(fd, req, arg, 0, __FILE__, __LINE__, __func__, #req)
#define do_ioctl_err(fd, req, arg, err) \
	__do_ioctl(fd, req, arg, err, __FILE__, __LINE__, __func__, #req)

#endif /* DG1_IGT_CORE_H */
