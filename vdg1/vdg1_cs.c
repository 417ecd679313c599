// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_cs.c - the command streamer: fetch and execute.
 *
 * Commands come from the context's ring (GGTT, head to tail, wrapping at
 * the ring's size) and from batches: MI_BATCH_BUFFER_START pushes a level
 * (first, then second level; a start without the second-level bit chains,
 * replacing the current level), MI_BATCH_BUFFER_END pops one. A batch in
 * the PPGTT is non-privileged and so is everything it chains to; the ring
 * and GGTT batches are privileged.
 *
 * Executed: MI_NOOP, MI_USER_INTERRUPT, MI_ARB_CHECK, MI_ARB_ON_OFF,
 * MI_BATCH_BUFFER_START/END, MI_STORE_DATA_IMM (dword, qword),
 * MI_STORE_DATA_INDEX, MI_LOAD_REGISTER_IMM/MEM/REG, MI_STORE_REGISTER_MEM,
 * MI_FLUSH_DW (non-render) and PIPE_CONTROL (render) with their post-sync
 * writes and notify, MI_SEMAPHORE_WAIT (polling; 4 and 5 dwords),
 * MI_ATOMIC, MI_MATH, MI_CONDITIONAL_BATCH_BUFFER_END,
 * MI_REPORT_PERF_COUNT (render; the report is vdg1_oa.c's), and on the copy
 * engine XY_FAST_COPY_BLT and XY_FAST_COLOR_BLT (vdg1_blt.c). Layouts and
 * lengths: Vol 13 General Assets, "MI Commands" and the command-streamer
 * chapters; i915 gt/intel_gpu_commands.h for Gen8+ layouts the manual
 * omits (HARDWARE.md section 9).
 *
 * Anything else, a length that does not fit the command, a command not of
 * this engine's class, or a privileged command from a non-privileged
 * batch (Vol 13 "Privileged Commands": MI_STORE_DATA_INDEX, MI_ARB_ON_OFF,
 * GGTT targets, non-whitelisted registers, a GGTT batch started from a
 * PPGTT one) is an instruction error: the head stays on the command and
 * the engine waits for a reset, as the hardware's CS halts.
 */
#include <string.h>

#include "vdg1_blt.h"
#include "vdg1_state.h"
#include "vdg1_counters_sink.h"
#include "vdg1_cs.h"
#include "vdg1_cs_regs.h"
#include "vdg1_engine_regs.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_oa.h"
#include "vdg1_regdefs.h"

#define CMD_CLIENT(h)		((h) >> 29)
#define MI_OPCODE(h)		(((h) >> 23) & 0x3f)
#define CLIENT_MI		0
#define CLIENT_2D		2
#define CLIENT_GFXPIPE		3

#define MI_NOOP			0x00
#define MI_USER_INTERRUPT	0x02
#define MI_ARB_CHECK		0x05
#define MI_ARB_ON_OFF		0x08
#define MI_BATCH_BUFFER_END	0x0a
#define MI_MATH			0x1a
#define MI_SEMAPHORE_WAIT	0x1c
#define MI_STORE_DATA_IMM	0x20
#define MI_STORE_DATA_INDEX	0x21
#define MI_LOAD_REGISTER_IMM	0x22
#define MI_STORE_REGISTER_MEM	0x24
#define MI_FLUSH_DW		0x26
#define MI_LOAD_REGISTER_MEM	0x29
#define MI_REPORT_PERF_COUNT	0x28
#define MI_LOAD_REGISTER_REG	0x2a
#define MI_ATOMIC		0x2f
#define MI_BATCH_BUFFER_START	0x31
#define MI_COND_BB_END		0x36

#define GGTT_BIT		(1u << 22)	/* SDI, SRM/LRM, atomics, waits */
#define PIPE_CONTROL_HDR	0x7a000000u
#define PIPE_CONTROL_MASK	0xffff0000u

#define HWSP_INDEX_MIN		0x10		/* dwords below are the HW's */
#define MAX_CMD_DWORDS		256

/* Where the global status page's address is (from the engine's base). */
#define CS_HWS_PGA		0x80

static const struct {
	uint32_t base;
	unsigned int hw_class, instance;
} engine_info[VDG1_ENGINE_COUNT] = {
	[VDG1_ENGINE_RCS0] = { RENDER_RING_BASE, 0, 0 },
	[VDG1_ENGINE_BCS0] = { BLT_RING_BASE, 3, 0 },
	[VDG1_ENGINE_VCS0] = { GEN11_BSD_RING_BASE, 1, 0 },
	[VDG1_ENGINE_VCS2] = { GEN11_BSD3_RING_BASE, 1, 2 },
	[VDG1_ENGINE_VECS0] = { GEN11_VEBOX_RING_BASE, 2, 0 },
};

uint32_t vdg1_engine_mmio_base(unsigned int engine)
{
	return engine < VDG1_ENGINE_COUNT ? engine_info[engine].base : 0;
}

unsigned int vdg1_engine_hw_class(unsigned int engine)
{
	return engine < VDG1_ENGINE_COUNT ? engine_info[engine].hw_class : 0;
}

unsigned int vdg1_engine_instance(unsigned int engine)
{
	return engine < VDG1_ENGINE_COUNT ? engine_info[engine].instance : 0;
}

void vdg1_cs_init(struct vdg1_cs *cs, struct vdg1_core *core,
		  unsigned int engine)
{
	memset(cs, 0, sizeof(*cs));
	cs->core = core;
	cs->engine = engine;
	cs->hw_class = vdg1_engine_hw_class(engine);
	cs->instance = vdg1_engine_instance(engine);
	cs->mmio_base = vdg1_engine_mmio_base(engine);
	cs->arb_enabled = true;
	cs->ring_privileged = true;
	cs->ppgtt.engine_id = engine;
}

void vdg1_cs_set_wa_batches(struct vdg1_cs *cs, uint32_t indirect,
			    uint32_t bytes, uint32_t per_ctx)
{
	cs->wa_n = 0;
	cs->wa_i = 0;
	cs->wa_active = false;
	if (indirect && bytes) {
		cs->wa[cs->wa_n].addr = indirect;
		cs->wa[cs->wa_n++].end = indirect + bytes;
	}
	if (per_ctx) {
		cs->wa[cs->wa_n].addr = per_ctx;
		cs->wa[cs->wa_n++].end = 0;
	}
}

/* Start workaround batch wa_i as a privileged first-level batch. */
static void wa_begin(struct vdg1_cs *cs)
{
	if (!cs->wa_active) {
		cs->wa_saved_depth = cs->depth;
		memcpy(cs->wa_saved_addr, cs->bb_addr, sizeof(cs->bb_addr));
		memcpy(cs->wa_saved_ppgtt, cs->bb_ppgtt, sizeof(cs->bb_ppgtt));
		cs->wa_active = true;
	}
	cs->depth = 1;
	cs->bb_addr[1] = cs->wa[cs->wa_i].addr;
	cs->bb_ppgtt[1] = false;
}

/* One workaround batch done: the next, or the context where it was. */
static void wa_next(struct vdg1_cs *cs)
{
	if (++cs->wa_i < cs->wa_n) {
		wa_begin(cs);
		return;
	}
	cs->depth = cs->wa_saved_depth;
	memcpy(cs->bb_addr, cs->wa_saved_addr, sizeof(cs->bb_addr));
	memcpy(cs->bb_ppgtt, cs->wa_saved_ppgtt, sizeof(cs->bb_ppgtt));
	cs->wa_active = false;
	cs->wa_n = 0;
	cs->wa_i = 0;
}

/* Where the command being executed comes from. */
static bool cs_privileged(const struct vdg1_cs *cs)
{
	if (!cs->depth)
		return cs->ring_privileged;
	return !cs->bb_ppgtt[cs->depth];
}

static struct vdg1_gpu_vm cs_vm(const struct vdg1_cs *cs, bool ggtt)
{
	struct vdg1_gpu_vm vm = cs->ppgtt;

	vm.ggtt = ggtt;
	vm.engine_id = cs->engine;
	return vm;
}

/* Read @n dwords of the command at the current position. */
static int cs_fetch(struct vdg1_cs *cs, uint32_t *dw, unsigned int n)
{
	struct vdg1_core *core = cs->core;
	struct vdg1_gpu_vm vm;
	uint32_t first;

	if (cs->depth) {
		vm = cs_vm(cs, !cs->bb_ppgtt[cs->depth]);
		return vdg1_mmu_read(core, &vm, cs->bb_addr[cs->depth], dw,
				     4 * n);
	}
	vm = cs_vm(cs, true);
	first = cs->ring_size - cs->head;
	if (4 * n <= first)
		return vdg1_mmu_read(core, &vm, cs->ring_start + cs->head, dw,
				     4 * n);
	if (vdg1_mmu_read(core, &vm, cs->ring_start + cs->head, dw, first))
		return -1;
	return vdg1_mmu_read(core, &vm, cs->ring_start,
			     (uint8_t *)dw + first, 4 * n - first);
}

/* Dwords the ring still holds from head to tail. */
static uint32_t ring_space(const struct vdg1_cs *cs)
{
	return (cs->tail - cs->head + cs->ring_size) % cs->ring_size / 4;
}

static void cs_advance(struct vdg1_cs *cs, unsigned int n)
{
	if (cs->depth)
		cs->bb_addr[cs->depth] += 4 * n;
	else
		cs->head = (cs->head + 4 * n) % cs->ring_size;
}

/* The command's length in dwords from its header; 0 if unknown. */
static unsigned int cmd_length(uint32_t h)
{
	switch (CMD_CLIENT(h)) {
	case CLIENT_MI:
		switch (MI_OPCODE(h)) {
		case MI_NOOP: case MI_USER_INTERRUPT: case MI_ARB_CHECK:
		case MI_ARB_ON_OFF: case MI_BATCH_BUFFER_END:
			return 1;
		case MI_SEMAPHORE_WAIT:		/* token in 9:5 */
			return (h & 0x1f) + 2;
		case MI_STORE_DATA_IMM: case MI_FLUSH_DW:
		case MI_REPORT_PERF_COUNT:
			return (h & 0x3f) + 2;
		case MI_MATH: case MI_STORE_DATA_INDEX:
		case MI_LOAD_REGISTER_IMM: case MI_STORE_REGISTER_MEM:
		case MI_LOAD_REGISTER_MEM: case MI_LOAD_REGISTER_REG:
		case MI_ATOMIC: case MI_BATCH_BUFFER_START: case MI_COND_BB_END:
			return (h & 0xff) + 2;
		}
		return 0;
	case CLIENT_2D:
	case CLIENT_GFXPIPE:
		return (h & 0xff) + 2;
	}
	return 0;
}

static enum vdg1_cs_stop cs_error(struct vdg1_cs *cs, uint32_t header,
				  const char *why)
{
	struct vdg1_core *core = cs->core;

	cs->error_header = header;
	core->cnt.engine_cs_errors[cs->engine]++;
	core->cnt.last_cs_error = header;
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		      "vdg1: engine %u: instruction error 0x%08x: %s",
		      cs->engine, header, why);
	return VDG1_CS_ERROR;
}

