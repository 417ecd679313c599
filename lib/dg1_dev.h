/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_dev.h - finding and reading a dg1 device from userspace.
 *
 * No harness in here: every function reports failure as a negative errno so
 * the tests (through igt_dg1.h) and the tools can share it.
 */
#ifndef DG1DEV_H
#define DG1DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_drm.h"
#include "vdg1_fw_domain.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

#define DG1DEV_DRIVER_NAME		"dg1"
/* Environment variable naming the render node to use instead of scanning. */
#define DG1_DEVICE_ENV		"DG1_DEVICE"
/*
 * Environment variable that, set to 1, says the device is vdg1 (the test
 * VM exports it): what only vdg1 can provide must then be there.
 */
#define DG1_EXPECT_VDG1_ENV	"DG1_EXPECT_VDG1"
/*
 * Environment variable dividing the stress loops' counts (10 000 execs,
 * 10 000 interrupts, ...): the debug kernel's VMs set 10, where KASAN and
 * lockdep see every path a tenth of the rounds takes.
 */
#define DG1_STRESS_DIVISOR_ENV	"DG1_STRESS_DIVISOR"

#define DG1DEV_PCI_VENDOR_INTEL	0x8086
#define DG1DEV_PCI_DEVICE_MIN	0x4905
#define DG1DEV_PCI_DEVICE_MAX	0x4909

/* ioctl() retrying EINTR and EAGAIN: returns 0, or -1 with errno set. */
int dg1dev_ioctl(int fd, unsigned long req, void *arg);

/*
 * Open the dg1 render node: @want if non-NULL, else $DG1_DEVICE if set, else
 * the lowest /dev/dri/renderD* whose driver name is "dg1". Stores the path
 * in @path. Returns the fd, or -ENODEV when no dg1 node exists (-ENOENT when
 * there is no /dev/dri at all, another -errno when some node could not be
 * opened or asked its name).
 */
int dg1dev_open_render(const char *want, char *path, size_t len);

/*
 * The first DRM node driven by @driver (its name from DRM_IOCTL_VERSION):
 * /dev/dri/renderD128..191 if @render, else /dev/dri/card0..63. Its path
 * in @path (@len bytes) unless @path is NULL. Returns the fd, or -ENODEV.
 * For the drivers measured or used beside dg1 (vgem, i915).
 */
int dg1dev_open_driver(const char *driver, bool render, char *path, size_t len);

/* Driver name of a DRM fd into @name; 0 or -errno. */
int dg1dev_driver_name(int fd, char *name, size_t len);

/* /sys/bus/pci/devices/<bdf> of the device behind a DRM fd; 0 or -errno. */
int dg1dev_pci_path(int fd, char *path, size_t len);

/* Read a numeric sysfs attribute of the PCI device ("device", "revision"). */
int dg1dev_pci_attr(const char *pci_path, const char *attr, uint64_t *val);

/* Length of BAR @bar from <pci_path>/resource; 0 when unused. */
int dg1dev_pci_bar_size(const char *pci_path, unsigned int bar, uint64_t *size);
/* The same, and its bus address. */
int dg1dev_pci_bar_range(const char *pci_path, unsigned int bar,
			 uint64_t *start, uint64_t *size);
/*
 * Bytes of BAR @bar that /proc/iomem shows claimed by anything but
 * @driver (a firmware framebuffer), each claim widened to whole pages.
 * Needs root (addresses read 0 otherwise: -EPERM).
 */
int dg1dev_bar_claimed_by_others(const char *pci_path, unsigned int bar,
				 const char *driver, uint64_t *bytes);
/*
 * The directory of the PCI device's hwmon device whose name is @name
 * ("dg1", "i915") into @dir: 0, -ENOENT if it has none by that name, or
 * the -errno of its hwmon/ directory.
 */
int dg1dev_hwmon_dir(const char *pci_path, const char *name, char *dir,
		     size_t len);

/*
 * The @nth (from 0, in address order) PCI device with a DG1 id, found in
 * /sys/bus/pci/devices whether a driver is bound or not, into @path as
 * /sys/bus/pci/devices/<bdf>. Returns 0, -ENODEV when there are fewer.
 */
int dg1dev_pci_find(unsigned int nth, char *path, size_t len);

/*
 * Name of the driver bound to the PCI device at @pci_path into @name:
 * 0, -ENOENT when none is bound, another -errno when sysfs does not say.
 */
int dg1dev_pci_driver(const char *pci_path, char *name, size_t len);

/* Whether the PCI device at @pci_path is bound to the dg1 driver. */
bool dg1dev_pci_bound_to_dg1(const char *pci_path);

/* The number (any base strtoull() reads) in a sysfs or proc file: 0 or -errno. */
int dg1dev_read_u64(const char *path, uint64_t *val);

/*
 * The card's sysfs directory, <pci_path>/drm/cardN, into @dir: 0, or
 * -errno (-ENOENT when the device has no card node).
 */
int dg1dev_card_dir(const char *pci_path, char *dir, size_t len);

/* Write @text to the sysfs file @path in one write(): 0 or -errno. */
int dg1dev_sysfs_write(const char *path, const char *text);

