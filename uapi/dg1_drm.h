/* SPDX-License-Identifier: MIT */
/*
 * dg1_drm.h - userspace ABI of the dg1 DRM driver (Intel DG1, Gen12 / Xe-LP).
 *
 * Modelled on the xe uAPI: every struct carries @extensions / @pad /
 * @reserved fields that must be zero, and queries use two-pass sizing.
 */
#ifndef _UAPI_DG1_DRM_H_
#define _UAPI_DG1_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: dg1 ioctls
 *
 * - &DRM_IOCTL_DG1_QUERY - read a description of the device
 */
#define DRM_DG1_QUERY			0x00

#define DRM_IOCTL_DG1_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_DG1_QUERY, struct drm_dg1_query)

/**
 * enum drm_dg1_engine_class - engine classes as userspace sees them
 *
 * The numbering is the uAPI's own (as in xe); it differs from the hardware
 * class ids carried in context descriptors and interrupt vectors.
 *
 * @DRM_DG1_ENGINE_CLASS_RENDER: render/compute engine (RCS)
 * @DRM_DG1_ENGINE_CLASS_COPY: blitter (BCS)
 * @DRM_DG1_ENGINE_CLASS_VIDEO_DECODE: video decode/encode box (VCS)
 * @DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE: video enhancement box (VECS)
 */
enum drm_dg1_engine_class {
	DRM_DG1_ENGINE_CLASS_RENDER = 0,
	DRM_DG1_ENGINE_CLASS_COPY = 1,
	DRM_DG1_ENGINE_CLASS_VIDEO_DECODE = 2,
	DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE = 3,
};

/**
 * struct drm_dg1_engine_class_instance - one engine
 */
struct drm_dg1_engine_class_instance {
	/** @engine_class: one of &enum drm_dg1_engine_class */
	__u16 engine_class;
	/** @engine_instance: hardware instance within the class (VCS2 is 2) */
	__u16 engine_instance;
	/** @pad: MBZ */
	__u32 pad;
};

/**
 * struct drm_dg1_query_device - answer to %DRM_DG1_QUERY_DEVICE
 */
