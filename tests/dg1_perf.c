// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_perf - OA perf streams (uapi/dg1_drm.h, "DOC: dg1 OA perf" and what
 * follows it): PERF_OPEN, ADD_CONFIG and REMOVE_CONFIG, the records a
 * stream's read() returns and the stream ioctls.
 *
 * Expectations come from the uAPI and from the hardware (HARDWARE.md 10:
 * report sizes, the header's reason bits, the periodic timer's period of
 * 2^(exponent + 1) timestamp ticks, overflow), and, on vdg1, from the OA
 * model's counters (vdg1_counters.h) and its predictions for the TestOa
 * metric set (Documentation/vdg1-oa.rst). The metric sets are Intel's
 * (oa-dg1.xml, turned into dg1_oa_sets.h by scripts/gen-oa-sets.py).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"
#include "dg1_oa_sets.h"

#ifndef CAP_PERFMON
#define CAP_PERFMON		38
#endif

#define PARANOID_PATH		"/proc/sys/dev/dg1/perf_stream_paranoid"
#define MAX_RATE_PATH		"/proc/sys/dev/dg1/oa_max_sample_rate"

#define HDR			sizeof(struct drm_dg1_perf_record_header)
#define MAX_PROPS		16
/* DW0 bits 25:19: the report reason (HARDWARE.md 10.5). */
#define REASON(dw0)		(((dw0) >> 19) & 0x7f)
#define REASON_TIMER		0x01
#define REASON_CTX_SWITCH	0x08
#define FMT_A32u40		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8
/* How long any wait for a record may take under TCG. */
#define RECORD_TIMEOUT_MS	5000

/* Batches (HARDWARE.md 9.2, 9.3, 9.8): opcode << 23 | length - 2. */
#define MI_NOOP			0x00000000u
#define MI_BATCH_BUFFER_END	0x05000000u
#define MI_STORE_DATA_IMM	0x10000002u	/* dword, PPGTT */
#define MI_REPORT_PERF_COUNT	(0x28u << 23 | (4 - 2))	/* PPGTT */
#define BATCH_VA		0x100000ull
#define DATA_VA			0x200000ull
#define BO_SIZE			(64ull << 10)
#define EXEC_TIMEOUT_MS		20000

/* The TestOa set (added by the first fixture) and the card's sysfs dir. */
static const struct oa_set *testoa;
static uint64_t test_set;
static char card_dir[PATH_MAX + 300];
static char card_why[PATH_MAX + 300];
/* INFO of a stream of the test set: frequency and buffer size. */
static uint64_t ts_freq;
static uint32_t oa_buf_size;
/* perf_stream_paranoid as found, restored by each subtest and at the end. */
static int paranoid_saved = -1;

/* ---- sizes and small helpers ---- */

static uint32_t format_size(uint32_t format)
{
	switch (format) {
	case DRM_DG1_OA_FORMAT_A12:
		return 64;
	case DRM_DG1_OA_FORMAT_A12_B8_C8:
		return 128;
	case DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8:
		return 256;
	case DRM_DG1_OA_FORMAT_C4_B8:
		return 64;
	}
	igt_fail_f("no such format %u", format);
}

/* OACONTROL's counter select for @format (HARDWARE.md 10.4). */
static uint32_t format_select(uint32_t format)
{
	switch (format) {
	case DRM_DG1_OA_FORMAT_A12:
		return 0;
	case DRM_DG1_OA_FORMAT_A12_B8_C8:
		return 2;
	case DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8:
		return 5;
	case DRM_DG1_OA_FORMAT_C4_B8:
		return 7;
	}
	igt_fail_f("no such format %u", format);
}

static const char *format_name(uint32_t format)
{
	static const char *const names[] = {
		"?", "A12", "A12_B8_C8", "A32u40_A4u32_B8_C8", "C4_B8",
	};

	return format < ARRAY_SIZE(names) ? names[format] : "?";
}

/* Where C0 starts in a report of @format, in dwords (HARDWARE.md 10.4). */
static unsigned int format_c(uint32_t format)
{
	switch (format) {
	case DRM_DG1_OA_FORMAT_A12_B8_C8:
		return 24;
	case DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8:
		return 56;
	case DRM_DG1_OA_FORMAT_C4_B8:
		return 4;
	}
	return 0;
}

/* Where B0 starts in a report of @format, in dwords (HARDWARE.md 10.4). */
static unsigned int format_b(uint32_t format)
{
	switch (format) {
	case DRM_DG1_OA_FORMAT_A12_B8_C8:
		return 16;
	case DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8:
		return 48;
	case DRM_DG1_OA_FORMAT_C4_B8:
		return 8;
	}
	return 0;
}

/* OA timestamps are 32 bits wide: @b is after @a. */
static bool ts_after(uint32_t b, uint32_t a)
{
	return (int32_t)(b - a) > 0;
}

static uint64_t period_ticks(unsigned int exponent)
{
	return 2ull << exponent;
}

static uint64_t period_ns(unsigned int exponent)
{
	return (period_ticks(exponent) * NSEC_PER_SEC + ts_freq - 1) / ts_freq;
}

static int read_int(const char *path)
{
	uint64_t v;
	int err = dg1dev_read_u64(path, &v);

	igt_assert_f(!err, "cannot read %s: %s", path, strerror(-err));
	return (int)v;
}

static void write_int(const char *path, int v)
{
	char text[32];
	int err;

	snprintf(text, sizeof(text), "%d\n", v);
	err = dg1dev_sysfs_write(path, text);
	igt_assert_f(!err, "cannot write %d to %s: %s", v, path,
		     strerror(-err));
	igt_assert_eq(read_int(path), v);
}

/* ---- PERF_OPEN ---- */

struct props {
	uint64_t p[2 * (MAX_PROPS + 1)];
	uint32_t n;
};

static void prop(struct props *p, uint64_t id, uint64_t value)
{
	igt_assert(p->n <= MAX_PROPS);
	p->p[2 * p->n] = id;
	p->p[2 * p->n + 1] = value;
	p->n++;
}

/* SAMPLE_OA of the test set in @format, periodic unless @exponent < 0. */
static struct props sample_props(uint32_t format, int exponent)
{
	struct props p = { .n = 0 };

	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	prop(&p, DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set);
	prop(&p, DRM_DG1_PERF_PROP_OA_FORMAT, format);
	if (exponent >= 0)
		prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, exponent);
	return p;
}

/* Streams the subtests opened, closed when a subtest ends however it ends. */
static int streams[8];
static unsigned int num_streams;

static void stream_track(int sfd)
{
	igt_assert(num_streams < ARRAY_SIZE(streams));
	streams[num_streams++] = sfd;
}

static void stream_close(int sfd)
{
	unsigned int i;

	for (i = 0; i < num_streams; i++)
		if (streams[i] == sfd)
			streams[i] = streams[--num_streams];
	igt_assert_eq(close(sfd), 0);
}

static void streams_close_all(void)
{
	while (num_streams)
		close(streams[--num_streams]);
}

static int __perf_open_args(int fd, struct drm_dg1_perf_open *o)
{
	int ret = ioctl(fd, DRM_IOCTL_DG1_PERF_OPEN, o);

	if (ret < 0) {
		ret = -errno;
		errno = 0;
		return ret;
	}
	stream_track(ret);
	return ret;
}

/* The stream's fd, or -errno. */
static int __perf_open(int fd, uint32_t flags, const struct props *p)
{
	struct drm_dg1_perf_open o = {
		.flags = flags,
		.num_properties = p->n,
		.properties_ptr = (uintptr_t)p->p,
	};

	return __perf_open_args(fd, &o);
}

static int perf_open(uint32_t flags, const struct props *p)
{
	int sfd = __perf_open(dut.fd, flags, p);

	igt_assert_f(sfd >= 0, "PERF_OPEN: %s", strerror(-sfd));
	return sfd;
}

static int open_sample(uint32_t format, int exponent, uint32_t flags)
{
	struct props p = sample_props(format, exponent);

	return perf_open(flags, &p);
}

static struct drm_dg1_perf_info perf_info(int sfd)
{
	struct drm_dg1_perf_info info;

	memset(&info, 0, sizeof(info));
	igt_assert_f(!ioctl(sfd, DRM_DG1_PERF_IOCTL_INFO, &info),
		     "PERF_IOCTL_INFO: %s", strerror(errno));
	igt_assert_eq(info.pad, 0);
	return info;
}

