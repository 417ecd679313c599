// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_irq.c - interrupt aggregation, from engine events to the MSI.
 *
 * The manual's two levels (Vol 13 General Assets, "Interrupts"): an engine
 * event passes its class enable (dropped if disabled) into the engine's
 * collapsing register, where it waits behind the per-instance mask; an
 * unmasked event raises the engine's bit in a second-level IIR
 * (GT_INTR_DW0/1). That IIR is double-buffered: once software has read it,
 * bits raised until it is fully cleared go to a secondary copy that becomes
 * the IIR when it clears, firing again. Software picks one engine with a
 * one-hot selector, that must be a bit of the IIR it read; the shared
 * identity register then shows the engine's events with Data-Valid (a
 * little later, so a driver must poll), and writing Data-Valid back clears
 * identity and selector. Second-level bits may be cleared only once their
 * engine was serviced that way. The GFX master shows the banks as level
 * bits; the DG1 tile master gates them with its enable bit, and the MSI
 * fires on a rising edge of "enabled and pending" (i915 i915_irq.c,
 * dg1_irq_handler(): disable, read, ack, service, re-enable).
 *
 * Bit layouts the manual leaves out come from i915 gt/intel_gt_regs.h and
 * gt/intel_gt_irq.c: RCS in RENDER_COPY 31:16, BCS 15:0; VCS in VCS_VECS
 * 31:16, VECS 15:0; each engine's mask in the upper half of its mask
 * register (the first-named unit of a pair); DW0 bit 0 RCS0, bit 15 BCS0;
 * DW1 bit n VCSn, bit 31 - n VECSn; identity class in 18:16 (render 0,
 * video 1, video enhancement 2, copy 3), instance in 25:20.
 *
 * The OA unit is one more source, WDOAPerf: class 4 instance 2 (the
 * manual's table of engine classes), DW0 bit 20 (i915 gt/intel_gt_regs.h,
 * GEN11_WDPERF), its enable and mask in the lower half of the
 * GPM_WGBOXPERF registers (the upper half is GTPM's, i915
 * gt/intel_gt_regs.h), half-full as bit 12: bit 28 of the manual's OA
 * interrupt registers, whose upper half the 16 data bits carry (the
 * intel-gfx series "drm/i915: handle interrupts from the OA unit", v3 of
 * 2020-04-13, which enables it on Gen12).
 *
 * Rule breaks are protocol violations (vdg1_counters_sink.h): a selector
 * that is not one-hot or names a bit the IIR did not show, or written while
 * an identity is unacknowledged; an identity acknowledged before
 * Data-Valid; a second-level bit cleared before its engine was serviced.
 */
#include <string.h>

#include "vdg1_state.h"
#include "vdg1_counters_sink.h"
#include "vdg1_fw.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_regdefs.h"

struct irq_engine {
	uint32_t enable;		/* class enable register */
	unsigned int enable_shift;	/* its half */
	uint32_t mask;			/* instance mask register */
	unsigned int mask_shift;	/* its half */
	unsigned int bank, bit;		/* second-level bit */
	unsigned int class, instance;	/* identity */
	int box;			/* forcewake domain of a media box, or -1 */
};

static const struct irq_engine irq_engines[VDG1_IRQ_SOURCES] = {
	[VDG1_ENGINE_RCS0] = { GEN11_RENDER_COPY_INTR_ENABLE, 16,
			       GEN11_RCS0_RSVD_INTR_MASK, 16, 0, 0, 0, 0, -1 },
	[VDG1_ENGINE_BCS0] = { GEN11_RENDER_COPY_INTR_ENABLE, 0,
			       GEN11_BCS_RSVD_INTR_MASK, 16, 0, 15, 3, 0, -1 },
	[VDG1_ENGINE_VCS0] = { GEN11_VCS_VECS_INTR_ENABLE, 16,
			       GEN11_VCS0_VCS1_INTR_MASK, 16, 1, 0, 1, 0,
			       VDG1_FW_VDBOX0 },
	[VDG1_ENGINE_VCS2] = { GEN11_VCS_VECS_INTR_ENABLE, 16,
			       GEN11_VCS2_VCS3_INTR_MASK, 16, 1, 2, 1, 2,
			       VDG1_FW_VDBOX2 },
	[VDG1_ENGINE_VECS0] = { GEN11_VCS_VECS_INTR_ENABLE, 0,
				GEN11_VECS0_VECS1_INTR_MASK, 16, 1, 31, 2, 0,
				VDG1_FW_VEBOX0 },
	[VDG1_IRQ_SRC_WDOAPERF] = { GEN11_GPM_WGBOXPERF_INTR_ENABLE, 0,
				    GEN11_GPM_WGBOXPERF_INTR_MASK, 0, 0, 20,
				    4, 2, -1 },
};

