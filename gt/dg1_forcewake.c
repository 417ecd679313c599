// SPDX-License-Identifier: GPL-2.0
/*
 * Forcewake: keeps power wells of the GT awake while the driver touches
 * their registers. A register in a sleeping domain reads 0 and drops writes
 * (manual 000:L350, L372).
 *
 * This is the minimal form: explicit get/put per domain with a reference
 * count, immediate release, no fallback ack protocol. Callers name the
 * domains themselves; the range table that maps an offset to its domain
 * comes with the full implementation.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/spinlock.h>
#include <linux/time64.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_forcewake.h"
#include "gt/dg1_mmio.h"
#include "regs/dg1_gt_regs.h"

#define DG1_FW_ACK_TIMEOUT_US	(DG1_FORCEWAKE_ACK_TIMEOUT_MS * USEC_PER_MSEC)

/*
 * Bits cleared when a domain is set up (WaRsClearFWBitsAtReset): every
 * request bit but 12, which graphics 12 keeps (HARDWARE.md §3.5).
 */
#define DG1_FW_RESET_BITS	0xefff

static const char * const dg1_fw_domain_names[DG1_FW_DOMAIN_ID_COUNT] = {
	[DG1_FW_DOMAIN_ID_GT] = "gt",
	[DG1_FW_DOMAIN_ID_RENDER] = "render",
	[DG1_FW_DOMAIN_ID_VDBOX0] = "vdbox0",
	[DG1_FW_DOMAIN_ID_VDBOX1] = "vdbox1",
	[DG1_FW_DOMAIN_ID_VDBOX2] = "vdbox2",
	[DG1_FW_DOMAIN_ID_VDBOX3] = "vdbox3",
	[DG1_FW_DOMAIN_ID_VEBOX0] = "vebox0",
	[DG1_FW_DOMAIN_ID_VEBOX1] = "vebox1",
};

/**
 * dg1_fw_domain_name() - short name of a forcewake domain
 * @id: domain
 *
 * Return: a name such as "render", or "?" for an unknown id.
 */
const char *dg1_fw_domain_name(enum dg1_fw_domain_id id)
{
	if (id >= DG1_FW_DOMAIN_ID_COUNT)
		return "?";
	return dg1_fw_domain_names[id];
}

static void dg1_fw_domain_regs(enum dg1_fw_domain_id id,
			       struct dg1_reg *req, struct dg1_reg *ack)
{
	switch (id) {
	case DG1_FW_DOMAIN_ID_GT:
		*req = FORCEWAKE_GT;
		*ack = FORCEWAKE_ACK_GT;
		break;
	case DG1_FW_DOMAIN_ID_RENDER:
		*req = FORCEWAKE_RENDER;
		*ack = FORCEWAKE_ACK_RENDER;
		break;
	case DG1_FW_DOMAIN_ID_VDBOX0 ... DG1_FW_DOMAIN_ID_VDBOX3:
		*req = FORCEWAKE_MEDIA_VDBOX(id - DG1_FW_DOMAIN_ID_VDBOX0);
		*ack = FORCEWAKE_ACK_MEDIA_VDBOX(id - DG1_FW_DOMAIN_ID_VDBOX0);
		break;
	case DG1_FW_DOMAIN_ID_VEBOX0 ... DG1_FW_DOMAIN_ID_VEBOX1:
		*req = FORCEWAKE_MEDIA_VEBOX(id - DG1_FW_DOMAIN_ID_VEBOX0);
		*ack = FORCEWAKE_ACK_MEDIA_VEBOX(id - DG1_FW_DOMAIN_ID_VEBOX0);
		break;
	default:
		break;
	}
}

/**
 * dg1_force_wake_init() - prepare forcewake state; touches no register
 * @fw: state to initialise
 * @mmio: register window of the GT
 */
void dg1_force_wake_init(struct dg1_force_wake *fw, struct dg1_mmio *mmio)
{
	fw->mmio = mmio;
	spin_lock_init(&fw->lock);
	fw->initialized = 0;
}

/**
 * dg1_force_wake_init_domains() - set up domains and reset their requests
 * @fw: forcewake state
 * @domains: mask of domains (DG1_FW_*); ones already set up are skipped
 *
 * Clears stale request bits a previous driver may have left, without waiting
 * for the ack: the box behind the domain need not be powered (HARDWARE.md
 * §3.5 "Domain init/reset"). Only pass domains whose engines exist, so no
 * request register of a fused-off box is written.
 */
void dg1_force_wake_init_domains(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags, todo;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	todo = domains & ~fw->initialized;
	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *domain = &fw->domains[id];

		dg1_fw_domain_regs(id, &domain->req, &domain->ack);
		domain->ref = 0;
		/* Request registers are shadowed: written without forcewake. */
		dg1_mmio_write32(fw->mmio, domain->req,
				 _MASKED_BIT_DISABLE(DG1_FW_RESET_BITS));
		fw->initialized |= BIT(id);
	}
	spin_unlock_irqrestore(&fw->lock, flags);
}

