// SPDX-License-Identifier: GPL-2.0
/*
 * i915_vdg1 - the stock i915 driver on vdg1: a driver we did not write,
 * measuring the model.
 *
 * The stock-i915 scenario loads Debian's i915.ko with force_probe=4905
 * enable_guc=0 and runs this with i915 bound. Every expectation comes from
 * outside i915: the engine list from vdg1's media fuse, "the batch ran"
 * from the dword it stored and from vdg1's per-engine submission count,
 * and the rules from vdg1's counters page. The last subtest unbinds i915
 * and checks that it left the device clean.
 *
 * Only meaningful on vdg1 (the scenario exports DG1_EXPECT_VDG1=1): on
 * anything else the subtests that need the counters page are unavailable.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <i915_drm.h>

#include "dg1_dev_klog.h"
#include "igt.h"

#define MI_STORE_DWORD_IMM_GEN4	(0x20u << 23 | 2)	/* 4 dwords, PPGTT */
#define MI_BATCH_BUFFER_END	(0x0au << 23)
#define BATCH_VA		0x100000ull
#define TARGET_VA		0x200000ull
#define MAX_ENGINES		8

static int fd = -1;
static char pci[PATH_MAX];
static struct dg1dev_vdg1 *vdg1;
static struct i915_engine_class_instance engines[MAX_ENGINES];
static unsigned int nengines;

/* i915 numbers instances per class for userspace: VCS2 is vcs1. */
static unsigned int expected_engines(struct i915_engine_class_instance *out)
{
	struct drm_dg1_engine_class_instance hw[DG1DEV_MAX_ENGINES];
	struct vdg1_counters_page s;
	unsigned int n, i, per_class[4] = { 0 };

	dg1dev_vdg1_snapshot(vdg1, &s);
	n = dg1dev_fused_engines(s.fuse_vebox_vdbox_disable, hw);
	for (i = 0; i < n; i++) {
		out[i].engine_class = hw[i].engine_class;
		out[i].engine_instance = per_class[hw[i].engine_class]++;
	}
	return n;
}

static const char *class_name(unsigned int c)
{
	static const char *const names[] = { "rcs", "bcs", "vcs", "vecs" };

	return c < 4 ? names[c] : "?";
}

static void query_engines(void)
{
	struct drm_i915_query_item item = {
		.query_id = DRM_I915_QUERY_ENGINE_INFO,
	};
	struct drm_i915_query q = {
		.num_items = 1,
		.items_ptr = (uintptr_t)&item,
	};
	struct drm_i915_query_engine_info *info;
	unsigned int i;

	do_ioctl(fd, DRM_IOCTL_I915_QUERY, &q);
	igt_assert_f(item.length > 0, "engine query length %d", item.length);
	info = calloc(1, item.length);
	igt_assert(info);
	item.data_ptr = (uintptr_t)info;
	do_ioctl(fd, DRM_IOCTL_I915_QUERY, &q);
	igt_assert_lte(info->num_engines, MAX_ENGINES);
	nengines = info->num_engines;
	for (i = 0; i < nengines; i++)
		engines[i] = info->engines[i].engine;
	free(info);
}

static uint32_t create_smem(uint64_t size)
{
	struct drm_i915_gem_memory_class_instance smem = {
		.memory_class = I915_MEMORY_CLASS_SYSTEM,
	};
	struct drm_i915_gem_create_ext_memory_regions regions = {
		.base.name = I915_GEM_CREATE_EXT_MEMORY_REGIONS,
		.num_regions = 1,
		.regions = (uintptr_t)&smem,
	};
	struct drm_i915_gem_create_ext create = {
		.size = size,
		.extensions = (uintptr_t)&regions,
	};

	do_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &create);
	return create.handle;
}

static uint32_t *map_bo(uint32_t handle, uint64_t size)
{
	struct drm_i915_gem_mmap_offset mo = {
		.handle = handle,
		.flags = I915_MMAP_OFFSET_FIXED,
	};
	void *p;

	do_ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 mo.offset);
	igt_assert_f(p != MAP_FAILED, "mmap: %s", strerror(errno));
	return p;
}

/* A context whose engine map is the queried engines, in order. */
static uint32_t create_context(void)
{
	I915_DEFINE_CONTEXT_PARAM_ENGINES(map, MAX_ENGINES) = { 0 };
	struct drm_i915_gem_context_create_ext_setparam p = {
		.base.name = I915_CONTEXT_CREATE_EXT_SETPARAM,
		.param = {
			.param = I915_CONTEXT_PARAM_ENGINES,
			.size = sizeof(struct i915_context_param_engines) +
				nengines * sizeof(map.engines[0]),
			.value = (uintptr_t)&map,
		},
	};
	struct drm_i915_gem_context_create_ext c = {
		.flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
		.extensions = (uintptr_t)&p,
	};
	unsigned int i;

	for (i = 0; i < nengines; i++)
		map.engines[i] = engines[i];
	do_ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c);
	return c.ctx_id;
}

