// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_oa_report.c - the OA unit's counters and report layouts.
 *
 * Everything counts on one axis, GPU ticks: the render clock at the
 * granted frequency (vdg1_freq.h) while some power domain is awake (a
 * running engine holds its own); it stops in RC6, which needs them all
 * asleep (Vol 13 General Assets, GPU_TICKS: frozen while clocks are
 * gated). A bank of
 * counters is brought up to date lazily: whenever something it depends on
 * changes (an engine starts or stops, a configuration register is written,
 * a report is taken) the ticks since its last update are credited with the
 * state that held over them. So a counter's value never depends on when
 * the host looked.
 *
 * A counters (Vol 13 "Aggregating Counters" gives the roles; vdg1 has no
 * EUs, shaders or pixel pipeline, so those read 0): A0 GPU busy, ticks
 * while any engine runs a context. The flexible-EU slots, user-defined by
 * the manual, carry the model's engine signals instead: A7..A11 busy ticks
 * of RCS0, BCS0, VCS0, VCS2, VECS0 (enum vdg1_engine_id order), A12
 * commands executed, A13 4 KiB units of blits. Free-running counters (A4,
 * A6, A19, A20) have nothing to count.
 *
 * B and C counters: custom events (Vol 13 "Custom Event Counters"; fields
 * in HARDWARE.md 10.10). B_n counts the ticks where CECn's compare holds,
 * C_n the same for SCECn (the manual does not describe C counters; vdg1
 * gives them the slice CEC blocks, negate bits ignored). A compare takes
 * a 16-bit input, drops the bits set in the mask (CECx_1 15:0) from it
 * and from the value (CECx_0 18:3), and tests with bit 0 ">", bit 1 "="
 * and bit 2 "<" of CECx_0 2:0: HARDWARE's encodings 1..6 read bitwise,
 * so 0 never and 7 always hold. Select (20:19) 1 takes the previous
 * block's result as bit 0; the others the NOA bus. That bus is the
 * model's test signal while RPM_CONFIG1 enables NOA, and 0 otherwise:
 * at GPU tick t, bit 3 = t mod 2, bit 4 = (t mod 3 == 1), bit 5 =
 * (t mod 3 == 2). With it the TestOa set's blocks count what IGT's perf
 * tests expect (Documentation/vdg1-oa.rst has the formulas). Start and
 * report triggers are storage: counting starts at enable.
 */
#include <string.h>

#include "vdg1_state.h"
#include "vdg1_counters.h"
#include "vdg1_freq.h"
#include "vdg1_fw.h"
#include "vdg1_oa.h"

#define PERIOD		6	/* the test signal repeats every 6 ticks */
#define A_BUSY		0
#define A_ENGINE0	7
#define A_COMMANDS	12
#define A_BLIT		13

uint64_t vdg1_oa_gpu_ticks(const struct vdg1_core *core)
{
	return vdg1_freq_gpu_ticks(core);
}

static uint32_t noa_bus(const struct vdg1_core *core, unsigned int r)
{
	if (!(core->mmio[VDG1_RPM_CONFIG1 / 4] & VDG1_RPM_CONFIG1_NOA_ENABLE))
		return 0;
	return (r & 1) << 3 | (r % 3 == 1 ? 1u << 4 : 0) |
	       (r % 3 == 2 ? 1u << 5 : 0);
}

static bool compare(uint32_t cec0, uint32_t cec1, uint32_t bus, bool prev)
{
	uint32_t keep = ~cec1 & 0xffff;
	uint32_t in = ((cec0 >> 19 & 3) == 1 ? (uint32_t)prev : bus) & keep;
	uint32_t val = (cec0 >> 3 & 0xffff) & keep;
	unsigned int op = cec0 & 7;

	return (op & 1 && in > val) || (op & 2 && in == val) ||
	       (op & 4 && in < val);
}

/* Bit n of pat[r]: block n's event holds at ticks t with t mod 6 == r. */
static void patterns(const struct vdg1_core *core, uint32_t base,
		     uint8_t pat[PERIOD])
{
	const uint32_t *m = &core->mmio[base / 4];
	unsigned int r, n;

	for (r = 0; r < PERIOD; r++) {
		bool prev = false;

		pat[r] = 0;
		for (n = 0; n < VDG1_OA_BC; n++) {
			prev = compare(m[2 * n], m[2 * n + 1], noa_bus(core, r),
				       prev);
			pat[r] |= prev << n;
		}
	}
}

/* Ticks t in [0, @t) where bit @n of @pat holds. */
static uint64_t holds_before(const uint8_t pat[PERIOD], unsigned int n,
			     uint64_t t)
{
	uint64_t count = 0;
	unsigned int r;

	for (r = 0; r < PERIOD; r++)
		if (pat[r] >> n & 1)
			count += t / PERIOD + (r < t % PERIOD);
	return count;
}

