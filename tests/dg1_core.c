// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_core - the basics: the driver identifies itself, answers
 * DRM_IOCTL_DG1_QUERY as uapi/dg1_drm.h documents it (two-pass sizing,
 * MBZ fields, bad input) for every item, and probing touched only
 * registers that exist.
 *
 * What the items say (topology, engine cycles) is dg1_gt's; here only
 * the query contract. DRM_DG1_QUERY_ENGINE_CYCLES is an in/out item: its
 * buffer carries the input, and its size must be exact.
 *
 * The *-lmem-bar, *-exact and vdg1-counters subtests need vdg1 and the
 * -sysfs one sysfs: with DG1_EXPECT_VDG1=1 their absence is a failure, on
 * a real DG1 they skip.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"

#define CANARY		0xa5
#define CANARY_LEN	256

/* File scope: shared by blocks, so it must survive their longjmps. */
static int fd = -1;
static char pci[PATH_MAX];		/* "" when sysfs does not tell */
static char pci_why[256];
static struct dg1dev_vdg1 *vdg1;	/* NULL on real hardware */
static char vdg1_why[320];

static const struct item {
	uint32_t id;
	bool inout;	/* reads its input from @data; exact size only */
} items[] = {
	{ .id = DRM_DG1_QUERY_DEVICE },
	{ .id = DRM_DG1_QUERY_ENGINES },
	{ .id = DRM_DG1_QUERY_TOPOLOGY },
	{ .id = DRM_DG1_QUERY_ENGINE_CYCLES, .inout = true },
	{ .id = DRM_DG1_QUERY_MEMORY_REGIONS },
};

#define for_each_item(i) \
	for (unsigned int __n = 0; \
	     __n < ARRAY_SIZE(items) && ((i) = &items[__n], 1); \
	     __n++)

