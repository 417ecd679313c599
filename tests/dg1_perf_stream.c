// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_perf_stream.c - dg1_perf's subtests of sampling streams: the report
 * formats and TestOa's counters in them, timer exponents, enable and
 * disable, read() and poll(), overflow, many opens, vdg1's OA counters,
 * the driver's debugfs "oa".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dg1_perf.h"

/*
 * TestOa's B counters between two reports against the GPU ticks between
 * them, as IGT checks them (tests/intel/xe_oa.c sanity_check_reports):
 * oa-dg1.xml's factors 0, 1, 1 exact, 1/2, 1/3, 1/3, 1/6, 2/3 within one.
 */
static void check_testoa(const uint32_t *r0, const uint32_t *r1,
			 uint32_t format)
{
	static const struct { unsigned int num, den; bool exact; } factor[8] = {
		{ 0, 1, true }, { 1, 1, true }, { 1, 1, true }, { 1, 2, false },
		{ 1, 3, false }, { 1, 3, false }, { 1, 6, false }, { 2, 3, false },
	};
	unsigned int b = format_b(format), k;
	uint32_t ticks = r1[3] - r0[3];

	igt_assert(b);
	igt_assert_f(ticks > 0, "no GPU ticks between reports at 0x%08x and "
		     "0x%08x", r0[1], r1[1]);
	for (k = 0; k < 8; k++) {
		uint32_t delta = r1[b + k] - r0[b + k];
		uint32_t want = (uint64_t)ticks * factor[k].num / factor[k].den;
		uint32_t slack = factor[k].exact ? 0 : 1;

		igt_assert_f(delta + slack >= want && delta <= want + slack,
			     "%s: B%u grew by %u over %u GPU ticks, want %u%s",
			     format_name(format), k, delta, ticks, want,
			     slack ? " +-1" : "");
	}
	/*
	 * vdg1 (Documentation/vdg1-oa.rst, TestOa): each B counts the ticks
	 * whose residue mod 6 is in its set, B3 {0, 2, 4}, B5 {1, 4}, B6
	 * {1}, B7 {1, 3, 4, 5}: so B7 = clk - B3 + B5 - B6 exactly. C0 never
	 * holds, C1 always.
	 */
	if (dut.vdg1) {
		unsigned int c = format_c(format);
		uint32_t d[8];

		for (k = 0; k < 8; k++)
			d[k] = r1[b + k] - r0[b + k];
		igt_assert_f(d[7] == ticks - d[3] + d[5] - d[6],
			     "%s: B7 %u, B3 %u, B5 %u, B6 %u over %u ticks",
			     format_name(format), d[7], d[3], d[5], d[6], ticks);
		igt_assert_eq_u32(r1[c] - r0[c], 0);
		igt_assert_eq_u32(r1[c + 1] - r0[c + 1], ticks);
	}
}

void test_formats(void)
{
	static const uint32_t formats[] = {
		DRM_DG1_OA_FORMAT_A12, DRM_DG1_OA_FORMAT_A12_B8_C8,
		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8, DRM_DG1_OA_FORMAT_C4_B8,
	};
	const int exponent = 13;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		uint32_t f = formats[i];
		struct drm_dg1_perf_status st;
		struct capture c;
		int sfd = open_sample(f, exponent, 0);

		check_info(sfd, f, exponent, true);
		check_vdg1_unit(f, exponent);
		capture_init(&c, format_size(f));
		capture_read(sfd, &c, 6, false, RECORD_TIMEOUT_MS);
		igt_assert_eq(c.report_lost + c.buffer_lost, 0);
		/*
		 * Every report is the timer's, but for context switches of
		 * what the driver ran on rcs0 to program the set.
		 */
		igt_assert_lte(c.n - 2, check_periodic(&c, 0));
		igt_assert_f(ts_after(report(&c, c.n - 1)[1], report(&c, 0)[1]),
			     "%s: timestamps did not move", format_name(f));
		igt_assert_f(report(&c, c.n - 1)[3] != report(&c, 0)[3],
			     "%s: GPU ticks did not move", format_name(f));
		st = perf_status(sfd);
		igt_assert_eq_u64(st.reports_read, c.n);
		igt_assert_eq_u64(st.reports_lost, 0);
		igt_assert_eq_u64(st.buffer_lost, 0);
		igt_info("%s: %u samples of %u + %u bytes, reasons 0x%x..0x%x\n",
			 format_name(f), c.n, (unsigned int)HDR, c.report_size,
			 REASON(report(&c, 0)[0]),
			 REASON(report(&c, c.n - 1)[0]));
		capture_free(&c);
		stream_close(sfd);
	}
}

