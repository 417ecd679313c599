// SPDX-License-Identifier: GPL-2.0
/*
 * hwmon: what the package says of its power, under the attribute names
 * i915 uses on DG1 (i915_hwmon.c), so that sensors(1) and tools that know
 * i915 read dg1's: energy1_input (uJ), power1_max (PL1, uW; 0 = off),
 * power1_rated_max (TDP, uW), power1_max_interval (PL1's window, ms) and
 * in0_input (GT voltage, mV). Registers and encodings: i915
 * intel_mchbar_regs.h and i915_hwmon.c; none needs forcewake.
 *
 * The energy counter is 32 bits of 2^-energy_shift J: at 25 W and 1/16384
 * J it wraps every 2.9 hours, so it is sampled every half hour besides
 * each read, and accumulated in 64 bits.
 */

#include <linux/bitfield.h>
#include <linux/hwmon.h>
#include <linux/hwmon-sysfs.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/units.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_inject.h"
#include "drm/dg1_hwmon.h"
#include "drm/dg1_pm.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_pcu_regs.h"
#include "regs/dg1_pm_regs.h"

#define DG1_HWMON_SAMPLE_PERIOD	(30 * 60 * HZ)
/* PL1's window when the SKU gives none: i915's (X 0, Y 0x12). */
#define DG1_HWMON_WINDOW_DEFAULT	(0x12 << 17)

static struct dg1_device *to_dg1(struct device *dev)
{
	return dev_get_drvdata(dev);
}

/* Fold the counter's progress into the 64-bit total. Lock held. */
static void dg1_hwmon_sample(struct dg1_device *dg1)
{
	struct dg1_hwmon *hw = &dg1->hwmon;
	u32 now = dg1_uncore_read32(&dg1->uncore, PCU_PACKAGE_ENERGY_STATUS);

	hw->energy_acc += (u32)(now - hw->energy_last);
	hw->energy_last = now;
}

static void dg1_hwmon_sample_work(struct work_struct *work)
{
	struct dg1_hwmon *hw = container_of(to_delayed_work(work),
					    struct dg1_hwmon, sample_work);
	struct dg1_device *dg1 = container_of(hw, struct dg1_device, hwmon);
	int idx;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return;
	mutex_lock(&hw->lock);
	dg1_hwmon_sample(dg1);
	mutex_unlock(&hw->lock);
	dg1_pm_hw_exit(dg1, idx);
	schedule_delayed_work(&hw->sample_work, DG1_HWMON_SAMPLE_PERIOD);
}

/* A field in 2^-shift units of W, as uW. */
static long dg1_hwmon_uw(u64 units, u32 shift)
{
	return mul_u64_u32_shr(units, MICROWATT_PER_WATT, shift);
}

static int dg1_hwmon_power_max_read(struct dg1_device *dg1, long *val)
{
	u32 rapl = dg1_uncore_read32(&dg1->uncore, PCU_PACKAGE_RAPL_LIMIT);
	u64 sku = dg1->hwmon.sku;
	u32 shift = dg1->hwmon.pwr_shift;
	long min = dg1_hwmon_uw(FIELD_GET(PKG_MIN_PWR, sku), shift);
	long max = dg1_hwmon_uw(FIELD_GET(PKG_MAX_PWR, sku), shift);

	if (!(rapl & PKG_PWR_LIM_1_EN)) {
		*val = 0;
		return 0;
	}
	*val = dg1_hwmon_uw(FIELD_GET(PKG_PWR_LIM_1, rapl), shift);
	/* As i915: the SKU's range, where it gives one. */
	if (min && max)
		*val = clamp(*val, min, max);
	return 0;
}

/*
 * 0 turns PL1 off; otherwise the limit in uW, which must fit the 15-bit
 * field and not round to 0.
 */
static int dg1_hwmon_power_max_write(struct dg1_device *dg1, long val)
{
	u32 shift = dg1->hwmon.pwr_shift;
	u64 lim;

	if (val < 0)
		return -EINVAL;
	if (!val) {
		dg1_uncore_rmw32_fw(&dg1->uncore, PCU_PACKAGE_RAPL_LIMIT,
				    PKG_PWR_LIM_1_EN, 0);
		return 0;
	}
	/* Past the field at any unit (and before the shift can overflow). */
	if (val > FIELD_MAX(PKG_PWR_LIM_1) * MICROWATT_PER_WATT)
		return -EINVAL;
	lim = DIV_ROUND_CLOSEST_ULL((u64)val << shift, MICROWATT_PER_WATT);
	if (!lim || lim > FIELD_MAX(PKG_PWR_LIM_1))
		return -EINVAL;
	dg1_uncore_rmw32_fw(&dg1->uncore, PCU_PACKAGE_RAPL_LIMIT,
			    PKG_PWR_LIM_1, PKG_PWR_LIM_1_EN |
			    FIELD_PREP(PKG_PWR_LIM_1, lim));
	return 0;
}