#define ECI(class, instance) \
	{ .engine_class = DRM_DG1_ENGINE_CLASS_##class, .engine_instance = instance }

/* 64-bit so that a garbage count cannot wrap into a matching size. */
static uint64_t engines_size(uint32_t n)
{
	return sizeof(struct drm_dg1_query_engines) +
	       (uint64_t)n * sizeof(struct drm_dg1_engine_class_instance);
}

/* The length the answer to @item must have, from the struct sizes. */
static uint64_t expected_size(uint32_t item)
{
	struct drm_dg1_query_engines *e;
	uint32_t size, n;

	switch (item) {
	case DRM_DG1_QUERY_DEVICE:
		return sizeof(struct drm_dg1_query_device);
	case DRM_DG1_QUERY_TOPOLOGY:
		return sizeof(struct drm_dg1_query_topology);
	case DRM_DG1_QUERY_ENGINE_CYCLES:
		return sizeof(struct drm_dg1_query_engine_cycles);
	case DRM_DG1_QUERY_MEMORY_REGIONS:
		/* One entry per region of enum drm_dg1_memory_region. */
		return sizeof(struct drm_dg1_query_memory_regions) +
		       2 * sizeof(struct drm_dg1_memory_region_info);
	}

	e = igt_dg1_query_item(fd, item, &size);
	n = e->num_engines;
	free(e);
	return engines_size(n);
}

/* The size a sizing pass (size 0) reports. */
static uint32_t sizing_pass(uint32_t item)
{
	struct drm_dg1_query q = { .query = item };

	do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
	return q.size;
}

static void fill_canary(void *buf, size_t len)
{
	memset(buf, CANARY, len);
}

/*
 * The buffer a call of @item starts from: the canary, and for an in/out
 * item a valid input (rcs0, CLOCK_MONOTONIC) in front of it, so that only
 * what the call is about can make it fail.
 */
static void prepare_buf(const struct item *item, void *buf, size_t len)
{
	struct drm_dg1_query_engine_cycles in = {
		.eci = ECI(RENDER, 0),
		.clockid = CLOCK_MONOTONIC,
	};

	fill_canary(buf, len);
	if (item->inout)
		memcpy(buf, &in, len < sizeof(in) ? len : sizeof(in));
}

/* Offset of the first byte in [from, to) where @buf and @ref differ, or -1. */
static long first_changed(const void *buf, const void *ref, size_t from,
			  size_t to)
{
	const uint8_t *p = buf, *r = ref;
	size_t i;

	for (i = from; i < to; i++)
		if (p[i] != r[i])
			return i;

	return -1;
}

/* Offset of the first byte in [from, to) that is not the canary, or -1. */
static long first_dirty(const void *buf, size_t from, size_t to)
{
	const uint8_t *p = buf;
	size_t i;

	for (i = from; i < to; i++)
		if (p[i] != CANARY)
			return i;

	return -1;
}

static uint32_t engine_key(const struct drm_dg1_engine_class_instance *e)
{
	return (uint32_t)e->engine_class << 16 | e->engine_instance;
}

static bool engine_eq(const struct drm_dg1_engine_class_instance *a,
		      const struct drm_dg1_engine_class_instance *b)
{
	return engine_key(a) == engine_key(b);
}

static void test_version(void)
{
	struct drm_version v = { };
	char *name;

	/* Zero lengths: the kernel only reports how long each string is. */
	do_ioctl(fd, DRM_IOCTL_VERSION, &v);
	igt_assert_eq(v.name_len, strlen(DG1DEV_DRIVER_NAME));

	name = calloc(1, v.name_len + 1);
	igt_assert(name);
	v.name = name;
	v.date_len = 0;
	v.desc_len = 0;
	do_ioctl(fd, DRM_IOCTL_VERSION, &v);
	igt_assert_f(!strcmp(name, DG1DEV_DRIVER_NAME),
		     "driver name '%s', expected '%s'", name, DG1DEV_DRIVER_NAME);

	igt_debug("driver %s %d.%d.%d\n", name, v.version_major,
		  v.version_minor, v.version_patchlevel);
	free(name);
}

static void test_query_device(void)
{
	struct drm_dg1_query_device *dev;
	uint32_t size;
	unsigned int i;

	dev = igt_dg1_query_item(fd, DRM_DG1_QUERY_DEVICE, &size);
	igt_assert_eq(size, sizeof(*dev));

	igt_debug("device 0x%04x rev 0x%x, graphics %u media %u, lmem 0x%llx of bar 0x%llx\n",
		  dev->device_id, dev->revision, dev->graphics_ver,
		  dev->media_ver, (unsigned long long)dev->lmem_size,
		  (unsigned long long)dev->lmem_bar_size);

	igt_assert_f(dev->device_id >= DG1DEV_PCI_DEVICE_MIN &&
		     dev->device_id <= DG1DEV_PCI_DEVICE_MAX,
		     "device id 0x%04x is not a DG1 one (0x%x..0x%x)",
		     dev->device_id, DG1DEV_PCI_DEVICE_MIN,
		     DG1DEV_PCI_DEVICE_MAX);
	igt_assert_eq(dev->graphics_ver, 1210);
	igt_assert_eq(dev->media_ver, 1200);

	igt_assert_cmpu64(dev->lmem_size, >, 0);
	igt_assert_eq_u64(dev->lmem_size & 4095, 0);

	igt_assert_eq_u32(dev->pad, 0);
	for (i = 0; i < ARRAY_SIZE(dev->reserved); i++)
		igt_assert_eq_u64(dev->reserved[i], 0);
	free(dev);
}

/*
 * LMEM and BAR2 as vdg1 was configured (counters page): usable LMEM ends
 * where the GGTT's stolen area (GSM) starts, at the top of LMEM; the BAR
 * shows the start of LMEM, all of it or (lmem-bar-size) less.
 */
static void test_query_device_lmem_bar(void)
{
	struct drm_dg1_query_device *dev;
	struct vdg1_counters_page v;
	uint64_t lmem, bar;
	uint32_t size;

	igt_dg1_require_f(vdg1,
			  "only vdg1 says how much LMEM and BAR it has: %s",
			  vdg1_why);
	dg1dev_vdg1_snapshot(vdg1, &v);
	lmem = dg1dev_vdg1_lmem_size(&v);
	bar = dg1dev_vdg1_lmem_bar_size(&v);
	igt_info("vdg1: lmem-size %llu MiB, lmem-bar-size %llu MiB\n",
		 (unsigned long long)(lmem >> 20),
		 (unsigned long long)(bar >> 20));
	igt_assert_f(lmem > VDG1_LMEM_RESERVED && bar && bar <= lmem,
		     "vdg1 reports lmem-size 0x%llx, lmem-bar-size 0x%llx",
		     (unsigned long long)lmem, (unsigned long long)bar);

	dev = igt_dg1_query_item(fd, DRM_DG1_QUERY_DEVICE, &size);
	igt_assert_eq_u64(dev->lmem_size, lmem - VDG1_LMEM_RESERVED);
	igt_assert_eq_u64(dev->lmem_bar_size, bar);
	free(dev);
}

/* The answer must agree with what the PCI core says about the device. */
static void test_query_device_sysfs(void)
{
	struct drm_dg1_query_device *dev;
	uint64_t val;
	uint32_t size;

	igt_dg1_require_f(pci[0], "no sysfs PCI device for the dg1 node: %s",
			  pci_why);
	dev = igt_dg1_query_item(fd, DRM_DG1_QUERY_DEVICE, &size);

	igt_assert_eq(dg1dev_pci_attr(pci, "vendor", &val), 0);
	igt_assert_eq_u64(val, DG1DEV_PCI_VENDOR_INTEL);
	igt_assert_eq(dg1dev_pci_attr(pci, "device", &val), 0);
	igt_assert_eq_u64(dev->device_id, val);
	igt_assert_eq(dg1dev_pci_attr(pci, "revision", &val), 0);
	igt_assert_eq_u64(dev->revision, val);
	igt_assert_eq(dg1dev_pci_bar_size(pci, 2, &val), 0);
	igt_assert_eq_u64(dev->lmem_bar_size, val);
	free(dev);
}

static void test_query_engines(void)
{
	const struct drm_dg1_engine_class_instance rcs0 = ECI(RENDER, 0);
	struct drm_dg1_query_engines *q;
	bool has_rcs0 = false;
	char name[32], prev[32];
	uint32_t size, i;

	q = igt_dg1_query_item(fd, DRM_DG1_QUERY_ENGINES, &size);
	igt_assert_lte(sizeof(*q), size);
	igt_assert_eq(size, engines_size(q->num_engines));
	igt_assert_eq_u32(q->pad, 0);
	igt_assert_lt(0, q->num_engines);

	for (i = 0; i < q->num_engines; i++) {
		const struct drm_dg1_engine_class_instance *e = &q->engines[i];

		dg1dev_engine_name(e, name, sizeof(name));
		igt_debug("engine %u: %s\n", i, name);

		igt_assert_f(e->engine_class <= DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
			     "engine %u: invalid class %u", i, e->engine_class);
		igt_assert_f(!e->pad, "engine %u (%s): pad 0x%x", i, name,
			     e->pad);
		/* Strictly increasing also rules out duplicates. */
		if (i)
			igt_assert_f(engine_key(&q->engines[i - 1]) < engine_key(e),
				     "engine %u: %s after %s: not ordered by class then instance, or duplicated",
				     i, name,
				     dg1dev_engine_name(&q->engines[i - 1],
							prev, sizeof(prev)));
		igt_assert_f(dg1dev_dg1_can_have(e), "engine %u: DG1 has no %s",
			     i, name);
		has_rcs0 |= engine_eq(e, &rcs0);
	}
	igt_assert_f(has_rcs0, "no rcs0 among %u engines", q->num_engines);
	free(q);
}

/*
 * The engines vdg1's media fuse leaves (counters page; the fuse layout is
 * dg1dev_media_fuse_leaves()'s), in order, and no other.
 */
static void test_query_engines_exact(void)
{
	struct drm_dg1_engine_class_instance want[DG1DEV_MAX_ENGINES];
	struct drm_dg1_query_engines *q;
	struct vdg1_counters_page v;
	char name[32], wname[32];
	uint32_t size, i, n;

	igt_dg1_require_f(vdg1,
			  "only vdg1 says which engines its fuses leave: %s",
			  vdg1_why);
	dg1dev_vdg1_snapshot(vdg1, &v);
	n = dg1dev_fused_engines(v.fuse_vebox_vdbox_disable, want);

	q = igt_dg1_query_item(fd, DRM_DG1_QUERY_ENGINES, &size);
	igt_assert_f(q->num_engines == n,
		     "%u engines, vdg1's media fuse 0x%08x leaves %u",
		     q->num_engines, v.fuse_vebox_vdbox_disable, n);
	for (i = 0; i < n; i++)
		igt_assert_f(engine_eq(&q->engines[i], &want[i]),
			     "engine %u is %s, vdg1's fuses leave %s", i,
			     dg1dev_engine_name(&q->engines[i], name,
						sizeof(name)),
			     dg1dev_engine_name(&want[i], wname,
						sizeof(wname)));
	free(q);
}

static void test_query_size_zero(void)
{
	uint8_t buf[CANARY_LEN], ref[CANARY_LEN];
	const struct item *item;

	for_each_item(item) {
		struct drm_dg1_query q = { .query = item->id };
		uint64_t expected = expected_size(item->id);

		igt_debug("item %u\n", item->id);
		do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
		igt_assert_eq(q.size, expected);

		/*
		 * @data is ignored when @size is 0, an in/out item's input
		 * included: neither written...
		 */
		prepare_buf(item, buf, sizeof(buf));
		memcpy(ref, buf, sizeof(ref));
		q = (struct drm_dg1_query){
			.query = item->id,
			.data = (uintptr_t)buf,
		};
		do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
		igt_assert_eq(q.size, expected);
		igt_assert_eq(first_changed(buf, ref, 0, sizeof(buf)), -1);

		/* ...nor read nor checked. */
		q = (struct drm_dg1_query){
			.query = item->id,
			.data = (uintptr_t)-4096,
		};
		do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
		igt_assert_eq(q.size, expected);
	}
}

static void test_query_short_buffer(void)
{
	const struct item *item;

	for_each_item(item) {
		uint32_t needed = sizing_pass(item->id), len = needed + CANARY_LEN;
		uint8_t *buf = malloc(len), *ref = malloc(len);
		uint32_t short_size;

		igt_assert(buf && ref);
		prepare_buf(item, ref, len);
		for (short_size = 1; short_size < needed; short_size++) {
			struct drm_dg1_query q = {
				.query = item->id,
				.size = short_size,
				.data = (uintptr_t)buf,
			};
			long changed;

			memcpy(buf, ref, len);
			do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EINVAL);
			igt_assert_eq(q.size, needed);

			/* An in/out item must not write any of its input back. */
			changed = first_changed(buf, ref,
						item->inout ? 0 : short_size,
						len);
			igt_assert_f(changed < 0,
				     "query %u with size %u wrote byte %ld",
				     item->id, short_size, changed);
		}
		free(ref);
		free(buf);
	}
}

