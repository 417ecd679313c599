// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the uncore accessors on plain memory, for registers in no
 * forcewake domain (0x0D00-0x0DFF and 0x1000-0x1FFF are always on), so no
 * forcewake state is involved; forcewake itself runs on vdg1. Included at
 * the bottom of mmio/dg1_uncore.c.
 */

#include <kunit/test.h>
#include <linux/sizes.h>

#include <drm/drm_device.h>

#define DG1_UNCORE_FAKE_SIZE	SZ_8K

static struct dg1_uncore *dg1_fake_uncore(struct kunit *test)
{
	struct dg1_uncore *uncore;
	void *regs;

	uncore = kunit_kzalloc(test, sizeof(*uncore), GFP_KERNEL);
	regs = kunit_kzalloc(test, DG1_UNCORE_FAKE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, uncore);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	uncore->mmio.drm = kunit_kzalloc(test, sizeof(*uncore->mmio.drm),
					 GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, uncore->mmio.drm);
	uncore->mmio.regs = (void __iomem __force *)regs;
	return uncore;
}

static u32 *dg1_uncore_fake_reg(struct dg1_uncore *uncore, struct dg1_reg reg)
{
	return (u32 __force *)(uncore->mmio.regs + reg.addr);
}

static void dg1_uncore_test_no_domain(struct kunit *test)
{
	struct dg1_uncore *uncore = dg1_fake_uncore(test);
	struct dg1_reg reg = DG1_REG(0xd00);

	KUNIT_ASSERT_EQ(test, dg1_fw_reg_read_domains(reg), 0u);
	dg1_uncore_write32_fw(uncore, reg, 0x12345678);
	KUNIT_EXPECT_EQ(test, *dg1_uncore_fake_reg(uncore, reg), 0x12345678u);
	KUNIT_EXPECT_EQ(test, dg1_uncore_read32(uncore, reg), 0x12345678u);
	KUNIT_EXPECT_EQ(test, dg1_uncore_read32_fw(uncore, reg), 0x12345678u);
	dg1_uncore_write32_fw(uncore, reg, 0xcafe);
	KUNIT_EXPECT_EQ(test, dg1_uncore_read32(uncore, reg), 0xcafeu);
}

static void dg1_uncore_test_rmw(struct kunit *test)
{
	struct dg1_uncore *uncore = dg1_fake_uncore(test);
	struct dg1_reg reg = DG1_REG(0x1004);

	*dg1_uncore_fake_reg(uncore, reg) = 0xf0f0f0f0;
	KUNIT_EXPECT_EQ(test, dg1_uncore_rmw32_fw(uncore, reg, 0xff, 0x3),
			0xf0f0f0f0u);
	KUNIT_EXPECT_EQ(test, *dg1_uncore_fake_reg(uncore, reg), 0xf0f0f003u);
	/* Set wins over clear for a bit in both. */
	KUNIT_EXPECT_EQ(test, dg1_uncore_rmw32_fw(uncore, reg, BIT(31),
						  BIT(31)), 0xf0f0f003u);
	KUNIT_EXPECT_EQ(test, *dg1_uncore_fake_reg(uncore, reg), 0xf0f0f003u);
}

static void dg1_uncore_test_read64(struct kunit *test)
{
	struct dg1_uncore *uncore = dg1_fake_uncore(test);
	struct dg1_reg lower = DG1_REG(0x1100), upper = DG1_REG(0x1104);

	*dg1_uncore_fake_reg(uncore, lower) = 0x89abcdef;
	*dg1_uncore_fake_reg(uncore, upper) = 0x01234567;
	KUNIT_EXPECT_EQ(test, dg1_uncore_read64_2x32(uncore, lower, upper),
			0x0123456789abcdefull);
	KUNIT_EXPECT_EQ(test, dg1_uncore_read64_2x32_fw(uncore, lower, upper),
			0x0123456789abcdefull);
}

static struct kunit_case dg1_uncore_cases[] = {
	KUNIT_CASE(dg1_uncore_test_no_domain),
	KUNIT_CASE(dg1_uncore_test_rmw),
	KUNIT_CASE(dg1_uncore_test_read64),
	{}
};

static struct kunit_suite dg1_uncore_suite = {
	.name = "dg1_uncore",
	.test_cases = dg1_uncore_cases,
};

kunit_test_suites(&dg1_uncore_suite);
