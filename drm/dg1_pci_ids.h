/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PCI_IDS_H_
#define _DG1_PCI_IDS_H_

#include <linux/mod_devicetable.h>
#include <linux/types.h>

/* Devices 0x4905..0x4909 (i915 include/drm/intel/pciids.h). */
#define DG1_PCI_ID_COUNT	5

/* The alias table; it ends with an all-zero entry. */
extern const struct pci_device_id dg1_pci_ids[DG1_PCI_ID_COUNT + 1];
/* The match table: the IDs as override-only entries, then as themselves. */
extern const struct pci_device_id dg1_pci_match_ids[2 * DG1_PCI_ID_COUNT + 1];

/**
 * enum dg1_bind_verdict - what the force_probe list says of a device
 * @DG1_BIND_UNSAID: the list names it not: bind only on driver_override
 * @DG1_BIND_ALLOW: named, or "*": bind
 * @DG1_BIND_BLOCK: named with "!", or "!*": never bind, not even on
 *	driver_override
 */
enum dg1_bind_verdict {
	DG1_BIND_UNSAID,
	DG1_BIND_ALLOW,
	DG1_BIND_BLOCK,
};

int dg1_force_probe_verdict(const char *list, u16 device);

#endif /* _DG1_PCI_IDS_H_ */