/* Query @item into a @size-byte buffer that is really only @needed long. */
static void check_large_query(uint32_t item, uint32_t size, const void *ref,
			      uint32_t needed)
{
	uint32_t len = needed + 4096 + CANARY_LEN;
	uint8_t *buf = malloc(len);
	struct drm_dg1_query q = {
		.query = item,
		.size = size,
		.data = (uintptr_t)buf,
	};
	long dirty;

	igt_assert(buf);
	fill_canary(buf, len);
	do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
	igt_assert_eq(q.size, needed);
	igt_assert_f(!memcmp(buf, ref, needed),
		     "query %u with size %u: answer differs from the exact-size one",
		     item, size);

	dirty = first_dirty(buf, needed, len);
	igt_assert_f(dirty < 0,
		     "query %u with size %u wrote byte %ld past the %u-byte answer",
		     item, size, dirty, needed);
	free(buf);
}

/* An in/out item takes its exact size only: larger fails, writing nothing. */
static void check_large_inout(const struct item *item, uint32_t size,
			      uint32_t needed)
{
	uint32_t len = needed + 4096 + CANARY_LEN;
	uint8_t *buf = malloc(len), *ref = malloc(len);
	struct drm_dg1_query q = {
		.query = item->id,
		.size = size,
		.data = (uintptr_t)buf,
	};
	long changed;

	igt_assert(buf && ref);
	prepare_buf(item, ref, len);
	memcpy(buf, ref, len);
	do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EINVAL);
	changed = first_changed(buf, ref, 0, len);
	igt_assert_f(changed < 0,
		     "in/out query %u with size %u failed but wrote byte %ld",
		     item->id, size, changed);
	free(ref);
	free(buf);
}

