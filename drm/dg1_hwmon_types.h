/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_HWMON_TYPES_H_
#define _DG1_HWMON_TYPES_H_

#include <linux/mutex_types.h>
#include <linux/types.h>
#include <linux/workqueue_types.h>

/**
 * struct dg1_hwmon - the package's power, as hwmon attributes
 */
struct dg1_hwmon {
	/** @lock: guards the energy accumulation and PL1's read-modify-write */
	struct mutex lock;
	/** @energy_last: the 32-bit counter at the last sample */
	u32 energy_last;
	/** @energy_acc: energy units since the first sample, never wrapping */
	u64 energy_acc;
	/** @pwr_shift: power in 2^-pwr_shift W (PCU_PACKAGE_POWER_SKU_UNIT) */
	u32 pwr_shift;
	/** @energy_shift: energy in 2^-energy_shift J */
	u32 energy_shift;
	/** @time_shift: time in 2^-time_shift s */
	u32 time_shift;
	/** @sku: PCU_PACKAGE_POWER_SKU, read-only, read once */
	u64 sku;
	/** @sample_work: samples the counter well within each wrap */
	struct delayed_work sample_work;
};

#endif /* _DG1_HWMON_TYPES_H_ */
