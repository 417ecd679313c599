// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_perf - record an OA perf stream (uapi/dg1_drm.h, "DOC: dg1 OA perf")
 * into a file in igt-gpu-tools' i915-perf recording format, so that
 * i915-perf-reader and libi915_perf decode it with their DG1 metric sets.
 *
 * The file is a sequence of records, each a struct
 * drm_i915_perf_record_header (the same layout as dg1's record header)
 * and a payload: the recording-format version, the device info, the GT
 * topology in i915's DRM_I915_QUERY_TOPOLOGY_INFO layout, CPU/GPU
 * timestamp correlation points, and the stream's records exactly as read()
 * returned them. The record types of the metadata and their payloads are
 * those of IGT's lib/i915/perf_data.h (format version 1).
 *
 * The host side (report, plot) is the tools/dg1-perf script; this binary
 * is what runs in the guest. tools/README.md describes both.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <i915_drm.h>

#include "dg1_dev.h"
#include "dg1_oa_util.h"

/* Record types of the recording's metadata, above any kernel record type. */
#define REC_VERSION		0x10000
#define REC_DEVICE_INFO		0x10001
#define REC_TOPOLOGY		0x10002
#define REC_CORRELATION		0x10003
#define REC_FORMAT_VERSION	1

struct rec_version {
	uint32_t version;
	uint32_t pad;
} __attribute__((packed));

struct rec_device_info {
	uint64_t timestamp_frequency;	/* of the reports' DW1, Hz */
	uint32_t device_id;
	uint32_t device_revision;
	uint32_t gt_min_frequency;	/* Hz */
	uint32_t gt_max_frequency;	/* Hz */
	uint32_t engine_class;
	uint32_t engine_instance;
	uint32_t oa_format;		/* enum drm_i915_oa_format */
	char metric_set_name[256];	/* the set's symbol_name: the reader looks it up by that */
	char metric_set_uuid[40];
	uint32_t pad;
} __attribute__((packed));

_Static_assert(sizeof(struct rec_device_info) == 336, "device info layout");

struct rec_correlation {
	uint64_t cpu_timestamp;		/* CLOCK_MONOTONIC, ns */
	uint64_t gpu_timestamp;		/* RCS timestamp, all its bits */
} __attribute__((packed));

/*
 * DG1's GT frequency range. The uapi does not report it; libi915_perf only
 * uses it for the counters' maximum values ($GpuMaxFrequency).
 */
#define DG1_GT_MIN_HZ		300000000u
#define DG1_GT_MAX_HZ		1550000000u

static const struct oa_format {
	const char *name;
	uint32_t dg1;		/* enum drm_dg1_oa_format */
	uint32_t i915;		/* the same format in i915's numbering */
	uint32_t size;
} formats[] = {
	{ "A32u40_A4u32_B8_C8", DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8,
	  I915_OA_FORMAT_A32u40_A4u32_B8_C8, 256 },
	{ "A12", DRM_DG1_OA_FORMAT_A12, I915_OA_FORMAT_A12, 64 },
	{ "A12_B8_C8", DRM_DG1_OA_FORMAT_A12_B8_C8, I915_OA_FORMAT_A12_B8_C8, 128 },
	{ "C4_B8", DRM_DG1_OA_FORMAT_C4_B8, I915_OA_FORMAT_C4_B8, 64 },
};

/* Intel's metric sets are all read from this format. */
#define DECODED_FORMAT		(&formats[0])

#define DEFAULT_PERIOD_NS	10000000ull
#define DEFAULT_OUTPUT		"dg1-perf.record"
#define READ_BUF_SIZE		(512u << 10)

static const struct drm_dg1_engine_class_instance rcs0 = {
	.engine_class = DRM_DG1_ENGINE_CLASS_RENDER,
};

static const char *prog;
static volatile sig_atomic_t stop;

struct opts {
	const char *device;
	const struct oa_set *set;
	const struct oa_format *format;
	int exponent;			/* -1: from period_ns */
	uint64_t period_ns;
	const char *output;
	double seconds;			/* 0: until the command exits or SIGINT */
	char **command;
	unsigned int synthetic;		/* reports to fabricate, 0 for a device */
	bool synthetic_wrap;		/* their 32-bit timestamps wrap halfway */
	bool quiet;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s record -m SET [options] [-- COMMAND [ARGS...]]\n"
		"       %s list\n"
		"Record the OA unit's reports through a dg1 perf stream into a\n"
		"file in the i915-perf recording format (i915-perf-reader reads\n"
		"it; `dg1-perf report` turns it into CSV on the host).\n"
		"\n"
		"record options:\n"
		"  -m, --metrics SET     metric set by symbol name (`list` shows\n"
		"                        the %u of oa-dg1.xml), e.g. TestOa, RenderBasic\n"
		"  -e, --exponent N      sample every 2^(N+1) timestamp ticks (0-31)\n"
		"  -p, --period TIME     sample at most every TIME (ns, or with a\n"
		"                        us/ms/s suffix; default 10ms): the largest\n"
		"                        exponent whose period fits\n"
		"  -f, --format NAME     A32u40_A4u32_B8_C8 (default; the only one\n"
		"                        report decodes), A12, A12_B8_C8, C4_B8\n"
		"  -o, --output FILE     default %s\n"
		"  -t, --time SECONDS    record this long (default: until COMMAND\n"
		"                        exits, else until SIGINT)\n"
		"  -d, --device NODE     render node (default: $%s, else the\n"
		"                        first dg1 one)\n"
		"  -q, --quiet           no progress lines\n"
		"  -h, --help            this text\n"
		"\n"
		"The set is added with ADD_CONFIG (removed again at the end), or\n"
		"reused when the card's metrics/<uuid>/id exists. Needs\n"
		"CAP_PERFMON or root while dev.dg1.perf_stream_paranoid is 1.\n"
		"Progress goes to stderr every second: bytes, reports, lost\n"
		"records; at the end the stream's STATUS counts.\n",
		prog, prog, OA_NUM_SETS, DEFAULT_OUTPUT, DG1_DEVICE_ENV);
}

