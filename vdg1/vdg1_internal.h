/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_internal.h - state shared between the components of the vdg1 core.
 *
 * Layering: vdg1_core.c dispatches BAR0 accesses to the instrumentation page
 * (vdg1_counters.c), the GGTT (vdg1_ggtt.c) and the register file
 * (vdg1_regs.c), after applying the power rule (vdg1_wake.c says which
 * domain an offset needs, vdg1_fw.c whether it is awake). The register file
 * is assembled per core from the components' tables (vdg1_regs.c,
 * vdg1_engine_regs.c); replicated registers are stored per instance and
 * steered by vdg1_mcr.c.
 */
#ifndef VDG1_INTERNAL_H
#define VDG1_INTERNAL_H

#include "vdg1_core.h"
#include "vdg1_regdefs.h"

struct vdg1_core;

/* Register descriptor flags. */
#define VDG1_REG_RO	(1u << 0)	/* writes are claimed but dropped */
#define VDG1_REG_MASKED	(1u << 1)	/* bits 31:16 enable writes to 15:0 */
#define VDG1_REG_MCR	(1u << 2)	/* replicated: one value per instance */

/* vdg1_reg.box: the register exists only while this unit is not fused off. */
#define VDG1_BOX_ALWAYS		0
#define VDG1_BOX(d)		((d) + 1)	/* d: enum vdg1_fw_domain */

/*
 * One implemented register, or a run of @count dwords with the same
 * behaviour. Without hooks a register is plain storage (core->mmio, or
 * per-instance storage for VDG1_REG_MCR), reset to @reset; masked registers
 * merge writes per HARDWARE.md §2. A read hook supplies the value and must
 * have no side effects (sub-dword writes peek through it); a write hook
 * receives the raw 32-bit value written and owns its semantics. Replicated
 * registers take no hooks.
 */
struct vdg1_reg {
	uint32_t offset;
	uint32_t count;
	uint32_t flags;
	uint32_t reset;
	uint32_t (*read)(struct vdg1_core *core, uint32_t offset);
	void (*write)(struct vdg1_core *core, uint32_t offset, uint32_t val);
	const char *name;
	unsigned int box;
};

struct vdg1_counters {
	uint32_t mmio_reads;
	uint32_t mmio_writes;
	uint32_t unclaimed_reads;
	uint32_t unclaimed_writes;
	uint32_t last_unclaimed;
	uint32_t wake_violations;
	uint32_t last_wake_violation;
	uint32_t mcr_terminated;
	uint32_t last_mcr_terminated;
	uint32_t wake_transitions[VDG1_FW_COUNT];
};

/*
 * Forcewake domain. Each ack bit follows its request bit once the request
 * bit has held its new value for the ack delay: ack_due[b] is when bit b of
 * the ack catches up, valid while bit b is set in @pending. The domain is
 * awake while any ack bit is set or an engine of it is busy (@busy, the
 * hook for engine execution: the hardware cannot power-gate a running
 * engine); @awake caches that so sleep-to-awake transitions can be counted.
 */
struct vdg1_fw {
	uint16_t req;
	uint16_t ack;
	uint16_t pending;
	uint64_t ack_due[16];
	unsigned int busy;
	bool awake;
};

struct vdg1_core {
	struct vdg1_config cfg;
	const struct vdg1_host_ops *ops;
	void *opaque;

	/* The register file of this core: sorted, fused-off units left out. */
	struct vdg1_reg *regs;
	size_t nregs;
	uint32_t *mmio;			/* plain-storage backing, one per dword */
	uint32_t *mcr;			/* per-instance storage (vdg1_mcr.c) */
	uint64_t *ggtt;			/* PTEs */
	uint32_t ggtt_entries;
	uint64_t timer_deadline;	/* what the host timer is armed for */
	uint64_t access_ns;		/* clock at the start of this access */

	struct vdg1_fw fw[VDG1_FW_COUNT];
	struct vdg1_counters cnt;
};

