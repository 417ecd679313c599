// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_power - the GPU's power as dg1 reports it (Documentation/power.rst).
 *
 * hwmon: the device's hwmon directory is named "dg1" and has i915's
 * attributes for DG1; on vdg1 they read what the model's package says
 * (vdg1/vdg1_power.h: TDP 25 W, PL1 at TDP over 1 s, 0.75 V).
 * energy-idle, energy-busy: energy1_input over a stretch of the GPU's own
 * clock (the CS timestamp, read on both sides of each energy read, so
 * that guest scheduling only widens the error bound the check allows): on
 * vdg1 5 W with nothing running and 9 W with one engine busy (a spinning
 * batch), as the model draws; elsewhere the counter grows, and faster
 * when busy. power-max: PL1 and its window take what is written (0 turns
 * PL1 off) and give back the first values. bad-input: seven writes that
 * must be refused, with their errno, leave both as they were.
 * rc6-idle, rc6-busy: the card's power/rc6_enable and rc6_residency_ms
 * (i915's files): an idle GT is in RC6 at least half the time, one running
 * a spinning batch at most a tenth, and it enters again once the batch
 * ends. freq-sysfs: i915's gt_*_freq_mhz files (on vdg1 its RP0, RP1 and
 * RPn) and their defaults; freq-ramp: a spinning batch takes the part to
 * the boost frequency (what it reports, gt_act_freq_mhz), a lower maximum
 * caps it, and the request falls to the minimum once idle;
 * freq-bad-input: 13 writes refused with i915's errnos, nothing changed.
 * rpm-suspend-resume, rpm-forbidden, rpm-stress: runtime PM through the
 * PCI function's power/ files (vdg1: D3hot, nothing touched there);
 * suspend-deep, hibernate-freeze-thaw: system sleep with work on every
 * engine and mapped objects in LMEM and SMEM (Documentation/power.rst);
 * on debug builds the suspend of suspend-deep is held longer than a job
 * may run, and the work must still be replayed, not blamed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_exec.h"
#include "vdg1_freq_model.h"
#include "vdg1_power_model.h"

#define MI_BATCH_BUFFER_START	((0x31 << 23) | (1 << 8) | 1)
#define MI_BATCH_BUFFER_END	(0x0a << 23)
#define MI_ARB_CHECK		(0x05 << 23)
#define MI_STORE_DATA_IMM	((0x20 << 23) | 2)	/* dword, PPGTT */

#define BATCH_VA	EXEC_RIG_BATCH_VA
#define DATA_VA		EXEC_RIG_DATA_VA
#define WINDOW_MS	300

static char hwmon[PATH_MAX + 300];

static void find_hwmon(void)
{
	int err;

	igt_dg1_require_f(dut.pci[0], "no sysfs for the device");
	err = dg1dev_hwmon_dir(dut.pci, "dg1", hwmon, sizeof(hwmon));
	igt_assert_f(!err, "no hwmon device named dg1 under %s/hwmon: %s",
		     dut.pci, strerror(-err));
}

/* @dir/@name as a number. */
static long long read_num(const char *dir, const char *name)
{
	char path[2 * PATH_MAX + 200];
	uint64_t v;
	int err;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	err = dg1dev_read_u64(path, &v);
	igt_assert_f(!err, "cannot read %s: %s", path, strerror(-err));
	return (long long)v;
}

/* Write @text to @dir/@name: 0, or -errno of the open or the write. */
static int write_text(const char *dir, const char *name, const char *text)
{
	char path[2 * PATH_MAX + 200];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return dg1dev_sysfs_write(path, text);
}

static long long hw_read(const char *attr)
{
	return read_num(hwmon, attr);
}

static int hw_write(const char *attr, const char *text)
{
	return write_text(hwmon, attr, text);
}

/* The GPU's clock, in ns: the first engine's CS timestamp. */
static uint64_t gpu_ns(void)
{
	struct drm_dg1_query_engine_cycles c;

	igt_assert_eq(dg1dev_engine_cycles(dut.fd, &dut.engines[0],
					   CLOCK_MONOTONIC, &c), 0);
	return (uint64_t)((double)c.engine_cycles * 1e9 / c.engine_frequency);
}

struct sample {
	uint64_t uj;	/* energy1_input */
	uint64_t ns;	/* the GPU's clock when it was read, give or take */
	uint64_t width;	/* ... half of this either way */
};

/* The energy, bracketed by the GPU's clock read before and after. */
static void sample(struct sample *s)
{
	uint64_t before = gpu_ns(), after;

	s->uj = hw_read("energy1_input");
	after = gpu_ns();
	s->ns = before + (after - before) / 2;
	s->width = after - before;
}