/* ---- memory ---- */

static uint64_t addr48(uint32_t lo, uint32_t hi)
{
	return ((uint64_t)(hi & 0xffff) << 32 | lo);
}

static int mem_write(struct vdg1_cs *cs, bool ggtt, uint64_t addr,
		     const void *buf, size_t len)
{
	struct vdg1_gpu_vm vm = cs_vm(cs, ggtt);

	return vdg1_mmu_write(cs->core, &vm, addr, buf, len);
}

static int mem_read(struct vdg1_cs *cs, bool ggtt, uint64_t addr, void *buf,
		    size_t len)
{
	struct vdg1_gpu_vm vm = cs_vm(cs, ggtt);

	return vdg1_mmu_read(cs->core, &vm, addr, buf, len);
}

/* The global status page (HWS_PGA), where privileged indexes go. */
static uint32_t hwsp_addr(struct vdg1_cs *cs)
{
	return vdg1_cs_reg_read(cs, cs->mmio_base + CS_HWS_PGA) & ~0xfffu;
}

static uint64_t timestamp(struct vdg1_cs *cs)
{
	return vdg1_timestamp_ticks(cs->core->access_ns);
}

/* ---- commands ---- */

static enum vdg1_cs_stop do_sdi(struct vdg1_cs *cs, const uint32_t *d,
				unsigned int len)
{
	bool ggtt = d[0] & GGTT_BIT, qw = d[0] & (1u << 21);

	if (ggtt && !cs_privileged(cs))
		return cs_error(cs, d[0], "GGTT store from a user batch");
	if (len != (qw ? 5u : 4u))
		return cs_error(cs, d[0], "bad length");
	if (mem_write(cs, ggtt, addr48(d[1], d[2]), &d[3], qw ? 8 : 4))
		return VDG1_CS_FAULT;
	return VDG1_CS_EMPTY;
}

