// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev_debugfs.c - the dg1 driver's debugfs files, found and parsed.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "dg1_dev_debugfs.h"

#define DRI_DIR		DG1DEV_DEBUGFS_MOUNT "/dri"

/* Does the "name" file @text belong to driver dg1 on PCI device @bdf? */
static int name_matches(const char *text, const char *bdf)
{
	char want[64], *copy, *tok, *save = NULL;
	int match = 0, first = 1;

	snprintf(want, sizeof(want), "dev=%s", bdf);
	copy = strdup(text);
	if (!copy)
		return 0;
	/* "dg1 dev=0000:00:03.0 [master=...] unique=0000:00:03.0\n" */
	for (tok = strtok_r(copy, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (first && strcmp(tok, DG1DEV_DRIVER_NAME))
			break;
		if (!first && !strcmp(tok, want))
			match = 1;
		first = 0;
	}
	free(copy);

	return match;
}

/* Mount debugfs where it belongs when nothing is mounted there. */
static int mount_debugfs(void)
{
	if (!mount("debugfs", DG1DEV_DEBUGFS_MOUNT, "debugfs", 0, NULL))
		return 0;
	return errno == EBUSY ? 0 : -errno;
}

static int cmp_names(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int dg1dev_debugfs_dir(const char *pci_path, char *dir, size_t len,
		       char *why, size_t why_len)
{
	struct dirent **list;
	char sub[PATH_MAX];
	const char *bdf;
	int err, n, i, found = 0;

	bdf = strrchr(pci_path, '/');
	bdf = bdf ? bdf + 1 : pci_path;

	if (access(DRI_DIR, F_OK) && errno == ENOENT) {
		err = mount_debugfs();
		if (err) {
			snprintf(why, why_len,
				 "no %s, and mounting debugfs on %s failed: %s",
				 DRI_DIR, DG1DEV_DEBUGFS_MOUNT, strerror(-err));
			return err;
		}
	}

	n = scandir(DRI_DIR, &list, NULL, cmp_names);
	if (n < 0) {
		err = -errno;
		snprintf(why, why_len, "cannot list %s: %s%s", DRI_DIR,
			 strerror(-err), err == -EACCES ? " (needs root)" : "");
		return err;
	}

	/*
	 * dri/<unique> and its dri/<minor> symlinks all match: prefer the
	 * directory itself, it names the device.
	 */
	for (i = 0; i < n; i++) {
		int is_dir = list[i]->d_type == DT_DIR;
		char *text = NULL;

		if (found != 2 && list[i]->d_name[0] != '.' &&
		    (!found || is_dir)) {
			snprintf(sub, sizeof(sub), "%s/%s", DRI_DIR,
				 list[i]->d_name);
			if (dg1dev_debugfs_read(sub, "name", &text) > 0 &&
			    name_matches(text, bdf)) {
				snprintf(dir, len, "%s", sub);
				found = is_dir ? 2 : 1;
			}
			free(text);
		}
		free(list[i]);
	}
	free(list);

	if (!found) {
		snprintf(why, why_len,
			 "no directory in %s whose name file says \"%s dev=%s\"",
			 DRI_DIR, DG1DEV_DRIVER_NAME, bdf);
		return -ENOENT;
	}

	return 0;
}

int dg1dev_debugfs_open(const char *dir, const char *file, int flags)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, flags | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

ssize_t dg1dev_debugfs_read(const char *dir, const char *file, char **text)
{
	size_t cap = 4096, len = 0;
	char *buf = NULL, *p;
	ssize_t n;
	int fd;

	fd = dg1dev_debugfs_open(dir, file, O_RDONLY);
	if (fd < 0)
		return fd;

	/* debugfs files report size 0: read until EOF. */
	for (;;) {
		if (!buf || len + 1 >= cap) {
			if (buf)
				cap *= 2;
			p = realloc(buf, cap);
			if (!p) {
				n = -ENOMEM;
				goto err;
			}
			buf = p;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			n = -errno;
			goto err;
		}
		if (!n)
			break;
		len += n;
	}
	close(fd);

	buf[len] = '\0';
	*text = buf;
	return len;

err:
	close(fd);
	free(buf);
	return n;
}

/*
 * Calls @fn on each line of @text (without its newline). An empty line is
 * an error; the last line may lack its newline.
 */
static int for_each_line(const char *text, char *why, size_t why_len,
			 int (*fn)(const char *line, void *data, char *why,
				   size_t why_len),
			 void *data)
{
	const char *p = text;
	char line[512];
	int lineno = 0, err;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		lineno++;
		if (!n) {
			snprintf(why, why_len, "line %d is empty", lineno);
			return -EPROTO;
		}
		if (n >= sizeof(line)) {
			snprintf(why, why_len, "line %d is %zu characters long",
				 lineno, n);
			return -EPROTO;
		}
		memcpy(line, p, n);
		line[n] = '\0';
		err = fn(line, data, why, why_len);
		if (err)
			return err;
		p += n + (nl ? 1 : 0);
	}

	return 0;
}

static int parse_fw_line(const char *line, void *data, char *why,
			 size_t why_len)
{
	struct dg1dev_fw_stats *s = data;
	struct dg1dev_fw_stat st;
	char name[32], again[512];
	int d, end = -1;

	if (sscanf(line,
		   "%31[a-z0-9]: ref %u wakes %llu gets %llu errors %u fallbacks %llu%n",
		   name, &st.ref, &st.wakes, &st.gets, &st.errors,
		   &st.fallbacks, &end) != 6 || end < 0 || line[end]) {
		snprintf(why, why_len,
			 "'%s' is not \"<domain>: ref %%u wakes %%llu gets %%llu errors %%u fallbacks %%llu\"",
			 line);
		return -EPROTO;
	}
	/* Exactly that format: single spaces, plain decimal numbers. */
	snprintf(again, sizeof(again),
		 "%s: ref %u wakes %llu gets %llu errors %u fallbacks %llu",
		 name, st.ref, st.wakes, st.gets, st.errors, st.fallbacks);
	if (strcmp(again, line)) {
		snprintf(why, why_len, "'%s' is not formatted as '%s'", line,
			 again);
		return -EPROTO;
	}

	d = dg1dev_domain_by_name(name);
	if (d == DG1DEV_NO_DOMAIN) {
		snprintf(why, why_len,
			 "'%s': DG1 has no forcewake domain '%s' (gt render vdbox0 vdbox2 vebox0)",
			 line, name);
		return -EPROTO;
	}
	if (s->present & DG1DEV_DOMAIN_BIT(d)) {
		snprintf(why, why_len, "'%s': domain %s listed twice", line,
			 name);
		return -EPROTO;
	}

	s->present |= DG1DEV_DOMAIN_BIT(d);
	s->d[d] = st;
	return 0;
}

int dg1dev_fw_stats_parse(const char *text, struct dg1dev_fw_stats *s,
			  char *why, size_t why_len)
{
	memset(s, 0, sizeof(*s));
	return for_each_line(text, why, why_len, parse_fw_line, s);
}

int dg1dev_fw_stats_read(const char *dir, struct dg1dev_fw_stats *s,
			 char *why, size_t why_len)
{
	char *text;
	ssize_t n;
	int err;

	n = dg1dev_debugfs_read(dir, "forcewake_domains", &text);
	if (n < 0) {
		snprintf(why, why_len, "cannot read %s/forcewake_domains: %s",
			 dir, strerror(-n));
		return n;
	}
	err = dg1dev_fw_stats_parse(text, s, why, why_len);
	free(text);

	return err;
}

struct irq_parse {
	struct dg1dev_irq_stats *s;
	unsigned int lines;
};

static int parse_irq_line(const char *line, void *data, char *why,
			  size_t why_len)
{
	struct irq_parse *ip = data;
	struct dg1dev_irq_stats *s = ip->s;
	unsigned int i = ip->lines++;
	unsigned long long *b;
	int end = -1;

	/* The totals, the OA line, then the engines, in that order. */
	if (i == 0) {
		if (sscanf(line,
			   "interrupts %llu not-ours %llu identities %llu dropped %llu spurious %llu unknown %llu timeouts %llu%n",
			   &s->interrupts, &s->not_ours, &s->identities,
			   &s->dropped, &s->spurious, &s->unknown,
			   &s->timeouts, &end) == 7 && !line[end])
			return 0;
	} else if (i == 1) {
		if (sscanf(line, "oa: half-full %llu%n", &s->oa_half_full,
			   &end) == 1 && !line[end])
			return 0;
	} else if (s->num_engines < DG1DEV_MAX_ENGINES) {
		b = s->engine[s->num_engines].bits;
		if (sscanf(line,
			   "%15[a-z0-9]: user %llu error %llu context-switch %llu wait-semaphore %llu other %llu page-fault %llu%n",
			   s->engine[s->num_engines].name, &b[0], &b[1], &b[2],
			   &b[3], &b[4], &b[5], &end) == 7 && !line[end]) {
			s->num_engines++;
			return 0;
		}
	}
	snprintf(why, why_len, "interrupts: bad line %u '%s'", i + 1, line);
	return -EPROTO;
}

int dg1dev_irq_stats_read(const char *dir, struct dg1dev_irq_stats *s,
			  char *why, size_t why_len)
{
	struct irq_parse ip = { .s = s };
	char *text;
	ssize_t n;
	int err;

	memset(s, 0, sizeof(*s));
	n = dg1dev_debugfs_read(dir, "interrupts", &text);
	if (n < 0) {
		snprintf(why, why_len, "cannot read %s/interrupts: %s", dir,
			 strerror(-n));
		return n;
	}
	err = for_each_line(text, why, why_len, parse_irq_line, &ip);
	if (!err && ip.lines < 2) {
		snprintf(why, why_len, "interrupts: %u lines", ip.lines);
		err = -EPROTO;
	}
	free(text);
	return err;
}

static const char * const wa_status_names[DG1DEV_WA_STATUS_COUNT] = {
	[DG1DEV_WA_OK] = "ok",
	[DG1DEV_WA_FAILED] = "FAILED",
	[DG1DEV_WA_NOT_APPLIED] = "not-applied",
	[DG1DEV_WA_WRITTEN] = "written",
};

const char *dg1dev_wa_status_name(enum dg1dev_wa_status status)
{
	if ((unsigned int)status >= ARRAY_SIZE(wa_status_names))
		return "?";
	return wa_status_names[status];
}

struct wa_list {
	struct dg1dev_wa *was;
	unsigned int n, cap;
};

/*
 * "Wa..." (a workaround id or name), "Tuning_..." (a recommended setting)
 * or "Ftr..." (a feature the hardware needs software to enable): i915's
 * kinds of entry in its workaround lists.
 */
static int valid_wa_name(const char *name)
{
	static const char *const prefixes[] = { "Wa", "Tuning_", "Ftr" };
	const char *p = NULL;
	unsigned int i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]) && !p; i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			p = name + strlen(prefixes[i]);
	if (!p || !*p)
		return 0;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_'))
			return 0;

	return 1;
}

