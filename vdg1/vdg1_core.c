// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_core.c - lifetime of the vdg1 core and dispatch of BAR0 accesses.
 *
 * BAR0 (GTTMMADR) is 16 MiB: registers in the low 4 MiB, nothing from 4 to
 * 8 MiB, GGTT PTEs from 8 MiB (i915 intel_uncore.c, gt/intel_ggtt.c).
 * Inside the registers the SW-virtualisation page 0x178000 carries vdg1's
 * counters (vdg1_counters.h); every other register access is counted there.
 *
 * The power rule applies to every implemented register before its own
 * behaviour: in a sleeping domain it is terminated like a fused-off unit
 * (Vol 13 General Assets, "Force Wake and Steering Table": the note on
 * termination after the fuse reflections, and "Miscellaneous Notes"), so
 * reads return 0 and writes are dropped, and the access is counted as a
 * wake violation. Writes to shadowed registers pass (the same note; i915
 * intel_uncore.c gen12_shadowed_regs). Unimplemented offsets are unclaimed
 * instead.
 */
#include <stdlib.h>

#include "vdg1_state.h"
#include "vdg1_layout.h"
#include "vdg1_counters.h"
#include "vdg1_counters_page.h"
#include "vdg1_counters_sink.h"
#include "vdg1_engine_regs.h"
#include "vdg1_event.h"
#include "vdg1_cs_regs.h"
#include "vdg1_execlists.h"
#include "vdg1_ggtt.h"
#include "vdg1_global_regs.h"
#include "vdg1_host.h"
#include "vdg1_irq.h"
#include "vdg1_mcr.h"
#include "vdg1_mmu.h"
#include "vdg1_oa.h"
#include "vdg1_pcode.h"
#include "vdg1_pm.h"
#include "vdg1_freq.h"
#include "vdg1_power.h"
#include "vdg1_regdefs.h"
#include "vdg1_reglog.h"
#include "vdg1_regs.h"
#include "vdg1_wake.h"

#define VDG1_CLASS_DISPLAY_OTHER	0x0380

