// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupts: the device's MSI and the GT's two-level aggregation.
 *
 * Engine events pass a per-class enable and a per-instance mask into a
 * bit of one of two second-level banks (GT_INTR_DW0/1); the GFX master
 * shows the banks, the DG1 tile master gates the MSI. The handler (Vol 13
 * General Assets, "Interrupts"; DG1's order from i915 i915_irq.c,
 * dg1_irq_handler(), and gt/intel_gt_irq.c): tile master off, read and
 * ack it; read and ack the GFX master; per pending bank read the IIR and,
 * per bit, select the bit, poll the identity for Data-Valid (bounded) and
 * acknowledge it; clear the bank only after every bit was serviced (the
 * manual's rule), then hand the engines their bits; tile master on. Events
 * that arrive meanwhile wait in the hardware's secondary IIR and fire
 * again when the master comes back on.
 *
 * This layer knows engines only by id: the submission layer registers one
 * handler for their events (dg1_irq_set_engine_handler()). The one other
 * unit enabled is the OA unit (WDOAPerf, its half-full interrupt), whose
 * open stream registers a handler of its own (dg1_irq_set_oa_handler()).
 */

#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/pci.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "core/dg1_trace.h"
#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_types.h"
#include "gt/dg1_irq.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_irq_regs.h"

/* Second-level bit of each engine (i915 gt/intel_gt_regs.h). */
static const struct {
	u8 bank, bit;
} dg1_irq_engine_bit[DG1_HW_ENGINE_ID_COUNT] = {
	[DG1_HW_ENGINE_RCS0] = { 0, GEN11_RCS0_BIT },
	[DG1_HW_ENGINE_BCS0] = { 0, GEN11_BCS_BIT },
	[DG1_HW_ENGINE_VCS0] = { 1, GEN11_VCS_BIT(0) },
	[DG1_HW_ENGINE_VCS2] = { 1, GEN11_VCS_BIT(2) },
	[DG1_HW_ENGINE_VECS0] = { 1, GEN11_VECS_BIT(0) },
};

/**
 * dg1_irq_bank_engine() - the engine behind a second-level bit
 * @bank: GT_INTR_DW bank, 0 or 1
 * @bit: bit in it
 *
 * Return: &enum dg1_hw_engine_id, or -ENOENT for a bit of no DG1 engine.
 */
int dg1_irq_bank_engine(unsigned int bank, unsigned int bit)
{
	int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++)
		if (dg1_irq_engine_bit[id].bank == bank &&
		    dg1_irq_engine_bit[id].bit == bit)
			return id;
	return -ENOENT;
}

/**
 * dg1_irq_identity_engine() - the engine an identity register names
 * @identity: GEN11_INTR_IDENTITY_REG value
 *
 * Return: &enum dg1_hw_engine_id, or -ENOENT when class and instance are
 * no DG1 engine (the "other" class included).
 */
int dg1_irq_identity_engine(u32 identity)
{
	u32 class = REG_FIELD_GET(GEN11_INTR_ENGINE_CLASS, identity);
	u32 instance = REG_FIELD_GET(GEN11_INTR_ENGINE_INSTANCE, identity);
	int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++)
		if (dg1_engine_infos[id].class == class &&
		    dg1_engine_infos[id].instance == instance)
			return id;
	return -ENOENT;
}

/**
 * dg1_irq_setup_values() - enables and masks for the present engines
 * @engine_mask: present engines, BIT(&enum dg1_hw_engine_id)
 * @s: the values to write
 *
 * i915 gt/intel_gt_irq.c: a class enable carries the bits in both halves;
 * an instance mask unmasks them in the half of its first-named unit (the
 * upper one) and, for the pairs, in the lower half too. Here only the
 * halves of present engines are unmasked: an absent unit never raises.
 */
void dg1_irq_setup_values(u32 engine_mask, struct dg1_irq_setup *s)
{
	const u32 bits = DG1_IRQ_ENGINE_BITS;
	const u32 both = bits << 16 | bits;
	const u32 upper = bits << 16;

#define DG1_IRQ_UNMASK(id)	((engine_mask & BIT(id)) ? upper : 0)
	s->render_copy = engine_mask & (BIT(DG1_HW_ENGINE_RCS0) |
					BIT(DG1_HW_ENGINE_BCS0)) ? both : 0;
	s->vcs_vecs = engine_mask & (BIT(DG1_HW_ENGINE_VCS0) |
				     BIT(DG1_HW_ENGINE_VCS2) |
				     BIT(DG1_HW_ENGINE_VECS0)) ? both : 0;
	s->rcs0_mask = ~DG1_IRQ_UNMASK(DG1_HW_ENGINE_RCS0);
	s->bcs_mask = ~DG1_IRQ_UNMASK(DG1_HW_ENGINE_BCS0);
	s->vcs0_vcs1_mask = ~DG1_IRQ_UNMASK(DG1_HW_ENGINE_VCS0);
	s->vcs2_vcs3_mask = ~DG1_IRQ_UNMASK(DG1_HW_ENGINE_VCS2);
	s->vecs0_vecs1_mask = ~DG1_IRQ_UNMASK(DG1_HW_ENGINE_VECS0);
#undef DG1_IRQ_UNMASK
}