/*
 * A read-only window of BAR0 through sysfs resource0: [base, base + len),
 * both page-aligned. With a driver bound the kernel must allow it
 * (iomem=relaxed on kernels with CONFIG_IO_STRICT_DEVMEM).
 */
struct dg1dev_bar0 {
	const volatile uint32_t *regs;	/* BAR0 + @base */
	uint32_t base;
	size_t len;
};

/*
 * Map BAR0 [@base, @base + @len) of the PCI device at @pci_path. Returns
 * 0, or -errno with the reason in @why.
 */
int dg1dev_bar0_map(const char *pci_path, uint32_t base, size_t len,
		    struct dg1dev_bar0 *m, char *why, size_t why_len);
void dg1dev_bar0_unmap(struct dg1dev_bar0 *m);
/* The dword at BAR0 offset @offset, which must lie inside the window. */
uint32_t dg1dev_bar0_read32(const struct dg1dev_bar0 *m, uint32_t offset);

/*
 * Two-pass DRM_IOCTL_DG1_QUERY of @item: on success *data is a malloc'd
 * answer of *size bytes. Returns 0 or -errno.
 */
int dg1dev_query(int fd, uint32_t item, void **data, uint32_t *size);

/* "rcs0", "vcs2", ... ; unknown classes come out as "class7:0". */
const char *dg1dev_engine_name(const struct drm_dg1_engine_class_instance *e,
			       char *buf, size_t len);

/* Marketing name of a DG1 PCI device id, NULL if it is not one. */
const char *dg1dev_device_name(uint16_t device_id);

/*
 * Every engine a DG1 can have, ordered by class then instance (i915's DG1
 * engine mask: rcs0, bcs0, vcs0, vcs2, vecs0); fusing only removes.
 */
#define DG1DEV_MAX_ENGINES	5
extern const struct drm_dg1_engine_class_instance
	dg1dev_dg1_engines[DG1DEV_MAX_ENGINES];

/* Whether @e is one of dg1dev_dg1_engines. */
bool dg1dev_dg1_can_have(const struct drm_dg1_engine_class_instance *e);

/*
 * Whether the media fuse @vebox_vdbox_disable (0x9140, as vdg1's counters
 * page carries it: VDBOX n off is bit n, VEBOX n off bit 16 + n) leaves
 * @e; render and copy engines cannot be fused off on this GT.
 */
bool dg1dev_media_fuse_leaves(const struct drm_dg1_engine_class_instance *e,
			      uint32_t vebox_vdbox_disable);

/*
 * The engines of a DG1 whose media fuse is @vebox_vdbox_disable, in
 * order, into @out (room for DG1DEV_MAX_ENGINES). Returns how many.
 */
unsigned int dg1dev_fused_engines(uint32_t vebox_vdbox_disable,
				  struct drm_dg1_engine_class_instance *out);

/*
 * DRM_DG1_QUERY_ENGINE_CYCLES of @eci against CPU clock @clockid into @out
 * (zeroed and filled in here). Returns 0 or -errno.
 */
int dg1dev_engine_cycles(int fd,
			 const struct drm_dg1_engine_class_instance *eci,
			 int clockid, struct drm_dg1_query_engine_cycles *out);

/*
 * Forcewake domains are numbered as enum vdg1_fw_domain. A domain is an
 * index, DG1DEV_NO_DOMAIN when there is none; sets of domains are masks of
 * DG1DEV_DOMAIN_BIT() (the driver's own numbering is no concern here).
 */
#define DG1DEV_NO_DOMAIN	(-1)
#define DG1DEV_DOMAIN_BIT(d)	(1u << (d))
#define DG1DEV_ALL_DOMAINS	(DG1DEV_DOMAIN_BIT(VDG1_FW_COUNT) - 1)

/* "gt", "render", "vdbox0", "vdbox2", "vebox0" (as debugfs and dmesg say). */
const char *dg1dev_domain_name(int d);
/* The domain called @name, or DG1DEV_NO_DOMAIN. */
int dg1dev_domain_by_name(const char *name);
/* "gt render" for a mask of domain bits ("none" for 0) into @buf. */
const char *dg1dev_domain_mask_names(uint32_t mask, char *buf, size_t len);

/*
 * The domain that must be awake to read the register at @offset, from the
 * Gen12 range table DG1 uses (i915 intel_uncore.c __gen12_fw_ranges; Vol 13
 * General Assets, "Force Wake and Steering Table"), or DG1DEV_NO_DOMAIN for
 * offsets that need none (and the absent VCS1/VCS3+ blocks).
 */
int dg1dev_domain_of(uint32_t offset);

/*
 * MMIO base of an engine (Vol 13 General Assets, "Register Access and User
 * Mode Privileges"), 0 for one DG1 cannot have.
 */
uint32_t dg1dev_engine_mmio_base(const struct drm_dg1_engine_class_instance *e);
/* The domain of an engine's registers (its timestamp), or DG1DEV_NO_DOMAIN. */
int dg1dev_engine_domain(const struct drm_dg1_engine_class_instance *e);
/*
 * The domains a GT with the @n engines @e has: GT and RENDER always, and
 * the domain of each engine.
 */
uint32_t dg1dev_engines_domains(const struct drm_dg1_engine_class_instance *e,
				unsigned int n);

#endif /* DG1DEV_H */
