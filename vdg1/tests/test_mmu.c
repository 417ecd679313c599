// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_mmu.c - the GPU's translations as engines make them: walk and
 * fault counters, the fault record in GEN12_RING_FAULT_REG (0xcec4) and
 * GEN12_FAULT_TLB_DATA0/1 (0xceb8/0xcebc), memory reached through the
 * translation, and the TLB invalidation registers (0xced8..0xceec).
 *
 * Fault record fields (i915 gt/intel_gt_regs.h): VALID bit 0, type 2:1,
 * GTTSEL 11, engine 16:12; DATA0 = address 43:12, DATA1 3:0 = address
 * 47:44, bit 4 = GGTT.
 */
#include <string.h>

#include "vdg1_test.h"

#define P	0x1ull
#define RW	0x2ull
#define LM	(1ull << 11)
#define PT_BASE	0x100000

static struct vdg1_gpu_vm ppgtt_vm(const struct fake_pt *pt, unsigned int eng)
{
	return (struct vdg1_gpu_vm) { .ggtt = false, .pml4 = pt->pml4,
				      .engine_id = eng };
}

static void mmu_translations_are_counted(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct vdg1_xlate xl;
	struct fake_pt pt;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, 0x10000, 1, 0x200000 | LM | RW | P);
	vm = ppgtt_vm(&pt, 3);
	EXPECT_EQ(vdg1_mmu_translate(core, &vm, 0x10010, true, &xl), 0);
	EXPECT_EQ(xl.addr, 0x200010);
	EXPECT_EQ(CNT(core, page_walks), 1);
	EXPECT_EQ(CNT(core, page_faults), 0);
	EXPECT_EQ(vdg1_mmu_translate(core, &vm, 0x7abcdef12345ull, false, &xl),
		  -1);
	EXPECT_EQ(CNT(core, page_walks), 2);
	EXPECT_EQ(CNT(core, page_faults), 1);
	/* The page address of the fault. */
	EXPECT_EQ(CNT(core, last_fault_lo), 0xdef12000u);
	EXPECT_EQ(CNT(core, last_fault_hi), 0x7abc);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 1);
	/* GGTT translations count the same way. */
	vm.ggtt = true;
	EXPECT_EQ(vdg1_mmu_translate(core, &vm, 0x5000, false, &xl), -1);
	EXPECT_EQ(CNT(core, page_walks), 3);
	EXPECT_EQ(CNT(core, page_faults), 2);
	EXPECT_EQ(CNT(core, last_fault_lo), 0x5000);
	EXPECT_EQ(CNT(core, last_fault_hi), 0);
	/* Counters: RESET zeroes them, a device reset does not. */
	vdg1_core_reset(core);
	EXPECT_EQ(CNT(core, page_faults), 2);
	wr(core, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(control),
	   VDG1_COUNTERS_CONTROL_RESET);
	EXPECT_EQ(CNT(core, page_walks), 0);
	EXPECT_EQ(CNT(core, page_faults), 0);
	EXPECT_EQ(CNT(core, last_fault_lo), 0);
	EXPECT_EQ(CNT(core, last_fault_hi), 0);
	vdg1_core_destroy(core);
}

static void mmu_fault_record_ppgtt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct vdg1_xlate xl;
	struct fake_pt pt;
	const uint64_t va = 0x7abcdef12345ull;

	fake_pt_init(&pt, &h, PT_BASE);
	vm = ppgtt_vm(&pt, 0x15);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 0);
	vdg1_mmu_translate(core, &vm, va, false, &xl);
	/* Not present (type 0), PPGTT, engine 0x15. */
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 0x15u << 12 | 0x1);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0xabcdef12u);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA1), 0x7);
	/* i915's decode gives back the page address. */
	EXPECT_EQ((uint64_t)(rd(core, GEN12_FAULT_TLB_DATA1) & 0xf) << 44 |
		  (uint64_t)rd(core, GEN12_FAULT_TLB_DATA0) << 12,
		  va & ~0xfffull);
	vdg1_core_destroy(core);
}

