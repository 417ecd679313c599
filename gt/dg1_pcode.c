// SPDX-License-Identifier: GPL-2.0
/*
 * The PCODE mailbox, and the wait for firmware to finish initialising the
 * device.
 *
 * After power-on or a reset the punit firmware brings a discrete part up
 * (LMEM training among it) while the driver may already be loading;
 * nothing it reports before then (GU_CNTL.LMEM_INIT, the fuses) is final.
 * Both DG1 drivers ask the punit until it answers "complete" before they
 * look at local memory: i915 intel_pcode.c, pcode_init_wait() (10 s, then
 * 3 minutes more), xe xe_pcode.c, xe_pcode_ready() (3 minutes).
 */

#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/jiffies.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_pcode.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_pcode_regs.h"

/* One request's wait for READY to clear (i915 __snb_pcode_rw(): 500 us). */
#define DG1_PCODE_REQUEST_US		500
/* The init wait: quietly, then with a notice (i915 pcode_init_wait()). */
#define DG1_PCODE_INIT_QUIET_MS		10000
#define DG1_PCODE_INIT_MS		180000

static int dg1_pcode_status(u32 mailbox)
{
	switch (mailbox & PCODE_CMD_MASK) {
	case PCODE_SUCCESS:
		return 0;
	case PCODE_ILLEGAL_CMD:
	case PCODE_ILLEGAL_SUBCOMMAND:
		return -ENXIO;
	case PCODE_TIMEOUT:
		return -ETIMEDOUT;
	case PCODE_ILLEGAL_DATA:
		return -EINVAL;
	case PCODE_LOCKED:
		return -EBUSY;
	default:
		return -EIO;
	}
}

/**
 * dg1_pcode_request() - one request to the punit
 * @uncore: register access
 * @cmd: the mailbox's command field (command and parameters, no READY)
 * @data0: in: DATA0 to send; out: DATA0 of the reply
 * @timeout_us: how long the punit may take
 *
 * Context: process; may sleep.
 * Return: 0; -EAGAIN if the mailbox is busy with an earlier request;
 * -ETIMEDOUT if the punit did not answer; the punit's refusal as an errno
 * (-ENXIO an unknown command, -EINVAL bad data, -EBUSY locked).
 */
int dg1_pcode_request(struct dg1_uncore *uncore, u32 cmd, u32 *data0,
		      unsigned int timeout_us)
{
	u32 domains = dg1_fw_reg_write_domains(PCODE_MAILBOX) |
		      dg1_fw_reg_write_domains(PCODE_DATA0) |
		      dg1_fw_reg_write_domains(PCODE_DATA1);
	u32 mailbox;
	int ret;

	ret = dg1_force_wake_get(&uncore->fw, domains);
	if (ret)
		return ret;
	if (dg1_uncore_read32_fw(uncore, PCODE_MAILBOX) & PCODE_READY) {
		ret = -EAGAIN;
		goto out;
	}
	dg1_uncore_write32_fw(uncore, PCODE_DATA0, *data0);
	dg1_uncore_write32_fw(uncore, PCODE_DATA1, 0);
	dg1_uncore_write32_fw(uncore, PCODE_MAILBOX, PCODE_READY | cmd);
	ret = dg1_mmio_wait32(&uncore->mmio, PCODE_MAILBOX, PCODE_READY, 0,
			      timeout_us, &mailbox);
	if (!ret) {
		*data0 = dg1_uncore_read32_fw(uncore, PCODE_DATA0);
		ret = dg1_pcode_status(mailbox);
	}
out:
	dg1_force_wake_put(&uncore->fw, domains);
	return ret;
}

/* Has firmware finished? 1 yes, 0 not yet, or a mailbox error. */
static int dg1_pcode_init_done(struct dg1_uncore *uncore)
{
	u32 data0 = PCODE_DG1_GET_INIT_STATUS;
	int ret;

	ret = dg1_pcode_request(uncore, PCODE_CMD_DG1_STATUS, &data0,
				DG1_PCODE_REQUEST_US);
	if (ret == -EAGAIN || ret == -ETIMEDOUT)
		return 0;	/* busy: ask again */
	if (ret)
		return ret;
	return !!(data0 & PCODE_DG1_INIT_COMPLETE);
}

/**
 * dg1_pcode_wait_init() - wait until firmware has initialised the device
 * @uncore: register access, set up
 *
 * Asks the punit every millisecond or two, for up to 10 s quietly and up
 * to 180 s more after a notice, as i915 does.
 *
 * Context: process (probe); sleeps.
 * Return: 0; -ETIMEDOUT if firmware never finished; the mailbox's error if
 * the punit refused the request.
 */
int dg1_pcode_wait_init(struct dg1_uncore *uncore)
{
	struct drm_device *drm = uncore->mmio.drm;
	unsigned long start = jiffies, quiet, end;
	bool told = false;
	int done;

	quiet = start + msecs_to_jiffies(DG1_PCODE_INIT_QUIET_MS);
	end = quiet + msecs_to_jiffies(DG1_PCODE_INIT_MS);
	for (;;) {
		done = dg1_pcode_init_done(uncore);
		if (done < 0) {
			drm_err(drm, "PCODE refused the init status request: %d\n",
				done);
			return done;
		}
		if (done)
			break;
		if (time_after(jiffies, end)) {
			drm_err(drm, "firmware did not finish initialising the device in %u s\n",
				(DG1_PCODE_INIT_QUIET_MS + DG1_PCODE_INIT_MS) / 1000);
			return -ETIMEDOUT;
		}
		if (!told && time_after(jiffies, quiet)) {
			drm_notice(drm, "waiting for firmware to initialise the device\n");
			told = true;
		}
		usleep_range(1000, 2000);
	}
	drm_dbg(drm, "firmware initialised the device (%u ms waited)\n",
		jiffies_to_msecs(jiffies - start));
	return 0;
}