void vdg1_config_defaults(struct vdg1_config *cfg)
{
	*cfg = (struct vdg1_config) {
		.lmem_size = VDG1_DEFAULT_LMEM_SIZE,
		.lmem_bar_size = 0,
		.device_id = VDG1_DEFAULT_DEVICE_ID,
		.revision = VDG1_DEFAULT_REVISION,
		.fuses = {
			.dss_enable = 0x3f,
			.l3_disable = 0,
			.eu_disable = 0,
			.slice_enable = 0x1,
			/*
			 * VDBOX1 (bit 1), VDBOX3 (bit 3), VEBOX1 (bit 17)
			 * off: leaves RCS0 BCS0 VCS0 VCS2 VECS0 (i915
			 * i915_pci.c).
			 */
			.vebox_vdbox_disable = 0x0002000a,
		},
		.fw_ack_delay_ns = VDG1_DEFAULT_FW_ACK_DELAY_NS,
		.pg_hysteresis_ns = VDG1_DEFAULT_PG_HYSTERESIS_NS,
		.rc6_threshold_ns = VDG1_DEFAULT_RC6_THRESHOLD_NS,
		.fw_never_ack = 0,
		.fw_lose_acks = 0,
		.fw_lose_acks_count = VDG1_DEFAULT_FW_LOSE_ACKS_COUNT,
		.misccpctl_locked = false,
		.lmem_trained = true,
		.cs_ns_per_command = VDG1_DEFAULT_CS_NS_PER_COMMAND,
	};
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* Returns NULL if @cfg describes a DG1 the model can be, else why not. */
const char *vdg1_config_check(const struct vdg1_config *cfg)
{
	const struct vdg1_fuses *f = &cfg->fuses;

	if (cfg->device_id < VDG1_PCI_DEVICE_ID_FIRST ||
	    cfg->device_id > VDG1_PCI_DEVICE_ID_LAST)
		return "device-id must be one of 0x4905..0x4909";
	/* BAR sizes are powers of two, and by default BAR2 is all of LMEM. */
	if (!is_pow2(cfg->lmem_size))
		return "lmem-size must be a power of two";
	/* DSM (32 MiB) and GSM (8 MiB) sit at the top; leave room below. */
	if (cfg->lmem_size < (64ull << 20) || cfg->lmem_size > (64ull << 30))
		return "lmem-size must be between 64 MiB and 64 GiB";
	/*
	 * 1 MiB is the smallest size a PCIe Resizable BAR capability can
	 * offer; a BAR larger than LMEM would show memory that is not there.
	 */
	if (cfg->lmem_bar_size && (!is_pow2(cfg->lmem_bar_size) ||
				   cfg->lmem_bar_size < (1ull << 20) ||
				   cfg->lmem_bar_size > cfg->lmem_size))
		return "lmem-bar-size must be a power of two from 1 MiB to lmem-size";
	if (f->dss_enable & ~0x3fu)
		return "fuse dss_enable has bits above the 6 DSS";
	if (f->l3_disable & ~0xfu)
		return "fuse l3_disable has bits above the 4 bank pairs";
	if ((f->eu_disable | f->slice_enable) & ~0xffu)
		return "fuse eu_disable/slice_enable has bits above 7:0";
	if (f->vebox_vdbox_disable & ~(GEN11_GT_VDBOX_DISABLE_MASK |
				       GEN11_GT_VEBOX_DISABLE_MASK))
		return "fuse vebox_vdbox_disable has bits outside 7:0 and 19:16";
	if (cfg->fw_never_ack & ~((1u << VDG1_FW_COUNT) - 1))
		return "fw_never_ack names a domain that does not exist";
	if (cfg->fw_lose_acks & ~((1u << VDG1_FW_COUNT) - 1))
		return "fw_lose_acks names a domain that does not exist";
	/* Never zero-time; at most 1 ms per command. */
	if (!cfg->cs_ns_per_command || cfg->cs_ns_per_command > 1000000)
		return "cs-ns-per-command must be between 1 and 1000000";
	return NULL;
}

struct vdg1_core *vdg1_core_create(const struct vdg1_config *cfg,
				   const struct vdg1_host_ops *ops,
				   void *opaque, const char **err)
{
	/* Every component's registers, merged into the register file. */
	const struct vdg1_reg_table tables[] = {
		{ vdg1_global_regs, vdg1_global_regs_count },
		{ vdg1_engine_regs, vdg1_engine_regs_count },
		{ vdg1_mmu_regs, vdg1_mmu_regs_count },
		{ vdg1_irq_regs, vdg1_irq_regs_count },
		{ vdg1_execlists_regs, vdg1_execlists_regs_count },
		{ vdg1_cs_status_regs, vdg1_cs_status_regs_count },
		{ vdg1_pcode_regs, vdg1_pcode_regs_count },
		{ vdg1_pm_regs, vdg1_pm_regs_count },
		{ vdg1_power_regs, vdg1_power_regs_count },
		{ vdg1_freq_regs, vdg1_freq_regs_count },
		{ vdg1_oa_regs, vdg1_oa_regs_count },
	};
	struct vdg1_core *core;
	const char *why;

	why = vdg1_config_check(cfg);
	if (!why)
		why = vdg1_host_check(ops);
	if (!why)
		why = vdg1_wake_check_table();
	if (!why)
		why = vdg1_mcr_check_table();
	if (why) {
		if (err)
			*err = why;
		return NULL;
	}

	core = calloc(1, sizeof(*core));
	if (!core)
		goto nomem;
	core->cfg = *cfg;
	vdg1_host_init(&core->host, ops, opaque);
	/* The host's timer starts disarmed; the events keep it in step. */
	vdg1_events_init(&core->events, &core->host);
	vdg1_fw_init(core);
	vdg1_mmu_init(core);
	vdg1_irq_init(core);
	vdg1_execlists_init(core);
	vdg1_oa_init(core);
	if (vdg1_regs_init(core, tables, sizeof(tables) / sizeof(tables[0]),
			   &why)) {
		vdg1_core_destroy(core);
		if (err)
			*err = why;
		return NULL;
	}
	core->mmio = calloc(VDG1_MMIO_SIZE / 4, sizeof(*core->mmio));
	if (!core->mmio || vdg1_mcr_init(core) || vdg1_ggtt_init(core) ||
	    vdg1_reglog_init(&core->reglog, VDG1_MMIO_SIZE))
		goto nomem;
	vdg1_core_reset(core);
	return core;

nomem:
	vdg1_core_destroy(core);
	if (err)
		*err = "out of memory";
	return NULL;
}

void vdg1_core_destroy(struct vdg1_core *core)
{
	if (!core)
		return;
	vdg1_execlists_fini(core);
	vdg1_oa_fini(core);
	vdg1_irq_fini(core);
	vdg1_ggtt_fini(core);
	vdg1_mcr_fini(core);
	vdg1_reglog_fini(&core->reglog);
	free(core->mmio);
	vdg1_regs_fini(core);
	free(core);
}

/*
 * Power-on state. The counters survive: they describe the whole session
 * and are cleared only through the page's control field; so does the
 * probe, which is the counters page's too.
 */
void vdg1_core_reset(struct vdg1_core *core)
{
	vdg1_regs_reset(core);
	vdg1_fw_reset(core);
	vdg1_freq_reset(core);
	vdg1_ggtt_reset(core);
	vdg1_mmu_reset(core);
	vdg1_irq_reset(core);
	vdg1_execlists_reset(core);
	vdg1_oa_reset(core);
	vdg1_pcode_reset(core);
	vdg1_power_reset(core);
}

/*
 * D3hot -> D0 with No_Soft_Reset clear: the registers' power-on state.
 * The GGTT's entries live in GSM, in LMEM, which kept its contents.
 */
static void vdg1_core_soft_reset(struct vdg1_core *core)
{
	uint64_t pcode_done = core->pcode.init_done_ns;
	uint32_t left[VDG1_FW_COUNT];
	unsigned int d;

	/* fw-lose-acks are a power-on's first requests: D3hot keeps the count. */
	for (d = 0; d < VDG1_FW_COUNT; d++)
		left[d] = core->fw[d].losses_left;
	vdg1_regs_reset(core);
	vdg1_fw_reset(core);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		core->fw[d].losses_left = left[d];
	vdg1_freq_reset(core);
	vdg1_mmu_reset(core);
	vdg1_irq_reset(core);
	vdg1_execlists_reset(core);
	vdg1_oa_reset(core);
	vdg1_pcode_reset(core);
	/* The punit is not the function's: its firmware stays initialised. */
	core->pcode.init_done_ns = pcode_done;
	vdg1_power_reset(core);
}

/* Could the GPU stop now without losing work or a wake? */
static bool vdg1_core_quiescent(const struct vdg1_core *core)
{
	unsigned int d;

	if (vdg1_fw_held_mask(core))
		return false;
	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (core->fw[d].busy)
			return false;
	return true;
}

void vdg1_core_set_pci_power_state(struct vdg1_core *core, unsigned int state)
{
	bool d3 = state == VDG1_PCI_D3HOT;

	if (d3 == core->d3hot)
		return;
	core->access_ns = vdg1_host_now(&core->host);
	vdg1_events_run(&core->events, core->access_ns);
	if (d3) {
		core->cnt.d3_entries++;
		if (!vdg1_core_quiescent(core)) {
			core->cnt.d3_unready_entries++;
			vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
				      "vdg1: D3hot with the GPU busy or a domain held");
		}
		core->d3hot = true;
		return;
	}
	core->d3hot = false;
	vdg1_core_soft_reset(core);
}

