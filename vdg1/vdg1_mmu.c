// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_mmu.c - the GPU's translations as the engines see them: counted,
 * faults recorded, memory reached through the host; and the per-engine TLB
 * invalidation registers.
 *
 * Fault record (i915 gt/intel_gt_regs.h, gt/intel_gt.c): a failed
 * translation sets GEN12_RING_FAULT_REG with VALID (bit 0), the fault type
 * (2:1; 0 not present, 1 write access violation, as xe
 * regs/xe_pagefault_desc.h numbers them), GTTSEL (bit 11) for the GGTT and
 * the engine (16:12); the source id (10:3) is left 0, the model has one
 * source per engine. GEN12_FAULT_TLB_DATA0 holds address bits 43:12,
 * DATA1 bits 47:44 in 3:0 and FAULT_GTT_SEL in bit 4. The record holds the
 * first fault until the driver clears VALID: i915 clears it with a
 * read-modify-write that writes VALID as 0 (intel_gt_clear_error_registers),
 * so a write with bit 0 clear clears it and a write with bit 0 set leaves
 * the record alone (software cannot forge a fault); the other bits are
 * read-only. Faults while VALID is set are counted but not recorded, so
 * the driver reads one consistent record. Each fault of an engine's PPGTT
 * access also raises that engine's page-fault interrupt (bit 7). A
 * translation that reads a
 * table beyond LMEM, or a VA outside the 47 bits, is recorded as "not
 * present": the hardware's behaviour there is not documented.
 *
 * TLB invalidation (i915 gt/intel_tlb.c mmio_invalidate_full, Gen12): the
 * driver writes BIT(instance) of each awake engine to its class's
 * *_TLB_INV_CR, and on DG1 1 to GEN12_OA_TLB_INV_CR (Wa_2207587034), then
 * polls each engine's bit until it reads 0. Here a request bit of an
 * engine that exists stays set for VDG1_TLB_INV_NS, then clears, and only
 * then is that engine's TLB (vdg1_tlb.h) empty; writing 0 cancels nothing;
 * bits of absent engines are dropped; each bit requested is counted in
 * tlb_invalidations. An engine also empties its own TLB with MI_FLUSH_DW
 * or PIPE_CONTROL and TLB Invalidate (vdg1_cs.c), and a write of
 * GFX_FLSH_CNTL_EN to GFX_FLSH_CNTL drops every TLB's GGTT entries (i915
 * gt/intel_ggtt.c, gen8_ggtt_invalidate(); counted in ggtt_invalidations).
 * A device reset empties them all; nothing else does.
 *
 * The private PAT (GEN12_PAT_INDEX, vdg1_regdefs.h) is decoded, not obeyed:
 * a model without caches has no memory type to honour, so each PPGTT
 * access is counted by its leaf's PAT index and by the type the PAT gives
 * it (counters page), which is how a test sees a driver that leaves the
 * PAT bits out of its entries or the PAT unprogrammed.
 */
#include "vdg1_state.h"
#include "vdg1_fw.h"
#include "vdg1_ggtt.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_mmu.h"
#include "vdg1_ppgtt.h"
#include "vdg1_regdefs.h"
#include "vdg1_xlate.h"

static const uint32_t tlb_inv_offsets[VDG1_TLB_INV_REGS] = {
	GEN12_GFX_TLB_INV_CR,
	GEN12_VD_TLB_INV_CR,
	GEN12_VE_TLB_INV_CR,
	GEN12_BLT_TLB_INV_CR,
	GEN12_OA_TLB_INV_CR,
};

/* The TLB behind request bit @bit of the *_TLB_INV_CR at @offset. */
static int tlb_of_bit(uint32_t offset, unsigned int bit)
{
	switch (offset) {
	case GEN12_GFX_TLB_INV_CR:
		return bit == 0 ? VDG1_ENGINE_RCS0 : -1;
	case GEN12_BLT_TLB_INV_CR:
		return bit == 0 ? VDG1_ENGINE_BCS0 : -1;
	case GEN12_VD_TLB_INV_CR:
		return bit == 0 ? VDG1_ENGINE_VCS0 :
		       bit == 2 ? VDG1_ENGINE_VCS2 : -1;
	case GEN12_VE_TLB_INV_CR:
		return bit == 0 ? VDG1_ENGINE_VECS0 : -1;
	case GEN12_OA_TLB_INV_CR:
		return bit == 0 ? VDG1_TLB_OA : -1;
	}
	return -1;
}