/* vdg1's engine index (enum vdg1_engine_id) of a queried engine. */
static int vdg1_engine(const struct i915_engine_class_instance *e)
{
	struct drm_dg1_engine_class_instance hw[DG1DEV_MAX_ENGINES];
	struct vdg1_counters_page s;
	unsigned int n, i, nth = 0;
	int id;

	dg1dev_vdg1_snapshot(vdg1, &s);
	n = dg1dev_fused_engines(s.fuse_vebox_vdbox_disable, hw);
	for (i = 0; i < n; i++) {
		if (hw[i].engine_class != e->engine_class)
			continue;
		if (nth++ != e->engine_instance)
			continue;
		/* vdg1 numbers engines in dg1dev_dg1_engines' order. */
		for (id = 0; id < DG1DEV_MAX_ENGINES; id++)
			if (!memcmp(&dg1dev_dg1_engines[id], &hw[i],
				    sizeof(hw[i])))
				return id;
	}
	return -1;
}

/* The lowest render node whose driver is @name, or -errno. */
static int open_render_of(const char *name)
{
	char path[64], drv[32];
	int minor, f;

	for (minor = 128; minor < 192; minor++) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		f = open(path, O_RDWR | O_CLOEXEC);
		if (f < 0)
			continue;
		if (!dg1dev_driver_name(f, drv, sizeof(drv)) &&
		    !strcmp(drv, name))
			return f;
		close(f);
	}
	return -ENODEV;
}

/*
 * On engine @idx of @ctx: store a value with MI_STORE_DWORD_IMM through
 * the context's PPGTT, wait, and find it in memory.
 */
static void store_on_engine(uint32_t ctx, unsigned int idx, uint32_t value)
{
	const struct i915_engine_class_instance *e = &engines[idx];
	struct drm_i915_gem_exec_object2 obj[2] = { 0 };
	struct drm_i915_gem_execbuffer2 eb = { 0 };
	struct drm_i915_gem_wait wait = { 0 };
	struct vdg1_counters_page c0, c1;
	uint32_t batch, target, *bmap, *tmap;
	int id = vdg1_engine(e);

	igt_assert_f(id >= 0, "%s%u: no such engine in vdg1's fuses",
		     class_name(e->engine_class), e->engine_instance);
	target = create_smem(4096);
	tmap = map_bo(target, 4096);
	tmap[0] = ~value;
	batch = create_smem(4096);
	bmap = map_bo(batch, 4096);
	bmap[0] = MI_STORE_DWORD_IMM_GEN4;
	bmap[1] = (uint32_t)TARGET_VA;
	bmap[2] = (uint32_t)(TARGET_VA >> 32);
	bmap[3] = value;
	bmap[4] = MI_BATCH_BUFFER_END;

	/* Softpinned: gen12 i915 takes no relocations. The batch goes last. */
	obj[0].handle = target;
	obj[0].offset = TARGET_VA;
	obj[0].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS |
		       EXEC_OBJECT_WRITE;
	obj[1].handle = batch;
	obj[1].offset = BATCH_VA;
	obj[1].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	eb.buffers_ptr = (uintptr_t)obj;
	eb.buffer_count = 2;
	eb.flags = idx;
	eb.rsvd1 = ctx;

	dg1dev_vdg1_snapshot(vdg1, &c0);
	do_ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb);
	wait.bo_handle = target;
	wait.timeout_ns = 10ll * 1000 * 1000 * 1000;
	do_ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &wait);
	dg1dev_vdg1_snapshot(vdg1, &c1);

	igt_assert_f(tmap[0] == value,
		     "%s%u: stored 0x%08x, memory holds 0x%08x",
		     class_name(e->engine_class), e->engine_instance, value,
		     tmap[0]);
	igt_assert_f(c1.engine_submissions[id] > c0.engine_submissions[id],
		     "%s%u: vdg1 engine %d saw no submission",
		     class_name(e->engine_class), e->engine_instance, id);
	igt_info("%s%u: stored 0x%08x; vdg1 engine %d: %u submissions, %u commands\n",
		 class_name(e->engine_class), e->engine_instance, value, id,
		 c1.engine_submissions[id] - c0.engine_submissions[id],
		 c1.engine_commands[id] - c0.engine_commands[id]);
	munmap(bmap, 4096);
	munmap(tmap, 4096);
	do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &(struct drm_gem_close){
		.handle = batch });
	do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &(struct drm_gem_close){
		.handle = target });
}

