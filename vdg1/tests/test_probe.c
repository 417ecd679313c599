// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_probe.c - the translation probe of the counters page, driven the
 * way userspace drives it: dword writes and reads through BAR0.
 */
#include "vdg1_test.h"

#define P	0x1ull
#define RW	0x2ull
#define PS	(1ull << 7)
#define LM	(1ull << 11)
#define IPS	(1ull << 11)		/* on a PDE */
#define PT_BASE	0x100000

#define PAGE_OFF(field)	(VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(field))

static void probe(struct vdg1_core *core, uint32_t mode, uint32_t access,
		  uint64_t root, uint64_t va)
{
	wr(core, PAGE_OFF(probe_mode), mode);
	wr(core, PAGE_OFF(probe_access), access);
	wr(core, PAGE_OFF(probe_root_lo), (uint32_t)root);
	wr(core, PAGE_OFF(probe_root_hi), (uint32_t)(root >> 32));
	wr(core, PAGE_OFF(probe_va_lo), (uint32_t)va);
	wr(core, PAGE_OFF(probe_va_hi), (uint32_t)(va >> 32));
	wr(core, PAGE_OFF(probe_control), VDG1_PROBE_RUN);
}

static uint64_t addr_of(const struct vdg1_counters_page *p)
{
	return (uint64_t)p->probe_addr_hi << 32 | p->probe_addr_lo;
}

static uint64_t entry_of(const struct vdg1_counters_page *p)
{
	return (uint64_t)p->probe_entry_hi << 32 | p->probe_entry_lo;
}

static void probe_layout(void)
{
	/* Readers outside this tree hard-code the offsets. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(lmem_size_lo), 0x090);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(lmem_bar_size_hi), 0x09c);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(ggtt_pte_writes), 0x0a0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(ggtt_invalidations), 0x0a4);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(tlb_invalidations), 0x0a8);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(page_walks), 0x0ac);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(page_faults), 0x0b0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(last_fault_lo), 0x0b4);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_walks), 0x0bc);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_control), 0x0c0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_mode), 0x0c4);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_access), 0x0c8);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_root_lo), 0x0d0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_va_lo), 0x0d8);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_status), 0x0e0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_fault_level), 0x0e4);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_fault_reason), 0x0e8);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_mem), 0x0ec);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_addr_lo), 0x0f0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_entry_lo), 0x0f8);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(probe_page_size), 0x100);
	/* Version 5 appends the engine, interrupt and protocol groups. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(engine_submissions), 0x110);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(engine_commands), 0x130);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(csb_events), 0x1b0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(msi_sent), 0x1f0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(irq_mmio_writes), 0x1fc);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(protocol_violations), 0x210);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(pv_by_kind), 0x218);
	/* Version 7 appends the OA group. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(oa_reports_written), 0x2b0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(oa_mi_rpc_reports), 0x2c0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(oa_enabled), 0x2d0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(oa_timer_enabled), 0x2dc);
	/* Version 9 appends the save delay. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(el_save_delay_ns), 0x2e0);
	/* Version 10 appends the register write log. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(reglog_control), 0x2f0);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(reglog_raw), 0x304);
	/* Version 11 appends the accesses by PAT index and memory type. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(ppgtt_accesses_by_pat), 0x310);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(ppgtt_accesses_by_mem_type), 0x330);
	/* Version 13 appends why domains are awake. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(held_domains), 0x340);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(ungated_domains), 0x344);
	/* Version 14 appends PCI power management. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(pci_power_state), 0x348);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(power_losses), 0x35c);
	/* Version 16 appends wake requests and ack reads per domain. */
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(wake_requests), 0x360);
	EXPECT_EQ(VDG1_COUNTERS_OFFSET(ack_reads), 0x380);
	EXPECT_EQ(sizeof(struct vdg1_counters_page), 0x3a0);
}

