// SPDX-License-Identifier: GPL-2.0
/*
 * Error capture: what a hang or a fault left on the engine, handed to
 * devcoredump (/sys/class/devcoredump/devcdN/data, or the device's
 * devcoredump/data link) for a developer to read.
 *
 * The record is text in the layout of i915's error state
 * (i915_gpu_error.c), so that igt-gpu-tools' intel_error_decode decodes it
 * too: "PCI ID:" names the platform, an engine's registers follow
 * "<engine> command stream:" as "  NAME: 0x..." lines, and each buffer is
 * a "<engine> --- <kind> = 0x<hi> <lo>" line (ringbuffer, gtt_offset for
 * the batch, HW context) followed by its dwords in ASCII85 after '~'.
 * tools/dg1_error decodes it with the commands named and the addresses
 * the registers point at marked (Documentation/hangs.rst).
 *
 * Taken in two steps. In the reset path, before the engine is reset: the
 * registers, the page-fault record (which the reset clears), the context
 * on the engine, a copy of its ring and image, and a reference to its VM
 * - nothing that sleeps on memory: allocations do not wait for reclaim,
 * which may wait for the very fence that hangs. Then a worker reads the
 * batch page ACTHD points into, through the VM (taking the object's
 * reservation), writes the text and hands it to devcoredump. One capture
 * is pending at a time, and devcoredump keeps one per device until it is
 * read or times out: later hangs are counted and dropped, as the first
 * hang is the one to debug.
 */

#include <linux/bitfield.h>
#include <linux/devcoredump.h>
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/utsname.h>
#include <linux/vmalloc.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "gt/dg1_gt_fault.h"
#include "mem/dg1_kobj.h"
#include "mem/dg1_vm.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"
#include "submit/dg1_capture.h"
#include "submit/dg1_context_types.h"
#include "submit/dg1_request_types.h"

/* Never waits for reclaim: the reset path must not block on memory. */
#define DG1_CAPTURE_GFP		(GFP_NOWAIT | __GFP_NOWARN)
/* The register state's first page: the LRI lists the engine restores. */
#define DG1_CAPTURE_IMAGE_BYTES	SZ_4K
#define DG1_CAPTURE_BATCH_BYTES	SZ_4K
/* Text: the three buffers in ASCII85 (5 chars a dword) and the rest. */
#define DG1_CAPTURE_TEXT_BYTES	SZ_64K
/* A PPGTT batch (BB_STATE bit 5, i915 RING_BB_PPGTT). */
#define DG1_CAPTURE_BB_PPGTT	BIT(5)

static void dg1_capture_read_regs(struct dg1_hw_engine *e,
				  struct dg1_capture_regs *r)
{
	struct dg1_uncore *uncore = &e->dg1->uncore;
	u32 base = e->info->mmio_base;

#define RD(reg)	dg1_uncore_read32_fw(uncore, reg(base))
	r->start = RD(RING_START);
	r->head = RD(RING_HEAD);
	r->tail = RD(RING_TAIL);
	r->ctl = RD(RING_CTL);
	r->mi_mode = RD(RING_MI_MODE);
	r->ring_mode = RD(RING_MODE);
	r->acthd = (u64)RD(RING_ACTHD_UDW) << 32 | RD(RING_ACTHD);
	r->bbaddr = (u64)RD(RING_BBADDR_UDW) << 32 | RD(RING_BBADDR);
	r->bb_state = RD(RING_BB_STATE);
	r->ipeir = RD(RING_IPEIR);
	r->ipehr = RD(RING_IPEHR);
	r->eir = RD(RING_EIR);
	r->ccid = RD(RING_CCID);
	r->el_status = (u64)RD(RING_EXECLIST_STATUS_HI) << 32 |
		       RD(RING_EXECLIST_STATUS_LO);
	r->csb_ptr = RD(RING_CONTEXT_STATUS_PTR);
	r->ctx_timestamp = RD(RING_CTX_TIMESTAMP);
#undef RD
}

/**
 * dg1_capture_free() - free a capture not handed on
 * @cap: the capture, or NULL
 *
 * Context: process (drops a VM reference).
 */
void dg1_capture_free(struct dg1_capture *cap)
{
	if (!cap)
		return;
	if (cap->vm)
		dg1_vm_put(cap->vm);
	kvfree(cap->batch);
	kvfree(cap->image);
	kvfree(cap->ring);
	kfree(cap);
}

/**
 * dg1_capture_engine() - record an engine that is about to be reset
 * @e: the engine, stopped or not, its power domain and the GT's awake
 *
 * Takes the registers, the page-fault record, and the context on the
 * engine: its identity, a copy of its ring and image, a reference to its
 * VM. The copies are made outside the engine lock, from the BAR mapping
 * that outlives every object: a context that leaves at that moment leaves
 * a stale copy, never a fault.
 *
 * Context: process, the engine's reset lock held; does not sleep on
 * memory.
 * Return: the capture, or NULL when memory is short (the hang is still
 * handled, just not recorded).
 */
