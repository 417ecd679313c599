// SPDX-License-Identifier: GPL-2.0
/*
 * PCI functions dg1 binds to. Not static so KUnit can check the table.
 */

#include <linux/module.h>
#include <linux/pci.h>

#include "drm/dg1_pci_ids.h"

/* Intel DG1 / Iris Xe MAX (i915 include/drm/intel/pciids.h, INTEL_DG1_IDS) */
const struct pci_device_id dg1_pci_ids[DG1_PCI_ID_COUNT + 1] = {
	{ PCI_VDEVICE(INTEL, 0x4905) },
	{ PCI_VDEVICE(INTEL, 0x4906) },
	{ PCI_VDEVICE(INTEL, 0x4907) },
	{ PCI_VDEVICE(INTEL, 0x4908) },
	{ PCI_VDEVICE(INTEL, 0x4909) },
	{ }
};
MODULE_DEVICE_TABLE(pci, dg1_pci_ids);

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_pci_ids_test.c"
#endif