bool vdg1_core_in_d3(const struct vdg1_core *core)
{
	return core->d3hot;
}

static void count_d3_access(struct vdg1_core *core, uint32_t where,
			    bool write)
{
	core->cnt.d3_accesses++;
	core->cnt.last_d3_access = where;
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		      "vdg1: %s at %s 0x%x in D3hot", write ? "write" : "read",
		      where & VDG1_D3_ACCESS_BAR2 ? "BAR2" : "BAR0",
		      where & ~VDG1_D3_ACCESS_BAR2);
}

void vdg1_core_d3_access(struct vdg1_core *core, uint64_t bar2_offset,
			 bool write)
{
	count_d3_access(core, (uint32_t)bar2_offset | VDG1_D3_ACCESS_BAR2,
			write);
}

void vdg1_core_power_lost(struct vdg1_core *core)
{
	core->cnt.power_losses++;
	core->d3hot = false;
	vdg1_core_reset(core);
}

uint64_t vdg1_core_lmem_garbage(const struct vdg1_core *core)
{
	/* Any bits at all, a new pattern each time (splitmix64's step). */
	uint64_t z = (core->cnt.power_losses + 1) * 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void vdg1_core_pci_info(const struct vdg1_core *core,
			struct vdg1_pci_info *info)
{
	*info = (struct vdg1_pci_info) {
		.vendor_id = VDG1_PCI_VENDOR_ID,
		.device_id = core->cfg.device_id,
		.revision = core->cfg.revision,
		.class_code = VDG1_CLASS_DISPLAY_OTHER,
		.bar0_size = VDG1_BAR0_SIZE,
		.bar2_size = vdg1_config_lmem_bar_size(&core->cfg),
		.lmem_size = core->cfg.lmem_size,
		.gmch_ctrl_offset = VDG1_PCI_GMCH_CTRL,
		.gmch_ctrl = (uint16_t)vdg1_ggc(core),
		.msi_vectors = 1,
	};
}

void vdg1_core_timer_expired(struct vdg1_core *core)
{
	vdg1_events_timer_expired(&core->events, vdg1_host_now(&core->host));
}

/* ---- register space ---- */

static bool in_counters_page(uint32_t offset)
{
	return offset >= VDG1_COUNTERS_BASE &&
	       offset < VDG1_COUNTERS_BASE + VDG1_COUNTERS_SIZE;
}

static void count_unclaimed(struct vdg1_core *core, uint32_t offset,
			    bool write)
{
	if (write)
		core->cnt.unclaimed_writes++;
	else
		core->cnt.unclaimed_reads++;
	core->cnt.last_unclaimed = offset;
	vdg1_host_log(&core->host, VDG1_LOG_UNIMP, "vdg1: unclaimed %s at 0x%06x",
		 write ? "write" : "read", offset);
}

/* Add @offset to @set, the first distinct offsets (0 = free slot). */
static void note_offset(uint32_t set[VDG1_WAKE_OFFSETS], uint32_t offset)
{
	int i;

	for (i = 0; i < VDG1_WAKE_OFFSETS && set[i] && set[i] != offset; i++)
		;
	if (i < VDG1_WAKE_OFFSETS)
		set[i] = offset;
}

/*
 * The power rule (Vol 13 General Assets, "Force Wake and Steering Table":
 * the note on termination; i915 intel_uncore.c): may this access reach an
 * implemented register at @offset? If not, count the wake violation.
 */
static bool wake_allows(struct vdg1_core *core, const struct vdg1_reg *reg,
			uint32_t offset, bool write)
{
	unsigned int d = vdg1_wake_target(offset);

	if (reg->flags & VDG1_REG_AON)
		return true;
	/* AON and offsets outside the manual's table never sleep. */
	if (d >= VDG1_FW_COUNT || vdg1_fw_awake(core, d))
		return true;
	if (write && vdg1_wake_shadowed(offset))
		return true;
	/*
	 * "Force-wake is not required for shadow register accesses" (the
	 * note after the fuse reflections): the request registers, which
	 * drivers read before any domain is awake, are such registers.
	 */
	if (vdg1_fw_is_request(offset))
		return true;
	core->cnt.wake_violations++;
	core->cnt.last_wake_violation = offset;
	note_offset(core->cnt.wake_violation_offsets, offset);
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		 "vdg1: %s at 0x%06x while %s is asleep (for %llu ns)",
		 write ? "write" : "read", offset, vdg1_fw_domain_name(d),
		 (unsigned long long)(core->access_ns -
				      core->fw[d].asleep_since));
	return false;
}