static struct drm_dg1_perf_status perf_status(int sfd)
{
	struct drm_dg1_perf_status st;

	memset(&st, 0, sizeof(st));
	igt_assert_f(!ioctl(sfd, DRM_DG1_PERF_IOCTL_STATUS, &st),
		     "PERF_IOCTL_STATUS: %s", strerror(errno));
	return st;
}

static void stream_ioctl_ok(int sfd, unsigned long req, const char *what)
{
	igt_assert_f(!ioctl(sfd, req, 0), "%s: %s", what, strerror(errno));
}

/* INFO of a SAMPLE_OA stream says what was asked for. */
static void check_info(int sfd, uint32_t format, int exponent, bool enabled)
{
	struct drm_dg1_perf_info info = perf_info(sfd);

	igt_assert_eq_u64(info.metrics_set, test_set);
	igt_assert_eq(info.format, format);
	igt_assert_eq(info.report_size, format_size(format));
	igt_assert_eq_u32(info.exponent, exponent < 0 ? ~0u : (uint32_t)exponent);
	igt_assert_eq(info.flags & DRM_DG1_PERF_INFO_ENABLED, enabled);
	igt_assert_eq(info.flags & ~DRM_DG1_PERF_INFO_ENABLED, 0);
	igt_assert_eq_u64(info.timestamp_frequency, ts_freq);
	igt_assert_eq(info.oa_buffer_size, oa_buf_size);
}

/* ---- records ---- */

struct capture {
	uint32_t report_size;
	uint32_t *reports;		/* n samples of report_size bytes */
	unsigned int n, cap;
	unsigned int report_lost, buffer_lost;
	unsigned int records;
	/* Samples seen before the last buffer-lost record. */
	unsigned int before_last_loss;
};

static void capture_init(struct capture *c, uint32_t report_size)
{
	memset(c, 0, sizeof(*c));
	c->report_size = report_size;
}

static void capture_free(struct capture *c)
{
	free(c->reports);
	c->reports = NULL;
	c->n = c->cap = 0;
}

static const uint32_t *report(const struct capture *c, unsigned int i)
{
	return c->reports + (size_t)i * c->report_size / 4;
}

/*
 * The records of one read() of @len bytes: each a known type with pad 0
 * and its exact size, the whole buffer made of whole records.
 */
static void parse_records(struct capture *c, const uint8_t *buf, size_t len)
{
	size_t off = 0;

	while (off < len) {
		struct drm_dg1_perf_record_header h;

		igt_assert_f(len - off >= HDR,
			     "%zu bytes after the last whole record", len - off);
		memcpy(&h, buf + off, HDR);
		igt_assert_eq(h.pad, 0);
		switch (h.type) {
		case DRM_DG1_PERF_RECORD_SAMPLE:
			igt_assert_eq(h.size, HDR + c->report_size);
			if (c->n == c->cap) {
				c->cap = c->cap ? 2 * c->cap : 256;
				c->reports = realloc(c->reports, (size_t)c->cap *
						     c->report_size);
				igt_assert(c->reports);
			}
			memcpy(c->reports + (size_t)c->n * c->report_size / 4,
			       buf + off + HDR, c->report_size);
			c->n++;
			break;
		case DRM_DG1_PERF_RECORD_OA_REPORT_LOST:
			igt_assert_eq(h.size, HDR);
			c->report_lost++;
			break;
		case DRM_DG1_PERF_RECORD_OA_BUFFER_LOST:
			igt_assert_eq(h.size, HDR);
			c->buffer_lost++;
			c->before_last_loss = c->n;
			break;
		default:
			igt_fail_f("record of unknown type %u, size %u", h.type,
				   h.size);
		}
		igt_assert_f(h.size <= len - off,
			     "record of %u bytes, %zu left in the read",
			     h.size, len - off);
		off += h.size;
		c->records++;
	}
}

/* One read() of at most @len bytes: its return, or -errno. */
static ssize_t stream_read(int sfd, void *buf, size_t len)
{
	ssize_t n = read(sfd, buf, len);

	if (n < 0) {
		n = -errno;
		errno = 0;
	}
	return n;
}

#define READ_BUF	(256u << 10)

/*
 * Read until @c holds @want samples (after its last buffer-lost record
 * when @after_loss), waiting in poll() at most @timeout_ms in all.
 */
static void capture_read(int sfd, struct capture *c, unsigned int want,
			 bool after_loss, unsigned int timeout_ms)
{
	uint64_t deadline = dut_now_ns() + timeout_ms * NSEC_PER_MSEC;
	uint8_t *buf = malloc(READ_BUF);

	igt_assert(buf);
	while ((after_loss ? c->n - c->before_last_loss : c->n) < want) {
		struct pollfd pfd = { .fd = sfd, .events = POLLIN };
		uint64_t now = dut_now_ns();
		ssize_t n;
		int ret;

		igt_assert_f(now < deadline,
			     "%u samples of %u after %u ms (%u records)",
			     c->n, want, timeout_ms, c->records);
		ret = poll(&pfd, 1, (deadline - now) / NSEC_PER_MSEC + 1);
		igt_assert_f(ret >= 0, "poll: %s", strerror(errno));
		if (!ret)
			continue;
		igt_assert_f(pfd.revents & POLLIN, "poll revents 0x%x",
			     pfd.revents);
		n = stream_read(sfd, buf, READ_BUF);
		if (n == -EAGAIN)
			continue;
		igt_assert_f(n > 0, "read: %s", n ? strerror(-n) : "0 bytes");
		parse_records(c, buf, n);
	}
	free(buf);
}

/* Read whatever is there without waiting (the stream is non-blocking). */
static void capture_drain(int sfd, struct capture *c, unsigned int max_reads)
{
	uint8_t *buf = malloc(READ_BUF);
	unsigned int i;

	igt_assert(buf);
	for (i = 0; i < max_reads; i++) {
		ssize_t n = stream_read(sfd, buf, READ_BUF);

		if (n == -EAGAIN)
			break;
		igt_assert_f(n > 0, "read: %s", n ? strerror(-n) : "0 bytes");
		parse_records(c, buf, n);
	}
	free(buf);
}

/*
 * Samples [@from, @c->n) of a periodic capture: each a timer report (or a
 * context-switch one, which the unit writes on its own), timestamps and
 * GPU ticks in order. Returns how many timer reports there were.
 */
static unsigned int check_periodic(const struct capture *c, unsigned int from)
{
	unsigned int i, timers = 0;

	for (i = from; i < c->n; i++) {
		const uint32_t *r = report(c, i);
		uint32_t reason = REASON(r[0]);

		igt_assert_f(reason & (REASON_TIMER | REASON_CTX_SWITCH),
			     "sample %u: DW0 0x%08x, reason 0x%x: neither timer "
			     "nor context switch", i, r[0], reason);
		if (reason & REASON_TIMER)
			timers++;
		if (i == from)
			continue;
		igt_assert_f(ts_after(r[1], report(c, i - 1)[1]),
			     "sample %u: timestamp 0x%08x, the previous 0x%08x",
			     i, r[1], report(c, i - 1)[1]);
		igt_assert_f((int32_t)(r[3] - report(c, i - 1)[3]) >= 0,
			     "sample %u: GPU ticks 0x%08x, the previous 0x%08x",
			     i, r[3], report(c, i - 1)[3]);
	}
	return timers;
}

/* ---- metric sets ---- */

static int __add_config(int fd, struct drm_dg1_perf_oa_config *cfg)
{
	int ret = ioctl(fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, cfg);

	if (ret < 0) {
		ret = -errno;
		errno = 0;
	}
	return ret;
}

static int __remove_config(int fd, uint64_t id)
{
	int ret = ioctl(fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &id);

	if (ret < 0) {
		ret = -errno;
		errno = 0;
	}
	return ret;
}

static void remove_config(uint64_t id)
{
	int err = __remove_config(dut.fd, id);

	igt_assert_f(!err, "REMOVE_CONFIG %llu: %s", (unsigned long long)id,
		     strerror(-err));
}

static struct drm_dg1_perf_oa_config set_config(const struct oa_set *s)
{
	struct drm_dg1_perf_oa_config cfg;