#define ENABLE_BASE	GEN11_RENDER_COPY_INTR_ENABLE
#define MASK_BASE	GEN11_RCS0_RSVD_INTR_MASK

static bool engine_present(const struct vdg1_core *core, unsigned int e)
{
	return e < VDG1_IRQ_SOURCES &&
	       (irq_engines[e].box < 0 ||
		vdg1_fw_present(core, (enum vdg1_fw_domain)irq_engines[e].box));
}

static uint16_t engine_enable(const struct vdg1_irq *irq, unsigned int e)
{
	const struct irq_engine *ie = &irq_engines[e];

	return (uint16_t)(irq->enable[(ie->enable - ENABLE_BASE) / 4] >>
			  ie->enable_shift);
}

static uint16_t engine_unmasked(const struct vdg1_irq *irq, unsigned int e)
{
	const struct irq_engine *ie = &irq_engines[e];

	return irq->pending[e] &
	       (uint16_t)~(irq->mask[(ie->mask - MASK_BASE) / 4] >>
			   ie->mask_shift);
}

static int engine_at(unsigned int bank, unsigned int bit)
{
	unsigned int e;

	for (e = 0; e < VDG1_IRQ_SOURCES; e++)
		if (irq_engines[e].bank == bank && irq_engines[e].bit == bit)
			return (int)e;
	return -1;
}

static bool tile_pending(const struct vdg1_irq *irq)
{
	return irq->dw[0] || irq->dw[1];
}

/* The MSI fires on the rising edge of "tile enabled and pending". */
static void update_line(struct vdg1_core *core)
{
	struct vdg1_irq *irq = &core->irq;
	bool line = irq->tile_enable && tile_pending(irq);

	if (line && !irq->line) {
		core->cnt.msi_sent++;
		irq->in_service = true;
		vdg1_host_msi(&core->host, 0);
	}
	irq->line = line;
}

/* Raise @e's second-level bit if it has unmasked events to show. */
static void raise_engine(struct vdg1_core *core, unsigned int e)
{
	struct vdg1_irq *irq = &core->irq;
	const struct irq_engine *ie = &irq_engines[e];
	uint32_t bit = 1u << ie->bit;
	unsigned int b = ie->bank;

	if (!engine_unmasked(irq, e))
		return;
	/* Shown and not yet serviced: its events wait for the selector. */
	if (irq->dw[b] & bit && !(irq->dw_serviced[b] & bit))
		return;
	if (irq->dw_read[b])
		irq->dw_secondary[b] |= bit;
	else
		irq->dw[b] |= bit;
}

static void update(struct vdg1_core *core)
{
	unsigned int e;

	for (e = 0; e < VDG1_IRQ_SOURCES; e++)
		if (engine_present(core, e))
			raise_engine(core, e);
	update_line(core);
}

void vdg1_irq_engine(struct vdg1_core *core, unsigned int engine,
		     uint16_t bits)
{
	if (!engine_present(core, engine))
		return;
	/* Events the class does not enable are dropped. */
	core->irq.pending[engine] |= bits & engine_enable(&core->irq, engine);
	update(core);
}

void vdg1_irq_oa(struct vdg1_core *core, uint16_t bits)
{
	vdg1_irq_engine(core, VDG1_IRQ_SRC_WDOAPERF, bits);
}

void vdg1_irq_inject(struct vdg1_core *core, uint32_t val)
{
	vdg1_irq_engine(core, (val >> 16) & 0xff, (uint16_t)val);
}

void vdg1_irq_count_access(struct vdg1_core *core, int write)
{
	if (!core->irq.in_service)
		return;
	if (write)
		core->cnt.irq_mmio_writes++;
	else
		core->cnt.irq_mmio_reads++;
}

static void data_valid_fn(void *opaque, uint64_t when)
{
	bool *valid = opaque;

	(void)when;
	*valid = true;
}

/* ---- registers ---- */

static uint32_t tile_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_irq *irq = &core->irq;

	(void)offset;
	return (irq->tile_enable ? DG1_MSTR_IRQ : 0) |
	       (tile_pending(irq) ? DG1_MSTR_TILE(0) : 0);
}

/*
 * Bit 31 enables; the pending bits are levels, so writing them back (the
 * ack i915 and xe do) changes nothing. The re-enable ends a service.
 */
static void tile_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_irq *irq = &core->irq;
	bool enable = val & DG1_MSTR_IRQ;

	(void)offset;
	if (enable && !irq->tile_enable && irq->in_service) {
		irq->in_service = false;
		core->cnt.irqs_serviced++;
	}
	irq->tile_enable = enable;
	update_line(core);
}

