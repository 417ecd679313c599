// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_mem - what dg1's memory management costs, in numbers. Prints,
 * never judges: every figure is a "bench: <what>: <number>" line.
 *
 * Three parts, each bounded in time (-t, per figure; under TCG the whole
 * run takes about ten seconds of guest time with the defaults):
 *
 *  create  object create + mmap + first touch (one write per page) +
 *          munmap + close, per second, for dg1 SMEM, dg1 LMEM and vgem's
 *          dumb buffers (vgem, the kernel's shmem-backed GEM driver, is
 *          the yardstick), at 4 KiB, 64 KiB and 2 MiB, interleaved in
 *          rounds so that a slow phase of the host hits all three alike.
 *  evict   LMEM filled with objects that hold a pattern, then more LMEM
 *          objects created and touched, so that TTM must evict to SMEM;
 *          MiB/s of that eviction against a memcpy() of the same amount
 *          in the guest. The regions' "used" before and after say how much
 *          moved; every object's pattern is read back afterwards, the
 *          evicted ones from SMEM.
 *  bind    VM_BIND map + unmap of one 4 KiB page, per second, with 1,
 *          1000 and 100000 mappings already in the VM (4 KiB mappings of
 *          one object at distinct addresses, bound in batches of
 *          max_bind_ops).
 *
 * Where vdg1's counters page is mapped, the exact counts of the device
 * side are printed too: MMIO accesses per operation, TLB invalidations per
 * map + unmap (and the driver's, from debugfs gt_tlb).
 *
 * Exit status - whether it measured, not whether the figures are good:
 *  0  every figure has a value;
 *  1  it cannot measure: no dg1 or vgem node, an ioctl failed, no
 *     eviction happened, a pattern did not survive it, VM_BIND is not
 *     supported, vdg1's counters or debugfs missing on vdg1
 *     (DG1_EXPECT_VDG1=1);
 *  2  bad arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dg1_bench_mem.h"
#include "dg1_dev_debugfs.h"

const char *prog;

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-d /dev/dri/renderDN] [-p PARTS] [-t MS] [-e MIB] [-h]\n"
		"Measure dg1's memory management; prints \"bench: <what>: <n>\" lines.\n"
		"  -d, --device NODE   render node (default: $%s, else the first dg1)\n"
		"  -p, --parts LIST    comma-separated: create, evict, bind (default all)\n"
		"  -t, --time MS       time per figure (default 200)\n"
		"  -e, --evict MIB     LMEM to evict, a multiple of 8 (default 64)\n"
		"  -h, --help          this text\n"
		"Exit status: 0 measured, 1 cannot measure, 2 bad arguments.\n",
		prog, DG1_DEVICE_ENV);
}

const char *size_name(unsigned long long size, char *buf, size_t len)
{
	if (size >= MiB && !(size % MiB))
		snprintf(buf, len, "%llu MiB", size / MiB);
	else
		snprintf(buf, len, "%llu KiB", size / KiB);
	return buf;
}

int fail(const char *what, int err)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(-err));
	return err;
}

void vdg1_snap(const struct bench *b, struct vdg1_counters_page *s)
{
	if (b->have_vdg1)
		dg1dev_vdg1_snapshot(&b->vdg1, s);
	else
		memset(s, 0, sizeof(*s));
}

uint32_t mmio_delta(const struct vdg1_counters_page *s0,
			   const struct vdg1_counters_page *s1)
{
	return (s1->mmio_reads - s0->mmio_reads) +
	       (s1->mmio_writes - s0->mmio_writes);
}

/* mmap() @size bytes of @fd at @offset, write each page once, unmap. */
int map_touch(int fd, uint64_t offset, uint64_t size)
{
	volatile uint32_t *p;
	uint64_t off;

	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	if (p == MAP_FAILED)
		return -errno;
	/* The first touch: it faults every page in. */
	for (off = 0; off < size; off += PAGE)
		p[off / sizeof(*p)] = (uint32_t)off | 1;
	munmap((void *)p, size);
	return 0;
}

int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return dg1dev_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c) ? -errno : 0;
}

int dg1_create(int fd, uint16_t region, uint64_t size, uint32_t *handle)
{
	struct drm_dg1_gem_create c = {
		.size = size,
		.num_placements = 1,
		.placements = { region },
	};

	/* Deterministic: never a move into the BAR at the first fault. */
	if (region == DRM_DG1_MEMORY_REGION_LMEM)
		c.flags = DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS;
	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_CREATE, &c))
		return -errno;
	*handle = c.handle;
	return 0;
}

int dg1_mmap(int fd, uint32_t handle, uint64_t size, void **p)
{
	struct drm_dg1_gem_mmap_offset mo = { .handle = handle };

	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &mo))
		return -errno;
	*p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		  mo.offset);
	return *p == MAP_FAILED ? -errno : 0;
}

