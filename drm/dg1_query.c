// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_DG1_QUERY: describe the device to userspace.
 *
 * The answers are built by pure functions from a &struct dg1_query_desc
 * into a kernel buffer; only dg1_query_ioctl() touches the device and user
 * memory. KUnit tests the rest without hardware. The in/out engine-cycles
 * item is the exception that reads the hardware: its argument checks and
 * its answer are still pure functions.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "uapi/dg1_drm.h"

#include "drm/dg1_device.h"
#include "drm/dg1_query.h"
#include "gt/dg1_gt_topology.h"
#include "gt/dg1_hw_engine.h"
#include "regs/dg1_engine_regs.h"

#define DG1_HW_ENGINE_ALL	(BIT(DG1_HW_ENGINE_ID_COUNT) - 1)

/**
 * dg1_query_desc_init() - gather what the query items report
 * @desc: filled in
 * @dg1: the device
 */
void dg1_query_desc_init(struct dg1_query_desc *desc,
			 const struct dg1_device *dg1)
{
	memset(desc, 0, sizeof(*desc));
	desc->device_id = dg1->info.devid;
	desc->revision = dg1->info.revid;
	desc->graphics_verx100 = dg1->info.graphics_verx100;
	desc->media_verx100 = dg1->info.media_verx100;
	desc->lmem_size = dg1->lmem.size;
	desc->lmem_bar_size = dg1->lmem.io_size;
	desc->engine_mask = dg1->gt.engine_mask;
	desc->topology = dg1->gt.topology;
}

/**
 * dg1_query_check_args() - check the must-be-zero fields of a query
 * @query: the ioctl argument
 *
 * No extension is defined, so a non-zero @extensions is as invalid as
 * non-zero @reserved: accepting either would make them unusable later.
 *
 * Return: 0, or -EINVAL.
 */
int dg1_query_check_args(const struct drm_dg1_query *query)
{
	if (query->extensions)
		return -EINVAL;
	if (query->reserved[0] || query->reserved[1])
		return -EINVAL;
	return 0;
}

static u32 dg1_query_engines_count(const struct dg1_query_desc *desc)
{
	return hweight32(desc->engine_mask & DG1_HW_ENGINE_ALL);
}

/**
 * dg1_query_item_size() - bytes the answer to an item takes
 * @desc: what is reported
 * @item: DRM_DG1_QUERY_*
 * @size: receives the size
 *
 * Return: 0, or -EINVAL for an unknown item.
 */
