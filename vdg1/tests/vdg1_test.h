/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_test.h - a minimal TAP harness and a fake host for the core's tests.
 *
 * Each test is a function; EXPECT_* record a failure (with a "# " diagnostic
 * line) and carry on, so one run shows every broken fact. The fake host has a
 * manual clock: tests move it with fake_advance(), which fires the core's
 * timer the way a real host would once the deadline passes. Forcewake acks
 * follow after the default 10 us: tests that touch registers of a power
 * domain wake it first with fake_wake().
 */
#ifndef VDG1_TEST_H
#define VDG1_TEST_H

#include <stdint.h>
#include <stdio.h>

#include "vdg1_core.h"
#include "vdg1_counters.h"
#include "../vdg1_state.h"
#include "../vdg1_tlb.h"
#include "../vdg1_engine_regs.h"
#include "../vdg1_event.h"
#include "../vdg1_execlists.h"
#include "../vdg1_counters_page.h"
#include "../vdg1_counters_sink.h"
#include "../vdg1_cs.h"
#include "../vdg1_cs_regs.h"
#include "../vdg1_fw.h"
#include "../vdg1_host.h"
#include "../vdg1_irq.h"
#include "../vdg1_ggtt.h"
#include "../vdg1_global_regs.h"
#include "../vdg1_layout.h"
#include "../vdg1_mcr.h"
#include "../vdg1_mmu.h"
#include "../vdg1_oa.h"
#include "../vdg1_ppgtt.h"
#include "../vdg1_probe.h"
#include "../vdg1_regdefs.h"
#include "../vdg1_pm.h"
#include "../vdg1_regs.h"
#include "../vdg1_wake.h"
#include "../vdg1_xlate.h"

struct fake_host {
	uint64_t now;
	uint64_t armed;			/* VDG1_NEVER when disarmed */
	unsigned int timer_arms;	/* calls of timer_arm() */
	unsigned int timer_fires;
	unsigned int msis;
	unsigned int logs[2];		/* per enum vdg1_log_level */
	char last_log[160];
	/*
	 * The memories DMA reaches: the first FAKE_MEM_SIZE bytes of system
	 * memory and of LMEM (the core's LMEM may be larger: beyond this the
	 * host reports a bus error). Zeroed by fake_core(); one pair for all
	 * fake hosts, so one core at a time uses them.
	 */
	uint8_t *sysmem;
	uint8_t *lmem;
	/*
	 * When non-zero, LMEM reads beyond the fake memory succeed with this
	 * 64-bit word repeated, as if the host had more LMEM than the core
	 * thinks (so the core's own bounds checks can be tested).
	 */
	uint64_t lmem_beyond;
	/*
	 * When set, called before each DMA write of the core: a CPU writing
	 * memory while the device does (the hook may write fake memory).
	 */
	void (*before_write)(struct fake_host *h, enum vdg1_mem mem,
			     uint64_t addr, size_t len);
};

#define FAKE_MEM_SIZE	(4u << 20)

struct vdg1_test {
	const char *name;
	void (*fn)(void);
};

extern const struct vdg1_test vdg1_tests_regs[];
extern const struct vdg1_test vdg1_tests_fw[];
extern const struct vdg1_test vdg1_tests_wake[];
extern const struct vdg1_test vdg1_tests_mcr[];
extern const struct vdg1_test vdg1_tests_engine[];
extern const struct vdg1_test vdg1_tests_bar0[];
extern const struct vdg1_test vdg1_tests_host[];
extern const struct vdg1_test vdg1_tests_ggtt[];
extern const struct vdg1_test vdg1_tests_ppgtt[];
extern const struct vdg1_test vdg1_tests_mmu[];
extern const struct vdg1_test vdg1_tests_tlb[];
extern const struct vdg1_test vdg1_tests_probe[];
extern const struct vdg1_test vdg1_tests_irq[];
extern const struct vdg1_test vdg1_tests_cs[];
extern const struct vdg1_test vdg1_tests_execlists[];
extern const struct vdg1_test vdg1_tests_pcode[];
extern const struct vdg1_test vdg1_tests_power[];
extern const struct vdg1_test vdg1_tests_pcipm[];
extern const struct vdg1_test vdg1_tests_oa[];
extern const struct vdg1_test vdg1_tests_reglog[];