static void test_query_large_buffer(void)
{
	const struct item *item;
	uint32_t needed;
	void *ref;

	for_each_item(item) {
		if (item->inout) {
			needed = sizing_pass(item->id);
			check_large_inout(item, needed + 1, needed);
			check_large_inout(item, needed + 8, needed);
			check_large_inout(item, needed + 4096, needed);
			check_large_inout(item, UINT32_MAX, needed);
			continue;
		}
		ref = igt_dg1_query_item(fd, item->id, &needed);
		check_large_query(item->id, needed + 1, ref, needed);
		check_large_query(item->id, needed + 8, ref, needed);
		check_large_query(item->id, needed + 4096, ref, needed);
		/* The driver must write the answer only, never @size bytes. */
		check_large_query(item->id, UINT32_MAX, ref, needed);
		free(ref);
	}
}

static void test_query_invalid_item(void)
{
	static const uint32_t bad[] = {
		DRM_DG1_QUERY_VM + 1, DRM_DG1_QUERY_VM + 2,
		0x100, 0xffff, 0x80000000, UINT32_MAX,
	};
	uint8_t buf[4096];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct drm_dg1_query q = { .query = bad[i] };

		igt_debug("item 0x%x\n", bad[i]);
		do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EINVAL);

		fill_canary(buf, sizeof(buf));
		q = (struct drm_dg1_query){
			.query = bad[i],
			.size = sizeof(buf),
			.data = (uintptr_t)buf,
		};
		do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EINVAL);
		igt_assert_eq(first_dirty(buf, 0, sizeof(buf)), -1);
	}
}

