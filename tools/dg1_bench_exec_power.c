// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_exec_power.c - the parts of dg1_bench_exec that read the card's
 * sysfs and the kernel's trace buffer: split (where a waited EXEC's time
 * goes) and power (RC6, frequency, runtime PM). What they print is
 * described at the top of dg1_bench_exec.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "dg1_bench_exec.h"
#include "dg1_ftrace.h"

/* The first line of @name under the card's sysfs directory, "" if none. */
static void card_text(const struct bench *b, const char *name, char *text,
		      size_t len)
{
	char path[2 * PATH_MAX];
	FILE *f;

	text[0] = 0;
	snprintf(path, sizeof(path), "%s/%s", b->card, name);
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(text, len, f))
		text[0] = 0;
	fclose(f);
	text[strcspn(text, "\n")] = 0;
}

/* The card's sysfs file @name as a number; -1 if it cannot be read. */
static long long card_read(const struct bench *b, const char *name)
{
	char text[32];

	card_text(b, name, text, sizeof(text));
	return text[0] ? strtoll(text, NULL, 10) : -1;
}

/* Poll @name every 100 us until @until() holds, for up to 2 s: ms taken. */
static double card_poll(const struct bench *b, const char *name,
			bool (*until)(long long v, long long ref), long long ref)
{
	uint64_t t0 = dg1_now_ns(), t;

	do {
		t = dg1_now_ns();
		if (until(card_read(b, name), ref))
			return (double)(t - t0) / 1e6;
		usleep(100);
	} while (t - t0 < 2 * DG1_NSEC_PER_SEC);
	return -1;
}

