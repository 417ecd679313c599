// SPDX-License-Identifier: GPL-2.0
/*
 * vdg1_regstate - the registers a driver wrote on vdg1, whatever driver.
 *
 *   vdg1_regstate clear    forget every write logged so far
 *   vdg1_regstate fresh    the device in its power-on state, as after a
 *                          cold boot, and the log cleared: for the next
 *                          driver to start where the last one did (only
 *                          with no driver bound)
 *   vdg1_regstate dump     one line per register written since the last
 *                          clear (or since vdg1 started), with its value
 *                          now: the format of lib/dg1_dev_reglog.h
 *
 * It needs no driver of its own: it finds the DG1 by PCI id and maps the
 * counters page through resource0 (iomem=relaxed with a driver bound).
 * tests/i915_vdg1.c compares i915's registers with a dump of dg1's
 * (Documentation/i915-comparison.rst, "Register state").
 * Exit status: 0, or 1 with the reason on stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg1_dev.h"
#include "dg1_dev_reglog.h"

int main(int argc, char **argv)
{
	struct dg1dev_reglog_entry *all;
	struct dg1dev_prober p;
	char pci[4096], why[512], line[128];
	size_t n, i;
	int err;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: vdg1_regstate clear|fresh|dump\n"
		       "  clear  empty vdg1's register write log\n"
		       "  fresh  put the device in its power-on state and empty the log\n"
		       "  dump   each register written since, with its value now\n");
		return 0;
	}
	if (argc != 2 || (strcmp(argv[1], "clear") && strcmp(argv[1], "dump") &&
			  strcmp(argv[1], "fresh"))) {
		fprintf(stderr, "usage: vdg1_regstate clear|fresh|dump\n");
		return 1;
	}
	err = dg1dev_pci_find(0, pci, sizeof(pci));
	if (err)
		snprintf(why, sizeof(why), "no DG1 PCI device");
	else
		err = dg1dev_vdg1_prober_open(pci, &p, why, sizeof(why));
	if (err) {
		fprintf(stderr, "vdg1_regstate: %s\n", why);
		return 1;
	}
	if (strcmp(argv[1], "dump")) {
		if (!strcmp(argv[1], "fresh"))
			dg1dev_vdg1_power_cycle(&p);
		dg1dev_reglog_clear(&p);
		dg1dev_vdg1_prober_close(&p);
		return 0;
	}
	/* A domain still held would make its request register timing's. */
	err = dg1dev_reglog_read_settled(&p, &all, &n, 1000);
	dg1dev_vdg1_prober_close(&p);
	if (err == -ETIMEDOUT) {
		fprintf(stderr, "vdg1_regstate: a forcewake request still held after 1 s\n");
		free(all);
		return 1;
	}
	if (err) {
		fprintf(stderr, "vdg1_regstate: out of memory\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		dg1dev_reglog_format(&all[i], line, sizeof(line));
		puts(line);
	}
	free(all);
	return 0;
}
