// SPDX-License-Identifier: GPL-2.0
/* The GT's tracepoints, instantiated once (core/dg1_trace.h). */

#ifndef __CHECKER__
#define CREATE_TRACE_POINTS
#include "core/dg1_trace.h"
#endif