static enum vdg1_cs_stop do_sdi_index(struct vdg1_cs *cs, const uint32_t *d,
				      unsigned int len)
{
	uint32_t index = (d[1] >> 2) & 0x3ff;

	if (!cs_privileged(cs))
		return cs_error(cs, d[0], "MI_STORE_DATA_INDEX from a user batch");
	if (len != 3 || index < HWSP_INDEX_MIN)
		return cs_error(cs, d[0], "bad length or index");
	if (mem_write(cs, true, hwsp_addr(cs) + 4 * index, &d[2], 4))
		return VDG1_CS_FAULT;
	return VDG1_CS_EMPTY;
}

static enum vdg1_cs_stop do_lri(struct vdg1_cs *cs, const uint32_t *d,
				unsigned int len)
{
	bool cs_mmio = d[0] & (1u << 19);
	unsigned int i;

	if (!(len & 1) || len < 3)
		return cs_error(cs, d[0], "bad length");
	for (i = 1; i < len; i += 2) {
		uint32_t reg = vdg1_cs_reg_offset(cs, d[i], cs_mmio);

		if (!cs_privileged(cs) && !vdg1_cs_reg_user_writable(cs, reg))
			return cs_error(cs, d[0], "privileged register");
	}
	for (i = 1; i < len; i += 2)
		vdg1_cs_reg_write(cs, vdg1_cs_reg_offset(cs, d[i], cs_mmio), d[i + 1]);
	return VDG1_CS_EMPTY;
}

