// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_hang - hangs that end in a ban, and a GPU given up on (uapi/dg1_drm.h,
 * "DOC: Execution"; Documentation/hangs.rst).
 *
 * ban: a queue whose batches hang the copy engine (an unknown command: the
 * CS error interrupt has it reset at once) loses each batch with -EIO and
 * goes on, until its third hang: then it is banned. The batch queued
 * behind the third fails with -EIO, and so does every later EXEC on it,
 * while another queue on the same engine and one on another engine run
 * on. The kernel log names the queue, the process and the engine of each
 * hang, and a line says it is banned after the third only.
 *
 * wedged (then rebind): writing 1 to debugfs "wedged" while an endless
 * batch runs and another waits behind it ends both with -EIO at once (well
 * under the job timeout); EXEC, VM_BIND, EXEC_QUEUE_CREATE and
 * WAIT_USER_FENCE and VM_BIND maps then fail with -EIO, while GEM_CREATE,
 * CPU mappings and unmaps still work, and "wedged" reads 1. Writing 0 is refused (-EINVAL). Unbind
 * and bind bring back a device that runs a batch.
 *
 * gt-reset (vdg1): the copy engine's reset does not complete (vdg1's
 * counters page holds its GDRST bit), so the driver resets the whole GT:
 * the hung batch fails, a render batch caught running is replayed and
 * completes, a copy batch submitted after the hang runs once the GT is
 * reset, and the device is not wedged. gt-reset-fails (vdg1, after rebind): neither reset
 * completes, so the device wedges by itself and everything ends -EIO;
 * rebind-again recovers it.
 *
 * The subtests are steps of one sequence: each rebind needs the wedge
 * before it.
 * Needs root (debugfs, sysfs bind/unbind).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dg1_dev_capture.h"
#include "dg1_dev_debugfs.h"
#include "igt.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

#define DRIVER_DIR	"/sys/bus/pci/drivers/" DG1DEV_DRIVER_NAME
#define BIND_TIMEOUT_MS	2000
#define BATCH_VA	EXEC_RIG_BATCH_VA
#define DATA_VA		EXEC_RIG_DATA_VA
#define JOB_TIMEOUT_MS	5000
#define GATE		0x40
/* "DOC: Execution": a queue is banned at its third hang within 120 s. */
#define BAN_HANGS	3

#define MI_NOOP			0
#define MI_BATCH_BUFFER_END	(0x0a << 23)
#define MI_BATCH_BUFFER_START	((0x31 << 23) | (1 << 8) | 1)
#define MI_ARB_CHECK		(0x05 << 23)
#define MI_STORE_DATA_IMM	((0x20 << 23) | 2)	/* dword, PPGTT */
/* Poll until the dword at the address equals the data (dg1_exec.h). */
#define MI_SEMAPHORE_WAIT_EQ	0x0e00c002u
/* Not a Gen12 command (MI opcode 0x07): the CS raises an error. */
#define MI_BAD			0x03800000

/* The error capture: devcoredump's link under the PCI device. */
#define CAPTURE_DIR_FMT		"%s/devcoredump"
#define CAPTURE_MS		2000
#define DG1_ERROR		"/tools/dg1_error"
#define INTEL_ERROR_DECODE	"/host/intel_error_decode"
#define UNMAPPED_VA		0x40000000ull

static struct dg1dev_klog klog;
static bool wedged;

/*
 * Batches at 0x0 (bad), 0x100 (store @v at DATA_VA + @slot * 4), 0x200
 * (endless), 0x300 (bad once the dword at DATA_VA + GATE is 1), 0x400
 * (store to UNMAPPED_VA: a page fault).
 */
