// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_cs_regs.c - a command streamer's registers: those its commands read
 * and write (LRI, SRM/LRM, LRR, MI_MATH's GPRs), with what a non-privileged
 * batch may touch, and the status registers that say where it is.
 *
 * Kept by the CS itself (offsets from the engine's base): the GPRs
 * +0x600..+0x67c and the predicate registers +0x400..+0x41c, context state
 * (Vol 13 General Assets, "User Mode Privileged Commands"; i915
 * gt/intel_engine_regs.h). Every other register goes through the register
 * file (vdg1_regs.c), and a write is logged as an engine's (vdg1_reglog.h).
 *
 * Status, read-only, what a hang report reads (i915 gt/intel_engine_regs.h,
 * i915_gpu_error.c; HARDWARE.md section 5.2):
 * - ACTHD +0x74 / ACTHD_UDW +0x5c: the graphics address of the command the
 *   CS executes or fetches next: in the ring, RING_START + head (GGTT); in
 *   a batch, the position in the innermost batch (PPGTT for a user's). It
 *   stays on a command that halted the engine or waits (a semaphore).
 * - DMA_FADD +0x78 / _UDW +0x60: the fetch address; vdg1 does not prefetch,
 *   so it is ACTHD.
 * - BBADDR +0x140 / _UDW +0x168: the first-level batch's position; it keeps
 *   the last one once the CS is back in the ring (context-saved, image
 *   dwords 0x0D/0x0F).
 * - IPEHR +0x68: the header of the last command parsed (context-saved,
 *   image dword 0xB5); IPEIR +0x64 reads 0: the error identity is EIR's.
 * With no context on the engine they read 0.
 */
#include "vdg1_state.h"
#include "vdg1_cs.h"
#include "vdg1_cs_regs.h"
#include "vdg1_execlists.h"
#include "vdg1_host.h"
#include "vdg1_regdefs.h"
#include "vdg1_reglog.h"
#include "vdg1_regs.h"

#define CS_GPR_BASE		0x600
#define CS_GPR_END		0x680
#define CS_PRED_SRC0		0x400
#define CS_PRED_SRC1		0x408
#define CS_PRED_RESULT		0x418
#define CS_PRED_RESULT_1	0x41c

#define CS_ACTHD_UDW		0x5c
#define CS_DMA_FADD_UDW		0x60
#define CS_IPEIR		0x64
#define CS_IPEHR		0x68
#define CS_ACTHD		0x74
#define CS_DMA_FADD		0x78
#define CS_BBADDR		0x140
#define CS_BBADDR_UDW		0x168


uint32_t vdg1_cs_reg_offset(const struct vdg1_cs *cs, uint32_t offset,
			   bool cs_mmio)
{
	offset &= 0x7ffffc;
	if (cs_mmio)
		offset = cs->mmio_base + (offset & 0xffc);
	return offset;
}

/*
 * Is @reg in one of the engine's FORCE_TO_NONPRIV slots for writing? A
 * slot holds the register's offset (bits 25:2), the access (29:28: 0
 * read-write, 1 read, 2 write) and how many registers from it (1:0: 1, 4,
 * 16, 64) (i915 gt/intel_engine_regs.h RING_FORCE_TO_NONPRIV_*).
 */
static bool reg_whitelisted(const struct vdg1_cs *cs, uint32_t reg)
{
	const uint32_t *slot = &cs->core->mmio[(cs->mmio_base + 0x4d0) / 4];
	unsigned int i;

	for (i = 0; i < 12; i++) {
		uint32_t start = slot[i] & 0x03fffffc;
		uint32_t n = 1u << (2 * (slot[i] & 3));
		unsigned int access = slot[i] >> 28 & 3;

		if ((access == 0 || access == 2) && reg >= start &&
		    reg < start + 4 * n)
			return true;
	}
	return false;
}

/*
 * What a non-privileged batch may write (Vol 13 General Assets, "User
 * Mode Privileged Commands"): the GPRs, the predicate registers and, on
 * the copy engine, BCS_SWCTRL and BLIT_CCTL; and what the driver put in
 * the engine's whitelist.
 */
bool vdg1_cs_reg_user_writable(const struct vdg1_cs *cs, uint32_t reg)
{
	uint32_t rel = reg - cs->mmio_base;

	if (rel >= CS_GPR_BASE && rel < CS_GPR_END)
		return true;
	if (rel >= CS_PRED_SRC0 && rel < 0x420)
		return true;
	if (cs->hw_class == 3 && (reg == 0x22200 || reg == 0x22204))
		return true;
	return reg_whitelisted(cs, reg);
}

uint32_t vdg1_cs_reg_read(struct vdg1_cs *cs, uint32_t reg)
{
	uint32_t rel = reg - cs->mmio_base;
	const struct vdg1_reg *r;

	if (rel >= CS_GPR_BASE && rel < CS_GPR_END) {
		uint64_t g = cs->gpr[(rel - CS_GPR_BASE) / 8];

		return rel & 4 ? (uint32_t)(g >> 32) : (uint32_t)g;
	}
	if (rel == CS_PRED_SRC0 || rel == CS_PRED_SRC0 + 4)
		return (uint32_t)(cs->predicate_src0 >> (rel & 4 ? 32 : 0));
	if (rel == CS_PRED_SRC1 || rel == CS_PRED_SRC1 + 4)
		return (uint32_t)(cs->predicate_src1 >> (rel & 4 ? 32 : 0));
	if (rel == CS_PRED_RESULT)
		return cs->predicate_result;
	if (rel == CS_PRED_RESULT_1)
		return cs->predicate_result_1;
	r = vdg1_regs_lookup(cs->core, reg);
	if (!r) {
		vdg1_host_log(&cs->core->host, VDG1_LOG_UNIMP,
			      "vdg1: engine %u reads unimplemented 0x%06x",
			      cs->engine, reg);
		return 0;
	}
	return vdg1_regs_read(cs->core, r, reg, true);
}

void vdg1_cs_reg_write(struct vdg1_cs *cs, uint32_t reg, uint32_t val)
{
	uint32_t rel = reg - cs->mmio_base;
	const struct vdg1_reg *r;

	if (rel >= CS_GPR_BASE && rel < CS_GPR_END) {
		uint64_t *g = &cs->gpr[(rel - CS_GPR_BASE) / 8];

		if (rel & 4)
			*g = (*g & 0xffffffffull) | (uint64_t)val << 32;
		else
			*g = (*g & ~0xffffffffull) | val;
		return;
	}
	if (rel == CS_PRED_SRC0 || rel == CS_PRED_SRC0 + 4) {
		cs->predicate_src0 = rel & 4 ?
			(cs->predicate_src0 & 0xffffffffull) | (uint64_t)val << 32 :
			(cs->predicate_src0 & ~0xffffffffull) | val;
		return;
	}
	if (rel == CS_PRED_SRC1 || rel == CS_PRED_SRC1 + 4) {
		cs->predicate_src1 = rel & 4 ?
			(cs->predicate_src1 & 0xffffffffull) | (uint64_t)val << 32 :
			(cs->predicate_src1 & ~0xffffffffull) | val;
		return;
	}
	if (rel == CS_PRED_RESULT) {
		cs->predicate_result = val;
		return;
	}
	if (rel == CS_PRED_RESULT_1) {
		cs->predicate_result_1 = val;
		return;
	}
	vdg1_reglog_note(&cs->core->reglog, reg, val,
			 VDG1_REGLOG_ENGINE(cs->engine));
	r = vdg1_regs_lookup(cs->core, reg);
	if (!r) {
		vdg1_host_log(&cs->core->host, VDG1_LOG_UNIMP,
			      "vdg1: engine %u writes unimplemented 0x%06x",
			      cs->engine, reg);
		return;
	}
	vdg1_regs_write(cs->core, r, reg, val);
}

/* ---- status ---- */

/* The engine whose registers hold @offset. */
static struct vdg1_engine *status_engine(struct vdg1_core *core,
					 uint32_t offset)
{
	unsigned int i;

	for (i = 0; i < VDG1_ENGINE_COUNT; i++)
		if (offset - core->engines.e[i].base < 0x1000)
			break;
	return &core->engines.e[i < VDG1_ENGINE_COUNT ? i : 0];
}

uint64_t vdg1_cs_acthd(const struct vdg1_cs *cs)
{
	if (cs->depth)
		return cs->bb_addr[cs->depth];
	return cs->ring_start + cs->head;
}

static uint32_t status_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_engine *e = status_engine(core, offset);
	const struct vdg1_cs *cs = &e->cs;
	uint64_t acthd = vdg1_cs_acthd(cs);

	if (!e->active)
		return 0;
	switch (offset - e->base) {
	case CS_ACTHD:
	case CS_DMA_FADD:
		return (uint32_t)acthd;
	case CS_ACTHD_UDW:
	case CS_DMA_FADD_UDW:
		return (uint32_t)(acthd >> 32);
	case CS_IPEHR:
		return cs->ipehr;
	case CS_BBADDR:
		return (uint32_t)cs->bb_addr[1];
	case CS_BBADDR_UDW:
		return (uint32_t)(cs->bb_addr[1] >> 32);
	}
	return 0;
}

#define SREG(b, r, n, nm, bx) \
	{ .offset = (b) + (r), .count = (n), .flags = VDG1_REG_RO, \
	  .read = status_read, .name = (nm), .box = (bx) }

#define ENGINE(b, nm, bx) \
	SREG(b, CS_ACTHD_UDW, 1, nm " ACTHD_UDW", bx), \
	SREG(b, CS_DMA_FADD_UDW, 1, nm " DMA_FADD_UDW", bx), \
	SREG(b, CS_IPEIR, 2, nm " IPEIR/IPEHR", bx), \
	SREG(b, CS_ACTHD, 2, nm " ACTHD/DMA_FADD", bx), \
	SREG(b, CS_BBADDR, 1, nm " BBADDR", bx), \
	SREG(b, CS_BBADDR_UDW, 1, nm " BBADDR_UDW", bx)

const struct vdg1_reg vdg1_cs_status_regs[] = {
	ENGINE(RENDER_RING_BASE, "RCS0", VDG1_BOX_ALWAYS),
	ENGINE(BLT_RING_BASE, "BCS0", VDG1_BOX_ALWAYS),
	ENGINE(GEN11_BSD_RING_BASE, "VCS0", VDG1_BOX(VDG1_FW_VDBOX0)),
	ENGINE(GEN11_VEBOX_RING_BASE, "VECS0", VDG1_BOX(VDG1_FW_VEBOX0)),
	ENGINE(GEN11_BSD3_RING_BASE, "VCS2", VDG1_BOX(VDG1_FW_VDBOX2)),
};

const size_t vdg1_cs_status_regs_count =
	sizeof(vdg1_cs_status_regs) / sizeof(vdg1_cs_status_regs[0]);
