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
 * execlist mode the tail comes from the context image); the CS
 * timestamp, a 64-bit count of the 19.2 MHz timestamp clock that
 * RPM_CONFIG0 describes (vdg1_regs.c); and the VDBOX clock-gating
 * workaround register.
 */
#include "vdg1_core_priv.h"
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

#define EREG(off, n, fl, rd, nm, bx) \
	{ .offset = (off), .count = (n), .flags = (fl), .read = (rd), \
	  .name = (nm), .box = (bx) }

/*
 * RING_TAIL; RING_TIMESTAMP + UDW. The submission and context registers
 * are vdg1_execlists.c's.
 */
#define ENGINE(base, nm, bx) \
	EREG(RING_TAIL(base), 1, 0, NULL, nm " RING_TAIL", bx), \
	EREG(RING_TIMESTAMP(base), 2, VDG1_REG_RO, timestamp_read, \
	     nm " RING_TIMESTAMP", bx)

const struct vdg1_reg vdg1_engine_regs[] = {
	ENGINE(RENDER_RING_BASE, "RCS0", VDG1_BOX_ALWAYS),
	ENGINE(BLT_RING_BASE, "BCS0", VDG1_BOX_ALWAYS),
	ENGINE(GEN11_BSD_RING_BASE, "VCS0", VDG1_BOX(VDG1_FW_VDBOX0)),
	ENGINE(GEN11_VEBOX_RING_BASE, "VECS0", VDG1_BOX(VDG1_FW_VEBOX0)),
	ENGINE(GEN11_BSD3_RING_BASE, "VCS2", VDG1_BOX(VDG1_FW_VDBOX2)),
	/* Media clock-gating workaround register; wake rows 0x1C3F00, 0x1D3F00. */
	EREG(VDBOX_CGCTL3F10(GEN11_BSD_RING_BASE), 1, 0, NULL,
	     "VCS0 VDBOX_CGCTL3F10", VDG1_BOX(VDG1_FW_VDBOX0)),
	EREG(VDBOX_CGCTL3F10(GEN11_BSD3_RING_BASE), 1, 0, NULL,
	     "VCS2 VDBOX_CGCTL3F10", VDG1_BOX(VDG1_FW_VDBOX2)),
};

const size_t vdg1_engine_regs_count =
	sizeof(vdg1_engine_regs) / sizeof(vdg1_engine_regs[0]);