static void rig_batches(struct exec_rig *r, unsigned int slot, uint32_t v)
{
	volatile uint32_t *cs = r->cs;

	cs[0] = MI_NOOP;
	cs[1] = MI_BAD;
	cs[2] = MI_BATCH_BUFFER_END;
	cs = r->cs + 0x100 / 4;
	cs[0] = MI_STORE_DATA_IMM;
	cs[1] = (uint32_t)(DATA_VA + 4 * slot);
	cs[2] = 0;
	cs[3] = v;
	cs[4] = MI_BATCH_BUFFER_END;
	cs = r->cs + 0x200 / 4;
	cs[0] = MI_ARB_CHECK;
	cs[1] = MI_BATCH_BUFFER_START;
	cs[2] = (uint32_t)(BATCH_VA + 0x200);
	cs[3] = 0;
	cs = r->cs + 0x300 / 4;
	cs[0] = MI_SEMAPHORE_WAIT_EQ;
	cs[1] = 1;
	cs[2] = (uint32_t)(DATA_VA + GATE);
	cs[3] = 0;
	cs[4] = MI_BAD;
	cs[5] = MI_BATCH_BUFFER_END;
	cs = r->cs + 0x400 / 4;
	cs[0] = MI_STORE_DATA_IMM;
	cs[1] = (uint32_t)UNMAPPED_VA;
	cs[2] = 0;
	cs[3] = v;
	cs[4] = MI_BATCH_BUFFER_END;
	r->out[GATE / 4] = 0;
}

static int engine_of(unsigned int class, int not)
{
	unsigned int i;

	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == class && (int)i != not)
			return i;
	return -1;
}

static int exec_errno(int fd, uint32_t q, uint64_t batch)
{
	return __exec(fd, q, batch, NULL, 0);
}

/* The status of a batch's fence once it signalled within @ms. */
static int run_status(int fd, uint32_t q, uint64_t batch, unsigned int ms)
{
	uint32_t so = exec_out(fd, q, batch);
	int status;

	wait_ok(fd, so, ms);
	status = fence_status(fd, so);
	syncobj_destroy(fd, so);
	return status;
}

/*
 * A new kernel line with @what: at warning level or above, so that a
 * default dmesg shows it (Documentation/hangs.rst, "What the log says").
 * Returns whether there is one; asserts its level when there is.
 */
static bool warned(const char *what)
{
	const char *needles[2] = { what, NULL };
	char line[512];
	int found, level;

	found = dg1dev_klog_find(&klog, needles, line, sizeof(line));
	igt_assert_f(found >= 0, "cannot read the kernel log: %s",
		     strerror(-found));
	if (found != 2)
		return false;
	level = dg1dev_klog_level(needles);
	igt_assert_f(level >= 0 && level <= 4,
		     "'%s' is logged at level %d, below warning (4)", line,
		     level);
	igt_info("kernel: %s\n", line);
	return true;
}

/*
 * The kernel's lines for the hang of request @seqno of queue @q: the hang
 * and the engine reset naming the queue, each a warning.
 */
static void expect_hang_line(uint32_t q, unsigned int seqno)
{
	char what[128];

	snprintf(what, sizeof(what),
		 "hang in exec queue %u of dg1_hang[%d], seqno %u:", q,
		 getpid(), seqno);
	igt_assert_f(warned(what), "no new kernel log line has '%s'", what);
	snprintf(what, sizeof(what), "): bcs0 ran exec queue %u of dg1_hang[%d]",
		 q, getpid());
	igt_assert_f(warned(what), "no new kernel log line has '%s'", what);
}

/* A new warning that queue @q of this process is banned. */
static bool ban_logged(uint32_t q)
{
	char what[128];

	snprintf(what, sizeof(what), "exec queue %u of dg1_hang[%d] banned:",
		 q, getpid());
	return warned(what);
}

/* ---- error capture (Documentation/hangs.rst, "Error capture") ---- */

static void capture_dir(char *dir, size_t len)
{
	igt_assert((size_t)snprintf(dir, len, CAPTURE_DIR_FMT, dut.pci) < len);
}

/* Delete the device's pending capture (any write does), if it has one. */
static void capture_drop(void)
{
	char dir[PATH_MAX + 16], data[PATH_MAX + 24];
	uint64_t start = dut_now_ns();

	capture_dir(dir, sizeof(dir));
	snprintf(data, sizeof(data), "%s/data", dir);
	if (access(data, F_OK))
		return;
	igt_assert_eq(dg1dev_sysfs_write(data, "1"), 0);
	while (!access(data, F_OK) &&
	       dut_now_ns() - start < CAPTURE_MS * NSEC_PER_MSEC)
		dut_sleep_ms(10);
	igt_assert_f(access(data, F_OK),
		     "%s still there %u ms after a write deleted it", data,
		     CAPTURE_MS);
}