/* Level bits: GT DW0/DW1 (GU_MISC, PCU and display never raise here). */
static uint32_t gfx_master_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return (core->irq.dw[0] ? GEN11_GT_DW_IRQ(0) : 0) |
	       (core->irq.dw[1] ? GEN11_GT_DW_IRQ(1) : 0);
}

static void ignore_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	(void)core;
	(void)offset;
	(void)val;
}

static uint32_t dw_peek(struct vdg1_core *core, uint32_t offset)
{
	return core->irq.dw[(offset - GEN11_GT_INTR_DW(0)) / 4];
}

/* A read snapshots the IIR: later bits go to the secondary copy. */
static uint32_t dw_read(struct vdg1_core *core, uint32_t offset)
{
	unsigned int b = (offset - GEN11_GT_INTR_DW(0)) / 4;

	if (core->irq.dw[b])
		core->irq.dw_read[b] = true;
	return core->irq.dw[b];
}

static void dw_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	struct vdg1_irq *irq = &core->irq;
	unsigned int b = (offset - GEN11_GT_INTR_DW(0)) / 4;
	uint32_t clear = val & irq->dw[b];

	if (clear & ~irq->dw_serviced[b])
		vdg1_counters_protocol_violation(core, VDG1_PV_IIR_EARLY,
			"GT_INTR_DW bit cleared before its engine was serviced");
	irq->dw[b] &= ~clear;
	irq->dw_serviced[b] &= ~clear;
	if (!irq->dw[b]) {
		/* Fully cleared: the secondary copy fires as a new event. */
		irq->dw[b] = irq->dw_secondary[b];
		irq->dw_secondary[b] = 0;
		irq->dw_read[b] = false;
	}
	update(core);
}

static uint32_t enable_read(struct vdg1_core *core, uint32_t offset)
{
	return core->irq.enable[(offset - ENABLE_BASE) / 4];
}

static void enable_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	core->irq.enable[(offset - ENABLE_BASE) / 4] = val;
}

static uint32_t mask_read(struct vdg1_core *core, uint32_t offset)
{
	return core->irq.mask[(offset - MASK_BASE) / 4];
}

/* Unmasking delivers what waited in the collapsing register. */
static void mask_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	core->irq.mask[(offset - MASK_BASE) / 4] = val;
	update(core);
}

static uint32_t identity_peek(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_irq *irq = &core->irq;
	unsigned int b = (offset - GEN11_INTR_IDENTITY_REG(0)) / 4;

	if (!irq->identity_valid[b])
		return 0;
	return GEN11_INTR_DATA_VALID | irq->identity[b];
}

/* The guest's read: each identity delivered is counted once. */
static uint32_t identity_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_irq *irq = &core->irq;
	unsigned int b = (offset - GEN11_INTR_IDENTITY_REG(0)) / 4;

	if (irq->identity_valid[b] && !irq->identity_counted[b]) {
		irq->identity_counted[b] = true;
		core->cnt.irq_identities++;
	}
	return identity_peek(core, offset);
}

static void identity_clear(struct vdg1_core *core, unsigned int b)
{
	struct vdg1_irq *irq = &core->irq;

	vdg1_event_cancel(&core->events, &irq->data_valid[b]);
	irq->identity[b] = 0;
	irq->identity_valid[b] = false;
	irq->identity_counted[b] = false;
	irq->selector[b] = 0;
}

/* Writing Data-Valid clears the identity and the selector. */
static void identity_write(struct vdg1_core *core, uint32_t offset,
			   uint32_t val)
{
	struct vdg1_irq *irq = &core->irq;
	unsigned int b = (offset - GEN11_INTR_IDENTITY_REG(0)) / 4;

	if (!(val & GEN11_INTR_DATA_VALID))
		return;
	if (irq->selector[b] && !irq->identity_valid[b])
		vdg1_counters_protocol_violation(core, VDG1_PV_IDENTITY_EARLY,
			"identity acknowledged before Data-Valid");
	identity_clear(core, b);
}

static uint32_t selector_read(struct vdg1_core *core, uint32_t offset)
{
	return core->irq.selector[(offset - GEN11_IIR_REG_SELECTOR(0)) / 4];
}

