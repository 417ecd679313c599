/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_DEVICE_TYPES_H_
#define _DG1_DEVICE_TYPES_H_

#include <linux/types.h>

#include <linux/container_of.h>
#include <linux/notifier.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>
#include <drm/ttm/ttm_device.h>

/*
 * The device and file containers: types only, at the bottom of the layers
 * (Documentation/index.rst, "Layers"). They are made of every layer's
 * state, so this is the one header that includes *_types.h of layers above
 * it; a layer reaches the device through the inlines below, never through
 * a header of the drm layer.
 */
#include "drm/dg1_hwmon_types.h"
#include "gt/dg1_gt_types.h"
#include "mem/dg1_ggtt_types.h"
#include "mem/dg1_lmem_types.h"
#include "mem/dg1_mem_types.h"
#include "mem/dg1_vm_types.h"
#include "mmio/dg1_uncore_types.h"
#include "oa/dg1_oa_types.h"
#include "submit/dg1_capture_types.h"
#include "submit/dg1_exec_queue_types.h"
#include "submit/dg1_hw_engine_types.h"

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
	struct dg1_hw_engine engines[DG1_HW_ENGINE_ID_COUNT];
	/** @user_irq: the engines' user interrupts, for user fences */
	struct dg1_user_irq user_irq;
	/** @exec_queues: queues whose scheduler and context are up */
	struct dg1_exec_queue_dev exec_queues;
	/** @oa: the OA unit's stream and the metric sets */
	struct dg1_oa oa;
	/**
	 * @wedged: the GPU is given up on (dg1_hw_engines_wedge()): every
	 * request ended with -EIO, and EXEC and VM_BIND fail with -EIO until
	 * the driver is bound again
	 */
	bool wedged;
	/**
	 * @gt_reset_work: resets the whole GT once an engine reset failed
	 * (submit/dg1_hw_engine.c)
	 */
	struct work_struct gt_reset_work;
	/** @gt_resets: whole-GT resets after a failed engine reset */
	atomic_t gt_resets;
	/** @capture: error captures on their way to devcoredump */
	struct dg1_capture_dev capture;
	/** @hwmon: the package's power, as hwmon attributes */
	struct dg1_hwmon hwmon;
	/** @pm_nb: told when system sleep begins and ends (drm/dg1_pm.c) */
	struct notifier_block pm_nb;
};

/**
 * struct dg1_file - what the driver keeps per open DRM file
 */
struct dg1_file {
	/** @vm: the file's VMs */
	struct dg1_vm_file vm;
	/** @queues: the file's exec queues */
	struct dg1_exec_queue_file queues;
};

/**
 * to_dg1_device() - the dg1 device of a DRM device
 * @drm: &dg1_device.drm
 *
 * Return: the device.
 */
static inline struct dg1_device *to_dg1_device(struct drm_device *drm)
{
	return container_of(drm, struct dg1_device, drm);
}

/**
 * to_dg1_file() - the dg1 state of an open file
 * @file: a file of the device, past dg1_file_open()
 *
 * Return: the file's state.
 */
static inline struct dg1_file *to_dg1_file(struct drm_file *file)
{
	return file->driver_priv;
}

/**
 * dg1_ttm_to_device() - the device of a TTM device
 * @bdev: &dg1_mem.bdev
 *
 * Return: the device.
 */
static inline struct dg1_device *dg1_ttm_to_device(struct ttm_device *bdev)
{
	return container_of(bdev, struct dg1_device, mem.bdev);
}

#endif /* _DG1_DEVICE_TYPES_H_ */