/* Add @d to a counter @width bits wide; true if it wrapped. */
static bool add(uint64_t *v, uint64_t d, unsigned int width)
{
	uint64_t old = *v;

	*v += d;
	return old >> width != *v >> width;
}

bool vdg1_oa_bank_advance(struct vdg1_core *core, struct vdg1_oa_bank *bank,
			  uint64_t ticks, uint32_t busy_mask)
{
	uint64_t t0 = bank->last_ticks, d = ticks - t0;
	uint8_t pb[PERIOD], pc[PERIOD];
	bool wrapped = false;
	unsigned int n;

	bank->last_ticks = ticks;
	if (!bank->counting || ticks <= t0)
		return false;
	if (busy_mask)
		wrapped |= add(&bank->a[A_BUSY], d, 40);
	for (n = 0; n < VDG1_ENGINE_COUNT; n++)
		if (busy_mask & 1u << n)
			wrapped |= add(&bank->a[A_ENGINE0 + n], d, 40);
	patterns(core, VDG1_CEC0_0, pb);
	patterns(core, VDG1_SCEC0_0, pc);
	for (n = 0; n < VDG1_OA_BC; n++) {
		wrapped |= add(&bank->b[n], holds_before(pb, n, ticks) -
			       holds_before(pb, n, t0), 32);
		wrapped |= add(&bank->c[n], holds_before(pc, n, ticks) -
			       holds_before(pc, n, t0), 32);
	}
	return wrapped;
}

/* Commands and blits are events, not durations: no advance needed. */
void vdg1_oa_command(struct vdg1_core *core, unsigned int engine,
		     uint32_t blit_units)
{
	struct vdg1_oa *oa = &core->oa;
	struct vdg1_oa_bank *banks[2] = { &oa->oag, &oa->oar };
	unsigned int i;

	for (i = 0; i < 2; i++) {
		struct vdg1_oa_bank *b = banks[i];

		/* OAR counts the render context only. */
		if (!b->counting || (i == 1 && engine != VDG1_ENGINE_RCS0))
			continue;
		if (add(&b->a[A_COMMANDS], 1, 40) |
		    add(&b->a[A_BLIT], blit_units, 40))
			if (i == 0)
				oa->status |= VDG1_OA_STATUS_COUNTER_OVERFLOW;
	}
}

unsigned int vdg1_oa_report_size(unsigned int fmt)
{
	switch (fmt) {
	case VDG1_OA_FMT_A12:
	case VDG1_OA_FMT_C4_B8:
		return 64;
	case VDG1_OA_FMT_A12_B8_C8:
		return 128;
	case VDG1_OA_FMT_A32u40_A4u32_B8_C8:
		return 256;
	}
	return 0;
}

/*
 * Layouts of HARDWARE.md 10.4 (Vol 13 "Performance Counter Reporting";
 * byte offsets of format 101 as i915 and IGT read them). @out holds
 * vdg1_oa_report_size(@fmt) bytes.
 */
void vdg1_oa_report_build(const struct vdg1_oa_bank *bank, unsigned int fmt,
			  const uint32_t hdr[4], uint32_t *out)
{
	unsigned int i;

	memset(out, 0, vdg1_oa_report_size(fmt));
	memcpy(out, hdr, 16);
	switch (fmt) {
	case VDG1_OA_FMT_A12:
	case VDG1_OA_FMT_A12_B8_C8:
		for (i = 0; i < 12; i++)
			out[4 + i] = (uint32_t)bank->a[7 + i];
		if (fmt == VDG1_OA_FMT_A12)
			break;
		for (i = 0; i < VDG1_OA_BC; i++) {
			out[16 + i] = (uint32_t)bank->b[i];
			out[24 + i] = (uint32_t)bank->c[i];
		}
		break;
	case VDG1_OA_FMT_A32u40_A4u32_B8_C8:
		for (i = 0; i < 32; i++) {
			out[4 + i] = (uint32_t)bank->a[i];
			/* High byte k of DW40..47 is A_k[39:32]. */
			out[40 + i / 4] |= (uint32_t)(bank->a[i] >> 32 & 0xff)
					   << 8 * (i % 4);
		}
		for (i = 0; i < 4; i++)
			out[36 + i] = (uint32_t)bank->a[32 + i];
		for (i = 0; i < VDG1_OA_BC; i++) {
			out[48 + i] = (uint32_t)bank->b[i];
			out[56 + i] = (uint32_t)bank->c[i];
		}
		break;
	case VDG1_OA_FMT_C4_B8:
		for (i = 0; i < 4; i++)
			out[4 + i] = (uint32_t)bank->c[i];
		for (i = 0; i < VDG1_OA_BC; i++)
			out[8 + i] = (uint32_t)bank->b[i];
		break;
	}
}
