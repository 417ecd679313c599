// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev.c - finding and reading a dg1 device from userspace.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dg1_dev.h"

int dg1dev_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));

	return ret;
}

int dg1dev_driver_name(int fd, char *name, size_t len)
{
	struct drm_version v = {
		.name = name,
		.name_len = len - 1,
	};

	if (dg1dev_ioctl(fd, DRM_IOCTL_VERSION, &v))
		return -errno;
	/* name_len comes back as the full length, which may exceed ours. */
	name[v.name_len < len - 1 ? v.name_len : len - 1] = '\0';

	return 0;
}

/* fd of @path if it is a DRM node driven by @driver, else -errno. */
static int open_if_driver(const char *path, const char *driver)
{
	char name[32];
	int fd, err;

	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;

	err = dg1dev_driver_name(fd, name, sizeof(name));
	if (!err && strcmp(name, driver))
		err = -ENODEV;
	if (err) {
		close(fd);
		return err;
	}

	return fd;
}

static int open_if_dg1(const char *path)
{
	return open_if_driver(path, DG1DEV_DRIVER_NAME);
}

int dg1dev_open_driver(const char *driver, bool render, char *path, size_t len)
{
	int first = render ? 128 : 0, i, fd;
	char buf[64];

	if (!path) {
		path = buf;
		len = sizeof(buf);
	}
	for (i = first; i < first + 64; i++) {
		snprintf(path, len, "/dev/dri/%s%d", render ? "renderD" : "card", i);
		fd = open_if_driver(path, driver);
		if (fd >= 0)
			return fd;
	}
	return -ENODEV;
}

static int render_minor(const char *name)
{
	char *end;
	long n;

	if (strncmp(name, "renderD", 7))
		return -1;
	n = strtol(name + 7, &end, 10);
	if (end == name + 7 || *end || n < 0 || n > INT_MAX)
		return -1;

	return n;
}

int dg1dev_open_render(const char *want, char *path, size_t len)
{
	int best = -1, err = -ENODEV;
	struct dirent *de;
	DIR *dir;

	if (!want)
		want = getenv(DG1_DEVICE_ENV);
	if (want && *want) {
		snprintf(path, len, "%s", want);
		return open_if_dg1(path);
	}

	dir = opendir("/dev/dri");
	if (!dir)
		return -errno;

	/* Lowest minor wins, so the choice does not depend on readdir order. */
	while ((de = readdir(dir))) {
		int minor = render_minor(de->d_name);
		char p[PATH_MAX];
		int fd;

		if (minor < 0 || (best >= 0 && minor >= best))
			continue;
		snprintf(p, sizeof(p), "/dev/dri/%s", de->d_name);
		fd = open_if_dg1(p);
		if (fd < 0) {
			/* Say why when a node we could not open might be it. */
			if (fd != -ENODEV)
				err = fd;
			continue;
		}
		close(fd);
		best = minor;
	}
	closedir(dir);

	if (best < 0)
		return err;

	snprintf(path, len, "/dev/dri/renderD%d", best);
	return open_if_dg1(path);
}

int dg1dev_pci_path(int fd, char *path, size_t len)
{
	char link[PATH_MAX], real[PATH_MAX];
	const char *bdf;
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	if (!S_ISCHR(st.st_mode))
		return -ENOTTY;

	/* /sys/dev/char/M:m is the node's class device, whatever its name. */
	snprintf(link, sizeof(link), "/sys/dev/char/%u:%u/device",
		 major(st.st_rdev), minor(st.st_rdev));
	if (!realpath(link, real))
		return -errno;

	/* Prefer the stable bus path to the topology one realpath gives. */
	bdf = strrchr(real, '/');
	bdf = bdf ? bdf + 1 : real;
	if (snprintf(path, len, "/sys/bus/pci/devices/%s", bdf) >= (int)len)
		return -ENAMETOOLONG;
	if (access(path, F_OK))
		return -errno;

	return 0;
}

int dg1dev_pci_attr(const char *pci_path, const char *attr, uint64_t *val)
{
	char p[PATH_MAX];

	if (snprintf(p, sizeof(p), "%s/%s", pci_path, attr) >= (int)sizeof(p))
		return -ENAMETOOLONG;
	return dg1dev_read_u64(p, val);
}

int dg1dev_pci_bar_size(const char *pci_path, unsigned int bar, uint64_t *size)
{
	uint64_t start;

	return dg1dev_pci_bar_range(pci_path, bar, &start, size);
}