/* TestOa's B counters against the GPU clock, in every format with them. */
void test_testoa_counters(void)
{
	static const uint32_t formats[] = {
		DRM_DG1_OA_FORMAT_A12_B8_C8,
		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8,
		DRM_DG1_OA_FORMAT_C4_B8,
	};
	unsigned int i, k, pairs = 0;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		struct capture c;
		int sfd = open_sample(formats[i], 14, 0);

		capture_init(&c, format_size(formats[i]));
		capture_read(sfd, &c, 7, false, RECORD_TIMEOUT_MS);
		check_periodic(&c, 0);
		/* Consecutive timer reports (IGT's timer_only pairs). */
		for (k = 1; k < c.n; k++) {
			if (!(REASON(report(&c, k - 1)[0]) & REASON_TIMER) ||
			    !(REASON(report(&c, k)[0]) & REASON_TIMER))
				continue;
			check_testoa(report(&c, k - 1), report(&c, k),
				     formats[i]);
			pairs++;
		}
		igt_assert_lte(2, pairs);
		igt_info("%s: B0-B7 of %u pairs of reports as TestOa defines "
			 "them\n", format_name(formats[i]), pairs);
		pairs = 0;
		capture_free(&c);
		stream_close(sfd);
	}
}

void test_exponents(void)
{
	struct drm_dg1_query_engine_cycles cyc;
	unsigned int e, i;

	/* On DG1 the OA timestamp is the CS timestamp (HARDWARE.md 10.9). */
	dut_cycles_ok(&ENGINE(RENDER, 0), CLOCK_MONOTONIC, &cyc);
	igt_assert_eq_u64(ts_freq, cyc.engine_frequency);
	if (dut.vdg1)
		igt_assert_eq_u64(ts_freq, VDG1_CS_FREQUENCY);

	for (e = 10; e <= 16; e++) {
		const uint32_t want = period_ticks(e);
		struct capture c;
		unsigned int timers = 0;
		int sfd = open_sample(DRM_DG1_OA_FORMAT_A12, e, 0);
		const uint32_t *prev = NULL;

		check_info(sfd, DRM_DG1_OA_FORMAT_A12, e, true);
		check_vdg1_unit(DRM_DG1_OA_FORMAT_A12, e);
		capture_init(&c, 64);
		capture_read(sfd, &c, 10, false, RECORD_TIMEOUT_MS);
		igt_assert_eq(c.report_lost + c.buffer_lost, 0);
		check_periodic(&c, 0);
		for (i = 0; i < c.n; i++) {
			const uint32_t *r = report(&c, i);

			if (!(REASON(r[0]) & REASON_TIMER))
				continue;
			timers++;
			if (prev)
				igt_assert_f(r[1] - prev[1] == want,
					     "exponent %u: timer reports 0x%08x "
					     "and 0x%08x are %u ticks apart, not "
					     "%u", e, prev[1], r[1],
					     r[1] - prev[1], want);
			/* vdg1 writes the reports on the period's grid. */
			if (dut.vdg1)
				igt_assert_f(r[1] % want == 0,
					     "exponent %u: timestamp 0x%08x "
					     "off the grid of %u", e, r[1],
					     want);
			prev = r;
		}
		igt_assert_lte(8, timers);
		igt_info("exponent %u: %u timer reports %u ticks (%llu ns) "
			 "apart\n", e, timers, want,
			 (unsigned long long)period_ns(e));
		capture_free(&c);
		stream_close(sfd);
	}
}

static uint32_t rcs_timestamp(void)
{
	struct drm_dg1_query_engine_cycles cyc;

	dut_cycles_ok(&ENGINE(RENDER, 0), CLOCK_MONOTONIC, &cyc);
	return (uint32_t)cyc.engine_cycles;
}

