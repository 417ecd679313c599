/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_perf.h - what the dg1_perf sources share: the stream and record
 * helpers of dg1_perf.c, the TestOa set the first fixture adds and the
 * subtests of the other files.
 */
#ifndef DG1_PERF_H
#define DG1_PERF_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "igt.h"
#include "igt_dg1_exec.h"
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
#define READ_BUF		(256u << 10)

/* vdg1's counters page has the OA model's counters from version 7. */
#if VDG1_COUNTERS_VERSION_VALUE >= 7
#define VDG1_HAS_OA	1
#else
#define VDG1_HAS_OA	0
#endif

/*
 * The TestOa set (added by the first fixture) and the card's sysfs dir.
 * testoa points into dg1_perf.c's oa_sets: dg1_oa_sets.h's tables are
 * static, each file has its own copy, so compare sets by GUID.
 */
extern const struct oa_set *testoa;
extern uint64_t test_set;
extern char card_dir[PATH_MAX + 300];
/* INFO of a stream of the test set: frequency and buffer size. */
extern uint64_t ts_freq;
extern uint32_t oa_buf_size;
/* perf_stream_paranoid as found, restored by each subtest and at the end. */
extern int paranoid_saved;

/* PERF_OPEN's (id, value) pairs. */
struct props {
	uint64_t p[2 * (MAX_PROPS + 1)];
	uint32_t n;
};

/* The samples and loss records of a stream's reads. */
struct capture {
	uint32_t report_size;
	uint32_t *reports;		/* n samples of report_size bytes */
	unsigned int n, cap;
	unsigned int report_lost, buffer_lost;
	unsigned int records;
	/* Samples seen before the last buffer-lost record. */
	unsigned int before_last_loss;
};

/* Sizes and small helpers (dg1_perf.c). */
uint32_t format_size(uint32_t format);
uint32_t format_select(uint32_t format);
const char *format_name(uint32_t format);
unsigned int format_c(uint32_t format);
unsigned int format_b(uint32_t format);
bool ts_after(uint32_t b, uint32_t a);
uint64_t period_ticks(unsigned int exponent);
uint64_t period_ns(unsigned int exponent);
int read_int(const char *path);
void write_int(const char *path, int v);

/* Streams. */
void prop(struct props *p, uint64_t id, uint64_t value);
struct props sample_props(uint32_t format, int exponent);
void stream_close(int sfd);
void streams_close_all(void);
int __perf_open_args(int fd, struct drm_dg1_perf_open *o);
int __perf_open(int fd, uint32_t flags, const struct props *p);
int perf_open(uint32_t flags, const struct props *p);
int open_sample(uint32_t format, int exponent, uint32_t flags);
struct drm_dg1_perf_info perf_info(int sfd);
struct drm_dg1_perf_status perf_status(int sfd);
void stream_ioctl_ok(int sfd, unsigned long req, const char *what);
void check_info(int sfd, uint32_t format, int exponent, bool enabled);

/* Records. */
void capture_init(struct capture *c, uint32_t report_size);
void capture_free(struct capture *c);
const uint32_t *report(const struct capture *c, unsigned int i);
void parse_records(struct capture *c, const uint8_t *buf, size_t len);
ssize_t stream_read(int sfd, void *buf, size_t len);
void capture_read(int sfd, struct capture *c, unsigned int want,
		  bool after_loss, unsigned int timeout_ms);
void capture_drain(int sfd, struct capture *c, unsigned int max_reads);
unsigned int check_periodic(const struct capture *c, unsigned int from);

/* Metric sets and their sysfs entries. */
int __add_config(int fd, struct drm_dg1_perf_oa_config *cfg);
int __remove_config(int fd, uint64_t id);
void remove_config(uint64_t id);
struct drm_dg1_perf_oa_config set_config(const struct oa_set *s);
uint64_t add_set(const struct oa_set *s);
void require_card_dir(void);
void assert_sysfs_id(const char *uuid, uint64_t want);
void assert_sysfs_gone(const char *uuid);
int sysfs_num_sets(void);
void paranoid_restore(void);

/* vdg1's OA counters. */
void oa_snapshot(struct vdg1_counters_page *s);
void require_vdg1_oa(void);
void check_vdg1_unit(uint32_t format, int exponent);
void check_vdg1_unit_off(void);

/* Exec queues. */
uint32_t render_queue(int fd, uint32_t vm);

/* dg1_perf_inputs.c */
struct drm_dg1_perf_oa_config good_config(const char *uuid);
void make_uuid(char out[37], unsigned int salt);
void test_invalid_open(void);
void test_stream_bad_input(void);
void test_config(void);
void test_config_all_sets(void);

/* dg1_perf_stream.c */
void test_formats(void);
void test_testoa_counters(void);
void test_suspend(void);
void test_exponents(void);
void test_enable_disable(void);
void test_reads(void);
void test_overflow(void);
void test_stress(void);
void test_vdg1_counters(void);
void test_debugfs(void);
void test_read_efault_and_orphan(void);
void test_half_full(void);

/* dg1_perf_ctx.c */
void test_exclusive(void);
void test_paranoid(void);
void test_mi_rpc(void);
void test_mi_rpc_isolation(void);

#endif /* DG1_PERF_H */
