// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_DG1_QUERY: describe the device to userspace.
 *
 * The answers are built by pure functions from a &struct dg1_query_desc
 * into a kernel buffer; only dg1_query_ioctl() touches the device and user
 * memory. KUnit tests the rest without hardware.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "uapi/dg1_drm.h"

#include "drm/dg1_device.h"
#include "drm/dg1_query.h"
#include "gt/dg1_hw_engine.h"

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
	default:
		return -EINVAL;
	}
}

/**
 * dg1_query_decide() - apply the two-pass sizing contract
 * @user_size: &drm_dg1_query.size as passed in
 * @needed: size of the answer
 *
 * Return: the action; see &enum dg1_query_action.
 */
enum dg1_query_action dg1_query_decide(u32 user_size, u32 needed)
{
	if (!user_size)
		return DG1_QUERY_REPORT_SIZE;
	if (user_size < needed)
		return DG1_QUERY_TOO_SMALL;
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

/**
 * dg1_query_fill() - build the answer to an item
 * @desc: what is reported
 * @item: DRM_DG1_QUERY_*
 * @buf: destination
 * @size: bytes available at @buf
 *
 * Writes exactly dg1_query_item_size() bytes, zeroing every pad and
 * reserved field whatever @buf held.
 *
 * Return: 0, or -EINVAL for an unknown item or a too small @buf.
 */
int dg1_query_fill(const struct dg1_query_desc *desc, u32 item, void *buf,
		   u32 size)
{
	u32 needed;
	int ret;

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
	}
	return 0;
}

/**
 * dg1_query_ioctl() - DRM_IOCTL_DG1_QUERY
 * @drm: the device
 * @data: &struct drm_dg1_query, copied in and (also on error) back out
 * @file: the caller
 *
 * Follows the contract in uapi/dg1_drm.h: @size 0 asks for the size; a
 * smaller non-zero @size fails with -EINVAL and the size needed; otherwise
 * the answer is copied to @data and @size set to its length.
 *
 * Return: 0, -EINVAL, -ENOMEM or -EFAULT.
 */
int dg1_query_ioctl(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_dg1_query *query = data;
	struct dg1_query_desc desc;
	u32 needed;
	void *buf;
	int ret;

	ret = dg1_query_check_args(query);
	if (ret) {
		drm_dbg(drm, "query: non-zero extensions or reserved\n");
		return ret;
	}

	dg1_query_desc_init(&desc, to_dg1_device(drm));
	ret = dg1_query_item_size(&desc, query->query, &needed);
	if (ret) {
		drm_dbg(drm, "query: unknown item %u\n", query->query);
		return ret;
	}

	switch (dg1_query_decide(query->size, needed)) {
	case DG1_QUERY_REPORT_SIZE:
		query->size = needed;
		return 0;
	case DG1_QUERY_TOO_SMALL:
		query->size = needed;
		return -EINVAL;
	case DG1_QUERY_COPY:
		break;
	}

	buf = kmalloc(needed, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	ret = dg1_query_fill(&desc, query->query, buf, needed);
	if (!ret && copy_to_user(u64_to_user_ptr(query->data), buf, needed))
		ret = -EFAULT;
	if (!ret)
		query->size = needed;

	kfree(buf);
	return ret;
}