	memset(&cfg, 0, sizeof(cfg));
	memcpy(cfg.uuid, s->guid, sizeof(cfg.uuid));
	cfg.n_mux_regs = s->n_mux;
	cfg.mux_regs_ptr = (uintptr_t)s->mux;
	cfg.n_boolean_regs = s->n_boolean;
	cfg.boolean_regs_ptr = (uintptr_t)s->boolean;
	cfg.n_flex_regs = s->n_flex;
	cfg.flex_regs_ptr = (uintptr_t)s->flex;
	return cfg;
}

static uint64_t add_set(const struct oa_set *s)
{
	struct drm_dg1_perf_oa_config cfg = set_config(s);
	int id = __add_config(dut.fd, &cfg);

	igt_assert_f(id > 0, "ADD_CONFIG %s (%s): %s", s->symbol_name,
		     s->guid, id ? strerror(-id) : "id 0");
	return id;
}

/* The card's sysfs directory: <pci>/drm/card<N>. */
static int find_card_dir(void)
{
	char path[PATH_MAX + 8];
	struct dirent *e;
	DIR *d;

	if (!dut.pci[0]) {
		snprintf(card_why, sizeof(card_why), "%s", dut.vdg1_why);
		return -ENODEV;
	}
	snprintf(path, sizeof(path), "%s/drm", dut.pci);
	d = opendir(path);
	if (!d) {
		snprintf(card_why, sizeof(card_why), "cannot list %s: %s",
			 path, strerror(errno));
		return -errno;
	}
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, "card", 4) && !strchr(e->d_name, '-'))
			snprintf(card_dir, sizeof(card_dir), "%s/%s", path,
				 e->d_name);
	closedir(d);
	errno = 0;
	if (!card_dir[0]) {
		snprintf(card_why, sizeof(card_why), "no card* in %s", path);
		return -ENOENT;
	}
	return 0;
}

static void require_card_dir(void)
{
	igt_dg1_require_f(card_dir[0], "no sysfs card directory: %s",
			  card_why);
}

/* metrics/<uuid>/id: 0 with *id, -errno when it cannot be read. */
static int sysfs_set_id(const char *uuid, uint64_t *id)
{
	char path[PATH_MAX + 400];

	snprintf(path, sizeof(path), "%s/metrics/%.36s/id", card_dir, uuid);
	return dg1dev_read_u64(path, id);
}

static bool sysfs_set_exists(const char *uuid)
{
	char path[PATH_MAX + 400];
	struct stat st;

	snprintf(path, sizeof(path), "%s/metrics/%.36s", card_dir, uuid);
	return !stat(path, &st);
}

static void assert_sysfs_id(const char *uuid, uint64_t want)
{
	uint64_t id = 0;
	int err;

	if (!card_dir[0])
		return;
	err = sysfs_set_id(uuid, &id);
	igt_assert_f(!err, "metrics/%.36s/id: %s", uuid, strerror(-err));
	igt_assert_eq_u64(id, want);
}

static void assert_sysfs_gone(const char *uuid)
{
	if (card_dir[0])
		igt_assert_f(!sysfs_set_exists(uuid),
			     "metrics/%.36s still in sysfs", uuid);
}

/* Entries of metrics/: how many sets sysfs lists. */
static int sysfs_num_sets(void)
{
	char path[PATH_MAX + 400];
	struct dirent *e;
	int n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/metrics", card_dir);
	d = opendir(path);
	igt_assert_f(d, "cannot list %s: %s", path, strerror(errno));
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* A set a failed run left behind (by GUID, through sysfs) removed. */
static void remove_leftover(const char *uuid)
{
	uint64_t id;

	if (card_dir[0] && !sysfs_set_id(uuid, &id)) {
		igt_info("removing %.36s (id %llu) left behind\n", uuid,
			 (unsigned long long)id);
		remove_config(id);
	}
}

/* ---- unprivileged children ---- */

/*
 * Drop CAP_PERFMON and CAP_SYS_ADMIN from every set of this process (the
 * tests run as root): 0, or the errno of capget/capset.
 */
static int drop_perf_caps(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];
	unsigned int i;

	if (syscall(SYS_capget, &h, d))
		return errno;
	for (i = 0; i < 2; i++) {
		uint32_t drop = 0;

		if (CAP_SYS_ADMIN / 32 == i)
			drop |= 1u << (CAP_SYS_ADMIN % 32);
		if (CAP_PERFMON / 32 == i)
			drop |= 1u << (CAP_PERFMON % 32);
		d[i].effective &= ~drop;
		d[i].permitted &= ~drop;
		d[i].inheritable &= ~drop;
	}
	if (syscall(SYS_capset, &h, d))
		return errno;
	memset(d, 0xff, sizeof(d));
	if (syscall(SYS_capget, &h, d))
		return errno;
	if (d[CAP_SYS_ADMIN / 32].effective & 1u << (CAP_SYS_ADMIN % 32) ||
	    d[CAP_PERFMON / 32].effective & 1u << (CAP_PERFMON % 32))
		return EPERM;
	return 0;
}

#define CHILD_NO_DROP	200

/*
 * Run @fn(@arg) in a child without CAP_PERFMON and CAP_SYS_ADMIN; the
 * child shares the DRM file. Returns what @fn returned (0 or an errno).
 */
static int unprivileged(int (*fn)(const void *arg), const void *arg)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	igt_assert(pid >= 0);
	if (!pid) {
		int err = drop_perf_caps();

		_exit(err ? CHILD_NO_DROP : fn(arg));
	}
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	igt_assert_f(WIFEXITED(status), "child status 0x%x", status);
	igt_assert_f(WEXITSTATUS(status) != CHILD_NO_DROP,
		     "the child could not drop CAP_PERFMON and CAP_SYS_ADMIN");
	return WEXITSTATUS(status);
}

/* In a child: PERF_OPEN with @arg's properties; 0 or the errno. */
static int child_open(const void *arg)
{
	const struct props *p = arg;
	struct drm_dg1_perf_open o = {
		.num_properties = p->n,
		.properties_ptr = (uintptr_t)p->p,
	};
	int sfd = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_OPEN, &o);

	if (sfd < 0)
		return errno;
	close(sfd);
	return 0;
}

/* In a child: ADD_CONFIG of @arg, then its REMOVE_CONFIG. */
static int child_add(const void *arg)
{
	struct drm_dg1_perf_oa_config cfg = *(const struct drm_dg1_perf_oa_config *)arg;
	int id = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg);
	uint64_t id64;

	if (id < 0)
		return errno;
	if (id == 0)
		return 201;
	id64 = id;
	if (ioctl(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &id64))
		return 202;
	return 0;
}

/* In a child: REMOVE_CONFIG of *@arg. */
static int child_remove(const void *arg)
{
	uint64_t id = *(const uint64_t *)arg;

	return ioctl(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &id) ? errno : 0;
}

static void paranoid_restore(void)
{
	if (paranoid_saved >= 0 && read_int(PARANOID_PATH) != paranoid_saved)
		write_int(PARANOID_PATH, paranoid_saved);
}

/* The TestOa set, added again if a failed subtest left it removed. */
static void ensure_test_set(void)
{
	if (!test_set && testoa) {
		remove_leftover(testoa->guid);
		test_set = add_set(testoa);
	}
}

/* ---- vdg1's OA counters ---- */

#if VDG1_COUNTERS_VERSION_VALUE >= 7
#define VDG1_HAS_OA	1
#else
#define VDG1_HAS_OA	0
#endif

static void oa_snapshot(struct vdg1_counters_page *s)
{
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, s);
}

/* On vdg1: the OA model must be there (counters page version 7). */
static void require_vdg1_oa(void)
{
	dut_require_vdg1();
	igt_assert_f(VDG1_HAS_OA,
		     "vdg1's counters page version %u has no OA counters",
		     VDG1_COUNTERS_VERSION_VALUE);
}

/*
 * On vdg1: the unit as an enabled stream of @format with @exponent (< 0:
 * not periodic) must have programmed it, OACONTROL and OAGLBCTXCTRL
 * decoded by the model.
 */
static void check_vdg1_unit(uint32_t format, int exponent)
{
#if VDG1_HAS_OA
	struct vdg1_counters_page s;

	if (!dut.vdg1)
		return;
	dg1dev_vdg1_snapshot(dut.vdg1, &s);
	igt_assert_eq(s.oa_enabled, 1);
	igt_assert_eq(s.oa_format, format_select(format));
	igt_assert_eq(s.oa_timer_enabled, exponent >= 0);
	if (exponent >= 0)
		igt_assert_eq(s.oa_exponent, exponent);
#else
	(void)format;
	(void)exponent;
#endif
}

