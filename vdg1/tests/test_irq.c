// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_irq.c - interrupt aggregation: class enables, instance masks, the
 * double-buffered second level, selector and identity, the masters and
 * the MSI, and every protocol violation of the service.
 *
 * Register values are those i915 writes on a DG1 (i915 i915_irq.c,
 * gt/intel_gt_irq.c), spelled out here rather than computed.
 */
#include "vdg1_test.h"

#define USER		0x0001u
#define ERROR		0x0008u
#define CTX_SWITCH	0x0100u
#define WAIT_SEM	0x0800u
#define I915_IRQS	(USER | ERROR | CTX_SWITCH | WAIT_SEM)	/* 0x0909 */

#define DW0		0x190018
#define DW1		0x19001c
#define IDENT0		0x190060
#define IDENT1		0x190064
#define SEL0		0x190070
#define SEL1		0x190074
#define TILE		0x190008
#define GFX		0x190010
#define DATA_VALID	0x80000000u

static void inject(struct vdg1_core *core, unsigned int engine, uint16_t bits)
{
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(irq_inject),
	   engine << 16 | bits);
}

/* dg1_irq_postinstall() with gen11_gt_irq_postinstall(), no GuC. */
static void postinstall(struct vdg1_core *core)
{
	wr(core, 0x190030, 0x09090909);		/* RENDER_COPY enable */
	wr(core, 0x190034, 0x09090909);		/* VCS_VECS enable */
	wr(core, 0x190090, 0xf6f6ffff);		/* RCS0 mask */
	wr(core, 0x1900a0, 0xf6f6ffff);		/* BCS mask */
	wr(core, 0x1900a8, 0xf6f6f6f6);		/* VCS0/VCS1 */
	wr(core, 0x1900ac, 0xf6f6f6f6);		/* VCS2/VCS3 */
	wr(core, 0x1900d0, 0xf6f6f6f6);		/* VECS0/VECS1 */
	wr(core, TILE, 0x80000000);
	rd(core, TILE);
}

static struct vdg1_core *installed(struct fake_host *h)
{
	struct vdg1_core *core = fake_core(h, NULL);

	postinstall(core);
	return core;
}

/*
 * i915's service of one engine in bank @b at bit @bit: returns the
 * identity. 12 accesses: tile off, read, ack; GFX read, ack; DW read;
 * selector; identity read (Data-Valid not yet), wait, read; ack; DW clear;
 * tile on.
 */
static uint32_t service_one(struct fake_host *h, struct vdg1_core *core,
			    unsigned int b, unsigned int bit)
{
	uint32_t tile, gfx, iir, ident;

	wr(core, TILE, 0);
	tile = rd(core, TILE);
	EXPECT_EQ(tile, 0x1);
	wr(core, TILE, tile);
	gfx = rd(core, GFX);
	EXPECT_EQ(gfx, 1u << b);
	wr(core, GFX, gfx);
	iir = rd(core, DW0 + 4 * b);
	EXPECT_EQ(iir, 1u << bit);
	wr(core, SEL0 + 4 * b, 1u << bit);
	/* Not at once: a driver that does not poll reads nothing. */
	EXPECT_EQ(rd(core, IDENT0 + 4 * b), 0);
	fake_advance(h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	ident = rd(core, IDENT0 + 4 * b);
	EXPECT_EQ(ident & DATA_VALID, DATA_VALID);
	wr(core, IDENT0 + 4 * b, DATA_VALID);
	wr(core, DW0 + 4 * b, iir);
	wr(core, TILE, 0x80000000);
	return ident;
}

static void irq_user_interrupt_serviced_the_i915_way(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);
	struct vdg1_counters_page c0 = counters(core), c1;

	EXPECT_EQ(h.msis, 0);
	inject(core, VDG1_ENGINE_RCS0, USER);
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(service_one(&h, core, 0, 0), DATA_VALID | USER);
	c1 = counters(core);
	EXPECT_EQ(c1.msi_sent - c0.msi_sent, 1);
	EXPECT_EQ(c1.irqs_serviced - c0.irqs_serviced, 1);
	EXPECT_EQ(c1.irq_identities - c0.irq_identities, 1);
	/* 5 reads (tile, GFX, DW, identity twice), 7 writes. */
	EXPECT_EQ(c1.irq_mmio_reads - c0.irq_mmio_reads, 5);
	EXPECT_EQ(c1.irq_mmio_writes - c0.irq_mmio_writes, 7);
	EXPECT_EQ(c1.protocol_violations, 0);
	/* Nothing left: no second MSI, masters idle. */
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(rd(core, GFX), 0);
	EXPECT_EQ(rd(core, TILE), 0x80000000);
	/* Accesses outside a service are not the service's. */
	EXPECT_EQ(CNT(core, irq_mmio_reads), c1.irq_mmio_reads);
	vdg1_core_destroy(core);
}

