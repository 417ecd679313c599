// SPDX-License-Identifier: GPL-2.0
/*
 * Probe fault injection, for debug builds (CONFIG_DRM_DG1_DEBUG): every
 * step of probe that can fail is a numbered checkpoint, and writing N to
 * the module parameter inject_probe_failure makes the Nth checkpoint of the
 * next probe fail. Tests walk N upwards until a probe goes through with
 * nothing injected, checking each time that probe unwound cleanly and that
 * a normal probe works afterwards.
 *
 * The count is one per module: it is meant for one DG1 probing at a time
 * (the test VM has one). Probes of two devices bound at once would share
 * it, which only moves the injected failure to the other device.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/moduleparam.h>

#include "core/dg1_inject.h"

static unsigned int dg1_inject_probe_failure;
module_param_named(inject_probe_failure, dg1_inject_probe_failure, uint,
		   0600);
MODULE_PARM_DESC(inject_probe_failure,
		 "Fail the Nth probe checkpoint of the next probe, then reset to 0 (debug builds only)");

static unsigned int dg1_inject_checkpoint;

/**
 * dg1_inject_probe_begin() - start counting the checkpoints of a probe
 */
void dg1_inject_probe_begin(void)
{
	dg1_inject_checkpoint = 0;
}

/**
 * __dg1_inject_probe_error() - count a checkpoint; fail it if chosen
 * @dev: the device being probed
 * @err: the error the checkpoint fails with
 * @func: where the checkpoint is
 * @line: its line
 *
 * Use dg1_inject_probe_error().
 *
 * Return: @err when this is checkpoint inject_probe_failure, else 0.
 */
int __dg1_inject_probe_error(struct device *dev, int err, const char *func,
			     int line)
{
	unsigned int want = READ_ONCE(dg1_inject_probe_failure);

	if (!want || ++dg1_inject_checkpoint != want)
		return 0;

	WRITE_ONCE(dg1_inject_probe_failure, 0);
	dev_info(dev, "probe: injecting failure at checkpoint %u (%s:%d): %pe\n",
		 want, func, line, ERR_PTR(err));
	return err;
}