/* The capture devcoredump holds, once it is there; saved to @save. */
static char *capture_wait(const char *save)
{
	uint64_t start = dut_now_ns();
	char dir[PATH_MAX + 16], *text = NULL;
	ssize_t n;
	FILE *f;

	capture_dir(dir, sizeof(dir));
	while ((n = dg1dev_debugfs_read(dir, "data", &text)) < 0 &&
	       dut_now_ns() - start < CAPTURE_MS * NSEC_PER_MSEC)
		dut_sleep_ms(10);
	igt_assert_f(n > 0, "no capture in %s/data %u ms after the hang: %s",
		     dir, CAPTURE_MS, strerror(n < 0 ? (int)-n : EIO));
	f = fopen(save, "w");
	igt_assert(f && fwrite(text, 1, n, f) == (size_t)n && !fclose(f));
	return text;
}

/* Whether a line of @cmd's output holds @needle (copied to @line). */
static bool run_finds(const char *cmd, const char *needle, char *line,
		      size_t len)
{
	FILE *p = popen(cmd, "r");
	bool found = false;
	char rest[512];
	int status;

	igt_assert_f(p, "%s: %s", cmd, strerror(errno));
	while (!found && fgets(line, len, p))
		found = strstr(line, needle);
	while (fgets(rest, sizeof(rest), p))
		;
	status = pclose(p);
	igt_assert_f(status == 0, "'%s' exited with status 0x%x", cmd, status);
	return found;
}

static const char *decoded(const char *cmd, const char *needle)
{
	static char line[512];

	igt_assert_f(run_finds(cmd, needle, line, sizeof(line)),
		     "'%s' does not print '%s'", cmd, needle);
	line[strcspn(line, "\n")] = '\0';
	return line;
}

/*
 * The batch at @batch hangs a new copy queue (*@q) of a new rig: its
 * capture, saved to @save and parsed into @c. No capture is pending before.
 */
static char *capture_hang(struct exec_rig *r, uint32_t *q, uint64_t batch,
			  const char *save, struct dg1_capture_text *c)
{
	int copy = engine_of(DRM_DG1_ENGINE_CLASS_COPY, -1);
	const char *why;
	char *text;

	igt_require_f(copy >= 0, "no copy engine");
	capture_drop();
	exec_rig_open(r, dut.fd);
	rig_batches(r, 0, 0x600d);
	*q = queue_create(r->fd, r->vm, &dut.engines[copy], 0);
	igt_assert_eq(run_status(r->fd, *q, batch, 4 * JOB_TIMEOUT_MS), -EIO);
	text = capture_wait(save);
	igt_assert_f(!dg1_capture_parse(text, c, &why),
		     "the capture does not parse: %s", why);
	return text;
}

/*
 * A copy batch meets an unknown command at BATCH_VA + 4: the capture
 * names the queue and process, its registers say where the CS stopped
 * (ACTHD and BBADDR at that dword, IPEHR the command, a PPGTT batch,
 * the error in EIR), the ring starts that batch, the batch page is the
 * object's content (the endless loop at + 0x200 too), the image starts
 * with the LRI of its ring registers; dg1_error marks ACTHD on the bad
 * command, intel_error_decode reads it as a Gen12 capture. A second hang
 * while it is unread leaves it as it is (devcoredump keeps one per
 * device).
 */