/*
 * Non-zero MBZ fields fail whatever else the query asks: in the sizing pass
 * and in the full one (with a valid input for an in/out item), where
 * nothing may be written either.
 */
static void check_mbz_rejected(const struct item *item,
			       const struct drm_dg1_query *bad)
{
	uint32_t needed = sizing_pass(bad->query), len = needed + CANARY_LEN;
	uint8_t *buf = malloc(len), *ref = malloc(len);
	struct drm_dg1_query q = *bad;

	igt_assert(buf && ref);
	q.size = 0;
	q.data = 0;
	do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EINVAL);

	prepare_buf(item, ref, len);
	memcpy(buf, ref, len);
	q = *bad;
	q.size = needed;
	q.data = (uintptr_t)buf;
	do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EINVAL);
	igt_assert_eq(first_changed(buf, ref, 0, len), -1);
	free(ref);
	free(buf);
}

static void test_query_nonzero_extensions(void)
{
	static uint64_t dummy[4];
	const uint64_t ext[] = { 1, (uintptr_t)dummy, UINT64_MAX };
	const struct item *item;
	unsigned int i;

	for_each_item(item) {
		for (i = 0; i < ARRAY_SIZE(ext); i++) {
			struct drm_dg1_query q = {
				.query = item->id,
				.extensions = ext[i],
			};

			igt_debug("item %u extensions 0x%llx\n", item->id,
				  (unsigned long long)ext[i]);
			check_mbz_rejected(item, &q);
		}
	}
}

static void test_query_nonzero_reserved(void)
{
	static const uint64_t val[] = { 1, 1ull << 63, UINT64_MAX };
	const struct item *item;
	struct drm_dg1_query q;
	unsigned int r, i;

	for_each_item(item) {
		for (r = 0; r < ARRAY_SIZE(q.reserved); r++) {
			for (i = 0; i < ARRAY_SIZE(val); i++) {
				q = (struct drm_dg1_query){ .query = item->id };
				q.reserved[r] = val[i];

				igt_debug("item %u reserved[%u] 0x%llx\n",
					  item->id, r,
					  (unsigned long long)val[i]);
				check_mbz_rejected(item, &q);
			}
		}
	}
}

