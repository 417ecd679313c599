/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_ENGINE_INFO_TYPES_H_
#define _DG1_ENGINE_INFO_TYPES_H_

#include <linux/bits.h>
#include <linux/types.h>

#include "mmio/dg1_forcewake_types.h"

/**
 * enum dg1_engine_class - hardware engine class ids
 *
 * The numbers context descriptors, CSB entries and interrupt vectors carry
 * (Vol 13 General Assets, "GT Engine Interrupts"); the query ioctl maps
 * them to &enum drm_dg1_engine_class for userspace.
 *
 * @DG1_ENGINE_CLASS_RENDER: render command streamer (RCS)
 * @DG1_ENGINE_CLASS_VIDEO_DECODE: video decode box (VCS)
 * @DG1_ENGINE_CLASS_VIDEO_ENHANCE: video enhancement box (VECS)
 * @DG1_ENGINE_CLASS_COPY: blitter (BCS)
 */
enum dg1_engine_class {
	DG1_ENGINE_CLASS_RENDER = 0,
	DG1_ENGINE_CLASS_VIDEO_DECODE = 1,
	DG1_ENGINE_CLASS_VIDEO_ENHANCE = 2,
	DG1_ENGINE_CLASS_COPY = 3,
};

/**
 * enum dg1_hw_engine_id - the engines DG1 can have
 *
 * i915's DG1 platform engine mask (i915_pci.c); the fuses may remove video
 * boxes.
 *
 * @DG1_HW_ENGINE_RCS0: render
 * @DG1_HW_ENGINE_BCS0: blitter
 * @DG1_HW_ENGINE_VCS0: video decode 0
 * @DG1_HW_ENGINE_VCS2: video decode 2 (DG1 has no VCS1)
 * @DG1_HW_ENGINE_VECS0: video enhancement 0
 * @DG1_HW_ENGINE_ID_COUNT: number of engines
 */
enum dg1_hw_engine_id {
	DG1_HW_ENGINE_RCS0,
	DG1_HW_ENGINE_BCS0,
	DG1_HW_ENGINE_VCS0,
	DG1_HW_ENGINE_VCS2,
	DG1_HW_ENGINE_VECS0,
	DG1_HW_ENGINE_ID_COUNT
};

/* Every engine of &enum dg1_hw_engine_id. */
#define DG1_HW_ENGINE_MASK_ALL	(BIT(DG1_HW_ENGINE_ID_COUNT) - 1)

/**
 * struct dg1_engine_info - static description of an engine
 */
struct dg1_engine_info {
	/** @name: short name, e.g. "vcs2" */
	const char *name;
	/** @class: hardware class */
	enum dg1_engine_class class;
	/** @instance: hardware instance within @class */
	u16 instance;
	/** @mmio_base: start of the engine's register block in BAR0 */
	u32 mmio_base;
	/** @fw_domain: forcewake domain of the engine's registers */
	enum dg1_fw_domain_id fw_domain;
};

/**
 * struct dg1_engine_timestamp - an engine's CS timestamp beside a CPU clock
 */
struct dg1_engine_timestamp {
	/** @cycles: RING_TIMESTAMP, @width bits */
	u64 cycles;
	/** @width: significant bits of @cycles */
	u32 width;
	/** @cpu_ns: the CPU clock just before the timestamp was read */
	u64 cpu_ns;
	/** @cpu_delta_ns: how long reading the timestamp took */
	u64 cpu_delta_ns;
};

#endif /* _DG1_ENGINE_INFO_TYPES_H_ */