static void dg1_irq_write(struct dg1_gt *gt, struct dg1_reg reg, u32 val)
{
	dg1_uncore_write32_fw(gt->uncore, reg, val);
}

static u32 dg1_irq_read(struct dg1_gt *gt, struct dg1_reg reg)
{
	return dg1_uncore_read32_fw(gt->uncore, reg);
}

/* A unit block: masked, disabled, IIR cleared twice (it queues two). */
static void dg1_irq_reset_unit(struct dg1_gt *gt, struct dg1_reg imr,
			       struct dg1_reg iir, struct dg1_reg ier)
{
	dg1_irq_write(gt, imr, ~0u);
	dg1_irq_read(gt, imr);
	dg1_irq_write(gt, ier, 0);
	dg1_irq_write(gt, iir, ~0u);
	dg1_irq_read(gt, iir);
	dg1_irq_write(gt, iir, ~0u);
	dg1_irq_read(gt, iir);
}

/*
 * Everything off and masked, top level first so nothing latches while the
 * rest is reset, the GFX master's latched bits last (i915 i915_irq.c,
 * dg1_irq_reset(); gt/intel_gt_irq.c, gen11_gt_irq_reset()).
 */
static void dg1_irq_reset(struct dg1_gt *gt)
{
	u32 tile;

	dg1_irq_write(gt, DG1_MSTR_TILE_INTR, 0);
	tile = dg1_irq_read(gt, DG1_MSTR_TILE_INTR);
	if (tile)
		dg1_irq_write(gt, DG1_MSTR_TILE_INTR, tile);

	dg1_irq_write(gt, GEN11_RENDER_COPY_INTR_ENABLE, 0);
	dg1_irq_write(gt, GEN11_VCS_VECS_INTR_ENABLE, 0);
	dg1_irq_write(gt, GEN11_RCS0_RSVD_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_BCS_RSVD_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_VCS0_VCS1_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_VCS2_VCS3_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_VECS0_VECS1_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_GPM_WGBOXPERF_INTR_ENABLE, 0);
	dg1_irq_write(gt, GEN11_GPM_WGBOXPERF_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_GUC_SG_INTR_ENABLE, 0);
	dg1_irq_write(gt, GEN11_GUC_SG_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_CRYPTO_RSVD_INTR_ENABLE, 0);
	dg1_irq_write(gt, GEN11_CRYPTO_RSVD_INTR_MASK, ~0u);
	dg1_irq_write(gt, GEN11_GUNIT_CSME_INTR_ENABLE, 0);
	dg1_irq_write(gt, GEN11_GUNIT_CSME_INTR_MASK, ~0u);

	dg1_irq_reset_unit(gt, GEN11_GU_MISC_IMR, GEN11_GU_MISC_IIR,
			   GEN11_GU_MISC_IER);
	dg1_irq_reset_unit(gt, GEN8_PCU_IMR, GEN8_PCU_IIR, GEN8_PCU_IER);

	dg1_irq_write(gt, GEN11_GFX_MSTR_IRQ, ~0u);
}

