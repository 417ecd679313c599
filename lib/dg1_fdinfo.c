// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_fdinfo.c - fdinfo by the rules of drm-usage-stats.rst (see the
 * header).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg1_fdinfo.h"

static const char *const mem_keys[] = {
	"total", "shared", "resident", "active", "purgeable", "memory",
};

static int fail(char *why, size_t len, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return err;
}

/* <uint>, then optional whitespace and one of @units (NULL: none). */
static int parse_uint(const char *v, const char *const *units,
		      const char **unit, uint64_t *out)
{
	char *end;

	*unit = "";
	if (!isdigit((unsigned char)*v))
		return -1;
	errno = 0;
	*out = strtoull(v, &end, 10);
	if (errno)
		return -1;
	if (!*end)
		return 0;
	while (*end == ' ' || *end == '\t')
		end++;
	for (; units && *units; units++)
		if (!strcmp(end, *units)) {
			*unit = *units;
			return 0;
		}
	return -1;
}

/* <keystr>: not empty, no whitespace, no colon. */
static int keystr_ok(const char *k)
{
	if (!*k || strlen(k) >= DG1_FDINFO_NAME)
		return 0;
	for (; *k; k++)
		if (isspace((unsigned char)*k) || *k == ':')
			return 0;
	return 1;
}

static struct dg1_fdinfo_engine *engine_of(struct dg1_fdinfo *fi,
					   const char *name, int add)
{
	unsigned int i;

	for (i = 0; i < fi->num_engines; i++)
		if (!strcmp(fi->engines[i].name, name))
			return &fi->engines[i];
	if (!add || fi->num_engines == DG1_FDINFO_MAX_ENGINES)
		return NULL;
	i = fi->num_engines++;
	snprintf(fi->engines[i].name, DG1_FDINFO_NAME, "%s", name);
	fi->engines[i].busy_ns = UINT64_MAX;
	fi->engines[i].capacity = 0;
	return &fi->engines[i];
}

static struct dg1_fdinfo_region *region_of(struct dg1_fdinfo *fi,
					   const char *name)
{
	struct dg1_fdinfo_region *r;
	unsigned int i;

	for (i = 0; i < fi->num_regions; i++)
		if (!strcmp(fi->regions[i].name, name))
			return &fi->regions[i];
	if (fi->num_regions == DG1_FDINFO_MAX_REGIONS)
		return NULL;
	r = &fi->regions[fi->num_regions++];
	memset(r, 0xff, sizeof(*r));
	snprintf(r->name, DG1_FDINFO_NAME, "%s", name);
	return r;
}

static uint64_t *region_field(struct dg1_fdinfo_region *r, unsigned int k)
{
	uint64_t *f[] = { &r->total, &r->shared, &r->resident, &r->active,
			  &r->purgeable, &r->memory };

	return f[k];
}