/* On vdg1: no stream open, the unit is off. */
static void check_vdg1_unit_off(void)
{
#if VDG1_HAS_OA
	if (dut.vdg1)
		igt_assert_f(!dut.vdg1->page->oa_enabled,
			     "OACONTROL still enabled with no stream open");
#endif
}

/* ---- the subtest wrapper ---- */

/*
 * Every subtest starts and ends with no stream open, perf_stream_paranoid
 * as found; on vdg1 none may touch a sleeping domain, a fused-off MCR
 * instance or an unclaimed register, or break the protocol.
 */
#define perf_subtest(name, fn) \
	igt_subtest(name) { \
		streams_close_all(); \
		paranoid_restore(); \
		ensure_test_set(); \
		dut_clean_begin(); \
		fn(); \
		streams_close_all(); \
		paranoid_restore(); \
		check_vdg1_unit_off(); \
		dut_clean_end(); \
	}

/* ---- subtests ---- */

/* A valid open still works after a refused one, and is what it asked. */
static void valid_open_after(const char *what)
{
	int sfd = __perf_open(dut.fd, DRM_DG1_PERF_FLAG_DISABLED,
			      &(struct props){
				.p = { DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
				       DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set,
				       DRM_DG1_PERF_PROP_OA_FORMAT, FMT_A32u40,
				       DRM_DG1_PERF_PROP_OA_EXPONENT, 16 },
				.n = 4 });

	igt_assert_f(sfd >= 0, "a valid PERF_OPEN after %s: %s", what,
		     strerror(-sfd));
	check_info(sfd, FMT_A32u40, 16, false);
	stream_close(sfd);
}

static unsigned int bad_inputs;

static void open_fails(int fd, struct drm_dg1_perf_open *o, int err,
		       const char *what)
{
	int ret = __perf_open_args(fd, o);

	bad_inputs++;
	if (ret >= 0)
		stream_close(ret);
	igt_assert_f(ret == err, "%s: PERF_OPEN returned %d (%s), not %s",
		     what, ret, ret < 0 ? strerror(-ret) : "a stream",
		     strerror(-err));
	valid_open_after(what);
}

static void props_fail(const struct props *p, uint32_t flags, int err,
		       const char *what)
{
	struct drm_dg1_perf_open o = {
		.flags = flags,
		.num_properties = p->n,
		.properties_ptr = (uintptr_t)p->p,
	};

	open_fails(dut.fd, &o, err, what);
}

/* The good sampling properties with property @id's value set to @value. */
static void value_fails(uint64_t id, uint64_t value, int err,
			const char *what)
{
	struct props p = sample_props(FMT_A32u40, 16);
	unsigned int i;
	bool found = false;

	for (i = 0; i < p.n; i++)
		if (p.p[2 * i] == id) {
			p.p[2 * i + 1] = value;
			found = true;
		}
	if (!found)
		prop(&p, id, value);
	props_fail(&p, 0, err, what);
}

static uint32_t render_queue(int fd, uint32_t vm)
{
	struct drm_dg1_exec_queue_create c = {
		.engine = ENGINE(RENDER, 0),
		.vm_id = vm,
	};

	igt_assert_f(!ioctl(fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c),
		     "EXEC_QUEUE_CREATE rcs0: %s", strerror(errno));
	igt_assert(c.exec_queue_id);
	return c.exec_queue_id;
}

static void queue_destroy(int fd, uint32_t q)
{
	struct drm_dg1_exec_queue_destroy d = { .exec_queue_id = q };

	igt_assert_f(!ioctl(fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d),
		     "EXEC_QUEUE_DESTROY: %s", strerror(errno));
}

static void test_invalid_open(void)
{
	const long page = sysconf(_SC_PAGESIZE);
	struct drm_dg1_perf_open o, good;
	struct props p, good_p = sample_props(FMT_A32u40, 16);
	uint32_t vm, q, fd2_q;
	uint8_t *pages;
	int fd2;

	bad_inputs = 0;
	memset(&good, 0, sizeof(good));
	good.num_properties = good_p.n;
	good.properties_ptr = (uintptr_t)good_p.p;

	/* The struct's own fields. */
	o = good; o.extensions = 1;
	open_fails(dut.fd, &o, -EINVAL, "extensions 1");
	o = good; o.extensions = (uintptr_t)&good;
	open_fails(dut.fd, &o, -EINVAL, "extensions a pointer");
	o = good; o.reserved[0] = 1;
	open_fails(dut.fd, &o, -EINVAL, "reserved[0]");
	o = good; o.reserved[1] = 1ull << 63;
	open_fails(dut.fd, &o, -EINVAL, "reserved[1]");
	o = good; o.flags = 0x8;
	open_fails(dut.fd, &o, -EINVAL, "flag 0x8");
	o = good; o.flags = 0x80000000u | DRM_DG1_PERF_FLAG_DISABLED;
	open_fails(dut.fd, &o, -EINVAL, "flag 0x80000000");
	o = good; o.num_properties = 0;
	open_fails(dut.fd, &o, -EINVAL, "0 properties");
	p = good_p;
	while (p.n < MAX_PROPS + 1)
		prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	o = good; o.num_properties = MAX_PROPS + 1;
	o.properties_ptr = (uintptr_t)p.p;
	open_fails(dut.fd, &o, -EINVAL, "17 properties");
	o.num_properties = ~0u;
	open_fails(dut.fd, &o, -EINVAL, "~0 properties");

	/* Property ids. */
	value_fails(0, 0, -EINVAL, "property id 0");
	value_fails(DRM_DG1_PERF_PROP_POLL_PERIOD_NS + 1, 0, -EINVAL,
		    "property id 9");
	value_fails(1ull << 32 | DRM_DG1_PERF_PROP_SAMPLE_OA, 1, -EINVAL,
		    "property id 1 << 32 | SAMPLE_OA");
	value_fails(~0ull, 0, -EINVAL, "property id ~0");
	p = good_p;
	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	props_fail(&p, 0, -EINVAL, "SAMPLE_OA twice");
	p = good_p;
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "OA_EXPONENT twice, same value");
	p = good_p;
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	props_fail(&p, 0, -EINVAL, "POLL_PERIOD_NS twice");

	/* Values out of range. */
	value_fails(DRM_DG1_PERF_PROP_SAMPLE_OA, 0, -EINVAL, "SAMPLE_OA 0");
	value_fails(DRM_DG1_PERF_PROP_SAMPLE_OA, 2, -EINVAL, "SAMPLE_OA 2");
	value_fails(DRM_DG1_PERF_PROP_SAMPLE_OA, 1ull << 32 | 1, -EINVAL,
		    "SAMPLE_OA 1 << 32 | 1");
	value_fails(DRM_DG1_PERF_PROP_OA_FORMAT, 0, -EINVAL, "format 0");
	value_fails(DRM_DG1_PERF_PROP_OA_FORMAT, DRM_DG1_OA_FORMAT_C4_B8 + 1,
		    -EINVAL, "format 5");
	value_fails(DRM_DG1_PERF_PROP_OA_FORMAT, 1ull << 32 | FMT_A32u40,
		    -EINVAL, "format 1 << 32 | 3");
	value_fails(DRM_DG1_PERF_PROP_OA_EXPONENT, 32, -EINVAL, "exponent 32");
	value_fails(DRM_DG1_PERF_PROP_OA_EXPONENT, 1ull << 32 | 16, -EINVAL,
		    "exponent 1 << 32 | 16");
	value_fails(DRM_DG1_PERF_PROP_OA_EXPONENT, ~0ull, -EINVAL,
		    "exponent ~0");
	value_fails(DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 0, -EINVAL,
		    "poll period 0");
	value_fails(DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 99999, -EINVAL,
		    "poll period 99999 ns");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_CLASS, DRM_DG1_ENGINE_CLASS_COPY,
		    -EINVAL, "engine class copy");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_CLASS,
		    DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE + 1, -EINVAL,
		    "engine class 4");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_CLASS, 1ull << 32, -EINVAL,
		    "engine class 1 << 32");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_INSTANCE, 1, -EINVAL,
		    "engine instance 1");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_INSTANCE, 1ull << 32, -EINVAL,
		    "engine instance 1 << 32");

	/* Missing and extra properties. */
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	prop(&p, DRM_DG1_PERF_PROP_OA_FORMAT, FMT_A32u40);
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "SAMPLE_OA without a metric set");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	prop(&p, DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set);
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "SAMPLE_OA without a format");

	vm = vm_create(dut.fd);
	q = render_queue(dut.fd, vm);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	prop(&p, DRM_DG1_PERF_PROP_OA_FORMAT, FMT_A32u40);
	props_fail(&p, 0, -EINVAL, "a format without SAMPLE_OA");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "an exponent without SAMPLE_OA");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	props_fail(&p, 0, -EINVAL, "neither SAMPLE_OA nor a queue");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set);
	prop(&p, DRM_DG1_PERF_PROP_ENGINE_CLASS, DRM_DG1_ENGINE_CLASS_RENDER);
	props_fail(&p, 0, -EINVAL, "a metric set, neither SAMPLE_OA nor a queue");

	/* Unknown ids. */
	value_fails(DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set + 0x7fff0000ull,
		    -ENOENT, "metric set id unknown");
	value_fails(DRM_DG1_PERF_PROP_OA_METRICS_SET, 1ull << 32 | test_set,
		    -ENOENT, "metric set id 1 << 32 | the test set's");
	value_fails(DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q + 0x7fff0000u, -ENOENT,
		    "exec queue id unknown");
	value_fails(DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, 1ull << 32 | q, -ENOENT,
		    "exec queue id 1 << 32 | a queue's");
	queue_destroy(dut.fd, q);
	value_fails(DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q, -ENOENT,
		    "a destroyed exec queue");
	/* Another file's queue, whose id this file has not. */
	fd2 = igt_dg1_open_render();
	{
		uint32_t vm2 = vm_create(fd2);

		fd2_q = render_queue(fd2, vm2);
		p = (struct props){ 0 };
		prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, fd2_q);
		props_fail(&p, 0, -ENOENT, "another file's exec queue");
		queue_destroy(fd2, fd2_q);
		vm_destroy(fd2, vm2);
	}
	close(fd2);
	vm_destroy(dut.fd, vm);

	/* Unreadable properties. */
	pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(pages != MAP_FAILED);
	igt_assert(!mprotect(pages + page, page, PROT_NONE));
	o = good; o.properties_ptr = 0;
	open_fails(dut.fd, &o, -EFAULT, "properties NULL");
	o = good; o.properties_ptr = (uintptr_t)(pages + page);
	open_fails(dut.fd, &o, -EFAULT, "properties in a PROT_NONE page");
	/* The first three pairs readable, the fourth not. */
	memcpy(pages + page - 3 * 16, good_p.p, 3 * 16);
	o = good; o.properties_ptr = (uintptr_t)(pages + page - 3 * 16);
	open_fails(dut.fd, &o, -EFAULT, "the last property unreadable");
	o = good; o.properties_ptr = ~0ull & ~7ull;
	open_fails(dut.fd, &o, -EFAULT, "properties at ~7");
	munmap(pages, 2 * page);

	igt_info("%u bad inputs checked\n", bad_inputs);
}

