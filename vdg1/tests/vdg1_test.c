// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_test.c - runs the core's host tests and reports them as TAP.
 *
 * Output: a plan line, "ok N - name" / "not ok N - name" per test, then
 * "vdg1: N passed, N failed". Exits non-zero if anything failed.
 */
#include <stdlib.h>
#include <string.h>

#include "vdg1_test.h"

static int current_failed;

void test_fail(const char *file, int line, const char *expr,
	       unsigned long long got, unsigned long long want)
{
	printf("# %s:%d: %s = 0x%llx, want 0x%llx\n", file, line, expr, got,
	       want);
	current_failed = 1;
}

static uint64_t fake_now(void *opaque)
{
	return ((struct fake_host *)opaque)->now;
}

static void fake_timer_arm(void *opaque, uint64_t deadline)
{
	struct fake_host *h = opaque;

	h->armed = deadline;
	h->timer_arms++;
}

static uint8_t fake_sysmem[FAKE_MEM_SIZE];
static uint8_t fake_lmem[FAKE_MEM_SIZE];

static uint8_t *fake_mem(struct fake_host *h, enum vdg1_mem mem,
			 uint64_t addr, size_t len)
{
	uint8_t *base = mem == VDG1_MEM_LMEM ? h->lmem : h->sysmem;

	if (addr > FAKE_MEM_SIZE || len > FAKE_MEM_SIZE - addr)
		return NULL;
	return base + addr;
}

static int fake_mem_read(void *opaque, enum vdg1_mem mem, uint64_t addr,
			 void *buf, size_t len)
{
	struct fake_host *h = opaque;
	uint8_t *p = fake_mem(h, mem, addr, len);
	size_t i;

	if (!p && mem == VDG1_MEM_LMEM && h->lmem_beyond &&
	    addr >= FAKE_MEM_SIZE) {
		for (i = 0; i < len; i++)
			((uint8_t *)buf)[i] = (uint8_t)(h->lmem_beyond >>
							(8 * ((addr + i) & 7)));
		return 0;
	}
	if (!p)
		return -1;
	memcpy(buf, p, len);
	return 0;
}

static int fake_mem_write(void *opaque, enum vdg1_mem mem, uint64_t addr,
			  const void *buf, size_t len)
{
	struct fake_host *h = opaque;
	uint8_t *p = fake_mem(h, mem, addr, len);

	if (!p)
		return -1;
	if (h->before_write)
		h->before_write(h, mem, addr, len);
	memcpy(p, buf, len);
	return 0;
}

static void fake_raise_msi(void *opaque, unsigned int vector)
{
	(void)vector;
	((struct fake_host *)opaque)->msis++;
}

static void fake_log(void *opaque, enum vdg1_log_level level, const char *msg)
{
	struct fake_host *h = opaque;

	h->logs[level]++;
	snprintf(h->last_log, sizeof(h->last_log), "%s", msg);
}

const struct vdg1_host_ops fake_ops = {
	.now_ns = fake_now,
	.timer_arm = fake_timer_arm,
	.mem_read = fake_mem_read,
	.mem_write = fake_mem_write,
	.raise_msi = fake_raise_msi,
	.log = fake_log,
};

struct vdg1_core *fake_core(struct fake_host *h, const struct vdg1_config *cfg)
{
	struct vdg1_config defaults;
	struct vdg1_core *core;
	const char *err = NULL;

	memset(h, 0, sizeof(*h));
	h->now = 1000000;	/* not 0: catches code that forgets the clock */
	h->armed = VDG1_NEVER;
	memset(fake_sysmem, 0, sizeof(fake_sysmem));
	memset(fake_lmem, 0, sizeof(fake_lmem));
	h->sysmem = fake_sysmem;
	h->lmem = fake_lmem;
	if (!cfg) {
		vdg1_config_defaults(&defaults);
		cfg = &defaults;
	}
	core = vdg1_core_create(cfg, &fake_ops, h, &err);
	if (!core) {
		printf("Bail out! vdg1_core_create: %s\n", err);
		exit(2);
	}
	return core;
}

/* Move the clock like a host would, firing the timer when it is due. */
void fake_advance(struct fake_host *h, struct vdg1_core *core, uint64_t ns)
{
	h->now += ns;
	if (h->armed != VDG1_NEVER && h->armed <= h->now) {
		h->armed = VDG1_NEVER;
		h->timer_fires++;
		vdg1_core_timer_expired(core);
	}
}

