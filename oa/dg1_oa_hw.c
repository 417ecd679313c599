// SPDX-License-Identifier: GPL-2.0
/*
 * The OAG unit: its buffer, programming it for a stream, and taking the
 * reports it wrote out of the buffer.
 *
 * The buffer is 16 MiB of system memory, the largest OABUFFER size code
 * (as i915, i915_perf.c): the unit writes it through the GGTT and the CPU
 * reads it through a cached mapping, so copying reports out costs no
 * trips over the LMEM BAR. Reports are the unit's: the driver only moves
 * the head behind what it handed out.
 *
 * The tail register can run ahead of the data: the unit moves it before
 * its 64-byte writes have landed (Vol 13 General Assets, "Observation
 * Architecture"; i915 and xe both guard against it). So a report counts
 * as landed once its report id or timestamp dword is non-zero, and the
 * driver zeroes both after handing a report out; the buffer starts
 * zeroed.
 */

#include <linux/dma-mapping.h>
#include <linux/hrtimer.h>
#include <linux/iopoll.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "gt/dg1_gt_mcr.h"
#include "mem/dg1_ggtt.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "oa/dg1_oa_config.h"
#include "oa/dg1_oa_hw.h"
#include "regs/dg1_oa_regs.h"
#include "uapi/dg1_drm.h"

#define DG1_OA_BUFFER_SIZE	SZ_16M
/* The largest run tried first: 2 MiB keeps the GGTT writes few. */
#define DG1_OA_CHUNK_ORDER	9
/* i915 gives OACONTROL and the OA TLB 50 ms each to settle. */
#define DG1_OA_SETTLE_US	50000
/* Report reason bits 25:19 of DW0 (Vol 13 General Assets, "Report ID"). */
#define DG1_OA_REASON_SHIFT	19
#define DG1_OA_REASON_CTX_SWITCH BIT(3)
/* Bits 15:5 of a report's context id: the SW context id. */
#define DG1_OA_CTX_ID_MASK	GENMASK(15, 5)
#define DG1_OA_CTX_ID_INVALID	0xffffffff

static void dg1_oa_buffer_free_chunks(struct dg1_device *dg1,
				      struct dg1_oa_buffer *buf)
{
	struct device *dev = dg1->drm.dev;
	unsigned int i;

	for (i = 0; i < buf->nchunks; i++) {
		struct dg1_oa_chunk *c = &buf->chunks[i];

		dma_unmap_page(dev, c->dma, PAGE_SIZE << c->order,
			       DMA_BIDIRECTIONAL);
		__free_pages(c->page, c->order);
	}
	kvfree(buf->chunks);
	buf->chunks = NULL;
	buf->nchunks = 0;
}

static int dg1_oa_buffer_alloc_chunks(struct dg1_device *dg1,
				      struct dg1_oa_buffer *buf,
				      struct page **pages)
{
	struct device *dev = dg1->drm.dev;
	unsigned int order = DG1_OA_CHUNK_ORDER;
	unsigned int done = 0, npages = buf->size >> PAGE_SHIFT;

	buf->chunks = kvcalloc(npages, sizeof(*buf->chunks), GFP_KERNEL);
	if (!buf->chunks)
		return -ENOMEM;
	while (done < npages) {
		struct dg1_oa_chunk *c = &buf->chunks[buf->nchunks];
		gfp_t gfp = GFP_KERNEL | __GFP_ZERO;
		unsigned int i;

		if (order)
			gfp |= __GFP_NORETRY | __GFP_NOWARN;
		c->page = alloc_pages(gfp, order);
		if (!c->page) {
			if (!order)
				return -ENOMEM;
			order--;
			continue;
		}
		c->order = order;
		c->dma = dma_map_page(dev, c->page, 0, PAGE_SIZE << order,
				      DMA_BIDIRECTIONAL);
		if (dma_mapping_error(dev, c->dma)) {
			__free_pages(c->page, order);
			return -ENOMEM;
		}
		buf->nchunks++;
		for (i = 0; i < (1u << order); i++)
			pages[done + i] = nth_page(c->page, i);
		done += 1u << order;
	}
	return 0;
}