int dg1_query_item_size(const struct dg1_query_desc *desc, u32 item,
			u32 *size)
{
	switch (item) {
	case DRM_DG1_QUERY_DEVICE:
		*size = sizeof(struct drm_dg1_query_device);
		return 0;
	case DRM_DG1_QUERY_ENGINES:
		*size = struct_size_t(struct drm_dg1_query_engines, engines,
				      dg1_query_engines_count(desc));
		return 0;
	case DRM_DG1_QUERY_TOPOLOGY:
		*size = sizeof(struct drm_dg1_query_topology);
		return 0;
	case DRM_DG1_QUERY_ENGINE_CYCLES:
		*size = sizeof(struct drm_dg1_query_engine_cycles);
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * dg1_query_item_inout() - whether an item reads its input from @data
 * @item: DRM_DG1_QUERY_*
 *
 * Return: true for in/out items, whose @size must be exact.
 */
bool dg1_query_item_inout(u32 item)
{
	return item == DRM_DG1_QUERY_ENGINE_CYCLES;
}

/**
 * dg1_query_decide() - apply the two-pass sizing contract
 * @user_size: &drm_dg1_query.size as passed in
 * @needed: size of the answer
 * @exact: an in/out item: only @needed itself is a valid size
 *
 * Return: the action; see &enum dg1_query_action.
 */
enum dg1_query_action dg1_query_decide(u32 user_size, u32 needed, bool exact)
{
	if (!user_size)
		return DG1_QUERY_REPORT_SIZE;
	if (user_size < needed || (exact && user_size != needed))
		return DG1_QUERY_BAD_SIZE;
	return DG1_QUERY_COPY;
}

static void dg1_query_fill_device(const struct dg1_query_desc *desc,
				  struct drm_dg1_query_device *dev)
{
	dev->device_id = desc->device_id;
	dev->revision = desc->revision;
	dev->graphics_ver = desc->graphics_verx100;
	dev->media_ver = desc->media_verx100;
	dev->lmem_size = desc->lmem_size;
	dev->lmem_bar_size = desc->lmem_bar_size;
}

/* Engine ids are in uapi class, then instance order: keep id order. */
static void dg1_query_fill_engines(const struct dg1_query_desc *desc,
				   struct drm_dg1_query_engines *engines)
{
	unsigned long mask = desc->engine_mask;
	unsigned int id, n = 0;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		const struct dg1_hw_engine_info *info = &dg1_hw_engine_infos[id];

		engines->engines[n].engine_class = info->uapi_class;
		engines->engines[n].engine_instance = info->instance;
		n++;
	}
	engines->num_engines = n;
}

static void dg1_query_fill_topology(const struct dg1_query_desc *desc,
				    struct drm_dg1_query_topology *topo)
{
	topo->max_dss = DG1_MAX_DSS;
	topo->max_eus_per_dss = DG1_MAX_EUS_PER_DSS;
	topo->dss_mask = desc->topology.dss_mask;
	topo->eu_mask_per_dss = desc->topology.eu_mask_per_dss;
	topo->l3_bank_mask = desc->topology.l3_bank_mask;
	topo->num_eus = desc->topology.num_eus;
}

/**
 * dg1_query_fill() - build the answer to a description item
 * @desc: what is reported
 * @item: DRM_DG1_QUERY_DEVICE, _ENGINES or _TOPOLOGY
 * @buf: destination
 * @size: bytes available at @buf
 *
 * Writes exactly dg1_query_item_size() bytes, zeroing every pad and
 * reserved field whatever @buf held.
 *
 * Return: 0, or -EINVAL for an unknown or in/out item or a too small @buf.
 */
int dg1_query_fill(const struct dg1_query_desc *desc, u32 item, void *buf,
		   u32 size)
{
	u32 needed;
	int ret;

	if (dg1_query_item_inout(item))
		return -EINVAL;
	ret = dg1_query_item_size(desc, item, &needed);
	if (ret)
		return ret;
	if (size < needed)
		return -EINVAL;

	memset(buf, 0, needed);
	switch (item) {
	case DRM_DG1_QUERY_DEVICE:
		dg1_query_fill_device(desc, buf);
		break;
	case DRM_DG1_QUERY_ENGINES:
		dg1_query_fill_engines(desc, buf);
		break;
	case DRM_DG1_QUERY_TOPOLOGY:
		dg1_query_fill_topology(desc, buf);
		break;
	}
	return 0;
}

static u64 (*dg1_query_cpu_clock(s32 clockid))(void)
{
	switch (clockid) {
	case CLOCK_MONOTONIC:
		return ktime_get_ns;
	case CLOCK_MONOTONIC_RAW:
		return ktime_get_raw_ns;
	case CLOCK_REALTIME:
		return ktime_get_real_ns;
	case CLOCK_BOOTTIME:
		return ktime_get_boottime_ns;
	case CLOCK_TAI:
		return ktime_get_clocktai_ns;
	default:
		return NULL;
	}
}

/**
 * dg1_query_engine_cycles_check() - validate an engine-cycles request
 * @in: the request as userspace filled it
 * @engine_mask: present engines, BIT(&enum dg1_hw_engine_id)
 * @req: receives the engine and the CPU clock to sample
 *
 * The output fields are not inspected: a caller may reuse a previous
 * answer as its next request.
 *
 * Return: 0, or -EINVAL for a non-zero pad or reserved field, an
 * unsupported clock or an absent engine.
 */
int dg1_query_engine_cycles_check(const struct drm_dg1_query_engine_cycles *in,
				  u32 engine_mask,
				  struct dg1_query_cycles_req *req)
{
	int id;

	if (in->eci.pad || in->reserved[0] || in->reserved[1])
		return -EINVAL;
	req->cpu_clock = dg1_query_cpu_clock(in->clockid);
	if (!req->cpu_clock)
		return -EINVAL;
	id = dg1_hw_engine_lookup(engine_mask, in->eci.engine_class,
				  in->eci.engine_instance);
	if (id < 0)
		return id;
	req->engine = id;
	return 0;
}

/**
 * dg1_query_engine_cycles_fill() - write the answer into the request
 * @out: the request; its input fields are left alone
 * @ts: what was read
 * @frequency: CS timestamp frequency in Hz
 */
void dg1_query_engine_cycles_fill(struct drm_dg1_query_engine_cycles *out,
				  const struct dg1_engine_timestamp *ts,
				  u32 frequency)
{
	out->width = RING_TIMESTAMP_WIDTH;
	out->engine_cycles = ts->cycles;
	out->engine_frequency = frequency;
	out->cpu_timestamp = ts->cpu_ns;
	out->cpu_delta = ts->cpu_delta_ns;
}

/* The in/out item: nothing reaches userspace unless all of it worked. */
static int dg1_query_engine_cycles(struct dg1_device *dg1,
				   struct drm_dg1_query *query)
{
	void __user *data = u64_to_user_ptr(query->data);
	struct drm_dg1_query_engine_cycles cycles;
	struct dg1_query_cycles_req req;
	struct dg1_engine_timestamp ts;
	int idx, ret;

	if (copy_from_user(&cycles, data, sizeof(cycles)))
		return -EFAULT;

	ret = dg1_query_engine_cycles_check(&cycles, dg1->gt.engine_mask,
					    &req);
	if (ret) {
		drm_dbg(&dg1->drm, "query: bad engine-cycles request\n");
		return ret;
	}

	/*
	 * Bad arguments fail before the hardware is touched: an answer that
	 * could not be written back is found out by writing the request back
	 * unchanged, which shows userspace nothing.
	 */
	if (copy_to_user(data, &cycles, sizeof(cycles)))
		return -EFAULT;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return -ENODEV;
	ret = dg1_hw_engine_read_timestamp(&dg1->gt, req.engine,
					   req.cpu_clock, &ts);
	drm_dev_exit(idx);
	if (ret)
		return ret;

	dg1_query_engine_cycles_fill(&cycles, &ts, dg1->gt.clock_frequency);
	if (copy_to_user(data, &cycles, sizeof(cycles)))
		return -EFAULT;
	return 0;
}

static int dg1_query_copy_out(const struct dg1_query_desc *desc,
			      struct drm_dg1_query *query, u32 size)
{
	void *buf;
	int ret;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	ret = dg1_query_fill(desc, query->query, buf, size);
	if (!ret && copy_to_user(u64_to_user_ptr(query->data), buf, size))
		ret = -EFAULT;

	kfree(buf);
	return ret;
}

/**
 * dg1_query_ioctl() - DRM_IOCTL_DG1_QUERY
 * @drm: the device
 * @data: &struct drm_dg1_query, copied in and (also on error) back out
 * @file: the caller
 *
 * Follows the contract in uapi/dg1_drm.h: @size 0 asks for the size; a
 * smaller non-zero @size (for in/out items: any other size) fails with
 * -EINVAL and the size needed; otherwise the answer is copied to @data and
 * @size set to its length.
 *
 * Return: 0, -EINVAL, -ENOMEM, -EFAULT, or for engine cycles -ETIMEDOUT
 * (the engine's power domain did not wake) and -ENODEV (device gone).
 */
int dg1_query_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct drm_dg1_query *query = data;
	struct dg1_query_desc desc;
	u32 needed;
	int ret;

	ret = dg1_query_check_args(query);
	if (ret) {
		drm_dbg(drm, "query: non-zero extensions or reserved\n");
		return ret;
	}

	dg1_query_desc_init(&desc, dg1);
	ret = dg1_query_item_size(&desc, query->query, &needed);
	if (ret) {
		drm_dbg(drm, "query: unknown item %u\n", query->query);
		return ret;
	}

	switch (dg1_query_decide(query->size, needed,
				 dg1_query_item_inout(query->query))) {
	case DG1_QUERY_REPORT_SIZE:
		query->size = needed;
		return 0;
	case DG1_QUERY_BAD_SIZE:
		query->size = needed;
		return -EINVAL;
	case DG1_QUERY_COPY:
		break;
	}

	if (dg1_query_item_inout(query->query))
		ret = dg1_query_engine_cycles(dg1, query);
	else
		ret = dg1_query_copy_out(&desc, query, needed);
	if (!ret)
		query->size = needed;
	return ret;
}
