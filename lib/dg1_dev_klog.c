// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev_klog.c - finding lines in the kernel log.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <unistd.h>

#include "dg1_dev_klog.h"

#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_SIZE_BUFFER	10

/*
 * The next /dev/kmsg record: its sequence number and text (without the
 * newline and the continuation lines). False at the end of the log.
 */
static bool kmsg_next(int fd, char *rec, size_t len,
		      unsigned long long *seq, char **text)
{
	ssize_t n;
	char *nl;

	for (;;) {
		n = read(fd, rec, len - 1);
		if (n < 0 && (errno == EPIPE || errno == EINTR))
			continue;	/* overwritten records: read on */
		if (n <= 0)
			return false;
		rec[n] = '\0';
		/* "prio,seq,time,flags;text\n" and continuation lines */
		*text = strchr(rec, ';');
		if (!*text || sscanf(rec, "%*u,%llu,", seq) != 1)
			continue;
		(*text)++;
		nl = strchr(*text, '\n');
		if (nl)
			*nl = '\0';
		return true;
	}
}

static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

void dg1dev_klog_start(struct dg1dev_klog *k)
{
	unsigned long long seq;
	char rec[8192], *text;
	int fd = kmsg_open();

	k->have_seq = fd >= 0;
	k->start_seq = 0;
	if (fd < 0)
		return;
	/* From an empty log every record will be new. */
	while (kmsg_next(fd, rec, sizeof(rec), &seq, &text))
		k->start_seq = seq + 1;
	close(fd);
	errno = 0;
}

static bool matches(const char *line, const char *const *needles)
{
	for (; *needles; needles++)
		if (!strstr(line, *needles))
			return false;
	return true;
}

/* @line contains one of @unless (NULL-terminated; NULL: none). */
static bool excluded(const char *line, const char *const *unless)
{
	for (; unless && *unless; unless++)
		if (strstr(line, *unless))
			return true;
	return false;
}

static int syslog_find(const char *const *needles, const char *const *unless,
		       char *found, size_t len)
{
	int size = klogctl(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0);
	char *buf, *line, *save = NULL;
	int n, where = 0;

	if (size <= 0)
		return size < 0 ? -errno : -ENODATA;
	buf = malloc(size + 1);
	if (!buf)
		return -ENOMEM;
	n = klogctl(SYSLOG_ACTION_READ_ALL, buf, size);
	if (n < 0) {
		n = -errno;
		free(buf);
		return n;
	}
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (matches(line, needles) && !excluded(line, unless)) {
			snprintf(found, len, "%s", line);
			where = 1;
		}
	free(buf);

	return where;
}

int dg1dev_klog_find(const struct dg1dev_klog *k, const char *const *needles,
		     char *found, size_t len)
{
	return dg1dev_klog_find_unless(k, needles, NULL, found, len);
}

int dg1dev_klog_find_unless(const struct dg1dev_klog *k,
			    const char *const *needles,
			    const char *const *unless, char *found, size_t len)
{
	unsigned long long seq;
	char rec[8192], *text;
	int fd, where = 0;

	fd = kmsg_open();
	if (fd < 0)
		return syslog_find(needles, unless, found, len);

	/* A fresh reader starts at the oldest record kept. */
	while (kmsg_next(fd, rec, sizeof(rec), &seq, &text)) {
		if (!matches(text, needles) || excluded(text, unless))
			continue;
		snprintf(found, len, "%s", text);
		where = k->have_seq && seq >= k->start_seq ? 2 : 1;
	}
	close(fd);
	errno = 0;

	return where;
}

int dg1dev_klog_level(const char *const *needles)
{
	unsigned long long seq;
	char rec[8192], *text;
	int fd, level = -ENOENT;
	unsigned int prio;

	fd = kmsg_open();
	if (fd < 0)
		return fd;
	while (kmsg_next(fd, rec, sizeof(rec), &seq, &text))
		if (matches(text, needles) && sscanf(rec, "%u,", &prio) == 1)
			level = prio & 7;
	close(fd);
	errno = 0;
	return level;
}
