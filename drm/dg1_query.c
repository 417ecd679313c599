// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_DG1_QUERY: describe the device to userspace.
 *
 * One table describes every item: the size of its answer, how to fill it,
 * and whether it is an in/out item (its request comes in through @data and
 * its size must be exact). dg1_query_ioctl() looks the item up once and
 * follows the table. Description items are built by pure functions from a
 * &struct dg1_query_desc into a kernel buffer, which KUnit tests without
 * hardware; the engine-cycles item reads the hardware, but its argument
 * checks and its answer are pure functions too. The mapping between
 * hardware engine classes and the uapi's is gt/dg1_engine_info.c's.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/nospec.h>
#include <linux/overflow.h>
#include <linux/sizes.h>
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
#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_topology.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_vm.h"
#include "regs/dg1_gtt_defs.h"

/**
 * struct dg1_query_desc - what the query items report, without a device
 *
 * Built from &struct dg1_device by the ioctl, by hand in tests.
 */
struct dg1_query_desc {
	/** @device_id: PCI device id */
	u16 device_id;
	/** @revision: PCI revision id */
	u16 revision;
	/** @graphics_verx100: graphics IP version times 100 */
	u32 graphics_verx100;
	/** @media_verx100: media IP version times 100 */
	u32 media_verx100;
	/** @lmem_size: usable local memory in bytes */
	u64 lmem_size;
	/** @lmem_bar_size: length of the local memory aperture */
	u64 lmem_bar_size;
	/** @engine_mask: present engines, BIT(&enum dg1_hw_engine_id) */
	u32 engine_mask;
	/** @topology: decoded fuses */
	struct dg1_gt_topology topology;
	/** @regions: per &enum drm_dg1_memory_region, its figures now */
	struct dg1_mem_region_info regions[DG1_MEM_NUM_REGIONS];
};

/*
 * What the two-pass sizing contract asks for: @size 0 asks for the size;
 * a buffer too small (an in/out item: not exactly the size) is refused
 * with the size needed; otherwise the answer is copied out.
 */
enum dg1_query_action {
	DG1_QUERY_REPORT_SIZE,
	DG1_QUERY_BAD_SIZE,
	DG1_QUERY_COPY,
};

/* A validated engine-cycles request. */
struct dg1_query_cycles_req {
	enum dg1_hw_engine_id engine;
	u64 (*cpu_clock)(void);
};

/*
 * One query item. @fill writes the answer into @buf, which holds
 * @size(desc) bytes: zeroed for a description item, the request for an
 * in/out one. @dg1 is NULL when tests fill description items.
 */
struct dg1_query_item {
	u32 (*size)(const struct dg1_query_desc *desc);
	int (*fill)(struct dg1_device *dg1, const struct dg1_query_desc *desc,
		    void *buf);
	bool inout;
};

static void dg1_query_desc_init(struct dg1_query_desc *desc,
				struct dg1_device *dg1)
{
	unsigned int i;

	memset(desc, 0, sizeof(*desc));
	desc->device_id = dg1->info.devid;
	desc->revision = dg1->info.revid;
	desc->graphics_verx100 = dg1->info.graphics_verx100;
	desc->media_verx100 = dg1->info.media_verx100;
	desc->lmem_size = dg1->lmem.size;
	desc->lmem_bar_size = dg1->lmem.io_size;
	desc->engine_mask = dg1->gt.engine_mask;
	desc->topology = dg1->gt.topology;
	for (i = 0; i < DG1_MEM_NUM_REGIONS; i++)
		dg1_mem_region_info(&dg1->mem, i, &desc->regions[i]);
}

/*
 * No extension is defined, so a non-zero @extensions is as invalid as
 * non-zero @reserved: accepting either would make them unusable later.
 */
static int dg1_query_check_args(const struct drm_dg1_query *query)
{
	if (query->extensions)
		return -EINVAL;
	if (query->reserved[0] || query->reserved[1])
		return -EINVAL;
	return 0;
}

/* @exact: an in/out item, for which only @needed itself is a valid size. */
static enum dg1_query_action dg1_query_decide(u32 user_size, u32 needed,
					      bool exact)
{
	if (!user_size)
		return DG1_QUERY_REPORT_SIZE;
	if (user_size < needed || (exact && user_size != needed))
		return DG1_QUERY_BAD_SIZE;
	return DG1_QUERY_COPY;
}

static u32 dg1_query_device_size(const struct dg1_query_desc *desc)
{
	return sizeof(struct drm_dg1_query_device);
}

static int dg1_query_fill_device(struct dg1_device *dg1,
				 const struct dg1_query_desc *desc, void *buf)
{
	struct drm_dg1_query_device *dev = buf;

	dev->device_id = desc->device_id;
	dev->revision = desc->revision;
	dev->graphics_ver = desc->graphics_verx100;
	dev->media_ver = desc->media_verx100;
	dev->lmem_size = desc->lmem_size;
	dev->lmem_bar_size = desc->lmem_bar_size;
	return 0;
}