static void test_capture(void)
{
	int copy = engine_of(DRM_DG1_ENGINE_CLASS_COPY, -1);
	const char *save = "/tmp/dg1_hang.capture";
	const struct dg1_capture_buf *ring, *batch, *image;
	struct dg1_capture_text c;
	uint64_t v, device;
	char cmd[256], want[128], *text, *again;
	struct exec_rig r;
	unsigned int i;
	bool started = false;
	uint32_t q;

	text = capture_hang(&r, &q, BATCH_VA, save, &c);

	igt_assert_eq(dg1dev_pci_attr(dut.pci, "device", &device), 0);
	igt_assert_eq_u32(c.pci_id, (uint32_t)device);
	igt_assert_f(!strcmp(c.engine, dut_engine_str(&dut.engines[copy])),
		     "Engine: %s, want %s", c.engine,
		     dut_engine_str(&dut.engines[copy]));
	snprintf(want, sizeof(want), "exec queue %u of dg1_hang [%d]", q,
		 getpid());
	igt_assert_f(strstr(c.context, want) && strstr(c.context, "(guilty)"),
		     "Context: '%s', want '%s ... (guilty)'", c.context, want);
	igt_assert_f(dg1_capture_reg(&c, "ACTHD", &v) && v == BATCH_VA + 4,
		     "ACTHD 0x%" PRIx64 ", want the bad command at 0x%llx", v,
		     BATCH_VA + 4);
	igt_assert(dg1_capture_reg(&c, "BBADDR", &v) && v == BATCH_VA + 4);
	igt_assert(dg1_capture_reg(&c, "IPEHR", &v) && v == MI_BAD);
	igt_assert(dg1_capture_reg(&c, "BB_STATE", &v) && v & (1 << 5));
	igt_assert(dg1_capture_reg(&c, "EIR", &v) && v & 1);
	igt_assert(dg1_capture_reg(&c, "START", &v));

	ring = dg1_capture_buf(&c, "ringbuffer");
	igt_assert_f(ring && ring->addr == v && ring->n >= 1024,
		     "no ring buffer at START 0x%" PRIx64, v);
	for (i = 0; i + 2 < ring->n && !started; i++)
		started = ring->dw[i] == MI_BATCH_BUFFER_START &&
			  ring->dw[i + 1] == BATCH_VA && !ring->dw[i + 2];
	igt_assert_f(started, "the ring holds no batch start of 0x%llx",
		     BATCH_VA);
	batch = dg1_capture_buf(&c, "gtt_offset");
	igt_assert_f(batch && batch->addr == BATCH_VA && batch->n == 1024,
		     "no batch page at 0x%llx", BATCH_VA);
	igt_assert(!batch->dw[0] && batch->dw[1] == MI_BAD &&
		   batch->dw[2] == MI_BATCH_BUFFER_END);
	igt_assert(batch->dw[0x200 / 4] == MI_ARB_CHECK &&
		   batch->dw[0x204 / 4] == MI_BATCH_BUFFER_START);
	image = dg1_capture_buf(&c, "HW context");
	igt_assert_f(image && image->n == 1024 && image->dw[1] >> 24 == 0x11,
		     "no context image starting with an LRI");

	snprintf(cmd, sizeof(cmd), "%s %s", DG1_ERROR, save);
	snprintf(want, sizeof(want), "0x%016llx: %08x  unknown command",
		 BATCH_VA + 4, MI_BAD);
	igt_assert_f(strstr(decoded(cmd, want), "<- ACTHD"),
		     "dg1_error does not mark ACTHD on the bad command");
	if (!access(INTEL_ERROR_DECODE, X_OK)) {
		snprintf(cmd, sizeof(cmd), "%s %s", INTEL_ERROR_DECODE, save);
		decoded(cmd, "Detected GEN12 chipset");
		snprintf(want, sizeof(want), "batch (%s) at 0x00000000_%08llx",
			 c.engine, BATCH_VA);
		decoded(cmd, want);
	} else {
		igt_info("%s: not here, the capture is not given to it\n",
			 INTEL_ERROR_DECODE);
	}

	/* Unread, it stays: the second hang's capture is not kept. */
	igt_assert(strstr(text, "\nTime: "));
	igt_assert_eq(run_status(r.fd, q, BATCH_VA, 4 * JOB_TIMEOUT_MS), -EIO);
	dut_sleep_ms(200);
	again = capture_wait("/tmp/dg1_hang.capture2");
	igt_assert_f(!strcmp(text, again),
		     "a second hang replaced the unread capture");
	free(again);
	free(text);
	dg1_capture_text_free(&c);
	capture_drop();
	queue_destroy(r.fd, q);
	exec_rig_close(&r);
}

/*
 * A store to an unmapped page: the fault interrupt resets the engine
 * at once, and the capture says where the fault was (PPGTT, that page,
 * the latched record valid) with ACTHD on the store.
 */
static void test_capture_fault(void)
{
	struct dg1_capture_text c;
	char want[128], *text;
	struct exec_rig r;
	uint64_t v;
	uint32_t q;

	text = capture_hang(&r, &q, BATCH_VA + 0x400,
			    "/tmp/dg1_hang.fault-capture", &c);
	snprintf(want, sizeof(want), "PPGTT address 0x%016llx", UNMAPPED_VA);
	igt_assert_f(strstr(c.fault, want), "Fault: '%s', want '%s'", c.fault,
		     want);
	igt_assert(dg1_capture_reg(&c, "FAULT_REG", &v) && v & 1);
	igt_assert_f(dg1_capture_reg(&c, "ACTHD", &v) && v == BATCH_VA + 0x400,
		     "ACTHD 0x%" PRIx64 ", want the store at 0x%llx", v,
		     BATCH_VA + 0x400);
	free(text);
	dg1_capture_text_free(&c);
	capture_drop();
	queue_destroy(r.fd, q);
	exec_rig_close(&r);
}