static void mmu_fault_record_write_and_ggtt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct vdg1_xlate xl;
	struct fake_pt pt;

	fake_wake(&h, core, VDG1_FW_GT);
	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, 0x3000, 1, 0x4000 | P);	/* read-only */
	vm = ppgtt_vm(&pt, 2);
	EXPECT_EQ(vdg1_mmu_translate(core, &vm, 0x3000, true, &xl), -1);
	/* Write access violation: type 1. */
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 2u << 12 | 1u << 1 | 0x1);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0x3);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA1), 0);
	wr(core, GEN12_RING_FAULT_REG, 0);

	/* GGTT: GTTSEL in both the record and DATA1. */
	vm = (struct vdg1_gpu_vm) { .ggtt = true, .engine_id = 1 };
	EXPECT_EQ(vdg1_mmu_translate(core, &vm, 0xfedcb123, false, &xl), -1);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 1u << 12 | 1u << 11 | 0x1);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0xfedcb);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA1), 1u << 4);
	vdg1_core_destroy(core);
}

/*
 * The first fault stays until the driver clears VALID the way i915 does:
 * read, clear bit 0, write back.
 */
static void mmu_fault_record_latches_and_clears(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm = { .ggtt = true, .engine_id = 4 };
	struct vdg1_xlate xl;
	uint32_t v;

	fake_wake(&h, core, VDG1_FW_GT);
	vdg1_mmu_translate(core, &vm, 0x1000, false, &xl);
	vm.engine_id = 5;
	vdg1_mmu_translate(core, &vm, 0x2000, false, &xl);
	EXPECT_EQ(CNT(core, page_faults), 2);
	EXPECT_EQ(CNT(core, last_fault_lo), 0x2000);
	/* The record is still the first. */
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG) >> 12, 4);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0x1);
	/* Writing VALID as 1, or any other bit, changes nothing. */
	v = rd(core, GEN12_RING_FAULT_REG);
	wr(core, GEN12_RING_FAULT_REG, v);
	wr(core, GEN12_RING_FAULT_REG, 0xffffffff);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), v);
	/* DATA0/1 are read-only. */
	wr(core, GEN12_FAULT_TLB_DATA0, 0x1234);
	wr(core, GEN12_FAULT_TLB_DATA1, 0x1f);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0x1);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA1), 1u << 4);
	/* i915's rmw: clear VALID only; the other fields stay. */
	wr(core, GEN12_RING_FAULT_REG, v & ~1u);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), v & ~1u);
	/* The next fault is recorded. */
	vdg1_mmu_translate(core, &vm, 0x3000, false, &xl);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 5u << 12 | 1u << 11 | 0x1);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0x3);
	/* A device reset clears the record. */
	vdg1_core_reset(core);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 0);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0);
	vdg1_core_destroy(core);
}

/* GT domain (FWST row 0xC800-0xCFFF): asleep, the record reads 0. */
static void mmu_fault_registers_need_gt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm = { .ggtt = true };
	struct vdg1_xlate xl;

	vdg1_mmu_translate(core, &vm, 0x1000, false, &xl);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 0);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	/* The write that would clear it is dropped as well. */
	wr(core, GEN12_RING_FAULT_REG, 0);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 1u << 11 | 0x1);
	EXPECT_EQ(CNT(core, wake_violations), 2);
	vdg1_core_destroy(core);
}

static void mmu_access_reaches_memory_through_the_ppgtt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;
	uint8_t out[64], in[64];
	unsigned int i;

	for (i = 0; i < sizeof(out); i++)
		out[i] = (uint8_t)(0xa0 + i);
	fake_pt_init(&pt, &h, PT_BASE);
	/* Two pages: LMEM 0x200000, then system memory 0x50000. */
	fake_pt_set(&pt, 0x8000, 1, 0x200000 | LM | RW | P);
	fake_pt_set(&pt, 0x9000, 1, 0x50000 | RW | P);
	vm = ppgtt_vm(&pt, 0);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x8fe0, out, sizeof(out)), 0);
	EXPECT_EQ(memcmp(h.lmem + 0x200fe0, out, 32), 0);
	EXPECT_EQ(memcmp(h.sysmem + 0x50000, out + 32, 32), 0);
	/* One walk per page touched. */
	EXPECT_EQ(CNT(core, page_walks), 2);
	memset(in, 0, sizeof(in));
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x8fe0, in, sizeof(in)), 0);
	EXPECT_EQ(memcmp(in, out, sizeof(in)), 0);
	EXPECT_EQ(CNT(core, page_walks), 4);
	EXPECT_EQ(CNT(core, page_faults), 0);
	vdg1_core_destroy(core);
}