/* Masked-register write values (i915 i915_reg_defs.h). */
#define SET(bits)	((uint32_t)(bits) << 16 | (bits))
#define CLEAR(bits)	((uint32_t)(bits) << 16)

/* Request and ack register of each modelled domain (i915 intel_gt_regs.h). */
struct fw_domain_regs {
	enum vdg1_fw_domain d;
	uint32_t req, ack;
};
extern const struct fw_domain_regs fw_domains[VDG1_FW_COUNT];

extern const struct vdg1_host_ops fake_ops;

void test_fail(const char *file, int line, const char *expr,
	       unsigned long long got, unsigned long long want);

/* A core on @h with @cfg, or the defaults when @cfg is NULL; aborts on error. */
struct vdg1_core *fake_core(struct fake_host *h, const struct vdg1_config *cfg);
void fake_advance(struct fake_host *h, struct vdg1_core *core, uint64_t ns);
/* A core with the default config but this ack delay (0: acks at once). */
struct vdg1_core *fake_core_delay(struct fake_host *h, uint64_t delay_ns);
/*
 * Request KERNEL on @d (or release it) and let the configured ack delay
 * pass, as a driver waiting for the ack would.
 */
void fake_wake(struct fake_host *h, struct vdg1_core *core,
	       enum vdg1_fw_domain d);
void fake_release(struct fake_host *h, struct vdg1_core *core,
		  enum vdg1_fw_domain d);

/* 64-bit little-endian words in the fake memories. */
void fake_put64(struct fake_host *h, enum vdg1_mem mem, uint64_t addr,
		uint64_t v);
uint64_t fake_get64(struct fake_host *h, enum vdg1_mem mem, uint64_t addr);

/*
 * PPGTT page tables built in fake LMEM, written independently of the
 * model's walker: tables come from a bump allocator starting at @next, the
 * PML4 first. Index per level: VA bits 47:39, 38:30, 29:21, 20:12.
 */
struct fake_pt {
	struct fake_host *h;
	uint64_t pml4;
	uint64_t next;
};

void fake_pt_init(struct fake_pt *pt, struct fake_host *h, uint64_t base);
uint64_t fake_pt_alloc(struct fake_pt *pt);
/*
 * Write @entry at @level (4 PML4E, 3 PDPE, 2 PDE, 1 PTE) for @va, creating
 * missing tables above it with PRESENT | RW entries. Returns the LMEM
 * address of the entry written.
 */
uint64_t fake_pt_set(struct fake_pt *pt, uint64_t va, unsigned int level,
		     uint64_t entry);
/* The LMEM address of @va's entry at @level, following the tables. */
uint64_t fake_pt_slot(const struct fake_pt *pt, uint64_t va,
		      unsigned int level);

static inline uint32_t rd(struct vdg1_core *core, uint32_t offset)
{
	return (uint32_t)vdg1_core_mmio_read(core, offset, 4);
}

static inline void wr(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	vdg1_core_mmio_write(core, offset, val, 4);
}

/* The counters page as the guest reads it, dword by dword through BAR0. */
static inline struct vdg1_counters_page counters(struct vdg1_core *core)
{
	struct vdg1_counters_page p;
	uint32_t *dw = (uint32_t *)&p;
	size_t i;

	for (i = 0; i < sizeof(p) / 4; i++)
		dw[i] = rd(core, VDG1_COUNTERS_BASE + 4 * i);
	return p;
}

/* One field of a fresh snapshot of the counters page. */
#define CNT(core, field)	(counters(core).field)

#define EXPECT_EQ(got, want) do {					\
	unsigned long long g_ = (unsigned long long)(got);		\
	unsigned long long w_ = (unsigned long long)(want);		\
	if (g_ != w_)							\
		test_fail(__FILE__, __LINE__, #got, g_, w_);		\
} while (0)

#define EXPECT_TRUE(cond)	EXPECT_EQ(!!(cond), 1)

#define TEST(fn)	{ #fn, fn }
#define TEST_END	{ NULL, NULL }

#endif /* VDG1_TEST_H */
