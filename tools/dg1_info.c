// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_info - print what the dg1 driver found on the device.
 *
 * The output is a list of sections, each printed by one function of the
 * sections[] table; a new uAPI query (topology, OA, ...) adds one there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"

#define MiB	(1ull << 20)

struct info {
	int fd;
	char node[PATH_MAX];
	char pci[PATH_MAX];	/* "" when sysfs does not tell */
};

static const char *prog;

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-d /dev/dri/renderDN] [-h]\n"
		"Print what the dg1 driver found: device, IP versions, local\n"
		"memory, engines, GT topology, the CS timestamp clock, the\n"
		"memory regions and, on vdg1, its MMIO counters and\n"
		"configuration (needs root).\n"
		"  -d, --device NODE   use this render node (default: $%s, else\n"
		"                      the first dg1 one in /dev/dri)\n"
		"  -h, --help          this text\n",
		prog, DG1_DEVICE_ENV);
}

static const char *fmt_mib(uint64_t bytes, char *buf, size_t len)
{
	if (bytes % MiB)
		snprintf(buf, len, "%.1f MiB", (double)bytes / MiB);
	else
		snprintf(buf, len, "%llu MiB", (unsigned long long)(bytes / MiB));

	return buf;
}

/* Every section starts with one: a blank line, then the title. */
static void header(const char *title)
{
	printf("\n%s\n", title);
}

static int show_device(struct info *info)
{
	struct drm_dg1_query_device *dev;
	char name[64], lmem[32], bar[32];
	uint32_t size;
	int err;

	err = dg1dev_driver_name(info->fd, name, sizeof(name));
	if (err)
		return err;
	err = dg1dev_query(info->fd, DRM_DG1_QUERY_DEVICE, (void **)&dev,
			   &size);
	if (err)
		return err;
	if (size < sizeof(*dev)) {
		free(dev);
		return -EPROTO;
	}

	header("Device");
	printf("  name:         %s\n",
	       dg1dev_device_name(dev->device_id) ?: "unknown (not a DG1 id)");
	printf("  PCI id:       %04x:%04x rev %02x\n", DG1DEV_PCI_VENDOR_INTEL,
	       dev->device_id, dev->revision);
	printf("  driver:       %s\n", name);
	printf("  graphics IP:  %u.%02u\n", dev->graphics_ver / 100,
	       dev->graphics_ver % 100);
	printf("  media IP:     %u.%02u\n", dev->media_ver / 100,
	       dev->media_ver % 100);
	printf("  LMEM:         %s\n", fmt_mib(dev->lmem_size, lmem, sizeof(lmem)));
	printf("  LMEM BAR:     %s\n",
	       fmt_mib(dev->lmem_bar_size, bar, sizeof(bar)));

	free(dev);
	return 0;
}

static int show_engines(struct info *info)
{
	struct drm_dg1_query_engines *q;
	uint32_t size, i;
	char name[32];
	int err;

	err = dg1dev_query(info->fd, DRM_DG1_QUERY_ENGINES, (void **)&q, &size);
	if (err)
		return err;
	if (size < sizeof(*q) ||
	    (size - sizeof(*q)) / sizeof(q->engines[0]) < q->num_engines) {
		free(q);
		return -EPROTO;
	}

	printf("\nEngines (%u)\n ", q->num_engines);
	for (i = 0; i < q->num_engines; i++)
		printf(" %s", dg1dev_engine_name(&q->engines[i], name,
						 sizeof(name)));
	printf("\n");

	free(q);
	return 0;
}

/* "0x3e (5 of 6: 1 2 3 4 5)" */
static const char *fmt_mask(uint64_t mask, unsigned int max, char *buf,
			    size_t len)
{
	size_t n;
	unsigned int i;

	n = snprintf(buf, len, "0x%llx (%d of %u:", (unsigned long long)mask,
		     __builtin_popcountll(mask), max);
	for (i = 0; i < 64 && n < len; i++)
		if (mask & (1ull << i))
			n += snprintf(buf + n, len - n, " %u", i);
	if (n < len)
		snprintf(buf + n, len - n, ")");

	return buf;
}

static int show_topology(struct info *info)
{
	struct drm_dg1_query_topology *t;
	char dss[96], eus[96], l3[96];
	uint32_t size;
	int err;

	err = dg1dev_query(info->fd, DRM_DG1_QUERY_TOPOLOGY, (void **)&t,
			   &size);
	if (err)
		return err;
	if (size < sizeof(*t)) {
		free(t);
		return -EPROTO;
	}

	header("Topology");
	printf("  DSS:          %s\n",
	       fmt_mask(t->dss_mask, t->max_dss, dss, sizeof(dss)));
	printf("  EUs per DSS:  %s\n",
	       fmt_mask(t->eu_mask_per_dss, t->max_eus_per_dss, eus,
			sizeof(eus)));
	printf("  EUs:          %u\n", t->num_eus);
	printf("  L3 banks:     %s\n",
	       fmt_mask(t->l3_bank_mask, 8, l3, sizeof(l3)));

	free(t);
	return 0;
}