/**
 * dg1_force_wake_fini() - check that every reference was dropped
 * @fw: forcewake state
 *
 * A domain still held is a driver bug: warn and release it so the GT can
 * power down after the driver is gone.
 */
void dg1_force_wake_fini(struct dg1_force_wake *fw)
{
	unsigned long flags, todo;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	todo = fw->initialized;
	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *domain = &fw->domains[id];

		if (drm_WARN(fw->mmio->drm, domain->ref,
			     "forcewake %s still held %u times\n",
			     dg1_fw_domain_name(id), domain->ref)) {
			domain->ref = 0;
			dg1_mmio_write32(fw->mmio, domain->req,
					 _MASKED_BIT_DISABLE(FORCEWAKE_KERNEL));
		}
	}
	fw->initialized = 0;
	spin_unlock_irqrestore(&fw->lock, flags);
}

static int dg1_fw_domain_wait_ack(struct dg1_force_wake *fw,
				  enum dg1_fw_domain_id id, bool set)
{
	struct dg1_fw_domain *domain = &fw->domains[id];
	u32 expected = set ? FORCEWAKE_KERNEL : 0;
	u32 val;
	int ret;

	ret = dg1_mmio_wait32_atomic(fw->mmio, domain->ack, FORCEWAKE_KERNEL,
				     expected, DG1_FW_ACK_TIMEOUT_US, &val);
	if (ret)
		drm_err(fw->mmio->drm,
			"forcewake %s: KERNEL ack not %s after %u ms (ack 0x%08x)\n",
			dg1_fw_domain_name(id), set ? "set" : "clear",
			DG1_FORCEWAKE_ACK_TIMEOUT_MS, val);
	return ret;
}

/**
 * dg1_force_wake_get() - wake domains and hold them awake
 * @fw: forcewake state
 * @domains: mask of set-up domains (DG1_FW_*)
 *
 * For each domain not yet held: wait for the previous release to be
 * acknowledged, request KERNEL, and after all requests wait for each ack.
 * An ack that does not come within 50 ms fails the call; the domains this
 * call requested are released again and no reference is taken.
 *
 * Context: any; busy-waits with the forcewake lock held.
 * Return: 0 with every domain of @domains held, -ETIMEDOUT if the hardware
 * did not acknowledge, -EINVAL if a domain was never set up.
 */
int dg1_force_wake_get(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long want = domains, wake = 0, requested = 0;
	unsigned long flags;
	unsigned int id;
	int ret = 0;

	spin_lock_irqsave(&fw->lock, flags);

	if (drm_WARN_ON(fw->mmio->drm, domains & ~fw->initialized)) {
		spin_unlock_irqrestore(&fw->lock, flags);
		return -EINVAL;
	}

	for_each_set_bit(id, &want, DG1_FW_DOMAIN_ID_COUNT)
		if (!fw->domains[id].ref)
			wake |= BIT(id);

	for_each_set_bit(id, &wake, DG1_FW_DOMAIN_ID_COUNT) {
		ret = dg1_fw_domain_wait_ack(fw, id, false);
		if (ret)
			goto release;
		dg1_mmio_write32(fw->mmio, fw->domains[id].req,
				 _MASKED_BIT_ENABLE(FORCEWAKE_KERNEL));
		requested |= BIT(id);
	}

	for_each_set_bit(id, &wake, DG1_FW_DOMAIN_ID_COUNT) {
		ret = dg1_fw_domain_wait_ack(fw, id, true);
		if (ret)
			goto release;
	}

	for_each_set_bit(id, &want, DG1_FW_DOMAIN_ID_COUNT)
		fw->domains[id].ref++;

	spin_unlock_irqrestore(&fw->lock, flags);
	return 0;

release:
	for_each_set_bit(id, &requested, DG1_FW_DOMAIN_ID_COUNT)
		dg1_mmio_write32(fw->mmio, fw->domains[id].req,
				 _MASKED_BIT_DISABLE(FORCEWAKE_KERNEL));
	spin_unlock_irqrestore(&fw->lock, flags);
	return ret;
}

/**
 * dg1_force_wake_put() - drop references taken by dg1_force_wake_get()
 * @fw: forcewake state
 * @domains: the mask given to the matching get
 *
 * The last reference releases the domain at once (clear KERNEL); the next
 * get waits for that release to be acknowledged.
 *
 * Context: any.
 */
void dg1_force_wake_put(struct dg1_force_wake *fw, u32 domains)
{
	unsigned long flags, todo;
	unsigned int id;

	spin_lock_irqsave(&fw->lock, flags);
	todo = domains & fw->initialized;
	for_each_set_bit(id, &todo, DG1_FW_DOMAIN_ID_COUNT) {
		struct dg1_fw_domain *domain = &fw->domains[id];

		if (drm_WARN_ON(fw->mmio->drm, !domain->ref))
			continue;
		if (!--domain->ref)
			dg1_mmio_write32(fw->mmio, domain->req,
					 _MASKED_BIT_DISABLE(FORCEWAKE_KERNEL));
	}
	spin_unlock_irqrestore(&fw->lock, flags);
}