/*
 * Watts over WINDOW_MS of the GPU's clock, and how far off they may be:
 * where in its bracket each energy read fell is unknown, so the interval
 * is uncertain by half of each bracket (the debug kernel's reads take
 * milliseconds), plus a counter unit.
 */
static double watts(double *tol)
{
	struct sample a, b;
	double w;

	sample(&a);
	dut_sleep_ms(WINDOW_MS);
	sample(&b);
	igt_assert_f(b.uj > a.uj && b.ns > a.ns,
		     "energy %llu -> %llu uJ, clock %llu -> %llu ns",
		     (unsigned long long)a.uj, (unsigned long long)b.uj,
		     (unsigned long long)a.ns, (unsigned long long)b.ns);
	w = (double)(b.uj - a.uj) * 1e3 / (double)(b.ns - a.ns);
	*tol = w * (double)(a.width + b.width) / 2 / (double)(b.ns - a.ns) +
	       0.01;
	return w;
}

/* On vdg1, @w within @tol of what the model draws, @mw. */
static void expect_watts(const char *what, double w, double tol, int mw)
{
	igt_info("%s: %.3f W (+- %.3f)\n", what, w, tol);
	if (dut.vdg1)
		igt_assert_f(w > mw / 1000.0 - tol && w < mw / 1000.0 + tol,
			     "%s: %.3f W (+- %.3f), the model draws %d mW",
			     what, w, tol, mw);
}

static void test_hwmon(void)
{
	find_hwmon();
	igt_info("%s\n", hwmon);
	if (!dut.vdg1) {
		igt_assert_lt(0, (int)(hw_read("power1_rated_max") / 1000));
		igt_info("not vdg1 (%s): the values are this card's\n",
			 dut.vdg1_why);
		return;
	}
	igt_assert_eq_u64(hw_read("power1_rated_max"),
			  VDG1_POWER_TDP_MW * 1000ull);
	igt_assert_eq_u64(hw_read("power1_max"), VDG1_POWER_TDP_MW * 1000ull);
	igt_assert_eq_u64(hw_read("power1_max_interval"), 1000);
	igt_assert_eq_u64(hw_read("in0_input"), VDG1_POWER_VOLTAGE * 25 / 10);
}

static void test_energy_idle(void)
{
	double w, tol;

	find_hwmon();
	w = watts(&tol);
	expect_watts("idle", w, tol, VDG1_POWER_IDLE_MW);
}

/* A batch that says it runs, then spins until spin_end(). */
struct spinner {
	struct exec_rig r;
	uint32_t q, so;
};

static void spin_start(struct spinner *sp,
		       const struct drm_dg1_engine_class_instance *e)
{
	volatile uint32_t *cs;
	int i;

	exec_rig_open(&sp->r, dut.fd);
	cs = sp->r.cs;
	cs[0] = MI_STORE_DATA_IMM;
	cs[1] = (uint32_t)DATA_VA;
	cs[2] = 0;
	cs[3] = 1;
	cs[4] = MI_ARB_CHECK;
	cs[5] = MI_BATCH_BUFFER_START;
	cs[6] = (uint32_t)(BATCH_VA + 16);
	cs[7] = 0;
	sp->r.out[0] = 0;
	sp->q = queue_create(sp->r.fd, sp->r.vm, e, 0);
	sp->so = exec_out(sp->r.fd, sp->q, BATCH_VA);
	for (i = 0; i < 2000 && !sp->r.out[0]; i++)
		dut_sleep_ms(1);
	igt_assert_f(sp->r.out[0] == 1, "the spinner did not start in 2 s");
}

static void spin_end(struct spinner *sp)
{
	sp->r.cs[4] = MI_BATCH_BUFFER_END;
	wait_ok(sp->r.fd, sp->so, 5000);
	igt_assert_eq(fence_status(sp->r.fd, sp->so), 1);
	syncobj_destroy(sp->r.fd, sp->so);
	queue_destroy(sp->r.fd, sp->q);
	exec_rig_close(&sp->r);
}

static void test_energy_busy(void)
{
	const struct drm_dg1_engine_class_instance *e = &dut.engines[0];
	struct spinner sp;
	double idle, busy, tol;

	find_hwmon();
	idle = watts(&tol);
	spin_start(&sp, e);
	busy = watts(&tol);
	spin_end(&sp);

	igt_info("idle %.3f W, %s busy:\n", idle, dut_engine_str(e));
	expect_watts("one engine busy", busy, tol,
		     VDG1_POWER_IDLE_MW + VDG1_POWER_ENGINE_MW);
	if (!dut.vdg1)
		igt_assert_f(busy > idle, "busy %.3f W, idle %.3f W", busy,
			     idle);
}

static char card[PATH_MAX + 80];