/* Read one dword without counting it: the merge step of narrow writes. */
static uint32_t peek_dword(struct vdg1_core *core, uint32_t offset)
{
	const struct vdg1_reg *reg;

	if (in_counters_page(offset))
		return vdg1_counters_read(core, offset - VDG1_COUNTERS_BASE);
	reg = vdg1_regs_lookup(core, offset);
	return reg ? vdg1_regs_read(core, reg, offset, true) : 0;
}

static uint32_t read_dword(struct vdg1_core *core, uint32_t offset)
{
	const struct vdg1_reg *reg;

	if (in_counters_page(offset))
		return vdg1_counters_read(core, offset - VDG1_COUNTERS_BASE);
	if (core->cfg.dead_bar)
		return 0xffffffffu;
	vdg1_pcode_access(core);
	core->cnt.mmio_reads++;
	vdg1_irq_count_access(core, 0);
	reg = vdg1_regs_lookup(core, offset);
	if (!reg) {
		/*
		 * Unimplemented offsets read as zero (Vol 13 General Assets,
		 * "SW Virtualization Reserved MMIO range").
		 */
		count_unclaimed(core, offset, false);
		return 0;
	}
	/* Terminated: a dummy completion of 0 ("Miscellaneous Notes"). */
	if (!wake_allows(core, reg, offset, false))
		return 0;
	return vdg1_regs_read(core, reg, offset, false);
}

