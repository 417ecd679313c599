/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_oa_util.h - what the OA tools share: the metric sets of oa-dg1.xml
 * by name, their ids (sysfs or PERF_ADD_CONFIG), and counting the
 * records a stream's read() returned.
 */
#ifndef DG1_OA_UTIL_H
#define DG1_OA_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_oa_sets.h"

struct oa_counts {
	uint64_t bytes;
	uint64_t samples;
	uint64_t report_lost;
	uint64_t buffer_lost;
	uint64_t other;
};

/* The sets of oa-dg1.xml, in its order. */
unsigned int oa_num_sets(void);
const struct oa_set *oa_set_at(unsigned int i);
/* The set whose symbol_name is @sym, or NULL. */
const struct oa_set *oa_find_set(const char *sym);
/* card<N>/metrics/<uuid>/id of the card behind render node @fd; -errno. */
int oa_sysfs_set_id(int fd, const char *uuid, uint64_t *id);
/*
 * The id of @set: an existing one from sysfs, else a new one from
 * PERF_ADD_CONFIG (*added then true). 0 or -errno.
 */
int oa_get_set_id(int fd, const struct oa_set *set, uint64_t *id,
		  bool *added);
/* Count the whole records of a read() of @len bytes into @c. */
void oa_count_records(const uint8_t *buf, size_t len, struct oa_counts *c);

#endif /* DG1_OA_UTIL_H */