/* The card's sysfs directory, <pci>/drm/cardN, found once. */
static const char *card_dir(void)
{
	int err;

	if (card[0])
		return card;
	igt_dg1_require_f(dut.pci[0], "no sysfs for the device");
	err = dg1dev_card_dir(dut.pci, card, sizeof(card));
	igt_assert_f(!err, "no card under %s/drm: %s", dut.pci,
		     strerror(-err));
	return card;
}

/* A file of the card's directory (i915's names), as a number. */
static long long card_read(const char *name)
{
	return read_num(card_dir(), name);
}

static int card_write(const char *name, const char *text)
{
	return write_text(card_dir(), name, text);
}

/* A file of the card's power/ directory, the PM core's. */
static long long card_power_read(const char *name)
{
	char path[PATH_MAX + 100], rel[128];

	snprintf(path, sizeof(path), "%s/power", card_dir());
	igt_require_f(!access(path, F_OK),
		      "kernel without CONFIG_PM: no %s", path);
	snprintf(rel, sizeof(rel), "power/%.100s", name);
	return card_read(rel);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* RC6 residency over @ms of wall time, as a share of that time. */
static double rc6_share(int ms)
{
	long long r0, r1;
	double t0, t1;

	r0 = card_power_read("rc6_residency_ms");
	t0 = now_ms();
	dut_sleep_ms(ms);
	r1 = card_power_read("rc6_residency_ms");
	t1 = now_ms();
	igt_assert_f(r1 >= r0, "residency went back: %lld -> %lld", r0, r1);
	igt_info("RC6 %lld ms of %.0f ms\n", r1 - r0, t1 - t0);
	return (r1 - r0) / (t1 - t0);
}

/*
 * RC6 enabled (power/rc6_enable bit 0, as i915 reports it), and an idle
 * GT in it at least half the time: the wells gate once the driver lets go
 * and RC6 follows (vdg1 counts residency only with RC6 enabled in
 * RC_CONTROL, so a driver that never enables it reads 0).
 */
static void test_rc6_idle(void)
{
	double share;

	igt_assert_eq(card_power_read("rc6_enable"), 1);
	share = rc6_share(WINDOW_MS * 3);
	igt_assert_f(share >= 0.5, "idle GT in RC6 %.0f%% of the time",
		     share * 100);
}

/* A spinning batch keeps the GT out of RC6; it enters again after. */
static void test_rc6_busy(void)
{
	struct spinner sp;
	double share;

	igt_assert_eq(card_power_read("rc6_enable"), 1);
	spin_start(&sp, &dut.engines[0]);
	share = rc6_share(WINDOW_MS * 2);
	spin_end(&sp);
	igt_assert_f(share <= 0.1, "GT in RC6 %.0f%% of the time under %s",
		     share * 100, dut_engine_str(&dut.engines[0]));
	share = rc6_share(WINDOW_MS * 3);
	igt_assert_f(share >= 0.5, "GT in RC6 %.0f%% of the time after work",
		     share * 100);
}

/* The GT frequencies sysfs gives, MHz. */
struct freqs {
	long long rp0, rp1, rpn, min, max, boost, cur, act;
};

static void freqs_read(struct freqs *f)
{
	f->rp0 = card_read("gt_RP0_freq_mhz");
	f->rp1 = card_read("gt_RP1_freq_mhz");
	f->rpn = card_read("gt_RPn_freq_mhz");
	f->min = card_read("gt_min_freq_mhz");
	f->max = card_read("gt_max_freq_mhz");
	f->boost = card_read("gt_boost_freq_mhz");
	f->cur = card_read("gt_cur_freq_mhz");
	f->act = card_read("gt_act_freq_mhz");
}

static void freq_set(const char *name, long long mhz)
{
	char text[32];
	int err;

	snprintf(text, sizeof(text), "%lld", mhz);
	err = card_write(name, text);
	igt_assert_f(!err, "%s <- %lld: %s", name, mhz, strerror(-err));
}

/* Poll @name until it reads @want, for up to 2 s; what it read last. */
static long long card_wait(const char *name, long long want)
{
	long long v = -1;
	int i;

	for (i = 0; i < 200; i++) {
		v = card_read(name);
		if (v == want)
			break;
		dut_sleep_ms(10);
	}
	return v;
}

/*
 * i915's frequency files (gt/intel_gt_sysfs_pm.c): what the part can run
 * at, RPn <= RP1 <= RP0 (on vdg1 the model's 300, 1100 and 1550 MHz), and
 * the defaults: limits RPn..RP0, boost RP0, the request at the minimum
 * once idle.
 */
static void test_freq_sysfs(void)
{
	struct freqs f;

	freqs_read(&f);
	igt_info("RP0 %lld RP1 %lld RPn %lld, min %lld max %lld boost %lld, cur %lld act %lld MHz\n",
		 f.rp0, f.rp1, f.rpn, f.min, f.max, f.boost, f.cur, f.act);
	if (dut.vdg1) {
		igt_assert_eq(f.rp0, VDG1_FREQ_RP0_MHZ);
		igt_assert_eq(f.rp1, VDG1_FREQ_RP1_MHZ);
		igt_assert_eq(f.rpn, VDG1_FREQ_RPN_MHZ);
	}
	igt_assert(f.rpn > 0 && f.rpn <= f.rp1 && f.rp1 <= f.rp0);
	igt_assert_eq(f.min, f.rpn);
	igt_assert_eq(f.max, f.rp0);
	igt_assert_eq(f.boost, f.rp0);
	igt_assert_eq(card_wait("gt_cur_freq_mhz", f.rpn), f.rpn);
}

/*
 * Under a spinning batch the GT runs at the boost frequency, within the
 * maximum; 10 ms after the work the request falls to the minimum (the
 * part then reports RPn, or 0 once in RC6). gt_act_freq_mhz is what the
 * part reports (CAGF), not the driver's request.
 */
static void test_freq_ramp(void)
{
	struct spinner sp;
	long long rp0 = card_read("gt_RP0_freq_mhz");
	long long rpn = card_read("gt_RPn_freq_mhz");
	long long act;

	spin_start(&sp, &dut.engines[0]);
	act = card_wait("gt_act_freq_mhz", rp0);
	igt_assert_f(act == rp0, "busy GT at %lld MHz, want RP0 %lld", act,
		     rp0);
	igt_assert_eq(card_read("gt_cur_freq_mhz"), rp0);
	/* A lower maximum caps it at once. */
	freq_set("gt_max_freq_mhz", 1000);
	act = card_wait("gt_act_freq_mhz", 1000);
	freq_set("gt_max_freq_mhz", rp0);
	spin_end(&sp);
	igt_assert_f(act == 1000, "busy GT at %lld MHz under a 1000 MHz maximum",
		     act);
	igt_assert_eq(card_wait("gt_cur_freq_mhz", rpn), rpn);
	act = card_read("gt_act_freq_mhz");
	igt_assert_f(act == rpn || act == 0, "idle GT at %lld MHz", act);
}

/*
 * Bad limits are refused as i915 refuses them, and change nothing:
 * outside RPn..RP0 (each of min, max and boost, below and above), a
 * minimum above the maximum and a maximum below the minimum (EINVAL);
 * what kstrtou32() will not take: text, a bare newline, a negative number
 * (EINVAL), one past 32 bits (ERANGE); and a read-only file (EACCES). 13
 * writes. Equal minimum and maximum are allowed.
 */
static void test_freq_bad_input(void)
{
	struct freqs before, after;
	struct {
		const char *file, *text;
		int err;
	} bad[13];
	char below[32], above[32];
	unsigned int i, n = 0;

	freqs_read(&before);
	snprintf(below, sizeof(below), "%lld", before.rpn - 50);
	snprintf(above, sizeof(above), "%lld", before.rp0 + 50);
#define BAD(f, t, e) (bad[n++] = (typeof(bad[0])){ f, t, e })
	BAD("gt_min_freq_mhz", below, -EINVAL);
	BAD("gt_min_freq_mhz", above, -EINVAL);
	BAD("gt_max_freq_mhz", below, -EINVAL);
	BAD("gt_max_freq_mhz", above, -EINVAL);
	BAD("gt_boost_freq_mhz", below, -EINVAL);
	BAD("gt_boost_freq_mhz", above, -EINVAL);
	BAD("gt_min_freq_mhz", "abc", -EINVAL);
	BAD("gt_max_freq_mhz", "\n", -EINVAL);
	BAD("gt_boost_freq_mhz", "-600", -EINVAL);
	BAD("gt_min_freq_mhz", "4294967296", -ERANGE);
	BAD("gt_RP0_freq_mhz", "600", -EACCES);
#undef BAD
	for (i = 0; i < n; i++)
		igt_assert_f(card_write(bad[i].file, bad[i].text) == bad[i].err,
			     "%s <- \"%s\": %d, want %d", bad[i].file,
			     bad[i].text, card_write(bad[i].file, bad[i].text),
			     bad[i].err);
	freqs_read(&after);
	igt_assert_eq(after.min, before.min);
	igt_assert_eq(after.max, before.max);
	igt_assert_eq(after.boost, before.boost);

	/* The two crossings, from limits 600..1000. */
	freq_set("gt_max_freq_mhz", 1000);
	freq_set("gt_min_freq_mhz", 600);
	igt_assert_eq(card_write("gt_min_freq_mhz", "1200"), -EINVAL);
	igt_assert_eq(card_write("gt_max_freq_mhz", "500"), -EINVAL);
	igt_assert_eq(card_read("gt_min_freq_mhz"), 600);
	igt_assert_eq(card_read("gt_max_freq_mhz"), 1000);
	/* Equal is fine; then back to the defaults, max first. */
	freq_set("gt_min_freq_mhz", 1000);
	freq_set("gt_max_freq_mhz", before.max);
	freq_set("gt_min_freq_mhz", before.min);
	freqs_read(&after);
	igt_assert_eq(after.min, before.min);
	igt_assert_eq(after.max, before.max);
	igt_info("%u bad writes refused, each with its errno\n", n + 2);
}

static void test_power_max(void)
{
	long long pl1, win;

	find_hwmon();
	pl1 = hw_read("power1_max");
	win = hw_read("power1_max_interval");
	igt_assert_eq(hw_write("power1_max", "15000000"), 0);
	igt_assert_eq_u64(hw_read("power1_max"), 15000000);
	igt_assert_eq(hw_write("power1_max", "0"), 0);
	igt_assert_eq_u64(hw_read("power1_max"), 0);
	igt_assert_eq(hw_write("power1_max_interval", "500"), 0);
	igt_assert_eq_u64(hw_read("power1_max_interval"), 500);

	{
		char text[32];

		snprintf(text, sizeof(text), "%lld", pl1);
		igt_assert_eq(hw_write("power1_max", text), 0);
		snprintf(text, sizeof(text), "%lld", win);
		igt_assert_eq(hw_write("power1_max_interval", text), 0);
	}
	igt_assert_eq_u64(hw_read("power1_max"), pl1);
	igt_assert_eq_u64(hw_read("power1_max_interval"), win);
}

static void test_bad_input(void)
{
	static const struct {
		const char *attr, *text;
		int err;
	} bad[] = {
		{ "power1_max", "-1", -EINVAL },
		{ "power1_max", "watts", -EINVAL },
		/* 5000 kW: past the 15-bit field at any unit */
		{ "power1_max", "5000000000000", -EINVAL },
		{ "power1_max_interval", "0", -EINVAL },
		/* past 256 s, the longest window without the SKU's */
		{ "power1_max_interval", "300000", -EINVAL },
		{ "energy1_input", "0", -EACCES },
		{ "power1_rated_max", "1000000", -EACCES },
	};
	long long pl1, win;
	unsigned int i;

	find_hwmon();
	pl1 = hw_read("power1_max");
	win = hw_read("power1_max_interval");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		igt_assert_f(hw_write(bad[i].attr, bad[i].text) == bad[i].err,
			     "%s <- \"%s\": %d, want %d", bad[i].attr,
			     bad[i].text, hw_write(bad[i].attr, bad[i].text),
			     bad[i].err);
	igt_assert_eq_u64(hw_read("power1_max"), pl1);
	igt_assert_eq_u64(hw_read("power1_max_interval"), win);
}

/* ---- runtime PM: the PCI function's power/ directory ---- */

#define LMEM_VA		0x300000ull

static char rpm_dir[PATH_MAX + 16];
static char rpm_old_delay[32], rpm_old_control[16];

static void rpm_read(const char *name, char *buf, size_t len)
{
	char path[PATH_MAX + 64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", rpm_dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	igt_assert_f(fd >= 0, "cannot open %s", path);
	n = read(fd, buf, len - 1);
	close(fd);
	igt_assert_f(n > 0, "cannot read %s", path);
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
}

static void rpm_write(const char *name, const char *text)
{
	igt_assert_f(!write_text(rpm_dir, name, text), "cannot write \"%s\" to %s/%s",
		     text, rpm_dir, name);
}

/* Runtime PM on with this autosuspend delay; rpm_restore() undoes it. */
static void rpm_setup(int delay_ms)
{
	char d[16];

	igt_require_f(dut.pci[0], "no sysfs");
	snprintf(rpm_dir, sizeof(rpm_dir), "%s/power", dut.pci);
	rpm_read("autosuspend_delay_ms", rpm_old_delay, sizeof(rpm_old_delay));
	rpm_read("control", rpm_old_control, sizeof(rpm_old_control));
	igt_assert_f(!strcmp(rpm_old_control, "auto"),
		     "power/control is \"%s\": dg1 allows runtime PM at probe",
		     rpm_old_control);
	snprintf(d, sizeof(d), "%d", delay_ms);
	rpm_write("autosuspend_delay_ms", d);
}

static void rpm_restore(void)
{
	rpm_write("control", rpm_old_control);
	rpm_write("autosuspend_delay_ms", rpm_old_delay);
}

/* ms until runtime_status read @want; -1 after @timeout_ms. */
static int rpm_wait(const char *want, int timeout_ms)
{
	double t0 = now_ms();
	char st[32];

	for (;;) {
		rpm_read("runtime_status", st, sizeof(st));
		if (!strcmp(st, want))
			return (int)(now_ms() - t0);
		if (now_ms() - t0 > timeout_ms)
			return -1;
		dut_sleep_ms(1);
	}
}

static void rpm_wait_suspended(const char *after)
{
	char st[32];

	if (rpm_wait("suspended", 5000) < 0) {
		rpm_read("runtime_status", st, sizeof(st));
		igt_assert_f(0, "not runtime-suspended 5 s after %s: %s", after,
			     st);
	}
	if (dut.vdg1)
		igt_assert_f(dut.vdg1->page->pci_power_state == 3,
			     "runtime-suspended, but vdg1 is in D%u, not D3hot",
			     dut.vdg1->page->pci_power_state);
}

/* One store of @val to @va through a new queue on @e; waits for it. */
static void rpm_store(struct exec_rig *r,
		      const struct drm_dg1_engine_class_instance *e,
		      uint64_t va, uint32_t val)
{
	uint32_t q, so;

	r->cs[0] = MI_STORE_DATA_IMM;
	r->cs[1] = (uint32_t)va;
	r->cs[2] = (uint32_t)(va >> 32);
	r->cs[3] = val;
	r->cs[4] = MI_BATCH_BUFFER_END;
	q = queue_create(r->fd, r->vm, e, 0);
	so = exec_out(r->fd, q, BATCH_VA);
	wait_ok(r->fd, so, 5000);
	igt_assert_eq(fence_status(r->fd, so), 1);
	syncobj_destroy(r->fd, so);
	queue_destroy(r->fd, q);
}

/*
 * Idle, the device suspends (vdg1: D3hot); an EXEC wakes it and runs on
 * every engine (the GPU lost its registers: resume programmed it again);
 * an LMEM object's CPU mapping, made before a suspend, reads back what
 * the GPU wrote (LMEM keeps its contents in D3hot, and the stale mapping
 * was torn down: the access faulted and woke the device).
 */
static void test_rpm_suspend_resume(void)
{
	struct vdg1_counters_page c0, c1;
	volatile uint32_t *lm;
	struct exec_rig r;
	uint32_t bo;
	unsigned int i;

	rpm_setup(50);
	exec_rig_open(&r, dut.fd);
	bo = gem_create(dut.fd, 4096, GEM_LMEM, 0);
	lm = gem_mmap(dut.fd, bo, 4096);
	vm_map(dut.fd, r.vm, bo, 0, LMEM_VA, 4096, 0);
	lm[0] = 0;
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);

	for (i = 0; i < dut.num_engines; i++) {
		rpm_wait_suspended(i ? "the last store" : "the setup");
		rpm_store(&r, &dut.engines[i], LMEM_VA, 0x5eed0000 + i);
	}
	rpm_wait_suspended("the stores");
	igt_assert_eq_u32(lm[0], 0x5eed0000 + dut.num_engines - 1);
	igt_assert_f(rpm_wait("suspended", 0) < 0,
		     "reading LMEM through the mapping did not wake the device");

	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		igt_info("D3hot entries %u\n", c1.d3_entries - c0.d3_entries);
		igt_assert_f(c1.d3_entries - c0.d3_entries >= dut.num_engines + 1,
			     "%u D3hot entries, want at least %u",
			     c1.d3_entries - c0.d3_entries, dut.num_engines + 1);
	}
	vm_unmap(dut.fd, r.vm, LMEM_VA, 4096);
	munmap((void *)lm, 4096);
	gem_close(dut.fd, bo);
	exec_rig_close(&r);
	rpm_restore();
}

