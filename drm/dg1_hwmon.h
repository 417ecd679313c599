/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_HWMON_H_
#define _DG1_HWMON_H_

#include <linux/kconfig.h>

struct dg1_device;

#if IS_ENABLED(CONFIG_HWMON)
int dg1_hwmon_register(struct dg1_device *dg1);
#else
/* A kernel without hwmon: the attributes are not there (dg1_power says so). */
static inline int dg1_hwmon_register(struct dg1_device *dg1)
{
	return 0;
}
#endif

#endif /* _DG1_HWMON_H_ */