static void tlb_inv_done(void *opaque, uint64_t when)
{
	struct vdg1_tlb_inv *t = opaque;
	unsigned int bit;
	int i;

	(void)when;
	for (bit = 0; bit < 32; bit++) {
		if (!(t->pending & (1u << bit)))
			continue;
		i = tlb_of_bit(t->offset, bit);
		if (i >= 0)
			vdg1_tlb_flush(&t->core->mmu.tlb[i], false);
	}
	t->pending = 0;
}

/* Which request bits of @offset belong to an engine (or unit) that exists. */
static uint32_t tlb_inv_valid(const struct vdg1_core *core, uint32_t offset)
{
	uint32_t v = 0;

	switch (offset) {
	case GEN12_VD_TLB_INV_CR:
		if (vdg1_fw_present(core, VDG1_FW_VDBOX0))
			v |= 1u << 0;	/* VCS0 */
		if (vdg1_fw_present(core, VDG1_FW_VDBOX2))
			v |= 1u << 2;	/* VCS2 */
		return v;
	case GEN12_VE_TLB_INV_CR:
		return vdg1_fw_present(core, VDG1_FW_VEBOX0) ? 1u : 0;
	default:
		return 1u;		/* RCS0, BCS0, the OA unit */
	}
}

void vdg1_mmu_init(struct vdg1_core *core)
{
	unsigned int i;

	for (i = 0; i < VDG1_TLB_INV_REGS; i++) {
		struct vdg1_tlb_inv *t = &core->mmu.tlb_inv[i];

		t->core = core;
		t->offset = tlb_inv_offsets[i];
		t->valid = tlb_inv_valid(core, t->offset);
		t->pending = 0;
		vdg1_event_init(&t->done, "tlb-invalidate", tlb_inv_done, t);
	}
}

void vdg1_mmu_reset(struct vdg1_core *core)
{
	unsigned int i;

	core->mmu.ring_fault = 0;
	core->mmu.fault_data0 = 0;
	core->mmu.fault_data1 = 0;
	/* Power-on value unknown (no source gives it): 0, uncached. */
	for (i = 0; i < VDG1_PAT_ENTRIES; i++)
		core->mmu.pat[i] = 0;
	for (i = 0; i < VDG1_TLB_INV_REGS; i++) {
		core->mmu.tlb_inv[i].pending = 0;
		vdg1_event_cancel(&core->events, &core->mmu.tlb_inv[i].done);
	}
	for (i = 0; i < VDG1_TLBS; i++)
		vdg1_tlb_flush(&core->mmu.tlb[i], false);
}

/* ---- translation ---- */

static const char *reason_name(unsigned int reason)
{
	switch (reason) {
	case VDG1_XLATE_NOT_PRESENT:
		return "not present";
	case VDG1_XLATE_READ_ONLY:
		return "read-only";
	case VDG1_XLATE_VA_RANGE:
		return "out of range";
	case VDG1_XLATE_TABLE_OUTSIDE_LMEM:
		return "page table outside LMEM";
	}
	return "?";
}

static void record_fault(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
			 uint64_t va, const struct vdg1_xlate *xl)
{
	uint64_t page = va & ~(VDG1_PAGE_SIZE - 1);
	uint32_t type = xl->reason == VDG1_XLATE_READ_ONLY ?
			FAULT_TYPE_WRITE_ACCESS : FAULT_TYPE_NOT_PRESENT;
	struct vdg1_mmu *m = &core->mmu;

	core->cnt.page_faults++;
	/* An engine's PPGTT fault interrupts (vdg1_irq.h). */
	if (!vm->ggtt && vm->engine_id < VDG1_ENGINE_COUNT)
		vdg1_irq_engine(core, vm->engine_id, VDG1_IRQ_PAGE_FAULT);
	core->cnt.last_fault_lo = (uint32_t)page;
	core->cnt.last_fault_hi = (uint32_t)(page >> 32);
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		      "vdg1: GPU page fault, %s 0x%llx: %s at level %u, engine %u",
		      vm->ggtt ? "GGTT" : "PPGTT", (unsigned long long)va,
		      reason_name(xl->reason), xl->level, vm->engine_id);
	if (m->ring_fault & RING_FAULT_VALID)
		return;
	m->ring_fault = RING_FAULT_VALID | type << RING_FAULT_TYPE_SHIFT |
			(vm->ggtt ? RING_FAULT_GTTSEL : 0) |
			(vm->engine_id & RING_FAULT_ENGINE_ID_MASK) <<
			RING_FAULT_ENGINE_ID_SHIFT;
	m->fault_data0 = (uint32_t)(page >> 12);
	m->fault_data1 = ((uint32_t)(page >> 44) & FAULT_VA_HIGH_BITS) |
			 (vm->ggtt ? FAULT_GTT_SEL : 0);
}

