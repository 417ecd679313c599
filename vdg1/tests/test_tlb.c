// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_tlb.c - the engines' TLBs (vdg1_tlb.h): a translation is kept until
 * the driver invalidates it, so a page-table change without an
 * invalidation leaves the engine on the old page, as on hardware; each
 * invalidation (the engine's *_TLB_INV_CR bit once done, GFX_FLSH_CNTL for
 * the GGTT, MI_FLUSH_DW / PIPE_CONTROL with TLB Invalidate) drops what it
 * should and no more.
 */
#include <string.h>

#include "vdg1_test.h"

#define P	0x1ull
#define RW	0x2ull
#define LM	(1ull << 11)
#define PT_BASE	0x100000
#define PAGE_A	0x200000ull
#define PAGE_B	0x300000ull
#define VA	0x40000ull

static struct vdg1_gpu_vm vm_of(const struct fake_pt *pt, unsigned int eng)
{
	return (struct vdg1_gpu_vm) { .ggtt = false, .pml4 = pt->pml4,
				      .engine_id = eng };
}

static uint32_t read32(struct vdg1_core *core, const struct vdg1_gpu_vm *vm,
		       uint64_t va)
{
	uint32_t v = 0;

	EXPECT_EQ(vdg1_mmu_read(core, vm, va, &v, 4), 0);
	return v;
}

/* LMEM page A holds 0xaaaa0000 + n at dword n, page B 0xbbbb0000 + n. */
static void two_pages(struct fake_host *h)
{
	uint32_t a, b;
	unsigned int n;

	for (n = 0; n < 1024; n++) {
		a = 0xaaaa0000u + n;
		b = 0xbbbb0000u + n;
		memcpy(h->lmem + PAGE_A + 4 * n, &a, 4);
		memcpy(h->lmem + PAGE_B + 4 * n, &b, 4);
	}
}

/* Pages A and B, and a PPGTT at PT_BASE that maps VA to A. */
static void map_a(struct fake_host *h, struct fake_pt *pt)
{
	two_pages(h);
	fake_pt_init(pt, h, PT_BASE);
	fake_pt_set(pt, VA, 1, PAGE_A | LM | RW | P);
}

/* The PPGTT: remapped without an invalidation, the engine reads A still. */
static void tlb_ppgtt_stale_until_invalidated(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;

	map_a(&h, &pt);
	vm = vm_of(&pt, VDG1_ENGINE_RCS0);
	EXPECT_EQ(read32(core, &vm, VA + 8), 0xaaaa0002u);
	fake_pt_set(&pt, VA, 1, PAGE_B | LM | RW | P);
	EXPECT_EQ(read32(core, &vm, VA + 8), 0xaaaa0002u);
	/* Unmapped: still no fault, still A. */
	fake_pt_set(&pt, VA, 1, 0);
	EXPECT_EQ(read32(core, &vm, VA + 12), 0xaaaa0003u);
	EXPECT_EQ(CNT(core, page_faults), 0);
	fake_pt_set(&pt, VA, 1, PAGE_B | LM | RW | P);
	/* The invalidation takes effect when its bit clears, not before. */
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, GEN12_GFX_TLB_INV_CR, 1);
	EXPECT_EQ(read32(core, &vm, VA + 8), 0xaaaa0002u);
	fake_advance(&h, core, VDG1_TLB_INV_NS);
	EXPECT_EQ(rd(core, GEN12_GFX_TLB_INV_CR), 0);
	EXPECT_EQ(read32(core, &vm, VA + 8), 0xbbbb0002u);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	vdg1_core_destroy(core);
}

/* Each engine has its own TLB; invalidating one leaves the others. */
static void tlb_per_engine(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm rcs, bcs, vcs2;
	struct fake_pt pt;

	map_a(&h, &pt);
	rcs = vm_of(&pt, VDG1_ENGINE_RCS0);
	bcs = vm_of(&pt, VDG1_ENGINE_BCS0);
	vcs2 = vm_of(&pt, VDG1_ENGINE_VCS2);
	EXPECT_EQ(read32(core, &rcs, VA), 0xaaaa0000u);
	EXPECT_EQ(read32(core, &bcs, VA), 0xaaaa0000u);
	EXPECT_EQ(read32(core, &vcs2, VA), 0xaaaa0000u);
	fake_pt_set(&pt, VA, 1, PAGE_B | LM | RW | P);
	fake_wake(&h, core, VDG1_FW_GT);
	wr(core, GEN12_BLT_TLB_INV_CR, 1);
	wr(core, GEN12_VD_TLB_INV_CR, SET(1));	/* VCS0's bit, not VCS2's */
	fake_advance(&h, core, VDG1_TLB_INV_NS);
	EXPECT_EQ(read32(core, &bcs, VA), 0xbbbb0000u);
	EXPECT_EQ(read32(core, &rcs, VA), 0xaaaa0000u);
	EXPECT_EQ(read32(core, &vcs2, VA), 0xaaaa0000u);
	wr(core, GEN12_VD_TLB_INV_CR, SET(1u << 2));
	fake_advance(&h, core, VDG1_TLB_INV_NS);
	EXPECT_EQ(read32(core, &vcs2, VA), 0xbbbb0000u);
	/* A command-stream invalidation: the engine's own TLB only. */
	vdg1_mmu_tlb_invalidate(core, VDG1_ENGINE_RCS0);
	EXPECT_EQ(read32(core, &rcs, VA), 0xbbbb0000u);
	vdg1_core_destroy(core);
}

