// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev_vm.c - GPU virtual address spaces from userspace.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "dg1_dev_vm.h"

int dg1dev_vm_create(int fd, uint32_t *vm_id)
{
	struct drm_dg1_vm_create c = { 0 };

	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_VM_CREATE, &c))
		return -errno;
	*vm_id = c.vm_id;
	return 0;
}

int dg1dev_vm_destroy(int fd, uint32_t vm_id)
{
	struct drm_dg1_vm_destroy d = { .vm_id = vm_id };

	return dg1dev_ioctl(fd, DRM_IOCTL_DG1_VM_DESTROY, &d) ? -errno : 0;
}

int dg1dev_vm_bind(int fd, uint32_t vm_id,
		   const struct drm_dg1_vm_bind_op *ops, uint32_t n,
		   const struct drm_dg1_sync *syncs, uint32_t num_syncs)
{
	struct drm_dg1_vm_bind b = {
		.vm_id = vm_id,
		.num_binds = n,
		.binds = (uintptr_t)ops,
		.num_syncs = num_syncs,
		.syncs = (uintptr_t)syncs,
	};

	return dg1dev_ioctl(fd, DRM_IOCTL_DG1_VM_BIND, &b) ? -errno : 0;
}

struct drm_dg1_vm_bind_op dg1dev_vm_map_op(uint32_t handle,
					   uint64_t obj_offset, uint64_t addr,
					   uint64_t range, uint16_t pat_index)
{
	return (struct drm_dg1_vm_bind_op){
		.op = DRM_DG1_VM_BIND_OP_MAP,
		.obj = handle,
		.obj_offset = obj_offset,
		.addr = addr,
		.range = range,
		.pat_index = pat_index,
	};
}

struct drm_dg1_vm_bind_op dg1dev_vm_unmap_op(uint64_t addr, uint64_t range)
{
	return (struct drm_dg1_vm_bind_op){
		.op = DRM_DG1_VM_BIND_OP_UNMAP,
		.addr = addr,
		.range = range,
	};
}

int dg1dev_drm_client_id(int fd, uint64_t *id)
{
	unsigned long long v;
	char path[64], line[256];
	int err = -ENOENT;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "drm-client-id: %llu", &v) == 1) {
			*id = v;
			err = 0;
			break;
		}
	fclose(f);
	return err;
}

void dg1dev_vms_free(struct dg1dev_vms *vms)
{
	unsigned int i;

	for (i = 0; i < vms->num_vms; i++)
		free(vms->vms[i].mappings);
	free(vms->vms);
	vms->vms = NULL;
	vms->num_vms = 0;
}

const struct dg1dev_vm_info *dg1dev_vms_find(const struct dg1dev_vms *vms,
					     uint64_t client, uint32_t vm_id)
{
	unsigned int i;

	for (i = 0; i < vms->num_vms; i++)
		if (vms->vms[i].client == client && vms->vms[i].vm_id == vm_id &&
		    !vms->vms[i].closed)
			return &vms->vms[i];
	return NULL;
}

unsigned int dg1dev_vms_count(const struct dg1dev_vms *vms, uint64_t client)
{
	unsigned int i, n = 0;

	for (i = 0; i < vms->num_vms; i++)
		n += vms->vms[i].client == client;
	return n;
}

/* Whether the whole of @s was consumed at @n (sscanf's %n). */
static bool parsed_to_end(const char *s, int n)
{
	return n > 0 && s[n] == '\0';
}

