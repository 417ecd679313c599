// SPDX-License-Identifier: GPL-2.0
/*
 * Per-file state: what a DRM file owns beyond its GEM handles (its VMs),
 * created at open and torn down after the last close.
 */

#include <linux/slab.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>

#include "drm/dg1_file.h"
#include "mem/dg1_vm.h"

/**
 * dg1_file_open() - &drm_driver.open
 * @drm: the device
 * @file: the new file
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_file_open(struct drm_device *drm, struct drm_file *file)
{
	struct dg1_file *df = kzalloc(sizeof(*df), GFP_KERNEL);

	if (!df)
		return -ENOMEM;
	dg1_vm_file_init(&df->vm);
	file->driver_priv = df;
	return 0;
}

/**
 * dg1_file_postclose() - &drm_driver.postclose
 * @drm: the device
 * @file: the file, closed by its last user
 *
 * Destroys the file's VMs, whatever they still map. Runs after the GEM
 * handles are gone; the objects mapped live on until their mappings go.
 */
void dg1_file_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct dg1_file *df = to_dg1_file(file);

	dg1_vm_file_fini(&df->vm);
	kfree(df);
}