/* "on" in power/control keeps the device in D0, as for any PCI device. */
static void test_rpm_forbidden(void)
{
	rpm_setup(0);
	rpm_wait_suspended("the setup");
	rpm_write("control", "on");
	igt_assert_f(rpm_wait("active", 2000) >= 0,
		     "power/control \"on\" did not resume the device");
	dut_sleep_ms(100);
	igt_assert_f(rpm_wait("active", 0) >= 0,
		     "suspended with power/control \"on\"");
	if (dut.vdg1)
		igt_assert_eq_u32(dut.vdg1->page->pci_power_state, 0);
	rpm_restore();
}

/*
 * DG1_RPM_CYCLES (default 100) suspend/resume cycles, autosuspend at
 * once (delay 0). Each is woken by one QUERY ioctl; every 100th, and the
 * last, by an EXEC on one of the engines in turn whose store must land
 * (the GPU was programmed again). Prints the time a cycle takes.
 */
static void test_rpm_stress(void)
{
	const char *env = getenv("DG1_RPM_CYCLES");
	unsigned int cycles = env ? atoi(env) : 100, i, execs = 0;
	struct vdg1_counters_page c0, c1;
	struct exec_rig r;
	uint32_t q[DG1DEV_MAX_ENGINES], so;
	double t0, to_d3 = 0, wake = 0;

	rpm_setup(0);
	exec_rig_open(&r, dut.fd);
	for (i = 0; i < dut.num_engines; i++)
		q[i] = queue_create(r.fd, r.vm, &dut.engines[i], 0);
	r.cs[0] = MI_STORE_DATA_IMM;
	r.cs[1] = (uint32_t)DATA_VA;
	r.cs[2] = 0;
	r.cs[4] = MI_BATCH_BUFFER_END;
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	t0 = now_ms();
	for (i = 0; i < cycles; i++) {
		double t1 = now_ms(), t2;

		rpm_wait_suspended("the last wake");
		t2 = now_ms();
		to_d3 += t2 - t1;
		if (i % 100 && i != cycles - 1) {
			/* One ioctl: the sizing pass of a query. */
			struct drm_dg1_query dq = {
				.query = DRM_DG1_QUERY_DEVICE,
			};

			do_ioctl(dut.fd, DRM_IOCTL_DG1_QUERY, &dq);
			igt_assert(dq.size);
			wake += now_ms() - t2;
			continue;
		}
		/* The batch is in SMEM: writing it does not wake the GPU. */
		r.cs[3] = i;
		so = exec_out(r.fd, q[execs++ % dut.num_engines], BATCH_VA);
		wait_ok(r.fd, so, 5000);
		igt_assert_eq(fence_status(r.fd, so), 1);
		syncobj_destroy(r.fd, so);
		igt_assert_eq_u32(r.out[0], i);
		wake += now_ms() - t2;
	}
	igt_info("%u cycles (%u with an EXEC) in %.1f s: to D3hot %.2f ms, woken %.2f ms, per cycle\n",
		 cycles, execs, (now_ms() - t0) / 1000, to_d3 / cycles,
		 wake / cycles);
	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		igt_assert_f(c1.d3_entries - c0.d3_entries >= cycles,
			     "%u D3hot entries in %u cycles",
			     c1.d3_entries - c0.d3_entries, cycles);
	}
	for (i = 0; i < dut.num_engines; i++)
		queue_destroy(r.fd, q[i]);
	exec_rig_close(&r);
	rpm_restore();
}

