/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Typed register definitions for dg1.
 *
 * Every register is a small struct rather than a bare offset, so an offset
 * cannot be passed where a value is expected, and multicast/replicated (MCR)
 * registers get a type of their own: the plain MMIO accessors do not accept
 * them, because an MCR register is only meaningful once steered.
 */
#ifndef _DG1_REG_DEFS_H_
#define _DG1_REG_DEFS_H_

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/types.h>

/*
 * Bit helpers that stay integer constant expressions, so they can be used
 * in static tables. All produce u32, the width of a register. Outside
 * __builtin_*() calls, which fold constants and evaluate nothing else twice
 * here, each argument is expanded once.
 */

/**
 * REG_BIT() - a single bit of a 32-bit register
 * @n: bit number, 0..31 (a constant outside that range is a shift-count
 *     warning, and warnings fail this build)
 */
#define REG_BIT(n)		((u32)(1U << (n)))

/**
 * REG_GENMASK() - a contiguous field of a 32-bit register
 * @high: highest bit of the field, at most 31
 * @low: lowest bit of the field, at most @high (GENMASK() checks this)
 */
#define REG_GENMASK(high, low)	((u32)GENMASK(high, low))

/**
 * REG_FIELD_PREP() - place @val into the field described by @mask
 * @mask: a constant, contiguous, non-zero field mask (REG_GENMASK())
 * @val: value for the field; bits that do not fit are dropped
 *
 * The build fails unless @mask is a constant whose set bits, leading zeros
 * and trailing zeros add up to 32, i.e. one contiguous non-empty run.
 */
#define REG_FIELD_PREP(mask, val)					\
	((u32)((((u32)(val)) << __builtin_ctz(mask)) & (mask)) +	\
	 BUILD_BUG_ON_ZERO(!__builtin_constant_p(mask)) +		\
	 BUILD_BUG_ON_ZERO(__builtin_popcount(mask) +			\
			   __builtin_clz(mask) +			\
			   __builtin_ctz(mask) != 32))

/**
 * REG_FIELD_GET() - extract the field described by @mask from @val
 * @mask: a constant, contiguous, non-zero field mask (REG_GENMASK())
 * @val: register value
 *
 * @mask is checked as in REG_FIELD_PREP().
 */
#define REG_FIELD_GET(mask, val)					\
	((u32)((((u32)(val)) & (mask)) >> __builtin_ctz(mask)) +	\
	 BUILD_BUG_ON_ZERO(!__builtin_constant_p(mask)) +		\
	 BUILD_BUG_ON_ZERO(__builtin_popcount(mask) +			\
			   __builtin_clz(mask) +			\
			   __builtin_ctz(mask) != 32))

/*
 * Masked registers: bits 31:16 of a write are per-bit write enables for
 * bits 15:0, so one write changes chosen bits without a read-modify-write
 * (i915 i915_reg_defs.h; the Ivy Bridge video command streamer manual,
 * "VCS_EXCC - Execute Condition Code Register", mask bits).
 */

/**
 * _MASKED_FIELD() - value that writes @value into @mask of a masked register
 * @mask: bits to change, within 15:0
 * @value: new value of those bits, within @mask
 *
 * A constant @mask above bit 15, whose enables would fall off the
 * register, fails the build.
 */
#define _MASKED_FIELD(mask, value)					\
	((u32)((mask) << 16 | (value)) +				\
	 BUILD_BUG_ON_ZERO(__builtin_choose_expr(__builtin_constant_p(mask), \
						 __builtin_clzll(mask) < 48, 0)))

/**
 * _MASKED_BIT_ENABLE() - value that sets @bits of a masked register
 * @bits: bits to set, within 15:0
 *
 * The bits go in both halves: enables in 31:16, values in 15:0.
 */
#define _MASKED_BIT_ENABLE(bits)					\
	((u32)((bits) * 0x10001) +					\
	 BUILD_BUG_ON_ZERO(__builtin_choose_expr(__builtin_constant_p(bits), \
						 __builtin_clzll(bits) < 48, 0)))

/**
 * _MASKED_BIT_DISABLE() - value that clears @bits of a masked register
 * @bits: bits to clear, within 15:0
 */
#define _MASKED_BIT_DISABLE(bits)	_MASKED_FIELD(bits, 0)

/**
 * dg1_masked_value_valid() - whether @val is a meaningful masked-register write
 * @val: value about to be written to a masked register
 *
 * Every value bit (15:0) a write sets must have its enable (31:16) set too,
 * and at least one enable must be set: otherwise the write changes nothing,
 * which means the caller forgot the _MASKED_*() helpers.
 *
 * Return: true if @val was built as a masked write.
 */
static inline bool dg1_masked_value_valid(u32 val)
{
	u32 enables = val >> 16;

	return enables && !(val & 0xffff & ~enables);
}

/* BAR0 maps 4 MiB of registers (Vol 13, "PCIe MMIO Memory BARs"): 22 bits. */
#define DG1_REG_ADDR_BITS	22

/**
 * struct dg1_reg - a register: offset into BAR0 plus access options
 *
 * Build it with DG1_REG(); the accessors in mmio/dg1_mmio.h take it by value.
 */
struct dg1_reg {
	union {
		struct {
			/** @addr: byte offset into the register BAR */
			u32 addr:DG1_REG_ADDR_BITS;
			/**
			 * @masked: bits 31:16 of a write enable bits 15:0
			 * (write _MASKED_*() values)
			 */
			u32 masked:1;
			/**
			 * @mcr: replicated register; only set inside a
			 * &struct dg1_reg_mcr, for code that inspects flags
			 */
			u32 mcr:1;
		};
		/** @raw: offset and options as one word, for comparisons */
		u32 raw;
	};
};

static_assert(sizeof(struct dg1_reg) == sizeof(u32));

/**
 * struct dg1_reg_mcr - a multicast/replicated register
 *
 * A distinct type so the plain accessors refuse it at compile time; MCR
 * registers are read and written through steering (gt/dg1_gt_mcr.c).
 */
struct dg1_reg_mcr {
	/** @__reg: the register itself; only steering code looks inside */
	struct dg1_reg __reg;
};

/** DG1_REG_OPTION_MASKED - option for DG1_REG(): a masked register */
#define DG1_REG_OPTION_MASKED	.masked = 1

/**
 * DG1_REG_INITIALIZER() - initialiser of a &struct dg1_reg for static tables
 * @offset: byte offset into BAR0
 * @...: options, e.g. DG1_REG_OPTION_MASKED
 */
#define DG1_REG_INITIALIZER(offset, ...)	{ .addr = (offset), __VA_ARGS__ }

/**
 * DG1_REG() - a &struct dg1_reg value
 * @offset: byte offset into BAR0
 * @...: options, e.g. DG1_REG_OPTION_MASKED
 */
#define DG1_REG(offset, ...)						\
	((const struct dg1_reg)DG1_REG_INITIALIZER(offset, ##__VA_ARGS__))

/**
 * DG1_REG_MCR() - a &struct dg1_reg_mcr value
 * @offset: byte offset into BAR0
 * @...: options, e.g. DG1_REG_OPTION_MASKED
 */
#define DG1_REG_MCR(offset, ...)					\
	((const struct dg1_reg_mcr){					\
		.__reg = DG1_REG_INITIALIZER(offset, ##__VA_ARGS__, .mcr = 1) \
	})

#endif /* _DG1_REG_DEFS_H_ */