int dg1dev_pci_bar_range(const char *pci_path, unsigned int bar,
			 uint64_t *start_out, uint64_t *size)
{
	unsigned long long start, end, flags;
	char p[PATH_MAX], line[128];
	unsigned int i = 0;
	int err = -ENOENT;
	FILE *f;

	snprintf(p, sizeof(p), "%s/resource", pci_path);
	f = fopen(p, "re");
	if (!f)
		return -errno;

	/* One "start end flags" line per resource, BARs first. */
	while (fgets(line, sizeof(line), f)) {
		if (i++ != bar)
			continue;
		if (sscanf(line, "%llx %llx %llx", &start, &end, &flags) != 3) {
			err = -EINVAL;
			break;
		}
		*size = end > start ? end - start + 1 : 0;
		*start_out = start;
		err = 0;
		break;
	}
	fclose(f);

	return err;
}

int dg1dev_bar_claimed_by_others(const char *pci_path, unsigned int bar,
				  const char *driver, uint64_t *bytes)
{
	unsigned long long s, e, lo = 0, hi = 0;
	uint64_t start, size;
	char line[256], name[128];
	bool open_run = false;
	int err;
	FILE *f;

	err = dg1dev_pci_bar_range(pci_path, bar, &start, &size);
	if (err)
		return err;
	f = fopen("/proc/iomem", "re");
	if (!f)
		return -errno;
	*bytes = 0;
	/* Nested lines are indented; in address order, parents first. */
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, " %llx-%llx : %127[^\n]", &s, &e, name) != 3)
			continue;
		if (s < start || e > start + size - 1 ||
		    (s == start && e == start + size - 1) ||
		    !strcmp(name, driver))
			continue;
		if (!s && !e) {
			err = -EPERM;	/* addresses hidden from non-root */
			break;
		}
		s &= ~4095ull;
		e |= 4095;
		if (open_run && s <= hi) {
			hi = e > hi ? e : hi;
			continue;
		}
		if (open_run)
			*bytes += hi - lo + 1;
		lo = s;
		hi = e;
		open_run = true;
	}
	if (open_run)
		*bytes += hi - lo + 1;
	fclose(f);
	return err;
}

int dg1dev_hwmon_dir(const char *pci_path, const char *name, char *dir,
		     size_t len)
{
	char base[PATH_MAX + 8], file[PATH_MAX + 300], text[64];
	struct dirent *de;
	int err = -ENOENT;
	size_t n = strlen(name);
	FILE *f;
	DIR *d;

	snprintf(base, sizeof(base), "%s/hwmon", pci_path);
	d = opendir(base);
	if (!d)
		return -errno;
	while (err && (de = readdir(d))) {
		if (strncmp(de->d_name, "hwmon", 5))
			continue;
		snprintf(file, sizeof(file), "%s/%s/name", base, de->d_name);
		f = fopen(file, "re");
		if (!f)
			continue;
		if (fgets(text, sizeof(text), f) && !strncmp(text, name, n) &&
		    text[n] == '\n') {
			snprintf(dir, len, "%s/%s", base, de->d_name);
			err = 0;
		}
		fclose(f);
	}
	closedir(d);
	return err;
}

static int cmp_names(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int dg1dev_pci_find(unsigned int nth, char *path, size_t len)
{
	const char *dir = "/sys/bus/pci/devices";
	struct dirent **list;
	int n, i, err = -ENODEV;

	n = scandir(dir, &list, NULL, cmp_names);
	if (n < 0)
		return -errno;

	for (i = 0; i < n; i++) {
		char p[PATH_MAX];
		uint64_t vendor, device;

		if (err && list[i]->d_name[0] != '.') {
			snprintf(p, sizeof(p), "%s/%s", dir, list[i]->d_name);
			if (!dg1dev_pci_attr(p, "vendor", &vendor) &&
			    !dg1dev_pci_attr(p, "device", &device) &&
			    vendor == DG1DEV_PCI_VENDOR_INTEL &&
			    device >= DG1DEV_PCI_DEVICE_MIN &&
			    device <= DG1DEV_PCI_DEVICE_MAX && !nth--) {
				snprintf(path, len, "%s", p);
				err = 0;
			}
		}
		free(list[i]);
	}
	free(list);

	return err;
}

int dg1dev_pci_driver(const char *pci_path, char *name, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base;
	ssize_t n;

	snprintf(link, sizeof(link), "%s/driver", pci_path);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';

	base = strrchr(target, '/');
	snprintf(name, len, "%s", base ? base + 1 : target);
	return 0;
}

bool dg1dev_pci_bound_to_dg1(const char *pci_path)
{
	char name[64];

	return !dg1dev_pci_driver(pci_path, name, sizeof(name)) &&
	       !strcmp(name, DG1DEV_DRIVER_NAME);
}

int dg1dev_read_u64(const char *path, uint64_t *val)
{
	char buf[64], *end;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	errno = 0;
	*val = strtoull(buf, &end, 0);
	if (errno || end == buf)
		return -EINVAL;
	return 0;
}

int dg1dev_card_dir(const char *pci_path, char *dir, size_t len)
{
	char base[PATH_MAX + 8];
	struct dirent *de;
	int err = -ENOENT;
	DIR *d;

	snprintf(base, sizeof(base), "%s/drm", pci_path);
	d = opendir(base);
	if (!d)
		return -errno;
	/* cardN, not a connector's cardN-NAME. */
	while (err && (de = readdir(d)))
		if (!strncmp(de->d_name, "card", 4) && !strchr(de->d_name, '-')) {
			snprintf(dir, len, "%s/%.32s", base, de->d_name);
			err = 0;
		}
	closedir(d);
	return err;
}

int dg1dev_sysfs_write(const char *path, const char *text)
{
	size_t len = strlen(text);
	ssize_t n;
	int fd, err;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, text, len);
	err = n < 0 ? -errno : (size_t)n == len ? 0 : -EIO;
	close(fd);

	return err;
}

