// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_engine_regs.c - the per-engine registers of the five DG1 engines.
 *
 * Engines and MMIO bases: RCS0 0x2000, BCS0 0x22000, VCS0 0x1C0000, VECS0
 * 0x1C8000, VCS2 0x1D0000 (i915 i915_pci.c, gt/intel_engine_cs.c; Vol 13
 * General Assets, "Register Access and User Mode Privileges"). Each
 * engine's registers sit in its power domain's range of the wake table
 * (vdg1_wake.c), and the media engines' registers exist only while the box
 * is not fused off (0x9140).
 *
 * Here: RING_TAIL as plain storage (shadowed, i915 intel_uncore.c; in
 * execlist mode the tail comes from the context image); RING_MAX_IDLE,
 * RING_CMD_CCTL and the FORCE_TO_NONPRIV slots as storage (i915
 * gt/intel_rc6.c, gt/intel_workarounds.c; vdg1_cs.c enforces the slots,
 * an engine reset empties them); the CS
 * timestamp, a 64-bit count of the 19.2 MHz timestamp clock that
 * RPM_CONFIG0 describes (vdg1_global_regs.c); and the VDBOX clock-gating
 * workaround register.
 */
#include "vdg1_state.h"
#include "vdg1_engine_regs.h"
#include "vdg1_regdefs.h"

/*
 * CS timestamp ticks at @ns of the core's clock: 19.2 MHz = 192 ticks per
 * 10 us, computed in two parts so that it cannot overflow.
 */
uint64_t vdg1_timestamp_ticks(uint64_t ns)
{
	return ns / 10000 * 192 + ns % 10000 * 192 / 10000;
}

/* RING_TIMESTAMP (+0x358) and its upper dword (+0x35C), read-only. */
static uint32_t timestamp_read(struct vdg1_core *core, uint32_t offset)
{
	uint64_t ticks = vdg1_timestamp_ticks(core->access_ns);

	return offset & 4 ? (uint32_t)(ticks >> 32) : (uint32_t)ticks;
}

/* GEN12_FF_MODE2 takes writes but does not read them back. */
static uint32_t ff_mode2_read(struct vdg1_core *core, uint32_t offset)
{
	(void)core;
	(void)offset;
	return 0;
}

#define EREG(off, n, fl, rd, nm, bx) \
	{ .offset = (off), .count = (n), .flags = (fl), .read = (rd), \
	  .name = (nm), .box = (bx) }

/*
 * RING_TAIL; RING_TIMESTAMP + UDW. The submission and context registers
 * are vdg1_execlists.c's.
 */
#define ENGINE(base, nm, bx) \
	EREG(RING_TAIL(base), 1, 0, NULL, nm " RING_TAIL", bx), \
	EREG((base) + 0x54, 1, 0, NULL, nm " RING_MAX_IDLE", bx), \
	EREG((base) + 0xc4, 1, VDG1_REG_MASKED, NULL, nm " RING_CMD_CCTL", bx), \
	EREG((base) + 0x4d0, 12, 0, NULL, nm " RING_FORCE_TO_NONPRIV", bx), \
	EREG(RING_TIMESTAMP(base), 2, VDG1_REG_RO, timestamp_read, \
	     nm " RING_TIMESTAMP", bx)