static int dg1_hwmon_read(struct device *dev, enum hwmon_sensor_types type,
			  u32 attr, int channel, long *val)
{
	struct dg1_device *dg1 = to_dg1(dev);
	struct dg1_hwmon *hw = &dg1->hwmon;
	int idx, ret = 0;
	u32 v;

	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	switch (type) {
	case hwmon_in:
		v = dg1_uncore_read32(&dg1->uncore, GEN12_RPSTAT1);
		/* 2.5 mV units */
		*val = DIV_ROUND_CLOSEST(FIELD_GET(GEN12_VOLTAGE_MASK, v) * 25,
					 10);
		break;
	case hwmon_energy:
		mutex_lock(&hw->lock);
		dg1_hwmon_sample(dg1);
		*val = mul_u64_u32_shr(hw->energy_acc, MICRO,
				       hw->energy_shift);
		mutex_unlock(&hw->lock);
		break;
	case hwmon_power:
		if (attr == hwmon_power_max) {
			mutex_lock(&hw->lock);
			ret = dg1_hwmon_power_max_read(dg1, val);
			mutex_unlock(&hw->lock);
			break;
		}
		*val = dg1_hwmon_uw(FIELD_GET(PKG_PKG_TDP, hw->sku),
				    hw->pwr_shift);
		break;
	default:
		ret = -EOPNOTSUPP;
	}
	dg1_pm_hw_exit(dg1, idx);
	return ret;
}

static int dg1_hwmon_write(struct device *dev, enum hwmon_sensor_types type,
			   u32 attr, int channel, long val)
{
	struct dg1_device *dg1 = to_dg1(dev);
	int idx, ret;

	if (type != hwmon_power || attr != hwmon_power_max)
		return -EOPNOTSUPP;
	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	mutex_lock(&dg1->hwmon.lock);
	ret = dg1_hwmon_power_max_write(dg1, val);
	mutex_unlock(&dg1->hwmon.lock);
	dg1_pm_hw_exit(dg1, idx);
	return ret;
}

static umode_t dg1_hwmon_is_visible(const void *data,
				    enum hwmon_sensor_types type, u32 attr,
				    int channel)
{
	if (type == hwmon_power && attr == hwmon_power_max)
		return 0644;
	return 0444;
}

static const struct hwmon_channel_info * const dg1_hwmon_info[] = {
	HWMON_CHANNEL_INFO(in, HWMON_I_INPUT),
	HWMON_CHANNEL_INFO(energy, HWMON_E_INPUT),
	HWMON_CHANNEL_INFO(power, HWMON_P_MAX | HWMON_P_RATED_MAX),
	NULL
};

static const struct hwmon_ops dg1_hwmon_ops = {
	.is_visible = dg1_hwmon_is_visible,
	.read = dg1_hwmon_read,
	.write = dg1_hwmon_write,
};

static const struct hwmon_chip_info dg1_hwmon_chip = {
	.ops = &dg1_hwmon_ops,
	.info = dg1_hwmon_info,
};

/* PL1's window: (1 + X / 4) * 2^Y time units (i915 i915_hwmon.c). */
static u64 dg1_hwmon_window_ms(u32 field, u32 time_shift)
{
	u32 x = FIELD_GET(PKG_PWR_LIM_1_TIME_X, field);
	u32 y = FIELD_GET(PKG_PWR_LIM_1_TIME_Y, field);

	return ((u64)(4 | x) << y) * MILLI >> (time_shift + 2);
}

static ssize_t power1_max_interval_show(struct device *dev,
					struct device_attribute *attr,
					char *buf)
{
	struct dg1_device *dg1 = to_dg1(dev);
	u32 rapl;
	int idx, ret;

	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	rapl = dg1_uncore_read32(&dg1->uncore, PCU_PACKAGE_RAPL_LIMIT);
	dg1_pm_hw_exit(dg1, idx);
	return sysfs_emit(buf, "%llu\n",
			  dg1_hwmon_window_ms(rapl, dg1->hwmon.time_shift));
}

