// SPDX-License-Identifier: GPL-2.0
/*
 * i915_vdg1_regstate.c - dg1's register state against i915's, on the same
 * vdg1 (Documentation/i915-comparison.rst, "Register state").
 *
 * The stock-i915 scenario dumps vdg1's register write log after dg1's
 * probe (which recorded a default context on every engine) and a batch on
 * every engine (dg1_exec store-dword) into REGSTATE_DG1 with
 * tools/vdg1_regstate, puts the device in its power-on state and clears
 * the log before i915 loads, and runs this with i915 bound, after its
 * probe (its default contexts recorded on every engine) and a batch on
 * every engine. Every register
 * either driver wrote is compared: written by one driver only, or by both
 * with different values now. tests/regstate-diff.txt, built into the
 * binary, lists each known difference with its reason; a difference it
 * does not list fails, and so does a line that matches no difference.
 * REGSTATE_DEBUG=1 prints i915's whole log, for writing that list.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "igt.h"
#include "i915_vdg1.h"
#include "dg1_dev_reglog.h"
#include "regstate_diff.h"

#define REGSTATE_DG1	"/tmp/regstate-dg1.txt"

enum diff_kind { DG1_ONLY, I915_ONLY, VALUE, KINDS };

static const char *const kind_names[KINDS] = {
	[DG1_ONLY] = "dg1-only",
	[I915_ONLY] = "i915-only",
	[VALUE] = "value",
};

/* One line of regstate-diff.txt: "<kind> <first>[-<last>] <reason>". */
#define KIND_ANY	(-1)
#define KIND_VOLATILE	(-2)	/* any, or none: never stale */

struct allowed {
	int kind;		/* enum diff_kind, KIND_ANY or KIND_VOLATILE */
	uint32_t first, last;
	const char *reason;
	unsigned int hits;
};

static struct allowed *parse_allowed(unsigned int *n)
{
	char *text = strdup(regstate_diff_txt), *line, *save;
	struct allowed *a = calloc(512, sizeof(*a));
	unsigned int lineno = 0;

	igt_assert(text && a);
	*n = 0;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char kind[16];
		int k, pos = -1;

		lineno++;
		if (line[0] == '#' || !line[0])
			continue;
		igt_assert_f(*n < 512, "regstate-diff.txt: too many lines");
		if (sscanf(line, "%15s %x-%x %n", kind, &a[*n].first,
			   &a[*n].last, &pos) != 3 || pos < 0) {
			pos = -1;
			igt_assert_f(sscanf(line, "%15s %x %n", kind,
					    &a[*n].first, &pos) == 2 && pos > 0,
				     "regstate-diff.txt line %u: '%s'", lineno,
				     line);
			a[*n].last = a[*n].first;
		}
		a[*n].kind = !strcmp(kind, "volatile") ? KIND_VOLATILE : KIND_ANY;
		for (k = 0; k < KINDS; k++)
			if (!strcmp(kind, kind_names[k]))
				a[*n].kind = k;
		igt_assert_f(a[*n].kind != KIND_ANY || !strcmp(kind, "any") ||
			     !strcmp(kind, "volatile"),
			     "regstate-diff.txt line %u: kind '%s'", lineno,
			     kind);
		igt_assert_f(line[pos] && a[*n].first <= a[*n].last,
			     "regstate-diff.txt line %u: no reason, or an empty range",
			     lineno);
		a[*n].reason = line + pos;
		(*n)++;
	}
	return a;
}

static struct dg1dev_reglog_entry *read_dump(const char *path, size_t *n)
{
	struct dg1dev_reglog_entry *e = calloc(65536, sizeof(*e));
	char line[256];
	FILE *f = fopen(path, "r");

	igt_assert_f(f, "%s: %s (the scenario dumps dg1's registers there first)",
		     path, strerror(errno));
	igt_assert(e);
	*n = 0;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		igt_assert_f(*n < 65536, "%s: too long", path);
		igt_assert_f(!dg1dev_reglog_parse(line, &e[*n]),
			     "%s: bad line '%s'", path, line);
		(*n)++;
	}
	fclose(f);
	return e;
}

