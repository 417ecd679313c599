// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the PCI ID table binds exactly the DG1 functions.
 */

#include <kunit/test.h>
#include <linux/pci.h>
#include <linux/string.h>

#include "drm/dg1_pci_ids.h"

static const u16 dg1_expected_devids[] = {
	0x4905, 0x4906, 0x4907, 0x4908, 0x4909,
};

static const struct pci_device_id *dg1_pci_ids_find(u16 vendor, u16 device)
{
	const struct pci_device_id *id;

	for (id = dg1_pci_ids; id->vendor; id++)
		if (id->vendor == vendor && id->device == device)
			return id;
	return NULL;
}

static void dg1_devid_desc(const u16 *devid, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "8086:%04x", *devid);
}

KUNIT_ARRAY_PARAM(dg1_devids, dg1_expected_devids, dg1_devid_desc);

static void dg1_pci_ids_has_device(struct kunit *test)
{
	const u16 *devid = test->param_value;
	const struct pci_device_id *id;

	id = dg1_pci_ids_find(PCI_VENDOR_ID_INTEL, *devid);
	KUNIT_ASSERT_NOT_NULL(test, id);
	/* Any subsystem, any class: DG1 boards come from several vendors. */
	KUNIT_EXPECT_EQ(test, id->subvendor, (u32)PCI_ANY_ID);
	KUNIT_EXPECT_EQ(test, id->subdevice, (u32)PCI_ANY_ID);
	KUNIT_EXPECT_EQ(test, id->class_mask, 0u);
}

static void dg1_pci_ids_count(struct kunit *test)
{
	unsigned int n = 0;

	while (n < ARRAY_SIZE(dg1_pci_ids) && dg1_pci_ids[n].vendor)
		n++;

	KUNIT_EXPECT_EQ(test, n, (unsigned int)ARRAY_SIZE(dg1_expected_devids));
	KUNIT_EXPECT_EQ(test, n, (unsigned int)DG1_PCI_ID_COUNT);
}

static void dg1_pci_ids_only_intel_dg1(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < DG1_PCI_ID_COUNT; i++) {
		KUNIT_EXPECT_EQ(test, dg1_pci_ids[i].vendor,
				(u32)PCI_VENDOR_ID_INTEL);
		KUNIT_EXPECT_GE(test, dg1_pci_ids[i].device, 0x4905u);
		KUNIT_EXPECT_LE(test, dg1_pci_ids[i].device, 0x4909u);
	}
}

static void dg1_pci_ids_no_duplicates(struct kunit *test)
{
	unsigned int i, j;

	for (i = 0; i < DG1_PCI_ID_COUNT; i++)
		for (j = i + 1; j < DG1_PCI_ID_COUNT; j++)
			KUNIT_EXPECT_NE(test, dg1_pci_ids[i].device,
					dg1_pci_ids[j].device);
}

static void dg1_pci_ids_neighbours_rejected(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, dg1_pci_ids_find(PCI_VENDOR_ID_INTEL, 0x4904));
	KUNIT_EXPECT_NULL(test, dg1_pci_ids_find(PCI_VENDOR_ID_INTEL, 0x490a));
	/* DG2 and a foreign vendor */
	KUNIT_EXPECT_NULL(test, dg1_pci_ids_find(PCI_VENDOR_ID_INTEL, 0x56a0));
	KUNIT_EXPECT_NULL(test, dg1_pci_ids_find(0x1234, 0x4905));
}

static void dg1_pci_ids_terminated(struct kunit *test)
{
	const struct pci_device_id *last = &dg1_pci_ids[DG1_PCI_ID_COUNT];

	KUNIT_EXPECT_NULL(test, memchr_inv(last, 0, sizeof(*last)));
}

struct dg1_force_probe_case {
	const char *list;
	u16 device;
	int verdict;
};

