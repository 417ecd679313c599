// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev_vdg1.c - vdg1's counters page, mapped and read as a struct.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"

int dg1dev_vdg1_map(const char *pci_path, struct dg1dev_vdg1 *v,
		    char *why, size_t why_len)
{
	uint32_t magic, version;
	int err;

	memset(v, 0, sizeof(*v));
	err = dg1dev_bar0_map(pci_path, VDG1_COUNTERS_BASE, VDG1_COUNTERS_SIZE,
			      &v->bar, why, why_len);
	if (err)
		return err;
	v->page = (const volatile struct vdg1_counters_page *)v->bar.regs;

	magic = v->page->magic;
	if (magic != VDG1_COUNTERS_MAGIC_VALUE) {
		dg1dev_vdg1_unmap(v);
		snprintf(why, why_len,
			 "not vdg1: magic 0x%08x at BAR0+0x%x (real hardware reads 0%s)",
			 magic, VDG1_COUNTERS_BASE,
			 magic == UINT32_MAX ?
			 "; all ones: memory decoding off?" : "");
		return -ENODEV;
	}

	version = v->page->version;
	if (version != VDG1_COUNTERS_VERSION_VALUE) {
		dg1dev_vdg1_unmap(v);
		snprintf(why, why_len,
			 "vdg1 counters page version %" PRIu32 ", this build reads version %u: rebuild the tests with this vdg1",
			 version, VDG1_COUNTERS_VERSION_VALUE);
		return -EPROTO;
	}

	return 0;
}

void dg1dev_vdg1_unmap(struct dg1dev_vdg1 *v)
{
	dg1dev_bar0_unmap(&v->bar);
	memset(v, 0, sizeof(*v));
}

void dg1dev_vdg1_snapshot(const struct dg1dev_vdg1 *v,
			  struct vdg1_counters_page *s)
{
	const volatile uint32_t *src = (const volatile uint32_t *)v->page;
	uint32_t *dst = (uint32_t *)s;
	size_t i;

	/* Dword by dword: the page is MMIO, memcpy() may read it otherwise. */
	for (i = 0; i < sizeof(*s) / sizeof(uint32_t); i++)
		dst[i] = src[i];
}

int dg1dev_vdg1_format_counters(const struct vdg1_counters_page *s,
				char *buf, size_t len)
{
	unsigned int d;
	int n;

	n = snprintf(buf, len,
		     "mmio reads %" PRIu32 " writes %" PRIu32
		     ", unclaimed reads %" PRIu32 " writes %" PRIu32
		     " (last 0x%" PRIx32 "), wake violations %" PRIu32
		     " (last 0x%" PRIx32 "), mcr terminated %" PRIu32
		     " (last 0x%" PRIx32 "), acks lost %" PRIu32
		     " recovered by fallback %" PRIu32 ", wakes",
		     s->mmio_reads, s->mmio_writes,
		     s->unclaimed_reads, s->unclaimed_writes,
		     s->last_unclaimed, s->wake_violations,
		     s->last_wake_violation, s->mcr_terminated,
		     s->last_mcr_terminated, s->acks_lost,
		     s->acks_recovered_by_fallback);
	for (d = 0; d < VDG1_FW_COUNT && n >= 0 && (size_t)n < len; d++)
		n += snprintf(buf + n, len - n, " %s %" PRIu32,
			      dg1dev_domain_name(d), s->wake_transitions[d]);

	return n;
}

int dg1dev_vdg1_format_config(const struct vdg1_counters_page *s,
			      char *buf, size_t len)
{
	char never[64], lose[64], awake[64];

	return snprintf(buf, len,
			"fw ack delay %" PRIu32 " ns, never-ack %s, lose-acks %s (first %" PRIu32
			" each), fuses dss-enable 0x%" PRIx32 " l3-disable 0x%" PRIx32
			" vebox-vdbox-disable 0x%" PRIx32 ", misccpctl %s, lmem %" PRIu64
			" MiB, bar %" PRIu64 " MiB, awake %s",
			s->fw_ack_delay_ns,
			dg1dev_domain_mask_names(s->never_ack_domains, never,
						 sizeof(never)),
			dg1dev_domain_mask_names(s->lose_ack_domains, lose,
						 sizeof(lose)),
			s->lose_ack_count, s->fuse_dss_enable,
			s->fuse_l3_disable, s->fuse_vebox_vdbox_disable,
			s->misccpctl_locked ? "locked" : "unlocked",
			dg1dev_vdg1_lmem_size(s) >> 20,
			dg1dev_vdg1_lmem_bar_size(s) >> 20,
			dg1dev_domain_mask_names(s->awake_domains, awake,
						 sizeof(awake)));
}