/* Stream ioctls and their documented errors. */
static void test_stream_bad_input(void)
{
	struct drm_dg1_perf_status st;
	struct drm_dg1_perf_info info;
	uint32_t vm, q;
	struct props p;
	int sfd, qfd;
	unsigned int cases = 0;
	long ret;

	sfd = open_sample(FMT_A32u40, 16, DRM_DG1_PERF_FLAG_DISABLED);

#define STREAM_FAILS(fd_, req, arg, err, what) do {			\
		ret = ioctl(fd_, req, arg);				\
		cases++;						\
		igt_assert_f(ret == -1 && errno == (err),		\
			     "%s: returned %ld, errno %s, not %s", what,	\
			     ret, strerror(errno), strerror(err));	\
		errno = 0;						\
	} while (0)

	memset(&st, 0, sizeof(st)); st.extensions = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_STATUS, &st, EINVAL,
		     "STATUS extensions 1");
	memset(&st, 0, sizeof(st)); st.reserved[3] = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_STATUS, &st, EINVAL,
		     "STATUS reserved[3]");
	memset(&info, 0, sizeof(info)); info.extensions = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_INFO, &info, EINVAL,
		     "INFO extensions 1");
	memset(&info, 0, sizeof(info)); info.reserved[0] = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_INFO, &info, EINVAL,
		     "INFO reserved[0]");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_STATUS, NULL, EFAULT,
		     "STATUS NULL");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_INFO, NULL, EFAULT, "INFO NULL");
	STREAM_FAILS(sfd, _IO('d', 0x85), 0, ENOTTY, "ioctl 0x85");
	STREAM_FAILS(sfd, _IO('d', 0x7f), 0, ENOTTY, "ioctl 0x7f");
	STREAM_FAILS(sfd, DRM_IOCTL_DG1_QUERY, NULL, ENOTTY,
		     "a DRM ioctl on the stream");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_CONFIG,
		     (unsigned long)(test_set + 0x7fff0000ull), ENOENT,
		     "CONFIG unknown id");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_CONFIG, 0ul, ENOENT, "CONFIG 0");
	/* Nothing changed: the stream still has the test set. */
	check_info(sfd, FMT_A32u40, 16, false);
	stream_close(sfd);

	/* CONFIG on a stream without SAMPLE_OA. */
	vm = vm_create(dut.fd);
	q = render_queue(dut.fd, vm);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	qfd = perf_open(0, &p);
	info = perf_info(qfd);
	igt_assert_eq(info.format, 0);
	igt_assert_eq_u32(info.exponent, ~0u);
	igt_assert_eq_u64(info.metrics_set, 0);
	STREAM_FAILS(qfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)test_set,
		     EINVAL, "CONFIG without SAMPLE_OA");
	/* Nothing would wake a blocking read: -EIO. */
	{
		char buf[1024];

		ret = stream_read(qfd, buf, sizeof(buf));
		cases++;
		igt_assert_f(ret == -EIO, "blocking read of a stream without "
			     "periodic sampling: %ld", ret);
	}
	stream_close(qfd);
	queue_destroy(dut.fd, q);
	vm_destroy(dut.fd, vm);
#undef STREAM_FAILS
	igt_info("%u bad inputs checked\n", cases);
}

/* A config of good registers with @uuid, built on the TestOa set. */
static struct drm_dg1_perf_oa_config good_config(const char *uuid)
{
	struct drm_dg1_perf_oa_config cfg = set_config(testoa);

	memcpy(cfg.uuid, uuid, sizeof(cfg.uuid));
	return cfg;
}

/* A fresh UUID (version 4 shape) from the clock and the pid. */
static void make_uuid(char out[37], unsigned int salt)
{
	uint64_t a = dut_now_ns() * 6364136223846793005ull + getpid() + salt;
	uint64_t b = a * 1442695040888963407ull + salt;

	snprintf(out, 37, "%08x-%04x-4%03x-a%03x-%012llx",
		 (uint32_t)(a >> 32), (uint32_t)(a >> 16) & 0xffff,
		 (uint32_t)a & 0xfff, (uint32_t)(b >> 52) & 0xfff,
		 (unsigned long long)(b & 0xffffffffffffull));
}

static void config_fails(struct drm_dg1_perf_oa_config cfg, int err,
			 const char *what)
{
	int before = card_dir[0] ? sysfs_num_sets() : 0;
	int ret = __add_config(dut.fd, &cfg);

	bad_inputs++;
	if (ret > 0)
		remove_config(ret);
	igt_assert_f(ret == err, "%s: ADD_CONFIG returned %d (%s), not %s",
		     what, ret, ret < 0 ? strerror(-ret) : "an id",
		     strerror(-err));
	if (card_dir[0])
		igt_assert_f(sysfs_num_sets() == before,
			     "%s: metrics/ lists %d sets, %d before", what,
			     sysfs_num_sets(), before);
}

