// SPDX-License-Identifier: GPL-2.0
/*
 * dg1 - DRM driver for Intel DG1 (Gen12 / Xe-LP) discrete GPUs.
 *
 * Module entry points, the PCI driver and the DRM driver description.
 */

#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm_runtime.h>
#include <linux/string.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_rpm.h"
#include "core/dg1_wq.h"
#include "drm/dg1_device.h"
#include "drm/dg1_file.h"
#include "drm/dg1_pci_ids.h"
#include "drm/dg1_pm.h"
#include "drm/dg1_query.h"
#include "drm/dg1_ufence.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_dmabuf.h"
#include "mem/dg1_vm.h"
#include "oa/dg1_oa_config.h"
#include "oa/dg1_oa_stream.h"
#include "oa/dg1_oa_sysctl.h"
#include "submit/dg1_exec_queue.h"
#include "submit/dg1_submit_wq.h"

#define DRIVER_NAME	"dg1"
#define DRIVER_DESC	"Intel DG1 discrete graphics"

static const struct drm_ioctl_desc dg1_ioctls[] = {
	DRM_IOCTL_DEF_DRV(DG1_QUERY, dg1_query_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_GEM_CREATE, dg1_gem_create_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_GEM_MMAP_OFFSET, dg1_gem_mmap_offset_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_VM_CREATE, dg1_vm_create_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_VM_DESTROY, dg1_vm_destroy_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_VM_BIND, dg1_vm_bind_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_EXEC_QUEUE_CREATE, dg1_exec_queue_create_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_EXEC_QUEUE_DESTROY, dg1_exec_queue_destroy_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_EXEC, dg1_exec_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_WAIT_USER_FENCE, dg1_wait_user_fence_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_PERF_OPEN, dg1_oa_open_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_PERF_ADD_CONFIG, dg1_oa_add_config_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(DG1_PERF_REMOVE_CONFIG, dg1_oa_remove_config_ioctl,
			  DRM_RENDER_ALLOW),
};

/*
 * Every ioctl runs with the device in D0 (drm/dg1_pm.c), as xe does: most
 * reach the hardware or LMEM, and the rest are cheap to wrap. After an
 * unbind runtime PM is off (-EACCES): the ioctl's answer is -ENODEV.
 */
static long dg1_drm_ioctl_awake(struct file *filp, unsigned int cmd,
				unsigned long arg,
				long (*ioctl)(struct file *, unsigned int,
					      unsigned long))
{
	struct drm_file *file = filp->private_data;
	struct device *dev = file->minor->dev->dev;
	long ret;

	ret = pm_runtime_resume_and_get(dev);
	if (ret < 0)
		return drm_dev_is_unplugged(file->minor->dev) ? -ENODEV : ret;
	ret = ioctl(filp, cmd, arg);
	dg1_rpm_put(dev);
	return ret;
}

static long dg1_drm_ioctl(struct file *filp, unsigned int cmd,
			  unsigned long arg)
{
	return dg1_drm_ioctl_awake(filp, cmd, arg, drm_ioctl);
}

#ifdef CONFIG_COMPAT
static long dg1_drm_compat_ioctl(struct file *filp, unsigned int cmd,
				 unsigned long arg)
{
	return dg1_drm_ioctl_awake(filp, cmd, arg, drm_compat_ioctl);
}
#else
#define dg1_drm_compat_ioctl	NULL
#endif

/*
 * A file's last close unmaps its VMs (page tables in LMEM, TLB
 * invalidations) and kills its exec queues: in D0. After an unbind the
 * resume fails (runtime PM is off) and the close goes on without it.
 */
static int dg1_drm_release(struct inode *inode, struct file *filp)
{
	struct drm_file *file = filp->private_data;
	struct device *dev = get_device(file->minor->dev->dev);
	int ret;

	/* The release may drop the DRM device's last reference, and its. */
	pm_runtime_get_sync(dev);
	ret = drm_release(inode, filp);
	dg1_rpm_put(dev);
	put_device(dev);
	return ret;
}

/*
 * The GEM file operations with the ioctls above and the release, and
 * fdinfo (dg1_file_show_fdinfo()).
 */
static const struct file_operations dg1_fops = {
	.owner = THIS_MODULE,
	.open = drm_open,
	.release = dg1_drm_release,
	.unlocked_ioctl = dg1_drm_ioctl,
	.compat_ioctl = dg1_drm_compat_ioctl,
	.poll = drm_poll,
	.read = drm_read,
	.llseek = noop_llseek,
	.mmap = drm_gem_mmap,
	.fop_flags = FOP_UNSIGNED_OFFSET,
	.show_fdinfo = drm_show_fdinfo,
};

/*
 * DRIVER_GEM: buffer objects (mem/dg1_bo.c), mapped through the DRM
 * file's mmap(), as the GEM file operations do.
 */
static const struct drm_driver dg1_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_GEM_GPUVA | DRIVER_RENDER |
			   DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE,
	.open = dg1_file_open,
	.postclose = dg1_file_postclose,
	.show_fdinfo = dg1_file_show_fdinfo,
	.gem_prime_import = dg1_gem_prime_import,
	.ioctls = dg1_ioctls,
	.num_ioctls = ARRAY_SIZE(dg1_ioctls),
	.fops = &dg1_fops,
	.name = DRIVER_NAME,
	.desc = DRIVER_DESC,
	.major = 0,
	.minor = 1,
};

