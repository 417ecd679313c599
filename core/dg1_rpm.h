/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_RPM_H_
#define _DG1_RPM_H_

#include <linux/pm_runtime.h>

/**
 * dg1_rpm_put() - drop a runtime-PM reference; the autosuspend delay
 * counts from now
 * @dev: the device
 *
 * Linux 6.12's pm_runtime_put_autosuspend() does not mark the device busy
 * itself (later kernels do).
 */
static inline void dg1_rpm_put(struct device *dev)
{
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
}

#endif /* _DG1_RPM_H_ */