void test_enable_disable(void)
{
	const int exponent = 14;
	struct vdg1_counters_page s0, s1;
	uint32_t t_dis, t_en, last;
	struct capture c;
	char buf[4096];
	unsigned int i, n0;
	int sfd;

	sfd = open_sample(FMT_A32u40, exponent, DRM_DG1_PERF_FLAG_DISABLED);
	check_info(sfd, FMT_A32u40, exponent, false);
	oa_snapshot(&s0);
	dut_sleep_ms(50);
	igt_assert_eq(stream_read(sfd, buf, sizeof(buf)), -EIO);
	stream_ioctl_ok(sfd, DRM_DG1_PERF_IOCTL_DISABLE, "DISABLE when disabled");
	igt_assert_eq(stream_read(sfd, buf, sizeof(buf)), -EIO);
	igt_assert_eq_u64(perf_status(sfd).reports_read, 0);
#if VDG1_HAS_OA
	if (dut.vdg1) {
		oa_snapshot(&s1);
		igt_assert_eq(s1.oa_reports_written, s0.oa_reports_written);
	}
#endif

	t_en = rcs_timestamp();
	stream_ioctl_ok(sfd, DRM_DG1_PERF_IOCTL_ENABLE, "ENABLE");
	stream_ioctl_ok(sfd, DRM_DG1_PERF_IOCTL_ENABLE, "ENABLE twice");
	check_info(sfd, FMT_A32u40, exponent, true);
	capture_init(&c, 256);
	capture_read(sfd, &c, 4, false, RECORD_TIMEOUT_MS);
	igt_assert_lte(2, check_periodic(&c, 0));
	for (i = 0; i < c.n; i++)
		igt_assert_f(ts_after(report(&c, i)[1], t_en),
			     "sample %u at 0x%08x, enabled at 0x%08x", i,
			     report(&c, i)[1], t_en);

	stream_ioctl_ok(sfd, DRM_DG1_PERF_IOCTL_DISABLE, "DISABLE");
	t_dis = rcs_timestamp();
	check_info(sfd, FMT_A32u40, exponent, false);
	igt_assert_eq(stream_read(sfd, buf, sizeof(buf)), -EIO);
	oa_snapshot(&s0);
	dut_sleep_ms(20 + 4 * period_ns(exponent) / NSEC_PER_MSEC);
	igt_assert_eq(stream_read(sfd, buf, sizeof(buf)), -EIO);
#if VDG1_HAS_OA
	if (dut.vdg1) {
		oa_snapshot(&s1);
		igt_assert_f(s1.oa_reports_written == s0.oa_reports_written,
			     "vdg1 wrote %u reports while disabled",
			     s1.oa_reports_written - s0.oa_reports_written);
	}
#endif
	last = report(&c, c.n - 1)[1];
	igt_assert_f(!ts_after(last, t_dis), "sample at 0x%08x after the "
		     "DISABLE at 0x%08x", last, t_dis);

	/* Enabled again: nothing from the disabled time comes out. */
	t_en = rcs_timestamp();
	igt_assert_f(ts_after(t_en, t_dis + period_ticks(exponent)),
		     "disabled for less than a period");
	stream_ioctl_ok(sfd, DRM_DG1_PERF_IOCTL_ENABLE, "ENABLE again");
	n0 = c.n;
	capture_read(sfd, &c, n0 + 3, false, RECORD_TIMEOUT_MS);
	check_periodic(&c, n0);
	for (i = n0; i < c.n; i++)
		igt_assert_f(ts_after(report(&c, i)[1], t_en),
			     "sample %u at 0x%08x: disabled from 0x%08x to "
			     "0x%08x", i, report(&c, i)[1], t_dis, t_en);
	igt_assert_eq_u64(perf_status(sfd).reports_read, c.n);
	capture_free(&c);
	stream_close(sfd);
	(void)s0; (void)s1;
}