static void test_query_bad_pointer(void)
{
	long page = sysconf(_SC_PAGESIZE);
	const struct item *item;
	uint8_t *map;

	/* Page 0 writable, page 1 read-only, page 2 inaccessible. */
	map = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(map != MAP_FAILED);
	igt_assert_eq(mprotect(map + page, page, PROT_READ), 0);
	igt_assert_eq(mprotect(map + 2 * page, page, PROT_NONE), 0);

	/*
	 * The pages hold zeroes, which as an in/out item's input are valid
	 * (rcs0, CLOCK_REALTIME): read-only input can be read but the answer
	 * not written back.
	 */
	for_each_item(item) {
		uint32_t needed = sizing_pass(item->id);
		const uint64_t bad[] = {
			0,				/* NULL */
			8,				/* NULL page */
			(uintptr_t)-4096,		/* top of the address space */
			(uintptr_t)(map + page),	/* read-only */
			(uintptr_t)(map + 2 * page),	/* PROT_NONE */
			/* runs from writable into read-only */
			(uintptr_t)(map + page - needed / 2),
		};
		unsigned int i;

		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			struct drm_dg1_query q = {
				.query = item->id,
				.size = needed,
				.data = bad[i],
			};

			/*
			 * A failed copy-out may have written part of an answer
			 * into the writable page: an in/out input must be
			 * zeroes (valid) again.
			 */
			memset(map, 0, page);
			igt_debug("item %u data 0x%llx\n", item->id,
				  (unsigned long long)bad[i]);
			do_ioctl_err(fd, DRM_IOCTL_DG1_QUERY, &q, EFAULT);
		}
	}

	munmap(map, 3 * page);
}

static void test_vdg1_counters(void)
{
	struct vdg1_counters_page s;
	const struct item *item;
	char line[512];
	uint32_t size;

	igt_dg1_require_f(vdg1, "vdg1 counters unavailable: %s", vdg1_why);
	dg1dev_vdg1_snapshot(vdg1, &s);
	igt_assert_eq_u32(s.magic, VDG1_COUNTERS_MAGIC_VALUE);
	igt_assert_eq_u32(s.version, VDG1_COUNTERS_VERSION_VALUE);

	/*
	 * Whatever registers answering queries touches counts too. A zeroed
	 * buffer is a valid ENGINE_CYCLES input: rcs0, CLOCK_REALTIME.
	 */
	for_each_item(item)
		free(igt_dg1_query_item(fd, item->id, &size));

	dg1dev_vdg1_snapshot(vdg1, &s);
	dg1dev_vdg1_format_counters(&s, line, sizeof(line));
	igt_info("vdg1: %s\n", line);

	/* The driver must only touch registers DG1 implements. */
	igt_assert_f(!s.unclaimed_reads && !s.unclaimed_writes,
		     "%u unclaimed reads, %u unclaimed writes, latest at 0x%x",
		     s.unclaimed_reads, s.unclaimed_writes, s.last_unclaimed);
	igt_assert_f(!s.wake_violations,
		     "%u accesses to sleeping wake domains, latest at 0x%x",
		     s.wake_violations, s.last_wake_violation);
	igt_assert_f(!s.mcr_terminated,
		     "%u MCR accesses to fused-off instances, latest at 0x%x",
		     s.mcr_terminated, s.last_mcr_terminated);
}

igt_main
{
	igt_fixture {
		int err;

		fd = igt_dg1_open_render();
		err = dg1dev_pci_path(fd, pci, sizeof(pci));
		if (err) {
			snprintf(pci_why, sizeof(pci_why), "%s",
				 strerror(-err));
			pci[0] = '\0';
		}
		errno = 0;
		if (pci[0])
			vdg1 = igt_dg1_vdg1_probe(pci, vdg1_why,
						  sizeof(vdg1_why));
		else
			snprintf(vdg1_why, sizeof(vdg1_why),
				 "no sysfs PCI device: %s", pci_why);
	}

	igt_subtest("version")
		test_version();

	igt_subtest("query-device")
		test_query_device();

	igt_subtest("query-device-lmem-bar")
		test_query_device_lmem_bar();

	igt_subtest("query-device-sysfs")
		test_query_device_sysfs();

	igt_subtest("query-engines")
		test_query_engines();

	igt_subtest("query-engines-exact")
		test_query_engines_exact();

	igt_subtest("query-size-zero")
		test_query_size_zero();

	igt_subtest("query-short-buffer")
		test_query_short_buffer();

	igt_subtest("query-large-buffer")
		test_query_large_buffer();

	igt_subtest("query-invalid-item")
		test_query_invalid_item();

	igt_subtest("query-nonzero-extensions")
		test_query_nonzero_extensions();

	igt_subtest("query-nonzero-reserved")
		test_query_nonzero_reserved();

	igt_subtest("query-bad-pointer")
		test_query_bad_pointer();

	igt_subtest("vdg1-counters")
		test_vdg1_counters();

	igt_fixture {
		igt_dg1_vdg1_close(vdg1);
		close(fd);
	}
}
