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
 *
 * Also for debug builds: a delay in the scheduler's pop of exec jobs
 * (inject_sched_delay_us), which makes a teardown race every time, one
 * at the start of system suspend (inject_suspend_delay_ms), which stands
 * for the seconds a loaded machine may take to get there, and one in the
 * interrupt handler after a context leaves the ports
 * (inject_switch_out_delay_us), which stands for a vCPU the host stops.
 */

#include <linux/delay.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/minmax.h>
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

/*
 * A delay inside the scheduler's pop of an exec job (its prepare step):
 * it holds a pop open while a queue is torn down, which is the window
 * dg1_sched_entity_kill() closes, so a test can hit it every time.
 */
#define DG1_INJECT_SCHED_DELAY_MAX_US	1000000
static unsigned int dg1_inject_sched_delay_us;
module_param_named(inject_sched_delay_us, dg1_inject_sched_delay_us, uint,
		   0600);
MODULE_PARM_DESC(inject_sched_delay_us,
		 "Sleep this long (at most 1000000) as the scheduler takes each exec job from its queue (debug builds only)");

/* A delay parameter's value, read once, capped at @max. */
static unsigned int dg1_inject_value(const unsigned int *param,
				     unsigned int max)
{
	return min(READ_ONCE(*param), max);
}

/**
 * dg1_inject_sched_delay() - sleep as long as inject_sched_delay_us says
 *
 * Context: process (the scheduler's work); sleeps.
 */
void dg1_inject_sched_delay(void)
{
	unsigned int us = dg1_inject_value(&dg1_inject_sched_delay_us,
					   DG1_INJECT_SCHED_DELAY_MAX_US);

	if (us)
		usleep_range(us, us + us / 8 + 1);
}

/*
 * The interrupt handler takes a context off the engine's ports, then goes
 * on with it: a spin there holds open the window in which a teardown that
 * waited for the context to leave could free what the handler still uses
 * (dg1_exec switch-out-after-destroy sets it).
 */
#define DG1_INJECT_SWITCH_OUT_DELAY_MAX_US	2000
static unsigned int dg1_inject_switch_out_delay_us;
module_param_named(inject_switch_out_delay_us,
		   dg1_inject_switch_out_delay_us, uint, 0600);
MODULE_PARM_DESC(inject_switch_out_delay_us,
		 "Spin this long (at most 2000) in the interrupt handler once a context has left the engine's ports (debug builds only)");

/**
 * dg1_inject_switch_out_delay() - spin as long as inject_switch_out_delay_us
 * says
 *
 * Context: the engine lock held, interrupts off.
 */
void dg1_inject_switch_out_delay(void)
{
	unsigned int us = dg1_inject_value(&dg1_inject_switch_out_delay_us,
					   DG1_INJECT_SWITCH_OUT_DELAY_MAX_US);

	if (us)
		udelay(us);
}

/* Sleep as long as the millisecond parameter @ms says, at most @max. */
static void dg1_inject_msleep(const unsigned int *ms, unsigned int max)
{
	unsigned int t = dg1_inject_value(ms, max);

	if (t)
		msleep(t);
}

/*
 * Entering system sleep takes seconds on a loaded machine before the
 * driver's suspend runs, while the engines go on: a delay at the start of
 * dg1's suspend callback makes it last longer than a job's timeout every
 * time (dg1_power suspend-deep).
 */
#define DG1_INJECT_SUSPEND_DELAY_MAX_MS	10000
static unsigned int dg1_inject_suspend_delay_ms;
module_param_named(inject_suspend_delay_ms, dg1_inject_suspend_delay_ms,
		   uint, 0600);
MODULE_PARM_DESC(inject_suspend_delay_ms,
		 "Sleep this long (at most 10000) at the start of each system suspend (debug builds only)");

/**
 * dg1_inject_suspend_delay() - sleep as long as inject_suspend_delay_ms says
 *
 * Context: process (the device's system suspend); sleeps.
 */
void dg1_inject_suspend_delay(void)
{
	dg1_inject_msleep(&dg1_inject_suspend_delay_ms,
			  DG1_INJECT_SUSPEND_DELAY_MAX_MS);
}

/*
 * Unbind takes seconds on a loaded machine between the unplug and the
 * end of the queues, while the engines go on: a delay there makes it last
 * longer than a job's timeout every time (dg1_hotunplug slow-remove).
 */
#define DG1_INJECT_REMOVE_DELAY_MAX_MS	10000
static unsigned int dg1_inject_remove_delay_ms;
module_param_named(inject_remove_delay_ms, dg1_inject_remove_delay_ms,
		   uint, 0600);
MODULE_PARM_DESC(inject_remove_delay_ms,
		 "Sleep this long (at most 10000) after each unplug, before the exec queues end (debug builds only)");

/**
 * dg1_inject_remove_delay() - sleep as long as inject_remove_delay_ms says
 *
 * Context: process (the device's removal); sleeps.
 */
void dg1_inject_remove_delay(void)
{
	dg1_inject_msleep(&dg1_inject_remove_delay_ms,
			  DG1_INJECT_REMOVE_DELAY_MAX_MS);
}

/*
 * A bind job gives its unused page tables back after its fence signalled;
 * the device may be removed meanwhile, its LMEM BAR unmapped, and a table
 * given back then must not be cleared through it (dg1_pt_pool_put()). A
 * delay there lets dg1_hotunplug bind-after-remove remove the device in
 * that window every time.
 */
#define DG1_INJECT_BIND_FREE_DELAY_MAX_MS	10000
static unsigned int dg1_inject_bind_free_delay_ms;
module_param_named(inject_bind_free_delay_ms, dg1_inject_bind_free_delay_ms,
		   uint, 0600);
MODULE_PARM_DESC(inject_bind_free_delay_ms,
		 "Sleep this long (at most 10000) in a bind job between its fence and freeing its unused page tables (debug builds only)");

/**
 * dg1_inject_bind_free_delay() - sleep as long as inject_bind_free_delay_ms
 * says
 *
 * Context: process (the bind scheduler's work); sleeps.
 */
void dg1_inject_bind_free_delay(void)
{
	dg1_inject_msleep(&dg1_inject_bind_free_delay_ms,
			  DG1_INJECT_BIND_FREE_DELAY_MAX_MS);
}