void test_reads(void)
{
	const int exponent = 14;
	struct pollfd pfd;
	struct capture c;
	uint8_t *buf;
	uint32_t rec;
	unsigned int reads;
	ssize_t n;
	int sfd, ret;
	uint64_t t0;

	buf = malloc(READ_BUF);
	igt_assert(buf);

	/*
	 * Without periodic sampling nothing comes but the context-switch
	 * reports of whatever the driver itself ran on rcs0 at open.
	 */
	sfd = open_sample(FMT_A32u40, -1, DRM_DG1_PERF_FLAG_FD_NONBLOCK);
	check_info(sfd, FMT_A32u40, -1, true);
	dut_sleep_ms(20);
	capture_init(&c, 256);
	capture_drain(sfd, &c, 4);
	for (reads = 0; reads < c.n; reads++)
		igt_assert_f(REASON(report(&c, reads)[0]) == REASON_CTX_SWITCH,
			     "a report of reason 0x%x without a timer",
			     REASON(report(&c, reads)[0]));
	capture_free(&c);
	igt_assert_eq(stream_read(sfd, buf, READ_BUF), -EAGAIN);
	pfd = (struct pollfd){ .fd = sfd, .events = POLLIN };
	t0 = dut_now_ns();
	ret = poll(&pfd, 1, 20);
	igt_assert_eq(ret, 0);
	igt_assert_lte(19 * NSEC_PER_MSEC, dut_now_ns() - t0);
	igt_assert_eq(stream_read(sfd, buf, READ_BUF), -EAGAIN);
	igt_assert_eq(fcntl(sfd, F_SETFL, 0), 0);
	igt_assert_eq(stream_read(sfd, buf, READ_BUF), -EIO);
	stream_close(sfd);

	/* Blocking: the first read waits for a record and returns whole ones. */
	sfd = open_sample(FMT_A32u40, exponent, 0);
	rec = HDR + 256;
	capture_init(&c, 256);
	n = stream_read(sfd, buf, READ_BUF);
	igt_assert_f(n > 0, "blocking read: %s", strerror(-n));
	igt_assert_eq(n % rec, 0);
	parse_records(&c, buf, n);
	igt_assert_lte(1, c.n);

	/* poll() reports POLLIN once a report is due. */
	pfd = (struct pollfd){ .fd = sfd, .events = POLLIN };
	ret = poll(&pfd, 1, RECORD_TIMEOUT_MS);
	igt_assert_eq(ret, 1);
	igt_assert_f((pfd.revents & (POLLIN | POLLERR | POLLHUP)) == POLLIN,
		     "revents 0x%x", pfd.revents);

	/* Too small for one record: -ENOSPC, with records waiting. */
	dut_sleep_ms(2 * period_ns(exponent) / NSEC_PER_MSEC + 20);
	igt_assert_eq(stream_read(sfd, buf, rec - 1), -ENOSPC);
	igt_assert_eq(stream_read(sfd, buf, HDR), -ENOSPC);
	/* One and a half records: exactly one. */
	for (reads = 0; reads < 4; reads++) {
		dut_sleep_ms(3 * period_ns(exponent) / NSEC_PER_MSEC + 20);
		n = stream_read(sfd, buf, rec + rec / 2);
		igt_assert_eq(n, rec);
		parse_records(&c, buf, n);
	}
	/* Two and a half, with at least three waiting: two. */
	dut_sleep_ms(4 * period_ns(exponent) / NSEC_PER_MSEC + 20);
	n = stream_read(sfd, buf, 2 * rec + rec / 2);
	igt_assert_eq(n, 2 * rec);
	parse_records(&c, buf, n);
	/* Odd sizes: whole records only. */
	for (reads = 0; reads < 8; reads++) {
		size_t len = rec + 1 + reads * 97;

		n = stream_read(sfd, buf, len);
		igt_assert_f(n > 0, "read of %zu: %s", len, strerror(-n));
		igt_assert_lte(n, len);
		igt_assert_eq(n % rec, 0);
		parse_records(&c, buf, n);
	}
	igt_assert_eq(c.report_lost + c.buffer_lost, 0);
	check_periodic(&c, 0);
	igt_assert_eq_u64(perf_status(sfd).reports_read, c.n);
	capture_free(&c);
	stream_close(sfd);

	/* Non-blocking: -EAGAIN once drained; poll() wakes for the next. */
	sfd = open_sample(FMT_A32u40, exponent,
			  DRM_DG1_PERF_FLAG_FD_NONBLOCK | DRM_DG1_PERF_FLAG_FD_CLOEXEC);
	igt_assert(fcntl(sfd, F_GETFD) & FD_CLOEXEC);
	igt_assert(fcntl(sfd, F_GETFL) & O_NONBLOCK);
	capture_init(&c, 256);
	capture_read(sfd, &c, 2, false, RECORD_TIMEOUT_MS);
	capture_drain(sfd, &c, 1000);
	pfd = (struct pollfd){ .fd = sfd, .events = POLLIN };
	ret = poll(&pfd, 1, RECORD_TIMEOUT_MS);
	igt_assert_eq(ret, 1);
	n = stream_read(sfd, buf, READ_BUF);
	igt_assert_f(n > 0, "read after POLLIN: %s", strerror(-n));
	parse_records(&c, buf, n);
	check_periodic(&c, 0);
	igt_assert_eq_u64(perf_status(sfd).reports_read, c.n);
	capture_free(&c);
	stream_close(sfd);
	free(buf);
}