static int parse_header(const char *s, struct dg1dev_vm_info *vm,
			unsigned int *want)
{
	unsigned long long client, root, table_bytes = 0;
	unsigned int id, maps, tables = 0, external = 0;
	int n = -1, m = -1, k = -1, b = -1;

	if (sscanf(s, "client %llu vm %u root 0x%16llx mappings %u%n",
		   &client, &id, &root, &maps, &n) != 4 || n < 0)
		return -EPROTO;
	/* The root is printed with 16 hex digits. */
	if (strncmp(strstr(s, " root 0x") + 8 + 16, " mappings ", 10))
		return -EPROTO;
	/*
	 * Then, from newer kernels, " tables <n>", " external <n>",
	 * " table-bytes <n>" and, for a VM destroyed or whose file closed
	 * that is not yet freed, " closed".
	 */
	s += n;
	if (*s) {
		if (sscanf(s, " tables %u%n", &tables, &m) != 1 || m < 0)
			return -EPROTO;
		s += m;
	}
	if (*s) {
		if (sscanf(s, " external %u%n", &external, &k) != 1 || k < 0)
			return -EPROTO;
		s += k;
	}
	if (!strncmp(s, " table-bytes ", 13)) {
		if (sscanf(s, " table-bytes %llu%n", &table_bytes, &b) != 1 ||
		    b < 0)
			return -EPROTO;
		s += b;
	}
	if (!strcmp(s, " closed"))
		vm->closed = true;
	else if (*s)
		return -EPROTO;
	vm->client = client;
	vm->vm_id = id;
	vm->root = root;
	vm->num_tables = tables;
	vm->num_external = external;
	vm->table_bytes = table_bytes;
	*want = maps;
	return 0;
}

static int parse_mapping(const char *s, struct dg1dev_vm_mapping *map)
{
	unsigned long long start, end, offset;
	unsigned int pat;
	int n = -1;

	if (strncmp(s, "  0x", 4) ||
	    sscanf(s, "  0x%llx-0x%llx offset 0x%llx pat %u%n", &start, &end,
		   &offset, &pat, &n) != 4 || n < 0)
		return -EPROTO;
	map->invalidated = false;
	if (!strcmp(s + n, " invalidated"))
		map->invalidated = true;
	else if (!parsed_to_end(s, n))
		return -EPROTO;
	if (end <= start)
		return -EPROTO;
	map->start = start;
	map->end = end;
	map->offset = offset;
	map->pat = pat;
	return 0;
}

static bool is_binds_line(const char *s)
{
	long long a, b, c, d;
	int n = -1;

	return sscanf(s, "binds 4K %lld 64K %lld 2M %lld queued %lld%n",
		      &a, &b, &c, &d, &n) == 4 && parsed_to_end(s, n);
}

/* Close the VM being read: its line count must match what it said. */
static int end_vm(struct dg1dev_vm_info *vm, unsigned int want)
{
	return vm && vm->num_mappings != want ? -EPROTO : 0;
}

int dg1dev_vms_parse(const char *text, struct dg1dev_vms *out, char *why,
		     size_t why_len)
{
	struct dg1dev_vm_info *cur = NULL, *grown;
	char *copy, *line, *save = NULL;
	unsigned int want = 0;
	bool ended = false;
	int err = 0;

	out->num_vms = 0;
	out->vms = NULL;
	copy = strdup(text);
	if (!copy)
		return -ENOMEM;

	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct dg1dev_vm_mapping map, *maps;

		if (ended) {
			err = -EPROTO;
		} else if (!strncmp(line, "client ", 7)) {
			struct dg1dev_vm_info vm = { 0 };

			err = end_vm(cur, want);
			if (!err)
				err = parse_header(line, &vm, &want);
			/* An id is reused while its closed VM lingers. */
			if (!err && !vm.closed &&
			    dg1dev_vms_find(out, vm.client, vm.vm_id))
				err = -EPROTO;
			if (err)
				break;
			grown = realloc(out->vms,
					(out->num_vms + 1) * sizeof(*grown));
			if (!grown) {
				err = -ENOMEM;
				break;
			}
			out->vms = grown;
			cur = &out->vms[out->num_vms++];
			*cur = vm;
		} else if (!strncmp(line, "  0x", 4)) {
			err = cur ? parse_mapping(line, &map) : -EPROTO;
			if (!err && cur->num_mappings &&
			    map.start < cur->mappings[cur->num_mappings - 1].end)
				err = -EPROTO;
			if (err)
				break;
			maps = realloc(cur->mappings, (cur->num_mappings + 1) *
					sizeof(*maps));
			if (!maps) {
				err = -ENOMEM;
				break;
			}
			cur->mappings = maps;
			maps[cur->num_mappings++] = map;
		} else if (is_binds_line(line)) {
			err = end_vm(cur, want);
			cur = NULL;
			ended = true;
		} else {
			err = -EPROTO;
		}
		if (err)
			break;
	}
	if (!err)
		err = end_vm(cur, want);
	if (err == -EPROTO)
		snprintf(why, why_len, "vms: bad or unexpected line \"%s\"",
			 line ? line : "(end: a VM's mapping count is off)");
	else if (err)
		snprintf(why, why_len, "vms: %s", strerror(-err));
	free(copy);
	if (err)
		dg1dev_vms_free(out);
	return err;
}