static enum vdg1_cs_stop do_srm_lrm(struct vdg1_cs *cs, const uint32_t *d,
				    unsigned int len, bool load)
{
	bool ggtt = d[0] & GGTT_BIT;
	uint32_t reg = vdg1_cs_reg_offset(cs, d[1], d[0] & (1u << 19)), val;
	uint64_t addr = addr48(d[2], d[3]);

	if (len != 4)
		return cs_error(cs, d[0], "bad length");
	if (!cs_privileged(cs) && (ggtt || (load && !vdg1_cs_reg_user_writable(cs, reg))))
		return cs_error(cs, d[0], "privileged register or GGTT");
	if (load) {
		if (mem_read(cs, ggtt, addr, &val, 4))
			return VDG1_CS_FAULT;
		vdg1_cs_reg_write(cs, reg, val);
		return VDG1_CS_EMPTY;
	}
	val = vdg1_cs_reg_read(cs, reg);
	if (mem_write(cs, ggtt, addr, &val, 4))
		return VDG1_CS_FAULT;
	return VDG1_CS_EMPTY;
}

static enum vdg1_cs_stop do_lrr(struct vdg1_cs *cs, const uint32_t *d,
				unsigned int len)
{
	uint32_t src = vdg1_cs_reg_offset(cs, d[1], d[0] & (1u << 18));
	uint32_t dst = vdg1_cs_reg_offset(cs, d[2], d[0] & (1u << 19));

	if (len != 3)
		return cs_error(cs, d[0], "bad length");
	if (!cs_privileged(cs) && !vdg1_cs_reg_user_writable(cs, dst))
		return cs_error(cs, d[0], "privileged register");
	vdg1_cs_reg_write(cs, dst, vdg1_cs_reg_read(cs, src));
	return VDG1_CS_EMPTY;
}

/* Post-sync operation of MI_FLUSH_DW / PIPE_CONTROL: 1 data, 3 timestamp. */
static enum vdg1_cs_stop post_sync(struct vdg1_cs *cs, uint32_t header,
				   unsigned int op, bool ggtt, bool index,
				   uint64_t addr, uint64_t data, bool qw)
{
	uint64_t v = op == 3 ? timestamp(cs) : data;

	if (!op)
		return VDG1_CS_EMPTY;
	if (op == 2)
		return cs_error(cs, header, "reserved post-sync operation");
	if (!cs_privileged(cs) && (ggtt || index))
		return cs_error(cs, header, "GGTT post-sync from a user batch");
	if (index) {
		addr = hwsp_addr(cs) + (addr & 0xff8);
		ggtt = true;
	}
	if (mem_write(cs, ggtt, addr, &v, op == 3 || qw ? 8 : 4))
		return VDG1_CS_FAULT;
	return VDG1_CS_EMPTY;
}

/*
 * TLB Invalidate (bit 18 of MI_FLUSH_DW's header and of PIPE_CONTROL's
 * DW1): the engine's TLB is emptied once the flush is done, and the bit
 * counts only with a post-sync write of data or a timestamp (Ivy Bridge
 * PRM Vol 1 Part 5, MI_FLUSH_DW: "only valid when the Post-Sync Operation
 * field is a value of 1h or 3h"; i915 gen12_emit_flush_xcs() and
 * gen12_emit_flush_rcs() always pair it with one).
 */
static bool tlb_invalidate(unsigned int op, uint32_t dw)
{
	return dw & (1u << 18) && (op == 1 || op == 3);
}

static enum vdg1_cs_stop do_flush_dw(struct vdg1_cs *cs, const uint32_t *d,
				     unsigned int len)
{
	unsigned int op = (d[0] >> 14) & 3;
	enum vdg1_cs_stop st;

	if (cs->hw_class == 0)
		return cs_error(cs, d[0], "MI_FLUSH_DW on the render engine");
	if (len != 4 && len != 5)
		return cs_error(cs, d[0], "bad length");
	st = post_sync(cs, d[0], op, d[1] & 4, d[0] & (1u << 21),
		       addr48(d[1] & ~7u, d[2]),
		       d[3] | (len == 5 ? (uint64_t)d[4] << 32 : 0), len == 5);
	if (st == VDG1_CS_EMPTY && tlb_invalidate(op, d[0]))
		vdg1_mmu_tlb_invalidate(cs->core, cs->engine);
	if (st == VDG1_CS_EMPTY && d[0] & (1u << 8))
		vdg1_irq_engine(cs->core, cs->engine, VDG1_IRQ_FLUSH_NOTIFY);
	return st;
}