/* Entries are tagged by address space: another PML4 walks its own tables. */
static void tlb_tagged_by_address_space(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm a, b;
	struct fake_pt pa, pb;

	two_pages(&h);
	fake_pt_init(&pa, &h, PT_BASE);
	fake_pt_init(&pb, &h, PT_BASE + 0x40000);
	fake_pt_set(&pa, VA, 1, PAGE_A | LM | RW | P);
	fake_pt_set(&pb, VA, 1, PAGE_B | LM | RW | P);
	a = vm_of(&pa, VDG1_ENGINE_RCS0);
	b = vm_of(&pb, VDG1_ENGINE_RCS0);
	EXPECT_EQ(read32(core, &a, VA), 0xaaaa0000u);
	EXPECT_EQ(read32(core, &b, VA), 0xbbbb0000u);
	EXPECT_EQ(read32(core, &a, VA), 0xaaaa0000u);
	vdg1_core_destroy(core);
}

/*
 * A read-only page stays read-only through a cached read translation; a
 * writable one cached by a write stays writable until invalidated.
 */
static void tlb_keeps_write_permission_apart(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t v = 0x12345678;
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, VA, 1, PAGE_A | LM | P);
	vm = vm_of(&pt, VDG1_ENGINE_BCS0);
	read32(core, &vm, VA);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, VA, &v, 4), -1);
	EXPECT_EQ(CNT(core, page_faults), 1);
	fake_pt_set(&pt, VA, 1, PAGE_A | LM | RW | P);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, VA, &v, 4), 0);
	fake_pt_set(&pt, VA, 1, PAGE_A | LM | P);
	EXPECT_EQ(vdg1_mmu_write(core, &vm, VA, &v, 4), 0);
	EXPECT_EQ(CNT(core, page_faults), 1);
	vdg1_core_destroy(core);
}

/* GGTT entries go with GFX_FLSH_CNTL, in every engine's TLB, PPGTT's stay. */
static void tlb_ggtt_invalidated_by_gfx_flsh_cntl(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm g = { .ggtt = true, .engine_id = VDG1_ENGINE_VECS0 };
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;

	map_a(&h, &pt);
	vm = vm_of(&pt, VDG1_ENGINE_VECS0);
	vdg1_core_mmio_write(core, VDG1_GGTT_BASE + 8 * 0x10, PAGE_A | 0x3, 8);
	EXPECT_EQ(read32(core, &g, 0x10004), 0xaaaa0001u);
	EXPECT_EQ(read32(core, &vm, VA), 0xaaaa0000u);
	vdg1_core_mmio_write(core, VDG1_GGTT_BASE + 8 * 0x10, PAGE_B | 0x3, 8);
	fake_pt_set(&pt, VA, 1, PAGE_B | LM | RW | P);
	EXPECT_EQ(read32(core, &g, 0x10004), 0xaaaa0001u);
	wr(core, GFX_FLSH_CNTL_GEN6, 0);	/* no EN: nothing */
	EXPECT_EQ(read32(core, &g, 0x10004), 0xaaaa0001u);
	wr(core, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	EXPECT_EQ(CNT(core, ggtt_invalidations), 1);
	EXPECT_EQ(read32(core, &g, 0x10004), 0xbbbb0001u);
	EXPECT_EQ(read32(core, &vm, VA), 0xaaaa0000u);
	vdg1_core_destroy(core);
}

/* A device reset empties every TLB; an engine reset does not (test_cs). */
static void tlb_device_reset_empties(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm;
	struct fake_pt pt;

	map_a(&h, &pt);
	vm = vm_of(&pt, VDG1_ENGINE_RCS0);
	EXPECT_EQ(read32(core, &vm, VA), 0xaaaa0000u);
	fake_pt_set(&pt, VA, 1, PAGE_B | LM | RW | P);
	vdg1_core_reset(core);
	EXPECT_EQ(read32(core, &vm, VA), 0xbbbb0000u);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_tlb[] = {
	TEST(tlb_ppgtt_stale_until_invalidated),
	TEST(tlb_per_engine),
	TEST(tlb_tagged_by_address_space),
	TEST(tlb_keeps_write_permission_apart),
	TEST(tlb_ggtt_invalidated_by_gfx_flsh_cntl),
	TEST(tlb_device_reset_empties),
	TEST_END
};