static u32 dg1_query_engines_size(const struct dg1_query_desc *desc)
{
	return struct_size_t(struct drm_dg1_query_engines, engines,
			     hweight32(desc->engine_mask & DG1_HW_ENGINE_MASK_ALL));
}

/*
 * The uapi promises class, then instance order. Engine ids happen to be
 * in that order (KUnit checks it), so the mask is walked in id order.
 */
static int dg1_query_fill_engines(struct dg1_device *dg1,
				  const struct dg1_query_desc *desc, void *buf)
{
	unsigned long mask = desc->engine_mask & DG1_HW_ENGINE_MASK_ALL;
	struct drm_dg1_query_engines *engines = buf;
	unsigned int id, n = 0;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		engines->engines[n].engine_class =
			dg1_engine_info_uapi_class(id);
		engines->engines[n].engine_instance =
			dg1_engine_infos[id].instance;
		n++;
	}
	engines->num_engines = n;
	return 0;
}

static u32 dg1_query_topology_size(const struct dg1_query_desc *desc)
{
	return sizeof(struct drm_dg1_query_topology);
}

static int dg1_query_fill_topology(struct dg1_device *dg1,
				   const struct dg1_query_desc *desc, void *buf)
{
	struct drm_dg1_query_topology *topo = buf;

	topo->max_dss = DG1_MAX_DSS;
	topo->max_eus_per_dss = DG1_MAX_EUS_PER_DSS;
	topo->dss_mask = desc->topology.dss_mask;
	topo->eu_mask_per_dss = desc->topology.eu_mask_per_dss;
	topo->l3_bank_mask = desc->topology.l3_bank_mask;
	topo->num_eus = desc->topology.num_eus;
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

/*
 * Validate an engine-cycles request: -EINVAL for a non-zero pad or
 * reserved field, an unsupported clock or an absent engine. The output
 * fields are not inspected: a caller may reuse a previous answer as its
 * next request.
 */
static int
dg1_query_engine_cycles_check(const struct drm_dg1_query_engine_cycles *in,
			      u32 engine_mask, struct dg1_query_cycles_req *req)
{
	int id;

	if (in->eci.pad || in->reserved[0] || in->reserved[1])
		return -EINVAL;
	req->cpu_clock = dg1_query_cpu_clock(in->clockid);
	if (!req->cpu_clock)
		return -EINVAL;
	id = dg1_engine_info_lookup(engine_mask, in->eci.engine_class,
				    in->eci.engine_instance);
	if (id < 0)
		return id;
	req->engine = id;
	return 0;
}

/* Write the answer into the request; its input fields are left alone. */
static void
dg1_query_engine_cycles_fill(struct drm_dg1_query_engine_cycles *out,
			     const struct dg1_engine_timestamp *ts, u32 frequency)
{
	out->width = ts->width;
	out->engine_cycles = ts->cycles;
	out->engine_frequency = frequency;
	out->cpu_timestamp = ts->cpu_ns;
	out->cpu_delta = ts->cpu_delta_ns;
}

static u32 dg1_query_engine_cycles_size(const struct dg1_query_desc *desc)
{
	return sizeof(struct drm_dg1_query_engine_cycles);
}

/* The in/out item: @buf holds the request, and receives the answer. */
static int dg1_query_fill_engine_cycles(struct dg1_device *dg1,
					const struct dg1_query_desc *desc,
					void *buf)
{
	struct drm_dg1_query_engine_cycles *cycles = buf;
	struct dg1_query_cycles_req req;
	struct dg1_engine_timestamp ts;
	int idx, ret;

	ret = dg1_query_engine_cycles_check(cycles, desc->engine_mask, &req);
	if (ret) {
		drm_dbg(&dg1->drm, "query: bad engine-cycles request\n");
		return ret;
	}

	if (!drm_dev_enter(&dg1->drm, &idx))
		return -ENODEV;
	ret = dg1_engine_read_timestamp(&dg1->gt, req.engine,
					req.cpu_clock, &ts);
	drm_dev_exit(idx);
	if (ret)
		return ret;

	dg1_query_engine_cycles_fill(cycles, &ts, dg1->gt.clock_frequency);
	return 0;
}

static u32 dg1_query_memory_regions_size(const struct dg1_query_desc *desc)
{
	return struct_size_t(struct drm_dg1_query_memory_regions, regions,
			     DG1_MEM_NUM_REGIONS);
}

/* Every region, in uapi region order: the index is the region. */
static int dg1_query_fill_memory_regions(struct dg1_device *dg1,
					 const struct dg1_query_desc *desc,
					 void *buf)
{
	struct drm_dg1_query_memory_regions *answer = buf;
	unsigned int i;

	for (i = 0; i < DG1_MEM_NUM_REGIONS; i++) {
		const struct dg1_mem_region_info *in = &desc->regions[i];
		struct drm_dg1_memory_region_info *out = &answer->regions[i];

		out->region = i;
		out->min_page_size = in->min_page_size;
		out->total_size = in->total_size;
		out->usable_size = in->usable_size;
		out->used = in->used;
		out->cpu_visible_size = in->cpu_visible_size;
		out->cpu_visible_used = in->cpu_visible_used;
	}
	answer->num_regions = DG1_MEM_NUM_REGIONS;
	return 0;
}

static u32 dg1_query_vm_size(const struct dg1_query_desc *desc)
{
	return sizeof(struct drm_dg1_query_vm);
}

/* Every VM is the same: DG1's 47-bit PPGTT (mem/dg1_pt.c). */
static int dg1_query_fill_vm(struct dg1_device *dg1,
			     const struct dg1_query_desc *desc, void *buf)
{
	struct drm_dg1_query_vm *vm = buf;

	vm->va_start = 0;
	vm->va_end = BIT_ULL(DG1_PPGTT_VA_BITS);
	vm->page_sizes = SZ_4K | SZ_64K | SZ_2M;
	vm->max_bind_ops = DG1_VM_MAX_BIND_OPS;
	vm->max_syncs = DG1_VM_MAX_SYNCS;
	return 0;
}

static const struct dg1_query_item dg1_query_items[] = {
	[DRM_DG1_QUERY_DEVICE] = {
		.size = dg1_query_device_size,
		.fill = dg1_query_fill_device,
	},
	[DRM_DG1_QUERY_ENGINES] = {
		.size = dg1_query_engines_size,
		.fill = dg1_query_fill_engines,
	},
	[DRM_DG1_QUERY_TOPOLOGY] = {
		.size = dg1_query_topology_size,
		.fill = dg1_query_fill_topology,
	},
	[DRM_DG1_QUERY_ENGINE_CYCLES] = {
		.size = dg1_query_engine_cycles_size,
		.fill = dg1_query_fill_engine_cycles,
		.inout = true,
	},
	[DRM_DG1_QUERY_MEMORY_REGIONS] = {
		.size = dg1_query_memory_regions_size,
		.fill = dg1_query_fill_memory_regions,
	},
	[DRM_DG1_QUERY_VM] = {
		.size = dg1_query_vm_size,
		.fill = dg1_query_fill_vm,
	},
};

/* The table entry of a query item, or NULL for an unknown item. */
static const struct dg1_query_item *dg1_query_item(u32 item)
{
	if (item >= ARRAY_SIZE(dg1_query_items))
		return NULL;
	return &dg1_query_items[array_index_nospec(item,
						   ARRAY_SIZE(dg1_query_items))];
}

/*
 * Build the answer to @item in a new buffer of @size bytes, zeroed, or
 * holding the request at @req for an in/out item. The caller kfree()s it.
 */
static void *dg1_query_answer(struct dg1_device *dg1,
			      const struct dg1_query_desc *desc,
			      const struct dg1_query_item *item, u32 size,
			      const void __user *req)
{
	void *buf;
	int ret;

	buf = kzalloc(size, GFP_KERNEL);
	if (!buf)
		return ERR_PTR(-ENOMEM);

	if (item->inout && copy_from_user(buf, req, size))
		ret = -EFAULT;
	else
		ret = item->fill(dg1, desc, buf);
	if (ret) {
		kfree(buf);
		return ERR_PTR(ret);
	}
	return buf;
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
 * @size set to its length. Nothing is written to @data unless the whole
 * answer is ready.
 *
 * Return: 0, -EINVAL, -ENOMEM, -EFAULT, or for engine cycles -ETIMEDOUT
 * (the engine's power domain did not wake) and -ENODEV (device gone).
 */
int dg1_query_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct drm_dg1_query *query = data;
	void __user *user = u64_to_user_ptr(query->data);
	const struct dg1_query_item *item;
	struct dg1_query_desc desc;
	u32 needed;
	void *buf;
	int ret;

	ret = dg1_query_check_args(query);
	if (ret) {
		drm_dbg(drm, "query: non-zero extensions or reserved\n");
		return ret;
	}

	item = dg1_query_item(query->query);
	if (!item) {
		drm_dbg(drm, "query: unknown item %u\n", query->query);
		return -EINVAL;
	}

	dg1_query_desc_init(&desc, dg1);
	needed = item->size(&desc);
	switch (dg1_query_decide(query->size, needed, item->inout)) {
	case DG1_QUERY_REPORT_SIZE:
		query->size = needed;
		return 0;
	case DG1_QUERY_BAD_SIZE:
		query->size = needed;
		return -EINVAL;
	case DG1_QUERY_COPY:
		break;
	}

	buf = dg1_query_answer(dg1, &desc, item, needed, user);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	if (copy_to_user(user, buf, needed))
		ret = -EFAULT;
	else
		query->size = needed;
	kfree(buf);
	return ret;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_query_test.c"
#endif
