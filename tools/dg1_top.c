// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_top - what intel_gpu_top shows for i915, for a dg1 device: engine
 * busyness, the clients using it, its memory, and frequency, RC6 and power
 * where the driver reports them.
 *
 * Everything comes from interfaces any tool can read: every process's
 * fdinfo (/proc/PID/fdinfo/FD, the keys of the kernel's
 * Documentation/gpu/drm-usage-stats.rst, read by lib/dg1_fdinfo.c), the
 * memory-regions query, and the device's sysfs files with i915's names
 * (gt_act_freq_mhz, power/rc6_residency_ms, hwmon energy1_input). Engine
 * busyness is the clients' GPU time: a client that closes its file between
 * two samples takes its share of the period with it.
 *
 * -J prints one JSON object per sample and line (JSON Lines); --once
 * prints one sample, a period after the start, and exits. --fdinfo FILE
 * checks one fdinfo file against the document and prints what it read.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_fdinfo.h"

#define MAX_CLIENTS	256
#define NUM_CLASSES	4

static const char *const class_names[NUM_CLASSES] = {
	"render", "copy", "video", "video-enhance",
};

struct client {
	int pid;
	char comm[32];
	struct dg1_fdinfo fi;
};

struct sample {
	uint64_t t_ns;
	struct client clients[MAX_CLIENTS];
	unsigned int num_clients;
	struct drm_dg1_memory_region_info regions[2];
	bool have_regions;
	double freq_act, freq_req, rc6_ms, energy_uj;	/* < 0: not reported */
};

struct top {
	int fd;
	char node[PATH_MAX];
	char pci[PATH_MAX];
	const char *bdf;
	char card[PATH_MAX];	/* <pci>/drm/cardN, or "" */
	unsigned int capacity[NUM_CLASSES];	/* engines per class */
};

static const char *prog;
static volatile sig_atomic_t stop;

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-d MS] [-n N] [-J] [--once] [-D NODE] [-h]\n"
		"       %s --fdinfo FILE\n"
		"Show a dg1 device's engine busyness, clients (from every\n"
		"process's fdinfo: run as root to see all), memory regions,\n"
		"and frequency, RC6 residency and power when the driver\n"
		"reports them (null or n/a when not).\n"
		"  -d, --delay MS     sample period (default 1000)\n"
		"  -n, --samples N    stop after N samples (default: until ^C)\n"
		"  -J, --json         one JSON object per sample and line\n"
		"  -o, --once         one sample, a period after starting\n"
		"  -D, --device NODE  the render node (default: $%s, else the\n"
		"                     first dg1 one in /dev/dri)\n"
		"  -f, --fdinfo FILE  check FILE against drm-usage-stats.rst and\n"
		"                     print what it says as JSON; exit 1 if it\n"
		"                     breaks the document's rules\n"
		"  -h, --help         this text\n",
		prog, prog, DG1_DEVICE_ENV);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static char *slurp(const char *path)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ssize_t n;
	int fd;

	if (!buf)
		return NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return NULL;
	}
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (len + 1 == cap) {
			char *more = realloc(buf, cap *= 2);

			if (!more)
				break;
			buf = more;
		}
	}
	close(fd);
	buf[len] = '\0';
	return buf;
}

/* A number from a sysfs file, or -1. */
static double read_num(const char *dir, const char *file)
{
	char path[PATH_MAX * 2], *text;
	double v = -1;

	if (!dir[0])
		return -1;
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	text = slurp(path);
	if (text && isdigit((unsigned char)text[0]))
		v = strtod(text, NULL);
	free(text);
	return v;
}

/* dg1's hwmon energy counter, or -1. */
static double read_energy(const char *pci)
{
	char dir[PATH_MAX + 300];

	if (dg1dev_hwmon_dir(pci, "dg1", dir, sizeof(dir)))
		return -1;
	return read_num(dir, "energy1_input");
}

/* Is /proc/PID/fd/FD a DRM device node? */
static bool is_drm(int dirfd, const char *fd)
{
	char target[64];
	ssize_t n = readlinkat(dirfd, fd, target, sizeof(target) - 1);

	if (n <= 0)
		return false;
	target[n] = '\0';
	return !strncmp(target, "/dev/dri/", 9);
}

