// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_gem_ggtt.c - dg1_gem's subtests of the GGTT as debugfs describes it:
 * unbound ranges point at scratch, and the kernel objects are where the
 * driver says.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dg1_gem.h"

/* The driver's GGTT as debugfs describes it (Documentation/memory.rst). */
#define GGTT_MAX_NODES	64

struct ggtt_node {
	uint64_t start, size, addr;
	char mem[8], name[32];
};

struct ggtt_view {
	unsigned long long size, scratch;
	struct ggtt_node node[GGTT_MAX_NODES];
	unsigned int num_nodes;
};

static void ggtt_read(struct ggtt_view *g)
{
	char *text = NULL, *line, *save = NULL;
	ssize_t len;

	memset(g, 0, sizeof(*g));
	igt_dg1_require_f(dut.dfs[0], "no debugfs: %s", dut.dfs_why);
	len = dg1dev_debugfs_read(dut.dfs, "ggtt", &text);
	igt_assert_f(len > 0, "cannot read %s/ggtt", dut.dfs);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ggtt_node *n = &g->node[g->num_nodes];

		if (sscanf(line, "size: 0x%llx", &g->size) == 1 ||
		    sscanf(line, "scratch: 0x%llx", &g->scratch) == 1)
			continue;
		if (strncmp(line, "node: ", 6))
			continue;
		igt_assert_f(g->num_nodes < GGTT_MAX_NODES,
			     "more than %d GGTT nodes", GGTT_MAX_NODES);
		igt_assert_f(sscanf(line, "node: 0x%" SCNx64 " 0x%" SCNx64
				    " %7s 0x%" SCNx64 " %31s", &n->start,
				    &n->size, n->mem, &n->addr, n->name) == 5,
			     "bad ggtt line \"%s\"", line);
		g->num_nodes++;
	}
	free(text);
	igt_assert_f(g->size, "no \"size: 0x...\" line in ggtt");
	igt_assert_f(g->scratch, "no \"scratch: 0x...\" line in ggtt");
}

/* The first address from @at on that no node covers. */
static uint64_t ggtt_unbound_from(const struct ggtt_view *g, uint64_t at)
{
	unsigned int i;
	bool moved;

	do {
		moved = false;
		for (i = 0; i < g->num_nodes; i++) {
			const struct ggtt_node *n = &g->node[i];

			if (at >= n->start && at - n->start < n->size) {
				at = n->start + n->size + (at & 4095);
				moved = true;
			}
		}
	} while (moved);
	return at;
}

/*
 * The GGTT: every entry the driver has not bound reads a scratch page, the
 * same one everywhere (Documentation/memory.rst). vdg1 translates through
 * the real PTEs; debugfs only says which page the driver meant and which
 * ranges it bound.
 */
void test_ggtt_scratch(void)
{
	struct dg1dev_probe pr, first = { 0 };
	struct vdg1_counters_page v;
	struct ggtt_view g;
	uint64_t at[6];
	char why[256];
	unsigned int i;

	igt_dg1_require_f(dut.vdg1, "only vdg1 translates GGTT addresses: %s",
			  dut.vdg1_why);
	ggtt_read(&g);

	/* GGC.GGMS 3 on vdg1: 8 MiB of PTEs, 4 GiB of GGTT. */
	igt_assert_eq_u64(g.size, 4ull << 30);
	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	igt_assert_f(v.ggtt_invalidations >= 1,
		     "the driver wrote the GGTT but never invalidated it");

	at[0] = ggtt_unbound_from(&g, 0);
	at[1] = ggtt_unbound_from(&g, 4096);
	at[2] = ggtt_unbound_from(&g, g.size / 2 + 12345);
	at[3] = g.size - 4096;
	at[4] = g.size - 1;
	/* Right behind the last node: unbinding or sizing must not leak. */
	at[5] = 0;
	for (i = 0; i < g.num_nodes; i++)
		if (g.node[i].start + g.node[i].size > at[5])
			at[5] = g.node[i].start + g.node[i].size;
	at[5] = ggtt_unbound_from(&g, at[5]);
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		igt_assert_f(at[i] < g.size, "no unbound GGTT page left");
		igt_assert_eq(dg1dev_vdg1_probe(dut.pci, VDG1_PROBE_MODE_GGTT,
						0, at[i],
						VDG1_PROBE_ACCESS_READ, &pr,
						why, sizeof(why)), 0);
		igt_assert_f(pr.status == VDG1_PROBE_OK,
			     "GGTT 0x%" PRIx64 ": status %u reason %u, not a page",
			     at[i], pr.status, pr.fault_reason);
		igt_assert_f(pr.mem == 0,
			     "GGTT 0x%" PRIx64 " maps LMEM, not the scratch page",
			     at[i]);
		igt_assert_eq_u64(pr.addr & ~4095ull, g.scratch);
		igt_assert_eq_u64(pr.addr & 4095, at[i] & 4095);
		if (!i)
			first = pr;
		igt_assert_eq_u64(pr.entry, first.entry);
	}
}

