// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec - execution: exec queues, EXEC and the engines behind them
 * (uapi/dg1_drm.h, "DOC: Execution"; Documentation/execution.rst).
 *
 * Batches are written by the CPU into a bound SMEM object with the
 * commands of the manual (HARDWARE.md section 9 encodings, spelled out
 * here); results are read back through the CPU mappings of the objects
 * the batches write. On vdg1, the counters page says what the engines did
 * (commands, CSB events by row, preemptions, resets, protocol violations).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dg1_fdinfo.h"
#include "igt.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"
#include "dg1_exec.h"

struct dg1_exec_ctx ex;

/* ---- commands (HARDWARE.md 9) ---- */

uint32_t *emit_sdi(uint32_t *cs, uint64_t va, uint32_t v)
{
	*cs++ = MI_STORE_DATA_IMM;
	*cs++ = (uint32_t)va;
	*cs++ = (uint32_t)(va >> 32);
	*cs++ = v;
	return cs;
}

/* ---- helpers ---- */

/* One VM with a batch object (SMEM) and a data object of each region. */
void ctx_open(void)
{
	memset(&ex, 0, sizeof(ex));
	ex.vm = vm_create(dut.fd);
	vm_bo_new(&ex.batch, dut.fd, BATCH_SIZE, false, 1);
	vm_bo_new(&ex.smem, dut.fd, DATA_SIZE, false, 2);
	vm_bo_new(&ex.lmem, dut.fd, DATA_SIZE, true, 3);
	vm_map(dut.fd, ex.vm, ex.batch.handle, 0, BATCH_VA, BATCH_SIZE, 0);
	vm_map(dut.fd, ex.vm, ex.smem.handle, 0, SMEM_VA, DATA_SIZE, 0);
	vm_map(dut.fd, ex.vm, ex.lmem.handle, 0, LMEM_VA, DATA_SIZE, 0);
}

void ctx_close(void)
{
	vm_unmap(dut.fd, ex.vm, BATCH_VA, BATCH_SIZE);
	vm_unmap(dut.fd, ex.vm, SMEM_VA, DATA_SIZE);
	vm_unmap(dut.fd, ex.vm, LMEM_VA, DATA_SIZE);
	vm_bo_free(&ex.batch, false);
	vm_bo_free(&ex.smem, false);
	vm_bo_free(&ex.lmem, false);
	vm_destroy(dut.fd, ex.vm);
}

/* The batch area's dwords at byte @off, for writing commands. */
uint32_t *batch_at(uint64_t off)
{
	return (uint32_t *)((volatile char *)ex.batch.map + off);
}

uint32_t data_get(bool lmem, uint64_t off)
{
	volatile uint32_t *p = (volatile uint32_t *)
		((volatile char *)(lmem ? ex.lmem.map : ex.smem.map) + off);

	return *p;
}

void data_put(bool lmem, uint64_t off, uint32_t v)
{
	volatile uint32_t *p = (volatile uint32_t *)
		((volatile char *)(lmem ? ex.lmem.map : ex.smem.map) + off);

	*p = v;
}

/* Run the batch at BATCH_VA on queue @q to its end; its fence's status. */
int exec_status(uint32_t q)
{
	uint32_t so = exec_out(dut.fd, q, BATCH_VA);
	int status;

	wait_ok(dut.fd, so, 4 * EXEC_TIMEOUT_MS);
	status = fence_status(dut.fd, so);
	syncobj_destroy(dut.fd, so);
	return status;
}

/* ---- subtests ---- */

static void test_nop(void)
{
	unsigned int i;

	ctx_open();
	*batch_at(0) = MI_BATCH_BUFFER_END;
	*batch_at(4) = MI_NOOP;
	for (i = 0; i < dut.num_engines; i++) {
		uint32_t q = queue_create(dut.fd, ex.vm, &dut.engines[i], 0);
		uint32_t so = exec_out(dut.fd, q, BATCH_VA);

		wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
		igt_assert_eq(fence_status(dut.fd, so), 1);
		syncobj_destroy(dut.fd, so);
		queue_destroy(dut.fd, q);
	}
	ctx_close();
}