static bool seen(const struct sample *s, uint64_t id)
{
	unsigned int i;

	for (i = 0; i < s->num_clients; i++)
		if (s->clients[i].fi.client_id == id)
			return true;
	return false;
}

/* Every open file of this device in every process, once per client id. */
static void scan_clients(const struct top *t, struct sample *s)
{
	DIR *proc = opendir("/proc"), *fds;
	struct dirent *p, *f;
	char why[128];

	s->num_clients = 0;
	if (!proc)
		return;
	while ((p = readdir(proc)) && s->num_clients < MAX_CLIENTS) {
		char path[300], *text;
		int fddir, pid;

		if (!isdigit((unsigned char)p->d_name[0]))
			continue;
		pid = atoi(p->d_name);
		/* Not dg1_top's own file: it submits nothing. */
		if (pid == getpid())
			continue;
		snprintf(path, sizeof(path), "/proc/%d/fd", pid);
		fddir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fddir < 0)
			continue;
		fds = fdopendir(fddir);
		if (!fds) {
			close(fddir);
			continue;
		}
		while ((f = readdir(fds)) && s->num_clients < MAX_CLIENTS) {
			struct client *c = &s->clients[s->num_clients];

			if (!isdigit((unsigned char)f->d_name[0]) ||
			    !is_drm(dirfd(fds), f->d_name))
				continue;
			snprintf(path, sizeof(path), "/proc/%d/fdinfo/%s", pid,
				 f->d_name);
			text = slurp(path);
			if (!text)
				continue;
			/* Other drivers' files may have keys of their own. */
			if (!dg1_fdinfo_parse(text, &c->fi, 0, why, sizeof(why)) &&
			    !strcmp(c->fi.driver, "dg1") &&
			    (!t->bdf || !strcmp(c->fi.pdev, t->bdf)) &&
			    c->fi.has_client_id && !seen(s, c->fi.client_id)) {
				char *comm;

				c->pid = pid;
				snprintf(path, sizeof(path), "/proc/%d/comm", pid);
				comm = slurp(path);
				snprintf(c->comm, sizeof(c->comm), "%s",
					 comm ? strtok(comm, "\n") ?: "" : "?");
				free(comm);
				s->num_clients++;
			}
			free(text);
		}
		closedir(fds);
	}
	closedir(proc);
}

static void take(const struct top *t, struct sample *s)
{
	void *data = NULL;
	uint32_t size;

	s->t_ns = now_ns();
	scan_clients(t, s);
	s->have_regions = false;
	if (!dg1dev_query(t->fd, DRM_DG1_QUERY_MEMORY_REGIONS, &data, &size) &&
	    size >= sizeof(struct drm_dg1_query_memory_regions) +
		    2 * sizeof(struct drm_dg1_memory_region_info)) {
		struct drm_dg1_query_memory_regions *q = data;

		memcpy(s->regions, q->regions, sizeof(s->regions));
		s->have_regions = true;
	}
	free(data);
	s->freq_act = read_num(t->card, "gt_act_freq_mhz");
	s->freq_req = read_num(t->card, "gt_cur_freq_mhz");
	s->rc6_ms = read_num(t->card, "power/rc6_residency_ms");
	s->energy_uj = t->pci[0] ? read_energy(t->pci) : -1;
}

static const struct client *find(const struct sample *s, uint64_t id)
{
	unsigned int i;

	for (i = 0; i < s->num_clients; i++)
		if (s->clients[i].fi.client_id == id)
			return &s->clients[i];
	return NULL;
}

/* GPU ns a client spent on class @name between two samples; -1: unknown. */
static double client_busy(const struct client *now, const struct client *then,
			  const char *name)
{
	const struct dg1_fdinfo_engine *a = dg1_fdinfo_engine(&now->fi, name);
	const struct dg1_fdinfo_engine *b = then ?
		dg1_fdinfo_engine(&then->fi, name) : NULL;

	if (!a || !b)
		return -1;
	/* drm-usage-stats: a value may go back; keep to the larger one. */
	return a->busy_ns > b->busy_ns ? (double)(a->busy_ns - b->busy_ns) : 0;
}

