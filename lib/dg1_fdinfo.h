/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_fdinfo.h - a DRM file's fdinfo (/proc/<pid>/fdinfo/<fd>) read by the
 * rules of the kernel's Documentation/gpu/drm-usage-stats.rst: one "key:
 * value" per line, drm- keys without whitespace, the standard keys' value
 * types and units. dg1-top reads every client with it; dg1_exec checks
 * dg1's output against it.
 */
#ifndef DG1_FDINFO_H
#define DG1_FDINFO_H

#include <stddef.h>
#include <stdint.h>

#define DG1_FDINFO_MAX_ENGINES	8
#define DG1_FDINFO_MAX_REGIONS	4
#define DG1_FDINFO_NAME		32

struct dg1_fdinfo_engine {
	char name[DG1_FDINFO_NAME];	/* the <keystr> of drm-engine- */
	uint64_t busy_ns;
	unsigned int capacity;		/* 1 without a capacity key */
};

struct dg1_fdinfo_region {
	char name[DG1_FDINFO_NAME];
	/* Bytes; UINT64_MAX for a key the file does not have. */
	uint64_t total, shared, resident, active, purgeable, memory;
};

struct dg1_fdinfo {
	char driver[DG1_FDINFO_NAME];	/* "" if none: not a DRM file */
	char pdev[DG1_FDINFO_NAME];
	uint64_t client_id;
	int has_client_id;
	struct dg1_fdinfo_engine engines[DG1_FDINFO_MAX_ENGINES];
	unsigned int num_engines;
	struct dg1_fdinfo_region regions[DG1_FDINFO_MAX_REGIONS];
	unsigned int num_regions;
};

/*
 * Parse @text (the whole file). Lines without a drm- key (pos, flags,
 * mnt_id, ino) are the VFS's and skipped. Returns 0, or -EINVAL with the
 * offending line and rule in @why for a drm- line the document does not
 * allow: whitespace in a key, a value of the wrong type or unit, a
 * capacity of 0 or without its engine, a key twice, no drm-driver; and,
 * if @strict, a drm- key the document does not define (drivers may add
 * their own: a reader of several drivers passes 0). -E2BIG past the
 * engine or region limits.
 */
int dg1_fdinfo_parse(const char *text, struct dg1_fdinfo *fi, int strict,
		     char *why, size_t why_len);

/* The engine or region named @name, or NULL. */
const struct dg1_fdinfo_engine *dg1_fdinfo_engine(const struct dg1_fdinfo *fi,
						  const char *name);
const struct dg1_fdinfo_region *dg1_fdinfo_region(const struct dg1_fdinfo *fi,
						  const char *name);

#endif /* DG1_FDINFO_H */
