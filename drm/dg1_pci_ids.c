// SPDX-License-Identifier: GPL-2.0
/*
 * PCI functions dg1 binds to. Not static so KUnit can check the table.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/string.h>

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

/*
 * What the driver matches with: each ID twice, first as "only on
 * driver_override" (the PCI core returns such an entry only when the
 * function's driver_override names dg1), then as itself. So the entry
 * probe gets says whether the user opted the function in that way,
 * without reading driver_override. Not the alias table: file2alias would
 * turn the flagged entries into vfio_pci: aliases.
 */
#define DG1_PCI_OVERRIDE(id) \
	{ PCI_DEVICE_DRIVER_OVERRIDE(PCI_VENDOR_ID_INTEL, id, \
				     PCI_ID_F_VFIO_DRIVER_OVERRIDE) }
const struct pci_device_id dg1_pci_match_ids[2 * DG1_PCI_ID_COUNT + 1] = {
	DG1_PCI_OVERRIDE(0x4905),
	DG1_PCI_OVERRIDE(0x4906),
	DG1_PCI_OVERRIDE(0x4907),
	DG1_PCI_OVERRIDE(0x4908),
	DG1_PCI_OVERRIDE(0x4909),
	{ PCI_VDEVICE(INTEL, 0x4905) },
	{ PCI_VDEVICE(INTEL, 0x4906) },
	{ PCI_VDEVICE(INTEL, 0x4907) },
	{ PCI_VDEVICE(INTEL, 0x4908) },
	{ PCI_VDEVICE(INTEL, 0x4909) },
	{ }
};

/* One token: "*" or 1-4 hex digits, matched against @device. */
static int dg1_force_probe_token(const char *tok, size_t len, u16 device)
{
	char buf[5];
	u16 id;

	if (len == 1 && tok[0] == '*')
		return 1;
	if (!len || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, tok, len);
	buf[len] = '\0';
	if (kstrtou16(buf, 16, &id))
		return -EINVAL;
	return id == device;
}

/**
 * dg1_force_probe_verdict() - what the force_probe parameter says of a device
 * @list: comma-separated device IDs in hex ("4905"), "*" for all, each
 *	optionally preceded by "!" to refuse it; may be empty or NULL
 * @device: the PCI device ID
 *
 * The grammar is i915's and xe's force_probe: a user who knows those
 * knows this. A refusal wins over any allowance, whatever the order.
 *
 * Return: a &enum dg1_bind_verdict, or -EINVAL if @list has a token that
 * is neither "*" nor a 16-bit hex number (also for a @device it does not
 * concern, so the module load can check the whole list).
 */
int dg1_force_probe_verdict(const char *list, u16 device)
{
	bool allow = false, block = false;
	const char *p = list;

	while (p && *p) {
		size_t len = strcspn(p, ",");
		bool neg = *p == '!';
		int match;

		match = dg1_force_probe_token(p + neg, len - neg, device);
		if (match < 0)
			return match;
		if (match && neg)
			block = true;
		else if (match)
			allow = true;
		p += len;
		if (*p == ',')
			p++;
	}
	if (block)
		return DG1_BIND_BLOCK;
	return allow ? DG1_BIND_ALLOW : DG1_BIND_UNSAID;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_pci_ids_test.c"
#endif