static void write_dword(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	const struct vdg1_reg *reg;

	if (in_counters_page(offset)) {
		/* The page's one command on the whole device. */
		if (offset - VDG1_COUNTERS_BASE == VDG1_COUNTERS_OFFSET(control) &&
		    val & VDG1_COUNTERS_CONTROL_POWER_CYCLE)
			vdg1_core_reset(core);
		vdg1_counters_write(core, offset - VDG1_COUNTERS_BASE, val);
		return;
	}
	if (core->cfg.dead_bar)
		return;
	vdg1_reglog_note(&core->reglog, offset, val, VDG1_REGLOG_CPU);
	vdg1_pcode_access(core);
	core->cnt.mmio_writes++;
	vdg1_irq_count_access(core, 1);
	reg = vdg1_regs_lookup(core, offset);
	if (!reg) {
		count_unclaimed(core, offset, true);
		return;
	}
	/* Terminated: the posted write is sunk ("Miscellaneous Notes"). */
	if (!wake_allows(core, reg, offset, true))
		return;
	vdg1_regs_write(core, reg, offset, val);
}

static uint32_t size_mask(unsigned int size)
{
	return size >= 4 ? 0xffffffffu : (1u << (8 * size)) - 1;
}

static uint64_t reg_read(struct vdg1_core *core, uint32_t offset,
			 unsigned int size)
{
	unsigned int shift = 8 * (offset & 3);

	/* Drivers read 64-bit registers (GSMBASE) with one 8-byte load. */
	if (size == 8)
		return read_dword(core, offset) |
		       (uint64_t)read_dword(core, offset + 4) << 32;
	return (read_dword(core, offset & ~3u) >> shift) & size_mask(size);
}

static void reg_write(struct vdg1_core *core, uint32_t offset, uint64_t val,
		      unsigned int size)
{
	unsigned int shift = 8 * (offset & 3);
	uint32_t mask = size_mask(size) << shift;
	uint32_t dword = offset & ~3u;
	uint32_t merged;

	if (size == 8) {
		write_dword(core, offset, (uint32_t)val);
		write_dword(core, offset + 4, (uint32_t)(val >> 32));
		return;
	}
	merged = (uint32_t)val << shift;
	if (size < 4)
		merged = (peek_dword(core, dword) & ~mask) | (merged & mask);
	write_dword(core, dword, merged);
}

/* ---- BAR0 ---- */

static bool access_ok(struct vdg1_core *core, uint64_t offset,
		      unsigned int size)
{
	if ((size == 1 || size == 2 || size == 4 || size == 8) &&
	    !(offset & (size - 1)) && offset < VDG1_BAR0_SIZE)
		return true;
	vdg1_host_log(&core->host, VDG1_LOG_GUEST_ERROR,
		 "vdg1: bad BAR0 access, offset 0x%llx size %u",
		 (unsigned long long)offset, size);
	return false;
}

/* D3hot: only the counters page answers (a completion of all ones else). */
static bool d3_blocks(struct vdg1_core *core, uint64_t offset, bool write)
{
	if (!core->d3hot || in_counters_page((uint32_t)offset))
		return false;
	count_d3_access(core, (uint32_t)offset, write);
	return true;
}

uint64_t vdg1_core_mmio_read(struct vdg1_core *core, uint64_t offset,
			     unsigned int size)
{
	if (!access_ok(core, offset, size))
		return 0;
	core->access_ns = vdg1_host_now(&core->host);
	vdg1_events_run(&core->events, core->access_ns);
	if (d3_blocks(core, offset, false))
		return size >= 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
	if (offset >= VDG1_GGTT_BASE)
		return vdg1_ggtt_read(core, offset - VDG1_GGTT_BASE, size);
	if (offset >= VDG1_MMIO_SIZE)
		return 0;
	return reg_read(core, offset, size);
}

void vdg1_core_mmio_write(struct vdg1_core *core, uint64_t offset,
			  uint64_t val, unsigned int size)
{
	if (!access_ok(core, offset, size))
		return;
	core->access_ns = vdg1_host_now(&core->host);
	vdg1_events_run(&core->events, core->access_ns);
	if (d3_blocks(core, offset, true))
		return;
	if (offset >= VDG1_GGTT_BASE)
		vdg1_ggtt_write(core, offset - VDG1_GGTT_BASE, val, size);
	else if (offset < VDG1_MMIO_SIZE)
		reg_write(core, offset, val, size);
}