/* Present engines enabled and unmasked, then the tile master on. */
static void dg1_irq_postinstall(struct dg1_gt *gt)
{
	struct dg1_irq_setup s;

	dg1_irq_setup_values(gt->engine_mask, &s);
	dg1_irq_write(gt, GEN11_RENDER_COPY_INTR_ENABLE, s.render_copy);
	dg1_irq_write(gt, GEN11_VCS_VECS_INTR_ENABLE, s.vcs_vecs);
	dg1_irq_write(gt, GEN11_RCS0_RSVD_INTR_MASK, s.rcs0_mask);
	dg1_irq_write(gt, GEN11_BCS_RSVD_INTR_MASK, s.bcs_mask);
	dg1_irq_write(gt, GEN11_VCS0_VCS1_INTR_MASK, s.vcs0_vcs1_mask);
	dg1_irq_write(gt, GEN11_VCS2_VCS3_INTR_MASK, s.vcs2_vcs3_mask);
	dg1_irq_write(gt, GEN11_VECS0_VECS1_INTR_MASK, s.vecs0_vecs1_mask);
	/* The OA unit's half-full; OA_IMR keeps it off without a stream. */
	dg1_irq_write(gt, GEN11_GPM_WGBOXPERF_INTR_ENABLE,
		      GT_OA_HALF_FULL_INTERRUPT);
	dg1_irq_write(gt, GEN11_GPM_WGBOXPERF_INTR_MASK,
		      (u32)~GT_OA_HALF_FULL_INTERRUPT);

	dg1_irq_write(gt, DG1_MSTR_TILE_INTR, DG1_MSTR_IRQ);
	dg1_irq_read(gt, DG1_MSTR_TILE_INTR);
}

/*
 * Select @bit of @bank and wait for its identity. Data-Valid normally
 * follows at once; the bound keeps a broken device from holding the CPU
 * with interrupts off (i915 gives up after 100 us too).
 */
static u32 dg1_irq_identity(struct dg1_gt *gt, unsigned int bank,
			    unsigned int bit)
{
	struct dg1_irq *irq = &gt->irq;
	unsigned int us = 0;
	u32 ident;

	dg1_irq_write(gt, GEN11_IIR_REG_SELECTOR(bank), BIT(bit));
	for (;;) {
		ident = dg1_irq_read(gt, GEN11_INTR_IDENTITY_REG(bank));
		if (ident & GEN11_INTR_DATA_VALID)
			break;
		if (us++ >= DG1_IRQ_IDENTITY_TIMEOUT_US) {
			irq->stats.timeouts++;
			drm_err_ratelimited(gt->drm,
					    "interrupt bank %u bit %u: no identity\n",
					    bank, bit);
			return 0;
		}
		udelay(1);
	}
	dg1_irq_write(gt, GEN11_INTR_IDENTITY_REG(bank), GEN11_INTR_DATA_VALID);
	irq->stats.identities++;
	return ident;
}

static void dg1_irq_count_bits(struct dg1_irq_stats *st,
			       enum dg1_hw_engine_id id, u16 iir)
{
	u64 *c = st->engine_bits[id];

	if (iir & GT_RENDER_USER_INTERRUPT)
		c[DG1_IRQ_STAT_USER]++;
	if (iir & GT_CS_MASTER_ERROR_INTERRUPT)
		c[DG1_IRQ_STAT_ERROR]++;
	if (iir & GT_CONTEXT_SWITCH_INTERRUPT)
		c[DG1_IRQ_STAT_CTX_SWITCH]++;
	if (iir & GT_WAIT_SEMAPHORE_INTERRUPT)
		c[DG1_IRQ_STAT_WAIT_SEMAPHORE]++;
	if (iir & GT_PAGE_FAULT_INTERRUPT)
		c[DG1_IRQ_STAT_PAGE_FAULT]++;
	if (iir & ~DG1_IRQ_ENGINE_BITS)
		c[DG1_IRQ_STAT_OTHER]++;
}

/* WDOAPerf: class 4, instance 2. */
static bool dg1_irq_identity_is_oa(u32 ident)
{
	return REG_FIELD_GET(GEN11_INTR_ENGINE_CLASS, ident) ==
	       GEN11_OTHER_CLASS &&
	       REG_FIELD_GET(GEN11_INTR_ENGINE_INSTANCE, ident) ==
	       GEN11_OTHER_WDOAPERF_INSTANCE;
}

static void dg1_irq_dispatch(struct dg1_gt *gt, u32 ident)
{
	struct dg1_irq *irq = &gt->irq;
	u16 iir = REG_FIELD_GET(GEN11_INTR_ENGINE_INTR, ident);
	int id = dg1_irq_identity_engine(ident);

	if (!iir) {
		irq->stats.spurious++;
		return;
	}
	if (dg1_irq_identity_is_oa(ident)) {
		if (iir & GT_OA_HALF_FULL_INTERRUPT)
			irq->stats.oa_half_full++;
		if (irq->oa_fn)
			irq->oa_fn(irq->oa_data, iir);
		else
			irq->stats.dropped++;
		return;
	}
	if (id < 0 || !(gt->engine_mask & BIT(id))) {
		irq->stats.unknown++;
		return;
	}
	dg1_irq_count_bits(&irq->stats, id, iir);
	trace_dg1_irq_engine(gt->drm->primary->index, id, iir);
	if (irq->engine_fn)
		irq->engine_fn(irq->engine_data, id, iir);
	else
		irq->stats.dropped++;
}