static struct vdg1_tlb *tlb_of(struct vdg1_core *core, unsigned int engine_id)
{
	return &core->mmu.tlb[engine_id < VDG1_ENGINE_COUNT ? engine_id :
			      VDG1_TLB_OA];
}

/*
 * The translation alone, no counting, no record: from the engine's TLB, or
 * a walk that fills it.
 */
static int lookup(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		  uint64_t va, bool write, struct vdg1_xlate *xl)
{
	struct vdg1_tlb *t = tlb_of(core, vm->engine_id);
	int err;

	if (vdg1_tlb_lookup(t, vm->ggtt, vm->pml4, va, write, xl))
		return 0;
	err = vm->ggtt ? vdg1_ggtt_translate(core, va, xl) :
			 vdg1_ppgtt_walk(core, vm->pml4, va, write, xl);
	if (!err)
		vdg1_tlb_fill(t, vm->ggtt, vm->pml4, va, write, xl);
	return err;
}

void vdg1_mmu_tlb_invalidate(struct vdg1_core *core, unsigned int engine_id)
{
	vdg1_tlb_flush(tlb_of(core, engine_id), false);
}

int vdg1_mmu_translate(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		       uint64_t va, bool write, struct vdg1_xlate *xl)
{
	core->cnt.page_walks++;
	if (!lookup(core, vm, va, write, xl))
		return 0;
	record_fault(core, vm, va, xl);
	return -1;
}

/*
 * An access through a PPGTT leaf, by its PAT index and by the memory type
 * the private PAT gives that index now (the TLB keeps the index, as it
 * keeps the rest of the entry).
 */
static void count_memory_type(struct vdg1_core *core,
			      const struct vdg1_xlate *xl)
{
	if (xl->pat >= VDG1_PAT_ENTRIES)
		return;
	core->cnt.ppgtt_accesses_by_pat[xl->pat]++;
	core->cnt.ppgtt_accesses_by_mem_type[core->mmu.pat[xl->pat] &
					     GEN8_PPAT_MEM_TYPE_MASK]++;
}

/* Bytes from @va to the end of the page @xl maps, at most @left. */
static size_t chunk(const struct vdg1_xlate *xl, uint64_t va, size_t left)
{
	uint64_t room = xl->page_size - (va & (xl->page_size - 1));

	return room < left ? (size_t)room : left;
}

static int mmu_access(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		      uint64_t va, uint8_t *buf, size_t len, bool write)
{
	struct vdg1_xlate xl;
	size_t off, n;
	int err;

	/* Every page first: a fault anywhere must touch no memory. */
	for (off = 0; off < len; off += n) {
		if (lookup(core, vm, va + off, write, &xl))
			return vdg1_mmu_translate(core, vm, va + off, write, &xl);
		n = chunk(&xl, va + off, len - off);
	}
	for (off = 0; off < len; off += n) {
		if (vdg1_mmu_translate(core, vm, va + off, write, &xl))
			return -1;	/* the pass above saw no fault */
		n = chunk(&xl, va + off, len - off);
		count_memory_type(core, &xl);
		err = write ? vdg1_host_dma_write(&core->host, xl.mem, xl.addr,
						  buf + off, n) :
			      vdg1_host_dma_read(&core->host, xl.mem, xl.addr,
						 buf + off, n);
		if (err) {
			vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
				      "vdg1: GPU %s of %s 0x%llx: bus error",
				      write ? "write" : "read",
				      xl.mem == VDG1_MEM_LMEM ? "LMEM" : "memory",
				      (unsigned long long)xl.addr);
			return -2;
		}
	}
	return 0;
}

int vdg1_mmu_read(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		  uint64_t va, void *buf, size_t len)
{
	return mmu_access(core, vm, va, buf, len, false);
}

int vdg1_mmu_write(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		   uint64_t va, const void *buf, size_t len)
{
	return mmu_access(core, vm, va, (uint8_t *)buf, len, true);
}

/* ---- registers ---- */

static uint32_t fault_read(struct vdg1_core *core, uint32_t offset)
{
	switch (offset) {
	case GEN12_FAULT_TLB_DATA0:
		return core->mmu.fault_data0;
	case GEN12_FAULT_TLB_DATA1:
		return core->mmu.fault_data1;
	}
	return core->mmu.ring_fault;
}