/*
 * No reader while a fast timer fills the buffer: a buffer-lost record, the
 * stream restarted, samples again after it.
 */
void test_overflow(void)
{
	struct vdg1_counters_page s0, s1;
	struct drm_dg1_perf_status st;
	struct capture c;
	uint64_t fill_ns, waited = 0, deadline;
	unsigned int e;
	int sfd;

	/* The slowest exponent that fills the buffer in half a second. */
	for (e = 5; e < 12; e++)
		if ((oa_buf_size / 256) * period_ns(e + 1) > 500 * NSEC_PER_MSEC)
			break;
	fill_ns = (oa_buf_size / 256) * period_ns(e);
	igt_info("exponent %u: %u reports fill %u KiB in %llu ms\n", e,
		 oa_buf_size / 256, oa_buf_size >> 10,
		 (unsigned long long)(fill_ns / NSEC_PER_MSEC));

	oa_snapshot(&s0);
	sfd = open_sample(FMT_A32u40, e, DRM_DG1_PERF_FLAG_FD_NONBLOCK);
	capture_init(&c, 256);
	deadline = dut_now_ns() + 20 * NSEC_PER_SEC;
	while (!c.buffer_lost) {
		uint64_t wait = waited ? 2 * fill_ns : 3 * fill_ns / 2;

		igt_assert_f(dut_now_ns() < deadline,
			     "no buffer-lost record after %llu ms unread "
			     "(%u samples, %u report-lost records)",
			     (unsigned long long)(waited / NSEC_PER_MSEC), c.n,
			     c.report_lost);
		dut_sleep_ms(wait / NSEC_PER_MSEC + 1);
		waited += wait;
		capture_drain(sfd, &c, 4 * oa_buf_size / READ_BUF + 16);
	}
	/* Samples after the last loss, in order. */
	capture_read(sfd, &c, 4, true, RECORD_TIMEOUT_MS);
	igt_assert_lte(2, check_periodic(&c, c.before_last_loss));
	st = perf_status(sfd);
	igt_assert_lte_u64(c.buffer_lost, st.buffer_lost);
	igt_assert_lte_u64(c.report_lost, st.reports_lost);
	igt_assert_eq_u64(st.reports_read, c.n);
	stream_close(sfd);
	oa_snapshot(&s1);
	igt_info("%u samples, %u buffer-lost and %u report-lost records; "
		 "STATUS buffer_lost %llu reports_lost %llu\n", c.n,
		 c.buffer_lost, c.report_lost,
		 (unsigned long long)st.buffer_lost,
		 (unsigned long long)st.reports_lost);
#if VDG1_HAS_OA
	if (dut.vdg1) {
		igt_info("vdg1: %u reports written, %u dropped\n",
			 s1.oa_reports_written - s0.oa_reports_written,
			 s1.oa_reports_dropped - s0.oa_reports_dropped);
		igt_assert_lt(s0.oa_reports_dropped, s1.oa_reports_dropped);
		igt_assert_lte(c.n, s1.oa_reports_written - s0.oa_reports_written);
	}
#endif
	capture_free(&c);
	(void)s0; (void)s1;
}

