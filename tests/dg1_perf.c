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
 *
 * This file: the helpers every subtest uses, the fixtures and the subtest
 * list. Bad inputs and metric sets are in dg1_perf_inputs.c, sampling
 * streams in dg1_perf_stream.c, privilege and per-context queries in
 * dg1_perf_ctx.c.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dg1_perf.h"

const struct oa_set *testoa;
uint64_t test_set;
char card_dir[PATH_MAX + 300];
static char card_why[PATH_MAX + 300];
uint64_t ts_freq;
uint32_t oa_buf_size;
int paranoid_saved = -1;

/* ---- sizes and small helpers ---- */

uint32_t format_size(uint32_t format)
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
uint32_t format_select(uint32_t format)
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

const char *format_name(uint32_t format)
{
	static const char *const names[] = {
		"?", "A12", "A12_B8_C8", "A32u40_A4u32_B8_C8", "C4_B8",
	};

	return format < ARRAY_SIZE(names) ? names[format] : "?";
}

/* Where C0 starts in a report of @format, in dwords (HARDWARE.md 10.4). */
unsigned int format_c(uint32_t format)
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
unsigned int format_b(uint32_t format)
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
bool ts_after(uint32_t b, uint32_t a)
{
	return (int32_t)(b - a) > 0;
}

uint64_t period_ticks(unsigned int exponent)
{
	return 2ull << exponent;
}

uint64_t period_ns(unsigned int exponent)
{
	return (period_ticks(exponent) * NSEC_PER_SEC + ts_freq - 1) / ts_freq;
}

int read_int(const char *path)
{
	uint64_t v;
	int err = dg1dev_read_u64(path, &v);

	igt_assert_f(!err, "cannot read %s: %s", path, strerror(-err));
	return (int)v;
}

void write_int(const char *path, int v)
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

void prop(struct props *p, uint64_t id, uint64_t value)
{
	igt_assert(p->n <= MAX_PROPS);
	p->p[2 * p->n] = id;
	p->p[2 * p->n + 1] = value;
	p->n++;
}

/* SAMPLE_OA of the test set in @format, periodic unless @exponent < 0. */
struct props sample_props(uint32_t format, int exponent)
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

void stream_close(int sfd)
{
	unsigned int i;

	for (i = 0; i < num_streams; i++)
		if (streams[i] == sfd)
			streams[i] = streams[--num_streams];
	igt_assert_eq(close(sfd), 0);
}

void streams_close_all(void)
{
	while (num_streams)
		close(streams[--num_streams]);
}

int __perf_open_args(int fd, struct drm_dg1_perf_open *o)
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
int __perf_open(int fd, uint32_t flags, const struct props *p)
{
	struct drm_dg1_perf_open o = {
		.flags = flags,
		.num_properties = p->n,
		.properties_ptr = (uintptr_t)p->p,
	};

	return __perf_open_args(fd, &o);
}

int perf_open(uint32_t flags, const struct props *p)
{
	int sfd = __perf_open(dut.fd, flags, p);

	igt_assert_f(sfd >= 0, "PERF_OPEN: %s", strerror(-sfd));
	return sfd;
}

int open_sample(uint32_t format, int exponent, uint32_t flags)
{
	struct props p = sample_props(format, exponent);

	return perf_open(flags, &p);
}

struct drm_dg1_perf_info perf_info(int sfd)
{
	struct drm_dg1_perf_info info;

	memset(&info, 0, sizeof(info));
	igt_assert_f(!ioctl(sfd, DRM_DG1_PERF_IOCTL_INFO, &info),
		     "PERF_IOCTL_INFO: %s", strerror(errno));
	igt_assert_eq(info.pad, 0);
	return info;
}

struct drm_dg1_perf_status perf_status(int sfd)
{
	struct drm_dg1_perf_status st;

	memset(&st, 0, sizeof(st));
	igt_assert_f(!ioctl(sfd, DRM_DG1_PERF_IOCTL_STATUS, &st),
		     "PERF_IOCTL_STATUS: %s", strerror(errno));
	return st;
}

void stream_ioctl_ok(int sfd, unsigned long req, const char *what)
{
	igt_assert_f(!ioctl(sfd, req, 0), "%s: %s", what, strerror(errno));
}

/* INFO of a SAMPLE_OA stream says what was asked for. */
void check_info(int sfd, uint32_t format, int exponent, bool enabled)
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