struct drm_dg1_query_device {
	/** @device_id: PCI device id (0x4905..0x4909) */
	__u16 device_id;
	/** @revision: PCI revision id */
	__u16 revision;
	/** @graphics_ver: graphics IP version times 100 (1210 on DG1) */
	__u32 graphics_ver;
	/** @media_ver: media IP version times 100 (1200 on DG1) */
	__u32 media_ver;
	/** @pad: MBZ */
	__u32 pad;
	/** @lmem_size: usable local memory in bytes (below the GGTT's stolen area) */
	__u64 lmem_size;
	/** @lmem_bar_size: size of the CPU-visible LMEM aperture (BAR2) in bytes */
	__u64 lmem_bar_size;
	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_query_engines - answer to %DRM_DG1_QUERY_ENGINES
 */
struct drm_dg1_query_engines {
	/** @num_engines: number of entries in @engines */
	__u32 num_engines;
	/** @pad: MBZ */
	__u32 pad;
	/** @engines: the engines present after fusing, ordered by class then instance */
	struct drm_dg1_engine_class_instance engines[];
};

/**
 * struct drm_dg1_query_topology - answer to %DRM_DG1_QUERY_TOPOLOGY
 *
 * What the fuses leave of the GT: DG1 has one slice of up to 6 dual
 * subslices (DSS) of 16 EUs each, and 8 L3 banks fused in pairs.
 */
struct drm_dg1_query_topology {
	/** @max_dss: number of DSS the design has (bits of @dss_mask) */
	__u32 max_dss;
	/** @max_eus_per_dss: number of EUs a DSS has (bits of @eu_mask_per_dss) */
	__u32 max_eus_per_dss;
	/** @dss_mask: enabled DSS, bit n for DSS n */
	__u64 dss_mask;
	/** @eu_mask_per_dss: enabled EUs of every enabled DSS, bit n for EU n */
	__u32 eu_mask_per_dss;
	/** @l3_bank_mask: enabled L3 banks, bit n for bank n */
	__u32 l3_bank_mask;
	/** @num_eus: enabled EUs in all (DSS count times EUs per DSS) */
	__u32 num_eus;
	/** @pad: MBZ */
	__u32 pad;
	/** @reserved: MBZ */
	__u64 reserved[4];
};

/**
 * struct drm_dg1_query_engine_cycles - in/out item %DRM_DG1_QUERY_ENGINE_CYCLES
 *
 * Correlates an engine's command-streamer timestamp with a CPU clock: the
 * driver reads the engine's RING_TIMESTAMP and the CPU clock back to back.
 * Userspace fills @eci and @clockid (and zeroes the rest) before the call;
 * @size must be exactly the size of this struct. Fails with -EINVAL for an
 * engine that is absent or a clock that is not supported, and -ETIMEDOUT
 * when the engine's power domain did not wake.
 */
struct drm_dg1_query_engine_cycles {
	/** @eci: in: the engine to read */
	struct drm_dg1_engine_class_instance eci;
	/**
	 * @clockid: in: CPU clock to sample: CLOCK_MONOTONIC,
	 * CLOCK_MONOTONIC_RAW, CLOCK_REALTIME, CLOCK_BOOTTIME or CLOCK_TAI
	 */
	__s32 clockid;
	/** @width: out: number of valid bits in @engine_cycles */
	__u32 width;
	/** @engine_cycles: out: the engine's timestamp counter */
	__u64 engine_cycles;
	/** @engine_frequency: out: ticks per second of @engine_cycles */
	__u64 engine_frequency;
	/** @cpu_timestamp: out: @clockid in ns, read just before @engine_cycles */
	__u64 cpu_timestamp;
	/** @cpu_delta: out: ns the two reads took; the uncertainty of the pair */
	__u64 cpu_delta;
	/** @reserved: MBZ */
	__u64 reserved[2];
};

/**
 * struct drm_dg1_query - argument of &DRM_IOCTL_DG1_QUERY
 *
 * Two-pass sizing: call with @size 0 and the driver writes the size the
 * answer needs; allocate that much, point @data at it and call again with
 * @size set. A non-zero @size smaller than needed fails with -EINVAL and
 * @size is set to the size needed. A larger @size is accepted; the driver
 * writes the answer and sets @size to its real length. In/out items
 * (%DRM_DG1_QUERY_ENGINE_CYCLES) read their input from @data and need
 * @size to be exactly their length.
 */
struct drm_dg1_query {
	/** @extensions: pointer to the first extension struct; MBZ (none defined) */
	__u64 extensions;

#define DRM_DG1_QUERY_DEVICE		0
#define DRM_DG1_QUERY_ENGINES		1
#define DRM_DG1_QUERY_TOPOLOGY		2
#define DRM_DG1_QUERY_ENGINE_CYCLES	3
	/**
	 * @query: which item to read; an unknown item fails with -EINVAL.
	 *
	 *  - %DRM_DG1_QUERY_DEVICE: &struct drm_dg1_query_device
	 *  - %DRM_DG1_QUERY_ENGINES: &struct drm_dg1_query_engines
	 *  - %DRM_DG1_QUERY_TOPOLOGY: &struct drm_dg1_query_topology
	 *  - %DRM_DG1_QUERY_ENGINE_CYCLES: &struct drm_dg1_query_engine_cycles
	 *    (in/out)
	 */
	__u32 query;

	/** @size: size of the buffer at @data in bytes (in), length of the answer (out) */
	__u32 size;

	/** @data: user pointer to the answer buffer; ignored when @size is 0 */
	__u64 data;

	/** @reserved: MBZ */
	__u64 reserved[2];
};

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_DG1_DRM_H_ */