/* Write @text to the card's sysfs file @name; 0 or -errno. */
static int card_write(const struct bench *b, const char *name,
		      const char *text)
{
	char path[2 * PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", b->card, name);
	return dg1dev_sysfs_write(path, text);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static double median_us(uint64_t *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_u64);
	return n ? (double)v[n / 2] / 1000 : 0;
}

/*
 * Where the time of a waited EXEC goes (issue 25): SPLIT_EXECS of them on
 * bcs0, as the loop's waited shape, with dg1's submission and signal
 * tracepoints and the scheduler's switches recorded (tracefs, clock
 * "mono", so the kernel's timestamps line up with the loop's): EXEC ioctl
 * to the ELSQ write, the ELSQ write to the request signalled (device time
 * and the interrupt), signalled to the waiter back in user space, and the
 * context switches per EXEC on both CPUs. Tracing slows each step a
 * little; the untraced loop's figures stand beside these.
 */
#define SPLIT_EXECS	300

static int split_once(struct bench *b, uint32_t q, uint32_t so,
		      const char *how)
{
	static const char *const events[] = {
		"dg1/dg1_submit", "dg1/dg1_request_signal",
		"sched/sched_switch", NULL,
	};
	static uint64_t t0[SPLIT_EXECS], t1[SPLIT_EXECS];
	static uint64_t sub[SPLIT_EXECS], dev[SPLIT_EXECS], wake[SPLIT_EXECS];
	static uint64_t sw[SPLIT_EXECS];
	struct dg1_ftrace_event *ev = NULL;
	unsigned int i, whole = 0;
	long n, k = 0;
	int err;

	err = dg1_ftrace_start(events);
	if (err) {
		printf("%s: split: no trace buffer (%s): not split\n", prog,
		       strerror(-err));
		return 0;
	}
	for (i = 0; i < SPLIT_EXECS && !err; i++) {
		t0[i] = dg1_now_ns();
		err = exec(b, q, BATCH_VA, so) ?: syncobj_wait_for(b->fd, so, 0);
		t1[i] = dg1_now_ns();
	}
	dg1_ftrace_stop(events);
	if (err)
		return err;
	n = dg1_ftrace_read(&ev);
	if (n < 0)
		return (int)n;
	/* The buffer is in time order, and so are the EXECs. */
	for (i = 0; i < SPLIT_EXECS; i++) {
		uint64_t submit = 0, signal = 0, switches = 0;

		while (k < n && ev[k].ns < t0[i])
			k++;
		for (; k < n && ev[k].ns <= t1[i]; k++) {
			if (!strcmp(ev[k].name, "sched_switch"))
				switches++;
			else if (!submit && !strcmp(ev[k].name, "dg1_submit"))
				submit = ev[k].ns;
			else if (submit && !signal &&
				 !strcmp(ev[k].name, "dg1_request_signal"))
				signal = ev[k].ns;
		}
		if (!submit || !signal)
			continue;
		sub[whole] = submit - t0[i];
		dev[whole] = signal - submit;
		wake[whole] = t1[i] - signal;
		sw[whole++] = switches * 1000;
	}
	free(ev);
	dg1_figuref(whole, "split%s: waited execs traced whole, of %u", how,
		    SPLIT_EXECS);
	if (!whole)
		return 0;
	dg1_figuref(median_us(sub, whole),
		    "split%s: median us, EXEC ioctl to ELSQ write", how);
	dg1_figuref(median_us(dev, whole),
		    "split%s: median us, ELSQ write to request signalled", how);
	dg1_figuref(median_us(wake, whole),
		    "split%s: median us, signalled to waiter in user space", how);
	dg1_figuref(median_us(sw, whole),
		    "split%s: context switches per waited exec, median", how);
	return 0;
}

/*
 * Twice: at the frequency the driver's policy gives, then with
 * gt_min_freq_mhz raised to RP0 (as i915_vdg1_perf pins i915), so that the
 * device's time - which on vdg1, as on the part, follows the frequency - is
 * not blamed on submission.
 */
int bench_split(struct bench *b)
{
	long long rp0 = card_read(b, "gt_RP0_freq_mhz");
	char old[32], text[32];
	uint32_t q, so;
	int err;

	err = queue(b, b->bcs, &q);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	so = syncobj(b->fd);
	err = split_once(b, q, so, "");
	card_text(b, "gt_min_freq_mhz", old, sizeof(old));
	snprintf(text, sizeof(text), "%lld", rp0);
	if (!err && rp0 > 0 && old[0] && !card_write(b, "gt_min_freq_mhz", text)) {
		err = split_once(b, q, so, " at RP0");
		card_write(b, "gt_min_freq_mhz", old);
	}
	syncobj_put(b->fd, so);
	queue_put(b, q);
	return err ? fail("split", err) : 0;
}

/* Until device/power/runtime_status reads "suspended", up to 2 s: ms. */
static double suspended_after(const struct bench *b)
{
	uint64_t t0 = dg1_now_ns(), t;
	char text[32];

	do {
		t = dg1_now_ns();
		card_text(b, "device/power/runtime_status", text, sizeof(text));
		if (!strcmp(text, "suspended"))
			return (double)(t - t0) / 1e6;
		usleep(100);
	} while (t - t0 < 2 * DG1_NSEC_PER_SEC);
	return -1;
}

/* Runtime suspend and resume latency, autosuspend at once. */
static void bench_runtime_pm(struct bench *b)
{
	long long delay = card_read(b, "device/power/autosuspend_delay_ms");
	double down = 0, up = 0, ms;
	char text[32];
	int i, n = 20, err = 0;
	uint64_t t;

	if (delay < 0 || card_write(b, "device/power/autosuspend_delay_ms", "0"))
		return;
	for (i = 0; i < n; i++) {
		/* The sizing pass, each time: one that got a size copies out. */
		struct drm_dg1_query dq = { .query = DRM_DG1_QUERY_DEVICE };

		ms = suspended_after(b);
		if (ms < 0)
			break;
		down += ms;
		t = dg1_now_ns();
		if (ioctl(b->fd, DRM_IOCTL_DG1_QUERY, &dq)) {
			err = -errno;
			break;
		}
		up += (double)(dg1_now_ns() - t) / 1e6;
	}
	snprintf(text, sizeof(text), "%lld", delay);
	card_write(b, "device/power/autosuspend_delay_ms", text);
	if (err) {
		fprintf(stderr, "power: runtime PM: QUERY failed (cycle %d of %d): %s\n",
			i + 1, n, strerror(-err));
		return;
	}
	if (i < n) {
		char control[16] = "", status[16] = "";

		card_text(b, "device/power/control", control, sizeof(control));
		card_text(b, "device/power/runtime_status", status,
			  sizeof(status));
		fprintf(stderr, "power: runtime PM: the device did not suspend (cycle %d of %d): control %s, runtime_status %s, runtime_usage %lld, runtime_active_kids %lld\n",
			i + 1, n, control, status,
			card_read(b, "device/power/runtime_usage"),
			card_read(b, "device/power/runtime_active_kids"));
		return;
	}
	dg1_figuref(down / n, "power: runtime suspend, ioctl end to D3hot, ms");
	dg1_figuref(up / n, "power: runtime resume, a QUERY woken from D3hot, ms");
}

static bool equals(long long v, long long ref)
{
	return v == ref;
}

static bool grows(long long v, long long ref)
{
	return v > ref;
}

int bench_power(struct bench *b)
{
	volatile uint32_t *spin = b->batch_map + SPIN_OFFSET / 4;
	long long rp0, rpn, r0, r1;
	uint64_t t0, t1;
	uint32_t q, so;
	double ms;
	int err;

	rp0 = card_read(b, "gt_RP0_freq_mhz");
	rpn = card_read(b, "gt_RPn_freq_mhz");
	if (rp0 <= 0 || rpn <= 0)
		return fail("power: no gt_RP0/RPn_freq_mhz", -ENOENT);
	r0 = card_read(b, "power/rc6_residency_ms");
	t0 = dg1_now_ns();
	bench_pause(b, 2 * DG1_NSEC_PER_SEC);
	r1 = card_read(b, "power/rc6_residency_ms");
	t1 = dg1_now_ns();
	if (r0 >= 0 && r1 >= 0)
		dg1_figuref(100.0 * (r1 - r0) * 1e6 / (t1 - t0),
			    "power: RC6 residency idle, %% of %g s",
			    bench_ns(b, 2 * DG1_NSEC_PER_SEC) / 1e9);

	spin[0] = MI_ARB_CHECK;
	spin[1] = MI_BATCH_BUFFER_START;
	spin[2] = (uint32_t)(BATCH_VA + SPIN_OFFSET);
	spin[3] = 0;
	err = queue(b, b->bcs, &q);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	so = syncobj(b->fd);
	err = exec(b, q, BATCH_VA + SPIN_OFFSET, so);
	if (!err) {
		ms = card_poll(b, "gt_act_freq_mhz", equals, rp0);
		dg1_figuref(ms, "power: EXEC to RP0 (%lld MHz), ms", rp0);
		spin[0] = MI_BATCH_BUFFER_END;
		err = syncobj_wait(b->fd, so);
	}
	if (!err) {
		r0 = card_read(b, "power/rc6_residency_ms");
		ms = card_poll(b, "gt_cur_freq_mhz", equals, rpn);
		dg1_figuref(ms, "power: batch end to RPn (%lld MHz), ms", rpn);
		if (r0 >= 0) {
			ms = card_poll(b, "power/rc6_residency_ms", grows, r0);
			dg1_figuref(ms, "power: batch end to RC6 residency growing, ms");
		}
	}
	syncobj_put(b->fd, so);
	queue_put(b, q);
	if (!err)
		bench_runtime_pm(b);
	return err ? fail("EXEC", err) : 0;
}