/* Writing VALID as 0 clears the record; nothing else is writable. */
static void ring_fault_write(struct vdg1_core *core, uint32_t offset,
			     uint32_t val)
{
	(void)offset;
	if (!(val & RING_FAULT_VALID))
		core->mmu.ring_fault &= ~RING_FAULT_VALID;
}

static struct vdg1_tlb_inv *tlb_inv(struct vdg1_core *core, uint32_t offset)
{
	unsigned int i;

	for (i = 0; i < VDG1_TLB_INV_REGS; i++)
		if (core->mmu.tlb_inv[i].offset == offset)
			return &core->mmu.tlb_inv[i];
	return NULL;	/* not reached: the table lists only these */
}

static uint32_t tlb_inv_read(struct vdg1_core *core, uint32_t offset)
{
	struct vdg1_tlb_inv *t = tlb_inv(core, offset);

	return t ? t->pending : 0;
}

static void tlb_inv_write(struct vdg1_core *core, uint32_t offset,
			  uint32_t val)
{
	struct vdg1_tlb_inv *t = tlb_inv(core, offset);
	uint32_t req;

	if (!t)
		return;
	/*
	 * Gen12 made the video decode and enhance registers masked: a bit
	 * counts only with its enable in 31:16 (i915 gt/intel_engine_cs.c,
	 * intel_engine_init_tlb_invalidation(): "three out of five ... moved
	 * to masked type"). A plain write there invalidates nothing.
	 */
	if (offset == GEN12_VD_TLB_INV_CR || offset == GEN12_VE_TLB_INV_CR)
		val &= val >> 16;
	req = val & t->valid & ~t->pending;
	if (!req)
		return;
	core->cnt.tlb_invalidations += (uint32_t)__builtin_popcount(req);
	t->pending |= req;
	vdg1_event_arm(&core->events, &t->done,
		       core->access_ns + VDG1_TLB_INV_NS);
}

/* GFX_FLSH_CNTL: a write of GFX_FLSH_CNTL_EN invalidates the GGTT's entries. */
static void ggtt_flush_write(struct vdg1_core *core, uint32_t offset,
			     uint32_t val)
{
	unsigned int i;

	(void)offset;
	if (!(val & GFX_FLSH_CNTL_EN))
		return;
	core->cnt.ggtt_invalidations++;
	for (i = 0; i < VDG1_TLBS; i++)
		vdg1_tlb_flush(&core->mmu.tlb[i], true);
}

static uint32_t pat_read(struct vdg1_core *core, uint32_t offset)
{
	return core->mmu.pat[(offset - GEN12_PAT_INDEX(0)) / 4];
}

static void pat_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	core->mmu.pat[(offset - GEN12_PAT_INDEX(0)) / 4] = val;
}

#define MREG(off, fl, rd, wr) \
	{ .offset = (off), .count = 1, .flags = (fl), .read = (rd), \
	  .write = (wr), .name = #off, .box = VDG1_BOX_ALWAYS }

const struct vdg1_reg vdg1_mmu_regs[] = {
	MREG(GEN12_FAULT_TLB_DATA0, VDG1_REG_RO, fault_read, NULL),
	MREG(GEN12_FAULT_TLB_DATA1, VDG1_REG_RO, fault_read, NULL),
	MREG(GEN12_RING_FAULT_REG, 0, fault_read, ring_fault_write),
	MREG(GEN12_GFX_TLB_INV_CR, 0, tlb_inv_read, tlb_inv_write),
	MREG(GEN12_VD_TLB_INV_CR, 0, tlb_inv_read, tlb_inv_write),
	MREG(GEN12_VE_TLB_INV_CR, 0, tlb_inv_read, tlb_inv_write),
	MREG(GEN12_BLT_TLB_INV_CR, 0, tlb_inv_read, tlb_inv_write),
	MREG(GEN12_OA_TLB_INV_CR, 0, tlb_inv_read, tlb_inv_write),
	/* Reads 0. */
	MREG(GFX_FLSH_CNTL_GEN6, 0, NULL, ggtt_flush_write),
	{ .offset = GEN12_PAT_INDEX(0), .count = VDG1_PAT_ENTRIES,
	  .read = pat_read, .write = pat_write, .name = "GEN12_PAT_INDEX",
	  .box = VDG1_BOX_ALWAYS },
};

const size_t vdg1_mmu_regs_count =
	sizeof(vdg1_mmu_regs) / sizeof(vdg1_mmu_regs[0]);