/* ---- system sleep ---- */

#define SLEEP_BO_SIZE	(1u << 20)

static uint32_t fill_pattern(volatile uint32_t *p, uint32_t seed)
{
	uint32_t sum = 0, x = seed;
	unsigned int i;

	for (i = 0; i < SLEEP_BO_SIZE / 4; i++) {
		x = x * 1664525u + 1013904223u;
		p[i] = x;
		sum = sum * 31 + x;
	}
	return sum;
}

static uint32_t sum_pattern(volatile uint32_t *p)
{
	uint32_t sum = 0;
	unsigned int i;

	for (i = 0; i < SLEEP_BO_SIZE / 4; i++)
		sum = sum * 31 + p[i];
	return sum;
}

/*
 * A system sleep (@deep: suspend to RAM, woken by the RTC's alarm, the
 * card losing power, with a spinning batch on every engine; else
 * hibernation's freeze and thaw, pm_test "core") with 1 MiB objects in
 * LMEM and in SMEM mapped: after it both read back what was written,
 * every spinner runs on (or again) and ends with success when told to,
 * and a new EXEC runs on every engine. On vdg1: power went once and the device was in
 * D3hot (deep), or neither (freeze and thaw), and nothing touched it in
 * D3hot.
 */
/*
 * Debug builds hold dg1's suspend callback this long before it parks the
 * engines (inject_suspend_delay_ms), longer than a job may run (5 s): a
 * loaded machine takes seconds to get there while the engines go on, and
 * the jobs must not be blamed for it (dg1_exec_queues_sleeping();
 * before, every engine's spinner ended with -EIO).
 */
