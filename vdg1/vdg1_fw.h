/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_fw.h - forcewake: the request and ack registers of each power
 * domain, the ack delay, and whether a domain is awake.
 *
 * Models the request/ack pairs of Vol 13 General Assets, "Force Wake and
 * Steering Table" (the force-wake table after it) with the bit layout of
 * i915 intel_gt_regs.h, and the power-down rule of the same section's note
 * on termination.
 */
#ifndef VDG1_FW_H
#define VDG1_FW_H

#include <stdbool.h>
#include <stdint.h>

#include "vdg1_event.h"
#include "vdg1_fw_domain.h"

struct vdg1_core;

/*
 * Forcewake domain. Each ack bit follows its request bit once the request
 * bit has held its new value for the ack delay: ack_due[b] is when bit b of
 * the ack catches up, valid while bit b is set in @pending. The domain is
 * awake while any ack bit is set or an engine of it is busy (@busy, the
 * hook for engine execution: the hardware cannot power-gate a running
 * engine); @awake caches that so sleep-to-awake transitions can be counted.
 * @ack_event is armed for the earliest pending ack.
 *
 * An engine that goes idle does not gate its power well at once: the
 * hardware waits first: render and media wells for the power-gating idle
 * hysteresis, sized so that the driver can service the engine's interrupt
 * and submit again with the well still up (i915 gt/intel_rc6.c, "Program
 * Coarse Power Gating Policies": 60 x 1.28 us, on hardware whose
 * interrupt service takes under 10 us). vdg1 keeps the relation, not the
 * figure: under TCG a guest services the interrupt 60 us to over 2 ms
 * after the engine idled, so pg-hysteresis-ns defaults to 10 ms. The GT
 * domain (the copy engine's) powers down only in RC6, after the RC6 idle
 * threshold: rc6-threshold-ns, 64 ms, the 50000 x 1.28 us i915 programs
 * into GEN6_RC6_THRESHOLD. @linger_until is when the well
 * may gate, @linger_event re-evaluates then. A forcewake release gates
 * after the ack delay alone: drivers must not rely on the hysteresis
 * after releasing a domain. @asleep_since is when the domain last went to
 * sleep (for the log of a wake violation).
 *
 * A real DG1 powers a well down only in RC6 or under power gating, both
 * the driver's to enable (GEN6_RC_CONTROL, GEN9_PG_ENABLE). By default
 * vdg1 behaves as if both were on, the strictest case, where every access
 * outside a wake-up counts; pg-follows-driver makes it follow what the
 * driver enabled (xe's execlist backend enables neither).
 *
 * fw-lose-acks: @losses_left wake requests of this domain will still lose
 * their KERNEL ack; @kernel_withheld while one is lost, @kernel_recovering
 * once FALLBACK released it and until it arrives.
 */
/*
 * Whether any domain is awake, and since when; the time before, summed.
 * The GT is in RC6 while none is and RC_CONTROL enables RC6: @rc6 since
 * @rc6_since, @rc6_total_ns before. A GT whose wells gate without RC6
 * enabled (vdg1's default, strictest case) does not count residency: the
 * register reports what the driver's configuration earned.
 */
struct vdg1_fw_active {
	bool any;
	uint64_t since;
	uint64_t total_ns;
	bool rc6;
	uint64_t rc6_since;
	uint64_t rc6_total_ns;
};

struct vdg1_fw {
	struct vdg1_core *core;
	enum vdg1_fw_domain domain;
	struct vdg1_event ack_event;
	struct vdg1_event linger_event;

	uint16_t req;
	uint16_t ack;
	uint16_t pending;
	uint64_t ack_due[16];
	unsigned int busy;
	uint64_t linger_until;
	bool awake;
	uint64_t asleep_since;

	uint32_t losses_left;
	bool kernel_withheld;
	bool kernel_recovering;
};

void vdg1_fw_init(struct vdg1_core *core);
void vdg1_fw_reset(struct vdg1_core *core);
bool vdg1_fw_present(const struct vdg1_core *core, enum vdg1_fw_domain d);

/* Register hooks for the request (masked) and ack (read-only) registers. */
/*
 * A domain's request register: the wake mechanism itself, readable and
 * writable while its domain sleeps (i915 intel_uncore.c reads FORCEWAKE_MT
 * before waking anything, to see that MMIO works at all).
 */
bool vdg1_fw_is_request(uint32_t offset);
uint32_t vdg1_fw_req_read(struct vdg1_core *core, uint32_t offset);
void vdg1_fw_req_write(struct vdg1_core *core, uint32_t offset, uint32_t val);
uint32_t vdg1_fw_ack_read(struct vdg1_core *core, uint32_t offset);

bool vdg1_fw_awake(const struct vdg1_core *core, enum vdg1_fw_domain d);
/*
 * How long, since device reset and up to the model's now, some domain was
 * awake: the GT out of RC6, which needs every well idle (the OA unit's
 * GPU ticks run only then, Vol 13 GPU_TICKS).
 */
uint64_t vdg1_fw_gt_active_ns(const struct vdg1_core *core);
/* Time in RC6 since device reset, up to the model's now; in RC6 now. */
uint64_t vdg1_fw_rc6_ns(const struct vdg1_core *core);
bool vdg1_fw_in_rc6(const struct vdg1_core *core);
uint32_t vdg1_fw_awake_mask(const struct vdg1_core *core);
/* Domains a forcewake request or ack holds; those whose well may not gate. */
uint32_t vdg1_fw_held_mask(const struct vdg1_core *core);
uint32_t vdg1_fw_ungated_mask(const struct vdg1_core *core);
void vdg1_fw_gating_changed(struct vdg1_core *core);

/* Engine execution: a busy engine holds its domain awake. */
void vdg1_fw_busy_get(struct vdg1_core *core, enum vdg1_fw_domain d);
void vdg1_fw_busy_put(struct vdg1_core *core, enum vdg1_fw_domain d);

#endif /* VDG1_FW_H */