/*
 * debugfs "engines" after a batch on each: every engine listed, its last
 * CSB entries each of a row of the manual's table (1-10), none unknown.
 */
static void test_debugfs_engines(void)
{
	unsigned int i, rows = 0, unknown = 0, listed = 0;
	char *text, *line, *save = NULL;
	ssize_t len;

	dut_require_debugfs();
	test_nop();
	len = dg1dev_debugfs_read(dut.dfs, "engines", &text);
	igt_assert_f(len > 0, "cannot read %s/engines: %s", dut.dfs,
		     strerror(-len));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned int row;
		unsigned long long entry;

		for (i = 0; i < dut.num_engines; i++) {
			const char *name = dut_engine_str(&dut.engines[i]);

			if (!strncmp(line, name, strlen(name)) &&
			    line[strlen(name)] == ':')
				listed++;
		}
		if (sscanf(line, "  csb 0x%llx row %u", &entry, &row) == 2) {
			rows++;
			if (!row || row > 10)
				unknown++;
		}
	}
	free(text);
	igt_assert_eq(listed, dut.num_engines);
	/* Each nop: idle to active and active to idle at least. */
	igt_assert_f(rows >= 2 * dut.num_engines, "%u CSB lines", rows);
	igt_assert_eq(unknown, 0);
}

static void test_store_dword(void)
{
	unsigned int i;

	ctx_open();
	for (i = 0; i < dut.num_engines; i++) {
		uint32_t q = queue_create(dut.fd, ex.vm, &dut.engines[i], 0);
		uint32_t *cs = batch_at(0x100 * i), so;
		uint32_t v = 0x5a000000 | i;

		cs = emit_sdi(cs, SMEM_VA + 4 * i, v);
		cs = emit_sdi(cs, LMEM_VA + 4 * i, ~v);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		so = exec_out(dut.fd, q, BATCH_VA + 0x100 * i);
		wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
		igt_assert_eq(fence_status(dut.fd, so), 1);
		igt_assert_f(data_get(false, 4 * i) == v &&
			     data_get(true, 4 * i) == ~v,
			     "%s: SMEM 0x%08x LMEM 0x%08x, want 0x%08x / 0x%08x",
			     dut_engine_str(&dut.engines[i]),
			     data_get(false, 4 * i), data_get(true, 4 * i), v,
			     ~v);
		syncobj_destroy(dut.fd, so);
		queue_destroy(dut.fd, q);
	}
	ctx_close();
}

static int __ufence(struct drm_dg1_wait_user_fence *w)
{
	return ioctl(dut.fd, DRM_IOCTL_DG1_WAIT_USER_FENCE, w) ? -errno : 0;
}

/*
 * WAIT_USER_FENCE: a batch writes a 64-bit value into the VM; a waiter
 * sees it by value and mask, or times out; bad input is refused.
 */