static const struct oa_format *find_format(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(formats); i++)
		if (!strcasecmp(formats[i].name, name))
			return &formats[i];
	return NULL;
}

/* "10ms", "250us", "1s", "5000" (ns) into ns; 0 when malformed. */
static uint64_t parse_period(const char *s)
{
	static const struct {
		const char *suffix;
		double ns;
	} units[] = { { "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
		      { "", 1 } };
	unsigned int i;
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || v <= 0)
		return 0;
	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcmp(end, units[i].suffix))
			return (uint64_t)(v * units[i].ns);
	return 0;
}

/* The largest exponent whose period, 2^(e+1) ticks, is at most @ns. */
static int exponent_for_period(uint64_t ns, uint64_t freq)
{
	double ticks = (double)ns * freq / 1e9;
	int e;

	for (e = 31; e > 0; e--)
		if ((double)(2ull << e) <= ticks)
			break;
	return e;
}

static uint64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* --- the recording file ------------------------------------------------ */

struct out {
	FILE *f;
	const char *path;
	uint64_t bytes;
};

static int put_record(struct out *o, uint32_t type, const void *payload,
		      size_t len)
{
	struct drm_i915_perf_record_header h = {
		.type = type,
		.size = sizeof(h) + len,
	};

	if (sizeof(h) + len > UINT16_MAX)
		return -EOVERFLOW;
	if (fwrite(&h, sizeof(h), 1, o->f) != 1 ||
	    (len && fwrite(payload, len, 1, o->f) != 1))
		return -errno ?: -EIO;
	o->bytes += sizeof(h) + len;
	return 0;
}

static int put_raw(struct out *o, const void *data, size_t len)
{
	if (len && fwrite(data, len, 1, o->f) != 1)
		return -errno ?: -EIO;
	o->bytes += len;
	return 0;
}

