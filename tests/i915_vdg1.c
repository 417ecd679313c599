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
 * and checks that it left the device clean. perf-recorder records and
 * decodes an OA stream through i915 with Debian's i915-perf tools.
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

#include "igt.h"
#include "igt_stock.h"
#include "i915_vdg1.h"
#include "vdg1_power_model.h"

#define BATCH_VA		0x100000ull
#define TARGET_VA		0x200000ull
#define MAX_ENGINES		8

static int fd = -1;
static char pci[PATH_MAX];
static struct dg1dev_vdg1 *vdg1;
static struct i915_engine_class_instance engines[MAX_ENGINES];
static unsigned int nengines;

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

/* vdg1's engine index of a queried engine, or -1. */
static int vdg1_engine(const struct i915_engine_class_instance *e)
{
	struct stock_engine want[DG1DEV_MAX_ENGINES];
	unsigned int n = stock_expected_engines(vdg1, want), i;

	for (i = 0; i < n; i++)
		if (want[i].engine_class == e->engine_class &&
		    want[i].engine_instance == e->engine_instance)
			return want[i].vdg1_id;
	return -1;
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
		     stock_class_name(e->engine_class), e->engine_instance);
	target = create_smem(4096);
	tmap = map_bo(target, 4096);
	tmap[0] = ~value;
	batch = create_smem(4096);
	bmap = map_bo(batch, 4096);
	stock_store_batch(bmap, TARGET_VA, value);

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
		     stock_class_name(e->engine_class), e->engine_instance, value,
		     tmap[0]);
	igt_assert_f(c1.engine_submissions[id] > c0.engine_submissions[id],
		     "%s%u: vdg1 engine %d saw no submission",
		     stock_class_name(e->engine_class), e->engine_instance, id);
	igt_info("%s%u: stored 0x%08x; vdg1 engine %d: %u submissions, %u commands\n",
		 stock_class_name(e->engine_class), e->engine_instance, value, id,
		 c1.engine_submissions[id] - c0.engine_submissions[id],
		 c1.engine_commands[id] - c0.engine_commands[id]);
	munmap(bmap, 4096);
	munmap(tmap, 4096);
	do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &(struct drm_gem_close){
		.handle = batch });
	do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &(struct drm_gem_close){
		.handle = target });
}

/*
 * i915's one access without forcewake seen on vdg1 (1 run in 12, vcs0,
 * during gem_exec_nop): process_csb() reads RING_CONTEXT_STATUS_PTR with
 * ENGINE_POSTING_READ(), a _fw read ("XXX Magic delay for tgl",
 * gt/intel_execlists_submission.c), whose value it throws away. It relies
 * on the engine's forcewake being held by an active context; vdg1 saw the
 * domain asleep. Excused at that offset of each engine.
 *
 * And since vdg1 reports a frequency range (RP0 above RPn, so i915 runs
 * RPS): i915 writes its RP evaluation registers through set(), an
 * intel_uncore_write_fw(), holding no forcewake (gt/intel_rps.c):
 * rps_set_power() from its RPS worker and at park, whenever the power mode
 * changes (RP_UP_EI, RP_UP_THRESHOLD, RP_DOWN_EI, RP_DOWN_THRESHOLD,
 * RP_CONTROL, in that order: 5 violations in one make check with the
 * host loaded), and gen6_rps_disable() at unbind (RP_CONTROL). With the GT
 * in RC6 those writes meet a sleeping domain. Excused at those five
 * offsets too; nowhere else.
 */
static bool i915_unwoken(uint32_t offset)
{
	static const uint32_t base[] = { 0x2000, 0x22000, 0x1c0000, 0x1c8000,
					 0x1d0000 };
	unsigned int i;

	if (offset == 0xa024 || offset == 0xa02c || offset == 0xa030 ||
	    offset == 0xa068 || offset == 0xa06c)
		return true;
	for (i = 0; i < sizeof(base) / sizeof(base[0]); i++)
		if (offset == base[i] + 0x3a0)
			return true;
	return false;
}

static const char *const i915_error[] = { "i915", "*ERROR*", NULL };
static const char *const warning[] = { "WARNING:", NULL };
static const char *const wedged[] = { "declaring it wedged", NULL };
static const char *const hang[] = { "GPU HANG", NULL };
static const char *const *const bad_lines[] = {
	i915_error, warning, wedged, hang, NULL
};