static void test_config(void)
{
	static uint32_t big[2 * 4097], mixed[3 * 2];
	const long page = sysconf(_SC_PAGESIZE);
	struct drm_dg1_perf_oa_config cfg, good;
	char uuid[37], uuid2[37];
	uint64_t id, id2, prev;
	struct capture c;
	uint8_t *pages;
	unsigned int i;
	int sfd, ret;

	require_card_dir();
	make_uuid(uuid, 1);
	make_uuid(uuid2, 2);
	igt_assert(strcmp(uuid, uuid2));

	/* Add: an id of 1 or more, in sysfs; gone after remove. */
	good = good_config(uuid);
	ret = __add_config(dut.fd, &good);
	igt_assert_f(ret > 0, "ADD_CONFIG %s: %s", uuid,
		     ret ? strerror(-ret) : "id 0");
	id = ret;
	igt_assert_neq(id, test_set);
	assert_sysfs_id(uuid, id);
	/* The same registers under another uuid: another set. */
	cfg = good_config(uuid2);
	ret = __add_config(dut.fd, &cfg);
	igt_assert_f(ret > 0, "ADD_CONFIG %s: %s", uuid2, strerror(-ret));
	id2 = ret;
	igt_assert_neq(id2, id);
	igt_assert_neq(id2, test_set);
	assert_sysfs_id(uuid2, id2);
	remove_config(id2);
	assert_sysfs_gone(uuid2);
	assert_sysfs_id(uuid, id);
	igt_assert_eq(__remove_config(dut.fd, id2), -ENOENT);

	bad_inputs = 0;
	/* Invalid configs: nothing added. */
	cfg = good; cfg.extensions = 1;
	config_fails(cfg, -EINVAL, "extensions 1");
	cfg = good; cfg.reserved[0] = 1;
	config_fails(cfg, -EINVAL, "reserved[0]");
	cfg = good; cfg.reserved[1] = 1;
	config_fails(cfg, -EINVAL, "reserved[1]");
	cfg = good_config(uuid2); cfg.uuid[0] = 'g';
	config_fails(cfg, -EINVAL, "uuid with a g");
	cfg = good_config(uuid2); cfg.uuid[8] = '0';
	config_fails(cfg, -EINVAL, "uuid without its first dash");
	cfg = good_config(uuid2); cfg.uuid[7] = '-'; cfg.uuid[8] = '0';
	config_fails(cfg, -EINVAL, "uuid with a dash one place early");
	cfg = good_config(uuid2); cfg.uuid[35] = '\0';
	config_fails(cfg, -EINVAL, "uuid of 35 characters");
	cfg = good_config(uuid2); memset(cfg.uuid, 0, sizeof(cfg.uuid));
	config_fails(cfg, -EINVAL, "uuid empty");
	cfg = good_config(uuid2); cfg.uuid[14] = ' ';
	config_fails(cfg, -EINVAL, "uuid with a space");
	cfg = good_config(uuid2);
	cfg.n_mux_regs = cfg.n_boolean_regs = cfg.n_flex_regs = 0;
	config_fails(cfg, -EINVAL, "all lists empty");
	cfg.mux_regs_ptr = cfg.boolean_regs_ptr = cfg.flex_regs_ptr = 0;
	config_fails(cfg, -EINVAL, "all lists empty and NULL");
	/* 4097 entries of a good register. */
	for (i = 0; i < 4097; i++) {
		big[2 * i] = 0x9888;
		big[2 * i + 1] = 0;
	}
	cfg = good_config(uuid2);
	cfg.n_mux_regs = 4097;
	cfg.mux_regs_ptr = (uintptr_t)big;
	config_fails(cfg, -EINVAL, "4097 mux registers");
	for (i = 0; i < 4097; i++)
		big[2 * i] = 0xd900;
	cfg = good_config(uuid2);
	cfg.n_boolean_regs = 4097;
	cfg.boolean_regs_ptr = (uintptr_t)big;
	config_fails(cfg, -EINVAL, "4097 boolean registers");
	/* Registers outside their whitelist, alone and among good ones. */
	{
		static const struct {
			int list;	/* 0 mux, 1 boolean, 2 flex */
			uint32_t reg;
			const char *what;
		} bad[] = {
			{ 0, 0x0d08, "mux 0xd08 (between 0xd04 and 0xd0c)" },
			{ 0, 0x0d30, "mux 0xd30 (after 0xd2c)" },
			{ 0, 0x9880, "mux 0x9880" },
			{ 0, 0x988c, "mux 0x988c" },
			{ 0, 0x2358, "mux 0x2358 (RING_TIMESTAMP)" },
			{ 0, 0xd900, "mux list with boolean 0xd900" },
			{ 1, 0x2b28, "boolean 0x2b28 (OAGLBCTXCTRL)" },
			{ 1, 0xd8fc, "boolean 0xd8fc" },
			{ 1, 0xd980, "boolean 0xd980" },
			{ 1, 0xdc48, "boolean 0xdc48" },
			{ 1, 0xdaf4, "boolean 0xdaf4 (OACONTROL)" },
			{ 1, 0x9888, "boolean list with mux 0x9888" },
			{ 2, 0xe460, "flex 0xe460" },
			{ 2, 0xe454, "flex 0xe454" },
			{ 2, 0xe858, "flex 0xe858" },
			{ 2, 0xd900, "flex list with boolean 0xd900" },
		};
		char what[128];

		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			uint32_t good_reg = bad[i].list == 0 ? 0x9888 :
					    bad[i].list == 1 ? 0xd940 : 0xe458;
			uint32_t alone[2] = { bad[i].reg, 0 };

			mixed[0] = good_reg; mixed[1] = 0;
			mixed[2] = bad[i].reg; mixed[3] = 0;
			mixed[4] = good_reg; mixed[5] = 0;
			for (int mix = 0; mix < 2; mix++) {
				cfg = good_config(uuid2);
				uint32_t n = mix ? 3 : 1;
				uint64_t ptr = (uintptr_t)(mix ? mixed : alone);

				if (bad[i].list == 0) {
					cfg.n_mux_regs = n;
					cfg.mux_regs_ptr = ptr;
				} else if (bad[i].list == 1) {
					cfg.n_boolean_regs = n;
					cfg.boolean_regs_ptr = ptr;
				} else {
					cfg.n_flex_regs = n;
					cfg.flex_regs_ptr = ptr;
				}
				snprintf(what, sizeof(what), "%s%s", bad[i].what,
					 mix ? " between two good ones" : "");
				config_fails(cfg, -EINVAL, what);
			}
		}
	}
	/* Unreadable lists. */
	pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(pages != MAP_FAILED);
	igt_assert(!mprotect(pages + page, page, PROT_NONE));
	cfg = good_config(uuid2); cfg.mux_regs_ptr = 0;
	config_fails(cfg, -EFAULT, "mux list NULL");
	cfg = good_config(uuid2); cfg.boolean_regs_ptr = (uintptr_t)(pages + page);
	config_fails(cfg, -EFAULT, "boolean list in a PROT_NONE page");
	/* The flex list's first pair readable, its second not. */
	memcpy(pages + page - 8, testoa->flex, 8);
	cfg = good_config(uuid2); cfg.n_flex_regs = 2;
	cfg.flex_regs_ptr = (uintptr_t)(pages + page - 8);
	config_fails(cfg, -EFAULT, "flex list's second pair unreadable");
	munmap(pages, 2 * page);
	/* A uuid that exists. */
	config_fails(good, -EADDRINUSE, "a uuid that exists");
	cfg = good_config(testoa->guid);
	config_fails(cfg, -EADDRINUSE, "TestOa's uuid again");
	/* REMOVE_CONFIG of what does not exist. */
	{
		uint64_t unknown[] = { 0, id + 0x7fff0000ull, ~0ull,
				       1ull << 32 | id };

		for (i = 0; i < ARRAY_SIZE(unknown); i++) {
			bad_inputs++;
			ret = __remove_config(dut.fd, unknown[i]);
			igt_assert_f(ret == -ENOENT,
				     "REMOVE_CONFIG %#llx: %d, not ENOENT",
				     (unsigned long long)unknown[i], ret);
		}
		bad_inputs++;
		ret = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, NULL);
		igt_assert_f(ret == -1 && errno == EFAULT,
			     "REMOVE_CONFIG NULL: %d, %s", ret, strerror(errno));
		errno = 0;
	}
	/* Nothing half-changed: both sets as they were, uuid2 addable. */
	assert_sysfs_id(uuid, id);
	assert_sysfs_id(testoa->guid, test_set);
	assert_sysfs_gone(uuid2);
	cfg = good_config(uuid2);
	ret = __add_config(dut.fd, &cfg);
	igt_assert_f(ret > 0, "ADD_CONFIG %s after the bad ones: %s", uuid2,
		     strerror(-ret));
	id2 = ret;
	assert_sysfs_id(uuid2, id2);
	igt_info("%u bad inputs checked\n", bad_inputs);

	/*
	 * A set in use: removed while a stream samples with it, the stream
	 * goes on, INFO still names it; CONFIG switches sets and returns the
	 * previous one.
	 */
	{
		struct props p = sample_props(FMT_A32u40, 16);

		p.p[3] = id;
		sfd = perf_open(DRM_DG1_PERF_FLAG_FD_NONBLOCK, &p);
	}
	igt_assert_eq_u64(perf_info(sfd).metrics_set, id);
	remove_config(id);
	igt_assert_eq(__remove_config(dut.fd, id), -ENOENT);
	capture_init(&c, 256);
	capture_read(sfd, &c, 3, false, RECORD_TIMEOUT_MS);
	igt_assert_lte(1, check_periodic(&c, 0));
	igt_assert_eq_u64(perf_info(sfd).metrics_set, id);
	prev = ioctl(sfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)id2);
	igt_assert_f((long)prev >= 0, "CONFIG %llu: %s",
		     (unsigned long long)id2, strerror(errno));
	igt_assert_eq_u64(prev, id);
	igt_assert_eq_u64(perf_info(sfd).metrics_set, id2);
	prev = ioctl(sfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)test_set);
	igt_assert_eq_u64(prev, id2);
	/* The removed set is gone for CONFIG, and for new streams. */
	ret = ioctl(sfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)id);
	igt_assert_f(ret == -1 && errno == ENOENT,
		     "CONFIG of a removed set: %d, %s", ret, strerror(errno));
	errno = 0;
	igt_assert_eq_u64(perf_info(sfd).metrics_set, test_set);
	capture_read(sfd, &c, c.n + 3, false, RECORD_TIMEOUT_MS);
	check_periodic(&c, 0);
	capture_free(&c);
	stream_close(sfd);
	assert_sysfs_gone(uuid);
	{
		struct props p = sample_props(FMT_A32u40, 16);

		p.p[3] = id;
		ret = __perf_open(dut.fd, 0, &p);
		if (ret >= 0)
			stream_close(ret);
		igt_assert_eq(ret, -ENOENT);
	}
	remove_config(id2);
	assert_sysfs_gone(uuid2);
}