static int put_header(struct out *o, const struct oa_set *set,
		      const struct oa_format *fmt, uint64_t ts_freq,
		      uint16_t devid, uint16_t revision,
		      const struct drm_dg1_query_topology *topo)
{
	struct rec_version ver = { .version = REC_FORMAT_VERSION };
	struct rec_device_info info = {
		.timestamp_frequency = ts_freq,
		.device_id = devid,
		.device_revision = revision,
		.gt_min_frequency = DG1_GT_MIN_HZ,
		.gt_max_frequency = DG1_GT_MAX_HZ,
		.engine_class = I915_ENGINE_CLASS_RENDER,
		.engine_instance = 0,
		.oa_format = fmt->i915,
	};
	/* i915's topology item: flags, sizes, offsets, then the masks. */
	union {
		struct drm_i915_query_topology_info t;
		uint8_t bytes[sizeof(struct drm_i915_query_topology_info) + 256];
	} u;
	unsigned int dss, ss_stride, eu_stride, len, i;
	int err;

	if (!topo->max_dss || topo->max_dss > 64 || !topo->max_eus_per_dss ||
	    topo->max_eus_per_dss > 32)
		return -EPROTO;

	snprintf(info.metric_set_name, sizeof(info.metric_set_name), "%s",
		 set->symbol_name);
	snprintf(info.metric_set_uuid, sizeof(info.metric_set_uuid), "%s",
		 set->guid);

	/*
	 * One slice of max_dss subslices: i915 reports Gen12's dual
	 * subslices as its subslices, and the DG1 equations expect that.
	 */
	memset(&u, 0, sizeof(u));
	ss_stride = (topo->max_dss + 7) / 8;
	eu_stride = (topo->max_eus_per_dss + 7) / 8;
	u.t.max_slices = 1;
	u.t.max_subslices = topo->max_dss;
	u.t.max_eus_per_subslice = topo->max_eus_per_dss;
	u.t.subslice_offset = 1;
	u.t.subslice_stride = ss_stride;
	u.t.eu_offset = u.t.subslice_offset + ss_stride;
	u.t.eu_stride = eu_stride;
	u.t.data[0] = topo->dss_mask ? 1 : 0;
	for (i = 0; i < ss_stride; i++)
		u.t.data[u.t.subslice_offset + i] = topo->dss_mask >> (8 * i);
	for (dss = 0; dss < topo->max_dss; dss++) {
		if (!(topo->dss_mask & (1ull << dss)))
			continue;
		for (i = 0; i < eu_stride; i++)
			u.t.data[u.t.eu_offset + dss * eu_stride + i] =
				topo->eu_mask_per_dss >> (8 * i);
	}
	len = sizeof(u.t) + u.t.eu_offset + topo->max_dss * eu_stride;
	/* The recorder pads the item to 8 bytes; so do we. */
	len = (len + 7) & ~7u;

	err = put_record(o, REC_VERSION, &ver, sizeof(ver));
	if (!err)
		err = put_record(o, REC_DEVICE_INFO, &info, sizeof(info));
	if (!err)
		err = put_record(o, REC_TOPOLOGY, u.bytes, len);
	return err;
}

static int put_correlation(struct out *o, uint64_t cpu_ns, uint64_t gpu_ts)
{
	struct rec_correlation c = {
		.cpu_timestamp = cpu_ns,
		.gpu_timestamp = gpu_ts,
	};

	return put_record(o, REC_CORRELATION, &c, sizeof(c));
}

static void progress(const char *when, double secs, const struct oa_counts *c)
{
	fprintf(stderr,
		"%s: %s%.1f s: %llu bytes, %llu reports, %llu report-lost, %llu buffer-lost\n",
		prog, when, secs, (unsigned long long)c->bytes,
		(unsigned long long)c->samples,
		(unsigned long long)c->report_lost,
		(unsigned long long)c->buffer_lost);
}

/* --- the device -------------------------------------------------------- */

