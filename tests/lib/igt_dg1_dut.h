/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_dg1_dut.h - the device under test as the uncore tests (dg1_forcewake,
 * dg1_gt) see it: the render node, vdg1's counters page, the driver's
 * debugfs and the engines, opened by one fixture; and a subtest wrapper
 * that fails a subtest which, on vdg1, touched a sleeping domain, a
 * fused-off MCR instance or an unimplemented register.
 *
 *	igt_main
 *	{
 *		igt_fixture
 *			dut_open();
 *
 *		dut_subtest("topology", test_topology);
 *
 *		igt_fixture
 *			dut_close();
 *	}
 *
 * On vdg1 (DG1_EXPECT_VDG1=1) dut_open() fails when the counters page or
 * debugfs is missing, so the violation check is always armed there. On a
 * real DG1 they may be missing (not root): dut.vdg1 is NULL, dut.dfs is
 * "", and the tests that need them skip with the reason.
 */
#ifndef IGT_DG1_DUT_H
#define IGT_DG1_DUT_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "dg1_dev.h"
#include "dg1_dev_debugfs.h"
#include "dg1_dev_vdg1.h"
#include "igt_core.h"

#define NSEC_PER_MSEC		1000000ull
#define NSEC_PER_SEC		1000000000ull

/* The driver releases a domain ~1 ms after its last put; allow for TCG. */
#define RELEASE_TIMEOUT_MS	200
/* How long a held domain must stay awake, and a put one asleep. */
#define HOLD_MS			20
/*
 * The delayed release: a domain is let go no sooner than this after the
 * put that dropped its last reference (i915 intel_uncore.c arms a 1 ms
 * hrtimer at that put).
 */
#define DUT_RELEASE_DELAY_NS	NSEC_PER_MSEC

/*
 * vdg1's CS timestamp runs from its 19.2 MHz crystal (RPM_CONFIG0 as i915
 * intel_gt_clock_utils.c decodes it).
 */
#define VDG1_CS_FREQUENCY	19200000ull

#define ENGINE(class, instance) \
	((struct drm_dg1_engine_class_instance){ \
		.engine_class = DRM_DG1_ENGINE_CLASS_##class, \
		.engine_instance = (instance) })

struct igt_dg1_dut {
	int fd;
	char pci[PATH_MAX];			/* "" without sysfs */
	struct dg1dev_vdg1 *vdg1;		/* NULL on real hardware */
	char vdg1_why[256];
	char dfs[PATH_MAX];			/* "" without debugfs */
	char dfs_why[512];
	/*
	 * The engines the device has, in class then instance order: on vdg1
	 * the ones its media fuse leaves (dg1_core checks that the driver
	 * lists exactly those), elsewhere the driver's ENGINES answer.
	 */
	struct drm_dg1_engine_class_instance engines[DG1DEV_MAX_ENGINES];
	unsigned int num_engines;
};

/* File scope: shared by blocks, so it survives their longjmps. */
extern struct igt_dg1_dut dut;

/* In a fixture: open everything, and print vdg1's configuration. */
void dut_open(void);
void dut_close(void);

uint64_t dut_now_ns(void);
void dut_sleep_ms(unsigned int ms);
/*
 * A dg1 render node opened within @ms after a bind or rescan (devtmpfs
 * makes the node during it); fails naming @after otherwise.
 */
int dut_wait_render_node(unsigned int ms, const char *after);
/* "rcs0"; "gt render". Each from a small ring of buffers. */
const char *dut_engine_str(const struct drm_dg1_engine_class_instance *e);
const char *dut_domains_str(uint32_t mask);

/* Skip (real hardware) or fail (vdg1) without the counters page. */
void dut_require_vdg1(void);
/* The same without the driver's debugfs. */
void dut_require_debugfs(void);

/* Live from the counters page; the config ones are 0 on real hardware. */
uint32_t dut_awake(void);
uint32_t dut_transitions(int d);
uint32_t dut_never_ack(void);
uint32_t dut_lose_ack(void);

/* GT, RENDER and the domain of every engine of dut.engines. */
uint32_t dut_engine_domains(void);
/* @want among the device's engines, or NULL. */
const struct drm_dg1_engine_class_instance *
dut_find_engine(const struct drm_dg1_engine_class_instance *want);
/* The first engine whose domain is (@in) or is not (!@in) in @mask. */
const struct drm_dg1_engine_class_instance *
dut_engine_in_domains(uint32_t mask, bool in);

/*
 * Skip (or fail, see dut_require_debugfs()) unless forcewake_user can be
 * held: it holds every domain, so not where vdg1 never acks one.
 */
void dut_require_forcewake_user(void);
/* open() of forcewake_user; asserts. */
int dut_open_forcewake_user(void);

/* forcewake_domains, parsed; asserts. */
void dut_fw_stats(struct dg1dev_fw_stats *s);

/* Poll until no domain of @mask is awake: ms it took, or -1 on timeout. */
int dut_wait_asleep(uint32_t mask, unsigned int timeout_ms);
void dut_assert_asleep(uint32_t mask, const char *after);
/* Wait RELEASE_TIMEOUT_MS for forcewake_domains to show no holder. */
void dut_assert_unreferenced(const char *after);

/* One query as the test timed it: its forcewake get and put lie inside. */
struct dut_span {
	uint64_t start, end;
};

/*
 * How many times the domain of @n queries (one get each, timed in @q)
 * can have been released and woken again after the first wake, going by
 * the test's timestamps alone: the most disjoint windows of
 * DUT_RELEASE_DELAY_NS, none holding a whole query (whose get would have
 * kept the domain), each followed by a query's end (the get that woke it
 * again). 0 when the queries left no such gap: then one wake is the only
 * right count, however the threads ran.
 */
unsigned int dut_possible_rewakes(const struct dut_span *q, unsigned int n);

/* ENGINE_CYCLES: 0 or -errno (errno cleared); _ok asserts success. */
int dut_cycles(const struct drm_dg1_engine_class_instance *e, int clockid,
	       struct drm_dg1_query_engine_cycles *out);
void dut_cycles_ok(const struct drm_dg1_engine_class_instance *e,
		   int clockid, struct drm_dg1_query_engine_cycles *out);
/* What one ENGINE_CYCLES answer must say whatever the engine. */
void dut_check_cycles_answer(const struct drm_dg1_engine_class_instance *e,
			     int clockid,
			     const struct drm_dg1_query_engine_cycles *c);

/*
 * A system sleep: @deep, suspend to RAM until the RTC's alarm 20 s on; else
 * hibernation's freeze and thaw (pm_test "core": no image). The require
 * skips where the machine offers it not, and fails in the test VM.
 * Return: 0 or -errno of the write to /sys/power/state.
 */
void dut_require_system_sleep(bool deep);
/*
 * Hold the device in D0 (its power/control "on") or give it back to
 * runtime PM ("auto"): around what reaches the device behind the driver's
 * back (BAR2 mapped through sysfs) or counts its wake-ups, which a runtime
 * suspend and resume would change. A no-op without sysfs.
 */
void dut_hold_d0(bool hold);
int dut_system_sleep(bool deep);

/* Around every subtest: no new violation on vdg1 (a no-op elsewhere). */
void dut_clean_begin(void);
void dut_clean_end(void);

#define dut_subtest(name, fn) \
	igt_subtest(name) { \
		dut_clean_begin(); \
		fn(); \
		dut_clean_end(); \
	}

#endif /* IGT_DG1_DUT_H */