static void mmu_access_reaches_memory_through_the_ggtt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm = { .ggtt = true };
	uint32_t v = 0x600df00d, back = 0;

	vdg1_core_mmio_write(core, VDG1_GGTT_BASE + 8 * 0x10, 0x31000 | 0x1, 8);
	vdg1_core_mmio_write(core, VDG1_GGTT_BASE + 8 * 0x11, 0x31000 | 0x3, 8);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x10004, &v, 4), 0);
	EXPECT_EQ(memcmp(h.sysmem + 0x31004, &v, 4), 0);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x11008, &v, 4), 0);
	EXPECT_EQ(memcmp(h.lmem + 0x31008, &v, 4), 0);
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x10004, &back, 4), 0);
	EXPECT_EQ(back, v);
	vdg1_core_destroy(core);
}

/* A 2 MiB page is one walk however many 4 KiB pages the access spans. */
static void mmu_access_walks_once_per_large_page(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	static uint8_t buf[3 * 4096];
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;

	memset(buf, 0x5a, sizeof(buf));
	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, 0x40000000ull, 2,
		    0x200000 | (1ull << 7) | LM | RW | P);
	vm = ppgtt_vm(&pt, 0);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x40001800ull, buf, sizeof(buf)), 0);
	EXPECT_EQ(CNT(core, page_walks), 1);
	EXPECT_EQ(h.lmem[0x201800], 0x5a);
	EXPECT_EQ(h.lmem[0x201800 + sizeof(buf) - 1], 0x5a);
	EXPECT_EQ(h.lmem[0x201800 + sizeof(buf)], 0);
	vdg1_core_destroy(core);
}

static void mmu_faulting_access_touches_no_memory(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;
	uint8_t out[32], in[32];
	unsigned int i;

	memset(out, 0xee, sizeof(out));
	fake_pt_init(&pt, &h, PT_BASE);
	/* First page writable, second not mapped. */
	fake_pt_set(&pt, 0x8000, 1, 0x200000 | LM | RW | P);
	vm = ppgtt_vm(&pt, 0);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x8ff0, out, sizeof(out)), -1);
	for (i = 0; i < 16; i++)
		EXPECT_EQ(h.lmem[0x200ff0 + i], 0);
	EXPECT_EQ(CNT(core, page_faults), 1);
	EXPECT_EQ(CNT(core, last_fault_lo), 0x9000);
	/* Second page read-only: a write faults, a read does not. */
	fake_pt_set(&pt, 0x9000, 1, 0x201000 | LM | P);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x8ff0, out, sizeof(out)), -1);
	EXPECT_EQ(h.lmem[0x200ff0], 0);
	EXPECT_EQ(CNT(core, page_faults), 2);
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x8ff0, in, sizeof(in)), 0);
	EXPECT_EQ(CNT(core, page_faults), 2);
	vdg1_core_destroy(core);
}

static void mmu_bus_error_is_not_a_fault(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm = { .ggtt = true };
	uint32_t v = 1;

	/* LMEM beyond what the fake host backs: the host refuses. */
	vdg1_core_mmio_write(core, VDG1_GGTT_BASE, FAKE_MEM_SIZE | 0x3, 8);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, 0, &v, 4), -2);
	EXPECT_EQ(CNT(core, page_faults), 0);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 1);
	vdg1_core_destroy(core);
}

/*
 * An engine's PPGTT fault raises its page-fault interrupt (engine vector
 * bit 7), once enabled and unmasked; GGTT faults and the OA unit's do not.
 */
static void mmu_ppgtt_fault_interrupts_its_engine(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm, ggtt = { .ggtt = true }, oa;
	struct fake_pt pt;
	uint32_t v;

	fake_pt_init(&pt, &h, PT_BASE);
	vm = ppgtt_vm(&pt, VDG1_ENGINE_BCS0);
	oa = ppgtt_vm(&pt, VDG1_OA_FAULT_ID);
	/* Masked (the power-on state): no interrupt. */
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x5000, &v, 4), -1);
	EXPECT_EQ(h.msis, 0);
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, 0x190030, 0x80);		/* BCS: page fault enabled */
	wr(core, 0x1900a0, ~(0x80u << 16));	/* BCS mask: unmasked */
	wr(core, 0x190008, 0x80000000);		/* master enable */
	EXPECT_EQ(vdg1_mmu_read(core, &ggtt, 0x5000, &v, 4), -1);
	EXPECT_EQ(vdg1_mmu_read(core, &oa, 0x5000, &v, 4), -1);
	EXPECT_EQ(h.msis, 0);
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x5000, &v, 4), -1);
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(rd(core, 0x190010), 1u << 0);	/* GT DW0 pending */
	EXPECT_EQ(rd(core, 0x190018), 1u << 15);	/* GT DW0: BCS */
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