static enum vdg1_cs_stop do_pipe_control(struct vdg1_cs *cs,
					 const uint32_t *d, unsigned int len)
{
	unsigned int op = (d[1] >> 14) & 3;
	enum vdg1_cs_stop st;

	if (cs->hw_class != 0)
		return cs_error(cs, d[0], "PIPE_CONTROL off the render engine");
	if (len != 6)
		return cs_error(cs, d[0], "bad length");
	st = post_sync(cs, d[0], op, d[1] & (1u << 24), d[1] & (1u << 21),
		       addr48(d[2] & ~7u, d[3]),
		       d[4] | (uint64_t)d[5] << 32, true);
	if (st == VDG1_CS_EMPTY && tlb_invalidate(op, d[1]))
		vdg1_mmu_tlb_invalidate(cs->core, cs->engine);
	if (st == VDG1_CS_EMPTY && d[1] & (1u << 8))
		vdg1_irq_engine(cs->core, cs->engine, VDG1_IRQ_FLUSH_NOTIFY);
	return st;
}

static bool compare(unsigned int op, uint64_t mem, uint64_t data, bool *ok)
{
	*ok = true;
	switch (op) {
	case 0: return mem > data;
	case 1: return mem >= data;
	case 2: return mem < data;
	case 3: return mem <= data;
	case 4: return mem == data;
	case 5: return mem != data;
	}
	*ok = false;
	return false;
}

static enum vdg1_cs_stop do_semaphore_wait(struct vdg1_cs *cs,
					   const uint32_t *d, unsigned int len,
					   bool *jumped)
{
	bool ggtt = d[0] & GGTT_BIT, ok;
	uint32_t mem;

	if (len != 4 && len != 5)
		return cs_error(cs, d[0], "bad length");
	if (ggtt && !cs_privileged(cs))
		return cs_error(cs, d[0], "GGTT semaphore from a user batch");
	/*
	 * Register poll (bit 16, i915 MI_SEMAPHORE_REGISTER_POLL): the
	 * address is a register's; i915 waits so for the AUX table
	 * invalidation to finish.
	 */
	if (d[0] & (1u << 16)) {
		if (!cs_privileged(cs))
			return cs_error(cs, d[0], "register poll from a user batch");
		mem = vdg1_cs_reg_read(cs, d[2] & 0x3ffffc);
	} else if (mem_read(cs, ggtt, addr48(d[2], d[3]), &mem, 4)) {
		return VDG1_CS_FAULT;
	}
	/* Signal mode is waited for by polling too. */
	if (compare((d[0] >> 12) & 7, mem, d[1], &ok))
		return VDG1_CS_EMPTY;
	if (!ok)
		return cs_error(cs, d[0], "bad compare operation");
	/* An unsuccessful wait is an arbitration point; it resumes here. */
	if (cs->preempt_pending && cs->arb_enabled) {
		*jumped = true;
		return VDG1_CS_ARB;
	}
	return VDG1_CS_WAIT;
}

static enum vdg1_cs_stop do_cond_bb_end(struct vdg1_cs *cs, const uint32_t *d,
					unsigned int len)
{
	bool ggtt = d[0] & GGTT_BIT;
	uint32_t mem;

	if (len != 4 || cs->depth != 1)
		return cs_error(cs, d[0], "bad length or not a first-level batch");
	if (ggtt && !cs_privileged(cs))
		return cs_error(cs, d[0], "GGTT compare from a user batch");
	if (mem_read(cs, ggtt, addr48(d[2] & ~7u, d[3]), &mem, 4))
		return VDG1_CS_FAULT;
	/* The batch goes on only while memory > data. */
	if (mem <= d[1])
		cs->depth = 0;
	return VDG1_CS_EMPTY;
}

