/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_DEVICE_H_
#define _DG1_DEVICE_H_

#include "core/dg1_device_types.h"

struct drm_driver;
struct pci_dev;

/* xe_pci.c: DG1 is graphics 12.10 with media 12.00 */
#define DG1_GRAPHICS_VER_X100	1210
#define DG1_MEDIA_VER_X100	1200

struct dg1_device *dg1_device_create(struct pci_dev *pdev,
				     const struct drm_driver *driver);
int dg1_device_probe(struct dg1_device *dg1);
int dg1_device_register(struct dg1_device *dg1);
void dg1_device_remove(struct dg1_device *dg1);

#endif /* _DG1_DEVICE_H_ */
