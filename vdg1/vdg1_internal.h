/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_internal.h - state shared between the components of the vdg1 core.
 *
 * Layering: vdg1_core.c dispatches BAR0 accesses to the instrumentation page
 * (vdg1_instr.c), the GGTT (vdg1_ggtt.c) and the register file
 * (vdg1_regs.c); registers with behaviour call into their component
 * (vdg1_fw.c for forcewake).
 */
#ifndef VDG1_INTERNAL_H
#define VDG1_INTERNAL_H

#include "vdg1_core.h"
#include "vdg1_regdefs.h"

struct vdg1_core;

/* Register descriptor flags. */
#define VDG1_REG_RO	(1u << 0)	/* writes are claimed but dropped */
#define VDG1_REG_MASKED	(1u << 1)	/* bits 31:16 enable writes to 15:0 */

/*
 * One implemented register, or a run of @count dwords with the same
 * behaviour. Without hooks a register is plain storage in core->mmio, reset
 * to @reset (masked registers merge writes per HARDWARE.md §2). A read hook
 * supplies the value and must have no side effects (sub-dword writes peek
 * through it); a write hook receives the raw 32-bit value written and owns
 * its semantics.
 */
struct vdg1_reg {
	uint32_t offset;
	uint32_t count;
	uint32_t flags;
	uint32_t reset;
	uint32_t (*read)(struct vdg1_core *core, uint32_t offset);
	void (*write)(struct vdg1_core *core, uint32_t offset, uint32_t val);
	const char *name;
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
 * bit has held its new value for the domain's ack delay: ack_due[b] is when
 * bit b of the ack catches up, valid while bit b is set in @pending.
 */
struct vdg1_fw {
	uint16_t req;
	uint16_t ack;
	uint16_t pending;
	uint64_t ack_due[16];
};

struct vdg1_core {
	struct vdg1_config cfg;
	const struct vdg1_host_ops *ops;
	void *opaque;

	uint32_t *mmio;			/* plain-storage backing, one per dword */
	uint64_t *ggtt;			/* PTEs */
	uint32_t ggtt_entries;
	uint64_t timer_deadline;	/* what the host timer is armed for */

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
const struct vdg1_reg *vdg1_regs_lookup(uint32_t offset);
const struct vdg1_reg *vdg1_regs_table(size_t *n);
const char *vdg1_regs_check_table(void);
void vdg1_regs_reset(struct vdg1_core *core);
uint32_t vdg1_regs_read(struct vdg1_core *core, const struct vdg1_reg *reg,
			uint32_t offset);
void vdg1_regs_write(struct vdg1_core *core, const struct vdg1_reg *reg,
		     uint32_t offset, uint32_t val);
uint64_t vdg1_gsm_size(const struct vdg1_core *core);
uint32_t vdg1_ggc(const struct vdg1_core *core);

/* vdg1_fw.c */
void vdg1_fw_reset(struct vdg1_core *core);
uint32_t vdg1_fw_req_read(struct vdg1_core *core, uint32_t offset);
void vdg1_fw_req_write(struct vdg1_core *core, uint32_t offset, uint32_t val);
uint32_t vdg1_fw_ack_read(struct vdg1_core *core, uint32_t offset);
void vdg1_fw_advance(struct vdg1_core *core, uint64_t now);
uint64_t vdg1_fw_next_deadline(const struct vdg1_core *core);
bool vdg1_fw_awake(const struct vdg1_core *core, enum vdg1_fw_domain d);

/* vdg1_instr.c */
uint32_t vdg1_instr_read(struct vdg1_core *core, uint32_t offset);
void vdg1_instr_write(struct vdg1_core *core, uint32_t offset, uint32_t val);

/* vdg1_ggtt.c */
int vdg1_ggtt_init(struct vdg1_core *core);
void vdg1_ggtt_fini(struct vdg1_core *core);
void vdg1_ggtt_reset(struct vdg1_core *core);
uint64_t vdg1_ggtt_read(struct vdg1_core *core, uint32_t offset,
			unsigned int size);
void vdg1_ggtt_write(struct vdg1_core *core, uint32_t offset, uint64_t val,
		     unsigned int size);

#endif /* VDG1_INTERNAL_H */
