/* SPDX-License-Identifier: GPL-2.0 */
#ifndef I915_VDG1_H
#define I915_VDG1_H

#include "igt_stock.h"

/*
 * Debian's i915-perf-recorder and i915-perf-reader on i915 on vdg1: a
 * TestOa recording whose every timer report decodes to what vdg1's OA
 * model promises (i915_vdg1_perf.c).
 */
void i915_perf_recorder_check(const char *pci, struct dg1dev_vdg1 *vdg1);

/*
 * i915's register state against dg1's, dumped earlier in the scenario,
 * with tests/regstate-diff.txt's known differences (i915_vdg1_regstate.c).
 */
void i915_regstate_check(const char *pci);

#endif /* I915_VDG1_H */