static double pct(double ns, double period_ns, unsigned int capacity)
{
	return period_ns > 0 && capacity ? 100.0 * ns / period_ns / capacity : 0;
}

static void json_num(const char *key, double v, const char *sep)
{
	if (v < 0)
		printf("\"%s\": null%s", key, sep);
	else
		printf("\"%s\": %.2f%s", key, v, sep);
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static double energy_w(const struct sample *now, const struct sample *then)
{
	double dt = (double)(now->t_ns - then->t_ns) / 1e9;

	if (now->energy_uj < 0 || then->energy_uj < 0 || dt <= 0 ||
	    now->energy_uj < then->energy_uj)
		return -1;
	return (now->energy_uj - then->energy_uj) / 1e6 / dt;
}

static double rc6_pct(const struct sample *now, const struct sample *then)
{
	double dt_ms = (double)(now->t_ns - then->t_ns) / 1e6;

	if (now->rc6_ms < 0 || then->rc6_ms < 0 || dt_ms <= 0)
		return -1;
	return 100.0 * (now->rc6_ms - then->rc6_ms) / dt_ms;
}

static void print_json(const struct top *t, const struct sample *now,
		       const struct sample *then)
{
	double period = (double)(now->t_ns - then->t_ns);
	static const char *const region_names[2] = { "system0", "local0" };
	unsigned int c, i, r;

	printf("{\"period_ms\": %.1f, \"device\": ", period / 1e6);
	json_string(t->bdf ?: "");
	printf(", \"frequency\": {");
	json_num("requested_mhz", now->freq_req, ", ");
	json_num("actual_mhz", now->freq_act, "}, ");
	json_num("rc6_percent", rc6_pct(now, then), ", ");
	json_num("power_w", energy_w(now, then), ", ");
	printf("\"memory\": {");
	for (r = 0; r < 2 && now->have_regions; r++)
		printf("%s\"%s\": {\"total\": %llu, \"usable\": %llu, \"used\": %llu}",
		       r ? ", " : "", region_names[r],
		       (unsigned long long)now->regions[r].total_size,
		       (unsigned long long)now->regions[r].usable_size,
		       (unsigned long long)now->regions[r].used);
	printf("}, \"engines\": {");
	for (c = 0; c < NUM_CLASSES; c++) {
		double ns = 0;

		for (i = 0; i < now->num_clients; i++) {
			double b = client_busy(&now->clients[i],
					       find(then, now->clients[i].fi.client_id),
					       class_names[c]);
			ns += b > 0 ? b : 0;
		}
		printf("%s\"%s\": {\"capacity\": %u, \"busy_percent\": %.2f}",
		       c ? ", " : "", class_names[c], t->capacity[c],
		       pct(ns, period, t->capacity[c]));
	}
	printf("}, \"clients\": [");
	for (i = 0; i < now->num_clients; i++) {
		const struct client *cl = &now->clients[i];
		const struct client *old = find(then, cl->fi.client_id);

		printf("%s{\"pid\": %d, \"name\": ", i ? ", " : "", cl->pid);
		json_string(cl->comm);
		printf(", \"client_id\": %llu, \"engines\": {",
		       (unsigned long long)cl->fi.client_id);
		for (c = 0; c < cl->fi.num_engines; c++) {
			const struct dg1_fdinfo_engine *e = &cl->fi.engines[c];
			double b = client_busy(cl, old, e->name);

			printf("%s\"%s\": {\"busy_ns\": %llu, ", c ? ", " : "",
			       e->name, (unsigned long long)e->busy_ns);
			if (b < 0)
				printf("\"busy_percent\": null}");
			else
				printf("\"busy_percent\": %.2f}",
				       pct(b, period, e->capacity));
		}
		printf("}, \"memory\": {");
		for (r = 0; r < cl->fi.num_regions; r++) {
			const struct dg1_fdinfo_region *m = &cl->fi.regions[r];

			printf("%s\"%s\": {\"total\": %llu, \"resident\": %llu}",
			       r ? ", " : "", m->name,
			       (unsigned long long)m->total,
			       (unsigned long long)m->resident);
		}
		printf("}}");
	}
	printf("]}\n");
	fflush(stdout);
}

static void bar(double percent)
{
	int i, n = percent > 100 ? 40 : (int)(percent * 40 / 100);

	putchar('|');
	for (i = 0; i < 40; i++)
		putchar(i < n ? '#' : ' ');
	printf("| %6.2f%%\n", percent);
}

static void print_na(const char *what, double v, const char *unit)
{
	if (v < 0)
		printf("%s n/a", what);
	else
		printf("%s %.0f %s", what, v, unit);
}

static void print_text(const struct top *t, const struct sample *now,
		       const struct sample *then, bool tty)
{
	double period = (double)(now->t_ns - then->t_ns);
	unsigned int c, i, r;

	if (tty)
		printf("\033[H\033[2J");
	printf("dg1_top: %s (%s), period %.0f ms\n", t->node, t->bdf ?: "?",
	       period / 1e6);
	print_na("frequency", now->freq_act, "MHz");
	print_na(", RC6", rc6_pct(now, then), "%");
	print_na(", power", energy_w(now, then), "W");
	printf("\n");
	for (r = 0; r < 2 && now->have_regions; r++)
		printf("%s: %llu of %llu MiB used\n", r ? "local0" : "system0",
		       (unsigned long long)(now->regions[r].used >> 20),
		       (unsigned long long)(now->regions[r].usable_size >> 20));
	printf("\n");
	for (c = 0; c < NUM_CLASSES; c++) {
		double ns = 0;

		if (!t->capacity[c])
			continue;
		for (i = 0; i < now->num_clients; i++) {
			double b = client_busy(&now->clients[i],
					       find(then, now->clients[i].fi.client_id),
					       class_names[c]);
			ns += b > 0 ? b : 0;
		}
		printf("%-14s x%u ", class_names[c], t->capacity[c]);
		bar(pct(ns, period, t->capacity[c]));
	}
	printf("\n%7s %-16s %9s %9s", "PID", "NAME", "LMEM MiB", "SMEM MiB");
	for (c = 0; c < NUM_CLASSES; c++)
		if (t->capacity[c])
			printf(" %13s", class_names[c]);
	printf("\n");
	for (i = 0; i < now->num_clients; i++) {
		const struct client *cl = &now->clients[i];
		const struct client *old = find(then, cl->fi.client_id);
		const struct dg1_fdinfo_region *l =
			dg1_fdinfo_region(&cl->fi, "local0");
		const struct dg1_fdinfo_region *s =
			dg1_fdinfo_region(&cl->fi, "system0");

		printf("%7d %-16s %9llu %9llu", cl->pid, cl->comm,
		       l ? (unsigned long long)(l->total >> 20) : 0,
		       s ? (unsigned long long)(s->total >> 20) : 0);
		for (c = 0; c < NUM_CLASSES; c++) {
			const struct dg1_fdinfo_engine *e;
			double b;

			if (!t->capacity[c])
				continue;
			e = dg1_fdinfo_engine(&cl->fi, class_names[c]);
			b = client_busy(cl, old, class_names[c]);
			if (b < 0)
				printf(" %13s", "-");
			else
				printf(" %12.1f%%", pct(b, period,
							e ? e->capacity : 1));
		}
		printf("\n");
	}
	fflush(stdout);
}

/* --fdinfo FILE: the parse, as JSON; 1 if the file breaks the rules. */
static int check_fdinfo(const char *file)
{
	struct dg1_fdinfo fi;
	char why[256], *text = slurp(file);
	unsigned int i;
	int err;

	if (!text) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, file,
			strerror(errno));
		return 1;
	}
	err = dg1_fdinfo_parse(text, &fi, 1, why, sizeof(why));
	free(text);
	if (err) {
		fprintf(stderr, "%s: %s: %s\n", prog, file, why);
		return 1;
	}
	printf("{\"driver\": ");
	json_string(fi.driver);
	printf(", \"pdev\": ");
	json_string(fi.pdev);
	if (fi.has_client_id)
		printf(", \"client_id\": %llu",
		       (unsigned long long)fi.client_id);
	printf(", \"engines\": {");
	for (i = 0; i < fi.num_engines; i++)
		printf("%s\"%s\": {\"busy_ns\": %llu, \"capacity\": %u}",
		       i ? ", " : "", fi.engines[i].name,
		       (unsigned long long)fi.engines[i].busy_ns,
		       fi.engines[i].capacity);
	printf("}, \"regions\": {");
	for (i = 0; i < fi.num_regions; i++) {
		const struct dg1_fdinfo_region *r = &fi.regions[i];
		const uint64_t v[] = { r->total, r->shared, r->resident,
				       r->active, r->purgeable, r->memory };
		const char *const k[] = { "total", "shared", "resident",
					  "active", "purgeable", "memory" };
		unsigned int j, n = 0;

		printf("%s\"%s\": {", i ? ", " : "", r->name);
		for (j = 0; j < 6; j++)
			if (v[j] != UINT64_MAX)
				printf("%s\"%s\": %llu", n++ ? ", " : "", k[j],
				       (unsigned long long)v[j]);
		printf("}");
	}
	printf("}}\n");
	return 0;
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int setup(struct top *t, const char *want)
{
	struct drm_dg1_query_engines *q;
	void *data = NULL;
	uint32_t size, i;
	char *slash;

	t->fd = dg1dev_open_render(want, t->node, sizeof(t->node));
	if (t->fd < 0) {
		fprintf(stderr, "%s: no dg1 render node%s%s: %s\n", prog,
			want ? " at " : "", want ?: "", strerror(-t->fd));
		return -1;
	}
	t->bdf = NULL;
	t->card[0] = '\0';
	if (!dg1dev_pci_path(t->fd, t->pci, sizeof(t->pci))) {
		slash = strrchr(t->pci, '/');
		t->bdf = slash ? slash + 1 : NULL;
		if (dg1dev_card_dir(t->pci, t->card, sizeof(t->card)))
			t->card[0] = '\0';
	} else {
		t->pci[0] = '\0';
	}
	memset(t->capacity, 0, sizeof(t->capacity));
	if (!dg1dev_query(t->fd, DRM_DG1_QUERY_ENGINES, &data, &size)) {
		q = data;
		for (i = 0; i < q->num_engines; i++)
			if (q->engines[i].engine_class < NUM_CLASSES)
				t->capacity[q->engines[i].engine_class]++;
	}
	free(data);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "delay", required_argument, NULL, 'd' },
		{ "samples", required_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'J' },
		{ "once", no_argument, NULL, 'o' },
		{ "device", required_argument, NULL, 'D' },
		{ "fdinfo", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	static struct sample samples[2];
	long delay_ms = 1000, count = -1;
	const char *want = NULL;
	bool json = false, tty;
	struct top t;
	unsigned int cur = 0;
	char *end;
	int o;

	prog = argv[0];
	while ((o = getopt_long(argc, argv, "d:n:JoD:f:h", opts, NULL)) != -1) {
		switch (o) {
		case 'd':
			delay_ms = strtol(optarg, &end, 10);
			if (*end || delay_ms < 10 || delay_ms > 3600000) {
				fprintf(stderr, "%s: -d takes 10..3600000 ms\n", prog);
				return 2;
			}
			break;
		case 'n':
			count = strtol(optarg, &end, 10);
			if (*end || count < 1) {
				fprintf(stderr, "%s: -n takes a count above 0\n", prog);
				return 2;
			}
			break;
		case 'J':
			json = true;
			break;
		case 'o':
			count = 1;
			break;
		case 'D':
			want = optarg;
			break;
		case 'f':
			return check_fdinfo(optarg);
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	if (setup(&t, want))
		return 1;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	tty = !json && isatty(STDOUT_FILENO);

	take(&t, &samples[cur]);
	while (!stop && count) {
		struct timespec ts = { delay_ms / 1000, delay_ms % 1000 * 1000000 };

		nanosleep(&ts, NULL);
		if (stop)
			break;
		take(&t, &samples[!cur]);
		if (json)
			print_json(&t, &samples[!cur], &samples[cur]);
		else
			print_text(&t, &samples[!cur], &samples[cur], tty);
		cur = !cur;
		if (count > 0)
			count--;
	}
	close(t.fd);
	return 0;
}