/* Where buffer objects live: each region's sizes and use. */
static int show_memory(struct info *info)
{
	static const char * const names[] = { "SMEM", "LMEM" };
	struct drm_dg1_query_memory_regions *q;
	char total[32], usable[32], used[32], vis[32], vis_used[32];
	uint32_t size, i;
	int err;

	err = dg1dev_query(info->fd, DRM_DG1_QUERY_MEMORY_REGIONS, (void **)&q,
			   &size);
	if (err)
		return err;
	if (size < sizeof(*q) ||
	    size < sizeof(*q) + (uint64_t)q->num_regions * sizeof(q->regions[0])) {
		free(q);
		return -EPROTO;
	}

	header("Memory regions");
	for (i = 0; i < q->num_regions; i++) {
		const struct drm_dg1_memory_region_info *r = &q->regions[i];

		printf("  %-5s total %s, usable %s, used %s; CPU-visible %s, used %s; pages of %u KiB\n",
		       r->region < ARRAY_SIZE(names) ? names[r->region] : "?",
		       fmt_mib(r->total_size, total, sizeof(total)),
		       fmt_mib(r->usable_size, usable, sizeof(usable)),
		       fmt_mib(r->used, used, sizeof(used)),
		       fmt_mib(r->cpu_visible_size, vis, sizeof(vis)),
		       fmt_mib(r->cpu_visible_used, vis_used, sizeof(vis_used)),
		       r->min_page_size / 1024);
	}

	free(q);
	return 0;
}

/* The CS timestamp clock, from one ENGINE_CYCLES query on rcs0. */
static int show_timestamp(struct info *info)
{
	static const struct drm_dg1_engine_class_instance rcs0 = {
		.engine_class = DRM_DG1_ENGINE_CLASS_RENDER,
	};
	struct drm_dg1_query_engine_cycles c;
	int err;

	err = dg1dev_engine_cycles(info->fd, &rcs0, CLOCK_MONOTONIC, &c);
	if (err)
		return err;

	header("CS timestamp (rcs0)");
	printf("  frequency:    %.3f MHz (%llu Hz)\n",
	       c.engine_frequency / 1e6,
	       (unsigned long long)c.engine_frequency);
	printf("  width:        %u bits\n", c.width);
	printf("  now:          0x%llx at CLOCK_MONOTONIC %llu.%09llu (+%llu ns)\n",
	       (unsigned long long)c.engine_cycles,
	       (unsigned long long)(c.cpu_timestamp / 1000000000),
	       (unsigned long long)(c.cpu_timestamp % 1000000000),
	       (unsigned long long)c.cpu_delta);

	return 0;
}

/*
 * Only on vdg1: real hardware has no counters and gets no section. A page
 * of another layout version is an error: the tools and vdg1 must match.
 */
static int show_vdg1(struct info *info)
{
	struct vdg1_counters_page s;
	struct dg1dev_vdg1 v;
	char why[256], line[512];
	int err;

	if (!*info->pci)
		return 0;

	err = dg1dev_vdg1_map(info->pci, &v, why, sizeof(why));
	if (err == -ENODEV)
		return 0;

	header("vdg1");
	if (err) {
		printf("  counters unavailable: %s\n", why);
		return err == -EPROTO ? err : 0;
	}

	dg1dev_vdg1_snapshot(&v, &s);
	dg1dev_vdg1_unmap(&v);
	printf("  counters page version %u\n", s.version);
	dg1dev_vdg1_format_counters(&s, line, sizeof(line));
	printf("  %s\n", line);
	dg1dev_vdg1_format_config(&s, line, sizeof(line));
	printf("  %s\n", line);

	return 0;
}

static const struct section {
	const char *name;
	int (*show)(struct info *info);
} sections[] = {
	{ "device", show_device },
	{ "engines", show_engines },
	{ "topology", show_topology },
	{ "timestamp", show_timestamp },
	{ "memory", show_memory },
	{ "vdg1", show_vdg1 },
};

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *want = NULL;
	struct info info = { };
	unsigned int i;
	int c, err, ret = 0;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];

	while ((c = getopt_long(argc, argv, "d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			want = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}

	info.fd = dg1dev_open_render(want, info.node, sizeof(info.node));
	if (info.fd < 0) {
		if (!want)
			want = getenv(DG1_DEVICE_ENV);
		if (want && *want)
			fprintf(stderr, "%s: %s is not a dg1 render node: %s\n",
				prog, want, strerror(-info.fd));
		else if (info.fd == -ENOENT)
			fprintf(stderr, "%s: no dg1 device: no /dev/dri\n", prog);
		else
			fprintf(stderr, "%s: no dg1 device in /dev/dri: %s\n",
				prog, strerror(-info.fd));
		return 1;
	}

	/* Without sysfs only the vdg1 section is lost. */
	if (dg1dev_pci_path(info.fd, info.pci, sizeof(info.pci)))
		info.pci[0] = '\0';

	printf("dg1: %s", info.node);
	if (*info.pci)
		printf(" (PCI %s)", strrchr(info.pci, '/') + 1);
	printf("\n");

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		err = sections[i].show(&info);
		fflush(stdout);
		if (err) {
			fprintf(stderr, "%s: %s: %s\n", prog, sections[i].name,
				strerror(-err));
			ret = 1;
		}
	}

	close(info.fd);
	return ret;
}