const struct vdg1_reg vdg1_engine_regs[] = {
	ENGINE(RENDER_RING_BASE, "RCS0", VDG1_BOX_ALWAYS),
	ENGINE(BLT_RING_BASE, "BCS0", VDG1_BOX_ALWAYS),
	ENGINE(GEN11_BSD_RING_BASE, "VCS0", VDG1_BOX(VDG1_FW_VDBOX0)),
	ENGINE(GEN11_VEBOX_RING_BASE, "VECS0", VDG1_BOX(VDG1_FW_VEBOX0)),
	ENGINE(GEN11_BSD3_RING_BASE, "VCS2", VDG1_BOX(VDG1_FW_VDBOX2)),
	/*
	 * Render and copy registers i915 programs (gt/intel_workarounds.c,
	 * gt/intel_gt.c): the error record it clears reads 0 (nothing
	 * recorded; IPEIR is vdg1_cs_regs.c's); chicken and mode bits are storage, masked where i915
	 * writes them masked; the replicated ones keep a copy per DSS.
	 */
	EREG(0x2024, 1, VDG1_REG_RO, NULL, "PGTBL_ER", VDG1_BOX_ALWAYS),
	EREG(0x20a0, 1, 0, NULL, "GEN7_FF_THREAD_MODE", VDG1_BOX_ALWAYS),
	EREG(0x20e0, 1, VDG1_REG_MASKED, NULL, "GEN7_FF_SLICE_CS_CHICKEN1",
	     VDG1_BOX_ALWAYS),
	EREG(0x20ec, 1, VDG1_REG_MASKED, NULL, "GEN9_CS_DEBUG_MODE1",
	     VDG1_BOX_ALWAYS),
	/*
	 * Render context registers the context workarounds set by LRI
	 * (i915 gen12_ctx_workarounds_init(), dg1_ctx_workarounds_init())
	 * and the whitelisted slice chicken 1: storage, masked as i915
	 * writes them. FF_MODE2 reads back 0 (i915: "not readable").
	 */
	EREG(0x2580, 1, VDG1_REG_MASKED, NULL, "GEN8_CS_CHICKEN1",
	     VDG1_BOX_ALWAYS),
	/*
	 * Written by the render context's INDIRECT_CTX batch (i915
	 * gen12_emit_indirect_ctx_rcs()): the command-buffer cache control
	 * and CS_DEBUG_MODE2, whose bit 6 invalidates the instruction state
	 * cache (Wa_18022495364); storage.
	 */
	EREG(0x2084, 1, 0, NULL, "RCS0 RING_CMD_BUF_CCTL", VDG1_BOX_ALWAYS),
	EREG(0x20d8, 1, VDG1_REG_MASKED, NULL, "GEN12_CS_DEBUG_MODE2",
	     VDG1_BOX_ALWAYS),
	EREG(0x6604, 1, 0, ff_mode2_read, "GEN12_FF_MODE2", VDG1_BOX_ALWAYS),
	EREG(0x7010, 1, VDG1_REG_MASKED, NULL, "GEN7_COMMON_SLICE_CHICKEN1",
	     VDG1_BOX_ALWAYS),
	EREG(0x7018, 1, VDG1_REG_MASKED, NULL, "HIZ_CHICKEN", VDG1_BOX_ALWAYS),
	EREG(0x7304, 1, VDG1_REG_MASKED, NULL, "GEN11_COMMON_SLICE_CHICKEN3",
	     VDG1_BOX_ALWAYS),
	EREG(0xe18c, 1, VDG1_REG_MCR | VDG1_REG_MASKED, NULL,
	     "GEN10_SAMPLER_MODE", VDG1_BOX_ALWAYS),
	EREG(0xe4f4, 1, VDG1_REG_MCR | VDG1_REG_MASKED, NULL,
	     "GEN8_ROW_CHICKEN2", VDG1_BOX_ALWAYS),
	EREG(0x22204, 1, 0, NULL, "BLIT_CCTL", VDG1_BOX_ALWAYS),
	/* Media clock-gating workaround register; wake rows 0x1C3F00, 0x1D3F00. */
	EREG(VDBOX_CGCTL3F10(GEN11_BSD_RING_BASE), 1, 0, NULL,
	     "VCS0 VDBOX_CGCTL3F10", VDG1_BOX(VDG1_FW_VDBOX0)),
	EREG(VDBOX_CGCTL3F10(GEN11_BSD3_RING_BASE), 1, 0, NULL,
	     "VCS2 VDBOX_CGCTL3F10", VDG1_BOX(VDG1_FW_VDBOX2)),
};

const size_t vdg1_engine_regs_count =
	sizeof(vdg1_engine_regs) / sizeof(vdg1_engine_regs[0]);