struct dg1_capture *dg1_capture_engine(struct dg1_hw_engine *e)
{
	struct dg1_capture *cap;
	struct dg1_context *ce;
	void __iomem *ring = NULL, *image = NULL;
	unsigned int i;

	/* One is still on its way: this one would be dropped, take nothing. */
	if (READ_ONCE(e->dg1->capture.pending)) {
		atomic_inc(&e->dg1->capture.dropped);
		return NULL;
	}
	cap = kzalloc(sizeof(*cap), DG1_CAPTURE_GFP);
	if (!cap)
		return NULL;
	cap->dg1 = e->dg1;
	cap->engine = e->info->name;
	cap->time_ns = ktime_get_boottime_ns();
	dg1_capture_read_regs(e, &cap->regs);
	dg1_gt_fault_read(&e->dg1->gt, &cap->fault);

	spin_lock_irq(&e->lock);
	for (i = 0; i < DG1_ENGINE_CSB_HISTORY; i++)
		cap->csb[i] = e->stats.csb_last[(e->stats.csb_events + i) %
						DG1_ENGINE_CSB_HISTORY];
	ce = e->inflight[0];
	if (ce) {
		cap->has_ctx = true;
		cap->pid = ce->owner_pid;
		memcpy(cap->comm, ce->owner_comm, sizeof(cap->comm));
		cap->queue_id = ce->queue_id;
		cap->hw_id = ce->hw_id;
		cap->hangs = ce->hangs;
		if (!list_empty(&ce->requests))
			cap->seqno = list_first_entry(&ce->requests,
						      struct dg1_request,
						      link)->fence.seqno;
		cap->ring_ggtt = dg1_kobj_ggtt(&ce->ring);
		cap->ring_size = ce->ring.size;
		ring = ce->ring.vaddr;
		cap->image_ggtt = dg1_kobj_ggtt(&ce->state) + SZ_4K;
		image = ce->state.vaddr + SZ_4K;
		if (ce->vm)
			cap->vm = dg1_vm_get(ce->vm);
	}
	spin_unlock_irq(&e->lock);

	if (ring) {
		cap->ring = kvmalloc(cap->ring_size, DG1_CAPTURE_GFP);
		if (cap->ring)
			memcpy_fromio(cap->ring, ring, cap->ring_size);
		cap->image = kvmalloc(DG1_CAPTURE_IMAGE_BYTES, DG1_CAPTURE_GFP);
		if (cap->image)
			memcpy_fromio(cap->image, image,
				      DG1_CAPTURE_IMAGE_BYTES);
	}
	return cap;
}

/**
 * dg1_capture_blame() - say which request the capture is about
 * @cap: the capture, or NULL
 * @ce: the guilty request's context
 * @seqno: the guilty request
 *
 * Context: the engine lock held.
 */
void dg1_capture_blame(struct dg1_capture *cap, struct dg1_context *ce,
		       u64 seqno)
{
	if (!cap)
		return;
	cap->guilty = true;
	cap->seqno = seqno;
	cap->banned = !!ce->banned;
	if (!cap->has_ctx) {
		cap->has_ctx = true;
		cap->pid = ce->owner_pid;
		memcpy(cap->comm, ce->owner_comm, sizeof(cap->comm));
		cap->queue_id = ce->queue_id;
	}
}

/**
 * dg1_capture_submit() - hand a capture on to be completed and published
 * @cap: the capture; taken over
 *
 * Dropped when another one is still pending.
 *
 * Context: process.
 */
void dg1_capture_submit(struct dg1_capture *cap)
{
	struct dg1_capture_dev *cd = &cap->dg1->capture;
	bool queued = false;

	spin_lock(&cd->lock);
	if (!cd->pending) {
		WRITE_ONCE(cd->pending, cap);
		queued = true;
	}
	spin_unlock(&cd->lock);
	if (!queued) {
		atomic_inc(&cd->dropped);
		dg1_capture_free(cap);
		return;
	}
	atomic_inc(&cd->taken);
	queue_work(system_unbound_wq, &cd->work);
}

/* Where the CS is in a batch, not in the ring: the page to read. */
static void dg1_capture_batch(struct dg1_capture *cap)
{
	const struct dg1_capture_regs *r = &cap->regs;
	u64 in_ring = (u64)cap->ring_ggtt + (r->head & HEAD_ADDR);

	cap->batch_err = -ENOENT;
	if (!cap->vm || !(r->bb_state & DG1_CAPTURE_BB_PPGTT) ||
	    r->acthd == in_ring)
		return;
	cap->batch_addr = round_down(r->acthd, DG1_CAPTURE_BATCH_BYTES);
	cap->batch = kvmalloc(DG1_CAPTURE_BATCH_BYTES, GFP_KERNEL);
	if (!cap->batch) {
		cap->batch_err = -ENOMEM;
		return;
	}
	cap->batch_err = dg1_vm_read(cap->vm, cap->batch_addr, cap->batch,
				     DG1_CAPTURE_BATCH_BYTES);
}

