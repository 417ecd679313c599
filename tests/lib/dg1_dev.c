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
#include "vdg1_instr.h"

int dg1_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));

	return ret;
}

int dg1_driver_name(int fd, char *name, size_t len)
{
	struct drm_version v = {
		.name = name,
		.name_len = len - 1,
	};

	if (dg1_ioctl(fd, DRM_IOCTL_VERSION, &v))
		return -errno;
	/* name_len comes back as the full length, which may exceed ours. */
	name[v.name_len < len - 1 ? v.name_len : len - 1] = '\0';

	return 0;
}

/* fd of @path if it is a DRM node driven by dg1, else -errno. */
static int open_if_dg1(const char *path)
{
	char name[32];
	int fd, err;

	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;

	err = dg1_driver_name(fd, name, sizeof(name));
	if (!err && strcmp(name, DG1_DRIVER_NAME))
		err = -ENODEV;
	if (err) {
		close(fd);
		return err;
	}

	return fd;
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

int dg1_open_render(const char *want, char *path, size_t len)
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

int dg1_pci_path(int fd, char *path, size_t len)
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

int dg1_pci_attr(const char *pci_path, const char *attr, uint64_t *val)
{
	char p[PATH_MAX], buf[64], *end;
	ssize_t n;
	int fd;

	snprintf(p, sizeof(p), "%s/%s", pci_path, attr);
	fd = open(p, O_RDONLY | O_CLOEXEC);
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

int dg1_pci_bar_size(const char *pci_path, unsigned int bar, uint64_t *size)
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
		err = 0;
		break;
	}
	fclose(f);

	return err;
}

int dg1_query(int fd, uint32_t item, void **data, uint32_t *size)
{
	struct drm_dg1_query q = { .query = item };
	void *buf;

	if (dg1_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q))
		return -errno;
	if (!q.size)
		return -EPROTO;

	buf = calloc(1, q.size);
	if (!buf)
		return -ENOMEM;

	q.data = (uintptr_t)buf;
	if (dg1_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q)) {
		int err = -errno;

		free(buf);
		return err;
	}

	*data = buf;
	*size = q.size;
	return 0;
}

const char *dg1_engine_name(const struct drm_dg1_engine_class_instance *e,
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

const char *dg1_device_name(uint16_t device_id)
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

int vdg1_counters_map(const char *pci_path, struct vdg1_counters *c,
		      char *why, size_t why_len)
{
	char p[PATH_MAX];
	struct stat st;
	uint32_t magic;
	void *map;
	int fd, err;

	snprintf(p, sizeof(p), "%s/resource0", pci_path);
	fd = open(p, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		snprintf(why, why_len, "cannot open %s: %s%s", p,
			 strerror(-err), err == -EACCES ? " (needs root)" : "");
		return err;
	}

	if (fstat(fd, &st) ||
	    (uint64_t)st.st_size < VDG1_INSTR_BASE + VDG1_INSTR_SIZE) {
		close(fd);
		snprintf(why, why_len, "%s is too small for the counters page",
			 p);
		return -ENXIO;
	}

	map = mmap(NULL, VDG1_INSTR_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		   fd, VDG1_INSTR_BASE);
	err = -errno;
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(why, why_len, "cannot mmap %s at 0x%x: %s%s", p,
			 VDG1_INSTR_BASE, strerror(-err),
			 err == -EPERM ? " (needs CAP_SYS_RAWIO)" :
			 err == -EINVAL ?
			 " (CONFIG_IO_STRICT_DEVMEM, or BAR0 claimed exclusively?)" : "");
		return err;
	}

	c->map = map;
	c->map_len = VDG1_INSTR_SIZE;
	c->regs = map;

	magic = vdg1_counter(c, VDG1_INSTR_MAGIC);
	if (magic != VDG1_INSTR_MAGIC_VALUE) {
		vdg1_counters_unmap(c);
		snprintf(why, why_len,
			 "not vdg1: magic 0x%08x at BAR0+0x%x (real hardware reads 0)",
			 magic, VDG1_INSTR_BASE);
		return -ENODEV;
	}

	return 0;
}

void vdg1_counters_unmap(struct vdg1_counters *c)
{
	if (c->map)
		munmap(c->map, c->map_len);
	c->map = NULL;
	c->regs = NULL;
}

void vdg1_counters_snapshot(const struct vdg1_counters *c,
			    struct vdg1_snapshot *s)
{
	unsigned int d;

	s->mmio_reads = vdg1_counter(c, VDG1_INSTR_MMIO_READS);
	s->mmio_writes = vdg1_counter(c, VDG1_INSTR_MMIO_WRITES);
	s->unclaimed_reads = vdg1_counter(c, VDG1_INSTR_UNCLAIMED_READS);
	s->unclaimed_writes = vdg1_counter(c, VDG1_INSTR_UNCLAIMED_WRITES);
	s->last_unclaimed = vdg1_counter(c, VDG1_INSTR_LAST_UNCLAIMED);
	s->wake_violations = vdg1_counter(c, VDG1_INSTR_WAKE_VIOLATIONS);
	s->last_wake_violation =
		vdg1_counter(c, VDG1_INSTR_LAST_WAKE_VIOLATION);
	s->mcr_terminated = vdg1_counter(c, VDG1_INSTR_MCR_TERMINATED);
	s->last_mcr_terminated =
		vdg1_counter(c, VDG1_INSTR_LAST_MCR_TERMINATED);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		s->wake_transitions[d] =
			vdg1_counter(c, VDG1_INSTR_WAKE_TRANSITIONS(d));
}

int vdg1_snapshot_format(const struct vdg1_snapshot *s, char *buf, size_t len)
{
	static const char * const domains[VDG1_FW_COUNT] = {
		[VDG1_FW_GT] = "gt",
		[VDG1_FW_RENDER] = "render",
		[VDG1_FW_VDBOX0] = "vdbox0",
		[VDG1_FW_VDBOX2] = "vdbox2",
		[VDG1_FW_VEBOX0] = "vebox0",
	};
	unsigned int d;
	int n;

	n = snprintf(buf, len,
		     "mmio reads %" PRIu32 " writes %" PRIu32
		     ", unclaimed reads %" PRIu32 " writes %" PRIu32
		     " (last 0x%" PRIx32 "), wake violations %" PRIu32
		     " (last 0x%" PRIx32 "), mcr terminated %" PRIu32
		     " (last 0x%" PRIx32 "), wakes",
		     s->mmio_reads, s->mmio_writes,
		     s->unclaimed_reads, s->unclaimed_writes,
		     s->last_unclaimed, s->wake_violations,
		     s->last_wake_violation, s->mcr_terminated,
		     s->last_mcr_terminated);
	for (d = 0; d < VDG1_FW_COUNT && n >= 0 && (size_t)n < len; d++)
		n += snprintf(buf + n, len - n, " %s %" PRIu32,
			      domains[d] ?: "?", s->wake_transitions[d]);

	return n;
}
