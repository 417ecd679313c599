/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_counters_sink.h - what every component may call to count what
 * hardware cannot tell (the page's layout is the public vdg1_counters.h;
 * its MMIO decode is vdg1_counters_page.h).
 */
#ifndef VDG1_COUNTERS_SINK_H
#define VDG1_COUNTERS_SINK_H

#include <stdint.h>

struct vdg1_core;

/*
 * The driver broke a protocol rule of kind @kind (VDG1_PV_*): counted in
 * total and per kind, remembered as the latest, and logged as a guest
 * error with @what.
 */
void vdg1_counters_protocol_violation(struct vdg1_core *core,
				      unsigned int kind, const char *what);

#endif /* VDG1_COUNTERS_SINK_H */