static long long hwmon_value(const char *dir, const char *attr)
{
	char file[PATH_MAX + 400], text[32] = "";
	FILE *f;

	snprintf(file, sizeof(file), "%s/%s", dir, attr);
	f = fopen(file, "r");
	igt_assert_f(f && fgets(text, sizeof(text), f), "cannot read %s", file);
	fclose(f);
	return strtoll(text, NULL, 10);
}

/*
 * i915's hwmon reads vdg1's package as dg1_power expects dg1's to: TDP
 * and PL1 25 W, 0.75 V, an energy counter that grows (i915_hwmon.c on
 * DG1; figures: vdg1/include/vdg1_power_model.h).
 */
static void check_hwmon(void)
{
	char dir[PATH_MAX + 300];
	long long e0, e1;

	igt_assert_f(!dg1dev_hwmon_dir(pci, "i915", dir, sizeof(dir)),
		     "no hwmon device named i915 under %s/hwmon", pci);
	igt_assert_eq_u64(hwmon_value(dir, "power1_rated_max"),
			  VDG1_POWER_TDP_MW * 1000ull);
	igt_assert_eq_u64(hwmon_value(dir, "power1_max"),
			  VDG1_POWER_TDP_MW * 1000ull);
	igt_assert_eq_u64(hwmon_value(dir, "in0_input"),
			  VDG1_POWER_VOLTAGE * 25 / 10);
	e0 = hwmon_value(dir, "energy1_input");
	usleep(100000);
	e1 = hwmon_value(dir, "energy1_input");
	igt_info("i915 hwmon: energy %lld -> %lld uJ in 100 ms\n", e0, e1);
	igt_assert_lt(e0, e1);
}

/* Card @pci's power/@name (i915's files), as a number. */
static long long card_power_value(const char *name)
{
	char dir[PATH_MAX + 80], file[PATH_MAX + 200];
	uint64_t v;
	int err;

	err = dg1dev_card_dir(pci, dir, sizeof(dir));
	igt_assert_f(!err, "no card under %s/drm: %s", pci, strerror(-err));
	snprintf(file, sizeof(file), "%s/power/%.64s", dir, name);
	err = dg1dev_read_u64(file, &v);
	igt_assert_f(!err, "cannot read %s: %s", file, strerror(-err));
	return (long long)v;
}

/*
 * i915 enables RC6 on vdg1 and vdg1 counts its idle GT in it, as it does
 * dg1's (dg1_power rc6-idle): the model's residency is the hardware's
 * register that i915 reads (GEN6_GT_GFX_RC6), not something dg1 taught
 * it. At least half of 900 ms idle.
 */
static void check_rc6(void)
{
	long long r0, r1;

	igt_assert_eq(card_power_value("rc6_enable") & 1, 1);
	r0 = card_power_value("rc6_residency_ms");
	usleep(900000);
	r1 = card_power_value("rc6_residency_ms");
	igt_info("i915 RC6: %lld ms of 900 ms idle\n", r1 - r0);
	igt_assert_f(r1 - r0 >= 450, "i915's idle GT in RC6 %lld ms of 900",
		     r1 - r0);
}

igt_main
{
	igt_fixture {
		stock_open("i915", pci, sizeof(pci), &vdg1);
		fd = stock_open_render("i915");
		igt_assert_f(fd >= 0, "no i915 render node: %s",
			     strerror(-fd));
	}

	igt_subtest("probe-log-clean")
		stock_assert_log_clean(bad_lines, NULL);

	igt_subtest("version")
		stock_assert_driver_name(fd, "i915");

	igt_subtest("query-engines") {
		struct stock_engine want[DG1DEV_MAX_ENGINES];
		unsigned int n = stock_expected_engines(vdg1, want), i;

		query_engines();
		for (i = 0; i < nengines; i++)
			igt_info("engine %u: %s%u\n", i,
				 stock_class_name(engines[i].engine_class),
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

	igt_subtest("register-state")
		i915_regstate_check(pci);

	igt_subtest("perf-recorder")
		i915_perf_recorder_check(pci, vdg1);

	igt_subtest("hwmon")
		check_hwmon();

	igt_subtest("rc6-idle")
		check_rc6();

	igt_subtest("vdg1-rules-bound")
		stock_assert_rules(vdg1, "with i915 bound", i915_unwoken);

	igt_subtest("unbind-clean") {
		close(fd);
		fd = -1;
		stock_unbind(pci, "i915");
		stock_assert_log_clean(bad_lines, NULL);
		stock_assert_rules(vdg1, "after unbind", i915_unwoken);
	}

	igt_fixture {
		if (fd >= 0)
			close(fd);
		igt_dg1_vdg1_close(vdg1);
	}
}
