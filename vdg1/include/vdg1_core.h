/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_core.h - the interface between vdg1's GPU model and its host.
 *
 * The core knows the DG1 and nothing of QEMU; a host (QEMU glue, the host
 * unit tests) creates it with a configuration and a table of callbacks and
 * forwards BAR0 accesses to it. All calls into one core, and the callbacks it
 * makes, happen with the host's big lock held: the core does no locking.
 */
#ifndef VDG1_CORE_H
#define VDG1_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_fw_domain.h"

#define VDG1_PCI_VENDOR_ID		0x8086
#define VDG1_PCI_DEVICE_ID_FIRST	0x4905	/* i915 include/drm/intel/pciids.h */
#define VDG1_PCI_DEVICE_ID_LAST		0x4909
#define VDG1_DEFAULT_DEVICE_ID		0x4905
#define VDG1_DEFAULT_REVISION		0x01
#define VDG1_DEFAULT_LMEM_SIZE		(512ull << 20)
/* Small but non-zero, so a driver that skips the ack wait is caught. */
#define VDG1_DEFAULT_FW_ACK_DELAY_NS	10000
#define VDG1_DEFAULT_PG_HYSTERESIS_NS	10000000
#define VDG1_DEFAULT_RC6_THRESHOLD_NS	64000000
#define VDG1_DEFAULT_FW_LOSE_ACKS_COUNT	1
#define VDG1_DEFAULT_CS_NS_PER_COMMAND	50

/* Deadline meaning "no timer": timer_arm() with it cancels the timer. */
#define VDG1_NEVER			UINT64_MAX

/*
 * Fuses (i915 gt/intel_gt_regs.h; Vol 13 General Assets, "Force Wake and
 * Steering Table", fuse reflections). All are the raw register values except
 * l3_disable, the 4-bit fuse_gt_l3_disable[3:0] that 0x9118 reflects twice.
 */
struct vdg1_fuses {
	uint32_t dss_enable;		/* 0x913C[5:0], default 0x3F: 6 DSS */
	uint32_t l3_disable;		/* 1 = bank pair off; default 0: all 4 */
	uint32_t eu_disable;		/* 0x9134, default 0 */
	uint32_t slice_enable;		/* 0x9138, default 0x1 */
	/*
	 * 0x9140, default VDBOX1/3 + VEBOX1 off. Only VCS0, VCS2 and VECS0
	 * can be present (i915 i915_pci.c): the model has no other media engine,
	 * whatever this fuse says.
	 */
	uint32_t vebox_vdbox_disable;
};

struct vdg1_config {
	uint64_t lmem_size;		/* bytes; power of two, > GSM size */
	/*
	 * How much of LMEM BAR2 shows the CPU, from its start: a power of
	 * two of at least 1 MiB, at most lmem_size; 0 means all of LMEM.
	 * The GPU reaches all of LMEM whatever the BAR's size.
	 */
	uint64_t lmem_bar_size;
	uint16_t device_id;		/* 0x4905..0x4909 */
	uint8_t revision;
	struct vdg1_fuses fuses;
	/*
	 * Delay from a forcewake request bit changing to its ack bit
	 * following, in every domain; 0 = at once.
	 */
	uint64_t fw_ack_delay_ns;
	/*
	 * Power-gating idle hysteresis: how long a render or media domain
	 * stays powered after its last engine went idle, when no forcewake
	 * holds it (vdg1_fw.h). A forcewake release powers down after the ack
	 * delay.
	 */
	uint64_t pg_hysteresis_ns;
	/*
	 * The same for the GT domain, which only powers down in RC6: the RC6
	 * idle threshold.
	 */
	uint64_t rc6_threshold_ns;
	/*
	 * Whether an idle domain powers down only when the driver enabled
	 * RC6 (GEN6_RC_CONTROL) or its well's power gating (GEN9_PG_ENABLE),
	 * as the hardware does; off: it powers down whenever nothing holds
	 * it, as under a driver that enabled both (vdg1_fw.h).
	 */
	bool pg_follows_driver;
	/* Bit d set: domain d (enum vdg1_fw_domain) never acknowledges. */
	uint32_t fw_never_ack;
	/*
	 * Bit d set: the first fw_lose_acks_count wake requests of domain d
	 * lose their ack until the driver requests FORCEWAKE_KERNEL_FALLBACK.
	 * A domain also in fw_never_ack never acks at all.
	 */
	uint32_t fw_lose_acks;
	uint32_t fw_lose_acks_count;
	/* Firmware locked MISCCPCTL (0x9424): writes to it are ignored. */
	bool misccpctl_locked;

	/*
	 * Boot firmware trained LMEM (GU_CNTL.LMEM_INIT). When it did not, the
	 * punit keeps the GT powered down: no forcewake domain ever acks
	 * (i915 intel_uncore.c).
	 */
	bool lmem_trained;
	/*
	 * The device stopped answering (fallen off the bus, or its BAR left
	 * unset): every register read returns all ones and writes are
	 * dropped, as PCIe completes a request nobody claims. The counters
	 * page stays readable.
	 */
	bool dead_bar;
	/*
	 * Firmware finishes initialising the device this long after the
	 * first register access following a reset: until then the punit
	 * answers the init-status query "not complete" and GU_CNTL.LMEM_INIT
	 * reads 0 (vdg1_pcode.h). Counted from the driver's first access, not
	 * from power-on, so a driver meets firmware mid-initialisation
	 * however long the guest took to boot; 0: done at once.
	 */
	uint64_t pcode_init_delay_ns;

