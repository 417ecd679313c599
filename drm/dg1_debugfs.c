// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs files in the DRM device's directory (/sys/kernel/debug/dri/<minor>/):
 *
 *  forcewake_user     open: hold every present domain awake; close: drop them
 *  forcewake_domains  "<name>: ref <n> wakes <n> gets <n> errors <n> fallbacks <n>"
 *                     per domain
 *  gt_topology        DSS, EU and L3 masks, EU count, engines
 *  gt_steering        default MCR steering target and per-group targets
 *  workarounds        "<Wa_name> 0x<offset> <ok|FAILED|not-applied|written>"
 *                     per entry, the GT's then the engines'
 *  memory_regions     per region "<smem|lmem>: total <n> usable <n> used <n>
 *                     free <n> cpu_visible <n> cpu_visible_used <n>" (bytes),
 *                     LMEM's free space by buddy order, "objects: <n>"
 *  ggtt               "size: 0x<n>", "scratch: <bus address> (pte 0x<pte>)",
 *                     then the allocated GGTT ranges
 *  vms                per VM "client <drm-client-id> vm <id> root 0x<PML4
 *                     LMEM address> mappings <n> tables <n>", then per
 *                     mapping "  0x<start>-0x<end> offset 0x<n> pat <n>";
 *                     last "binds 4K <n> 64K <n> 2M <n> queued <n>": maps
 *                     that used each page size, binds that waited
 *  gt_tlb             "invalidations <n> timeouts <n>"
 *  interrupts         the handler's counts (dg1_irq_print()): totals, the
 *                     OA half-full interrupts, then per engine the bits it
 *                     delivered
 *  engines            per engine (dg1_execlists_print()): CSB head, contexts
 *                     active and queued, the ports, submission and interrupt
 *                     counts, the last CSB entries with their manual row
 *  oa                 "timestamp_frequency: <Hz>"; per metric set "set <id>
 *                     <uuid> mux <n> boolean <n> flex <n>[ in-use]"; then
 *                     "stream: none", or "stream: sample <0|1> format <n>
 *                     report <bytes> exponent <n|-1> enabled <0|1> dead
 *                     <0|1> poll_ns <n>", "queue: <id> ctx_id 0x<n>" (a
 *                     watched queue), "buffer: gtt 0x<n> size <n> head
 *                     0x<n> tail 0x<n>" (sampling), "records: read <n>
 *                     report_lost <n> buffer_lost <n>", "half-full
 *                     interrupts: <n>"
 *
 * An unbind (or a failed probe) unplugs the device, which removes the
 * directory and waits for opens in flight; a forcewake_user file open by
 * then keeps the DRM device alive, and its release finds the device gone.
 * Only forcewake_user and wedged touch the hardware, and only between
 * drm_dev_enter() and drm_dev_exit() with the device in D0 (an open
 * forcewake_user keeps it there); the others print state kept in memory.
 */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/pm_runtime.h>
#include <linux/seq_file.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "core/dg1_rpm.h"
#include "drm/dg1_debugfs.h"
#include "drm/dg1_device.h"
#include "drm/dg1_pm.h"
#include "gt/dg1_gt_mcr.h"
#include "gt/dg1_gt_topology.h"
#include "gt/dg1_engine_workarounds.h"
#include "gt/dg1_gt_workarounds.h"
#include "gt/dg1_irq.h"
#include "mem/dg1_ggtt.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_vm.h"
#include "mmio/dg1_forcewake.h"
#include "oa/dg1_oa.h"
#include "submit/dg1_capture.h"
#include "submit/dg1_execlists.h"
#include "submit/dg1_hw_engine.h"

static struct dg1_device *dg1_debugfs_device(struct seq_file *m)
{
	struct drm_debugfs_entry *entry = m->private;

	return to_dg1_device(entry->dev);
}

static int dg1_debugfs_forcewake_domains(struct seq_file *m, void *data)
{
	struct dg1_force_wake *fw = &dg1_debugfs_device(m)->uncore.fw;
	unsigned long present = dg1_force_wake_present(fw);
	struct dg1_fw_domain_stats stats;
	unsigned int id;

	for_each_set_bit(id, &present, DG1_FW_DOMAIN_ID_COUNT) {
		dg1_force_wake_stats(fw, id, &stats);
		seq_printf(m, "%s: ref %u wakes %llu gets %llu errors %u fallbacks %u\n",
			   dg1_fw_domain_name(id), stats.ref, stats.wakes,
			   stats.gets, stats.errors, stats.fallbacks);
	}
	return 0;
}

static int dg1_debugfs_gt_topology(struct seq_file *m, void *data)
{
	struct dg1_gt *gt = &dg1_debugfs_device(m)->gt;
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_gt_topology_print(&gt->topology, gt->engine_mask, &p);
	return 0;
}

static int dg1_debugfs_gt_steering(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_gt_mcr_print(&dg1_debugfs_device(m)->gt, &p);
	return 0;
}

static int dg1_debugfs_workarounds(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_gt_workarounds_print(&dg1_debugfs_device(m)->gt, &p);
	dg1_engine_workarounds_print(&dg1_debugfs_device(m)->gt, &p);
	return 0;
}

static int dg1_debugfs_memory_regions(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_mem_print(&dg1_debugfs_device(m)->mem, &p);
	return 0;
}

static int dg1_debugfs_ggtt(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_ggtt_print(&dg1_debugfs_device(m)->ggtt, &p);
	return 0;
}

static int dg1_debugfs_vms(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_vm_print(&dg1_debugfs_device(m)->vms, &p);
	return 0;
}