/**
 * dg1_oa_buffer_alloc() - allocate, map and bind an OA buffer
 * @dg1: the device
 * @buf: filled in
 *
 * The buffer reads as zero and is bound in the GGTT at an address aligned
 * to its size, as OABUFFER's base needs.
 *
 * Context: process.
 * Return: 0, -ENOMEM, or -ENOSPC if the GGTT has no room.
 */
int dg1_oa_buffer_alloc(struct dg1_device *dg1, struct dg1_oa_buffer *buf)
{
	struct page **pages;
	u64 offset = 0;
	unsigned int i;
	int ret;

	memset(buf, 0, sizeof(*buf));
	spin_lock_init(&buf->lock);
	buf->size = DG1_OA_BUFFER_SIZE;
	pages = kvmalloc_array(buf->size >> PAGE_SHIFT, sizeof(*pages),
			       GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	ret = dg1_oa_buffer_alloc_chunks(dg1, buf, pages);
	if (ret)
		goto err;
	buf->vaddr = vmap(pages, buf->size >> PAGE_SHIFT, VM_MAP, PAGE_KERNEL);
	if (!buf->vaddr) {
		ret = -ENOMEM;
		goto err;
	}
	ret = dg1_ggtt_insert_node(&dg1->ggtt, &buf->node, buf->size,
				   buf->size, "oa buffer");
	if (ret)
		goto err_unmap;
	for (i = 0; i < buf->nchunks; i++) {
		u64 len = PAGE_SIZE << buf->chunks[i].order;

		dg1_ggtt_map(&dg1->ggtt, &buf->node, offset,
			     buf->chunks[i].dma, len, false);
		offset += len;
	}
	buf->gtt = dg1_ggtt_node_addr(&buf->node);
	kvfree(pages);
	return 0;

err_unmap:
	vunmap(buf->vaddr);
	buf->vaddr = NULL;
err:
	dg1_oa_buffer_free_chunks(dg1, buf);
	kvfree(pages);
	return ret;
}

/**
 * dg1_oa_buffer_free() - unbind and free an OA buffer
 * @dg1: the device
 * @buf: from dg1_oa_buffer_alloc(), or never allocated; the unit is off
 */
void dg1_oa_buffer_free(struct dg1_device *dg1, struct dg1_oa_buffer *buf)
{
	if (!buf->vaddr)
		return;
	dg1_ggtt_remove_node(&dg1->ggtt, &buf->node);
	vunmap(buf->vaddr);
	buf->vaddr = NULL;
	dg1_oa_buffer_free_chunks(dg1, buf);
}

/**
 * dg1_oa_hw_configure() - set the unit up for a stream
 * @s: the stream; GT and render held awake
 *
 * Keeps clock-ratio reports out and includes the clock ratio; drops
 * context-switch reports unless the stream samples (i915 i915_perf.c,
 * gen12_enable_metric_set()); starts the report timer; lets the unit see
 * the GT's events (SQCNT1 PMON enable); programs the metric set.
 *
 * Context: process; sleeps.
 */
void dg1_oa_hw_configure(struct dg1_oa_stream *s)
{
	struct dg1_uncore *uncore = &s->dg1->uncore;
	u32 debug = OAG_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS |
		    OAG_OA_DEBUG_INCLUDE_CLK_RATIO;

	if (!s->sample)
		debug |= OAG_OA_DEBUG_DISABLE_CTX_SWITCH_REPORTS;
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OA_DEBUG,
			      _MASKED_FIELD(OAG_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS |
					    OAG_OA_DEBUG_INCLUDE_CLK_RATIO |
					    OAG_OA_DEBUG_DISABLE_CTX_SWITCH_REPORTS,
					    debug));
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OAGLBCTXCTRL, s->periodic ?
			      OAGLBCTXCTRL_COUNTER_RESUME |
			      OAGLBCTXCTRL_TIMER_ENABLE |
			      REG_FIELD_PREP(OAGLBCTXCTRL_TIMER_PERIOD_MASK,
					     s->exponent) : 0);
	dg1_gt_mcr_multicast_rmw(&s->dg1->gt, GEN12_SQCNT1, 0,
				 SQCNT1_PMON_ENABLE);
	if (s->config)
		dg1_oa_config_write(s->dg1, s->config);
}