void test_stress(void)
{
	unsigned int i;
	uint64_t t0 = dut_now_ns();

	for (i = 0; i < 100; i++) {
		uint32_t f = 1 + i % 4;
		int sfd = open_sample(f, 16, i % 2 ? DRM_DG1_PERF_FLAG_DISABLED : 0);

		if (i % 10 == 0) {
			struct capture c;

			check_info(sfd, f, 16, true);
			capture_init(&c, format_size(f));
			capture_read(sfd, &c, 1, false, RECORD_TIMEOUT_MS);
			capture_free(&c);
		}
		stream_close(sfd);
	}
	igt_info("100 opens and closes in %llu ms\n",
		 (unsigned long long)((dut_now_ns() - t0) / NSEC_PER_MSEC));
}

/* vdg1's OA counters follow the stream. */
void test_vdg1_counters(void)
{
	require_vdg1_oa();
#if VDG1_HAS_OA
	{
		struct vdg1_counters_page s0, s1, s2;
		uint32_t written, noa, n9888 = 0;
		unsigned int i, timers;
		struct capture c;
		int sfd;

		for (i = 0; i < testoa->n_mux; i++)
			n9888 += testoa->mux[2 * i] == 0x9888;
		igt_assert_lt(0, n9888);

		oa_snapshot(&s0);
		sfd = open_sample(FMT_A32u40, 14, 0);
		check_vdg1_unit(FMT_A32u40, 14);
		capture_init(&c, 256);
		capture_read(sfd, &c, 8, false, RECORD_TIMEOUT_MS);
		timers = check_periodic(&c, 0);
		oa_snapshot(&s1);
		written = s1.oa_reports_written - s0.oa_reports_written;
		noa = s1.oa_noa_writes - s0.oa_noa_writes;
		igt_info("vdg1: %u reports written (%u timer, %u context "
			 "switch), %u tail updates, %u NOA writes for %u "
			 "samples\n", written,
			 s1.oa_timer_reports - s0.oa_timer_reports,
			 s1.oa_ctx_switch_reports - s0.oa_ctx_switch_reports,
			 s1.oa_tail_updates - s0.oa_tail_updates, noa, c.n);
		/* Every sample was written by the unit, and moved its tail. */
		igt_assert_lte(c.n, written);
		igt_assert_lte(timers, s1.oa_timer_reports - s0.oa_timer_reports);
		igt_assert_eq(s1.oa_tail_updates - s0.oa_tail_updates, written);
		igt_assert_eq(s1.oa_reports_dropped, s0.oa_reports_dropped);
		igt_assert_eq(s1.oa_mi_rpc_reports, s0.oa_mi_rpc_reports);
		/* TestOa's mux list reached NOA_WRITE whole (once or more). */
		igt_assert_f(noa >= n9888 && noa % n9888 == 0,
			     "%u NOA_WRITE writes for TestOa's %u", noa, n9888);
		igt_assert_eq_u64(perf_status(sfd).reports_read, c.n);
		stream_close(sfd);
		check_vdg1_unit_off();
		oa_snapshot(&s1);
		dut_sleep_ms(20 + 2 * period_ns(14) / NSEC_PER_MSEC);
		oa_snapshot(&s2);
		igt_assert_f(s2.oa_reports_written == s1.oa_reports_written,
			     "%u reports written after the stream closed",
			     s2.oa_reports_written - s1.oa_reports_written);
		capture_free(&c);
	}
#endif
}

/* The driver's debugfs "oa" (drm/dg1_debugfs.c gives its format). */
static char *read_oa_debugfs(void)
{
	char *text = NULL;
	ssize_t n = dg1dev_debugfs_read(dut.dfs, "oa", &text);

	igt_assert_f(n > 0, "debugfs oa: %s", strerror((int)-n));
	return text;
}