static void test_ban(void)
{
	int copy = engine_of(DRM_DG1_ENGINE_CLASS_COPY, -1);
	int other = engine_of(DRM_DG1_ENGINE_CLASS_RENDER, -1);
	uint32_t q, q2, q3, so, i;
	struct exec_rig r;

	igt_require_f(copy >= 0 && other >= 0, "no copy or render engine");
	exec_rig_open(&r, dut.fd);
	rig_batches(&r, 0, 0x600d);
	q = queue_create(r.fd, r.vm, &dut.engines[copy], 0);
	q2 = queue_create(r.fd, r.vm, &dut.engines[copy], 0);
	q3 = queue_create(r.fd, r.vm, &dut.engines[other], 0);
	/* Two hangs: each batch fails alone, the queue goes on. */
	for (i = 0; i < BAN_HANGS - 1; i++) {
		igt_assert_eq(run_status(r.fd, q, BATCH_VA, 4 * JOB_TIMEOUT_MS), -EIO);
		r.out[0] = 0;
		igt_assert_eq(run_status(r.fd, q, BATCH_VA + 0x100, JOB_TIMEOUT_MS), 1);
		igt_assert_eq_u32(r.out[0], 0x600d);
	}
	igt_assert_f(!ban_logged(q), "queue %u banned after %u hangs", q,
		     BAN_HANGS - 1);
	/*
	 * The third, with a batch queued behind it (the hang waits for both
	 * to be in): both fail, the queue is banned.
	 */
	r.out[0] = 0;
	so = exec_out(r.fd, q, BATCH_VA + 0x300);
	i = exec_out(r.fd, q, BATCH_VA + 0x100);
	r.out[GATE / 4] = 1;
	wait_ok(r.fd, so, 4 * JOB_TIMEOUT_MS);
	wait_ok(r.fd, i, JOB_TIMEOUT_MS);
	igt_assert_eq(fence_status(r.fd, so), -EIO);
	igt_assert_f(fence_status(r.fd, i) == -EIO && r.out[0] == 0,
		     "the batch behind the third hang: fence %d, wrote 0x%x (want -EIO, nothing)",
		     fence_status(r.fd, i), r.out[0]);
	syncobj_destroy(r.fd, so);
	syncobj_destroy(r.fd, i);
	igt_assert_eq(exec_errno(r.fd, q, BATCH_VA + 0x100), -EIO);

	/* The same engine and another one run on. */
	igt_assert_eq(run_status(r.fd, q2, BATCH_VA + 0x100, JOB_TIMEOUT_MS), 1);
	igt_assert_eq(run_status(r.fd, q3, BATCH_VA + 0x100, JOB_TIMEOUT_MS), 1);
	igt_assert_eq_u32(r.out[0], 0x600d);

	/* Requests 1, 3 and 5 of the queue hung; the 5th banned it. */
	for (i = 0; i < BAN_HANGS; i++)
		expect_hang_line(q, 2 * i + 1);
	igt_assert_f(ban_logged(q), "no line says queue %u is banned", q);
	queue_destroy(r.fd, q);
	queue_destroy(r.fd, q2);
	queue_destroy(r.fd, q3);
	exec_rig_close(&r);
}

/* vdg1's GDRST bits that never clear (counters page gdrst_stuck). */
static void gdrst_stuck(uint32_t mask)
{
	struct dg1dev_prober knob;
	char why[256];

	igt_assert_f(!dg1dev_vdg1_prober_open(dut.pci, &knob, why, sizeof(why)),
		     "%s", why);
	*(volatile uint32_t *)&knob.page->gdrst_stuck = mask;
	igt_assert_eq_u32(knob.page->gdrst_stuck, mask);
	dg1dev_vdg1_prober_close(&knob);
}

/* GDRST bits (i915 gt/intel_gt_regs.h GEN11_GRDOM_FULL, _BLT). */
#define GRDOM_FULL	(1u << 0)
#define GRDOM_BLT	(1u << 2)

static int dfs_wedged(const char *val, char *back, size_t len);