	/*
	 * Guest time one command of an engine takes (a blit: per 4 KiB it
	 * touches); engines never execute in zero time.
	 */
	uint64_t cs_ns_per_command;
};

/* Which memory a DMA callback addresses. */
enum vdg1_mem {
	VDG1_MEM_SYSTEM,	/* guest physical memory, as a PCI bus master */
	VDG1_MEM_LMEM,		/* device-local memory (BAR2's backing) */
};

enum vdg1_log_level {
	VDG1_LOG_UNIMP,		/* the guest used something not modelled */
	VDG1_LOG_GUEST_ERROR,	/* the guest broke a hardware rule */
};

/*
 * Host services. All but log are mandatory. The clock is the guest's
 * (virtual) nanosecond clock; timer_arm() (re)programs the core's single
 * timer to call vdg1_core_timer_expired() once now_ns() >= deadline_ns.
 * mem_read/mem_write return 0 on success, negative on a bus error.
 */
struct vdg1_host_ops {
	uint64_t (*now_ns)(void *opaque);
	void (*timer_arm)(void *opaque, uint64_t deadline_ns);
	int (*mem_read)(void *opaque, enum vdg1_mem mem, uint64_t addr,
			void *buf, size_t len);
	int (*mem_write)(void *opaque, enum vdg1_mem mem, uint64_t addr,
			 const void *buf, size_t len);
	void (*raise_msi)(void *opaque, unsigned int vector);
	void (*log)(void *opaque, enum vdg1_log_level level, const char *msg);
};

/* What the host needs to expose the device on PCI. */
struct vdg1_pci_info {
	uint16_t vendor_id;
	uint16_t device_id;
	uint8_t revision;
	uint16_t class_code;		/* base class << 8 | subclass */
	uint64_t bar0_size;		/* GTTMMADR, 64-bit prefetchable */
	uint64_t bar2_size;		/* LMEMBAR, 64-bit prefetchable RAM */
	/* LMEM behind BAR2: its first bar2_size bytes are the BAR. */
	uint64_t lmem_size;
	uint8_t gmch_ctrl_offset;	/* config-space word mirroring GGC */
	uint16_t gmch_ctrl;
	unsigned int msi_vectors;
};

struct vdg1_core;

void vdg1_config_defaults(struct vdg1_config *cfg);
const char *vdg1_config_check(const struct vdg1_config *cfg);
/* The BAR2 size @cfg asks for: lmem_bar_size, or lmem_size for 0. */
static inline uint64_t vdg1_config_lmem_bar_size(const struct vdg1_config *cfg)
{
	return cfg->lmem_bar_size ? cfg->lmem_bar_size : cfg->lmem_size;
}

struct vdg1_core *vdg1_core_create(const struct vdg1_config *cfg,
				   const struct vdg1_host_ops *ops,
				   void *opaque, const char **err);
void vdg1_core_destroy(struct vdg1_core *core);
void vdg1_core_reset(struct vdg1_core *core);
void vdg1_core_pci_info(const struct vdg1_core *core,
			struct vdg1_pci_info *info);

/* BAR0 accesses: offset < VDG1_BAR0_SIZE, size 1, 2, 4 or 8, naturally aligned. */
uint64_t vdg1_core_mmio_read(struct vdg1_core *core, uint64_t offset,
			     unsigned int size);
void vdg1_core_mmio_write(struct vdg1_core *core, uint64_t offset,
			  uint64_t val, unsigned int size);

void vdg1_core_timer_expired(struct vdg1_core *core);

/*
 * PCI power management: the PowerState the host's PM capability holds
 * (PMCSR 1:0; PCI Bus Power Management 1.2). The host reports each write
 * of it. In D3hot the function answers configuration requests only: BAR0
 * reads complete with all ones and writes are dropped, as are BAR2's
 * (the host traps those while vdg1_core_in_d3() and reports them with
 * vdg1_core_d3_access()); each such access counts in the counters page,
 * which alone stays readable. No_Soft_Reset is clear, so D3hot -> D0
 * resets the GPU's registers (the function comes back D0uninitialized);
 * LMEM and the GGTT's entries (GSM, in LMEM on a DG1) keep their contents.
 */
#define VDG1_PCI_D0		0
#define VDG1_PCI_D3HOT		3
void vdg1_core_set_pci_power_state(struct vdg1_core *core, unsigned int state);
bool vdg1_core_in_d3(const struct vdg1_core *core);
void vdg1_core_d3_access(struct vdg1_core *core, uint64_t bar2_offset,
			 bool write);
/*
 * Main power was removed and restored (D3cold; S3, hibernation's power-off
 * and platform resets all reach the device as one): every register and the
 * GGTT return to power-on values, the function is in D0, and LMEM's
 * contents are lost: the host must fill LMEM with vdg1_core_lmem_garbage()
 * after this call, since DRAM holds no data without power.
 */
void vdg1_core_power_lost(struct vdg1_core *core);
/* What LMEM reads after the power loss before: differs from one to the next. */
uint64_t vdg1_core_lmem_garbage(const struct vdg1_core *core);

/* Forcewake domain names as used by properties: "gt", "render", "vdbox0"... */
const char *vdg1_fw_domain_name(enum vdg1_fw_domain d);
/*
 * Parse a comma-separated list of domain names into a mask of domains.
 * Returns NULL on success, else what is wrong; an empty list is mask 0.
 */
const char *vdg1_fw_parse_domains(const char *list, uint32_t *mask);

#endif /* VDG1_CORE_H */