int dg1dev_vdg1_prober_open(const char *pci_path, struct dg1dev_prober *p,
			    char *why, size_t why_len)
{
	char path[PATH_MAX];
	void *map;
	int fd, err;

	p->page = NULL;
	if (snprintf(path, sizeof(path), "%s/resource0", pci_path) >=
	    (int)sizeof(path)) {
		snprintf(why, why_len, "PCI path too long");
		return -ENAMETOOLONG;
	}
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		snprintf(why, why_len, "cannot open %s for writing: %s", path,
			 strerror(-err));
		return err;
	}
	map = mmap(NULL, VDG1_COUNTERS_SIZE, PROT_READ | PROT_WRITE,
		   MAP_SHARED, fd, VDG1_COUNTERS_BASE);
	err = -errno;
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(why, why_len, "cannot mmap %s at 0x%x: %s", path,
			 VDG1_COUNTERS_BASE, strerror(-err));
		return err;
	}
	p->page = map;
	if (DG1DEV_VDG1_FIELD(p->page, magic) != VDG1_COUNTERS_MAGIC_VALUE ||
	    DG1DEV_VDG1_FIELD(p->page, version) < 4) {
		snprintf(why, why_len, "no vdg1 counters page of version 4");
		dg1dev_vdg1_prober_close(p);
		return -ENODEV;
	}
	return 0;
}

void dg1dev_vdg1_prober_close(struct dg1dev_prober *p)
{
	if (p->page)
		munmap((void *)p->page, VDG1_COUNTERS_SIZE);
	p->page = NULL;
}

void dg1dev_vdg1_prober_run(const struct dg1dev_prober *p, uint32_t mode,
			    uint64_t root, uint64_t va, uint32_t access,
			    struct dg1dev_probe *out)
{
	volatile struct vdg1_counters_page *page = p->page;

	/* Every field is a dword: write them one store each. */
	DG1DEV_VDG1_FIELD(page, probe_mode) = mode;
	DG1DEV_VDG1_FIELD(page, probe_access) = access;
	DG1DEV_VDG1_FIELD(page, probe_root_lo) = (uint32_t)root;
	DG1DEV_VDG1_FIELD(page, probe_root_hi) = (uint32_t)(root >> 32);
	DG1DEV_VDG1_FIELD(page, probe_va_lo) = (uint32_t)va;
	DG1DEV_VDG1_FIELD(page, probe_va_hi) = (uint32_t)(va >> 32);
	DG1DEV_VDG1_FIELD(page, probe_control) = VDG1_PROBE_RUN;

	out->status = DG1DEV_VDG1_FIELD(page, probe_status);
	out->mem = DG1DEV_VDG1_FIELD(page, probe_mem);
	out->addr = DG1DEV_VDG1_FIELD(page, probe_addr_lo) |
		    (uint64_t)DG1DEV_VDG1_FIELD(page, probe_addr_hi) << 32;
	out->page_size = DG1DEV_VDG1_FIELD(page, probe_page_size);
	out->fault_level = DG1DEV_VDG1_FIELD(page, probe_fault_level);
	out->fault_reason = DG1DEV_VDG1_FIELD(page, probe_fault_reason);
	out->entry = DG1DEV_VDG1_FIELD(page, probe_entry_lo) |
		     (uint64_t)DG1DEV_VDG1_FIELD(page, probe_entry_hi) << 32;
}

int dg1dev_vdg1_probe(const char *pci_path, uint32_t mode, uint64_t root,
		      uint64_t va, uint32_t access, struct dg1dev_probe *out,
		      char *why, size_t why_len)
{
	struct dg1dev_prober p;
	int err;

	err = dg1dev_vdg1_prober_open(pci_path, &p, why, why_len);
	if (err)
		return err;
	dg1dev_vdg1_prober_run(&p, mode, root, va, access, out);
	dg1dev_vdg1_prober_close(&p);
	return 0;
}

int dg1dev_vdg1_mmio_cost(const struct vdg1_counters_page *c0,
			  const struct vdg1_counters_page *c1,
			  unsigned int engine, struct dg1dev_mmio_cost *out)
{
	uint32_t subs = c1->engine_submissions[engine] -
			c0->engine_submissions[engine];
	uint32_t serviced = c1->irqs_serviced - c0->irqs_serviced;
	uint32_t irq_r = c1->irq_mmio_reads - c0->irq_mmio_reads;
	uint32_t irq_w = c1->irq_mmio_writes - c0->irq_mmio_writes;

	uint64_t ns0 = (uint64_t)c0->load_to_user_irq_ns_hi << 32 |
		       c0->load_to_user_irq_ns_lo;
	uint64_t ns1 = (uint64_t)c1->load_to_user_irq_ns_hi << 32 |
		       c1->load_to_user_irq_ns_lo;

	out->submissions = subs;
	out->serviced = serviced;
	out->load_irqs = c1->load_to_user_irqs - c0->load_to_user_irqs;
	out->load_to_user_irq_us = out->load_irqs ?
		(double)(ns1 - ns0) / out->load_irqs / 1000 : 0;
	if (!subs || !serviced)
		return -ENODATA;
	out->commands_per_submission =
		(double)(c1->engine_commands[engine] -
			 c0->engine_commands[engine]) / subs;
	out->writes_per_submission =
		(double)(c1->mmio_writes - c0->mmio_writes - irq_w) / subs;
	out->reads_per_submission =
		(double)(c1->mmio_reads - c0->mmio_reads - irq_r) / subs;
	out->per_interrupt = (double)(irq_r + irq_w) / serviced;
	out->interrupts_per_submission = (double)serviced / subs;
	return 0;
}