static void test_user_fence(void)
{
	const uint64_t addr = SMEM_VA + 0x200;
	struct drm_dg1_wait_user_fence w;
	unsigned int bad = 0;
	uint32_t q, *cs, so;
	int err;

	ctx_open();
	data_put(false, 0x200, 0);
	data_put(false, 0x204, 0);
	q = queue_create(dut.fd, ex.vm, &dut.engines[0], 0);
	cs = batch_at(0);
	*cs++ = MI_STORE_DATA_IMM | 1 | (1u << 21);	/* qword */
	*cs++ = (uint32_t)addr;
	*cs++ = 0;
	*cs++ = 0x600d;
	*cs++ = 0xabc;
	*cs++ = MI_BATCH_BUFFER_END;
	so = exec_out(dut.fd, q, BATCH_VA);

	memset(&w, 0, sizeof(w));
	w.addr = addr;
	w.vm_id = ex.vm;
	w.op = DRM_DG1_UFENCE_OP_EQ;
	w.value = 0xabc0000600dull;
	w.mask = ~0ull;
	w.timeout_ns = 20 * NSEC_PER_SEC;
	err = __ufence(&w);
	igt_assert_f(!err, "WAIT_USER_FENCE: %s", strerror(-err));
	igt_assert(w.timeout_ns > 0);
	wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
	/* Masked: only the low dword counts. */
	w.value = 0x600d;
	w.mask = 0xffffffff;
	igt_assert_eq(__ufence(&w), 0);
	w.op = DRM_DG1_UFENCE_OP_GT;
	w.value = 0x600c;
	igt_assert_eq(__ufence(&w), 0);
	/* Never true: the timeout, and what is left is 0. */
	w.op = DRM_DG1_UFENCE_OP_EQ;
	w.value = 0x9999;
	w.timeout_ns = 10 * NSEC_PER_MSEC;
	igt_assert_eq(__ufence(&w), -ETIME);
	igt_assert_eq_u64(w.timeout_ns, 0);

#define UF_BAD(field, val, want) do {					\
		struct drm_dg1_wait_user_fence b = w;			\
		b.timeout_ns = NSEC_PER_MSEC;				\
		b.field = (val);					\
		bad++;							\
		igt_assert_f(__ufence(&b) == (want), "%s = %llu: %d",	\
			     #field, (unsigned long long)(val), __ufence(&b)); \
	} while (0)
	UF_BAD(addr, addr + 4, -EINVAL);
	UF_BAD(op, 6, -EINVAL);
	UF_BAD(flags, 1, -EINVAL);
	UF_BAD(pad, 1, -EINVAL);
	UF_BAD(pad2, 1, -EINVAL);
	UF_BAD(reserved[1], 1, -EINVAL);
	UF_BAD(extensions, 1, -EINVAL);
	UF_BAD(vm_id, ex.vm + 100, -ENOENT);
	UF_BAD(addr, 0x7000000ull, -EFAULT);
	igt_info("%u bad inputs refused\n", bad);
	syncobj_destroy(dut.fd, so);
	queue_destroy(dut.fd, q);
	ctx_close();
}

static bool write_file(const char *path, const char *text, int flags)
{
	int fd = open(path, O_WRONLY | flags);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok;
}

/* The DRM primary minor of the device under test: N of its cardN. */
static int dut_card_minor(void)
{
	char dir[PATH_MAX + 80];
	int err;

	igt_require_f(dut.pci[0], "no sysfs entry for the device");
	err = dg1dev_card_dir(dut.pci, dir, sizeof(dir));
	igt_assert_f(!err, "no card under %s/drm: %s", dut.pci,
		     strerror(-err));
	return atoi(strrchr(dir, '/') + 5);
}

/*
 * The tracepoints: with events/dg1 enabled, one batch leaves a submit, CSB
 * events, an interrupt and a fence signal in the trace, each naming this
 * device. The events go to a trace instance of this run's own: another
 * run (stock-two-gpus tests two devices at once) that clears or disables
 * the global buffer's events cannot take them away.
 */
