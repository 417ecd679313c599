// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_oa_util.c - the OA tools' shared helpers (dg1_oa_util.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "dg1_dev.h"
#include "dg1_oa_util.h"

unsigned int oa_num_sets(void)
{
	return OA_NUM_SETS;
}

const struct oa_set *oa_set_at(unsigned int i)
{
	return i < OA_NUM_SETS ? &oa_sets[i] : NULL;
}

const struct oa_set *oa_find_set(const char *sym)
{
	unsigned int i;

	for (i = 0; i < OA_NUM_SETS; i++)
		if (!strcmp(oa_sets[i].symbol_name, sym))
			return &oa_sets[i];
	return NULL;
}

int oa_sysfs_set_id(int fd, const char *uuid, uint64_t *id)
{
	char pattern[PATH_MAX];
	struct stat st;
	glob_t g;
	int err = -ENOENT;

	if (fstat(fd, &st))
		return -errno;
	snprintf(pattern, sizeof(pattern),
		 "/sys/dev/char/%u:%u/device/drm/card*/metrics/%s/id",
		 major(st.st_rdev), minor(st.st_rdev), uuid);
	if (glob(pattern, 0, NULL, &g))
		return -ENOENT;
	if (g.gl_pathc)
		err = dg1dev_read_u64(g.gl_pathv[0], id);
	globfree(&g);
	return err;
}

int oa_get_set_id(int fd, const struct oa_set *set, uint64_t *id,
		  bool *added)
{
	struct drm_dg1_perf_oa_config cfg = {
		.n_mux_regs = set->n_mux,
		.n_boolean_regs = set->n_boolean,
		.n_flex_regs = set->n_flex,
		.mux_regs_ptr = (uintptr_t)set->mux,
		.boolean_regs_ptr = (uintptr_t)set->boolean,
		.flex_regs_ptr = (uintptr_t)set->flex,
	};
	int ret;

	*added = false;
	if (!oa_sysfs_set_id(fd, set->guid, id))
		return 0;

	memcpy(cfg.uuid, set->guid, sizeof(cfg.uuid));
	ret = dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg);
	if (ret > 0) {
		*id = ret;
		*added = true;
		return 0;
	}
	if (ret == 0)
		return -EPROTO;
	/* Added by someone else since we looked. */
	if (errno == EADDRINUSE)
		return oa_sysfs_set_id(fd, set->guid, id) ? -EADDRINUSE : 0;
	return -errno;
}

void oa_count_records(const uint8_t *buf, size_t len, struct oa_counts *c)
{
	const struct drm_dg1_perf_record_header *h;
	size_t off = 0;

	while (off + sizeof(*h) <= len) {
		h = (const void *)(buf + off);
		if (h->size < sizeof(*h))
			break;
		switch (h->type) {
		case DRM_DG1_PERF_RECORD_SAMPLE:
			c->samples++;
			break;
		case DRM_DG1_PERF_RECORD_OA_REPORT_LOST:
			c->report_lost++;
			break;
		case DRM_DG1_PERF_RECORD_OA_BUFFER_LOST:
			c->buffer_lost++;
			break;
		default:
			c->other++;
		}
		off += h->size;
	}
	c->bytes += len;
}
