/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_DEVICE_TYPES_H_
#define _DG1_DEVICE_TYPES_H_

#include <linux/types.h>

#include <drm/drm_device.h>

#include "core/dg1_lmem_types.h"
#include "mem/dg1_ggtt_types.h"
#include "drm/dg1_exec_queue_types.h"
#include "gt/dg1_engine_types.h"
#include "gt/dg1_gt_types.h"
#include "gt/dg1_uncore_types.h"
#include "mem/dg1_mem_types.h"
#include "mem/dg1_vm_types.h"
#include "oa/dg1_oa_types.h"

/**
 * struct dg1_device_info - identity of the device
 */
struct dg1_device_info {
	/** @devid: PCI device id */
	u16 devid;
	/** @revid: PCI revision id */
	u16 revid;
	/** @graphics_verx100: graphics IP version times 100 (1210) */
	u32 graphics_verx100;
	/** @media_verx100: media IP version times 100 (1200) */
	u32 media_verx100;
};

/**
 * struct dg1_device - a bound DG1
 *
 * Allocated with devm_drm_dev_alloc(): freed with the last reference to
 * @drm, which may outlive the PCI binding while userspace holds a file.
 */
struct dg1_device {
	/** @drm: the DRM device; its parent is the PCI function */
	struct drm_device drm;
	/** @info: identity */
	struct dg1_device_info info;
	/** @uncore: the register window of BAR0 and its power domains */
	struct dg1_uncore uncore;
	/** @lmem: local memory and its aperture */
	struct dg1_lmem lmem;
	/** @gt: the graphics tile */
	struct dg1_gt gt;
	/** @mem: buffer objects, the TTM device and the memory regions */
	struct dg1_mem mem;
	/** @ggtt: the global GTT */
	struct dg1_ggtt ggtt;
	/** @vms: the VMs and their bind scheduler */
	struct dg1_vm_dev vms;
	/** @engines: run-time state of the present engines */
	struct dg1_engine engines[DG1_HW_ENGINE_ID_COUNT];
	/** @user_irq: the engines' user interrupts, for user fences */
	struct dg1_user_irq user_irq;
	/** @exec_queues: queues whose scheduler and context are up */
	struct dg1_exec_queue_dev exec_queues;
	/** @oa: the OA unit's stream and the metric sets */
	struct dg1_oa oa;
};

#endif /* _DG1_DEVICE_TYPES_H_ */
