/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_dev_klog.h - finding lines in the kernel log: /dev/kmsg, or syslog(2)
 * where that cannot be opened.
 *
 * No harness in here: errors come back as -errno, so the tests and the
 * tools can share it.
 */
#ifndef DG1DEV_KLOG_H
#define DG1DEV_KLOG_H

#include <stdbool.h>
#include <stddef.h>

struct dg1dev_klog {
	bool have_seq;			/* /dev/kmsg was readable at start */
	unsigned long long start_seq;	/* the last record then */
};

/* Remember where the log ends now: later lines count as new. */
void dg1dev_klog_start(struct dg1dev_klog *k);

/*
 * The latest kernel log line that contains every string of @needles (a
 * NULL-terminated array) into @found. Returns 2 when such a line was
 * logged since dg1dev_klog_start(), 1 when only earlier ones were (or the
 * log cannot tell: syslog(2) has no sequence numbers), 0 when there is
 * none, -errno when the log cannot be read.
 */
int dg1dev_klog_find(const struct dg1dev_klog *k, const char *const *needles,
		     char *found, size_t len);

/* The same, leaving out lines that contain one of @unless (NULL-terminated). */
int dg1dev_klog_find_unless(const struct dg1dev_klog *k,
			    const char *const *needles,
			    const char *const *unless, char *found, size_t len);

/*
 * The log level (0 emergency .. 4 warning .. 7 debug) of the latest line
 * that contains every string of @needles; -ENOENT if none, -errno if
 * /dev/kmsg cannot be read (syslog(2) does not keep levels apart).
 */
int dg1dev_klog_level(const char *const *needles);

#endif /* DG1DEV_KLOG_H */