/**
 * dg1_oa_hw_unconfigure() - undo dg1_oa_hw_configure()
 * @s: the stream; the unit is disabled; GT and render held awake
 *
 * Stops the timer, turns the NOA off (a metric set turned it on) and the
 * PMON and OABPC bits off (i915 i915_perf.c, gen12_disable_metric_set()).
 *
 * Context: process.
 */
void dg1_oa_hw_unconfigure(struct dg1_oa_stream *s)
{
	struct dg1_uncore *uncore = &s->dg1->uncore;

	dg1_uncore_write32_fw(uncore, GEN12_OAG_OAGLBCTXCTRL, 0);
	dg1_uncore_rmw32_fw(uncore, RPM_CONFIG1, RPM_CONFIG1_GT_NOA_ENABLE, 0);
	dg1_gt_mcr_multicast_rmw(&s->dg1->gt, GEN12_SQCNT1,
				 SQCNT1_PMON_ENABLE | SQCNT1_OABPC, 0);
}

/* Empty buffer, pointers at its start. */
static void dg1_oa_buffer_reset(struct dg1_oa_stream *s)
{
	struct dg1_oa_buffer *buf = &s->buf;
	unsigned long flags;

	/* Allocated zeroed: only a buffer the unit wrote needs it again. */
	if (buf->used)
		memset(buf->vaddr, 0, buf->size);
	buf->used = true;
	spin_lock_irqsave(&buf->lock, flags);
	buf->head = 0;
	buf->tail = 0;
	buf->last_ctx_id = DG1_OA_CTX_ID_INVALID;
	spin_unlock_irqrestore(&buf->lock, flags);
}

/**
 * dg1_oa_hw_enable() - point the unit at the buffer and start it
 * @s: a sampling stream; GT and render held awake; the unit is off
 *
 * The order is the manual's: OABUFFER after HEAD and before TAIL, which
 * the unit's overflow detection relies on (Observability volume, "OA
 * Buffer"; i915 i915_perf.c, gen12_oa_enable()).
 *
 * Context: process.
 */
void dg1_oa_hw_enable(struct dg1_oa_stream *s)
{
	struct dg1_uncore *uncore = &s->dg1->uncore;
	struct dg1_oa_buffer *buf = &s->buf;

	dg1_oa_buffer_reset(s);
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OASTATUS, 0);
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OAHEADPTR,
			      buf->gtt & OAG_PTR_MASK);
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OABUFFER, buf->gtt |
			      REG_FIELD_PREP(OABUFFER_SIZE_MASK,
					     OABUFFER_SIZE_16M) |
			      OABUFFER_MEM_SELECT_GGTT);
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OATAILPTR,
			      buf->gtt & OAG_PTR_MASK);
	/* Half full wakes the reader before the poll timer would. */
	dg1_uncore_write32_fw(uncore, GEN12_OA_IMR, (u32)~OA_IMR_HALF_FULL);
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OACONTROL,
			      REG_FIELD_PREP(OAG_OACONTROL_FORMAT_MASK,
					     s->hw_format) |
			      OAG_OACONTROL_ENABLE);
}

/**
 * dg1_oa_hw_disable() - stop the unit and flush its TLB
 * @s: the stream; GT and render held awake
 *
 * Context: process; sleeps.
 */
void dg1_oa_hw_disable(struct dg1_oa_stream *s)
{
	struct dg1_uncore *uncore = &s->dg1->uncore;
	struct drm_device *drm = &s->dg1->drm;

	dg1_uncore_write32_fw(uncore, GEN12_OA_IMR, ~0u);
	dg1_uncore_write32_fw(uncore, GEN12_OAG_OACONTROL, 0);
	if (dg1_mmio_wait32(&uncore->mmio, GEN12_OAG_OACONTROL,
			    OAG_OACONTROL_ENABLE, 0, DG1_OA_SETTLE_US, NULL))
		drm_err(drm, "OA unit did not stop\n");
	dg1_uncore_write32_fw(uncore, GEN12_OA_TLB_INV_CR,
			      OA_TLB_INV_CR_INVALIDATE);
	if (dg1_mmio_wait32(&uncore->mmio, GEN12_OA_TLB_INV_CR,
			    OA_TLB_INV_CR_INVALIDATE, 0, DG1_OA_SETTLE_US, NULL))
		drm_err(drm, "OA TLB invalidation did not complete\n");
}