static char *dg1_force_probe;
module_param_named(force_probe, dg1_force_probe, charp, 0400);
MODULE_PARM_DESC(force_probe,
		 "Bind to these DG1 functions: comma-separated PCI device IDs in hex (4905), \"*\" for all, \"!\" before one to refuse it (default: none; driver_override also opts a function in)");

/*
 * dg1 is experimental and its IDs are also i915's and xe's: once installed
 * its alias must not take a DG1 at boot from the driver the user chose.
 * It binds where asked to: force_probe, or driver_override naming it (the
 * PCI core then matched an override-only entry: dg1_pci_match_ids).
 */
static bool dg1_pci_opted_in(struct pci_dev *pdev,
			     const struct pci_device_id *id)
{
	int verdict = dg1_force_probe_verdict(dg1_force_probe, pdev->device);

	if (verdict == DG1_BIND_ALLOW)
		return true;
	if (verdict == DG1_BIND_UNSAID && id->override_only)
		return true;
	dev_info(&pdev->dev,
		 "dg1 not bound: %s (dg1.force_probe=%04x, or driver_override, opts in)\n",
		 verdict == DG1_BIND_BLOCK ? "refused by dg1.force_probe" :
					     "binding is opt-in",
		 pdev->device);
	return false;
}

static int dg1_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct dg1_device *dg1;
	int ret;

	if (!dg1_pci_opted_in(pdev, id))
		return -ENODEV;

	dg1 = dg1_device_create(pdev, &dg1_drm_driver);
	if (IS_ERR(dg1))
		return PTR_ERR(dg1);

	pci_set_drvdata(pdev, dg1);

	ret = dg1_device_probe(dg1) ?: dg1_device_register(dg1);
	if (ret) {
		/*
		 * The debugfs directory exists from allocation on: unplug so
		 * that a file opened meanwhile stops reaching the hardware
		 * before the managed resources go, as on unbind.
		 */
		drm_dev_unplug(&dg1->drm);
		return ret;
	}
	dg1_pm_init(dg1);
	return 0;
}

static void dg1_pci_remove(struct pci_dev *pdev)
{
	struct dg1_device *dg1 = pci_get_drvdata(pdev);

	dg1_pm_fini(dg1);
	dg1_device_remove(dg1);
}

static struct pci_driver dg1_pci_driver = {
	.name = DRIVER_NAME,
	.id_table = dg1_pci_match_ids,
	.probe = dg1_pci_probe,
	.remove = dg1_pci_remove,
	.driver.pm = pm_ptr(&dg1_pm_ops),
};

static int __init dg1_init(void)
{
	int ret;

	if (dg1_force_probe_verdict(dg1_force_probe, 0) < 0) {
		pr_err("dg1: force_probe=\"%s\" is not a list of hex device IDs, \"*\" or \"!\"-refusals\n",
		       dg1_force_probe);
		return -EINVAL;
	}

	ret = dg1_wq_init();
	if (ret)
		return ret;
	ret = dg1_submit_wq_init();
	if (ret)
		goto err_wq;
	ret = dg1_oa_sysctl_register();
	if (ret)
		goto err_submit_wq;
	ret = pci_register_driver(&dg1_pci_driver);
	if (ret)
		goto err_sysctl;
	return 0;

err_sysctl:
	dg1_oa_sysctl_unregister();
err_submit_wq:
	dg1_submit_wq_fini();
err_wq:
	dg1_wq_fini();
	return ret;
}

/* Deferred teardowns run module code, and may release devices: last. */
static void __exit dg1_exit(void)
{
	pci_unregister_driver(&dg1_pci_driver);
	dg1_oa_sysctl_unregister();
	/* Before the deferred teardowns: the last queues go there. */
	dg1_wq_fini();
	dg1_submit_wq_fini();
}

module_init(dg1_init);
module_exit(dg1_exit);

#ifndef DG1_VERSION
#define DG1_VERSION	"unknown"
#endif

MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("GPL");
MODULE_VERSION(DG1_VERSION);