/*
 * The driver's own objects in the GGTT (status pages, later rings and
 * contexts): one per present engine at least, each page of each range
 * translating by vdg1's walk to the LMEM page debugfs says it holds, in
 * CPU-visible LMEM, no two sharing a page.
 */
void test_ggtt_kernel_objects(void)
{
	struct vdg1_counters_page v;
	struct dg1dev_probe pr;
	uint64_t bar;
	struct ggtt_view g;
	unsigned int i, j;
	char why[256];

	igt_dg1_require_f(dut.vdg1, "only vdg1 translates GGTT addresses: %s",
			  dut.vdg1_why);
	ggtt_read(&g);
	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	bar = dg1dev_vdg1_lmem_bar_size(&v);
	igt_assert_f(bar, "vdg1 reports no LMEM BAR size");

	for (i = 0; i < dut.num_engines; i++) {
		const char *name = dg1dev_engine_name(&dut.engines[i], why,
						      sizeof(why));
		bool found = false;

		for (j = 0; j < g.num_nodes; j++)
			found |= !strcmp(g.node[j].name, name);
		igt_assert_f(found, "no GGTT object named %s (its status page)",
			     name);
	}

	for (i = 0; i < g.num_nodes; i++) {
		const struct ggtt_node *n = &g.node[i];
		uint64_t off;

		igt_assert_f(!(n->start & 4095) && n->size && !(n->size & 4095),
			     "%s: GGTT range 0x%" PRIx64 "+0x%" PRIx64
			     " not in pages", n->name, n->start, n->size);
		igt_assert_f(!strcmp(n->mem, "lmem"),
			     "%s: kernel object in %s, not LMEM", n->name,
			     n->mem);
		igt_assert_f(n->addr + n->size <= bar,
			     "%s: LMEM 0x%" PRIx64 "+0x%" PRIx64
			     " beyond the BAR (0x%" PRIx64 ")", n->name,
			     n->addr, n->size, bar);
		for (j = 0; j < i; j++) {
			const struct ggtt_node *o = &g.node[j];

			igt_assert_f(n->start >= o->start + o->size ||
				     o->start >= n->start + n->size,
				     "GGTT ranges of %s and %s overlap",
				     n->name, o->name);
			igt_assert_f(n->addr >= o->addr + o->size ||
				     o->addr >= n->addr + n->size,
				     "%s and %s share LMEM", n->name, o->name);
		}
		for (off = 0; off < n->size; off += 4096) {
			igt_assert_eq(dg1dev_vdg1_probe(dut.pci,
							VDG1_PROBE_MODE_GGTT,
							0, n->start + off + 8,
							VDG1_PROBE_ACCESS_WRITE,
							&pr, why, sizeof(why)),
				      0);
			igt_assert_f(pr.status == VDG1_PROBE_OK && pr.mem == 1,
				     "%s: GGTT 0x%" PRIx64 " status %u mem %u",
				     n->name, n->start + off, pr.status,
				     pr.mem);
			igt_assert_eq_u64(pr.addr, n->addr + off + 8);
		}
	}
}