/* One CPU/GPU pair: the best of three by the ioctl's own uncertainty. */
static int correlate(int fd, uint64_t *cpu_ns, uint64_t *gpu_ts,
		     uint64_t *freq)
{
	struct drm_dg1_query_engine_cycles c, best;
	int i, err;

	for (i = 0; i < 3; i++) {
		err = dg1dev_engine_cycles(fd, &rcs0, CLOCK_MONOTONIC, &c);
		if (err)
			return err;
		if (!i || c.cpu_delta < best.cpu_delta)
			best = c;
	}
	*cpu_ns = best.cpu_timestamp + best.cpu_delta / 2;
	*gpu_ts = best.engine_cycles;
	if (freq)
		*freq = best.engine_frequency;
	return 0;
}

static int open_stream(int fd, uint64_t set_id, const struct oa_format *fmt,
		       int exponent)
{
	uint64_t props[] = {
		DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		DRM_DG1_PERF_PROP_OA_METRICS_SET, set_id,
		DRM_DG1_PERF_PROP_OA_FORMAT, fmt->dg1,
		DRM_DG1_PERF_PROP_OA_EXPONENT, exponent,
	};
	struct drm_dg1_perf_open p = {
		/* Enabled once the file's header is written. */
		.flags = DRM_DG1_PERF_FLAG_FD_CLOEXEC |
			 DRM_DG1_PERF_FLAG_FD_NONBLOCK |
			 DRM_DG1_PERF_FLAG_DISABLED,
		.num_properties = ARRAY_SIZE(props) / 2,
		.properties_ptr = (uintptr_t)props,
	};
	int ret;

	ret = dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_OPEN, &p);
	return ret < 0 ? -errno : ret;
}