void capture_init(struct capture *c, uint32_t report_size)
{
	memset(c, 0, sizeof(*c));
	c->report_size = report_size;
}

void capture_free(struct capture *c)
{
	free(c->reports);
	c->reports = NULL;
	c->n = c->cap = 0;
}

const uint32_t *report(const struct capture *c, unsigned int i)
{
	return c->reports + (size_t)i * c->report_size / 4;
}

/*
 * The records of one read() of @len bytes: each a known type with pad 0
 * and its exact size, the whole buffer made of whole records.
 */
void parse_records(struct capture *c, const uint8_t *buf, size_t len)
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
ssize_t stream_read(int sfd, void *buf, size_t len)
{
	ssize_t n = read(sfd, buf, len);

	if (n < 0) {
		n = -errno;
		errno = 0;
	}
	return n;
}

/*
 * Read until @c holds @want samples (after its last buffer-lost record
 * when @after_loss), waiting in poll() at most @timeout_ms in all.
 */
void capture_read(int sfd, struct capture *c, unsigned int want,
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
void capture_drain(int sfd, struct capture *c, unsigned int max_reads)
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
unsigned int check_periodic(const struct capture *c, unsigned int from)
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

int __add_config(int fd, struct drm_dg1_perf_oa_config *cfg)
{
	int ret = ioctl(fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, cfg);

	if (ret < 0) {
		ret = -errno;
		errno = 0;
	}
	return ret;
}

int __remove_config(int fd, uint64_t id)
{
	int ret = ioctl(fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &id);

	if (ret < 0) {
		ret = -errno;
		errno = 0;
	}
	return ret;
}

void remove_config(uint64_t id)
{
	int err = __remove_config(dut.fd, id);

	igt_assert_f(!err, "REMOVE_CONFIG %llu: %s", (unsigned long long)id,
		     strerror(-err));
}

struct drm_dg1_perf_oa_config set_config(const struct oa_set *s)
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

uint64_t add_set(const struct oa_set *s)
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
	int err;

	if (!dut.pci[0]) {
		snprintf(card_why, sizeof(card_why), "%s", dut.vdg1_why);
		return -ENODEV;
	}
	err = dg1dev_card_dir(dut.pci, card_dir, sizeof(card_dir));
	if (err)
		snprintf(card_why, sizeof(card_why), "no card in %s/drm: %s",
			 dut.pci, strerror(-err));
	return err;
}

void require_card_dir(void)
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

void assert_sysfs_id(const char *uuid, uint64_t want)
{
	uint64_t id = 0;
	int err;

	if (!card_dir[0])
		return;
	err = sysfs_set_id(uuid, &id);
	igt_assert_f(!err, "metrics/%.36s/id: %s", uuid, strerror(-err));
	igt_assert_eq_u64(id, want);
}

void assert_sysfs_gone(const char *uuid)
{
	if (card_dir[0])
		igt_assert_f(!sysfs_set_exists(uuid),
			     "metrics/%.36s still in sysfs", uuid);
}

/* Entries of metrics/: how many sets sysfs lists. */
int sysfs_num_sets(void)
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

void paranoid_restore(void)
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

void oa_snapshot(struct vdg1_counters_page *s)
{
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, s);
}

/* On vdg1: the OA model must be there (counters page version 7). */
void require_vdg1_oa(void)
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
void check_vdg1_unit(uint32_t format, int exponent)
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
void check_vdg1_unit_off(void)
{
#if VDG1_HAS_OA
	if (dut.vdg1)
		igt_assert_f(!dut.vdg1->page->oa_enabled,
			     "OACONTROL still enabled with no stream open");
#endif
}

/* ---- exec queues ---- */

/* A queue on rcs0, the engine of per-context streams. */
uint32_t render_queue(int fd, uint32_t vm)
{
	return queue_create(fd, vm, &ENGINE(RENDER, 0), 0);
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
	perf_subtest("half-full", test_half_full);
	perf_subtest("exclusive", test_exclusive);
	perf_subtest("paranoid", test_paranoid);
	perf_subtest("mi-rpc", test_mi_rpc);
	perf_subtest("mi-rpc-isolation", test_mi_rpc_isolation);
	perf_subtest("stress", test_stress);
	perf_subtest("vdg1-counters", test_vdg1_counters);
	perf_subtest("debugfs", test_debugfs);
	perf_subtest("read-efault-and-orphan", test_read_efault_and_orphan);
	perf_subtest("suspend", test_suspend);

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