/*
 * One bank: every bit's identity first, then the bank cleared, then the
 * engines run (xe xe_irq.c's order): events they cause land in the
 * secondary IIR and raise a new interrupt instead of being cleared here.
 */
static void dg1_irq_bank(struct dg1_gt *gt, unsigned int bank)
{
	u32 ident[32];
	unsigned long iir;
	unsigned int bit, n = 0, i;

	iir = dg1_irq_read(gt, GEN11_GT_INTR_DW(bank));
	if (!iir) {
		gt->irq.stats.spurious++;
		return;
	}
	for_each_set_bit(bit, &iir, 32)
		ident[n++] = dg1_irq_identity(gt, bank, bit);
	dg1_irq_write(gt, GEN11_GT_INTR_DW(bank), iir);
	for (i = 0; i < n; i++)
		if (ident[i])
			dg1_irq_dispatch(gt, ident[i]);
}

static irqreturn_t dg1_irq_handler(int linux_irq, void *arg)
{
	struct dg1_gt *gt = arg;
	struct dg1_irq *irq = &gt->irq;
	u32 tile, master;
	unsigned int bank;

	if (!READ_ONCE(irq->enabled))
		return IRQ_NONE;

	dg1_irq_write(gt, DG1_MSTR_TILE_INTR, 0);
	tile = dg1_irq_read(gt, DG1_MSTR_TILE_INTR);
	if (!tile) {
		dg1_irq_write(gt, DG1_MSTR_TILE_INTR, DG1_MSTR_IRQ);
		spin_lock(&irq->lock);
		irq->stats.not_ours++;
		spin_unlock(&irq->lock);
		return IRQ_NONE;
	}
	dg1_irq_write(gt, DG1_MSTR_TILE_INTR, tile);

	spin_lock(&irq->lock);
	irq->stats.interrupts++;
	if (tile & DG1_MSTR_TILE(0)) {
		/*
		 * Level bits, read-only: they drop when the banks are
		 * cleared, so no ack is written (Vol 13 General Assets,
		 * "Interrupts", Host SW Interface). i915 and xe write the
		 * value back; that write changes nothing.
		 */
		master = dg1_irq_read(gt, GEN11_GFX_MSTR_IRQ);
		for (bank = 0; bank < GEN11_GT_INTR_BANKS; bank++)
			if (master & GEN11_GT_DW_IRQ(bank))
				dg1_irq_bank(gt, bank);
	} else {
		/* DG1 has one tile (i915 i915_irq.c). */
		drm_err_ratelimited(gt->drm, "interrupt from tile 0x%x\n",
				    tile);
	}
	spin_unlock(&irq->lock);

	dg1_irq_write(gt, DG1_MSTR_TILE_INTR, DG1_MSTR_IRQ);
	return IRQ_HANDLED;
}

/**
 * dg1_irq_set_engine_handler() - route engine events to the submission layer
 * @gt: the GT
 * @fn: handler, or NULL to drop (and count) engine events again
 * @data: its argument
 *
 * Once this returns, no handler runs the previous @fn any more.
 */
void dg1_irq_set_engine_handler(struct dg1_gt *gt, dg1_irq_engine_fn fn,
				void *data)
{
	struct dg1_irq *irq = &gt->irq;

	spin_lock_irq(&irq->lock);
	irq->engine_fn = fn;
	irq->engine_data = data;
	spin_unlock_irq(&irq->lock);
}

/**
 * dg1_irq_set_oa_handler() - route the OA unit's interrupt to a stream
 * @gt: the GT
 * @fn: handler, or NULL to drop (and count) OA events again
 * @data: its argument
 *
 * Once this returns, no handler runs the previous @fn any more.
 */
void dg1_irq_set_oa_handler(struct dg1_gt *gt, dg1_irq_oa_fn fn, void *data)
{
	struct dg1_irq *irq = &gt->irq;

	spin_lock_irq(&irq->lock);
	irq->oa_fn = fn;
	irq->oa_data = data;
	spin_unlock_irq(&irq->lock);
}

static void dg1_irq_fini(void *arg)
{
	struct dg1_gt *gt = arg;
	struct pci_dev *pdev = to_pci_dev(gt->drm->dev);
	struct dg1_irq *irq = &gt->irq;

	dg1_irq_reset(gt);
	WRITE_ONCE(irq->enabled, false);
	free_irq(irq->irq, gt);
	irq->irq = 0;
	pci_free_irq_vectors(pdev);
}