static enum vdg1_cs_stop do_bb_start(struct vdg1_cs *cs, const uint32_t *d,
				     unsigned int len, bool *jumped)
{
	bool ppgtt = d[0] & (1u << 8), second = d[0] & (1u << 22);
	unsigned int level;

	if (len != 3)
		return cs_error(cs, d[0], "bad length");
	if (!ppgtt && !cs_privileged(cs))
		return cs_error(cs, d[0], "GGTT batch from a user batch");
	/*
	 * Predicated (bit 15, render only): taken only while bit 0 of
	 * MI_PREDICATE_RESULT_1 is set, else the command does nothing (i915
	 * gt/intel_gpu_commands.h MI_BATCH_PREDICATE; i915_perf.c's NOA wait
	 * loops on it).
	 */
	if (d[0] & (1u << 15)) {
		if (cs->hw_class != 0)
			return cs_error(cs, d[0], "predicated batch off render");
		if (!(cs->predicate_result_1 & 1))
			return VDG1_CS_EMPTY;
	}
	if (!cs->depth)
		level = 1;
	else if (second)
		level = cs->depth + 1;
	else
		level = cs->depth;	/* chained */
	if (level >= VDG1_CS_LEVELS)
		return cs_error(cs, d[0], "batch nesting too deep");
	/* Past the command, for the return. */
	cs_advance(cs, 3);
	cs->depth = level;
	cs->bb_addr[level] = addr48(d[1] & ~3u, d[2]);
	/* A batch is never more privileged than its parent. */
	cs->bb_ppgtt[level] = ppgtt || (level > 1 && cs->bb_ppgtt[level - 1]);
	*jumped = true;
	return VDG1_CS_EMPTY;
}

/* MI_ATOMIC (opcodes in 15:8, HARDWARE.md 9.5); 32 and 64-bit forms. */
static enum vdg1_cs_stop do_atomic(struct vdg1_cs *cs, const uint32_t *d,
				   unsigned int len)
{
	bool ggtt = d[0] & GGTT_BIT, inline_data = d[0] & (1u << 18);
	unsigned int op = (d[0] >> 8) & 0xff, size = op & 0x20 ? 8 : 4;
	uint64_t addr = addr48(d[1], d[2]), old = 0, v, s0, s1;

	if (len != (inline_data ? 11u : 3u) || (op & 0xc0))
		return cs_error(cs, d[0], "bad length or unsupported operation");
	if (ggtt && !cs_privileged(cs))
		return cs_error(cs, d[0], "GGTT atomic from a user batch");
	if (mem_read(cs, ggtt, addr, &old, size))
		return VDG1_CS_FAULT;
	/* Operands: inline data, else GPR0/GPR1 (i915 gen8_engine_cs.c). */
	s0 = inline_data ? d[3] | (uint64_t)d[4] << 32 : cs->gpr[0];
	s1 = inline_data ? d[5] | (uint64_t)d[6] << 32 : cs->gpr[1];
	if (size == 4) {
		s0 &= 0xffffffff;
		s1 &= 0xffffffff;
	}
	switch (op & 0x1f) {
	case 0x01: v = old & s0; break;
	case 0x02: v = old | s0; break;
	case 0x03: v = old ^ s0; break;
	case 0x04: v = s0; break;
	case 0x05: v = old + 1; break;
	case 0x06: v = old - 1; break;
	case 0x07: v = old + s0; break;
	case 0x08: v = old - s0; break;
	case 0x09: v = s0 - old; break;
	case 0x0c: v = old > s0 ? old : s0; break;
	case 0x0d: v = old < s0 ? old : s0; break;
	case 0x0e: v = old == s0 ? s1 : old; break;
	case 0x0f: v = old - 1; break;
	default:
		return cs_error(cs, d[0], "unsupported atomic operation");
	}
	if (mem_write(cs, ggtt, addr, &v, size))
		return VDG1_CS_FAULT;
	/* The old value (the new one for PREDEC) returns to GPR0. */
	cs->gpr[0] = (op & 0x1f) == 0x0f ? v : old;
	return VDG1_CS_EMPTY;
}

/* MI_MATH: the CS ALU (Vol 13 General Assets, "Command Streamer ALU"). */
struct alu {
	uint64_t srca, srcb, accu;
	bool zf, cf;
};

static uint64_t *alu_reg(struct vdg1_cs *cs, struct alu *a, unsigned int r)
{
	if (r < VDG1_CS_GPRS)
		return &cs->gpr[r];
	if (r == 0x20)
		return &a->srca;
	if (r == 0x21)
		return &a->srcb;
	if (r == 0x31)
		return &a->accu;
	return NULL;
}