static int parse_wa_line(const char *line, void *data, char *why,
			 size_t why_len)
{
	struct wa_list *l = data;
	char name[64], offset[16], status[16], *end;
	struct dg1dev_wa wa;
	unsigned int i;
	int n = -1;

	if (sscanf(line, "%63s %15s %15s%n", name, offset, status, &n) != 3 ||
	    n < 0 || line[n] ||
	    (size_t)snprintf(NULL, 0, "%s %s %s", name, offset, status) !=
	    strlen(line)) {
		snprintf(why, why_len,
			 "'%s' is not \"<Wa_name> 0x<offset> <ok|FAILED|not-applied|written>\"",
			 line);
		return -EPROTO;
	}
	if (!valid_wa_name(name)) {
		snprintf(why, why_len, "'%s': '%s' is not a workaround name",
			 line, name);
		return -EPROTO;
	}
	/* "0x%06x" of a BAR0 offset below 16 MiB: always 6 digits. */
	if (strncmp(offset, "0x", 2) || strlen(offset) != 8 ||
	    strspn(offset + 2, "0123456789abcdef") != 6) {
		snprintf(why, why_len,
			 "'%s': '%s' is not 0x and 6 lower-case hex digits",
			 line, offset);
		return -EPROTO;
	}
	wa.offset = strtoul(offset + 2, &end, 16);

	for (i = 0; i < ARRAY_SIZE(wa_status_names); i++)
		if (!strcmp(status, wa_status_names[i]))
			break;
	if (i == ARRAY_SIZE(wa_status_names)) {
		snprintf(why, why_len,
			 "'%s': status '%s' is none of ok, FAILED, not-applied, written",
			 line, status);
		return -EPROTO;
	}
	wa.status = i;
	snprintf(wa.name, sizeof(wa.name), "%s", name);

	if (l->n == l->cap) {
		struct dg1dev_wa *p;

		l->cap = l->cap ? 2 * l->cap : 32;
		p = realloc(l->was, l->cap * sizeof(*p));
		if (!p) {
			snprintf(why, why_len, "out of memory");
			return -ENOMEM;
		}
		l->was = p;
	}
	l->was[l->n++] = wa;

	return 0;
}

int dg1dev_wa_parse(const char *text, struct dg1dev_wa **was, unsigned int *n,
		    char *why, size_t why_len)
{
	struct wa_list l = { };
	int err;

	err = for_each_line(text, why, why_len, parse_wa_line, &l);
	if (err) {
		free(l.was);
		return err;
	}

	*was = l.was;
	*n = l.n;
	return 0;
}