static bool dg1_oa_landed(const void *vaddr, u32 off)
{
	const u32 *r = vaddr + off;

	return READ_ONCE(r[0]) || READ_ONCE(r[1]);
}

/*
 * Reports written but not landed lie just behind the unit's tail: a few
 * 64-byte writes in flight. Walking back further than this finds none;
 * it bounds the walk, which runs with interrupts off.
 */
#define DG1_OA_MAX_UNLANDED	16

/*
 * The furthest point up to @hw where every report has landed, walking
 * back from the unit's tail @hw (rounded down to a whole report) no
 * further than the tail already accepted. Offsets in a buffer of @size
 * bytes, a multiple of the report size @rs. Past DG1_OA_MAX_UNLANDED
 * unlanded reports the accepted tail stays.
 */
static u32 dg1_oa_landed_tail(const void *vaddr, u32 size, u32 rs, u32 hw,
			      u32 tail)
{
	u32 off = rounddown(hw, rs);
	unsigned int walked = 0;

	while (off != tail) {
		u32 prev = (off + size - rs) % size;

		if (dg1_oa_landed(vaddr, prev))
			break;
		if (++walked > DG1_OA_MAX_UNLANDED)
			return tail;
		off = prev;
	}
	return off;
}

/**
 * dg1_oa_buffer_check() - move the tail over the reports that landed
 * @s: a sampling stream, enabled
 *
 * Reads the unit's tail, rounds it down to a whole report and walks back
 * over reports whose data has not landed yet (xe xe_oa.c takes the same
 * approach).
 *
 * Context: any, the poll timer's hrtimer callback included; the tail
 * register needs no sleep with GT held awake.
 * Return: true if there is at least one report to hand out.
 */
bool dg1_oa_buffer_check(struct dg1_oa_stream *s)
{
	struct dg1_oa_buffer *buf = &s->buf;
	u32 rs = s->report_size, hw, off;
	unsigned long flags;
	bool ret;

	hw = dg1_uncore_read32_fw(&s->dg1->uncore, GEN12_OAG_OATAILPTR) &
	     OAG_PTR_MASK;
	spin_lock_irqsave(&buf->lock, flags);
	off = hw - buf->gtt;
	if (off < buf->size)
		buf->tail = dg1_oa_landed_tail(buf->vaddr, buf->size, rs, off,
					       buf->tail);
	ret = buf->head != buf->tail;
	spin_unlock_irqrestore(&buf->lock, flags);
	return ret;
}

static int dg1_oa_put_header(char __user *ubuf, size_t count, size_t *offset,
			     u32 type, u16 size)
{
	struct drm_dg1_perf_record_header h = { .type = type, .size = size };

	if (count - *offset < size)
		return -ENOSPC;
	if (copy_to_user(ubuf + *offset, &h, sizeof(h)))
		return -EFAULT;
	*offset += sizeof(h);
	return 0;
}

/*
 * With a queue watched, another context's report goes out only where it
 * bounds the queue's own work: as the first after the queue's, or at a
 * context switch; its context id is then hidden (i915 i915_perf.c,
 * gen8_append_oa_reports(), keeps the same rule).
 */
static bool dg1_oa_report_relevant(struct dg1_oa_stream *s, u32 *r)
{
	u32 reason = r[0] >> DG1_OA_REASON_SHIFT;
	u32 ctx = r[2] & DG1_OA_CTX_ID_MASK;
	bool ours = ctx == s->ctx_id;
	bool relevant = ours || s->buf.last_ctx_id == s->ctx_id ||
			reason & DG1_OA_REASON_CTX_SWITCH;

	s->buf.last_ctx_id = ctx;
	if (relevant && !ours)
		r[2] = DG1_OA_CTX_ID_INVALID;
	return relevant;
}

