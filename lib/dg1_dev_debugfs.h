/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_debugfs.h - the dg1 driver's debugfs files, found and parsed.
 *
 * The files live in the device's DRM debugfs directory,
 * /sys/kernel/debug/dri/<unique>/ (dri/<minor> are symlinks to it). No
 * harness in here: errors come back as -errno with a reason, so the tests
 * and the tools can share it.
 */
#ifndef DG1DEV_DEBUGFS_H
#define DG1DEV_DEBUGFS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dg1_dev.h"

#define DG1DEV_DEBUGFS_MOUNT	"/sys/kernel/debug"

/*
 * The DRM debugfs directory of the PCI device at @pci_path
 * (/sys/bus/pci/devices/<bdf>): the one whose "name" file says "dg1
 * dev=<bdf> ...". Mounts debugfs when it is not. Returns 0, or -errno with
 * the reason in @why.
 */
int dg1dev_debugfs_dir(const char *pci_path, char *dir, size_t len,
		       char *why, size_t why_len);

/* open() of <dir>/<file>: an fd or -errno. */
int dg1dev_debugfs_open(const char *dir, const char *file, int flags);

/*
 * All of <dir>/<file> into a malloc'd, NUL-terminated *text. Returns its
 * length or -errno.
 */
ssize_t dg1dev_debugfs_read(const char *dir, const char *file, char **text);

/*
 * One line of forcewake_domains:
 * "<domain>: ref %u wakes %llu gets %llu errors %u fallbacks %llu".
 */
struct dg1dev_fw_stat {
	unsigned int ref;		/* holders right now */
	unsigned long long wakes;	/* sleep-to-awake transitions the driver made */
	unsigned long long gets;	/* get calls */
	unsigned int errors;		/* ack timeouts */
	unsigned long long fallbacks;	/* wakes that needed the fallback ack */
};

struct dg1dev_fw_stats {
	uint32_t present;			/* DG1DEV_DOMAIN_BIT() of every line */
	struct dg1dev_fw_stat d[VDG1_FW_COUNT];	/* by enum vdg1_fw_domain */
};

/*
 * Parse forcewake_domains strictly: every line exactly in the format above,
 * a known domain name, no domain twice. 0 or -EPROTO with the bad line in
 * @why.
 */
int dg1dev_fw_stats_parse(const char *text, struct dg1dev_fw_stats *s,
			  char *why, size_t why_len);
/* Read and parse <dir>/forcewake_domains. 0 or -errno with @why. */
int dg1dev_fw_stats_read(const char *dir, struct dg1dev_fw_stats *s,
			 char *why, size_t why_len);

/*
 * One line of workarounds: "<Wa_name> 0x<offset, 6 hex digits> <status>",
 * status one of "ok", "FAILED", "not-applied" and "written" (applied, and
 * by design not read back).
 */
enum dg1dev_wa_status {
	DG1DEV_WA_OK,
	DG1DEV_WA_FAILED,
	DG1DEV_WA_NOT_APPLIED,
	DG1DEV_WA_WRITTEN,
	DG1DEV_WA_STATUS_COUNT
};

struct dg1dev_wa {
	char name[64];
	uint32_t offset;
	enum dg1dev_wa_status status;
};

/* "ok", "FAILED", "not-applied", "written" */
const char *dg1dev_wa_status_name(enum dg1dev_wa_status status);

/*
 * Parse the workarounds file strictly. On success *was is a malloc'd array
 * of *n entries (NULL when empty); -EPROTO with the bad line in @why.
 */
int dg1dev_wa_parse(const char *text, struct dg1dev_wa **was, unsigned int *n,
		    char *why, size_t why_len);

/*
 * The interrupts file (gt/dg1_irq.c, dg1_irq_print()): "interrupts %llu
 * not-ours %llu identities %llu dropped %llu spurious %llu unknown %llu
 * timeouts %llu", "oa: half-full %llu", then one line per engine
 * "<name>: user %llu error %llu context-switch %llu wait-semaphore %llu
 * other %llu page-fault %llu".
 */
enum { DG1DEV_IRQ_USER, DG1DEV_IRQ_ERROR, DG1DEV_IRQ_CTX_SWITCH,
       DG1DEV_IRQ_WAIT_SEMAPHORE, DG1DEV_IRQ_OTHER, DG1DEV_IRQ_PAGE_FAULT,
       DG1DEV_IRQ_NSTAT };

struct dg1dev_irq_stats {
	unsigned long long interrupts, not_ours, identities, dropped;
	unsigned long long spurious, unknown, timeouts, oa_half_full;
	unsigned int num_engines;
	struct {
		char name[16];
		unsigned long long bits[DG1DEV_IRQ_NSTAT];
	} engine[DG1DEV_MAX_ENGINES];
};

/*
 * Read and parse <dir>/interrupts strictly: the two total lines, then at
 * most DG1DEV_MAX_ENGINES engine lines. 0 or -errno (-EPROTO for a bad
 * line) with the reason in @why.
 */
int dg1dev_irq_stats_read(const char *dir, struct dg1dev_irq_stats *s,
			  char *why, size_t why_len);

#endif /* DG1DEV_DEBUGFS_H */
