/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_dev_vdg1.h - vdg1's counters page, mapped from the device's resource0
 * and read as the struct vdg1_counters_page that vdg1_counters.h defines.
 *
 * No harness in here: errors come back as -errno with a reason, so the
 * tests and the tools can share it.
 */
#ifndef DG1DEV_VDG1_H
#define DG1DEV_VDG1_H

#include <stddef.h>
#include <stdint.h>

#include "dg1_dev.h"
#include "vdg1_counters.h"

/*
 * The top of vdg1's LMEM: the DSM (stolen memory, 32 MiB, GGC.GMS = 1)
 * and below it the GSM (the GGTT's 8 MiB of PTEs, GGC.GGMS = 3). Usable
 * LMEM ends below both (Documentation/vdg1.rst; i915 gt/intel_ggtt.c,
 * gem/i915_gem_stolen.c).
 */
#define VDG1_GSM_SIZE		(8ull << 20)
#define VDG1_DSM_SIZE		(32ull << 20)
#define VDG1_LMEM_RESERVED	(VDG1_GSM_SIZE + VDG1_DSM_SIZE)

/* One dword of the page, read or written as one access. */
#define DG1DEV_VDG1_FIELD(page, f)	(*(volatile uint32_t *)&(page)->f)

struct dg1dev_vdg1 {
	/* The live page: every read of a field is a read of the device. */
	const volatile struct vdg1_counters_page *page;
	struct dg1dev_bar0 bar;
};

/*
 * Map the counters page of the PCI device at @pci_path. Returns 0, or
 * -errno with the reason in @why: -ENODEV when the magic word is not
 * vdg1's (real hardware reads 0 there), -EPROTO when it is vdg1 with a
 * page layout other than the one this build reads, anything else when the
 * page could not be mapped.
 */
int dg1dev_vdg1_map(const char *pci_path, struct dg1dev_vdg1 *v,
		    char *why, size_t why_len);
void dg1dev_vdg1_unmap(struct dg1dev_vdg1 *v);

/* The whole page at one moment, each dword read once, into @s. */
void dg1dev_vdg1_snapshot(const struct dg1dev_vdg1 *v,
			  struct vdg1_counters_page *s);

/* The configured LMEM size and how much of it BAR2 shows (version 4). */
static inline uint64_t
dg1dev_vdg1_lmem_size(const struct vdg1_counters_page *s)
{
	return (uint64_t)s->lmem_size_hi << 32 | s->lmem_size_lo;
}

static inline uint64_t
dg1dev_vdg1_lmem_bar_size(const struct vdg1_counters_page *s)
{
	return (uint64_t)s->lmem_bar_size_hi << 32 | s->lmem_bar_size_lo;
}

/*
 * The counters of a snapshot on one line, no newline: "mmio reads N
 * writes N, unclaimed ..., wake violations ..., mcr terminated ..., acks
 * lost N recovered by fallback N, wakes gt N render N ...".
 */
/* The outcome of one translation probe (vdg1_counters.h, version 4). */
struct dg1dev_probe {
	uint32_t status;	/* VDG1_PROBE_OK, _FAULT or _BAD_REQUEST */
	uint32_t mem;		/* 0 system memory, 1 LMEM */
	uint64_t addr;		/* where the access lands */
	uint32_t page_size;
	uint32_t fault_level;
	uint32_t fault_reason;
	uint64_t entry;		/* the leaf (or faulting) entry, raw */
};

/*
 * Ask vdg1 to translate @va (@mode VDG1_PROBE_MODE_GGTT or _PPGTT with the
 * PML4 at LMEM address @root) for a read or a write, through a writable
 * mapping of the counters page of the device at @pci_path. Returns 0 with
 * @out filled in, or -errno with the reason in @why.
 */
int dg1dev_vdg1_probe(const char *pci_path, uint32_t mode, uint64_t root,
		      uint64_t va, uint32_t access, struct dg1dev_probe *out,
		      char *why, size_t why_len);

/*
 * The same for many probes: one writable mapping of the counters page,
 * kept open, so that a probe costs its register accesses only.
 */
struct dg1dev_prober {
	volatile struct vdg1_counters_page *page;
};

int dg1dev_vdg1_prober_open(const char *pci_path, struct dg1dev_prober *p,
			    char *why, size_t why_len);
void dg1dev_vdg1_prober_close(struct dg1dev_prober *p);
void dg1dev_vdg1_prober_run(const struct dg1dev_prober *p, uint32_t mode,
			    uint64_t root, uint64_t va, uint32_t access,
			    struct dg1dev_probe *out);

int dg1dev_vdg1_format_counters(const struct vdg1_counters_page *s,
				char *buf, size_t len);
/*
 * vdg1's configuration and forcewake state on one line, no newline: "fw
 * ack delay N ns, never-ack ..., lose-acks ... (first N each), fuses
 * dss-enable 0x.. l3-disable 0x.. vebox-vdbox-disable 0x.., misccpctl
 * locked|unlocked, lmem N MiB, bar N MiB, awake ...".
 */
int dg1dev_vdg1_format_config(const struct vdg1_counters_page *s,
			      char *buf, size_t len);

/*
 * What the register traffic between two snapshots cost, the way
 * dg1_bench_exec and vdg1_measure report it: writes and reads outside
 * interrupt service per submission to vdg1 engine @engine, accesses per
 * serviced interrupt, interrupts per submission.
 */
struct dg1dev_mmio_cost {
	uint32_t submissions, serviced;
	double writes_per_submission, reads_per_submission;
	double per_interrupt, interrupts_per_submission;
	/*
	 * Mean us from an EXECLIST_CONTROL load to the engine's next user
	 * interrupt, on the host's clock (every engine), over @load_irqs
	 * pairs; 0 without any.
	 */
	uint32_t load_irqs;
	double load_to_user_irq_us;
	/* Commands the engine ran per submission (the ring's and batches'). */
	double commands_per_submission;
};

/* Fills @out; -ENODATA when nothing was submitted or serviced. */
int dg1dev_vdg1_mmio_cost(const struct vdg1_counters_page *c0,
			  const struct vdg1_counters_page *c1,
			  unsigned int engine, struct dg1dev_mmio_cost *out);

#endif /* DG1DEV_VDG1_H */