#define SUSPEND_DELAY_PARAM	"/sys/module/dg1/parameters/inject_suspend_delay_ms"
#define SUSPEND_DELAY_MS	"6000"
/*
 * And the scheduler takes each job 1 s late (inject_sched_delay_us), so
 * that it arms the spinners' timeouts after the sleep began: stopping the
 * timers at the start of the sleep, as first tried, let that arming run
 * them out (the gate of that version failed so under load).
 */
#define SCHED_DELAY_PARAM	"/sys/module/dg1/parameters/inject_sched_delay_us"
#define SCHED_DELAY_US		"1000000"

static void suspend_delay_off(void)
{
	dg1dev_sysfs_write(SUSPEND_DELAY_PARAM, "0");
	dg1dev_sysfs_write(SCHED_DELAY_PARAM, "0");
}

/* Set the delays; false on a build without them. */
static bool suspend_delay_on(void)
{
	int err = dg1dev_sysfs_write(SUSPEND_DELAY_PARAM, SUSPEND_DELAY_MS);

	if (err == -ENOENT)
		return false;
	igt_assert_f(!err, "cannot write %s: %s", SUSPEND_DELAY_PARAM,
		     strerror(-err));
	atexit(suspend_delay_off);
	err = dg1dev_sysfs_write(SCHED_DELAY_PARAM, SCHED_DELAY_US);
	igt_assert_f(!err, "cannot write %s: %s", SCHED_DELAY_PARAM,
		     strerror(-err));
	return true;
}