/*
 * Each PPGTT access counts by its leaf's PAT index and by the memory type
 * the private PAT gives that index at the time; GGTT accesses by neither.
 * The PAT's power-on value is 0 (uncached) in every entry.
 */
static void mmu_accesses_counted_by_pat_and_memory_type(void)
{
	static const uint32_t i915_pat[8] = { 3, 1, 2, 0, 3, 3, 3, 3 };
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm, ggtt = { .ggtt = true };
	uint32_t v = 0, want_type[4] = { 0 };
	struct fake_pt pt;
	unsigned int i;

	fake_pt_init(&pt, &h, PT_BASE);
	vm = ppgtt_vm(&pt, 0);
	for (i = 0; i < 8; i++)
		fake_pt_set(&pt, 0x10000 + 0x1000 * i, 1, 0x200000 |
			    (i & 1 ? 1u << 3 : 0) | (i & 2 ? 1u << 4 : 0) |
			    (i & 4 ? 1u << 7 : 0) | LM | RW | P);
	/* Unprogrammed: every index is uncached. */
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x17000, &v, 4), 0);
	EXPECT_EQ(CNT(core, ppgtt_accesses_by_pat[7]), 1);
	EXPECT_EQ(CNT(core, ppgtt_accesses_by_mem_type[VDG1_MEM_TYPE_UC]), 1);

	fake_wake(&h, core, VDG1_FW_GT);
	for (i = 0; i < 8; i++)
		wr(core, GEN12_PAT_INDEX(i), i915_pat[i]);
	for (i = 0; i < 8; i++)
		EXPECT_EQ(rd(core, GEN12_PAT_INDEX(i)), i915_pat[i]);
	for (i = 0; i < 8; i++) {
		EXPECT_EQ(vdg1_mmu_write(core, &vm, 0x10000 + 0x1000 * i,
					 &v, 4), 0);
		want_type[i915_pat[i]]++;
	}
	want_type[VDG1_MEM_TYPE_UC]++;		/* the read above */
	/* An access over two pages counts once per page. */
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x11ffe, &v, 4), 0);
	want_type[i915_pat[1]]++;
	want_type[i915_pat[2]]++;
	EXPECT_EQ(vdg1_mmu_read(core, &ggtt, 0, &v, 4), -1);
	for (i = 0; i < 8; i++)
		EXPECT_EQ(CNT(core, ppgtt_accesses_by_pat[i]),
			  i == 1 || i == 2 || i == 7 ? 2u : 1u);
	for (i = 0; i < 4; i++)
		EXPECT_EQ(CNT(core, ppgtt_accesses_by_mem_type[i]),
			  want_type[i]);
	/* The PAT is read at each access; the TLB keeps only the index. */
	wr(core, GEN12_PAT_INDEX(0), VDG1_MEM_TYPE_WC);
	EXPECT_EQ(vdg1_mmu_read(core, &vm, 0x10000, &v, 4), 0);
	EXPECT_EQ(CNT(core, ppgtt_accesses_by_mem_type[VDG1_MEM_TYPE_WC]),
		  want_type[VDG1_MEM_TYPE_WC] + 1);
	/* A device reset puts the PAT back to its power-on value. */
	vdg1_core_reset(core);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_PAT_INDEX(0)), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

/* ---- TLB invalidation ---- */