static uint64_t key_of(const struct dg1dev_reglog_entry *e)
{
	return (uint64_t)e->offset << 4 | e->instance;
}

/* Is a difference of @kind at @off listed? Counts the lines it matches. */
static bool listed(struct allowed *a, unsigned int na, int kind, uint32_t off)
{
	bool hit = false;
	unsigned int i;

	for (i = 0; i < na; i++)
		if ((a[i].kind < 0 || a[i].kind == kind) &&
		    off >= a[i].first && off <= a[i].last) {
			a[i].hits++;
			hit = true;
		}
	return hit;
}

void i915_regstate_check(const char *pci)
{
	struct dg1dev_reglog_entry *d, *i915, none = { 0 };
	unsigned int na, unlisted = 0, stale = 0, diffs[KINDS] = { 0 }, k;
	struct allowed *a = parse_allowed(&na);
	struct dg1dev_prober p;
	size_t nd, ni, x = 0, y = 0;
	int err;
	char why[512], first[600] = "";

	d = read_dump(REGSTATE_DG1, &nd);
	igt_assert_f(!dg1dev_vdg1_prober_open(pci, &p, why, sizeof(why)),
		     "%s", why);
	/* i915 drops its domains ~1 ms after its last access: wait for it. */
	err = dg1dev_reglog_read_settled(&p, &i915, &ni, 1000);
	igt_assert_f(!err || err == -ETIMEDOUT, "reading the log: %s",
		     strerror(-err));
	if (err)
		igt_info("i915 still holds a forcewake domain after 1 s\n");
	dg1dev_vdg1_prober_close(&p);
	if (getenv("REGSTATE_DEBUG"))
		for (x = 0; x < ni; x++) {
			char l[128];

			dg1dev_reglog_format(&i915[x], l, sizeof(l));
			igt_info("i915: %s\n", l);
		}
	x = 0;

	while (x < nd || y < ni) {
		const struct dg1dev_reglog_entry *a_e = x < nd ? &d[x] : &none;
		const struct dg1dev_reglog_entry *b_e = y < ni ? &i915[y] : &none;
		int kind = -1;
		uint32_t off;

		if (x < nd && (y == ni || key_of(a_e) < key_of(b_e))) {
			kind = DG1_ONLY;
			off = a_e->offset;
			b_e = &none;
			x++;
		} else if (y < ni && (x == nd || key_of(b_e) < key_of(a_e))) {
			kind = I915_ONLY;
			off = b_e->offset;
			a_e = &none;
			y++;
		} else {
			off = a_e->offset;
			if (a_e->value != b_e->value)
				kind = VALUE;
			x++;
			y++;
		}
		if (kind < 0)
			continue;
		diffs[kind]++;
		if (listed(a, na, kind, off))
			continue;
		unlisted++;
		snprintf(why, sizeof(why), "%s %06x.%u dg1 %08x i915 %08x",
			 kind_names[kind], off,
			 kind == I915_ONLY ? b_e->instance : a_e->instance,
			 a_e->value, b_e->value);
		igt_info("unlisted: %s\n", why);
		if (!first[0])
			snprintf(first, sizeof(first), "first unlisted: %s", why);
	}
	for (k = 0; k < na; k++) {
		if (a[k].hits || a[k].kind == KIND_VOLATILE)
			continue;
		stale++;
		snprintf(why, sizeof(why), "%s %06x-%06x (%.60s)",
			 a[k].kind == KIND_ANY ? "any" : kind_names[a[k].kind],
			 a[k].first, a[k].last, a[k].reason);
		igt_info("stale: regstate-diff.txt lists %s, which no longer differs\n",
			 why);
		if (!first[0])
			snprintf(first, sizeof(first), "first stale: %s", why);
	}
	igt_info("registers written: dg1 %zu, i915 %zu; differences: dg1-only %u, i915-only %u, value %u; %u listed lines\n",
		 nd, ni, diffs[DG1_ONLY], diffs[I915_ONLY], diffs[VALUE], na);
	free(d);
	free(i915);
	free(a);
	igt_assert_f(!unlisted && !stale,
		     "%u differences not in tests/regstate-diff.txt, %u lines there that match none; %s",
		     unlisted, stale, first);
}
