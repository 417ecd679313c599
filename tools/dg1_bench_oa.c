// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_oa - what an OA stream delivers, in numbers. Prints, never
 * judges.
 *
 * A reader that keeps up: poll() on the stream, then non-blocking read()s
 * into a 4 MiB buffer until it is empty, the driver looking at the unit's
 * tail every 1 ms. Two phases, TestOa in the 256-byte format:
 *
 *  1. sweep: from exponent 12 (about 4.7 kHz) down to 5 (300 kHz), a short
 *     stream each (-s, default 1 s), until one loses reports; the fastest
 *     without a loss is what the model and the driver sustain here;
 *  2. long: that exponent for -t seconds (default 60): reports per second,
 *     reports lost (report-lost and buffer-lost records, and vdg1's own
 *     count of reports it could not write into a full buffer), and the
 *     copy rate of read() (bytes returned / time inside read()) beside
 *     memcpy() of the same buffer size in the guest.
 *
 * Figures are "bench: <what>: <number>" lines. Runs as root (the sample
 * rate exceeds dev.dg1.oa_max_sample_rate).
 *
 * Exit status: 0 measured; 1 cannot measure (no device, no stream, a
 * failed read, vdg1's counters missing where DG1_EXPECT_VDG1=1); 2 bad
 * arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"
#include "dg1_oa_util.h"

#define BUF_SIZE		(4u << 20)
#define POLL_PERIOD_NS		1000000ull
/* The slowest poll timer: only the half-full interrupt wakes in time. */
#define SLOW_POLL_NS		1000000000ull
#define SLOW_POLL_SECS		5
#define SWEEP_FIRST		12
#define SWEEP_LAST		5
#define MEMCPY_ROUNDS		64

static const char *prog;

struct run {
	struct oa_counts c;
	double secs;
	double read_secs;		/* inside read() */
	uint32_t vdg1_written;
	uint32_t vdg1_dropped;
	uint32_t vdg1_half_full;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int open_stream(int fd, uint64_t set_id, int exponent,
		       uint64_t poll_ns)
{
	uint64_t props[] = {
		DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		DRM_DG1_PERF_PROP_OA_METRICS_SET, set_id,
		DRM_DG1_PERF_PROP_OA_FORMAT,
		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8,
		DRM_DG1_PERF_PROP_OA_EXPONENT, exponent,
		DRM_DG1_PERF_PROP_POLL_PERIOD_NS, poll_ns,
	};
	struct drm_dg1_perf_open p = {
		.flags = DRM_DG1_PERF_FLAG_FD_CLOEXEC |
			 DRM_DG1_PERF_FLAG_FD_NONBLOCK,
		.num_properties = sizeof(props) / sizeof(props[0]) / 2,
		.properties_ptr = (uintptr_t)props,
	};
	int sfd = dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_OPEN, &p);

	return sfd < 0 ? -errno : sfd;
}

/* Read everything there is; -errno on a failed read. */
static int drain(int sfd, uint8_t *buf, struct run *r)
{
	for (;;) {
		double t0 = now();
		ssize_t n = read(sfd, buf, BUF_SIZE);

		if (n < 0)
			return errno == EAGAIN ? 0 : -errno;
		r->read_secs += now() - t0;
		oa_count_records(buf, n, &r->c);
	}
}

static int stream_for(int fd, uint64_t set_id, int exponent, uint64_t poll_ns,
		      double secs, uint8_t *buf, struct dg1dev_vdg1 *vdg1,
		      struct run *r)
{
	uint32_t w0 = 0, d0 = 0, h0 = 0;
	double t0, end;
	int sfd, err = 0;

	memset(r, 0, sizeof(*r));
	if (vdg1) {
		w0 = vdg1->page->oa_reports_written;
		d0 = vdg1->page->oa_reports_dropped;
		h0 = vdg1->page->oa_half_full_irqs;
	}
	sfd = open_stream(fd, set_id, exponent, poll_ns);
	if (sfd < 0)
		return sfd;
	t0 = now();
	end = t0 + secs;
	while (!err && now() < end) {
		struct pollfd pfd = { .fd = sfd, .events = POLLIN };

		if (poll(&pfd, 1, 100) > 0)
			err = drain(sfd, buf, r);
	}
	if (!err)
		err = drain(sfd, buf, r);
	r->secs = now() - t0;
	close(sfd);
	if (vdg1) {
		r->vdg1_written = vdg1->page->oa_reports_written - w0;
		r->vdg1_dropped = vdg1->page->oa_reports_dropped - d0;
		r->vdg1_half_full = vdg1->page->oa_half_full_irqs - h0;
	}
	return err;
}

/*
 * From a stream's INFO: the OA timestamp frequency (returned; 0 if no
 * stream opens) and the buffer's size.
 */
static uint64_t stream_info(int fd, uint64_t set_id, uint32_t *buf_size)
{
	struct drm_dg1_perf_info info = { 0 };
	int sfd = open_stream(fd, set_id, SWEEP_FIRST, POLL_PERIOD_NS);

	if (sfd < 0)
		return 0;
	if (dg1dev_ioctl(sfd, DRM_DG1_PERF_IOCTL_INFO, &info))
		info.timestamp_frequency = 0;
	close(sfd);
	*buf_size = info.oa_buffer_size;
	return info.timestamp_frequency;
}

static uint64_t lost(const struct run *r)
{
	return r->c.report_lost + r->c.buffer_lost + r->vdg1_dropped;
}

/* memcpy() MiB/s over @buf's size, the guest's own copy rate. */
static double memcpy_rate(uint8_t *buf)
{
	uint8_t *dst = malloc(BUF_SIZE);
	double t0, secs;
	unsigned int i;

	if (!dst)
		return 0;
	memset(dst, 1, BUF_SIZE);
	memset(buf, 2, BUF_SIZE);
	t0 = now();
	for (i = 0; i < MEMCPY_ROUNDS; i++) {
		memcpy(dst, buf, BUF_SIZE);
		/* Keep the copy from being elided. */
		__asm__ volatile("" : : "r"(dst) : "memory");
	}
	secs = now() - t0;
	free(dst);
	return (double)MEMCPY_ROUNDS * BUF_SIZE / (1 << 20) / secs;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-t SECONDS] [-s SECONDS]\n"
		"OA stream throughput: a sweep of exponents (-s each, default 1),\n"
		"then the fastest one without a loss for -t seconds (default 60).\n",
		prog);
}