/* Every metric set of oa-dg1.xml accepted, each with its own id. */
static void test_config_all_sets(void)
{
	uint64_t ids[OA_NUM_SETS];
	unsigned int i, j;
	int base;

	require_card_dir();
	igt_assert_eq(OA_NUM_SETS, 26);
	remove_config(test_set);
	test_set = 0;
	assert_sysfs_gone(testoa->guid);
	base = sysfs_num_sets();
	for (i = 0; i < OA_NUM_SETS; i++) {
		ids[i] = add_set(&oa_sets[i]);
		assert_sysfs_id(oa_sets[i].guid, ids[i]);
		for (j = 0; j < i; j++)
			igt_assert_f(ids[j] != ids[i], "%s and %s: both id %llu",
				     oa_sets[j].symbol_name,
				     oa_sets[i].symbol_name,
				     (unsigned long long)ids[i]);
		if (&oa_sets[i] == testoa)
			test_set = ids[i];
	}
	igt_assert_eq(sysfs_num_sets(), base + OA_NUM_SETS);
	/* Each can be streamed with. */
	for (i = 0; i < OA_NUM_SETS; i++) {
		struct props p = sample_props(FMT_A32u40, -1);
		int sfd;

		p.p[3] = ids[i];
		sfd = perf_open(DRM_DG1_PERF_FLAG_DISABLED, &p);
		igt_assert_eq_u64(perf_info(sfd).metrics_set, ids[i]);
		stream_close(sfd);
	}
	for (i = 0; i < OA_NUM_SETS; i++) {
		if (ids[i] == test_set)
			continue;
		remove_config(ids[i]);
		assert_sysfs_gone(oa_sets[i].guid);
	}
	igt_assert_eq(sysfs_num_sets(), base + 1);
	igt_info("%u metric sets added and removed\n", OA_NUM_SETS);
}

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

static void test_formats(void)
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
static void test_testoa_counters(void)
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

static void test_exponents(void)
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

static void test_enable_disable(void)
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

static void test_reads(void)
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
static void test_overflow(void)
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

static void test_exclusive(void)
{
	uint32_t vm, q;
	struct props p;
	int sfd, ret;

	sfd = open_sample(FMT_A32u40, 16, 0);
	ret = __perf_open(dut.fd, 0, &(struct props){
		.p = { DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		       DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set,
		       DRM_DG1_PERF_PROP_OA_FORMAT, DRM_DG1_OA_FORMAT_A12 },
		.n = 3 });
	igt_assert_eq(ret, -EBUSY);
	/* Another file of the device: the same unit. */
	{
		int fd2 = igt_dg1_open_render();
		struct props sp = sample_props(FMT_A32u40, 16);

		ret = __perf_open(fd2, 0, &sp);
		if (ret >= 0)
			stream_close(ret);
		close(fd2);
		igt_assert_eq(ret, -EBUSY);
	}
	/* A per-context stream needs the unit too. */
	vm = vm_create(dut.fd);
	q = render_queue(dut.fd, vm);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	igt_assert_eq(__perf_open(dut.fd, 0, &p), -EBUSY);
	/* The first stream is unharmed. */
	check_info(sfd, FMT_A32u40, 16, true);
	stream_close(sfd);
	sfd = open_sample(DRM_DG1_OA_FORMAT_A12, 16, 0);
	check_info(sfd, DRM_DG1_OA_FORMAT_A12, 16, true);
	igt_assert_eq(__perf_open(dut.fd, 0, &p), -EBUSY);
	stream_close(sfd);
	sfd = perf_open(0, &p);
	{
		struct props sp = sample_props(FMT_A32u40, 16);

		igt_assert_eq(__perf_open(dut.fd, 0, &sp), -EBUSY);
	}
	stream_close(sfd);
	queue_destroy(dut.fd, q);
	vm_destroy(dut.fd, vm);
}

static void test_paranoid(void)
{
	struct drm_dg1_perf_oa_config cfg;
	struct props p = sample_props(FMT_A32u40, 16);
	uint64_t id, fast, slow;
	uint32_t max_rate;
	char uuid[37];
	int sfd;

	igt_assert_f(paranoid_saved >= 0, "no %s", PARANOID_PATH);
	make_uuid(uuid, 3);
	cfg = good_config(uuid);

	write_int(PARANOID_PATH, 1);
	igt_assert_eq(unprivileged(child_open, &p), EACCES);
	igt_assert_eq(unprivileged(child_add, &cfg), EACCES);
	assert_sysfs_gone(uuid);
	id = test_set;
	igt_assert_eq(unprivileged(child_remove, &id), EACCES);
	assert_sysfs_id(testoa->guid, test_set);
	/* Root as it is may. */
	sfd = perf_open(0, &p);
	stream_close(sfd);

	write_int(PARANOID_PATH, 0);
	igt_assert_eq(unprivileged(child_open, &p), 0);
	igt_assert_eq(unprivileged(child_add, &cfg), 0);
	assert_sysfs_gone(uuid);

	/*
	 * oa_max_sample_rate: the fastest exponent at or under it is
	 * allowed, the next faster one needs the privilege even now.
	 */
	max_rate = read_int(MAX_RATE_PATH);
	igt_assert_lt(0, max_rate);
	for (slow = 0; slow < 31; slow++)
		if (ts_freq / period_ticks(slow) <= max_rate)
			break;
	igt_assert_f(slow > 0, "no exponent is above %u Hz", max_rate);
	fast = slow - 1;
	igt_info("oa_max_sample_rate %u Hz: exponent %llu (%llu Hz) allowed, "
		 "%llu (%llu Hz) not\n", max_rate, (unsigned long long)slow,
		 (unsigned long long)(ts_freq / period_ticks(slow)),
		 (unsigned long long)fast,
		 (unsigned long long)(ts_freq / period_ticks(fast)));
	p = sample_props(DRM_DG1_OA_FORMAT_A12, fast);
	igt_assert_eq(unprivileged(child_open, &p), EACCES);
	sfd = perf_open(DRM_DG1_PERF_FLAG_DISABLED, &p);
	stream_close(sfd);
	p = sample_props(DRM_DG1_OA_FORMAT_A12, slow);
	igt_assert_eq(unprivileged(child_open, &p), 0);

	paranoid_restore();
	igt_assert_eq(read_int(PARANOID_PATH), paranoid_saved);
}