int dg1dev_kcore_open(struct dg1dev_kcore *k, char *why, size_t why_len)
{
	Elf64_Ehdr eh;
	Elf64_Phdr *ph = NULL;
	unsigned int i;
	ssize_t n;
	int err;

	memset(k, 0, sizeof(*k));
	k->fd = open("/proc/kcore", O_RDONLY | O_CLOEXEC);
	if (k->fd < 0) {
		err = -errno;
		snprintf(why, why_len, "cannot open /proc/kcore: %s%s",
			 strerror(-err), err == -ENOENT ?
			 " (kernel without CONFIG_PROC_KCORE)" : "");
		return err;
	}
	n = pread(k->fd, &eh, sizeof(eh), 0);
	err = n < 0 ? -errno : -EPROTO;
	if (n != sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_phentsize != sizeof(*ph) || !eh.e_phnum)
		goto bad;
	ph = calloc(eh.e_phnum, sizeof(*ph));
	k->segs = calloc(eh.e_phnum, sizeof(*k->segs));
	err = -ENOMEM;
	if (!ph || !k->segs)
		goto bad;
	n = pread(k->fd, ph, eh.e_phnum * sizeof(*ph), eh.e_phoff);
	err = n < 0 ? -errno : -EPROTO;
	if (n != (ssize_t)(eh.e_phnum * sizeof(*ph)))
		goto bad;
	/* RAM (and kernel text) have a physical address; the rest ~0. */
	for (i = 0; i < eh.e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD || ph[i].p_paddr == UINT64_MAX)
			continue;
		k->segs[k->num_segs].paddr = ph[i].p_paddr;
		k->segs[k->num_segs].size = ph[i].p_memsz;
		k->segs[k->num_segs].offset = ph[i].p_offset;
		k->num_segs++;
	}
	free(ph);
	return 0;

bad:
	snprintf(why, why_len, "/proc/kcore: %s",
		 err == -EPROTO ? "not an ELF64 core" : strerror(-err));
	free(ph);
	dg1dev_kcore_close(k);
	return err;
}

void dg1dev_kcore_close(struct dg1dev_kcore *k)
{
	if (k->fd > 0)
		close(k->fd);
	free(k->segs);
	memset(k, 0, sizeof(*k));
}

int dg1dev_kcore_read(const struct dg1dev_kcore *k, uint64_t phys, void *buf,
		      size_t len)
{
	unsigned int i;
	ssize_t n;

	for (i = 0; i < k->num_segs; i++) {
		const struct dg1dev_kcore_seg *s = &k->segs[i];

		if (phys < s->paddr || phys - s->paddr > s->size ||
		    s->size - (phys - s->paddr) < len)
			continue;
		n = pread(k->fd, buf, len, s->offset + (phys - s->paddr));
		if (n == (ssize_t)len)
			return 0;
		return n < 0 ? -errno : -EIO;
	}
	return -ENOENT;
}