struct dg1_capture_text {
	char *buf;
	size_t len, size;
};

static __printf(2, 3) void dg1_capture_printf(struct dg1_capture_text *t,
					      const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	t->len += vscnprintf(t->buf + t->len, t->size - t->len, fmt, args);
	va_end(args);
}

/* A buffer as i915 writes one: '~', ASCII85 ('z' for a zero dword). */
static void dg1_capture_ascii85(struct dg1_capture_text *t, const u32 *dw,
				size_t n)
{
	size_t i;

	dg1_capture_printf(t, "~");
	for (i = 0; i < n && t->size - t->len > 8; i++) {
		u32 v = dw[i];
		char c[6];
		int k;

		if (!v) {
			dg1_capture_printf(t, "z");
			continue;
		}
		for (k = 4; k >= 0; k--) {
			c[k] = '!' + v % 85;
			v /= 85;
		}
		c[5] = '\0';
		dg1_capture_printf(t, "%s", c);
	}
	dg1_capture_printf(t, "\n");
}

static void dg1_capture_print_regs(struct dg1_capture_text *t,
				   const struct dg1_capture *cap)
{
	const struct dg1_capture_regs *r = &cap->regs;
	unsigned int i;

	dg1_capture_printf(t, "%s command stream:\n", cap->engine);
	dg1_capture_printf(t, "  START: 0x%08x\n", r->start);
	dg1_capture_printf(t, "  HEAD:  0x%08x\n", r->head);
	dg1_capture_printf(t, "  TAIL:  0x%08x\n", r->tail);
	dg1_capture_printf(t, "  CTL:   0x%08x\n", r->ctl);
	dg1_capture_printf(t, "  MODE:  0x%08x\n", r->mi_mode);
	dg1_capture_printf(t, "  RING_MODE: 0x%08x\n", r->ring_mode);
	dg1_capture_printf(t, "  ACTHD: 0x%08x %08x\n",
			   upper_32_bits(r->acthd), lower_32_bits(r->acthd));
	dg1_capture_printf(t, "  IPEIR: 0x%08x\n", r->ipeir);
	dg1_capture_printf(t, "  IPEHR: 0x%08x\n", r->ipehr);
	dg1_capture_printf(t, "  BBADDR: 0x%08x_%08x\n",
			   upper_32_bits(r->bbaddr), lower_32_bits(r->bbaddr));
	dg1_capture_printf(t, "  BB_STATE: 0x%08x\n", r->bb_state);
	dg1_capture_printf(t, "  EIR: 0x%08x\n", r->eir);
	dg1_capture_printf(t, "  CCID: 0x%08x\n", r->ccid);
	dg1_capture_printf(t, "  EXECLIST_STATUS: 0x%08x %08x\n",
			   upper_32_bits(r->el_status),
			   lower_32_bits(r->el_status));
	dg1_capture_printf(t, "  CONTEXT_STATUS_PTR: 0x%08x\n", r->csb_ptr);
	dg1_capture_printf(t, "  CTX_TIMESTAMP: 0x%08x\n", r->ctx_timestamp);
	for (i = 0; i < DG1_ENGINE_CSB_HISTORY; i++)
		dg1_capture_printf(t, "  CSB[%u]: 0x%08x %08x\n", i,
				   upper_32_bits(cap->csb[i]),
				   lower_32_bits(cap->csb[i]));
}