/* ---- MI_REPORT_PERF_COUNT ---- */

static void wait_syncobj(int fd, uint32_t so)
{
	int err = __syncobj_wait(fd, &so, 1, EXEC_TIMEOUT_MS * NSEC_PER_MSEC);

	igt_assert_f(!err, "batch not done after %u ms: %s", EXEC_TIMEOUT_MS,
		     strerror(-err));
}

static void exec_wait(int fd, uint32_t q, uint64_t batch)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
		.handle = syncobj_create(fd, 0),
	};
	struct drm_dg1_exec x = {
		.exec_queue_id = q,
		.batch_address = batch,
		.num_syncs = 1,
		.syncs = (uintptr_t)&s,
	};

	igt_assert_f(!ioctl(fd, DRM_IOCTL_DG1_EXEC, &x), "EXEC: %s",
		     strerror(errno));
	wait_syncobj(fd, s.handle);
	syncobj_destroy(fd, s.handle);
}

static uint32_t *emit_rpc(uint32_t *cs, uint64_t va, uint32_t id)
{
	*cs++ = MI_REPORT_PERF_COUNT;
	*cs++ = (uint32_t)va;		/* bit 0 clear: PPGTT */
	*cs++ = (uint32_t)(va >> 32);
	*cs++ = id;
	return cs;
}

#define RPC_CANARY	0x80808080u
/* vdg1 runs up to 256 commands at one model time: span several slices. */
#define RPC_WORK	1024

static void test_mi_rpc(void)
{
	struct vdg1_counters_page s0, s1;
	const struct drm_dg1_engine_class_instance *rcs;
	struct vm_bo batch, data;
	volatile uint32_t *d;
	uint32_t vm, q, *cs;
	struct props p;
	unsigned int i;
	int sfd;

	rcs = dut_find_engine(&ENGINE(RENDER, 0));
	igt_assert_f(rcs, "no rcs0");
	vm = vm_create(dut.fd);
	vm_bo_new(&batch, dut.fd, BO_SIZE, false, 11);
	vm_bo_new(&data, dut.fd, BO_SIZE, false, 12);
	vm_map(dut.fd, vm, batch.handle, 0, BATCH_VA, BO_SIZE, 0);
	vm_map(dut.fd, vm, data.handle, 0, DATA_VA, BO_SIZE, 0);
	q = render_queue(dut.fd, vm);

	/* Per-context streams need no privilege, even with paranoid 1. */
	write_int(PARANOID_PATH, 1);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	igt_assert_eq(unprivileged(child_open, &p), 0);
	paranoid_restore();

	sfd = perf_open(0, &p);
	d = (volatile uint32_t *)data.map;
	for (i = 0; i < BO_SIZE / 4; i++)
		d[i] = RPC_CANARY;
	cs = (uint32_t *)batch.map;
	cs = emit_rpc(cs, DATA_VA, 0xdead0001);
	for (i = 0; i < RPC_WORK; i++) {
		*cs++ = MI_STORE_DATA_IMM;
		*cs++ = (uint32_t)(DATA_VA + 4096 + 4 * i);
		*cs++ = (uint32_t)((DATA_VA + 4096) >> 32);
		*cs++ = 0x5000 + i;
	}
	cs = emit_rpc(cs, DATA_VA + 512, 0xdead0002);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	__sync_synchronize();
	oa_snapshot(&s0);
	exec_wait(dut.fd, q, BATCH_VA);
	oa_snapshot(&s1);
#if VDG1_HAS_OA
	if (dut.vdg1)
		igt_assert_eq(s1.oa_mi_rpc_reports - s0.oa_mi_rpc_reports, 2);
#endif

	for (i = 0; i < RPC_WORK; i++)
		igt_assert_eq_u32(d[1024 + i], 0x5000 + i);
	igt_assert_eq_u32(d[0], 0xdead0001);
	igt_assert_eq_u32(d[128], 0xdead0002);
	/* 256 bytes each, not a byte more. */
	for (i = 64; i < 128; i++)
		igt_assert_f(d[i] == RPC_CANARY, "dword %u after the first "
			     "report: 0x%08x", i, d[i]);
	for (i = 192; i < 1024; i++)
		igt_assert_f(d[i] == RPC_CANARY, "dword %u after the second "
			     "report: 0x%08x", i, d[i]);
	igt_assert_f(ts_after(d[128 + 1], d[1]),
		     "timestamps 0x%08x then 0x%08x", d[1], d[129]);
	igt_assert_f((int32_t)(d[128 + 3] - d[3]) > 0,
		     "GPU ticks 0x%08x then 0x%08x", d[3], d[131]);
	igt_info("MI_RPC: %u ticks, %u GPU ticks apart\n", d[129] - d[1],
		 d[131] - d[3]);
	stream_close(sfd);

	queue_destroy(dut.fd, q);
	vm_unmap(dut.fd, vm, BATCH_VA, BO_SIZE);
	vm_unmap(dut.fd, vm, DATA_VA, BO_SIZE);
	vm_bo_free(&batch, false);
	vm_bo_free(&data, false);
	vm_destroy(dut.fd, vm);
	(void)s0;
	(void)s1;
}

static void test_stress(void)
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
static void test_vdg1_counters(void)
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

igt_main
{
	igt_fixture {
		struct drm_dg1_perf_info info;
		unsigned int i;
		int sfd;

		dut_open();
		for (i = 0; i < OA_NUM_SETS; i++)
			if (!strcmp(oa_sets[i].symbol_name, "TestOa"))
				testoa = &oa_sets[i];
		igt_assert_f(testoa, "no TestOa in dg1_oa_sets.h");
		if (find_card_dir())
			igt_assert_f(!igt_dg1_expect_vdg1(),
				     "%s=1, but %s", DG1_EXPECT_VDG1_ENV,
				     card_why);
		{
			uint64_t v;

			if (!dg1dev_read_u64(PARANOID_PATH, &v))
				paranoid_saved = v;
			else
				igt_assert_f(!igt_dg1_expect_vdg1(),
					     "no %s", PARANOID_PATH);
		}
		/* What a failed earlier run left. */
		for (i = 0; i < OA_NUM_SETS; i++)
			remove_leftover(oa_sets[i].guid);
		test_set = add_set(testoa);
		assert_sysfs_id(testoa->guid, test_set);
		sfd = open_sample(FMT_A32u40, -1, DRM_DG1_PERF_FLAG_DISABLED);
		info = perf_info(sfd);
		ts_freq = info.timestamp_frequency;
		oa_buf_size = info.oa_buffer_size;
		stream_close(sfd);
		igt_assert_lt(0, ts_freq);
		igt_assert_f(oa_buf_size >= 128 << 10 &&
			     !(oa_buf_size & (oa_buf_size - 1)),
			     "OA buffer of %u bytes", oa_buf_size);
		igt_info("OA timestamp %llu Hz, buffer %u KiB, TestOa id %llu\n",
			 (unsigned long long)ts_freq, oa_buf_size >> 10,
			 (unsigned long long)test_set);
	}

	perf_subtest("invalid-open", test_invalid_open);
	perf_subtest("stream-bad-input", test_stream_bad_input);
	perf_subtest("config", test_config);
	perf_subtest("config-all-sets", test_config_all_sets);
	perf_subtest("formats", test_formats);
	perf_subtest("testoa-counters", test_testoa_counters);
	perf_subtest("exponents", test_exponents);
	perf_subtest("enable-disable", test_enable_disable);
	perf_subtest("reads", test_reads);
	perf_subtest("overflow", test_overflow);
	perf_subtest("exclusive", test_exclusive);
	perf_subtest("paranoid", test_paranoid);
	perf_subtest("mi-rpc", test_mi_rpc);
	perf_subtest("stress", test_stress);
	perf_subtest("vdg1-counters", test_vdg1_counters);

	igt_fixture {
		unsigned int i;

		streams_close_all();
		paranoid_restore();
		if (test_set)
			remove_config(test_set);
		test_set = 0;
		assert_sysfs_gone(testoa->guid);
		/* And whatever a failed subtest left. */
		for (i = 0; i < OA_NUM_SETS; i++)
			remove_leftover(oa_sets[i].guid);
		dut_close();
	}
}