static int dg1_debugfs_engines(struct seq_file *m, void *data)
{
	struct dg1_device *dg1 = dg1_debugfs_device(m);
	unsigned long mask = dg1->gt.engine_mask;
	struct drm_printer p = drm_seq_file_printer(m);
	unsigned int id;

	drm_printf(&p, "gt resets %d, wedged %d\n",
		   atomic_read(&dg1->gt_resets), READ_ONCE(dg1->wedged));
	dg1_capture_print_stats(dg1, &p);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		dg1_execlists_print(&dg1->engines[id], &p);
	return 0;
}

static int dg1_debugfs_gt_tlb(struct seq_file *m, void *data)
{
	struct dg1_gt_tlb *tlb = &dg1_debugfs_device(m)->gt.tlb;

	seq_printf(m, "invalidations %d timeouts %d\n",
		   atomic_read(&tlb->invalidations), atomic_read(&tlb->timeouts));
	return 0;
}

static int dg1_debugfs_interrupts(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_irq_print(&dg1_debugfs_device(m)->gt, &p);
	return 0;
}

static int dg1_debugfs_oa(struct seq_file *m, void *data)
{
	struct drm_printer p = drm_seq_file_printer(m);

	dg1_oa_print(dg1_debugfs_device(m), &p);
	return 0;
}

static const struct drm_debugfs_info dg1_debugfs_files[] = {
	{ "forcewake_domains", dg1_debugfs_forcewake_domains },
	{ "gt_topology", dg1_debugfs_gt_topology },
	{ "gt_steering", dg1_debugfs_gt_steering },
	{ "workarounds", dg1_debugfs_workarounds },
	{ "memory_regions", dg1_debugfs_memory_regions },
	{ "ggtt", dg1_debugfs_ggtt },
	{ "vms", dg1_debugfs_vms },
	{ "gt_tlb", dg1_debugfs_gt_tlb },
	{ "interrupts", dg1_debugfs_interrupts },
	{ "engines", dg1_debugfs_engines },
	{ "oa", dg1_debugfs_oa },
};

/*
 * The open file keeps the DRM device (and so our state) alive; the
 * device may still be unplugged under it, which drm_dev_enter() tells.
 */
static int dg1_forcewake_user_open(struct inode *inode, struct file *file)
{
	struct drm_device *drm = inode->i_private;
	int idx, ret;

	drm_dev_get(drm);
	/* The open file holds the device in D0 as well as its domains. */
	ret = dg1_pm_hw_enter(to_dg1_device(drm), &idx);
	if (ret) {
		drm_dev_put(drm);
		return ret;
	}
	ret = dg1_force_wake_user_get(&to_dg1_device(drm)->uncore.fw);
	drm_dev_exit(idx);

	if (ret) {
		dg1_rpm_put(drm->dev);
		drm_dev_put(drm);
		return ret;
	}
	file->private_data = drm;
	return 0;
}

/* After an unbind, the domains were already released by the GT teardown. */
static int dg1_forcewake_user_release(struct inode *inode, struct file *file)
{
	struct drm_device *drm = file->private_data;
	int idx;

	if (drm_dev_enter(drm, &idx)) {
		dg1_force_wake_user_put(&to_dg1_device(drm)->uncore.fw);
		drm_dev_exit(idx);
	}
	dg1_rpm_put(drm->dev);
	drm_dev_put(drm);
	return 0;
}

static const struct file_operations dg1_forcewake_user_fops = {
	.owner = THIS_MODULE,
	.open = dg1_forcewake_user_open,
	.release = dg1_forcewake_user_release,
};

/*
 * "wedged": 0 or 1; writing 1 gives up on the GPU as a failed recovery
 * would (dg1_hw_engines_wedge()), so tests can reach that state at will.
 * There is no way back but binding the driver again.
 */
static ssize_t dg1_wedged_read(struct file *file, char __user *buf,
			       size_t len, loff_t *pos)
{
	struct dg1_device *dg1 = file->private_data;
	char s[3] = { READ_ONCE(dg1->wedged) ? '1' : '0', '\n', 0 };

	return simple_read_from_buffer(buf, len, pos, s, 2);
}

static ssize_t dg1_wedged_write(struct file *file, const char __user *buf,
				size_t len, loff_t *pos)
{
	struct dg1_device *dg1 = file->private_data;
	bool wedge;
	int idx, ret;

	ret = kstrtobool_from_user(buf, len, &wedge);
	if (ret)
		return ret;
	if (!wedge)
		return -EINVAL;
	ret = dg1_pm_hw_enter(dg1, &idx);
	if (ret)
		return ret;
	dg1_hw_engines_wedge(dg1, "debugfs");
	dg1_pm_hw_exit(dg1, idx);
	return len;
}

static const struct file_operations dg1_wedged_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = dg1_wedged_read,
	.write = dg1_wedged_write,
	.llseek = default_llseek,
};

/**
 * dg1_debugfs_register() - create the driver's debugfs files
 * @dg1: the device, probed
 *
 * The DRM core removes them with the device's debugfs directory. As
 * everywhere in the kernel, a debugfs file that cannot be created is no
 * reason to fail; the return value is there for the fault-injection
 * checkpoint, which checks that probe unwinds from this point.
 *
 * Return: 0, or an injected error.
 */
int dg1_debugfs_register(struct dg1_device *dg1)
{
	struct drm_device *drm = &dg1->drm;
	int ret;

	drm_debugfs_add_files(drm, dg1_debugfs_files,
			      ARRAY_SIZE(dg1_debugfs_files));
	ret = dg1_inject_probe_error(drm->dev, -ENOMEM);
	if (ret)
		return ret;
	debugfs_create_file("forcewake_user", 0400, drm->debugfs_root, drm,
			    &dg1_forcewake_user_fops);
	debugfs_create_file("wedged", 0600, drm->debugfs_root, dg1,
			    &dg1_wedged_fops);
	return 0;
}