void test_debugfs(void)
{
	char want[160], *text;
	int sfd;

	dut_require_debugfs();
	snprintf(want, sizeof(want), "set %llu %s ",
		 (unsigned long long)test_set, testoa->guid);

	text = read_oa_debugfs();
	igt_assert_f(strstr(text, want), "no \"%s\" in:\n%s", want, text);
	igt_assert_f(strstr(text, "stream: none\n"), "a stream in:\n%s", text);
	free(text);

	sfd = open_sample(FMT_A32u40, 16, 0);
	text = read_oa_debugfs();
	igt_assert_f(strstr(text, "stream: sample 1 format 3 report 256 "
			    "exponent 16 enabled 1 dead 0"),
		     "stream not shown as opened:\n%s", text);
	snprintf(want, sizeof(want), "size %u head ", oa_buf_size);
	igt_assert_f(strstr(text, want), "no \"%s\" in:\n%s", want, text);
	igt_assert_f(strstr(text, " in-use\n"), "set not in use:\n%s", text);
	free(text);
	stream_close(sfd);

	text = read_oa_debugfs();
	igt_assert_f(strstr(text, "stream: none\n") && !strstr(text, "in-use"),
		     "stream still shown after close:\n%s", text);
	free(text);
}


/* "half-full interrupts: <n>" of the open stream in debugfs oa. */
static unsigned long long debugfs_half_full(void)
{
	char *text = read_oa_debugfs(), *at;
	unsigned long long n = 0;

	at = strstr(text, "half-full interrupts: ");
	igt_assert_f(at && sscanf(at, "half-full interrupts: %llu", &n) == 1,
		     "no half-full count in:\n%s", text);
	free(text);
	return n;
}

/* debugfs interrupts, parsed. */
static struct dg1dev_irq_stats irq_stats(void)
{
	struct dg1dev_irq_stats st;
	char why[256];

	igt_assert_f(!dg1dev_irq_stats_read(dut.dfs, &st, why, sizeof(why)),
		     "%s", why);
	return st;
}

/*
 * The half-full interrupt: with the poll timer at its slowest (1 s) and
 * nobody reading, the unit crossing half a buffer raises WDOAPerf's
 * interrupt once; the stream's handler counts it and makes the stream
 * readable. On vdg1 every interrupt the model raised was handled, none
 * dropped.
 */
void test_half_full(void)
{
	struct vdg1_counters_page s0, s1;
	struct dg1dev_irq_stats i0, i1;
	unsigned long long got = 0;
	uint64_t half_ns, deadline;
	struct pollfd pfd;
	struct capture c;
	struct props p;
	unsigned int e;
	int sfd;

	dut_require_debugfs();
	/* The fastest exponent that takes 300 ms to fill half the buffer. */
	for (e = 5; e < 16; e++)
		if ((oa_buf_size / 2 / 256) * period_ns(e) >= 300 * NSEC_PER_MSEC)
			break;
	half_ns = (oa_buf_size / 2 / 256) * period_ns(e);
	igt_info("exponent %u: half the buffer in %llu ms, poll timer 1 s\n",
		 e, (unsigned long long)(half_ns / NSEC_PER_MSEC));

	i0 = irq_stats();
	oa_snapshot(&s0);
	p = sample_props(FMT_A32u40, e);
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, NSEC_PER_SEC);
	sfd = perf_open(0, &p);
	igt_assert_eq_u64(debugfs_half_full(), 0);

	pfd = (struct pollfd){ .fd = sfd, .events = POLLIN };
	igt_assert_eq(poll(&pfd, 1, RECORD_TIMEOUT_MS + 2 * half_ns /
			   NSEC_PER_MSEC), 1);
	igt_assert(pfd.revents & POLLIN);
	/* The interrupt arrives however long the VM takes to get there. */
	deadline = dut_now_ns() + 4 * half_ns + RECORD_TIMEOUT_MS * NSEC_PER_MSEC;
	while (!(got = debugfs_half_full()) && dut_now_ns() < deadline)
		dut_sleep_ms(10);
	igt_assert_f(got == 1, "%llu half-full interrupts handled, want 1",
		     got);
	i1 = irq_stats();
	igt_assert_eq_u64(i1.oa_half_full - i0.oa_half_full, 1);
	igt_assert_eq_u64(i1.dropped, i0.dropped);