static void tlb_invalidation_handshake(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_GFX_TLB_INV_CR), 0);
	wr(core, GEN12_GFX_TLB_INV_CR, 1);
	/* The driver polls: set until the invalidation is done. */
	EXPECT_EQ(rd(core, GEN12_GFX_TLB_INV_CR), 1);
	EXPECT_EQ(CNT(core, tlb_invalidations), 1);
	fake_advance(&h, core, VDG1_TLB_INV_NS - 1);
	EXPECT_EQ(rd(core, GEN12_GFX_TLB_INV_CR), 1);
	fake_advance(&h, core, 1);
	EXPECT_EQ(rd(core, GEN12_GFX_TLB_INV_CR), 0);
	/* Done even if the driver does not look until much later. */
	wr(core, GEN12_BLT_TLB_INV_CR, 1);
	fake_advance(&h, core, 1000000);
	EXPECT_EQ(rd(core, GEN12_BLT_TLB_INV_CR), 0);
	EXPECT_EQ(CNT(core, tlb_invalidations), 2);
	/* Writing 0 requests nothing; a pending bit is not counted twice. */
	wr(core, GEN12_GFX_TLB_INV_CR, 0);
	wr(core, GEN12_OA_TLB_INV_CR, 1);
	wr(core, GEN12_OA_TLB_INV_CR, 1);
	EXPECT_EQ(CNT(core, tlb_invalidations), 3);
	EXPECT_EQ(rd(core, GEN12_OA_TLB_INV_CR), 1);
	vdg1_core_reset(core);
	fake_wake(&h, core, VDG1_FW_GT);
	EXPECT_EQ(rd(core, GEN12_OA_TLB_INV_CR), 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

/* One bit per engine instance; bits of absent engines are dropped. */
static void tlb_invalidation_bits_follow_the_engines(void)
{
	struct vdg1_config cfg;
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	fake_wake(&h, core, VDG1_FW_GT);
	/*
	 * VCS0 and VCS2 exist (bits 0, 2); VCS1, VCS3 do not. The video
	 * registers are masked: a plain write requests nothing.
	 */
	wr(core, GEN12_VD_TLB_INV_CR, 0xf);
	wr(core, GEN12_VE_TLB_INV_CR, 0x1);
	EXPECT_EQ(rd(core, GEN12_VD_TLB_INV_CR), 0);
	EXPECT_EQ(rd(core, GEN12_VE_TLB_INV_CR), 0);
	EXPECT_EQ(CNT(core, tlb_invalidations), 0);
	wr(core, GEN12_VD_TLB_INV_CR, SET(0xf));
	EXPECT_EQ(rd(core, GEN12_VD_TLB_INV_CR), 0x5);
	wr(core, GEN12_VE_TLB_INV_CR, SET(0x3));
	EXPECT_EQ(rd(core, GEN12_VE_TLB_INV_CR), 0x1);
	wr(core, GEN12_BLT_TLB_INV_CR, 0x2);
	EXPECT_EQ(rd(core, GEN12_BLT_TLB_INV_CR), 0);
	EXPECT_EQ(CNT(core, tlb_invalidations), 3);
	vdg1_core_destroy(core);

	/* VCS2 and VECS0 fused off. */
	vdg1_config_defaults(&cfg);
	cfg.fuses.vebox_vdbox_disable = 0x0003000e;
	core = fake_core(&h, &cfg);
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, GEN12_VD_TLB_INV_CR, SET(0x5));
	EXPECT_EQ(rd(core, GEN12_VD_TLB_INV_CR), 0x1);
	wr(core, GEN12_VE_TLB_INV_CR, SET(0x1));
	EXPECT_EQ(rd(core, GEN12_VE_TLB_INV_CR), 0);
	EXPECT_EQ(CNT(core, tlb_invalidations), 1);
	vdg1_core_destroy(core);
}

static void tlb_invalidation_needs_gt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);

	wr(core, GEN12_GFX_TLB_INV_CR, 1);
	EXPECT_EQ(CNT(core, wake_violations), 1);
	EXPECT_EQ(CNT(core, last_wake_violation), GEN12_GFX_TLB_INV_CR);
	EXPECT_EQ(CNT(core, tlb_invalidations), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_mmu[] = {
	TEST(mmu_translations_are_counted),
	TEST(mmu_fault_record_ppgtt),
	TEST(mmu_fault_record_write_and_ggtt),
	TEST(mmu_fault_record_latches_and_clears),
	TEST(mmu_fault_registers_need_gt),
	TEST(mmu_access_reaches_memory_through_the_ppgtt),
	TEST(mmu_access_reaches_memory_through_the_ggtt),
	TEST(mmu_access_walks_once_per_large_page),
	TEST(mmu_faulting_access_touches_no_memory),
	TEST(mmu_bus_error_is_not_a_fault),
	TEST(mmu_accesses_counted_by_pat_and_memory_type),
	TEST(mmu_ppgtt_fault_interrupts_its_engine),
	TEST(tlb_invalidation_handshake),
	TEST(tlb_invalidation_bits_follow_the_engines),
	TEST(tlb_invalidation_needs_gt),
	TEST_END
};