static int dg1_oa_append_reports(struct dg1_oa_stream *s, char __user *ubuf,
				 size_t count, size_t *offset)
{
	struct dg1_oa_buffer *buf = &s->buf;
	u32 rs = s->report_size, head, tail;
	u16 size = sizeof(struct drm_dg1_perf_record_header) + rs;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&buf->lock, flags);
	head = buf->head;
	tail = buf->tail;
	spin_unlock_irqrestore(&buf->lock, flags);

	for (; head != tail; head = (head + rs) % buf->size) {
		u32 *r = buf->vaddr + head;

		if (!s->queue || dg1_oa_report_relevant(s, r)) {
			ret = dg1_oa_put_header(ubuf, count, offset,
						DRM_DG1_PERF_RECORD_SAMPLE,
						size);
			if (!ret && copy_to_user(ubuf + *offset, r, rs))
				ret = -EFAULT;
			if (ret)
				break;
			*offset += rs;
			s->reports_read++;
		}
		/* Consumed: a stale report must never pass for a new one. */
		WRITE_ONCE(r[0], 0);
		WRITE_ONCE(r[1], 0);
	}

	/* The unit learns of the space only when some was freed. */
	if (head != buf->head) {
		spin_lock_irqsave(&buf->lock, flags);
		buf->head = head;
		dg1_uncore_write32_fw(&s->dg1->uncore, GEN12_OAG_OAHEADPTR,
				      (buf->gtt + head) & OAG_PTR_MASK);
		spin_unlock_irqrestore(&buf->lock, flags);
	}
	return ret;
}

/**
 * dg1_oa_read_records() - hand out what the unit wrote
 * @s: a sampling stream, enabled, &dg1_oa_stream.lock held
 * @ubuf: the user buffer
 * @count: its size
 * @offset: bytes already written to @ubuf; advanced
 *
 * First the status: a buffer overflow becomes a buffer-lost record and a
 * restart of the unit on an empty buffer, a lost report a report-lost
 * record (i915's model, i915_perf.c gen8_oa_read()); then the reports.
 *
 * Context: process.
 * Return: 0 with whole records written to @ubuf, or -ENOSPC when the next
 * record did not fit, -EFAULT.
 */
int dg1_oa_read_records(struct dg1_oa_stream *s, char __user *ubuf,
			size_t count, size_t *offset)
{
	struct dg1_uncore *uncore = &s->dg1->uncore;
	const u16 hsz = sizeof(struct drm_dg1_perf_record_header);
	u32 status;
	int ret;

	status = dg1_uncore_read32_fw(uncore, GEN12_OAG_OASTATUS);
	if (status & OAG_OASTATUS_BUFFER_OVERFLOW) {
		ret = dg1_oa_put_header(ubuf, count, offset,
					DRM_DG1_PERF_RECORD_OA_BUFFER_LOST,
					hsz);
		if (ret)
			return ret;
		s->buffer_lost++;
		drm_dbg(&s->dg1->drm, "OA buffer overflow, restarting\n");
		/* The timer must not walk a buffer being emptied. */
		hrtimer_cancel(&s->poll_timer);
		dg1_oa_hw_disable(s);
		dg1_oa_hw_enable(s);
		hrtimer_start(&s->poll_timer, ns_to_ktime(s->poll_period_ns),
			      HRTIMER_MODE_REL_PINNED);
		status = dg1_uncore_read32_fw(uncore, GEN12_OAG_OASTATUS);
	}
	if (status & OAG_OASTATUS_REPORT_LOST) {
		ret = dg1_oa_put_header(ubuf, count, offset,
					DRM_DG1_PERF_RECORD_OA_REPORT_LOST,
					hsz);
		if (ret)
			return ret;
		s->reports_lost++;
		dg1_uncore_write32_fw(uncore, GEN12_OAG_OASTATUS, status &
				      ~(OAG_OASTATUS_REPORT_LOST |
					OAG_OASTATUS_COUNTER_OVERFLOW));
	}
	return dg1_oa_append_reports(s, ubuf, count, offset);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_oa_hw_test.c"
#endif
