// SPDX-License-Identifier: GPL-2.0
/*
 * The card's power files, with i915's names and meaning so that its
 * tools read them (i915 gt/intel_gt_sysfs_pm.c). The GT frequencies in
 * MHz: gt_RP0_freq_mhz, gt_RP1_freq_mhz and gt_RPn_freq_mhz (what the part
 * can run at), gt_min_freq_mhz, gt_max_freq_mhz and gt_boost_freq_mhz (the
 * policy's limits, writable, checked as i915 checks them),
 * gt_cur_freq_mhz (the last request) and gt_act_freq_mhz (what the part
 * runs at, 0 in RC6). power/rc6_enable, the
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
#include "drm/dg1_pm.h"
#include "drm/dg1_sysfs.h"
#include "gt/dg1_gt_rc6.h"
#include "gt/dg1_gt_rps.h"

static struct dg1_device *kdev_to_dg1(struct device *kdev)
{
	struct drm_minor *minor = dev_get_drvdata(kdev);

	return to_dg1_device(minor->dev);
}

static ssize_t dg1_freq_show(struct device *kdev, char *buf,
			     enum dg1_gt_rps_freq which)
{
	struct dg1_device *dg1 = kdev_to_dg1(kdev);
	u32 mhz;
	int idx, ret;

	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	mhz = dg1_gt_rps_get_mhz(&dg1->gt, which);
	dg1_pm_hw_exit(dg1, idx);
	return sysfs_emit(buf, "%u\n", mhz);
}

/* As i915: kstrtou32()'s own errno for what is not a number. */
static ssize_t dg1_freq_store(struct device *kdev, const char *buf,
			      size_t count, enum dg1_gt_rps_freq which)
{
	struct dg1_device *dg1 = kdev_to_dg1(kdev);
	u32 mhz;
	int ret, idx;

	ret = kstrtou32(buf, 0, &mhz);
	if (ret)
		return ret;
	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	ret = dg1_gt_rps_set_mhz(&dg1->gt, which, mhz);
	dg1_pm_hw_exit(dg1, idx);
	return ret ?: count;
}

#define DG1_FREQ_SHOW(var, which)					\
static ssize_t var##_show(struct device *kdev,				\
			  struct device_attribute *attr, char *buf)	\
{									\
	return dg1_freq_show(kdev, buf, which);				\
}

#define DG1_FREQ_STORE(var, which)					\
static ssize_t var##_store(struct device *kdev,				\
			   struct device_attribute *attr,		\
			   const char *buf, size_t count)		\
{									\
	return dg1_freq_store(kdev, buf, count, which);			\
}

/* i915's file names, some in mixed case (gt_RP0_freq_mhz). */
#define DG1_FREQ_ATTR_RO(var, file)					\
static struct device_attribute var##_attr = {				\
	.attr = { .name = file, .mode = 0444 }, .show = var##_show,	\
}

#define DG1_FREQ_ATTR_RW(var, file)					\
static struct device_attribute var##_attr = {				\
	.attr = { .name = file, .mode = 0644 }, .show = var##_show,	\
	.store = var##_store,						\
}

DG1_FREQ_SHOW(rp0, DG1_RPS_RP0)
DG1_FREQ_SHOW(rp1, DG1_RPS_RP1)
DG1_FREQ_SHOW(rpn, DG1_RPS_RPN)
DG1_FREQ_SHOW(cur, DG1_RPS_CUR)
DG1_FREQ_SHOW(act, DG1_RPS_ACT)
DG1_FREQ_SHOW(min, DG1_RPS_MIN)
DG1_FREQ_SHOW(max, DG1_RPS_MAX)
DG1_FREQ_SHOW(boost, DG1_RPS_BOOST)
DG1_FREQ_STORE(min, DG1_RPS_MIN)
DG1_FREQ_STORE(max, DG1_RPS_MAX)
DG1_FREQ_STORE(boost, DG1_RPS_BOOST)

DG1_FREQ_ATTR_RO(rp0, "gt_RP0_freq_mhz");
DG1_FREQ_ATTR_RO(rp1, "gt_RP1_freq_mhz");
DG1_FREQ_ATTR_RO(rpn, "gt_RPn_freq_mhz");
DG1_FREQ_ATTR_RO(cur, "gt_cur_freq_mhz");
DG1_FREQ_ATTR_RO(act, "gt_act_freq_mhz");
DG1_FREQ_ATTR_RW(min, "gt_min_freq_mhz");
DG1_FREQ_ATTR_RW(max, "gt_max_freq_mhz");
DG1_FREQ_ATTR_RW(boost, "gt_boost_freq_mhz");

static struct attribute *dg1_freq_attrs[] = {
	&rp0_attr.attr, &rp1_attr.attr, &rpn_attr.attr, &cur_attr.attr,
	&act_attr.attr, &min_attr.attr, &max_attr.attr, &boost_attr.attr,
	NULL
};

static const struct attribute_group dg1_freq_group = {
	.attrs = dg1_freq_attrs,
};

#if IS_ENABLED(CONFIG_PM)
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

	/* Not woken: a suspended device's time counts as RC6. */
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

static int dg1_sysfs_rc6_add(struct kobject *kobj)
{
	return sysfs_merge_group(kobj, &dg1_rc6_group);
}

static void dg1_sysfs_rc6_remove(struct kobject *kobj)
{
	sysfs_unmerge_group(kobj, &dg1_rc6_group);
}
#else
static int dg1_sysfs_rc6_add(struct kobject *kobj)
{
	return 0;
}

static void dg1_sysfs_rc6_remove(struct kobject *kobj)
{
}
#endif

/**
 * dg1_sysfs_register() - add the power files to the card's directory
 * @dg1: a device registered with DRM
 *
 * Return: 0, or the error of sysfs (nothing is left added then).
 */
int dg1_sysfs_register(struct dg1_device *dg1)
{
	struct kobject *kobj = &dg1->drm.primary->kdev->kobj;
	int ret;

	ret = sysfs_create_group(kobj, &dg1_freq_group);
	if (ret)
		return ret;
	ret = dg1_sysfs_rc6_add(kobj);
	if (ret)
		sysfs_remove_group(kobj, &dg1_freq_group);
	return ret;
}

/**
 * dg1_sysfs_unregister() - remove them, before the device goes
 * @dg1: the device being unbound
 *
 * Sysfs waits for readers in flight, so none reaches the hardware after.
 */
void dg1_sysfs_unregister(struct dg1_device *dg1)
{
	struct kobject *kobj = &dg1->drm.primary->kdev->kobj;

	dg1_sysfs_rc6_remove(kobj);
	sysfs_remove_group(kobj, &dg1_freq_group);
}