/*
 * A window in ms, above 0 and not over the SKU's maximum (i915's 256 s
 * when the SKU gives none); stored as the nearest (X, Y) below it.
 */
static ssize_t power1_max_interval_store(struct device *dev,
					 struct device_attribute *attr,
					 const char *buf, size_t count)
{
	struct dg1_device *dg1 = to_dg1(dev);
	u32 shift = dg1->hwmon.time_shift;
	u64 ms, max, units;
	u32 x, y, win;
	int idx, ret;

	ret = kstrtou64(buf, 0, &ms);
	if (ret)
		return ret;
	/* The SKU's window field is the limit field's X and Y. */
	win = FIELD_GET(PKG_MAX_WIN, dg1->hwmon.sku) << 17;
	max = dg1_hwmon_window_ms(win ?: DG1_HWMON_WINDOW_DEFAULT, shift);
	units = ms <= max ? DIV_ROUND_CLOSEST_ULL(ms << shift, MILLI) : 0;
	if (!units)
		return -EINVAL;
	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	y = ilog2(units);
	x = ((units - BIT_ULL(y)) << 2) >> y;
	mutex_lock(&dg1->hwmon.lock);
	dg1_uncore_rmw32_fw(&dg1->uncore, PCU_PACKAGE_RAPL_LIMIT,
			    PKG_PWR_LIM_1_TIME,
			    FIELD_PREP(PKG_PWR_LIM_1_TIME_X, x) |
			    FIELD_PREP(PKG_PWR_LIM_1_TIME_Y, y));
	mutex_unlock(&dg1->hwmon.lock);
	dg1_pm_hw_exit(dg1, idx);
	return count;
}

static SENSOR_DEVICE_ATTR_RW(power1_max_interval, power1_max_interval, 0);

static struct attribute *dg1_hwmon_attrs[] = {
	&sensor_dev_attr_power1_max_interval.dev_attr.attr,
	NULL
};
ATTRIBUTE_GROUPS(dg1_hwmon);

static void dg1_hwmon_fini(void *arg)
{
	struct dg1_hwmon *hw = arg;

	cancel_delayed_work_sync(&hw->sample_work);
}

/**
 * dg1_hwmon_register() - expose the package's power through hwmon
 * @dg1: the probed device
 *
 * The hwmon device ("dg1") is device-managed: it goes at unbind, before
 * the register mapping.
 *
 * Context: probe.
 * Return: 0, or the error of hwmon's registration.
 */
int dg1_hwmon_register(struct dg1_device *dg1)
{
	struct dg1_hwmon *hw = &dg1->hwmon;
	struct device *hwmon;
	u32 unit;
	int ret;

	ret = drmm_mutex_init(&dg1->drm, &hw->lock);
	if (ret)
		return ret;
	unit = dg1_uncore_read32(&dg1->uncore, PCU_PACKAGE_POWER_SKU_UNIT);
	hw->pwr_shift = FIELD_GET(PKG_PWR_UNIT, unit);
	hw->energy_shift = FIELD_GET(PKG_ENERGY_UNIT, unit);
	hw->time_shift = FIELD_GET(PKG_TIME_UNIT, unit);
	hw->sku = dg1_uncore_read64_2x32(&dg1->uncore, PCU_PACKAGE_POWER_SKU,
					 PCU_PACKAGE_POWER_SKU_UDW);
	hw->energy_last = dg1_uncore_read32(&dg1->uncore,
					    PCU_PACKAGE_ENERGY_STATUS);
	hw->energy_acc = 0;
	INIT_DELAYED_WORK(&hw->sample_work, dg1_hwmon_sample_work);
	ret = devm_add_action_or_reset(dg1->drm.dev, dg1_hwmon_fini, hw);
	if (ret)
		return ret;

	hwmon = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?
		ERR_PTR(-ENOMEM) :
		devm_hwmon_device_register_with_info(dg1->drm.dev, "dg1", dg1,
						     &dg1_hwmon_chip,
						     dg1_hwmon_groups);
	if (IS_ERR(hwmon))
		return PTR_ERR(hwmon);
	schedule_delayed_work(&hw->sample_work, DG1_HWMON_SAMPLE_PERIOD);
	return 0;
}