static void test_tracepoints(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	static const char *const events[] = {
		"dg1_submit", "dg1_csb", "dg1_irq_engine", "dg1_request_signal",
	};
	char path[PATH_MAX], inst[PATH_MAX / 2], needle[64], *buf;
	const char *dir = NULL;
	unsigned int i;
	ssize_t n, len = 0;
	int fd, minor = dut_card_minor();

	for (i = 0; i < 2 && !dir; i++) {
		snprintf(path, sizeof(path), "%s/events/dg1/enable", dirs[i]);
		if (!access(path, W_OK))
			dir = dirs[i];
	}
	if (!dir && !mount("nodev", dirs[0], "tracefs", 0, NULL)) {
		snprintf(path, sizeof(path), "%s/events/dg1/enable", dirs[0]);
		if (!access(path, W_OK))
			dir = dirs[0];
	}
	igt_require_f(dir, "no tracefs with dg1 events");
	snprintf(inst, sizeof(inst), "%s/instances/dg1_exec.%d", dir,
		 (int)getpid());
	igt_assert_f(!mkdir(inst, 0700), "mkdir %s: %s", inst,
		     strerror(errno));
	snprintf(path, sizeof(path), "%s/events/dg1/enable", inst);
	igt_assert(write_file(path, "1", 0));
	test_nop();
	igt_assert(write_file(path, "0", 0));
	snprintf(path, sizeof(path), "%s/trace", inst);
	buf = malloc(1 << 20);
	igt_assert(buf);
	fd = open(path, O_RDONLY);
	igt_assert(fd >= 0);
	while ((n = read(fd, buf + len, (1 << 20) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = 0;
	igt_assert_f(!rmdir(inst), "rmdir %s: %s", inst, strerror(errno));
	for (i = 0; i < 4; i++) {
		snprintf(needle, sizeof(needle), "%s: dev=%d engine=",
			 events[i], minor);
		igt_assert_f(strstr(buf, needle), "no \"%s\" in the trace",
			     needle);
	}
	free(buf);
}

/* The value of key @key in /proc/self/fdinfo/<fd>, or -1 if absent. */
static long long fdinfo_value(int fd, const char *key)
{
	char path[64], line[256];
	long long v = -1;
	size_t n = strlen(key);
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	igt_assert(f);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			v = strtoll(line + n + 1, NULL, 10);
	fclose(f);
	return v;
}

/*
 * The whole fdinfo by drm-usage-stats.rst's rules, strictly: no key it
 * does not define; i915's names for engines and regions (drm/dg1_file.c);
 * the driver, slot and client id; the file's objects at least the sizes
 * it made, in bytes whatever the unit printed.
 */
static void fdinfo_check_grammar(uint64_t lmem_min, uint64_t smem_min)
{
	static const char *const engines[] = {
		"render", "copy", "video", "video-enhance",
	};
	const struct dg1_fdinfo_region *lm, *sm;
	char path[64], why[256], *text;
	struct dg1_fdinfo fi;
	unsigned int i, j;
	size_t len = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", dut.fd);
	f = fopen(path, "r");
	igt_assert(f);
	text = calloc(1, 8192);
	igt_assert(text);
	len = fread(text, 1, 8191, f);
	fclose(f);
	igt_assert_lt(0, (int)len);
	igt_assert_f(!dg1_fdinfo_parse(text, &fi, 1, why, sizeof(why)),
		     "fdinfo breaks drm-usage-stats.rst: %s\n%s", why, text);
	igt_assert_f(!strcmp(fi.driver, "dg1"), "drm-driver: %s", fi.driver);
	if (dut.pci[0])
		igt_assert_f(!strcmp(fi.pdev, strrchr(dut.pci, '/') + 1),
			     "drm-pdev: %s, not %s", fi.pdev, dut.pci);
	igt_assert(fi.has_client_id);
	igt_assert_eq(fi.num_regions, 2);
	lm = dg1_fdinfo_region(&fi, "local0");
	sm = dg1_fdinfo_region(&fi, "system0");
	igt_assert_f(lm && sm, "regions are not local0 and system0:\n%s", text);
	igt_assert_f(lm->total >= lmem_min && sm->total >= smem_min,
		     "local0 %llu system0 %llu bytes, want %llu and %llu",
		     (unsigned long long)lm->total, (unsigned long long)sm->total,
		     (unsigned long long)lmem_min, (unsigned long long)smem_min);
	igt_assert(lm->resident <= lm->total && sm->resident <= sm->total);
	igt_assert(lm->shared != UINT64_MAX && lm->active != UINT64_MAX);
	for (i = 0; i < fi.num_engines; i++) {
		for (j = 0; j < 4; j++)
			if (!strcmp(fi.engines[i].name, engines[j]))
				break;
		igt_assert_f(j < 4, "engine name %s is not i915's",
			     fi.engines[i].name);
	}
	free(text);
}

/*
 * After a blit on the copy engine, the file's fdinfo has its GPU time: more
 * than nothing, less than the wall time it took; and the memory keys.
 */
static void test_fdinfo(void)
{
	static const char *const classes[] = {
		[DRM_DG1_ENGINE_CLASS_RENDER] = "render",
		[DRM_DG1_ENGINE_CLASS_COPY] = "copy",
		[DRM_DG1_ENGINE_CLASS_VIDEO_DECODE] = "video",
		[DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE] = "video-enhance",
	};
	uint32_t q, so, *cs;
	unsigned int i, bcs = 0;
	long long before, after;
	char key[64];
	uint64_t t0;

	ctx_open();
	for (i = 0; i < dut.num_engines; i++) {
		snprintf(key, sizeof(key), "drm-engine-%s",
			 classes[dut.engines[i].engine_class]);
		igt_assert_f(fdinfo_value(dut.fd, key) >= 0, "no %s key", key);
		if (dut.engines[i].engine_class == DRM_DG1_ENGINE_CLASS_COPY)
			bcs = i;
	}
	q = queue_create(dut.fd, ex.vm, &dut.engines[bcs], 0);
	before = fdinfo_value(dut.fd, "drm-engine-copy");
	cs = batch_at(0);
	for (i = 0; i < 16; i++) {
		*cs++ = XY_FAST_COLOR_BLT_32;
		*cs++ = 4096 - 1;
		*cs++ = 0;
		*cs++ = 16 << 16 | 1024;
		*cs++ = (uint32_t)LMEM_VA;
		*cs++ = 0;
		*cs++ = 0;
		*cs++ = i;
		*cs++ = 0;
		*cs++ = 0;
		*cs++ = 0;
	}
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	t0 = dut_now_ns();
	so = exec_out(dut.fd, q, BATCH_VA);
	wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
	/*
	 * The context's time is counted when it switches out, which the
	 * engine reports after the breadcrumb that signalled the fence: allow
	 * that event a moment (stock-fused once read 0 right after the wait).
	 */
	for (i = 0; i < 100; i++) {
		after = fdinfo_value(dut.fd, "drm-engine-copy");
		if (after > before)
			break;
		dut_sleep_ms(10);
	}
	igt_info("drm-engine-copy: %lld ns for the blits (%llu ns wall)\n",
		 after - before, (unsigned long long)(dut_now_ns() - t0));
	igt_assert_f(after > before, "drm-engine-copy did not grow (%lld)",
		     after);
	igt_assert_f((uint64_t)(after - before) <= dut_now_ns() - t0,
		     "drm-engine-copy grew by %lld ns in %llu ns", after - before,
		     (unsigned long long)(dut_now_ns() - t0));
	fdinfo_check_grammar(DATA_SIZE, DATA_SIZE + BATCH_SIZE);
	syncobj_destroy(dut.fd, so);
	queue_destroy(dut.fd, q);
	ctx_close();
}

#define DG1_TOP		"/tools/dg1_top"
#define TOP_BO_SIZE	(8ull << 20)

/* The number after "@key": in @from, or -1 if there is none. */
static double json_after(const char *from, const char *key)
{
	const char *p = from ? strstr(from, key) : NULL;

	return p ? strtod(p + strlen(key), NULL) : -1;
}

/*
 * tools/dg1_top -J --once while this process blits on the copy engine
 * with an 8 MiB LMEM object besides its own: the JSON's client of this
 * pid has at least the object in local0, and copy time; the device's copy engine
 * is busy (at most 100 %), LMEM's used figure has the object in it, and
 * the power (hwmon's energy over the period) is above 0.
 */
static void test_top(void)
{
	char cmd[64], out[16384], pidkey[32];
	const char *me, *dev, *copy;
	uint32_t q, so, bo, *cs;
	unsigned int i, bcs = 0;
	struct pollfd pfd;
	size_t len = 0;
	uint64_t t0;
	double v;
	FILE *p;
	void *map;

	igt_require_f(!access(DG1_TOP, X_OK), "no %s", DG1_TOP);
	ctx_open();
	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == DRM_DG1_ENGINE_CLASS_COPY)
			bcs = i;
	q = queue_create(dut.fd, ex.vm, &dut.engines[bcs], 0);
	bo = gem_create(dut.fd, TOP_BO_SIZE, GEM_LMEM, 0);
	map = gem_mmap(dut.fd, bo, TOP_BO_SIZE);
	memset(map, 1, TOP_BO_SIZE);
	cs = batch_at(0);
	for (i = 0; i < 64; i++) {
		*cs++ = XY_FAST_COLOR_BLT_32;
		*cs++ = 4096 - 1;
		*cs++ = 0;
		*cs++ = 16 << 16 | 1024;
		*cs++ = (uint32_t)LMEM_VA;
		*cs++ = 0;
		*cs++ = 0;
		*cs++ = i;
		*cs++ = 0;
		*cs++ = 0;
		*cs++ = 0;
	}
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;

	snprintf(cmd, sizeof(cmd), DG1_TOP " -J --once -d 500");
	p = popen(cmd, "r");
	igt_assert(p);
	/*
	 * Blit until dg1_top has printed, so that its whole period has
	 * blits, however long it takes to start (the debug kernel under
	 * TCG once took longer than a fixed 900 ms: busy 0.00 %).
	 */
	pfd.fd = fileno(p);
	pfd.events = POLLIN;
	for (t0 = dut_now_ns(); !poll(&pfd, 1, 0);) {
		igt_assert_f(dut_now_ns() - t0 < 60 * NSEC_PER_SEC,
			     "dg1_top printed nothing in 60 s");
		so = exec_out(dut.fd, q, BATCH_VA);
		wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
		syncobj_destroy(dut.fd, so);
	}
	len = fread(out, 1, sizeof(out) - 1, p);
	out[len] = '\0';
	igt_assert_eq(pclose(p), 0);
	igt_info("%s", out);

	snprintf(pidkey, sizeof(pidkey), "{\"pid\": %d,", getpid());
	me = strstr(out, pidkey);
	igt_assert_f(me, "no client with pid %d in dg1_top's output", getpid());
	copy = strstr(me, "\"copy\": {\"busy_ns\": ");
	v = json_after(copy, "\"busy_percent\": ");
	igt_assert_f(v > 0 && v <= 100, "this client's copy busy %.2f %%", v);
	/*
	 * The 8 MiB object is LMEM-only and was just written; the rig's
	 * objects may be elsewhere by now (fdinfo counts where they are:
	 * the debug kernel once had the 64 KiB LMEM-first one in system0).
	 */
	v = json_after(strstr(me, "\"local0\": {"), "\"total\": ");
	igt_assert_f(v >= TOP_BO_SIZE,
		     "this client's local0 total %.0f, want %llu at least", v,
		     TOP_BO_SIZE);
	dev = strstr(out, "\"engines\": {");
	v = json_after(strstr(dev, "\"copy\": {"), "\"busy_percent\": ");
	igt_assert_f(v > 0 && v <= 100, "the device's copy busy %.2f %%", v);
	v = json_after(strstr(out, "\"local0\": {\"total\": "), "\"used\": ");
	igt_assert_f(v >= TOP_BO_SIZE, "LMEM used %.0f bytes", v);
	/* From hwmon's energy1_input (drm/dg1_hwmon.c); null without it. */
	v = json_after(out, "\"power_w\": ");
	igt_assert_f(v > 0, "power_w %.2f", v);

	munmap(map, TOP_BO_SIZE);
	gem_close(dut.fd, bo);
	queue_destroy(dut.fd, q);
	ctx_close();
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("nop", test_nop);
	dut_subtest("store-dword", test_store_dword);
	dut_subtest("fill-copy", test_fill_copy);
	dut_subtest("syncobj-chain", test_syncobj_chain);
	dut_subtest("order-behind-dependency", test_order_behind_dependency);
	dut_subtest("many", test_many);
	dut_subtest("many-queues", test_many_queues);
	dut_subtest("parallel", test_parallel);
	dut_subtest("preempt", test_preempt);
	dut_subtest("bad-command", test_bad_command);
	dut_subtest("hang", test_hang);
	dut_subtest("vm-fault", test_vm_fault);
	dut_subtest("tlb-rebind", test_tlb_rebind);
	dut_subtest("tlb-unbind", test_tlb_unbind);
	dut_subtest("tlb-evict", test_tlb_evict);
	dut_subtest("pat-index", test_pat_index);
	dut_subtest("private-objects", test_private_objects);
	dut_subtest("private-bad-input", test_private_bad_input);
	dut_subtest("ctx-isolation", test_ctx_isolation);
	dut_subtest("whitelist", test_whitelist);
	dut_subtest("bad-input", test_bad_input);
	dut_subtest("user-fence", test_user_fence);
	dut_subtest("fdinfo", test_fdinfo);
	dut_subtest("top", test_top);
	dut_subtest("debugfs-engines", test_debugfs_engines);
	dut_subtest("tracepoints", test_tracepoints);
	dg1_exec_life_subtests();

	igt_fixture
		dut_close();
}