int dg1dev_bar0_map(const char *pci_path, uint32_t base, size_t len,
		    struct dg1dev_bar0 *m, char *why, size_t why_len)
{
	char p[PATH_MAX];
	struct stat st;
	void *map;
	int fd, err;

	memset(m, 0, sizeof(*m));
	snprintf(p, sizeof(p), "%s/resource0", pci_path);
	fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		snprintf(why, why_len, "cannot open %s: %s%s", p,
			 strerror(-err), err == -EACCES ? " (needs root)" : "");
		return err;
	}

	if (fstat(fd, &st) || (uint64_t)st.st_size < (uint64_t)base + len) {
		close(fd);
		snprintf(why, why_len, "%s is too small for 0x%x-0x%zx", p,
			 base, base + len - 1);
		return -ENXIO;
	}

	map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, base);
	err = -errno;
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(why, why_len, "cannot mmap %s at 0x%x: %s%s", p, base,
			 strerror(-err),
			 err == -EPERM ? " (needs CAP_SYS_RAWIO)" :
			 err == -EINVAL ?
			 " (BAR0 claimed by a driver and the kernel not booted with iomem=relaxed?)" : "");
		return err;
	}

	m->regs = map;
	m->base = base;
	m->len = len;
	return 0;
}

void dg1dev_bar0_unmap(struct dg1dev_bar0 *m)
{
	if (m->regs)
		munmap((void *)m->regs, m->len);
	memset(m, 0, sizeof(*m));
}

uint32_t dg1dev_bar0_read32(const struct dg1dev_bar0 *m, uint32_t offset)
{
	return m->regs[(offset - m->base) / sizeof(uint32_t)];
}

int dg1dev_query(int fd, uint32_t item, void **data, uint32_t *size)
{
	struct drm_dg1_query q = { .query = item };
	void *buf;

	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q))
		return -errno;
	if (!q.size)
		return -EPROTO;

	buf = calloc(1, q.size);
	if (!buf)
		return -ENOMEM;

	q.data = (uintptr_t)buf;
	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q)) {
		int err = -errno;

		free(buf);
		return err;
	}

	*data = buf;
	*size = q.size;
	return 0;
}

const char *dg1dev_engine_name(const struct drm_dg1_engine_class_instance *e,
			       char *buf, size_t len)
{
	static const char * const names[] = {
		[DRM_DG1_ENGINE_CLASS_RENDER] = "rcs",
		[DRM_DG1_ENGINE_CLASS_COPY] = "bcs",
		[DRM_DG1_ENGINE_CLASS_VIDEO_DECODE] = "vcs",
		[DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE] = "vecs",
	};

	if (e->engine_class < ARRAY_SIZE(names))
		snprintf(buf, len, "%s%u", names[e->engine_class],
			 e->engine_instance);
	else
		snprintf(buf, len, "class%u:%u", e->engine_class,
			 e->engine_instance);

	return buf;
}

const char *dg1dev_device_name(uint16_t device_id)
{
	switch (device_id) {
	case 0x4905: return "Intel DG1 (Iris Xe MAX)";
	case 0x4906: return "Intel DG1 (Iris Xe Pod)";
	case 0x4907: return "Intel SG1 (Server GPU SG-18M)";
	case 0x4908: return "Intel DG1 (Iris Xe)";
	case 0x4909: return "Intel DG1 (Iris Xe MAX 100)";
	}

	return NULL;
}