#if VDG1_HAS_OA
	if (dut.vdg1) {
		oa_snapshot(&s1);
		igt_assert_eq(s1.oa_half_full_irqs - s0.oa_half_full_irqs, 1);
		igt_assert_lte(oa_buf_size / 2 / 256,
			       s1.oa_reports_written - s0.oa_reports_written);
	}
#endif
	/* Readable, and what it holds is in order. */
	capture_init(&c, 256);
	capture_read(sfd, &c, 64, false, RECORD_TIMEOUT_MS);
	check_periodic(&c, 0);
	capture_free(&c);
	stream_close(sfd);
	check_vdg1_unit_off();
	(void)s0; (void)s1;
}

/* The module's reference count (sysfs), or -1 if it cannot be read. */
static long module_refcnt(void)
{
	uint64_t v;

	return dg1dev_read_u64("/sys/module/" DG1DEV_DRIVER_NAME "/refcnt", &v) ?
	       -1 : (long)v;
}

/*
 * read() into a buffer the process cannot write fails with EFAULT and
 * loses nothing the next read() can have; a stream whose DRM fd is closed
 * keeps sampling and keeps the module pinned until it is closed itself
 * (Documentation/oa.rst, "Lifetimes:").
 */
void test_read_efault_and_orphan(void)
{
	const int exponent = 14;
	struct props p = sample_props(FMT_A32u40, exponent);
	struct capture c;
	long ref0, ref1;
	void *none;
	int fd, sfd;

	sfd = open_sample(FMT_A32u40, exponent, 0);
	none = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(none != MAP_FAILED);
	dut_sleep_ms(20);
	igt_assert_eq(stream_read(sfd, none, 4096), -EFAULT);
	igt_assert_eq(stream_read(sfd, NULL, 4096), -EFAULT);
	munmap(none, 4096);
	capture_init(&c, 256);
	capture_read(sfd, &c, 4, false, RECORD_TIMEOUT_MS);
	capture_free(&c);
	stream_close(sfd);

	ref0 = module_refcnt();
	igt_assert_f(ref0 >= 0, "cannot read the module's refcnt");
	fd = igt_dg1_open_render();
	sfd = __perf_open(fd, 0, &p);
	igt_assert_f(sfd >= 0, "PERF_OPEN: %s", strerror(-sfd));
	igt_assert_eq(close(fd), 0);
	/* Only the stream holds the module now. */
	ref1 = module_refcnt();
	capture_init(&c, 256);
	capture_read(sfd, &c, 4, false, RECORD_TIMEOUT_MS);
	capture_free(&c);
	igt_assert_f(ref1 == ref0 + 1,
		     "module refcnt %ld with only the orphaned stream open, %ld before (want one more)",
		     ref1, ref0);
	stream_close(sfd);
	igt_assert_f(module_refcnt() == ref0,
		     "module refcnt %ld after closing the stream, %ld before it",
		     module_refcnt(), ref0);
}

/*
 * A sampling stream across suspend to RAM (the card loses power; vdg1
 * its OA unit's registers): it samples again after, enabled, with the
 * same format and period.
 */
void test_suspend(void)
{
	struct vdg1_counters_page s;
	struct capture c;
	unsigned int before;
	int sfd, ret;

	dut_require_system_sleep(true);
	sfd = open_sample(FMT_A32u40, 14, 0);
	capture_init(&c, format_size(FMT_A32u40));
	capture_read(sfd, &c, 3, false, RECORD_TIMEOUT_MS);
	ret = dut_system_sleep(true);
	igt_assert_f(!ret, "suspend to RAM: %s", strerror(-ret));
	check_info(sfd, FMT_A32u40, 14, true);
	capture_drain(sfd, &c, 4);
	before = c.n;
	capture_read(sfd, &c, before + 3, false, RECORD_TIMEOUT_MS);
	igt_info("%u reports before the sleep and the drain, %u after\n",
		 before, c.n - before);
	check_periodic(&c, before);
	if (dut.vdg1) {
		oa_snapshot(&s);
		igt_assert_f(s.oa_enabled && s.oa_timer_enabled,
			     "vdg1's OA unit is off after resume");
	}
	capture_free(&c);
	stream_close(sfd);
}
