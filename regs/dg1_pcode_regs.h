/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PCODE mailbox: requests to the punit firmware (i915 i915_reg.h,
 * GEN6_PCODE_*; xe xe_pcode_api.h). Software writes the data registers,
 * then the command with READY set; the punit clears READY when done and
 * leaves its status in the command field.
 */
#ifndef _DG1_PCODE_REGS_H_
#define _DG1_PCODE_REGS_H_

#include "regs/dg1_reg_defs.h"

#define PCODE_MAILBOX			DG1_REG(0x138124)
#define   PCODE_READY			REG_BIT(31)
#define   PCODE_PARAM2_MASK		REG_GENMASK(23, 16)
#define   PCODE_PARAM1_MASK		REG_GENMASK(15, 8)
#define   PCODE_CMD_MASK		REG_GENMASK(7, 0)
/* Status in the command field once READY clears (Gen7+ codes). */
#define   PCODE_SUCCESS			0x0
#define   PCODE_ILLEGAL_CMD		0x1
#define   PCODE_TIMEOUT			0x2
#define   PCODE_ILLEGAL_DATA		0x3
#define   PCODE_ILLEGAL_SUBCOMMAND	0x4
#define   PCODE_LOCKED			0x6
#define PCODE_DATA0			DG1_REG(0x138128)
#define PCODE_DATA1			DG1_REG(0x13812c)

/*
 * Discrete parts: has firmware finished initialising the device
 * (DG1_PCODE_STATUS with DATA0 = DG1_UNCORE_GET_INIT_STATUS; the reply's
 * bit 0 set when complete).
 */
#define PCODE_CMD_DG1_STATUS		0x7e
#define   PCODE_DG1_GET_INIT_STATUS	0x0
#define   PCODE_DG1_INIT_COMPLETE	REG_BIT(0)

#endif /* _DG1_PCODE_REGS_H_ */