static void assert_rules_kept(const char *when)
{
	struct vdg1_counters_page s;
	char line[512];

	dg1dev_vdg1_snapshot(vdg1, &s);
	dg1dev_vdg1_format_counters(&s, line, sizeof(line));
	igt_info("vdg1 %s: %s\n", when, line);
	igt_info("vdg1 %s: unclaimed %u reads, %u writes (latest 0x%x); protocol violations %u (latest kind %u)\n",
		 when, s.unclaimed_reads, s.unclaimed_writes, s.last_unclaimed,
		 s.protocol_violations, s.last_protocol_violation);
	igt_assert_f(!s.wake_violations,
		     "%u accesses to registers of sleeping domains, the latest at 0x%x",
		     s.wake_violations, s.last_wake_violation);
	igt_assert_f(!s.mcr_terminated,
		     "%u MCR accesses steered to fused-off instances, the latest at 0x%x",
		     s.mcr_terminated, s.last_mcr_terminated);
	igt_assert_f(!s.protocol_violations,
		     "%u protocol violations, the latest of kind %u",
		     s.protocol_violations, s.last_protocol_violation);
}

/* No i915 error line and no WARN since boot. */
static void assert_log_clean(void)
{
	static const char *const bad[][3] = {
		{ "i915", "*ERROR*", NULL },
		{ "WARNING:", NULL },
		{ "declaring it wedged", NULL },
		{ "GPU HANG", NULL },
	};
	struct dg1dev_klog since_boot = { 0 };
	char line[1024];
	unsigned int i;
	int where;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		where = dg1dev_klog_find(&since_boot, bad[i], line,
					 sizeof(line));
		igt_assert_f(where >= 0, "cannot read the kernel log: %s",
			     strerror(-where));
		igt_assert_f(!where, "the kernel logged: %s", line);
	}
}

igt_main
{
	char why[256], driver[64];

	igt_fixture {
		int err = dg1dev_pci_find(0, pci, sizeof(pci));

		igt_dg1_require_f(!err, "no PCI device with a DG1 id: %s",
				  strerror(-err));
		err = dg1dev_pci_driver(pci, driver, sizeof(driver));
		igt_assert_f(!err && !strcmp(driver, "i915"),
			     "%s is bound to %s, not i915", pci,
			     err ? "nothing" : driver);
		vdg1 = igt_dg1_vdg1_probe(pci, why, sizeof(why));
		if (!vdg1)
			igt_dg1_unavailable("vdg1 counters unavailable: %s",
					    why);
		err = open_render_of("i915");
		igt_assert_f(err >= 0, "no i915 render node: %s",
			     strerror(-err));
		fd = err;
	}

	igt_subtest("probe-log-clean")
		assert_log_clean();

	igt_subtest("version") {
		char name[32] = "";
		struct drm_version v = {
			.name = name,
			.name_len = sizeof(name) - 1,
		};

		do_ioctl(fd, DRM_IOCTL_VERSION, &v);
		igt_info("%s %d.%d.%d\n", name, v.version_major,
			 v.version_minor, v.version_patchlevel);
		igt_assert_f(!strcmp(name, "i915"), "driver name %s", name);
	}

	igt_subtest("query-engines") {
		struct i915_engine_class_instance want[DG1DEV_MAX_ENGINES];
		unsigned int n = expected_engines(want), i;

		query_engines();
		for (i = 0; i < nengines; i++)
			igt_info("engine %u: %s%u\n", i,
				 class_name(engines[i].engine_class),
				 engines[i].engine_instance);
		igt_assert_eq(nengines, n);
		for (i = 0; i < n; i++) {
			igt_assert_eq(engines[i].engine_class,
				      want[i].engine_class);
			igt_assert_eq(engines[i].engine_instance,
				      want[i].engine_instance);
		}
	}

	igt_subtest("store-dword-all-engines") {
		uint32_t ctx;
		unsigned int i;

		igt_assert_f(nengines, "query-engines found no engine");
		ctx = create_context();
		for (i = 0; i < nengines; i++)
			store_on_engine(ctx, i, 0xc0ffee00 + i);
		do_ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY,
			 &(struct drm_i915_gem_context_destroy){
				.ctx_id = ctx });
	}

	igt_subtest("vdg1-rules-bound")
		assert_rules_kept("with i915 bound");

	igt_subtest("unbind-clean") {
		char path[PATH_MAX + 32];
		const char *bdf = strrchr(pci, '/') + 1;
		int err;

		close(fd);
		fd = -1;
		snprintf(path, sizeof(path), "/sys/bus/pci/drivers/i915/unbind");
		err = dg1dev_sysfs_write(path, bdf);
		igt_assert_f(!err, "unbind %s: %s", bdf, strerror(-err));
		err = dg1dev_pci_driver(pci, driver, sizeof(driver));
		igt_assert_f(err == -ENOENT, "%s still bound after unbind",
			     bdf);
		assert_log_clean();
		assert_rules_kept("after unbind");
	}

	igt_fixture {
		if (fd >= 0)
			close(fd);
		igt_dg1_vdg1_close(vdg1);
	}
}