static const struct dg1_force_probe_case dg1_force_probe_cases[] = {
	{ NULL, 0x4905, DG1_BIND_UNSAID },
	{ "", 0x4905, DG1_BIND_UNSAID },
	{ "4905", 0x4905, DG1_BIND_ALLOW },
	{ "4905", 0x4906, DG1_BIND_UNSAID },
	{ "4906,4905", 0x4905, DG1_BIND_ALLOW },
	{ "4905,", 0x4905, DG1_BIND_ALLOW },
	{ "*", 0x4909, DG1_BIND_ALLOW },
	{ "!4905", 0x4905, DG1_BIND_BLOCK },
	{ "!4905", 0x4906, DG1_BIND_UNSAID },
	/* A refusal wins, before or after the allowance. */
	{ "*,!4907", 0x4907, DG1_BIND_BLOCK },
	{ "!4907,*", 0x4907, DG1_BIND_BLOCK },
	{ "!4907,*", 0x4908, DG1_BIND_ALLOW },
	{ "!*", 0x4905, DG1_BIND_BLOCK },
	{ "4905,!*", 0x4905, DG1_BIND_BLOCK },
	/* Malformed lists are refused whatever the device. */
	{ "49o5", 0x4905, -EINVAL },
	{ "4905,,4906", 0x4905, -EINVAL },
	{ "!", 0x4905, -EINVAL },
	{ "14905", 0x4905, -EINVAL },
	{ "4905 ", 0x4905, -EINVAL },
	{ "4906,zz", 0x4905, -EINVAL },
};

static void dg1_force_probe_desc(const struct dg1_force_probe_case *c,
				 char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%s\" %04x",
		 c->list ?: "(null)", c->device);
}

KUNIT_ARRAY_PARAM(dg1_force_probe, dg1_force_probe_cases,
		  dg1_force_probe_desc);

static void dg1_force_probe_verdicts(struct kunit *test)
{
	const struct dg1_force_probe_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dg1_force_probe_verdict(c->list, c->device),
			c->verdict);
}

/*
 * The match table: every ID first as override-only (the PCI core gives
 * such an entry only under driver_override), then as itself, in the alias
 * table's order.
 */
static void dg1_pci_match_ids_layout(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < DG1_PCI_ID_COUNT; i++) {
		const struct pci_device_id *o = &dg1_pci_match_ids[i];
		const struct pci_device_id *n =
			&dg1_pci_match_ids[DG1_PCI_ID_COUNT + i];

		KUNIT_EXPECT_EQ(test, o->vendor, dg1_pci_ids[i].vendor);
		KUNIT_EXPECT_EQ(test, o->device, dg1_pci_ids[i].device);
		KUNIT_EXPECT_NE(test, o->override_only, 0u);
		KUNIT_EXPECT_EQ(test, n->vendor, dg1_pci_ids[i].vendor);
		KUNIT_EXPECT_EQ(test, n->device, dg1_pci_ids[i].device);
		KUNIT_EXPECT_EQ(test, n->override_only, 0u);
	}
	KUNIT_EXPECT_NULL(test, memchr_inv(&dg1_pci_match_ids[2 * DG1_PCI_ID_COUNT],
					   0, sizeof(dg1_pci_match_ids[0])));
}

static struct kunit_case dg1_pci_ids_cases[] = {
	KUNIT_CASE(dg1_pci_match_ids_layout),
	KUNIT_CASE_PARAM(dg1_force_probe_verdicts,
			 dg1_force_probe_gen_params),
	KUNIT_CASE_PARAM(dg1_pci_ids_has_device, dg1_devids_gen_params),
	KUNIT_CASE(dg1_pci_ids_count),
	KUNIT_CASE(dg1_pci_ids_only_intel_dg1),
	KUNIT_CASE(dg1_pci_ids_no_duplicates),
	KUNIT_CASE(dg1_pci_ids_neighbours_rejected),
	KUNIT_CASE(dg1_pci_ids_terminated),
	{}
};

static struct kunit_suite dg1_pci_ids_suite = {
	.name = "dg1_pci_ids",
	.test_cases = dg1_pci_ids_cases,
};

kunit_test_suites(&dg1_pci_ids_suite);