static void system_sleep(bool deep)
{
	const char *mode = deep ? "deep" : "hibernation (pm_test core)";
	struct spinner sp[DG1DEV_MAX_ENGINES];
	struct vdg1_counters_page c0, c1;
	volatile uint32_t *lm, *sm;
	uint32_t lbo, sbo, lsum, ssum;
	struct exec_rig r;
	unsigned int i;
	double t0, ms;
	int ret;

	dut_require_system_sleep(deep);
	/* D3hot only from the sleep itself, not from runtime PM meanwhile. */
	dut_hold_d0(true);
	lbo = gem_create(dut.fd, SLEEP_BO_SIZE, GEM_LMEM, 0);
	sbo = gem_create(dut.fd, SLEEP_BO_SIZE, GEM_SMEM, 0);
	lm = gem_mmap(dut.fd, lbo, SLEEP_BO_SIZE);
	sm = gem_mmap(dut.fd, sbo, SLEEP_BO_SIZE);
	lsum = fill_pattern(lm, 1);
	ssum = fill_pattern(sm, 2);
	/*
	 * Hibernation preallocates its image for seconds with user space
	 * frozen, longer than a batch may run (the 5 s hang check): no work
	 * runs across it.
	 */
	if (deep && suspend_delay_on())
		igt_info("the suspend callback held %s ms, each job taken %s us late\n",
			 SUSPEND_DELAY_MS, SCHED_DELAY_US);
	for (i = 0; deep && i < dut.num_engines; i++)
		spin_start(&sp[i], &dut.engines[i]);

	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	t0 = now_ms();
	ret = dut_system_sleep(deep);
	ms = now_ms() - t0;
	suspend_delay_off();
	igt_assert_f(!ret, "suspend to %s failed: %s", mode, strerror(-ret));
	igt_info("%s: back after %.0f ms\n", mode, ms);

	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		igt_info("vdg1: D3hot entries %u, power losses %u\n",
			 c1.d3_entries - c0.d3_entries,
			 c1.power_losses - c0.power_losses);
		igt_assert_f((c1.d3_entries > c0.d3_entries) == deep,
			     "%u D3hot entries", c1.d3_entries - c0.d3_entries);
		igt_assert_eq_u32(c1.power_losses - c0.power_losses, deep);
	}
	igt_assert_f(sum_pattern(lm) == lsum, "LMEM object changed across %s",
		     mode);
	igt_assert_f(sum_pattern(sm) == ssum, "SMEM object changed across %s",
		     mode);
	for (i = 0; deep && i < dut.num_engines; i++)
		spin_end(&sp[i]);

	exec_rig_open(&r, dut.fd);
	for (i = 0; i < dut.num_engines; i++) {
		rpm_store(&r, &dut.engines[i], DATA_VA, 0xa0 + i);
		igt_assert_eq_u32(r.out[0], 0xa0 + i);
	}
	exec_rig_close(&r);
	munmap((void *)lm, SLEEP_BO_SIZE);
	munmap((void *)sm, SLEEP_BO_SIZE);
	gem_close(dut.fd, lbo);
	gem_close(dut.fd, sbo);
	dut_hold_d0(false);
}

static void test_suspend_deep(void)
{
	system_sleep(true);
}

static void test_hibernate_freeze_thaw(void)
{
	system_sleep(false);
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("hwmon", test_hwmon);
	dut_subtest("energy-idle", test_energy_idle);
	dut_subtest("energy-busy", test_energy_busy);
	dut_subtest("rc6-idle", test_rc6_idle);
	dut_subtest("rc6-busy", test_rc6_busy);
	dut_subtest("freq-sysfs", test_freq_sysfs);
	dut_subtest("freq-ramp", test_freq_ramp);
	dut_subtest("freq-bad-input", test_freq_bad_input);
	dut_subtest("power-max", test_power_max);
	dut_subtest("bad-input", test_bad_input);
	dut_subtest("rpm-suspend-resume", test_rpm_suspend_resume);
	dut_subtest("rpm-forbidden", test_rpm_forbidden);
	dut_subtest("rpm-stress", test_rpm_stress);
	dut_subtest("suspend-deep", test_suspend_deep);
	dut_subtest("hibernate-freeze-thaw", test_hibernate_freeze_thaw);

	igt_fixture
		dut_close();
}
