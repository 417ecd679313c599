/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_INJECT_H_
#define _DG1_INJECT_H_

#include <linux/kconfig.h>

struct device;

#if IS_ENABLED(CONFIG_DRM_DG1_DEBUG)
void dg1_inject_probe_begin(void);
int __dg1_inject_probe_error(struct device *dev, int err, const char *func,
			     int line);
void dg1_inject_sched_delay(void);
void dg1_inject_suspend_delay(void);
void dg1_inject_remove_delay(void);
void dg1_inject_switch_out_delay(void);
void dg1_inject_bind_free_delay(void);
#else
static inline void dg1_inject_probe_begin(void)
{
}

static inline int __dg1_inject_probe_error(struct device *dev, int err,
					   const char *func, int line)
{
	return 0;
}

static inline void dg1_inject_sched_delay(void)
{
}

static inline void dg1_inject_suspend_delay(void)
{
}

static inline void dg1_inject_remove_delay(void)
{
}

static inline void dg1_inject_switch_out_delay(void)
{
}

static inline void dg1_inject_bind_free_delay(void)
{
}
#endif

/**
 * dg1_inject_probe_error() - a probe step that may be made to fail
 * @dev: the device being probed, for the log line
 * @err: the negative error code the step fails with when injected
 *
 * Place it where the step can fail for real, so the injected failure runs
 * the same unwinding. Compiled to 0 without CONFIG_DRM_DG1_DEBUG.
 *
 * Return: @err if this checkpoint was chosen, else 0.
 */
#define dg1_inject_probe_error(dev, err) \
	__dg1_inject_probe_error((dev), (err), __func__, __LINE__)

#endif /* _DG1_INJECT_H_ */
