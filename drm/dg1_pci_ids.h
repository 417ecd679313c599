/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PCI_IDS_H_
#define _DG1_PCI_IDS_H_

#include <linux/mod_devicetable.h>

/* Devices 0x4905..0x4909 (i915 include/drm/intel/pciids.h). */
#define DG1_PCI_ID_COUNT	5

/* The table ends with an all-zero entry. */
extern const struct pci_device_id dg1_pci_ids[DG1_PCI_ID_COUNT + 1];

#endif /* _DG1_PCI_IDS_H_ */
