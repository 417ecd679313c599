/* SPDX-License-Identifier: GPL-2.0 */
/* igt.h - everything a dg1 test binary includes. */
#ifndef IGT_H
#define IGT_H

#include "dg1_dev.h"
#include "dg1_dev_debugfs.h"
#include "dg1_dev_klog.h"
#include "dg1_dev_vdg1.h"
#include "dg1_dev_vm.h"
#include "igt_core.h"
#include "igt_dg1.h"
#include "igt_dg1_dut.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

#endif /* IGT_H */