void fake_put64(struct fake_host *h, enum vdg1_mem mem, uint64_t addr,
		uint64_t v)
{
	uint8_t *p = fake_mem(h, mem, addr, 8);
	int i;

	if (!p) {
		printf("Bail out! fake_put64 outside the fake memory\n");
		exit(2);
	}
	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

uint64_t fake_get64(struct fake_host *h, enum vdg1_mem mem, uint64_t addr)
{
	uint8_t *p = fake_mem(h, mem, addr, 8);
	uint64_t v = 0;
	int i;

	if (!p) {
		printf("Bail out! fake_get64 outside the fake memory\n");
		exit(2);
	}
	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

void fake_pt_init(struct fake_pt *pt, struct fake_host *h, uint64_t base)
{
	pt->h = h;
	pt->next = base;
	pt->pml4 = fake_pt_alloc(pt);
}

uint64_t fake_pt_alloc(struct fake_pt *pt)
{
	uint64_t a = pt->next;

	pt->next += 4096;
	return a;
}

static const unsigned int pt_shift[5] = { 0, 12, 21, 30, 39 };

uint64_t fake_pt_slot(const struct fake_pt *pt, uint64_t va,
		      unsigned int level)
{
	uint64_t slot = pt->pml4 + 8 * ((va >> pt_shift[4]) & 511);
	unsigned int l;

	for (l = 3; l >= level; l--)
		slot = (fake_get64(pt->h, VDG1_MEM_LMEM, slot) &
			0x00003ffffffff000ull) + 8 * ((va >> pt_shift[l]) & 511);
	return slot;
}

uint64_t fake_pt_set(struct fake_pt *pt, uint64_t va, unsigned int level,
		     uint64_t entry)
{
	const unsigned int *shift = pt_shift;
	uint64_t table = pt->pml4, slot, e;
	unsigned int l;

	for (l = 4; l > level; l--) {
		slot = table + 8 * ((va >> shift[l]) & 511);
		e = fake_get64(pt->h, VDG1_MEM_LMEM, slot);
		if (!(e & 1)) {
			e = fake_pt_alloc(pt) | 0x3;	/* PRESENT | RW */
			fake_put64(pt->h, VDG1_MEM_LMEM, slot, e);
		}
		table = e & 0x00003ffffffff000ull;
	}
	slot = table + 8 * ((va >> shift[level]) & 511);
	fake_put64(pt->h, VDG1_MEM_LMEM, slot, entry);
	return slot;
}

const struct fw_domain_regs fw_domains[VDG1_FW_COUNT] = {
	{ VDG1_FW_GT, 0xa188, 0x130044 },
	{ VDG1_FW_RENDER, 0xa278, 0x0d84 },
	{ VDG1_FW_VDBOX0, 0xa540, 0x0d50 },
	{ VDG1_FW_VDBOX2, 0xa548, 0x0d58 },
	{ VDG1_FW_VEBOX0, 0xa560, 0x0d70 },
};

struct vdg1_core *fake_core_delay(struct fake_host *h, uint64_t delay_ns)
{
	struct vdg1_config cfg;

	vdg1_config_defaults(&cfg);
	cfg.fw_ack_delay_ns = delay_ns;
	return fake_core(h, &cfg);
}

void fake_wake(struct fake_host *h, struct vdg1_core *core,
	       enum vdg1_fw_domain d)
{
	wr(core, fw_domains[d].req, SET(FORCEWAKE_KERNEL));
	fake_advance(h, core, core->cfg.fw_ack_delay_ns);
}

void fake_release(struct fake_host *h, struct vdg1_core *core,
		  enum vdg1_fw_domain d)
{
	wr(core, fw_domains[d].req, CLEAR(FORCEWAKE_KERNEL));
	fake_advance(h, core, core->cfg.fw_ack_delay_ns);
}

static const struct vdg1_test *const suites[] = {
	vdg1_tests_regs,
	vdg1_tests_fw,
	vdg1_tests_wake,
	vdg1_tests_mcr,
	vdg1_tests_engine,
	vdg1_tests_bar0,
	vdg1_tests_host,
	vdg1_tests_ggtt,
	vdg1_tests_ppgtt,
	vdg1_tests_mmu,
	vdg1_tests_tlb,
	vdg1_tests_probe,
	vdg1_tests_irq,
	vdg1_tests_cs,
	vdg1_tests_execlists,
	vdg1_tests_pcode,
	vdg1_tests_power,
	vdg1_tests_pcipm,
	vdg1_tests_oa,
	vdg1_tests_reglog,
};

int main(void)
{
	const struct vdg1_test *t;
	int n = 0, passed = 0, failed = 0;
	size_t s;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (s = 0; s < sizeof(suites) / sizeof(suites[0]); s++)
		for (t = suites[s]; t->fn; t++)
			n++;
	printf("1..%d\n", n);
	n = 0;
	for (s = 0; s < sizeof(suites) / sizeof(suites[0]); s++) {
		for (t = suites[s]; t->fn; t++) {
			current_failed = 0;
			t->fn();
			printf("%sok %d - %s\n", current_failed ? "not " : "",
			       ++n, t->name);
			if (current_failed)
				failed++;
			else
				passed++;
		}
	}
	printf("vdg1: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