static enum vdg1_cs_stop do_math(struct vdg1_cs *cs, const uint32_t *d,
				 unsigned int len)
{
	struct alu a = { 0 };
	unsigned int i;

	for (i = 1; i < len; i++) {
		unsigned int opc = d[i] >> 20, op1 = (d[i] >> 10) & 0x3ff;
		unsigned int op2 = d[i] & 0x3ff;
		uint64_t *dst = alu_reg(cs, &a, op1), *src = alu_reg(cs, &a, op2);
		uint64_t flag;

		switch (opc) {
		case 0x000:
			break;
		case 0x080: case 0x480:
			if (!dst || !src || (op1 != 0x20 && op1 != 0x21))
				return cs_error(cs, d[0], "bad ALU LOAD");
			*dst = opc == 0x480 ? ~*src : *src;
			break;
		case 0x081: case 0x481:
			if (op1 != 0x20 && op1 != 0x21)
				return cs_error(cs, d[0], "bad ALU LOAD0/1");
			*dst = opc == 0x481 ? ~0ull : 0;
			break;
		case 0x100:
			a.accu = a.srca + a.srcb;
			a.cf = a.accu < a.srca;
			a.zf = !a.accu;
			break;
		case 0x101:
			a.accu = a.srca - a.srcb;
			a.cf = a.srca < a.srcb;
			a.zf = !a.accu;
			break;
		case 0x102: case 0x103: case 0x104:
			a.accu = opc == 0x102 ? a.srca & a.srcb :
				 opc == 0x103 ? a.srca | a.srcb :
						a.srca ^ a.srcb;
			a.zf = !a.accu;
			a.cf = false;
			break;
		case 0x180: case 0x580:
			if (op1 >= VDG1_CS_GPRS)
				return cs_error(cs, d[0], "bad ALU STORE");
			if (op2 == 0x32 || op2 == 0x33)
				flag = (op2 == 0x32 ? a.zf : a.cf) ? ~0ull : 0;
			else if (src && op2 != op1)
				flag = *src;
			else
				return cs_error(cs, d[0], "bad ALU STORE");
			cs->gpr[op1] = opc == 0x580 ? ~flag : flag;
			break;
		default:
			return cs_error(cs, d[0], "bad ALU opcode");
		}
	}
	return VDG1_CS_EMPTY;
}

/*
 * MI_REPORT_PERF_COUNT (HARDWARE.md 9.8): DW1 the 64-byte aligned address
 * (31:6) with the GGTT select in bit 0, DW2 address 47:32, DW3 the report
 * ID; 4 dwords on Gen8+ (the length IGT's tests/i915/perf.c emits; not in
 * the manuals here). Render only (OAR is RCS's). GGTT from a user batch
 * is a NOOP, not an error (Vol 13 "User Mode Privileged Commands").
 */
static enum vdg1_cs_stop do_report_perf(struct vdg1_cs *cs, const uint32_t *d,
					unsigned int len)
{
	bool ggtt = d[1] & 1;
	struct vdg1_gpu_vm vm = cs_vm(cs, ggtt);

	if (cs->hw_class != 0)
		return cs_error(cs, d[0], "MI_REPORT_PERF_COUNT off the render engine");
	if (len != 4)
		return cs_error(cs, d[0], "bad length");
	if (ggtt && !cs_privileged(cs))
		return VDG1_CS_EMPTY;
	if (vdg1_oa_mi_rpc(cs->core, &vm, addr48(d[1] & ~63u, d[2]), d[3]))
		return VDG1_CS_FAULT;
	return VDG1_CS_EMPTY;
}

/* One command; *@jumped when it moved the position itself. */

/*
 * The counters page's time from the engine's last EXECLIST_CONTROL load
 * (@loaded_ns, set by the execlists) to its next user interrupt, on the
 * host's clock: how late the host ran the engine's events counts too,
 * as a guest sees it.
 */
static void count_load_to_user_irq(struct vdg1_cs *cs)
{
	struct vdg1_counters_page *c = &cs->core->cnt;
	uint64_t now = vdg1_host_now(&cs->core->host), sum;

	if (cs->loaded_ns && now >= cs->loaded_ns) {
		sum = (uint64_t)c->load_to_user_irq_ns_hi << 32 |
		      c->load_to_user_irq_ns_lo;
		sum += now - cs->loaded_ns;
		c->load_to_user_irq_ns_lo = (uint32_t)sum;
		c->load_to_user_irq_ns_hi = (uint32_t)(sum >> 32);
		c->load_to_user_irqs++;
	}
	cs->loaded_ns = 0;
}

