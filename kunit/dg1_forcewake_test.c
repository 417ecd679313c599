// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the delayed release of a forcewake domain, on plain memory in
 * place of the registers (nothing waits for an ack here: the release does
 * not). The timer's callback is called directly, in the states a real
 * expiry can find. Included at the bottom of mmio/dg1_forcewake.c.
 */

#include <kunit/test.h>
#include <linux/sizes.h>

#include <drm/drm_device.h>

/* The request and ack registers all lie below 64 KiB. */
#define DG1_FW_FAKE_SIZE	SZ_64K

static struct dg1_fw_domain *dg1_fw_fake_render(struct kunit *test)
{
	struct dg1_force_wake *fw;
	struct dg1_mmio *mmio;
	void *regs;

	fw = kunit_kzalloc(test, sizeof(*fw), GFP_KERNEL);
	mmio = kunit_kzalloc(test, sizeof(*mmio), GFP_KERNEL);
	regs = kunit_kzalloc(test, DG1_FW_FAKE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fw);
	KUNIT_ASSERT_NOT_NULL(test, mmio);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	mmio->drm = kunit_kzalloc(test, sizeof(*mmio->drm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mmio->drm);
	mmio->regs = (void __iomem __force *)regs;
	dg1_force_wake_init(fw, mmio);
	fw->present = DG1_FW_RENDER;
	fw->domains[DG1_FW_DOMAIN_ID_RENDER].state = DG1_FW_AWAKE;
	return &fw->domains[DG1_FW_DOMAIN_ID_RENDER];
}

/* Idle since it was armed: the request goes. */
static void dg1_fw_test_release_idle(struct kunit *test)
{
	struct dg1_fw_domain *d = dg1_fw_fake_render(test);

	KUNIT_EXPECT_EQ(test, dg1_fw_release_timer(&d->release_timer),
			HRTIMER_NORESTART);
	KUNIT_EXPECT_EQ(test, d->state, DG1_FW_ASLEEP);
}

/* A last put while it was queued: once more, a delay from now. */
static void dg1_fw_test_release_put_again(struct kunit *test)
{
	struct dg1_fw_domain *d = dg1_fw_fake_render(test);

	d->put_again = true;
	KUNIT_EXPECT_EQ(test, dg1_fw_release_timer(&d->release_timer),
			HRTIMER_RESTART);
	KUNIT_EXPECT_FALSE(test, d->put_again);
	KUNIT_EXPECT_EQ(test, d->state, DG1_FW_AWAKE);
}

/*
 * A last put found the callback running, not queued, and armed the timer
 * again while the callback waited for the lock: the new expiry releases,
 * the callback leaves the queued timer be (forwarding it made
 * hrtimer_forward() warn, in dg1_fuzz).
 */
static void dg1_fw_test_release_rearmed(struct kunit *test)
{
	struct dg1_fw_domain *d = dg1_fw_fake_render(test);

	d->put_again = true;
	hrtimer_start(&d->release_timer, ms_to_ktime(10000), HRTIMER_MODE_REL);
	KUNIT_EXPECT_EQ(test, dg1_fw_release_timer(&d->release_timer),
			HRTIMER_NORESTART);
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(&d->release_timer));
	KUNIT_EXPECT_FALSE(test, d->put_again);
	KUNIT_EXPECT_EQ(test, d->state, DG1_FW_AWAKE);
	hrtimer_cancel(&d->release_timer);
}

static struct kunit_case dg1_forcewake_cases[] = {
	KUNIT_CASE(dg1_fw_test_release_idle),
	KUNIT_CASE(dg1_fw_test_release_put_again),
	KUNIT_CASE(dg1_fw_test_release_rearmed),
	{}
};

static struct kunit_suite dg1_forcewake_suite = {
	.name = "dg1_forcewake",
	.test_cases = dg1_forcewake_cases,
};

kunit_test_suites(&dg1_forcewake_suite);