/*
 * The copy engine's reset does not complete (vdg1 holds its GDRST bit):
 * the driver resets the whole GT. The hung batch fails; a render batch
 * that was running (waiting on memory) is replayed and completes, a copy
 * batch submitted after the hang runs; vdg1 saw render reset once (by the
 * GT reset); the device is not wedged; the log says why.
 */
static void test_gt_reset(void)
{
	int copy = engine_of(DRM_DG1_ENGINE_CLASS_COPY, -1);
	int rcs = engine_of(DRM_DG1_ENGINE_CLASS_RENDER, -1);
	struct vdg1_counters_page c0, c1;
	const char *needles[2] = { NULL, NULL };
	uint32_t q, q2, q3, so, so2, so3;
	char line[512], back[8];
	struct exec_rig r;

	dut_require_vdg1();
	dut_require_debugfs();
	igt_require_f(copy >= 0 && rcs >= 0, "no copy or render engine");
	exec_rig_open(&r, dut.fd);
	rig_batches(&r, 2, 0x6a7e);
	/* Render: wait for the gate, then store (the 0x300 batch, minus its bad command). */
	r.cs[0x400 / 4] = MI_SEMAPHORE_WAIT_EQ;
	r.cs[0x404 / 4] = 1;
	r.cs[0x408 / 4] = (uint32_t)(DATA_VA + GATE);
	r.cs[0x40c / 4] = 0;
	r.cs[0x410 / 4] = MI_STORE_DATA_IMM;
	r.cs[0x414 / 4] = (uint32_t)(DATA_VA + 12);
	r.cs[0x418 / 4] = 0;
	r.cs[0x41c / 4] = 0x1e11;
	r.cs[0x420 / 4] = MI_BATCH_BUFFER_END;
	q = queue_create(r.fd, r.vm, &dut.engines[copy], 0);
	q2 = queue_create(r.fd, r.vm, &dut.engines[copy], 0);
	q3 = queue_create(r.fd, r.vm, &dut.engines[rcs], 0);
	so3 = exec_out(r.fd, q3, BATCH_VA + 0x400);
	dut_sleep_ms(50);
	dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	gdrst_stuck(GRDOM_BLT);
	so = exec_out(r.fd, q, BATCH_VA);
	wait_ok(r.fd, so, 4 * JOB_TIMEOUT_MS);
	/*
	 * Submitted once the hang was blamed (queues are not ordered among
	 * themselves): the copy engine is stopped until the GT reset, so
	 * this batch ends after it.
	 */
	so2 = exec_out(r.fd, q2, BATCH_VA + 0x100);
	wait_ok(r.fd, so2, 4 * JOB_TIMEOUT_MS);
	gdrst_stuck(0);
	dg1dev_vdg1_snapshot(dut.vdg1, &c1);
	igt_assert_eq(fence_status(r.fd, so), -EIO);
	igt_assert_eq(fence_status(r.fd, so2), 1);
	igt_assert_eq_u32(r.out[2], 0x6a7e);
	/* The render batch ran through the GT reset: replayed, it finishes. */
	igt_assert_eq(fence_status(r.fd, so3), 0);
	r.out[GATE / 4] = 1;
	wait_ok(r.fd, so3, JOB_TIMEOUT_MS);
	igt_assert_eq(fence_status(r.fd, so3), 1);
	igt_assert_eq_u32(r.out[3], 0x1e11);
	igt_assert_f(c1.engine_resets[VDG1_ENGINE_RCS0] -
		     c0.engine_resets[VDG1_ENGINE_RCS0] == 1,
		     "render reset %u times (want 1: the GT reset)",
		     c1.engine_resets[VDG1_ENGINE_RCS0] -
		     c0.engine_resets[VDG1_ENGINE_RCS0]);
	igt_assert_eq(dfs_wedged(NULL, back, sizeof(back)), 2);
	igt_assert_eq(strcmp(back, "0\n"), 0);
	needles[0] = "GT reset after a failed engine reset";
	igt_assert_eq(dg1dev_klog_find(&klog, needles, line, sizeof(line)), 2);
	needles[0] = "engine reset failed: resetting the GT";
	igt_assert_eq(dg1dev_klog_find(&klog, needles, line, sizeof(line)), 2);
	igt_info("kernel: %s\n", line);
	syncobj_destroy(r.fd, so);
	syncobj_destroy(r.fd, so2);
	syncobj_destroy(r.fd, so3);
	queue_destroy(r.fd, q);
	queue_destroy(r.fd, q2);
	queue_destroy(r.fd, q3);
	exec_rig_close(&r);
}

