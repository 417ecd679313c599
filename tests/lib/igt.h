/* SPDX-License-Identifier: GPL-2.0 */
/* igt.h - everything a dg1 test binary includes. */
#ifndef DG1_IGT_H
#define DG1_IGT_H

#include "dg1_debugfs.h"
#include "igt_core.h"
#include "igt_dg1.h"

#endif /* DG1_IGT_H */