static void dg1_capture_print(struct dg1_capture_text *t,
			      const struct dg1_capture *cap)
{
	struct pci_dev *pdev = to_pci_dev(cap->dg1->drm.dev);
	const struct dg1_gt_fault_record *f = &cap->fault;

	dg1_capture_printf(t, "dg1 GPU error capture\n");
	dg1_capture_printf(t, "Time: %llu.%06llu s since boot\n",
			   cap->time_ns / NSEC_PER_SEC,
			   cap->time_ns % NSEC_PER_SEC / NSEC_PER_USEC);
	dg1_capture_printf(t, "Kernel: %s\n", init_utsname()->release);
	dg1_capture_printf(t, "Driver: dg1\n");
	dg1_capture_printf(t, "PCI ID: 0x%04x\n", pdev->device);
	dg1_capture_printf(t, "PCI slot: %s\n", pci_name(pdev));
	dg1_capture_printf(t, "Engine: %s\n", cap->engine);
	if (cap->has_ctx)
		dg1_capture_printf(t,
				   "Context: exec queue %u of %s [%d], hw id %u, seqno %llu%s, hangs before %u%s\n",
				   cap->queue_id, cap->comm, cap->pid,
				   cap->hw_id, cap->seqno,
				   cap->guilty ? " (guilty)" : "", cap->hangs,
				   cap->banned ? ", banned" : "");
	else
		dg1_capture_printf(t, "Context: none on the engine\n");
	if (f->fault & RING_FAULT_VALID)
		dg1_capture_printf(t,
				   "Fault: %s address 0x%016llx: %s, engine id %u, source id %u\n",
				   f->data1 & FAULT_GTT_SEL ? "GGTT" : "PPGTT",
				   dg1_gt_fault_address(f),
				   dg1_gt_fault_type_name(f),
				   (u32)FIELD_GET(RING_FAULT_ENGINE_ID, f->fault),
				   (u32)FIELD_GET(RING_FAULT_SRCID, f->fault));
	dg1_capture_printf(t, "  FAULT_REG: 0x%08x\n", f->fault);
	dg1_capture_printf(t, "  FAULT_TLB_DATA: 0x%08x 0x%08x\n", f->data1,
			   f->data0);
	dg1_capture_print_regs(t, cap);

	if (cap->ring) {
		dg1_capture_printf(t, "%s --- ringbuffer = 0x00000000 %08x\n",
				   cap->engine, cap->ring_ggtt);
		dg1_capture_ascii85(t, cap->ring, cap->ring_size / 4);
	}
	if (!cap->batch_err) {
		dg1_capture_printf(t, "%s --- gtt_offset = 0x%08x %08x\n",
				   cap->engine, upper_32_bits(cap->batch_addr),
				   lower_32_bits(cap->batch_addr));
		dg1_capture_ascii85(t, cap->batch,
				    DG1_CAPTURE_BATCH_BYTES / 4);
	} else if (cap->batch_err != -ENOENT) {
		dg1_capture_printf(t, "Batch: not read (%d)\n", cap->batch_err);
	}
	if (cap->image) {
		dg1_capture_printf(t, "%s --- HW context = 0x00000000 %08x\n",
				   cap->engine, cap->image_ggtt);
		dg1_capture_ascii85(t, cap->image,
				    DG1_CAPTURE_IMAGE_BYTES / 4);
	}
}

static void dg1_capture_work(struct work_struct *work)
{
	struct dg1_capture_dev *cd = container_of(work, struct dg1_capture_dev,
						  work);
	struct dg1_capture_text t = { .size = DG1_CAPTURE_TEXT_BYTES };
	struct dg1_capture *cap;
	int idx;

	spin_lock(&cd->lock);
	cap = cd->pending;
	spin_unlock(&cd->lock);
	if (!cap)
		return;

	dg1_capture_batch(cap);
	t.buf = vmalloc(t.size);
	if (t.buf && drm_dev_enter(&cap->dg1->drm, &idx)) {
		dg1_capture_print(&t, cap);
		/* devcoredump frees the text (vfree) when it is done. */
		dev_coredumpv(cap->dg1->drm.dev, t.buf, t.len, GFP_KERNEL);
		t.buf = NULL;
		drm_dev_exit(idx);
	}
	vfree(t.buf);

	spin_lock(&cd->lock);
	WRITE_ONCE(cd->pending, NULL);
	spin_unlock(&cd->lock);
	dg1_capture_free(cap);
}

/**
 * dg1_capture_dev_init() - set up a device's error capture
 * @dg1: the device
 */
void dg1_capture_dev_init(struct dg1_device *dg1)
{
	struct dg1_capture_dev *cd = &dg1->capture;

	spin_lock_init(&cd->lock);
	INIT_WORK(&cd->work, dg1_capture_work);
	atomic_set(&cd->taken, 0);
	atomic_set(&cd->dropped, 0);
}

/**
 * dg1_capture_dev_fini() - finish or drop the capture under way
 * @dg1: the device, its engines stopped
 *
 * A record devcoredump already holds stays readable until it is read or
 * times out; it holds the device, not the driver's memory.
 *
 * Context: process; sleeps.
 */
void dg1_capture_dev_fini(struct dg1_device *dg1)
{
	struct dg1_capture_dev *cd = &dg1->capture;
	struct dg1_capture *cap;

	cancel_work_sync(&cd->work);
	spin_lock(&cd->lock);
	cap = cd->pending;
	cd->pending = NULL;
	spin_unlock(&cd->lock);
	dg1_capture_free(cap);
}

/**
 * dg1_capture_print_stats() - the capture counts, for debugfs
 * @dg1: the device
 * @p: where to
 */
void dg1_capture_print_stats(struct dg1_device *dg1, struct drm_printer *p)
{
	drm_printf(p, "captures %d dropped %d\n",
		   atomic_read(&dg1->capture.taken),
		   atomic_read(&dg1->capture.dropped));
}