static void irq_each_engine_has_its_bit_and_identity(void)
{
	static const struct {
		unsigned int engine, bank, bit;
		uint32_t class_instance;	/* identity 25:16 */
	} e[] = {
		{ VDG1_ENGINE_RCS0, 0, 0, 0 << 20 | 0 << 16 },
		{ VDG1_ENGINE_BCS0, 0, 15, 0 << 20 | 3 << 16 },
		{ VDG1_ENGINE_VCS0, 1, 0, 0 << 20 | 1 << 16 },
		{ VDG1_ENGINE_VCS2, 1, 2, 2 << 20 | 1 << 16 },
		{ VDG1_ENGINE_VECS0, 1, 31, 0 << 20 | 2 << 16 },
	};
	struct fake_host h;
	struct vdg1_core *core = installed(&h);
	size_t i;

	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		inject(core, e[i].engine, CTX_SWITCH | USER);
		EXPECT_EQ(h.msis, i + 1);
		EXPECT_EQ(service_one(&h, core, e[i].bank, e[i].bit),
			  DATA_VALID | e[i].class_instance | CTX_SWITCH | USER);
	}
	EXPECT_EQ(CNT(core, irqs_serviced), 5);
	EXPECT_EQ(CNT(core, protocol_violations), 0);
	vdg1_core_destroy(core);
}

static void irq_class_enable_drops_disabled_events(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	/* Power-on: enables 0, masks all ones. Unmask, but enable nothing. */
	wr(core, 0x1900a0, 0x0000ffff);
	wr(core, TILE, 0x80000000);
	inject(core, VDG1_ENGINE_BCS0, USER);
	EXPECT_EQ(rd(core, DW0), 0);
	/* Enabling later does not bring a dropped event back. */
	wr(core, 0x190030, 0x00000001);		/* BCS: USER only */
	EXPECT_EQ(rd(core, DW0), 0);
	inject(core, VDG1_ENGINE_BCS0, USER | CTX_SWITCH);
	EXPECT_EQ(rd(core, DW0), 1u << 15);
	EXPECT_EQ(h.msis, 1);
	wr(core, SEL0, 1u << 15);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	/* CTX_SWITCH was not enabled: dropped. */
	EXPECT_EQ(rd(core, IDENT0), DATA_VALID | 3 << 16 | USER);
	/* The RCS half of the same register is not BCS's. */
	wr(core, IDENT0, DATA_VALID);
	wr(core, DW0, 1u << 15);
	wr(core, 0x190090, 0);
	inject(core, VDG1_ENGINE_RCS0, USER);
	EXPECT_EQ(rd(core, DW0), 0);
	EXPECT_EQ(CNT(core, protocol_violations), 0);
	vdg1_core_destroy(core);
}

static void irq_masked_events_wait_for_unmask(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);

	wr(core, 0x1900ac, 0xffffffff);		/* VCS2 masked */
	inject(core, VDG1_ENGINE_VCS2, USER);
	EXPECT_EQ(rd(core, DW1), 0);
	EXPECT_EQ(h.msis, 0);
	/* The lower half is VCS3's: unmasking it changes nothing. */
	wr(core, 0x1900ac, 0xffff0000);
	EXPECT_EQ(rd(core, DW1), 0);
	wr(core, 0x1900ac, 0xf6f6f6f6);
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(service_one(&h, core, 1, 2), DATA_VALID | 2 << 20 | 1 << 16 |
		  USER);
	EXPECT_EQ(CNT(core, protocol_violations), 0);
	vdg1_core_destroy(core);
}

