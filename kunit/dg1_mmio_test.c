// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the raw register window on plain memory. Included at the bottom
 * of mmio/dg1_mmio.c.
 */

#include <kunit/test.h>
#include <linux/sizes.h>

#include <drm/drm_device.h>

#define DG1_FAKE_SIZE	SZ_8K

static struct dg1_mmio *dg1_fake_mmio(struct kunit *test)
{
	struct dg1_mmio *mmio = kunit_kzalloc(test, sizeof(*mmio), GFP_KERNEL);
	void *regs = kunit_kzalloc(test, DG1_FAKE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, mmio);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	mmio->drm = kunit_kzalloc(test, sizeof(*mmio->drm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mmio->drm);
	mmio->regs = (void __iomem __force *)regs;
	return mmio;
}

static u32 *dg1_fake_reg(struct dg1_mmio *mmio, struct dg1_reg reg)
{
	return (u32 __force *)(mmio->regs + reg.addr);
}

static void dg1_mmio_test_read_write(struct kunit *test)
{
	struct dg1_mmio *mmio = dg1_fake_mmio(test);
	struct dg1_reg reg = DG1_REG(0xd00);

	dg1_mmio_write32(mmio, reg, 0x12345678);
	KUNIT_EXPECT_EQ(test, *dg1_fake_reg(mmio, reg), 0x12345678u);
	KUNIT_EXPECT_EQ(test, dg1_mmio_read32(mmio, reg), 0x12345678u);

	*dg1_fake_reg(mmio, reg) = 0xcafe;
	KUNIT_EXPECT_EQ(test, dg1_mmio_read32(mmio, reg), 0xcafeu);
}

static void dg1_mmio_test_read64(struct kunit *test)
{
	struct dg1_mmio *mmio = dg1_fake_mmio(test);
	struct dg1_reg lower = DG1_REG(0x1100), upper = DG1_REG(0x1104);

	*dg1_fake_reg(mmio, lower) = 0x89abcdef;
	*dg1_fake_reg(mmio, upper) = 0x01234567;
	KUNIT_EXPECT_EQ(test, dg1_mmio_read64_2x32(mmio, lower, upper),
			0x0123456789abcdefull);
}

static void dg1_mmio_test_wait_match(struct kunit *test)
{
	struct dg1_mmio *mmio = dg1_fake_mmio(test);
	struct dg1_reg reg = DG1_REG(0xd84);
	u32 val = 0;

	*dg1_fake_reg(mmio, reg) = 0x00018001;
	KUNIT_EXPECT_EQ(test, dg1_mmio_wait32(mmio, reg, BIT(0), BIT(0), 10,
					      &val), 0);
	KUNIT_EXPECT_EQ(test, val, 0x00018001u);
	KUNIT_EXPECT_EQ(test, dg1_mmio_wait32(mmio, reg, 0xffff, 0x8001, 10,
					      NULL), 0);
}

static void dg1_mmio_test_wait_timeout(struct kunit *test)
{
	struct dg1_mmio *mmio = dg1_fake_mmio(test);
	struct dg1_reg reg = DG1_REG(0xd84);
	u64 start;
	u32 val = 0;

	*dg1_fake_reg(mmio, reg) = 0x2;
	start = ktime_get_ns();
	KUNIT_EXPECT_EQ(test, dg1_mmio_wait32(mmio, reg, BIT(0), BIT(0), 100,
					      &val), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, val, 0x2u);
	KUNIT_EXPECT_GE(test, ktime_get_ns() - start, 100 * NSEC_PER_USEC);

	/* Past the spinning phase: the sleeping one keeps the deadline. */
	start = ktime_get_ns();
	KUNIT_EXPECT_EQ(test, dg1_mmio_wait32(mmio, reg, BIT(0), BIT(0),
					      2 * USEC_PER_MSEC, NULL),
			-ETIMEDOUT);
	KUNIT_EXPECT_GE(test, ktime_get_ns() - start, 2 * NSEC_PER_MSEC);
}

static struct kunit_case dg1_mmio_cases[] = {
	KUNIT_CASE(dg1_mmio_test_read_write),
	KUNIT_CASE(dg1_mmio_test_read64),
	KUNIT_CASE(dg1_mmio_test_wait_match),
	KUNIT_CASE(dg1_mmio_test_wait_timeout),
	{}
};

static struct kunit_suite dg1_mmio_suite = {
	.name = "dg1_mmio",
	.test_cases = dg1_mmio_cases,
};

kunit_test_suites(&dg1_mmio_suite);
