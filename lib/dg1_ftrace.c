// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_ftrace.c - record and read back kernel trace events (tracefs).
 *
 * The text of the "trace" file is parsed: "<comm>-<pid> [<cpu>] <flags>
 * <seconds>.<micro>: <event>: <args>", with the clock "mono" so that the
 * seconds are CLOCK_MONOTONIC's.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_ftrace.h"

#define TRACEFS		"/sys/kernel/tracing"

static int tracefs_write(const char *file, const char *text)
{
	char path[256];

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	return dg1dev_sysfs_write(path, text);
}

/* Opening "trace" truncated empties the buffer. */
static int tracefs_clear(void)
{
	int fd = open(TRACEFS "/trace", O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int tracefs_enable(const char *event, const char *on)
{
	char file[160];

	snprintf(file, sizeof(file), "events/%s/enable", event);
	return tracefs_write(file, on);
}

int dg1_ftrace_start(const char *const *events)
{
	struct stat st;
	unsigned int i;
	int ret;

	if (stat(TRACEFS "/trace", &st) &&
	    mount("nodev", TRACEFS, "tracefs", 0, NULL))
		return -errno;
	ret = tracefs_write("tracing_on", "0") ?:
	      tracefs_write("trace_clock", "mono") ?:
	      tracefs_write("buffer_size_kb", "8192") ?:
	      tracefs_clear();
	for (i = 0; !ret && events[i]; i++)
		ret = tracefs_enable(events[i], "1");
	if (!ret)
		ret = tracefs_write("tracing_on", "1");
	if (ret)
		dg1_ftrace_stop(events);
	return ret;
}

void dg1_ftrace_stop(const char *const *events)
{
	unsigned int i;

	tracefs_write("tracing_on", "0");
	for (i = 0; events[i]; i++)
		tracefs_enable(events[i], "0");
}

/* "<comm>-<pid> [<cpu>] <flags> <s>.<us>: <name>: <args>" */
static int parse_line(const char *line, struct dg1_ftrace_event *e)
{
	const char *close = strstr(line, "] "), *open, *p, *name, *colon;
	unsigned long long s, us;

	if (line[0] == '#' || !close)
		return -1;
	for (open = close; open > line && *open != '['; open--)
		;
	for (p = open - 1; p > line && *p == ' '; p--)
		;
	while (p > line && isdigit((unsigned char)*p))
		p--;
	if (p == line || *p != '-')
		return -1;
	e->pid = atoi(p + 1);
	e->cpu = (unsigned int)atoi(open + 1);
	/* The flags, then the timestamp and its colon. */
	if (sscanf(close + 1, " %*s %llu.%llu:", &s, &us) != 2)
		return -1;
	name = strstr(close + 1, ": ");
	if (!name)
		return -1;
	name += 2;
	colon = strchr(name, ':');
	if (!colon || (size_t)(colon - name) >= sizeof(e->name))
		return -1;
	memcpy(e->name, name, colon - name);
	e->name[colon - name] = 0;
	snprintf(e->args, sizeof(e->args), "%s", colon + 1 + (colon[1] == ' '));
	e->args[strcspn(e->args, "\n")] = 0;
	e->ns = s * 1000000000ull + us * 1000ull;
	return 0;
}

long dg1_ftrace_read(struct dg1_ftrace_event **out)
{
	struct dg1_ftrace_event *ev = NULL, *grown;
	size_t n = 0, cap = 0;
	char line[512];
	FILE *f;

	f = fopen(TRACEFS "/trace", "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (n == cap) {
			cap = cap ? 2 * cap : 4096;
			grown = realloc(ev, cap * sizeof(*ev));
			if (!grown) {
				free(ev);
				fclose(f);
				return -ENOMEM;
			}
			ev = grown;
		}
		if (!parse_line(line, &ev[n]))
			n++;
	}
	fclose(f);
	*out = ev;
	return (long)n;
}

uint64_t dg1_ftrace_arg(const struct dg1_ftrace_event *e, const char *key,
			uint64_t dflt)
{
	size_t len = strlen(key);
	const char *p = e->args;

	while ((p = strstr(p, key))) {
		if ((p == e->args || p[-1] == ' ') && p[len] == '=')
			return strtoull(p + len + 1, NULL, 0);
		p += len;
	}
	return dflt;
}
