// SPDX-License-Identifier: GPL-2.0
/*
 * The card's power files, with i915's names and meaning so that its
 * tools read them (i915 gt/intel_gt_sysfs_pm.c): power/rc6_enable, the
 * RC6 states the driver enabled as a hex mask (bit 0 RC6; DG1 has no
 * deeper state), and power/rc6_residency_ms, the time spent in RC6. The
 * power/ directory is the PM core's: without CONFIG_PM there is none, and,
 * as with i915, no RC6 files.
 */

#include <linux/device.h>
#include <linux/sysfs.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>

#include "core/dg1_device_types.h"
#include "drm/dg1_sysfs.h"
#include "gt/dg1_gt_rc6.h"

#if IS_ENABLED(CONFIG_PM)
static struct dg1_device *kdev_to_dg1(struct device *kdev)
{
	struct drm_minor *minor = dev_get_drvdata(kdev);

	return to_dg1_device(minor->dev);
}

static ssize_t rc6_enable_show(struct device *kdev,
			       struct device_attribute *attr, char *buf)
{
	struct dg1_device *dg1 = kdev_to_dg1(kdev);

	return sysfs_emit(buf, "%x\n", dg1->gt.rc6.enabled ? 1 : 0);
}

static ssize_t rc6_residency_ms_show(struct device *kdev,
				     struct device_attribute *attr, char *buf)
{
	struct dg1_device *dg1 = kdev_to_dg1(kdev);
	u64 ns;
	int idx;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return -ENODEV;
	ns = dg1_gt_rc6_residency_ns(&dg1->gt);
	drm_dev_exit(idx);
	return sysfs_emit(buf, "%llu\n", div_u64(ns, NSEC_PER_MSEC));
}

static DEVICE_ATTR_RO(rc6_enable);
static DEVICE_ATTR_RO(rc6_residency_ms);

static struct attribute *dg1_rc6_attrs[] = {
	&dev_attr_rc6_enable.attr,
	&dev_attr_rc6_residency_ms.attr,
	NULL
};

/* Merged into the card's existing power/ directory (runtime PM's). */
static const struct attribute_group dg1_rc6_group = {
	.name = power_group_name,
	.attrs = dg1_rc6_attrs,
};

/**
 * dg1_sysfs_register() - add the power files to the card's directory
 * @dg1: a device registered with DRM
 *
 * Return: 0, or the error of sysfs.
 */
int dg1_sysfs_register(struct dg1_device *dg1)
{
	return sysfs_merge_group(&dg1->drm.primary->kdev->kobj,
				 &dg1_rc6_group);
}

/**
 * dg1_sysfs_unregister() - remove them, before the device goes
 * @dg1: the device being unbound
 *
 * Sysfs waits for readers in flight, so none reaches the hardware after.
 */
void dg1_sysfs_unregister(struct dg1_device *dg1)
{
	sysfs_unmerge_group(&dg1->drm.primary->kdev->kobj, &dg1_rc6_group);
}
#else
int dg1_sysfs_register(struct dg1_device *dg1)
{
	return 0;
}

void dg1_sysfs_unregister(struct dg1_device *dg1)
{
}
#endif
