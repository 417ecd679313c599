/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The package's power reporting and limits, in the PCU's MCHBAR mirror
 * (i915 intel_mchbar_regs.h, PCU_PACKAGE_*; i915_hwmon.c reads these on
 * DG1), and the voltage in GEN12_RPSTAT1 (i915 gt/intel_gt_regs.h). None
 * is in a forcewake domain (0x138000-0x145FFF: i915 intel_uncore.c).
 */
#ifndef _DG1_PCU_REGS_H_
#define _DG1_PCU_REGS_H_

#include "regs/dg1_reg_defs.h"

/* GEN12_RPSTAT1 is in regs/dg1_pm_regs.h; its voltage field: */
#define   GEN12_VOLTAGE_MASK			REG_GENMASK(10, 0)	/* 2.5 mV */

/* 64 bits, read as two dwords. */
#define PCU_PACKAGE_POWER_SKU			DG1_REG(0x145930)
#define PCU_PACKAGE_POWER_SKU_UDW		DG1_REG(0x145934)
#define   PKG_PKG_TDP				GENMASK_ULL(14, 0)
#define   PKG_MIN_PWR				GENMASK_ULL(30, 16)
#define   PKG_MAX_PWR				GENMASK_ULL(46, 32)
#define   PKG_MAX_WIN				GENMASK_ULL(54, 48)
#define PCU_PACKAGE_POWER_SKU_UNIT		DG1_REG(0x145938)
#define   PKG_PWR_UNIT				REG_GENMASK(3, 0)
#define   PKG_ENERGY_UNIT			REG_GENMASK(12, 8)
#define   PKG_TIME_UNIT				REG_GENMASK(19, 16)
#define PCU_PACKAGE_ENERGY_STATUS		DG1_REG(0x14593c)
#define PCU_PACKAGE_RAPL_LIMIT			DG1_REG(0x1459a0)
#define   PKG_PWR_LIM_1				REG_GENMASK(14, 0)
#define   PKG_PWR_LIM_1_EN			REG_BIT(15)
#define   PKG_PWR_LIM_1_TIME			REG_GENMASK(23, 17)
#define   PKG_PWR_LIM_1_TIME_X			REG_GENMASK(23, 22)
#define   PKG_PWR_LIM_1_TIME_Y			REG_GENMASK(21, 17)

#endif /* _DG1_PCU_REGS_H_ */