#define ECI(class, instance) \
	{ .engine_class = DRM_DG1_ENGINE_CLASS_##class, \
	  .engine_instance = (instance) }

const struct drm_dg1_engine_class_instance
dg1dev_dg1_engines[DG1DEV_MAX_ENGINES] = {
	ECI(RENDER, 0),
	ECI(COPY, 0),
	ECI(VIDEO_DECODE, 0),
	ECI(VIDEO_DECODE, 2),
	ECI(VIDEO_ENHANCE, 0),
};

bool dg1dev_dg1_can_have(const struct drm_dg1_engine_class_instance *e)
{
	unsigned int i;

	for (i = 0; i < DG1DEV_MAX_ENGINES; i++)
		if (e->engine_class == dg1dev_dg1_engines[i].engine_class &&
		    e->engine_instance == dg1dev_dg1_engines[i].engine_instance)
			return true;

	return false;
}

/* The fuse layout of i915 intel_engine_cs.c, init_engine_mask(). */
bool dg1dev_media_fuse_leaves(const struct drm_dg1_engine_class_instance *e,
			      uint32_t vebox_vdbox_disable)
{
	if (e->engine_instance >= 16)
		return false;

	switch (e->engine_class) {
	case DRM_DG1_ENGINE_CLASS_VIDEO_DECODE:
		return !(vebox_vdbox_disable & (1u << e->engine_instance));
	case DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE:
		return !(vebox_vdbox_disable &
			 (1u << (16 + e->engine_instance)));
	default:
		return true;
	}
}

unsigned int dg1dev_fused_engines(uint32_t vebox_vdbox_disable,
				  struct drm_dg1_engine_class_instance *out)
{
	unsigned int i, n = 0;

	for (i = 0; i < DG1DEV_MAX_ENGINES; i++)
		if (dg1dev_media_fuse_leaves(&dg1dev_dg1_engines[i],
					     vebox_vdbox_disable))
			out[n++] = dg1dev_dg1_engines[i];

	return n;
}

int dg1dev_engine_cycles(int fd,
			 const struct drm_dg1_engine_class_instance *eci,
			 int clockid, struct drm_dg1_query_engine_cycles *out)
{
	struct drm_dg1_query q = {
		.query = DRM_DG1_QUERY_ENGINE_CYCLES,
		.size = sizeof(*out),
		.data = (uintptr_t)out,
	};

	memset(out, 0, sizeof(*out));
	out->eci = *eci;
	out->clockid = clockid;
	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q))
		return -errno;

	return 0;
}

static const char * const fw_domain_names[VDG1_FW_COUNT] = {
	[VDG1_FW_GT] = "gt",
	[VDG1_FW_RENDER] = "render",
	[VDG1_FW_VDBOX0] = "vdbox0",
	[VDG1_FW_VDBOX2] = "vdbox2",
	[VDG1_FW_VEBOX0] = "vebox0",
};

const char *dg1dev_domain_name(int d)
{
	if (d < 0 || d >= VDG1_FW_COUNT)
		return "none";
	return fw_domain_names[d];
}

int dg1dev_domain_by_name(const char *name)
{
	int d;

	for (d = 0; d < VDG1_FW_COUNT; d++)
		if (!strcmp(name, fw_domain_names[d]))
			return d;

	return DG1DEV_NO_DOMAIN;
}

const char *dg1dev_domain_mask_names(uint32_t mask, char *buf, size_t len)
{
	size_t n = 0;
	int d;

	buf[0] = '\0';
	for (d = 0; d < VDG1_FW_COUNT && n < len; d++)
		if (mask & DG1DEV_DOMAIN_BIT(d))
			n += snprintf(buf + n, len - n, "%s%s", n ? " " : "",
				      fw_domain_names[d]);
	if (mask & ~DG1DEV_ALL_DOMAINS && n < len)
		n += snprintf(buf + n, len - n, "%sunknown 0x%x", n ? " " : "",
			      mask & ~DG1DEV_ALL_DOMAINS);
	if (!n)
		snprintf(buf, len, "none");

	return buf;
}

/*
 * i915 intel_uncore.c __gen12_fw_ranges (which agrees with every row of Vol
 * 13 General Assets, "Force Wake and Steering Table", that names a wake
 * target), ranges needing no domain left out; anything not listed needs none.
 */