/*
 * Neither the engine reset nor the GT reset completes: the device wedges
 * by itself; the hung batch and one queued elsewhere end with -EIO.
 */
static void test_gt_reset_fails(void)
{
	int copy = engine_of(DRM_DG1_ENGINE_CLASS_COPY, -1);
	int rcs = engine_of(DRM_DG1_ENGINE_CLASS_RENDER, -1);
	uint32_t q, q3, so, so3;
	char back[8];
	struct exec_rig r;

	dut_require_vdg1();
	dut_require_debugfs();
	igt_require_f(copy >= 0 && rcs >= 0, "no copy or render engine");
	exec_rig_open(&r, dut.fd);
	rig_batches(&r, 0, 0x600d);
	q = queue_create(r.fd, r.vm, &dut.engines[copy], 0);
	q3 = queue_create(r.fd, r.vm, &dut.engines[rcs], 0);
	so3 = exec_out(r.fd, q3, BATCH_VA + 0x200);	/* endless */
	gdrst_stuck(GRDOM_BLT | GRDOM_FULL);
	so = exec_out(r.fd, q, BATCH_VA);
	wait_ok(r.fd, so, 4 * JOB_TIMEOUT_MS);
	wait_ok(r.fd, so3, JOB_TIMEOUT_MS);
	gdrst_stuck(0);
	wedged = true;
	igt_assert_eq(fence_status(r.fd, so), -EIO);
	igt_assert_eq(fence_status(r.fd, so3), -EIO);
	igt_assert_eq(dfs_wedged(NULL, back, sizeof(back)), 2);
	igt_assert_eq(strcmp(back, "1\n"), 0);
	igt_assert_eq(exec_errno(r.fd, q3, BATCH_VA + 0x100), -EIO);
	syncobj_destroy(r.fd, so);
	syncobj_destroy(r.fd, so3);
	queue_destroy(r.fd, q);
	queue_destroy(r.fd, q3);
	exec_rig_close(&r);
}

static int dfs_wedged(const char *val, char *back, size_t len)
{
	char path[PATH_MAX + 16];
	int fd, n;

	snprintf(path, sizeof(path), "%s/wedged", dut.dfs);
	fd = open(path, val ? O_WRONLY : O_RDONLY);
	if (fd < 0)
		return -errno;
	n = val ? write(fd, val, strlen(val)) : read(fd, back, len - 1);
	n = n < 0 ? -errno : n;
	if (!val && n >= 0)
		back[n] = 0;
	close(fd);
	return n;
}

