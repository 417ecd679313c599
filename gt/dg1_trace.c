// SPDX-License-Identifier: GPL-2.0
/* The GT's tracepoints, instantiated once (gt/dg1_trace.h). */

#ifndef __CHECKER__
#define CREATE_TRACE_POINTS
#include "gt/dg1_trace.h"
#endif