/* Read what the stream has until it has nothing (EAGAIN); 0 or -errno. */
static int drain(int sfd, uint8_t *buf, struct out *o, struct oa_counts *c)
{
	ssize_t n;
	int err;

	for (;;) {
		n = read(sfd, buf, READ_BUF_SIZE);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno == EAGAIN ? 0 : -errno;
		if (n == 0)
			return 0;
		oa_count_records(buf, n, c);
		err = put_raw(o, buf, n);
		if (err)
			return err;
	}
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static pid_t start_command(char **argv)
{
	pid_t pid = fork();

	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "%s: %s: %s\n", prog, argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

static int record_device(const struct opts *opt)
{
	struct drm_dg1_query_device *dev = NULL;
	struct drm_dg1_query_topology *topo = NULL;
	struct drm_dg1_perf_status status = {};
	struct drm_dg1_perf_info info = {};
	struct oa_counts c = {};
	struct out o = { .path = opt->output };
	uint64_t set_id = 0, cpu, gpu, freq, t0, last, now;
	char node[PATH_MAX];
	uint8_t *buf = NULL;
	int fd, sfd = -1, exponent, status_rc = 0, ret = 1, err;
	int child_status = 0;
	pid_t child = 0;
	bool added = false;
	uint32_t size;

	fd = dg1dev_open_render(opt->device, node, sizeof(node));
	if (fd < 0) {
		fprintf(stderr, "%s: no dg1 device: %s\n", prog, strerror(-fd));
		return 1;
	}

	err = dg1dev_query(fd, DRM_DG1_QUERY_DEVICE, (void **)&dev, &size);
	if (!err && size < sizeof(*dev))
		err = -EPROTO;
	if (!err)
		err = dg1dev_query(fd, DRM_DG1_QUERY_TOPOLOGY, (void **)&topo,
				   &size);
	if (!err && size < sizeof(*topo))
		err = -EPROTO;
	if (!err)
		err = correlate(fd, &cpu, &gpu, &freq);
	if (err) {
		fprintf(stderr, "%s: %s: query: %s\n", prog, node, strerror(-err));
		goto out;
	}

	exponent = opt->exponent;
	if (exponent < 0)
		exponent = exponent_for_period(opt->period_ns, freq);

	err = oa_get_set_id(fd, opt->set, &set_id, &added);
	if (err) {
		fprintf(stderr, "%s: metric set %s (%s): %s%s\n", prog,
			opt->set->symbol_name, opt->set->guid, strerror(-err),
			err == -EACCES ? " (needs CAP_PERFMON or root, or sysctl dev.dg1.perf_stream_paranoid=0)" : "");
		goto out;
	}

	sfd = open_stream(fd, set_id, opt->format, exponent);
	if (sfd < 0) {
		fprintf(stderr, "%s: PERF_OPEN: %s\n", prog, strerror(-sfd));
		goto out;
	}
	if (ioctl(sfd, DRM_DG1_PERF_IOCTL_INFO, &info)) {
		fprintf(stderr, "%s: stream INFO: %s\n", prog, strerror(errno));
		goto out;
	}
	if (info.report_size != opt->format->size)
		fprintf(stderr, "%s: warning: %u-byte reports, expected %u\n",
			prog, info.report_size, opt->format->size);
	if (info.timestamp_frequency != freq)
		fprintf(stderr,
			"%s: warning: OA timestamps at %llu Hz, RCS timestamps at %llu Hz: the correlation points will be off\n",
			prog, (unsigned long long)info.timestamp_frequency,
			(unsigned long long)freq);

	o.f = fopen(opt->output, "w");
	if (!o.f) {
		fprintf(stderr, "%s: %s: %s\n", prog, opt->output, strerror(errno));
		goto out;
	}
	buf = malloc(READ_BUF_SIZE);
	if (!buf)
		goto out;
	err = put_header(&o, opt->set, opt->format, info.timestamp_frequency,
			 dev->device_id, dev->revision, topo);
	/* The reader needs a correlation point before the first report. */
	if (!err)
		err = correlate(fd, &cpu, &gpu, NULL);
	if (!err)
		err = put_correlation(&o, cpu, gpu);
	if (err) {
		fprintf(stderr, "%s: %s: %s\n", prog, opt->output, strerror(-err));
		goto out;
	}

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (ioctl(sfd, DRM_DG1_PERF_IOCTL_ENABLE, 0)) {
		fprintf(stderr, "%s: stream ENABLE: %s\n", prog, strerror(errno));
		goto out;
	}
	if (!opt->quiet)
		fprintf(stderr,
			"%s: recording %s (%s, id %llu), %s reports every %.3f us (exponent %d) into %s\n",
			prog, opt->set->symbol_name, opt->set->guid,
			(unsigned long long)set_id, opt->format->name,
			(2ull << info.exponent) * 1e6 / info.timestamp_frequency,
			info.exponent, opt->output);
	if (opt->command) {
		child = start_command(opt->command);
		if (child < 0) {
			fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
			goto out;
		}
	}

	t0 = last = now_ns(CLOCK_MONOTONIC);
	while (!stop) {
		struct pollfd pfd = { .fd = sfd, .events = POLLIN };

		if (poll(&pfd, 1, 100) < 0 && errno != EINTR) {
			fprintf(stderr, "%s: poll: %s\n", prog, strerror(errno));
			break;
		}
		if (pfd.revents & POLLIN) {
			err = drain(sfd, buf, &o, &c);
			if (err) {
				fprintf(stderr, "%s: read: %s\n", prog, strerror(-err));
				break;
			}
		}
		now = now_ns(CLOCK_MONOTONIC);
		/* A correlation point and a progress line every second. */
		if (now - last >= 1000000000ull) {
			last = now;
			if (!correlate(fd, &cpu, &gpu, NULL))
				put_correlation(&o, cpu, gpu);
			if (!opt->quiet)
				progress("", (now - t0) / 1e9, &c);
		}
		if (opt->seconds > 0 && now - t0 >= opt->seconds * 1e9)
			break;
		if (child > 0 && waitpid(child, &child_status, WNOHANG) == child) {
			child = 0;
			break;
		}
	}

	/* What landed in the last poll period still counts. */
	usleep(20000);
	err = drain(sfd, buf, &o, &c);
	if (err)
		fprintf(stderr, "%s: read: %s\n", prog, strerror(-err));
	status_rc = ioctl(sfd, DRM_DG1_PERF_IOCTL_STATUS, &status);
	ioctl(sfd, DRM_DG1_PERF_IOCTL_DISABLE, 0);
	/* ... and one after the last report, so the reader can place it. */
	err = correlate(fd, &cpu, &gpu, NULL);
	if (!err)
		err = put_correlation(&o, cpu, gpu);
	if (!err && fflush(o.f))
		err = -errno;
	if (err) {
		fprintf(stderr, "%s: %s: %s\n", prog, opt->output, strerror(-err));
		goto out;
	}

	progress("done after ", (now_ns(CLOCK_MONOTONIC) - t0) / 1e9, &c);
	if (status_rc)
		fprintf(stderr, "%s: stream STATUS: %s\n", prog, strerror(errno));
	else
		fprintf(stderr,
			"%s: stream STATUS: %llu reports read, %llu reports lost, %llu buffer overflows\n",
			prog, (unsigned long long)status.reports_read,
			(unsigned long long)status.reports_lost,
			(unsigned long long)status.buffer_lost);
	fprintf(stderr, "%s: wrote %llu bytes to %s\n", prog,
		(unsigned long long)o.bytes, opt->output);
	if (c.samples < 2)
		fprintf(stderr,
			"%s: warning: fewer than 2 reports: nothing to decode\n",
			prog);
	ret = 0;
	if (opt->command && WIFEXITED(child_status))
		ret = WEXITSTATUS(child_status);
	else if (opt->command && WIFSIGNALED(child_status))
		ret = 128 + WTERMSIG(child_status);

out:
	if (child > 0) {
		kill(child, SIGTERM);
		waitpid(child, NULL, 0);
	}
	if (o.f && fclose(o.f) && !ret) {
		fprintf(stderr, "%s: %s: %s\n", prog, opt->output, strerror(errno));
		ret = 1;
	}
	if (sfd >= 0)
		close(sfd);
	/* Leave the device's metric sets as we found them. */
	if (added && dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &set_id))
		fprintf(stderr, "%s: REMOVE_CONFIG %llu: %s\n", prog,
			(unsigned long long)set_id, strerror(errno));
	free(buf);
	free(dev);
	free(topo);
	close(fd);
	return ret;
}

/* --- a recording without a device, for the host tests ------------------ */

/* Fabricated DG1: 19.2 MHz timestamps, GT at 1.55 GHz, 6 DSS x 16 EUs. */
#define SYN_TS_HZ		19200000ull
#define SYN_GT_HZ		1550000000ull
#define SYN_GPU_EPOCH		(3ull << 32)
#define SYN_CPU_BASE		1000000000000ull

static uint64_t syn_cpu_ns(uint64_t gpu)
{
	/* Before the epoch too: the wrapping recording starts there. */
	return SYN_CPU_BASE + (__int128)(int64_t)(gpu - SYN_GPU_EPOCH) *
		1000000000 / (int64_t)SYN_TS_HZ;
}

/*
 * Report @i: a timer report at timestamp @ts after @ticks GPU ticks, @busy
 * of them busy. A0 (GPU busy) counts @busy; A7-A10 (EU active, summed over
 * all 96 EUs) count @busy * 96 / 4 each, so that the equations' EU
 * active % equals GPU busy % with the topology written; the other A
 * counters count k / 8 per tick from near 2^40, so they wrap at 40 bits.
 * B_k and C_k step by k + 1 and 10 (k + 1).
 */
static void syn_report(uint32_t *r, uint64_t ts, uint64_t ticks,
		       uint64_t busy, unsigned int i)
{
	uint8_t *a_high = (uint8_t *)&r[40];
	unsigned int k;

	memset(r, 0, 256);
	r[0] = 1u << 19;			/* reason: timer */
	r[1] = ts;
	r[2] = 0x1fc0;				/* one render context */
	r[3] = ticks;
	for (k = 0; k < 32; k++) {
		uint64_t a;

		if (k == 0)
			a = busy;
		else if (k >= 7 && k <= 10)
			a = 0xfff0000000ull + busy * 96 / 4;
		else
			a = 0xfff0000000ull + ticks * k / 8;
		r[4 + k] = a;
		a_high[k] = a >> 32;
	}
	for (k = 0; k < 4; k++)
		r[36 + k] = i * (k + 1);
	for (k = 0; k < 8; k++) {
		r[48 + k] = i * (k + 1);	/* B_k */
		r[56 + k] = i * 10 * (k + 1);	/* C_k */
	}
}

static int record_synthetic(const struct opts *opt)
{
	const struct drm_dg1_query_topology topo = {
		.max_dss = 6,
		.max_eus_per_dss = 16,
		.dss_mask = 0x3f,
		.eu_mask_per_dss = 0xffff,
		.l3_bank_mask = 0xff,
		.num_eus = 96,
	};
	struct {
		struct drm_i915_perf_record_header h;
		uint32_t report[64];
	} s;
	struct drm_i915_perf_record_header lost = {
		.size = sizeof(lost),
	};
	struct out o = { .path = opt->output };
	int exponent = opt->exponent;
	uint64_t period, gpu, next_corr, ts_second, busy = 0, prev_ticks = 0;
	unsigned int i;
	int err = 0;

	if (opt->format != DECODED_FORMAT) {
		fprintf(stderr, "%s: --synthetic writes %s reports only\n",
			prog, DECODED_FORMAT->name);
		return 2;
	}
	if (exponent < 0)
		exponent = exponent_for_period(opt->period_ns, SYN_TS_HZ);
	period = 2ull << exponent;

	o.f = fopen(opt->output, "w");
	if (!o.f) {
		fprintf(stderr, "%s: %s: %s\n", prog, opt->output, strerror(errno));
		return 1;
	}
	/* Start so that the reports' 32-bit timestamps wrap halfway, or not. */
	if (opt->synthetic_wrap)
		gpu = SYN_GPU_EPOCH - period * (opt->synthetic / 2) - 1000;
	else
		gpu = SYN_GPU_EPOCH + 0x10000000;
	err = put_header(&o, opt->set, DECODED_FORMAT, SYN_TS_HZ, 0x4905, 0,
			 &topo);
	if (!err)
		err = put_correlation(&o, syn_cpu_ns(gpu), gpu);
	gpu += 1000;
	ts_second = SYN_TS_HZ;
	next_corr = gpu + ts_second;

	s.h.type = DRM_I915_PERF_RECORD_SAMPLE;
	s.h.pad = 0;
	s.h.size = sizeof(s);
	for (i = 0; i < opt->synthetic && !err; i++) {
		uint64_t ts = gpu + i * period;
		uint64_t ticks = (ts - gpu) * SYN_GT_HZ / SYN_TS_HZ;

		if (ts >= next_corr) {
			err = put_correlation(&o, syn_cpu_ns(ts - 1), ts - 1);
			next_corr += ts_second;
		}
		/* One of each lost record, as a stream reports them. */
		if (!err && i == opt->synthetic / 4) {
			lost.type = DRM_I915_PERF_RECORD_OA_REPORT_LOST;
			err = put_raw(&o, &lost, sizeof(lost));
		}
		if (!err && i == opt->synthetic / 2) {
			lost.type = DRM_I915_PERF_RECORD_OA_BUFFER_LOST;
			err = put_raw(&o, &lost, sizeof(lost));
		}
		/* The interval before report i is busy ((i - 1) % 10) / 10. */
		if (i)
			busy += (ticks - prev_ticks) * ((i - 1) % 10) / 10;
		prev_ticks = ticks;
		syn_report(s.report, ts, ticks, busy, i);
		if (!err)
			err = put_raw(&o, &s, sizeof(s));
	}
	gpu += opt->synthetic * period;
	if (!err)
		err = put_correlation(&o, syn_cpu_ns(gpu), gpu);
	if (fclose(o.f) && !err)
		err = -errno;
	if (err) {
		fprintf(stderr, "%s: %s: %s\n", prog, opt->output, strerror(-err));
		return 1;
	}
	if (!opt->quiet)
		fprintf(stderr,
			"%s: %u synthetic %s reports, exponent %d, into %s\n",
			prog, opt->synthetic, opt->set->symbol_name, exponent,
			opt->output);
	return 0;
}

/* --- command line ------------------------------------------------------ */

static int cmd_list(void)
{
	unsigned int i;

	for (i = 0; i < oa_num_sets(); i++) {
		const struct oa_set *set = oa_set_at(i);

		printf("%-28s %s  %s\n", set->symbol_name, set->guid,
		       set->name);
	}
	return 0;
}

static int cmd_record(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "metrics", required_argument, NULL, 'm' },
		{ "exponent", required_argument, NULL, 'e' },
		{ "period", required_argument, NULL, 'p' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "time", required_argument, NULL, 't' },
		{ "device", required_argument, NULL, 'd' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		/* Host tests: fabricated reports, no device. */
		{ "synthetic", required_argument, NULL, 'S' },
		{ "synthetic-wrap", no_argument, NULL, 'W' },
		{}
	};
	struct opts opt = {
		.format = DECODED_FORMAT,
		.exponent = -1,
		.period_ns = DEFAULT_PERIOD_NS,
		.output = DEFAULT_OUTPUT,
	};
	bool have_e = false, have_p = false;
	char *end;
	int c;

	/* "+": options stop at the command's name. */
	while ((c = getopt_long(argc, argv, "+m:e:p:f:o:t:d:qh", lopts,
				NULL)) != -1) {
		switch (c) {
		case 'm':
			opt.set = oa_find_set(optarg);
			if (!opt.set) {
				fprintf(stderr,
					"%s: no metric set %s; `%s list` shows them\n",
					prog, optarg, prog);
				return 2;
			}
			break;
		case 'e':
			opt.exponent = strtol(optarg, &end, 0);
			if (*end || opt.exponent < 0 || opt.exponent > 31) {
				fprintf(stderr, "%s: exponent 0 to 31\n", prog);
				return 2;
			}
			have_e = true;
			break;
		case 'p':
			opt.period_ns = parse_period(optarg);
			if (!opt.period_ns) {
				fprintf(stderr, "%s: bad period %s\n", prog, optarg);
				return 2;
			}
			have_p = true;
			break;
		case 'f':
			opt.format = find_format(optarg);
			if (!opt.format) {
				fprintf(stderr, "%s: no format %s\n", prog, optarg);
				return 2;
			}
			break;
		case 'o':
			opt.output = optarg;
			break;
		case 't':
			opt.seconds = strtod(optarg, &end);
			if (*end || !(opt.seconds > 0)) {
				fprintf(stderr, "%s: bad time %s\n", prog, optarg);
				return 2;
			}
			break;
		case 'd':
			opt.device = optarg;
			break;
		case 'q':
			opt.quiet = true;
			break;
		case 'S':
			opt.synthetic = strtoul(optarg, &end, 0);
			if (*end || opt.synthetic < 2 || opt.synthetic > 10000000) {
				fprintf(stderr, "%s: --synthetic 2 to 10000000\n",
					prog);
				return 2;
			}
			break;
		case 'W':
			opt.synthetic_wrap = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc)
		opt.command = &argv[optind];
	if (!opt.set) {
		fprintf(stderr, "%s: record needs -m SET\n", prog);
		return 2;
	}
	if (have_e && have_p) {
		fprintf(stderr, "%s: -e or -p, not both\n", prog);
		return 2;
	}
	if (opt.command && opt.seconds > 0) {
		fprintf(stderr, "%s: -t or a command, not both\n", prog);
		return 2;
	}
	if (opt.format != DECODED_FORMAT && !opt.quiet)
		fprintf(stderr,
			"%s: note: report decodes %s recordings only; this one is for raw use\n",
			prog, DECODED_FORMAT->name);

	if (opt.synthetic)
		return record_synthetic(&opt);
	return record_device(&opt);
}

int main(int argc, char **argv)
{
	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "list"))
		return cmd_list();
	if (!strcmp(argv[1], "record"))
		return cmd_record(argc - 1, argv + 1);
	fprintf(stderr, "%s: unknown command %s (record, list)\n", prog, argv[1]);
	usage(stderr);
	return 2;
}