/**
 * dg1_irq_init() - install the interrupt handler
 * @gt: the GT, its engines discovered
 * @pdev: the device
 *
 * One MSI vector (i915 uses one too). Registers are reset before the
 * handler is requested and enabled after, in the order of the manual's
 * and i915's reset/postinstall. Undone on driver detach.
 *
 * Return: 0, or a negative error; nothing is left installed on error.
 */
int dg1_irq_init(struct dg1_gt *gt, struct pci_dev *pdev)
{
	struct dg1_irq *irq = &gt->irq;
	int ret;

	spin_lock_init(&irq->lock);
	ret = dg1_inject_probe_error(&pdev->dev, -ENOSPC) ?:
	      pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI);
	if (ret < 0)
		return ret;

	dg1_irq_reset(gt);
	irq->irq = pci_irq_vector(pdev, 0);
	WRITE_ONCE(irq->enabled, true);
	ret = request_irq(irq->irq, dg1_irq_handler, 0, "dg1", gt);
	if (ret) {
		WRITE_ONCE(irq->enabled, false);
		irq->irq = 0;
		pci_free_irq_vectors(pdev);
		return ret;
	}
	dg1_irq_postinstall(gt);
	return devm_add_action_or_reset(&pdev->dev, dg1_irq_fini, gt);
}

/**
 * dg1_irq_suspend() - turn the interrupts off before the device sleeps
 * @gt: the GT
 *
 * The handler ignores the line from now on and the one running finishes
 * first: none reads a register of a function in D3hot.
 *
 * Context: process; sleeps.
 */
void dg1_irq_suspend(struct dg1_gt *gt)
{
	struct dg1_irq *irq = &gt->irq;

	dg1_irq_reset(gt);
	WRITE_ONCE(irq->enabled, false);
	synchronize_irq(irq->irq);
}

/**
 * dg1_irq_resume() - program the interrupts again
 * @gt: the GT, its registers back at their power-on values
 *
 * As at probe: reset, then enabled; the MSI vector is the PCI core's to
 * restore.
 *
 * Context: process.
 */
void dg1_irq_resume(struct dg1_gt *gt)
{
	dg1_irq_reset(gt);
	WRITE_ONCE(gt->irq.enabled, true);
	dg1_irq_postinstall(gt);
}

static const char *const dg1_irq_stat_names[DG1_IRQ_STAT_COUNT] = {
	[DG1_IRQ_STAT_USER] = "user",
	[DG1_IRQ_STAT_ERROR] = "error",
	[DG1_IRQ_STAT_CTX_SWITCH] = "context-switch",
	[DG1_IRQ_STAT_WAIT_SEMAPHORE] = "wait-semaphore",
	[DG1_IRQ_STAT_OTHER] = "other",
	[DG1_IRQ_STAT_PAGE_FAULT] = "page-fault",
};

/**
 * dg1_irq_print() - the interrupt counts, for debugfs
 * @gt: the GT
 * @p: where to print
 *
 * "interrupts <n> not-ours <n> identities <n> dropped <n> spurious <n>
 * unknown <n> timeouts <n>", "oa: half-full <n>", then per present engine
 * "<name>: user <n> error <n> context-switch <n> wait-semaphore <n> other
 * <n> page-fault <n>".
 */
void dg1_irq_print(struct dg1_gt *gt, struct drm_printer *p)
{
	struct dg1_irq *irq = &gt->irq;
	struct dg1_irq_stats st;
	unsigned long mask = gt->engine_mask;
	unsigned int id, i;

	spin_lock_irq(&irq->lock);
	st = irq->stats;
	spin_unlock_irq(&irq->lock);

	drm_printf(p, "interrupts %llu not-ours %llu identities %llu",
		   st.interrupts, st.not_ours, st.identities);
	drm_printf(p, " dropped %llu spurious %llu unknown %llu timeouts %llu\n",
		   st.dropped, st.spurious, st.unknown, st.timeouts);
	drm_printf(p, "oa: half-full %llu\n", st.oa_half_full);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		drm_printf(p, "%s:", dg1_engine_infos[id].name);
		for (i = 0; i < DG1_IRQ_STAT_COUNT; i++)
			drm_printf(p, " %s %llu", dg1_irq_stat_names[i],
				   st.engine_bits[id][i]);
		drm_printf(p, "\n");
	}
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_irq_test.c"
#endif