static void probe_ppgtt_ok(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_counters_page p;
	struct fake_pt pt;
	const uint64_t va = 0x7654321000ull;

	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_NONE);
	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 1, 0x2ab000 | LM | RW | P);
	fake_pt_set(&pt, va + 0x1000, 1, 0x123456000ull | P);
	probe(core, VDG1_PROBE_MODE_PPGTT, VDG1_PROBE_ACCESS_WRITE, pt.pml4,
	      va + 0x7f8);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_OK);
	EXPECT_EQ(p.probe_mem, VDG1_MEM_LMEM);
	EXPECT_EQ(addr_of(&p), 0x2ab7f8);
	EXPECT_EQ(p.probe_page_size, 4096);
	EXPECT_EQ(entry_of(&p), 0x2ab000 | LM | RW | P);
	EXPECT_EQ(p.probe_fault_level, 0);
	EXPECT_EQ(p.probe_fault_reason, 0);
	/* A system-memory page above 4 GiB, read. */
	probe(core, VDG1_PROBE_MODE_PPGTT, VDG1_PROBE_ACCESS_READ, pt.pml4,
	      va + 0x1004);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_OK);
	EXPECT_EQ(p.probe_mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(addr_of(&p), 0x123456004ull);
	EXPECT_EQ(p.probe_addr_hi, 1);
	/* The request reads back; control reads 0. */
	EXPECT_EQ(p.probe_mode, VDG1_PROBE_MODE_PPGTT);
	EXPECT_EQ(p.probe_access, VDG1_PROBE_ACCESS_READ);
	EXPECT_EQ(p.probe_root_lo, pt.pml4);
	EXPECT_EQ(p.probe_va_lo, (uint32_t)(va + 0x1004));
	EXPECT_EQ(p.probe_va_hi, (uint32_t)((va + 0x1004) >> 32));
	EXPECT_EQ(p.probe_control, 0);
	EXPECT_EQ(p.probe_walks, 2);
	vdg1_core_destroy(core);
}

static void probe_page_sizes(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_counters_page p;
	struct fake_pt pt;
	unsigned int i;
	uint64_t pde;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, 0x40000000ull, 2, 0x600000 | PS | LM | RW | P);
	probe(core, VDG1_PROBE_MODE_PPGTT, 0, pt.pml4, 0x40123456ull);
	p = counters(core);
	EXPECT_EQ(p.probe_page_size, 2u << 20);
	EXPECT_EQ(addr_of(&p), 0x723456);
	fake_pt_set(&pt, 0x80000000ull, 3, 0x40000000ull | PS | RW | P);
	probe(core, VDG1_PROBE_MODE_PPGTT, 0, pt.pml4, 0x80000000ull + 5);
	p = counters(core);
	EXPECT_EQ(p.probe_page_size, 1u << 30);
	EXPECT_EQ(addr_of(&p), 0x40000005ull);
	/* 64 KiB entries: a PT under a PDE with IPS (bit 11). */
	for (i = 0; i < 512; i += 16)
		fake_pt_set(&pt, 0x200000ull + i * 4096ull, 1,
			    (0x800000ull + i * 4096ull) | RW | P);
	pde = fake_pt_slot(&pt, 0x200000ull, 2);
	fake_put64(&h, VDG1_MEM_LMEM, pde,
		   fake_get64(&h, VDG1_MEM_LMEM, pde) | IPS);
	probe(core, VDG1_PROBE_MODE_PPGTT, 0, pt.pml4, 0x200000ull + 0x1abcd);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_OK);
	EXPECT_EQ(p.probe_page_size, 64u << 10);
	EXPECT_EQ(addr_of(&p), 0x81abcd);
	vdg1_core_destroy(core);
}

static void probe_ggtt(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_counters_page p;

	vdg1_core_mmio_write(core, VDG1_GGTT_BASE + 8 * 0x42,
			     0x77000ull | 0x1, 8);
	vdg1_core_mmio_write(core, VDG1_GGTT_BASE + 8 * 0x43,
			     0x88000ull | 0x3, 8);
	/* The root is ignored in GGTT mode, even an unaligned one. */
	probe(core, VDG1_PROBE_MODE_GGTT, VDG1_PROBE_ACCESS_WRITE, 0x123,
	      0x42abc);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_OK);
	EXPECT_EQ(p.probe_mem, VDG1_MEM_SYSTEM);
	EXPECT_EQ(addr_of(&p), 0x77abc);
	EXPECT_EQ(p.probe_page_size, 4096);
	EXPECT_EQ(entry_of(&p), 0x77001);
	probe(core, VDG1_PROBE_MODE_GGTT, 0, 0, 0x43000);
	p = counters(core);
	EXPECT_EQ(p.probe_mem, VDG1_MEM_LMEM);
	EXPECT_EQ(addr_of(&p), 0x88000);
	/* Not present, and beyond the 4 GiB GGTT. */
	probe(core, VDG1_PROBE_MODE_GGTT, 0, 0, 0x44000);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_FAULT);
	EXPECT_EQ(p.probe_fault_reason, VDG1_XLATE_NOT_PRESENT);
	EXPECT_EQ(p.probe_fault_level, 1);
	probe(core, VDG1_PROBE_MODE_GGTT, 0, 0, 4ull << 30);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_FAULT);
	EXPECT_EQ(p.probe_fault_reason, VDG1_XLATE_VA_RANGE);
	EXPECT_EQ(p.probe_fault_level, 0);
	vdg1_core_destroy(core);
}

