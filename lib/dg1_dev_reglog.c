// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev_reglog.c - vdg1's register write log from userspace
 * (dg1_dev_reglog.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dg1_dev_reglog.h"

static const char *const engine_names[VDG1_ENGINE_COUNT] = {
	[VDG1_ENGINE_RCS0] = "rcs0",
	[VDG1_ENGINE_BCS0] = "bcs0",
	[VDG1_ENGINE_VCS0] = "vcs0",
	[VDG1_ENGINE_VCS2] = "vcs2",
	[VDG1_ENGINE_VECS0] = "vecs0",
};

void dg1dev_reglog_clear(const struct dg1dev_prober *p)
{
	DG1DEV_VDG1_FIELD(p->page, reglog_control) = VDG1_REGLOG_CLEAR;
}

void dg1dev_vdg1_power_cycle(const struct dg1dev_prober *p)
{
	DG1DEV_VDG1_FIELD(p->page, control) = VDG1_COUNTERS_CONTROL_POWER_CYCLE;
}

int dg1dev_reglog_next(const struct dg1dev_prober *p, uint32_t offset,
		       uint32_t instance, struct dg1dev_reglog_entry *e)
{
	volatile struct vdg1_counters_page *page = p->page;
	uint32_t key;

	DG1DEV_VDG1_FIELD(page, reglog_seek) = VDG1_REGLOG_KEY(offset, instance);
	DG1DEV_VDG1_FIELD(page, reglog_control) = VDG1_REGLOG_QUERY;
	key = DG1DEV_VDG1_FIELD(page, reglog_key);
	if (key == VDG1_REGLOG_END)
		return -ENOENT;
	e->offset = key >> 4;
	e->instance = key & 0xf;
	e->value = DG1DEV_VDG1_FIELD(page, reglog_value);
	e->sources = DG1DEV_VDG1_FIELD(page, reglog_sources);
	return 0;
}

int dg1dev_reglog_read_all(const struct dg1dev_prober *p,
			   struct dg1dev_reglog_entry **out, size_t *n)
{
	struct dg1dev_reglog_entry e, *all = NULL, *bigger;
	uint32_t off = 0, inst = 0;
	size_t cap = 0;

	*n = 0;
	while (!dg1dev_reglog_next(p, off, inst, &e)) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 256;
			bigger = realloc(all, cap * sizeof(*all));
			if (!bigger) {
				free(all);
				return -ENOMEM;
			}
			all = bigger;
		}
		all[(*n)++] = e;
		/* The next key: the next instance, or the next dword. */
		if (e.instance && e.instance < 15) {
			off = e.offset;
			inst = e.instance + 1;
		} else {
			off = e.offset + 4;
			inst = 0;
		}
	}
	*out = all;
	return 0;
}

static bool fw_request_held(const struct dg1dev_reglog_entry *e)
{
	bool req = e->offset == 0xa188 || e->offset == 0xa278 ||
		   (e->offset >= 0xa540 && e->offset <= 0xa57c);

	/* Masked: the low half is the request, kept where no write clears it. */
	return req && (e->value & 0xffff);
}

int dg1dev_reglog_read_settled(const struct dg1dev_prober *p,
			       struct dg1dev_reglog_entry **out, size_t *n,
			       unsigned int timeout_ms)
{
	unsigned int waited = 0;
	size_t i;
	int err;

	for (;;) {
		err = dg1dev_reglog_read_all(p, out, n);
		if (err)
			return err;
		for (i = 0; i < *n && !fw_request_held(&(*out)[i]); i++)
			;
		if (i == *n)
			return 0;
		if (waited >= timeout_ms)
			return -ETIMEDOUT;
		free(*out);
		*out = NULL;
		usleep(10000);
		waited += 10;
	}
}

int dg1dev_reglog_format(const struct dg1dev_reglog_entry *e, char *buf,
			 size_t len)
{
	char src[96] = "";
	unsigned int i;

	if (e->sources & VDG1_REGLOG_SRC_CPU)
		strcat(src, "+cpu");
	for (i = 0; i < VDG1_ENGINE_COUNT; i++)
		if (e->sources & VDG1_REGLOG_SRC_ENGINE(i)) {
			strcat(src, "+");
			strcat(src, engine_names[i]);
		}
	if (e->sources & VDG1_REGLOG_SRC_UNCLAIMED)
		strcat(src, "+unclaimed");
	return snprintf(buf, len, "%06x.%u %08x %s", e->offset, e->instance,
			e->value, src[0] ? src + 1 : "none");
}

int dg1dev_reglog_parse(const char *line, struct dg1dev_reglog_entry *e)
{
	char src[96], *tok, *save;
	unsigned int i;
	int n = -1;

	if (sscanf(line, "%6x.%u %8x %95s%n", &e->offset, &e->instance,
		   &e->value, src, &n) != 4 || n < 0 || line[n] ||
	    e->offset & 3 || e->instance > 15)
		return -EPROTO;
	e->sources = 0;
	for (tok = strtok_r(src, "+", &save); tok;
	     tok = strtok_r(NULL, "+", &save)) {
		if (!strcmp(tok, "cpu")) {
			e->sources |= VDG1_REGLOG_SRC_CPU;
			continue;
		}
		if (!strcmp(tok, "unclaimed")) {
			e->sources |= VDG1_REGLOG_SRC_UNCLAIMED;
			continue;
		}
		for (i = 0; i < VDG1_ENGINE_COUNT; i++)
			if (!strcmp(tok, engine_names[i]))
				break;
		if (i == VDG1_ENGINE_COUNT)
			return -EPROTO;
		e->sources |= VDG1_REGLOG_SRC_ENGINE(i);
	}
	return 0;
}