static void irq_second_level_is_double_buffered(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);

	inject(core, VDG1_ENGINE_RCS0, USER);
	wr(core, TILE, 0);
	EXPECT_EQ(rd(core, DW0), 1);		/* snapshot taken */
	/* BCS after the read: held in the secondary copy. */
	inject(core, VDG1_ENGINE_BCS0, USER);
	EXPECT_EQ(rd(core, DW0), 1);
	wr(core, SEL0, 1);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	rd(core, IDENT0);
	wr(core, IDENT0, DATA_VALID);
	/* RCS again after its service: secondary too. */
	inject(core, VDG1_ENGINE_RCS0, CTX_SWITCH);
	EXPECT_EQ(rd(core, DW0), 1);
	wr(core, DW0, 1);
	/* Cleared: the secondary copy is the IIR now, a new event. */
	EXPECT_EQ(rd(core, DW0), 1u << 15 | 1);
	EXPECT_EQ(rd(core, GFX), 1);
	EXPECT_EQ(h.msis, 1);
	wr(core, TILE, 0x80000000);
	EXPECT_EQ(h.msis, 2);
	EXPECT_EQ(CNT(core, irqs_serviced), 1);
	/* Both serviced in one pass, then one clear. */
	wr(core, TILE, 0);
	wr(core, SEL0, 1);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	EXPECT_EQ(rd(core, IDENT0), DATA_VALID | CTX_SWITCH);
	wr(core, IDENT0, DATA_VALID);
	wr(core, SEL0, 1u << 15);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	EXPECT_EQ(rd(core, IDENT0), DATA_VALID | 3 << 16 | USER);
	wr(core, IDENT0, DATA_VALID);
	wr(core, DW0, 1u << 15 | 1);
	EXPECT_EQ(rd(core, DW0), 0);
	EXPECT_EQ(rd(core, GFX), 0);		/* level: gone with the IIR */
	wr(core, TILE, 0x80000000);
	EXPECT_EQ(h.msis, 2);
	EXPECT_EQ(CNT(core, irqs_serviced), 2);
	EXPECT_EQ(CNT(core, protocol_violations), 0);
	vdg1_core_destroy(core);
}

/* Events of an engine shown but not yet serviced collapse into one bit. */
static void irq_events_collapse_until_serviced(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);
	int i;

	for (i = 0; i < 3; i++)
		inject(core, VDG1_ENGINE_VECS0, USER);
	inject(core, VDG1_ENGINE_VECS0, CTX_SWITCH);
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(service_one(&h, core, 1, 31), DATA_VALID | 2 << 16 |
		  USER | CTX_SWITCH);
	/* Nothing more to show: no re-fire. */
	EXPECT_EQ(rd(core, DW1), 0);
	EXPECT_EQ(h.msis, 1);
	vdg1_core_destroy(core);
}

static void irq_msi_fires_on_rising_edge_only(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, 0x190030, 0x09090909);
	wr(core, 0x190090, 0xf6f6ffff);
	inject(core, VDG1_ENGINE_RCS0, USER);
	/* The tile master is off: pending, no MSI. */
	EXPECT_EQ(rd(core, TILE), 0x1);
	EXPECT_EQ(h.msis, 0);
	wr(core, TILE, 0x80000000);
	EXPECT_EQ(h.msis, 1);
	/* Still high: more events, rewriting the enable, no new edge. */
	inject(core, VDG1_ENGINE_RCS0, CTX_SWITCH);
	wr(core, TILE, 0x80000000);
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(CNT(core, msi_sent), 1);
	/* Re-enabling with events still pending fires again. */
	wr(core, TILE, 0);
	wr(core, TILE, 0x80000000);
	EXPECT_EQ(h.msis, 2);
	vdg1_core_destroy(core);
}

static void irq_selector_violations(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);

	inject(core, VDG1_ENGINE_RCS0, USER);
	inject(core, VDG1_ENGINE_BCS0, USER);
	EXPECT_EQ(rd(core, DW0), 1u << 15 | 1);
	wr(core, SEL0, 1u << 15 | 1);		/* not one-hot */
	EXPECT_EQ(CNT(core, protocol_violations), 1);
	EXPECT_EQ(CNT(core, last_protocol_violation), VDG1_PV_SELECTOR);
	wr(core, SEL0, 1u << 4);		/* not in the IIR */
	EXPECT_EQ(CNT(core, pv_by_kind[VDG1_PV_SELECTOR]), 2);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	EXPECT_EQ(rd(core, IDENT0), 0);		/* neither selected anything */
	wr(core, SEL0, 1);
	wr(core, SEL0, 1u << 15);		/* RCS not yet acknowledged */
	EXPECT_EQ(CNT(core, pv_by_kind[VDG1_PV_SELECTOR]), 3);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	EXPECT_EQ(rd(core, IDENT0), DATA_VALID | USER);
	EXPECT_EQ(CNT(core, protocol_violations), 3);
	vdg1_core_destroy(core);
}