static const struct fw_range {
	uint32_t start, end;	/* inclusive */
	int domain;
} fw_ranges[] = {
	{ 0x002000, 0x0026ff, VDG1_FW_RENDER },
	{ 0x002700, 0x0027ff, VDG1_FW_GT },
	{ 0x002800, 0x002aff, VDG1_FW_RENDER },
	{ 0x002b00, 0x002fff, VDG1_FW_GT },
	{ 0x003000, 0x003fff, VDG1_FW_RENDER },
	{ 0x004000, 0x0051ff, VDG1_FW_GT },
	{ 0x005200, 0x007fff, VDG1_FW_RENDER },
	{ 0x008000, 0x00813f, VDG1_FW_GT },
	{ 0x008140, 0x00815f, VDG1_FW_RENDER },
	{ 0x008200, 0x0082ff, VDG1_FW_GT },
	{ 0x008300, 0x0084ff, VDG1_FW_RENDER },
	{ 0x008500, 0x0094cf, VDG1_FW_GT },
	{ 0x0094d0, 0x00955f, VDG1_FW_RENDER },
	{ 0x009800, 0x00afff, VDG1_FW_GT },
	{ 0x00b000, 0x00b3ff, VDG1_FW_RENDER },
	{ 0x00b400, 0x00cfff, VDG1_FW_GT },
	{ 0x00d800, 0x00d8ff, VDG1_FW_RENDER },
	{ 0x00d900, 0x00dbff, VDG1_FW_GT },
	{ 0x00dc00, 0x00efff, VDG1_FW_RENDER },
	{ 0x00f000, 0x0147ff, VDG1_FW_GT },
	{ 0x014800, 0x01ffff, VDG1_FW_RENDER },
	{ 0x020000, 0x020fff, VDG1_FW_VDBOX0 },
	{ 0x021000, 0x021fff, VDG1_FW_VDBOX2 },
	{ 0x022000, 0x023fff, VDG1_FW_GT },
	{ 0x024180, 0x0249ff, VDG1_FW_GT },
	{ 0x024a00, 0x0251ff, VDG1_FW_RENDER },
	{ 0x025200, 0x0255ff, VDG1_FW_GT },
	{ 0x025600, 0x02567f, VDG1_FW_VDBOX0 },
	{ 0x025680, 0x0259ff, VDG1_FW_VDBOX2 },
	{ 0x025a00, 0x025a7f, VDG1_FW_VDBOX0 },
	{ 0x025a80, 0x02ffff, VDG1_FW_VDBOX2 },
	{ 0x030000, 0x03ffff, VDG1_FW_GT },
	{ 0x1c0000, 0x1c3fff, VDG1_FW_VDBOX0 },
	{ 0x1c8000, 0x1cbfff, VDG1_FW_VEBOX0 },
	{ 0x1cc000, 0x1cffff, VDG1_FW_VDBOX0 },
	{ 0x1d0000, 0x1d3fff, VDG1_FW_VDBOX2 },
};

int dg1dev_domain_of(uint32_t offset)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fw_ranges); i++)
		if (offset >= fw_ranges[i].start && offset <= fw_ranges[i].end)
			return fw_ranges[i].domain;

	return DG1DEV_NO_DOMAIN;
}

uint32_t dg1dev_engine_mmio_base(const struct drm_dg1_engine_class_instance *e)
{
	switch (e->engine_class) {
	case DRM_DG1_ENGINE_CLASS_RENDER:
		return e->engine_instance == 0 ? 0x002000 : 0;
	case DRM_DG1_ENGINE_CLASS_COPY:
		return e->engine_instance == 0 ? 0x022000 : 0;
	case DRM_DG1_ENGINE_CLASS_VIDEO_DECODE:
		return e->engine_instance == 0 ? 0x1c0000 :
		       e->engine_instance == 2 ? 0x1d0000 : 0;
	case DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE:
		return e->engine_instance == 0 ? 0x1c8000 : 0;
	}

	return 0;
}

int dg1dev_engine_domain(const struct drm_dg1_engine_class_instance *e)
{
	uint32_t base = dg1dev_engine_mmio_base(e);

	/* RING_TIMESTAMP, base + 0x358: what ENGINE_CYCLES reads. */
	return base ? dg1dev_domain_of(base + 0x358) : DG1DEV_NO_DOMAIN;
}

uint32_t dg1dev_engines_domains(const struct drm_dg1_engine_class_instance *e,
				unsigned int n)
{
	uint32_t mask = DG1DEV_DOMAIN_BIT(VDG1_FW_GT) |
			DG1DEV_DOMAIN_BIT(VDG1_FW_RENDER);
	unsigned int i;

	for (i = 0; i < n; i++) {
		int d = dg1dev_engine_domain(&e[i]);

		if (d != DG1DEV_NO_DOMAIN)
			mask |= DG1DEV_DOMAIN_BIT(d);
	}

	return mask;
}