int main(int argc, char **argv)
{
	double long_secs = 60, sweep_secs = 1, copy_mibs;
	struct dg1dev_vdg1 vdg1_map, *vdg1 = NULL;
	char path[256], why[256];
	const struct oa_set *set;
	uint64_t set_id, freq;
	uint32_t buf_size = 0;
	int fd, opt, e, best = -1, err;
	struct run r;
	uint8_t *buf;
	bool added;

	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};

	prog = argv[0];
	while ((opt = getopt_long(argc, argv, "t:s:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 't':
			long_secs = atof(optarg);
			break;
		case 's':
			sweep_secs = atof(optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (long_secs <= 0 || sweep_secs <= 0) {
		usage(stderr);
		return 2;
	}

	fd = dg1dev_open_render(NULL, path, sizeof(path));
	if (fd < 0) {
		fprintf(stderr, "%s: no dg1 device: %s\n", prog, strerror(-fd));
		return 1;
	}
	if (!dg1dev_pci_path(fd, path, sizeof(path)) &&
	    !dg1dev_vdg1_map(path, &vdg1_map, why, sizeof(why)))
		vdg1 = &vdg1_map;
	else if (getenv(DG1_EXPECT_VDG1_ENV) &&
		 !strcmp(getenv(DG1_EXPECT_VDG1_ENV), "1")) {
		fprintf(stderr, "%s: vdg1 counters unavailable\n", prog);
		return 1;
	}
	set = oa_find_set("TestOa");
	buf = malloc(BUF_SIZE);
	err = !set || !buf ? -ENOMEM : oa_get_set_id(fd, set, &set_id, &added);
	if (err) {
		fprintf(stderr, "%s: TestOa: %s\n", prog, strerror(-err));
		return 1;
	}
	freq = stream_info(fd, set_id, &buf_size);
	if (!freq) {
		fprintf(stderr, "%s: no stream's INFO\n", prog);
		return 1;
	}

	for (e = SWEEP_FIRST; e >= SWEEP_LAST; e--) {
		err = stream_for(fd, set_id, e, POLL_PERIOD_NS, sweep_secs, buf,
				 vdg1, &r);
		if (err)
			break;
		printf("bench: sweep: exponent %d (%.0f Hz): reports per s: %.0f, lost: %llu\n",
		       e, freq / (double)(2ull << e), r.c.samples / r.secs,
		       (unsigned long long)lost(&r));
		if (lost(&r))
			break;
		best = e;
	}
	if (err || best < 0) {
		fprintf(stderr, "%s: %s\n", prog, err ? strerror(-err) :
			"every exponent of the sweep lost reports");
		return 1;
	}

	err = stream_for(fd, set_id, best, POLL_PERIOD_NS, long_secs, buf,
			 vdg1, &r);
	if (err) {
		fprintf(stderr, "%s: stream: %s\n", prog, strerror(-err));
		return 1;
	}
	copy_mibs = memcpy_rate(buf);
	printf("bench: long: exponent: %d\n", best);
	printf("bench: long: seconds: %.1f\n", r.secs);
	printf("bench: long: reports per s: %.0f\n", r.c.samples / r.secs);
	printf("bench: long: reports read: %llu\n",
	       (unsigned long long)r.c.samples);
	printf("bench: long: report-lost records: %llu\n",
	       (unsigned long long)r.c.report_lost);
	printf("bench: long: buffer-lost records: %llu\n",
	       (unsigned long long)r.c.buffer_lost);
	if (vdg1) {
		printf("bench: long: vdg1 reports written: %u\n",
		       r.vdg1_written);
		printf("bench: long: vdg1 reports dropped (buffer full): %u\n",
		       r.vdg1_dropped);
	}
	printf("bench: long: reports lost: %llu\n",
	       (unsigned long long)lost(&r));
	printf("bench: long: read() MiB/s: %.1f\n",
	       r.read_secs ? r.c.bytes / (double)(1 << 20) / r.read_secs : 0);
	printf("bench: long: memcpy() MiB/s, 4 MiB: %.1f\n", copy_mibs);
	printf("bench: long: ratio read()/memcpy(): %.3f\n",
	       r.read_secs && copy_mibs ?
	       r.c.bytes / (double)(1 << 20) / r.read_secs / copy_mibs : 0);

	/*
	 * The same rate with the poll timer at 1 s, longer than the buffer
	 * takes to fill: what is read in time is the half-full interrupt's.
	 */
	err = stream_for(fd, set_id, best, SLOW_POLL_NS, SLOW_POLL_SECS, buf,
			 vdg1, &r);
	if (err) {
		fprintf(stderr, "%s: slow-poll stream: %s\n", prog,
			strerror(-err));
		return 1;
	}
	printf("bench: slow-poll: poll period ms: %llu\n",
	       SLOW_POLL_NS / 1000000);
	printf("bench: slow-poll: buffer fill ms: %.0f\n",
	       buf_size / 256 * (double)(2ull << best) * 1000 / freq);
	printf("bench: slow-poll: reports read: %llu\n",
	       (unsigned long long)r.c.samples);
	printf("bench: slow-poll: reports lost: %llu\n",
	       (unsigned long long)lost(&r));
	if (vdg1)
		printf("bench: slow-poll: vdg1 half-full interrupts: %u\n",
		       r.vdg1_half_full);

	if (added)
		dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &set_id);
	free(buf);
	close(fd);
	return 0;
}