/* vdg1_core.c */
uint64_t vdg1_now(struct vdg1_core *core);
void vdg1_update_timer(struct vdg1_core *core);
void vdg1_log(struct vdg1_core *core, enum vdg1_log_level level,
	      const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vdg1_dma_read(struct vdg1_core *core, enum vdg1_mem mem, uint64_t addr,
		  void *buf, size_t len);
int vdg1_dma_write(struct vdg1_core *core, enum vdg1_mem mem, uint64_t addr,
		   const void *buf, size_t len);
void vdg1_raise_msi(struct vdg1_core *core, unsigned int vector);

static inline uint32_t vdg1_masked_update(uint32_t old, uint32_t val)
{
	uint32_t m = val >> 16;

	/* HARDWARE.md §2: only bits whose enable (bit + 16) is set change. */
	return ((old & ~m) | (val & m)) & 0xffff;
}

/* vdg1_regs.c */
int vdg1_regs_init(struct vdg1_core *core, const char **err);
void vdg1_regs_fini(struct vdg1_core *core);
const struct vdg1_reg *vdg1_regs_lookup(const struct vdg1_core *core,
					uint32_t offset);
void vdg1_regs_reset(struct vdg1_core *core);
uint32_t vdg1_regs_read(struct vdg1_core *core, const struct vdg1_reg *reg,
			uint32_t offset, bool peek);
void vdg1_regs_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		     uint32_t offset, uint32_t val);
uint64_t vdg1_gsm_size(const struct vdg1_core *core);
uint32_t vdg1_ggc(const struct vdg1_core *core);
extern const struct vdg1_reg vdg1_global_regs[];
extern const size_t vdg1_global_regs_count;

/* vdg1_engine_regs.c */
extern const struct vdg1_reg vdg1_engine_regs[];
extern const size_t vdg1_engine_regs_count;
uint64_t vdg1_timestamp_ticks(uint64_t ns);

/* vdg1_wake.c: the wake target of an offset, a vdg1_fw_domain or one of: */
#define VDG1_WAKE_AON	VDG1_FW_COUNT		/* always awake (Vol13:L355) */
#define VDG1_WAKE_NONE	(VDG1_FW_COUNT + 1)	/* outside the manual's table */
#define VDG1_WAKE_BLANK	(VDG1_FW_COUNT + 2)	/* a table row without target */
unsigned int vdg1_wake_target(uint32_t offset);
bool vdg1_wake_shadowed(uint32_t offset);
const char *vdg1_wake_check_table(void);

/* vdg1_mcr.c */
enum vdg1_mcr_group {
	VDG1_MCR_NONE,
	VDG1_MCR_DSS,
	VDG1_MCR_L3BANK,
};
#define VDG1_MCR_MAX_INSTANCES	8
enum vdg1_mcr_group vdg1_mcr_group(uint32_t offset);
const char *vdg1_mcr_check_table(void);
int vdg1_mcr_init(struct vdg1_core *core);
void vdg1_mcr_fini(struct vdg1_core *core);
void vdg1_mcr_reset_reg(struct vdg1_core *core, const struct vdg1_reg *reg);
bool vdg1_mcr_present(const struct vdg1_core *core, enum vdg1_mcr_group g,
		      unsigned int instance);
uint32_t vdg1_mcr_read(struct vdg1_core *core, const struct vdg1_reg *reg,
		       uint32_t offset, bool peek);
void vdg1_mcr_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		    uint32_t offset, uint32_t val);

/* vdg1_fw.c */
void vdg1_fw_reset(struct vdg1_core *core);
bool vdg1_fw_present(const struct vdg1_core *core, enum vdg1_fw_domain d);
uint32_t vdg1_fw_req_read(struct vdg1_core *core, uint32_t offset);
void vdg1_fw_req_write(struct vdg1_core *core, uint32_t offset, uint32_t val);
uint32_t vdg1_fw_ack_read(struct vdg1_core *core, uint32_t offset);
void vdg1_fw_advance(struct vdg1_core *core, uint64_t now);
uint64_t vdg1_fw_next_deadline(const struct vdg1_core *core);
bool vdg1_fw_awake(const struct vdg1_core *core, enum vdg1_fw_domain d);
uint32_t vdg1_fw_awake_mask(const struct vdg1_core *core);
void vdg1_fw_busy_get(struct vdg1_core *core, enum vdg1_fw_domain d);
void vdg1_fw_busy_put(struct vdg1_core *core, enum vdg1_fw_domain d);

/* vdg1_counters.c */
uint32_t vdg1_counters_read(struct vdg1_core *core, uint32_t offset);
void vdg1_counters_write(struct vdg1_core *core, uint32_t offset, uint32_t val);

/* vdg1_ggtt.c */
int vdg1_ggtt_init(struct vdg1_core *core);
void vdg1_ggtt_fini(struct vdg1_core *core);
void vdg1_ggtt_reset(struct vdg1_core *core);
uint64_t vdg1_ggtt_read(struct vdg1_core *core, uint32_t offset,
			unsigned int size);
void vdg1_ggtt_write(struct vdg1_core *core, uint32_t offset, uint64_t val,
		     unsigned int size);

#endif /* VDG1_INTERNAL_H */