static enum vdg1_cs_stop cs_exec(struct vdg1_cs *cs, const uint32_t *d,
				 unsigned int len, bool *jumped,
				 uint32_t *cost)
{
	uint32_t h = d[0];

	if (CMD_CLIENT(h) == CLIENT_2D) {
		if (cs->hw_class != 3)
			return cs_error(cs, h, "blit off the copy engine");
		return vdg1_blt_exec(cs, d, len, cost);
	}
	if (CMD_CLIENT(h) == CLIENT_GFXPIPE) {
		if ((h & PIPE_CONTROL_MASK) != PIPE_CONTROL_HDR)
			return cs_error(cs, h, "unsupported 3D/media command");
		return do_pipe_control(cs, d, len);
	}
	switch (MI_OPCODE(h)) {
	case MI_NOOP:
		return VDG1_CS_EMPTY;
	case MI_USER_INTERRUPT:
		count_load_to_user_irq(cs);
		vdg1_irq_engine(cs->core, cs->engine, VDG1_IRQ_USER);
		return VDG1_CS_EMPTY;
	case MI_ARB_CHECK:
		if (cs->preempt_pending && cs->arb_enabled) {
			/* Resumes after the check. */
			cs_advance(cs, 1);
			*jumped = true;
			return VDG1_CS_ARB;
		}
		return VDG1_CS_EMPTY;
	case MI_ARB_ON_OFF:
		if (!cs_privileged(cs))
			return cs_error(cs, h, "MI_ARB_ON_OFF from a user batch");
		cs->arb_enabled = h & 1;
		return VDG1_CS_EMPTY;
	case MI_BATCH_BUFFER_END:
		if (!cs->depth)
			return cs_error(cs, h, "MI_BATCH_BUFFER_END in the ring");
		/* The end of a workaround batch: back to the context. */
		if (cs->wa_active && cs->depth == 1) {
			wa_next(cs);
			*jumped = true;
			return VDG1_CS_EMPTY;
		}
		/* Back to the parent, past its MI_BATCH_BUFFER_START. */
		cs->depth--;
		*jumped = true;
		return VDG1_CS_EMPTY;
	case MI_BATCH_BUFFER_START:
		return do_bb_start(cs, d, len, jumped);
	case MI_STORE_DATA_IMM:
		return do_sdi(cs, d, len);
	case MI_STORE_DATA_INDEX:
		return do_sdi_index(cs, d, len);
	case MI_LOAD_REGISTER_IMM:
		return do_lri(cs, d, len);
	case MI_STORE_REGISTER_MEM:
		return do_srm_lrm(cs, d, len, false);
	case MI_LOAD_REGISTER_MEM:
		return do_srm_lrm(cs, d, len, true);
	case MI_LOAD_REGISTER_REG:
		return do_lrr(cs, d, len);
	case MI_FLUSH_DW:
		return do_flush_dw(cs, d, len);
	case MI_SEMAPHORE_WAIT:
		return do_semaphore_wait(cs, d, len, jumped);
	case MI_ATOMIC:
		return do_atomic(cs, d, len);
	case MI_MATH:
		return do_math(cs, d, len);
	case MI_REPORT_PERF_COUNT:
		return do_report_perf(cs, d, len);
	case MI_COND_BB_END: {
		unsigned int depth = cs->depth;
		enum vdg1_cs_stop st = do_cond_bb_end(cs, d, len);

		if (cs->depth != depth)
			*jumped = true;
		return st;
	}
	}
	return cs_error(cs, h, "unknown command");
}

enum vdg1_cs_stop vdg1_cs_run(struct vdg1_cs *cs, uint32_t *budget)
{
	uint32_t d[MAX_CMD_DWORDS];

	while (*budget) {
		enum vdg1_cs_stop st;
		unsigned int len;
		uint32_t cost = 1;
		bool jumped = false;

		if (cs->wa_n && !cs->wa_active)
			wa_begin(cs);
		/* INDIRECT_CTX runs exactly its size: no end command. */
		if (cs->wa_active && cs->depth == 1 && cs->wa[cs->wa_i].end &&
		    cs->bb_addr[1] >= cs->wa[cs->wa_i].end) {
			wa_next(cs);
			continue;
		}
		if (!cs->depth && cs->head == cs->tail)
			return VDG1_CS_EMPTY;
		if (cs_fetch(cs, d, 1))
			return VDG1_CS_FAULT;
		cs->ipehr = d[0];
		len = cmd_length(d[0]);
		if (!len || len > MAX_CMD_DWORDS)
			return cs_error(cs, d[0], "unknown command");
		if (!cs->depth && len > ring_space(cs))
			return cs_error(cs, d[0], "command runs past the tail");
		if (len > 1 && cs_fetch(cs, d, len))
			return VDG1_CS_FAULT;
		st = cs_exec(cs, d, len, &jumped, &cost);
		if (st == VDG1_CS_ERROR || st == VDG1_CS_FAULT ||
		    st == VDG1_CS_WAIT)
			return st;
		if (!jumped)
			cs_advance(cs, len);
		cs->commands++;
		cs->core->cnt.engine_commands[cs->engine]++;
		vdg1_oa_command(cs->core, cs->engine,
				CMD_CLIENT(d[0]) == CLIENT_2D ? cost : 0);
		*budget -= cost < *budget ? cost : *budget;
		if (st == VDG1_CS_ARB)
			return st;
	}
	return VDG1_CS_BUDGET;
}