static void test_wedged(void)
{
	int e = engine_of(DRM_DG1_ENGINE_CLASS_COPY, -1);
	struct drm_dg1_exec_queue_create qc = { .engine = dut.engines[0] };
	struct drm_dg1_wait_user_fence uf = {
		.addr = DATA_VA, .op = DRM_DG1_UFENCE_OP_EQ, .value = 1,
		.mask = ~0ull, .timeout_ns = 10ll * NSEC_PER_SEC,
	};
	struct drm_dg1_vm_bind_op op = {
		.op = DRM_DG1_VM_BIND_OP_MAP, .addr = DATA_VA + 0x10000,
		.range = 4096,
	};
	uint32_t q, so, so2, bo;
	volatile uint32_t *p;
	uint64_t t0, ms;
	char back[8];
	struct exec_rig r;

	dut_require_debugfs();
	igt_require_f(e >= 0, "no copy engine");
	igt_assert_eq(dfs_wedged(NULL, back, sizeof(back)), 2);
	igt_assert_eq(strcmp(back, "0\n"), 0);
	exec_rig_open(&r, dut.fd);
	rig_batches(&r, 0, 0x600d);
	q = queue_create(r.fd, r.vm, &dut.engines[e], 0);
	so = exec_out(r.fd, q, BATCH_VA + 0x200);
	so2 = exec_out(r.fd, q, BATCH_VA + 0x100);
	dut_sleep_ms(100);

	igt_assert_eq(dfs_wedged("0", NULL, 0), -EINVAL);
	t0 = dut_now_ns();
	igt_assert_eq(dfs_wedged("1", NULL, 0), 1);
	wedged = true;
	wait_ok(r.fd, so, JOB_TIMEOUT_MS);
	wait_ok(r.fd, so2, JOB_TIMEOUT_MS);
	ms = (dut_now_ns() - t0) / NSEC_PER_MSEC;
	igt_assert_f(fence_status(r.fd, so) == -EIO &&
		     fence_status(r.fd, so2) == -EIO && r.out[0] == 0,
		     "after the wedge: fences %d %d, data 0x%x (want -EIO -EIO 0)",
		     fence_status(r.fd, so), fence_status(r.fd, so2), r.out[0]);
	igt_assert_f(ms < JOB_TIMEOUT_MS / 2, "the wedge took %llu ms",
		     (unsigned long long)ms);
	igt_info("wedged: running and queued batches ended in %llu ms\n",
		 (unsigned long long)ms);
	igt_assert_eq(dfs_wedged(NULL, back, sizeof(back)), 2);
	igt_assert_eq(strcmp(back, "1\n"), 0);

	/* Every way to the GPU fails with -EIO; memory still works. */
	igt_assert_eq(exec_errno(r.fd, q, BATCH_VA + 0x100), -EIO);
	qc.vm_id = r.vm;
	do_ioctl_err(r.fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &qc, EIO);
	uf.vm_id = r.vm;
	t0 = dut_now_ns();
	do_ioctl_err(r.fd, DRM_IOCTL_DG1_WAIT_USER_FENCE, &uf, EIO);
	igt_assert((dut_now_ns() - t0) / NSEC_PER_MSEC < JOB_TIMEOUT_MS);
	bo = gem_create(r.fd, 4096, GEM_LMEM, 0);
	p = gem_mmap(r.fd, bo, 4096);
	p[0] = 0x5a5a;
	igt_assert_eq_u32(p[0], 0x5a5a);
	op.obj = bo;
	igt_assert_eq(__vm_bind(r.fd, r.vm, &op, 1, NULL, 0), -EIO);
	munmap((void *)p, 4096);
	gem_close(r.fd, bo);
	syncobj_destroy(r.fd, so);
	syncobj_destroy(r.fd, so2);
	queue_destroy(r.fd, q);
	exec_rig_close(&r);
}

static void test_rebind(void)
{
	const char *bdf = strrchr(dut.pci, '/') + 1;
	char dfs[PATH_MAX], back[8];
	struct exec_rig r;
	uint32_t q;
	int err;

	igt_require_f(wedged, "the device was not wedged");
	dut_close();
	err = dg1dev_sysfs_write(DRIVER_DIR "/unbind", bdf);
	igt_assert_f(!err, "unbind %s: %s", bdf, strerror(-err));
	err = dg1dev_sysfs_write(DRIVER_DIR "/bind", bdf);
	igt_assert_f(!err, "bind %s: %s", bdf, strerror(-err));
	close(dut_wait_render_node(BIND_TIMEOUT_MS, "bind"));
	dut_open();
	wedged = false;
	igt_dg1_require_debugfs(dut.pci, dfs, sizeof(dfs));
	igt_assert_eq(dfs_wedged(NULL, back, sizeof(back)), 2);
	igt_assert_eq(strcmp(back, "0\n"), 0);
	exec_rig_open(&r, dut.fd);
	rig_batches(&r, 1, 0xb0b);
	q = queue_create(r.fd, r.vm, &dut.engines[0], 0);
	igt_assert_eq(run_status(r.fd, q, BATCH_VA + 0x100, JOB_TIMEOUT_MS), 1);
	igt_assert_eq_u32(r.out[1], 0xb0b);
	queue_destroy(r.fd, q);
	exec_rig_close(&r);
}

static void test_kernel_log(void)
{
	igt_dg1_assert_klog_clean(&klog);
}

igt_main
{
	igt_fixture {
		dut_open();
		igt_dg1_require_f(dut.pci[0], "%s", dut.vdg1_why);
		dg1dev_klog_start(&klog);
	}
	dut_subtest("error-capture", test_capture);
	dut_subtest("error-capture-fault", test_capture_fault);
	dut_subtest("ban", test_ban);
	dut_subtest("gt-reset", test_gt_reset);
	dut_subtest("wedged", test_wedged);
	dut_subtest("rebind", test_rebind);
	dut_subtest("gt-reset-fails", test_gt_reset_fails);
	dut_subtest("rebind-again", test_rebind);
	dut_subtest("kernel-log-clean", test_kernel_log);

	igt_fixture
		dut_close();
}