/* One drm- line: @key and @val are NUL-terminated, @val trimmed. */
static int parse_line(struct dg1_fdinfo *fi, const char *key, const char *val,
		      int strict, char *why, size_t wl)
{
	static const char *const size_units[] = { "KiB", "MiB", NULL };
	static const char *const ns_unit[] = { "ns", NULL };
	static const char *const hz_units[] = { "Hz", "KHz", "MHz", NULL };
	const char *unit, *k = key + 4;
	struct dg1_fdinfo_engine *e;
	struct dg1_fdinfo_region *r;
	unsigned int i, b, d, f, s;
	uint64_t v;
	size_t n;

	if (!strcmp(k, "driver")) {
		if (fi->driver[0])
			return fail(why, wl, -EINVAL, "%s twice", key);
		snprintf(fi->driver, sizeof(fi->driver), "%s", val);
		return 0;
	}
	if (!strcmp(k, "pdev")) {
		if (strlen(val) != 12 ||
		    sscanf(val, "%4x:%2x:%2x.%1x", &s, &b, &d, &f) != 4)
			return fail(why, wl, -EINVAL,
				    "%s: \"%s\" is not a PCI slot aaaa:bb:cc.d",
				    key, val);
		snprintf(fi->pdev, sizeof(fi->pdev), "%s", val);
		return 0;
	}
	if (!strcmp(k, "client-id")) {
		if (parse_uint(val, NULL, &unit, &v) || fi->has_client_id)
			return fail(why, wl, -EINVAL, "%s: \"%s\" is not one <uint>",
				    key, val);
		fi->client_id = v;
		fi->has_client_id = 1;
		return 0;
	}
	if (!strncmp(k, "engine-capacity-", 16)) {
		k += 16;
		if (!keystr_ok(k) || parse_uint(val, NULL, &unit, &v) || !v)
			return fail(why, wl, -EINVAL,
				    "%s: \"%s\" is not a <uint> above 0", key, val);
		e = engine_of(fi, k, 1);
		if (!e)
			return fail(why, wl, -E2BIG, "over %d engines",
				    DG1_FDINFO_MAX_ENGINES);
		if (e->capacity)
			return fail(why, wl, -EINVAL, "%s twice", key);
		e->capacity = v;
		return 0;
	}
	if (!strncmp(k, "engine-", 7)) {
		k += 7;
		if (!keystr_ok(k) || parse_uint(val, ns_unit, &unit, &v) ||
		    strcmp(unit, "ns"))
			return fail(why, wl, -EINVAL,
				    "%s: \"%s\" is not \"<uint> ns\"", key, val);
		e = engine_of(fi, k, 1);
		if (!e)
			return fail(why, wl, -E2BIG, "over %d engines",
				    DG1_FDINFO_MAX_ENGINES);
		if (e->busy_ns != UINT64_MAX)
			return fail(why, wl, -EINVAL, "%s twice", key);
		e->busy_ns = v;
		return 0;
	}
	if (!strncmp(k, "cycles-", 7) || !strncmp(k, "total-cycles-", 13) ||
	    !strncmp(k, "maxfreq-", 8)) {
		int hz = !strncmp(k, "maxfreq-", 8);

		if (!keystr_ok(strchr(k, '-') + 1 + (k[0] == 't' ? 7 : 0)) ||
		    parse_uint(val, hz ? hz_units : NULL, &unit, &v))
			return fail(why, wl, -EINVAL, "%s: \"%s\" is not a <uint>%s",
				    key, val, hz ? " [Hz|KHz|MHz]" : "");
		return 0;
	}
	for (i = 0; i < sizeof(mem_keys) / sizeof(mem_keys[0]); i++) {
		n = strlen(mem_keys[i]);
		if (strncmp(k, mem_keys[i], n) || k[n] != '-')
			continue;
		k += n + 1;
		if (!keystr_ok(k) || parse_uint(val, size_units, &unit, &v))
			return fail(why, wl, -EINVAL,
				    "%s: \"%s\" is not \"<uint> [KiB|MiB]\"",
				    key, val);
		r = region_of(fi, k);
		if (!r)
			return fail(why, wl, -E2BIG, "over %d regions",
				    DG1_FDINFO_MAX_REGIONS);
		if (*region_field(r, i) != UINT64_MAX)
			return fail(why, wl, -EINVAL, "%s twice", key);
		*region_field(r, i) = v << (!strcmp(unit, "KiB") ? 10 :
					    !strcmp(unit, "MiB") ? 20 : 0);
		return 0;
	}
	if (strict)
		return fail(why, wl, -EINVAL,
			    "%s is not a key of drm-usage-stats.rst", key);
	return 0;
}

int dg1_fdinfo_parse(const char *text, struct dg1_fdinfo *fi, int strict,
		     char *why, size_t why_len)
{
	char line[512], *colon, *val, *end;
	const char *p = text, *nl;
	unsigned int i;
	size_t n;
	int err;

	memset(fi, 0, sizeof(*fi));
	snprintf(why, why_len, "no error");
	for (; *p; p = nl + !!*nl) {
		nl = strchrnul(p, '\n');
		n = nl - p;
		if (strncmp(p, "drm-", 4))
			continue;
		if (n >= sizeof(line))
			return fail(why, why_len, -EINVAL, "a line over %zu bytes",
				    sizeof(line));
		memcpy(line, p, n);
		line[n] = '\0';
		colon = strchr(line, ':');
		if (!colon)
			return fail(why, why_len, -EINVAL, "\"%s\": no colon", line);
		*colon = '\0';
		for (val = line; *val; val++)
			if (isspace((unsigned char)*val))
				return fail(why, why_len, -EINVAL,
					    "\"%s\": whitespace in the key", line);
		for (val = colon + 1; *val == ' ' || *val == '\t'; val++)
			;
		end = val + strlen(val);
		while (end > val && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (!*val)
			return fail(why, why_len, -EINVAL, "%s: no value", line);
		err = parse_line(fi, line, val, strict, why, why_len);
		if (err)
			return err;
	}
	if (!fi->driver[0])
		return fail(why, why_len, -EINVAL, "no drm-driver key");
	for (i = 0; i < fi->num_engines; i++) {
		if (fi->engines[i].busy_ns == UINT64_MAX)
			return fail(why, why_len, -EINVAL,
				    "drm-engine-capacity-%s without drm-engine-%s",
				    fi->engines[i].name, fi->engines[i].name);
		if (!fi->engines[i].capacity)
			fi->engines[i].capacity = 1;
	}
	return 0;
}

const struct dg1_fdinfo_engine *dg1_fdinfo_engine(const struct dg1_fdinfo *fi,
						  const char *name)
{
	unsigned int i;

	for (i = 0; i < fi->num_engines; i++)
		if (!strcmp(fi->engines[i].name, name))
			return &fi->engines[i];
	return NULL;
}

const struct dg1_fdinfo_region *dg1_fdinfo_region(const struct dg1_fdinfo *fi,
						  const char *name)
{
	unsigned int i;

	for (i = 0; i < fi->num_regions; i++)
		if (!strcmp(fi->regions[i].name, name))
			return &fi->regions[i];
	return NULL;
}