static void selector_write(struct vdg1_core *core, uint32_t offset,
			   uint32_t val)
{
	struct vdg1_irq *irq = &core->irq;
	unsigned int b = (offset - GEN11_IIR_REG_SELECTOR(0)) / 4;
	unsigned int bit;
	int e;

	if (!val || val & (val - 1) || !(val & irq->dw[b])) {
		vdg1_counters_protocol_violation(core, VDG1_PV_SELECTOR,
			"selector not one-hot or not in the IIR");
		return;
	}
	if (irq->selector[b]) {
		vdg1_counters_protocol_violation(core, VDG1_PV_SELECTOR,
			"selector written before the identity was acknowledged");
		return;
	}
	bit = (unsigned int)__builtin_ctz(val);
	irq->selector[b] = val;
	irq->dw_serviced[b] |= val;
	irq->identity[b] = 0;
	e = engine_at(b, bit);
	if (e >= 0) {
		const struct irq_engine *ie = &irq_engines[e];
		uint16_t shown = engine_unmasked(irq, (unsigned int)e);

		irq->pending[e] &= (uint16_t)~shown;
		irq->identity[b] = ie->instance <<
				   GEN11_INTR_ENGINE_INSTANCE_SHIFT |
				   ie->class << GEN11_INTR_ENGINE_CLASS_SHIFT |
				   shown;
	}
	vdg1_event_arm(&core->events, &irq->data_valid[b],
		       core->access_ns + VDG1_IRQ_DATA_VALID_DELAY_NS);
}

/* GU_MISC and PCU: ISR read-only, IIR write-one-to-clear, the rest storage. */
static uint32_t unit_read(struct vdg1_core *core, uint32_t offset)
{
	return core->irq.unit[(offset - GEN8_PCU_ISR) / 4];
}

static void unit_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	uint32_t *r = &core->irq.unit[(offset - GEN8_PCU_ISR) / 4];

	if (offset == GEN8_PCU_ISR || offset == GEN11_GU_MISC_ISR)
		return;
	if (offset == GEN8_PCU_IIR || offset == GEN11_GU_MISC_IIR)
		*r &= ~val;
	else
		*r = val;
}

#define IRQ_REG_FX(off, n, rd, fx, wr, nm) \
	{ .offset = (off), .count = (n), .read = (rd), .read_fx = (fx), \
	  .write = (wr), .name = (nm), .box = VDG1_BOX_ALWAYS }
#define IRQ_REG(off, n, rd, wr, nm)	IRQ_REG_FX(off, n, rd, NULL, wr, nm)

const struct vdg1_reg vdg1_irq_regs[] = {
	IRQ_REG(GEN8_PCU_ISR, 8, unit_read, unit_write, "PCU/GU_MISC ISR IMR IIR IER"),
	IRQ_REG(DG1_MSTR_TILE_INTR, 1, tile_read, tile_write, "DG1_MSTR_TILE_INTR"),
	IRQ_REG(GEN11_GFX_MSTR_IRQ, 1, gfx_master_read, ignore_write,
		"GEN11_GFX_MSTR_IRQ"),
	IRQ_REG_FX(GEN11_GT_INTR_DW(0), 2, dw_peek, dw_read, dw_write,
		   "GEN11_GT_INTR_DW"),
	IRQ_REG(ENABLE_BASE, VDG1_IRQ_ENABLE_REGS, enable_read, enable_write,
		"GEN11_*_INTR_ENABLE"),
	IRQ_REG_FX(GEN11_INTR_IDENTITY_REG(0), 2, identity_peek, identity_read,
		   identity_write, "GEN11_INTR_IDENTITY_REG"),
	IRQ_REG(GEN11_IIR_REG_SELECTOR(0), 2, selector_read, selector_write,
		"GEN11_IIR_REG_SELECTOR"),
	IRQ_REG(MASK_BASE, VDG1_IRQ_MASK_REGS, mask_read, mask_write,
		"GEN11_*_INTR_MASK"),
};

const size_t vdg1_irq_regs_count =
	sizeof(vdg1_irq_regs) / sizeof(vdg1_irq_regs[0]);

/* ---- lifetime ---- */

void vdg1_irq_init(struct vdg1_core *core)
{
	struct vdg1_irq *irq = &core->irq;

	vdg1_event_init(&irq->data_valid[0], "irq data valid 0", data_valid_fn,
			&irq->identity_valid[0]);
	vdg1_event_init(&irq->data_valid[1], "irq data valid 1", data_valid_fn,
			&irq->identity_valid[1]);
}

/* Power-on: everything disabled and masked, nothing pending. */
void vdg1_irq_reset(struct vdg1_core *core)
{
	struct vdg1_irq *irq = &core->irq;
	struct vdg1_event dv0, dv1;

	vdg1_event_cancel(&core->events, &irq->data_valid[0]);
	vdg1_event_cancel(&core->events, &irq->data_valid[1]);
	dv0 = irq->data_valid[0];
	dv1 = irq->data_valid[1];
	memset(irq, 0, sizeof(*irq));
	irq->data_valid[0] = dv0;
	irq->data_valid[1] = dv1;
	memset(irq->mask, 0xff, sizeof(irq->mask));
}

void vdg1_irq_fini(struct vdg1_core *core)
{
	vdg1_event_cancel(&core->events, &core->irq.data_valid[0]);
	vdg1_event_cancel(&core->events, &core->irq.data_valid[1]);
}