/* Every fault reason, none of them seen by the driver. */
static void probe_faults_are_invisible_to_the_driver(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_counters_page p;
	struct fake_pt pt;
	const uint64_t va = 0x3000;

	fake_wake(&h, core, VDG1_FW_GT);
	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, va, 1, 0x9000 | P);	/* read-only */

	probe(core, VDG1_PROBE_MODE_PPGTT, 0, pt.pml4, 0x5000);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_FAULT);
	EXPECT_EQ(p.probe_fault_reason, VDG1_XLATE_NOT_PRESENT);
	EXPECT_EQ(p.probe_fault_level, 1);
	EXPECT_EQ(entry_of(&p), 0);
	EXPECT_EQ(p.probe_mem, 0);
	EXPECT_EQ(addr_of(&p), 0);
	EXPECT_EQ(p.probe_page_size, 0);

	probe(core, VDG1_PROBE_MODE_PPGTT, VDG1_PROBE_ACCESS_WRITE, pt.pml4, va);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_FAULT);
	EXPECT_EQ(p.probe_fault_reason, VDG1_XLATE_READ_ONLY);
	EXPECT_EQ(p.probe_fault_level, 1);
	EXPECT_EQ(entry_of(&p), 0x9000 | P);

	probe(core, VDG1_PROBE_MODE_PPGTT, 0, pt.pml4, 1ull << 47);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_FAULT);
	EXPECT_EQ(p.probe_fault_reason, VDG1_XLATE_VA_RANGE);
	EXPECT_EQ(p.probe_fault_level, 0);

	probe(core, VDG1_PROBE_MODE_PPGTT, 0, 1ull << 40, va);
	p = counters(core);
	EXPECT_EQ(p.probe_status, VDG1_PROBE_FAULT);
	EXPECT_EQ(p.probe_fault_reason, VDG1_XLATE_TABLE_OUTSIDE_LMEM);
	EXPECT_EQ(p.probe_fault_level, 4);

	/* The driver saw nothing. */
	EXPECT_EQ(p.probe_walks, 4);
	EXPECT_EQ(p.page_walks, 0);
	EXPECT_EQ(p.page_faults, 0);
	EXPECT_EQ(p.last_fault_lo, 0);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), 0);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0);
	EXPECT_EQ(h.logs[VDG1_LOG_GUEST_ERROR], 0);
	vdg1_core_destroy(core);
}

/* A probe neither disturbs nor is disturbed by a real fault record. */
static void probe_leaves_a_real_fault_record_alone(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_gpu_vm vm = { .ggtt = true, .engine_id = 7 };
	struct vdg1_xlate xl;
	uint32_t rec;

	fake_wake(&h, core, VDG1_FW_GT);
	vdg1_mmu_translate(core, &vm, 0x6000, false, &xl);
	rec = rd(core, GEN12_RING_FAULT_REG);
	probe(core, VDG1_PROBE_MODE_GGTT, 0, 0, 0x9000);
	EXPECT_EQ(rd(core, GEN12_RING_FAULT_REG), rec);
	EXPECT_EQ(rd(core, GEN12_FAULT_TLB_DATA0), 0x6);
	EXPECT_EQ(CNT(core, page_faults), 1);
	EXPECT_EQ(CNT(core, last_fault_lo), 0x6000);
	vdg1_core_destroy(core);
}