static void irq_early_ack_and_early_clear_are_violations(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);

	inject(core, VDG1_ENGINE_RCS0, USER);
	inject(core, VDG1_ENGINE_BCS0, USER);
	rd(core, DW0);
	wr(core, SEL0, 1);
	wr(core, IDENT0, DATA_VALID);		/* before Data-Valid */
	EXPECT_EQ(CNT(core, pv_by_kind[VDG1_PV_IDENTITY_EARLY]), 1);
	/* RCS was selected; BCS never was: clearing it is early. */
	wr(core, DW0, 1u << 15 | 1);
	EXPECT_EQ(CNT(core, pv_by_kind[VDG1_PV_IIR_EARLY]), 1);
	EXPECT_EQ(CNT(core, protocol_violations), 2);
	EXPECT_EQ(CNT(core, last_protocol_violation), VDG1_PV_IIR_EARLY);
	/* Clearing only serviced bits is fine. */
	inject(core, VDG1_ENGINE_RCS0, USER);
	rd(core, DW0);
	wr(core, SEL0, 1);
	fake_advance(&h, core, VDG1_IRQ_DATA_VALID_DELAY_NS);
	rd(core, IDENT0);
	wr(core, IDENT0, DATA_VALID);
	wr(core, DW0, 1);
	EXPECT_EQ(CNT(core, protocol_violations), 2);
	vdg1_core_destroy(core);
}

static void irq_absent_engine_and_bad_inject_are_ignored(void)
{
	struct fake_host h;
	struct vdg1_config cfg;
	struct vdg1_core *core;

	vdg1_config_defaults(&cfg);
	cfg.fuses.vebox_vdbox_disable |= 0x1;	/* VDBOX0 fused off */
	core = fake_core(&h, &cfg);
	postinstall(core);
	inject(core, VDG1_ENGINE_VCS0, USER);
	inject(core, VDG1_ENGINE_COUNT, USER);
	inject(core, 0xff, USER);
	EXPECT_EQ(rd(core, DW1), 0);
	EXPECT_EQ(h.msis, 0);
	EXPECT_EQ(CNT(core, irq_inject), 0);	/* reads 0 */
	inject(core, VDG1_ENGINE_VCS2, USER);
	EXPECT_EQ(rd(core, DW1), 1u << 2);
	vdg1_core_destroy(core);
}

static void irq_unit_blocks_and_reset(void)
{
	struct fake_host h;
	struct vdg1_core *core = installed(&h);

	/* GU_MISC: IMR/IER storage, ISR read-only, IIR write-1-to-clear. */
	wr(core, 0x444f4, 0xf7ffffff);
	wr(core, 0x444fc, 0x08000000);
	EXPECT_EQ(rd(core, 0x444f4), 0xf7ffffff);
	EXPECT_EQ(rd(core, 0x444fc), 0x08000000);
	wr(core, 0x444f0, 0x1234);
	EXPECT_EQ(rd(core, 0x444f0), 0);
	wr(core, 0x444f8, 0xffffffff);
	EXPECT_EQ(rd(core, 0x444f8), 0);
	EXPECT_EQ(rd(core, 0x190030), 0x09090909);
	/* Device reset: disabled, masked, nothing pending. */
	inject(core, VDG1_ENGINE_RCS0, USER);
	vdg1_core_reset(core);
	EXPECT_EQ(rd(core, 0x190030), 0);
	EXPECT_EQ(rd(core, 0x190090), 0xffffffff);
	EXPECT_EQ(rd(core, DW0), 0);
	EXPECT_EQ(rd(core, TILE), 0);
	EXPECT_EQ(rd(core, 0x444f4), 0);
	EXPECT_EQ(CNT(core, unclaimed_reads), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_irq[] = {
	TEST(irq_user_interrupt_serviced_the_i915_way),
	TEST(irq_each_engine_has_its_bit_and_identity),
	TEST(irq_class_enable_drops_disabled_events),
	TEST(irq_masked_events_wait_for_unmask),
	TEST(irq_second_level_is_double_buffered),
	TEST(irq_events_collapse_until_serviced),
	TEST(irq_msi_fires_on_rising_edge_only),
	TEST(irq_selector_violations),
	TEST(irq_early_ack_and_early_clear_are_violations),
	TEST(irq_absent_engine_and_bad_inject_are_ignored),
	TEST(irq_unit_blocks_and_reset),
	TEST_END
};