enum { PART_CREATE = 1, PART_EVICT = 2, PART_BIND = 4 };

static const struct {
	const char *name;
	unsigned int bit;
	int (*run)(struct bench *b);
} part[] = {
	{ "create", PART_CREATE, bench_create },
	{ "evict", PART_EVICT, bench_evict },
	{ "bind", PART_BIND, bench_bind },
};

static int parse_parts(char *arg, unsigned int *parts)
{
	char *tok, *save = NULL;
	unsigned int i;

	*parts = 0;
	for (tok = strtok_r(arg, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(part); i++)
			if (!strcmp(tok, part[i].name))
				break;
		if (i == ARRAY_SIZE(part))
			return -EINVAL;
		*parts |= part[i].bit;
	}
	return *parts ? 0 : -EINVAL;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "parts", required_argument, NULL, 'p' },
		{ "time", required_argument, NULL, 't' },
		{ "evict", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct bench b = { .vgem = -1, .budget_ms = 200,
			   .evict_bytes = 64 * MiB };
	unsigned int parts = PART_CREATE | PART_EVICT | PART_BIND;
	char pci[PATH_MAX], why[512], line[256];
	const char *want = NULL, *env;
	unsigned long v;
	unsigned int i, failed = 0;
	bool expect_vdg1;
	int c, err;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	setvbuf(stdout, NULL, _IOLBF, 0);

	while ((c = getopt_long(argc, argv, "d:p:t:e:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			want = optarg;
			break;
		case 'p':
			if (parse_parts(optarg, &parts))
				goto bad;
			break;
		case 't':
			if (dg1_parse_ulong(optarg, 1, 60000, &v))
				goto bad;
			b.budget_ms = v;
			break;
		case 'e':
			if (dg1_parse_ulong(optarg, 8, 1 << 20, &v) || v % 8)
				goto bad;
			b.evict_bytes = v * MiB;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			goto bad;
		}
	}
	if (optind < argc)
		goto bad;

	b.fd = dg1dev_open_render(want, b.node, sizeof(b.node));
	if (b.fd < 0) {
		fail("no dg1 render node", b.fd);
		return 1;
	}
	if (parts & PART_CREATE) {
		b.vgem = dg1dev_open_driver("vgem", false, b.vgem_node,
					    sizeof(b.vgem_node));
		if (b.vgem < 0) {
			fprintf(stderr, "%s: no vgem node in /dev/dri (modprobe vgem): the create figures need it\n",
				prog);
			return 1;
		}
	}

	env = getenv(DG1_EXPECT_VDG1_ENV);
	expect_vdg1 = env && !strcmp(env, "1");
	err = dg1dev_pci_path(b.fd, pci, sizeof(pci));
	if (err) {
		snprintf(why, sizeof(why), "no sysfs PCI device: %s",
			 strerror(-err));
	} else {
		err = dg1dev_vdg1_map(pci, &b.vdg1, why, sizeof(why));
		b.have_vdg1 = !err;
	}
	/* vdg1 of another layout: this build cannot read it. */
	if (err == -EPROTO || (err && expect_vdg1)) {
		fprintf(stderr, "%s: %s\n", prog, why);
		return 1;
	}
	if (!err && dg1dev_debugfs_dir(pci, b.dfs, sizeof(b.dfs), why,
				       sizeof(why))) {
		b.dfs[0] = '\0';
		if (expect_vdg1) {
			fprintf(stderr, "%s: on vdg1, but no debugfs: %s\n",
				prog, why);
			return 1;
		}
	}

	printf("%s: %s\n", prog, b.node);
	if (b.have_vdg1) {
		struct vdg1_counters_page s;

		dg1dev_vdg1_snapshot(&b.vdg1, &s);
		dg1dev_vdg1_format_config(&s, line, sizeof(line));
		printf("%s: vdg1: %s\n", prog, line);
	} else {
		printf("%s: no vdg1 figures: %s\n", prog, why);
	}

	/* Each part on its own: one that cannot measure spoils no other. */
	for (i = 0; i < ARRAY_SIZE(part); i++) {
		uint64_t t0 = dg1_now_ns();

		if (!(parts & part[i].bit))
			continue;
		if (part[i].run(&b))
			failed |= part[i].bit;
		printf("%s: %s: %s after %.1f s\n", prog, part[i].name,
		       failed & part[i].bit ? "NOT MEASURED" : "done",
		       (double)(dg1_now_ns() - t0) / DG1_NSEC_PER_SEC);
	}

	if (b.have_vdg1)
		dg1dev_vdg1_unmap(&b.vdg1);
	if (b.vgem >= 0)
		close(b.vgem);
	close(b.fd);
	return failed ? 1 : 0;

bad:
	usage(stderr);
	return 2;
}