static void probe_bad_requests(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct vdg1_counters_page p;
	static const struct {
		uint32_t mode, access;
		uint64_t root;
		uint32_t reason;
	} bad[] = {
		{ 0, 0, 0x1000, VDG1_PROBE_BAD_MODE },
		{ 3, 0, 0x1000, VDG1_PROBE_BAD_MODE },
		{ VDG1_PROBE_MODE_PPGTT, 2, 0x1000, VDG1_PROBE_BAD_ACCESS },
		{ VDG1_PROBE_MODE_GGTT, 7, 0, VDG1_PROBE_BAD_ACCESS },
		{ VDG1_PROBE_MODE_PPGTT, 0, 0x1008, VDG1_PROBE_BAD_ROOT },
		{ VDG1_PROBE_MODE_PPGTT, 0, 1ull << 46, VDG1_PROBE_BAD_ROOT },
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		probe(core, bad[i].mode, bad[i].access, bad[i].root, 0x1000);
		p = counters(core);
		EXPECT_EQ(p.probe_status, VDG1_PROBE_BAD_REQUEST);
		EXPECT_EQ(p.probe_fault_reason, bad[i].reason);
		EXPECT_EQ(p.probe_fault_level, 0);
	}
	/* Nothing was walked. */
	EXPECT_EQ(CNT(core, probe_walks), 0);
	vdg1_core_destroy(core);
}

/*
 * Only RUN runs; results stay until the next run, through a counters reset
 * and a device reset; the probe's page accesses are not MMIO accesses;
 * results are read-only.
 */
static void probe_control_and_persistence(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct fake_pt pt;

	fake_pt_init(&pt, &h, PT_BASE);
	fake_pt_set(&pt, 0x1000, 1, 0x4000 | RW | P);
	probe(core, VDG1_PROBE_MODE_PPGTT, 0, pt.pml4, 0x1010);
	EXPECT_EQ(CNT(core, probe_status), VDG1_PROBE_OK);
	EXPECT_EQ(CNT(core, probe_addr_lo), 0x4010);
	/* Another VA, no RUN: the old result stands. */
	wr(core, PAGE_OFF(probe_va_lo), 0x2000);
	wr(core, PAGE_OFF(probe_control), 0x2);
	EXPECT_EQ(CNT(core, probe_addr_lo), 0x4010);
	EXPECT_EQ(CNT(core, probe_walks), 1);
	/* Results are read-only. */
	wr(core, PAGE_OFF(probe_status), 0);
	wr(core, PAGE_OFF(probe_addr_lo), 0);
	EXPECT_EQ(CNT(core, probe_status), VDG1_PROBE_OK);
	EXPECT_EQ(CNT(core, probe_addr_lo), 0x4010);
	wr(core, PAGE_OFF(control), VDG1_COUNTERS_CONTROL_RESET);
	vdg1_core_reset(core);
	EXPECT_EQ(CNT(core, probe_status), VDG1_PROBE_OK);
	EXPECT_EQ(CNT(core, probe_addr_lo), 0x4010);
	EXPECT_EQ(CNT(core, probe_va_lo), 0x2000);
	EXPECT_EQ(CNT(core, probe_walks), 0);
	/* RUN repeats with the request as it stands now: 0x2000 is unmapped. */
	wr(core, PAGE_OFF(probe_control), VDG1_PROBE_RUN);
	EXPECT_EQ(CNT(core, probe_status), VDG1_PROBE_FAULT);
	/* Nothing of the earlier success is left. */
	EXPECT_EQ(CNT(core, probe_addr_lo), 0);
	EXPECT_EQ(CNT(core, probe_page_size), 0);
	EXPECT_EQ(CNT(core, probe_mem), 0);
	EXPECT_EQ(CNT(core, probe_entry_lo), 0);
	/* And of a fault, after a bad request. */
	wr(core, PAGE_OFF(probe_mode), 9);
	wr(core, PAGE_OFF(probe_control), VDG1_PROBE_RUN);
	EXPECT_EQ(CNT(core, probe_status), VDG1_PROBE_BAD_REQUEST);
	EXPECT_EQ(CNT(core, probe_fault_level), 0);
	EXPECT_EQ(CNT(core, mmio_reads), 0);
	EXPECT_EQ(CNT(core, mmio_writes), 0);
	vdg1_core_destroy(core);
}

const struct vdg1_test vdg1_tests_probe[] = {
	TEST(probe_layout),
	TEST(probe_ppgtt_ok),
	TEST(probe_page_sizes),
	TEST(probe_ggtt),
	TEST(probe_faults_are_invisible_to_the_driver),
	TEST(probe_leaves_a_real_fault_record_alone),
	TEST(probe_bad_requests),
	TEST(probe_control_and_persistence),
	TEST_END
};
