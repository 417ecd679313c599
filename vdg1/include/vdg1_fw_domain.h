/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_fw_domain.h - the forcewake domains vdg1 models.
 *
 * Dependency-free so that readers of the counters page can index its
 * per-domain fields (wake_transitions[d]) and masks (bit d) with it. These
 * are the domains i915 creates for DG1: GT, RENDER and the media domains of
 * the engines that are not fused off (i915 intel_uncore.c; VDBOX1/VDBOX3 and
 * VEBOX1 are absent).
 */
#ifndef VDG1_FW_DOMAIN_H
#define VDG1_FW_DOMAIN_H

enum vdg1_fw_domain {
	VDG1_FW_GT,
	VDG1_FW_RENDER,
	VDG1_FW_VDBOX0,
	VDG1_FW_VDBOX2,
	VDG1_FW_VEBOX0,
	VDG1_FW_COUNT
};

#endif /* VDG1_FW_DOMAIN_H */
