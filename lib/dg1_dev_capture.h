/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dg1_dev_capture.h - read a dg1 error capture (devcoredump text;
 * submit/dg1_capture.c writes it, Documentation/hangs.rst describes it):
 * the header lines, an engine's "  NAME: 0x..." registers, and the
 * buffers ("<engine> --- <kind> = 0x<hi> <lo>" then '~' and ASCII85).
 */
#ifndef DG1_DEV_CAPTURE_H
#define DG1_DEV_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DG1_CAPTURE_MAX_REGS	48
#define DG1_CAPTURE_MAX_BUFS	4

struct dg1_capture_reg {
	char name[32];
	uint64_t val;			/* "0x<hi> <lo>" and "0x<hi>_<lo>": 64-bit */
};

struct dg1_capture_buf {
	char engine[16];
	char kind[32];			/* "ringbuffer", "gtt_offset", "HW context" */
	uint64_t addr;
	uint32_t *dw;
	size_t n;
};

struct dg1_capture_text {
	unsigned int pci_id;
	char engine[16];		/* "Engine:" */
	char context[256];		/* "Context:" */
	char fault[256];		/* "Fault:", "" without one */
	struct dg1_capture_reg regs[DG1_CAPTURE_MAX_REGS];
	unsigned int nregs;
	struct dg1_capture_buf bufs[DG1_CAPTURE_MAX_BUFS];
	unsigned int nbufs;
};

/* Parse @text; 0, or -EINVAL with *@why saying what was wrong. */
int dg1_capture_parse(const char *text, struct dg1_capture_text *c,
		      const char **why);
void dg1_capture_text_free(struct dg1_capture_text *c);
/* A register's value by name ("ACTHD", "HEAD"...); false if absent. */
bool dg1_capture_reg(const struct dg1_capture_text *c, const char *name,
		     uint64_t *val);
/* The buffer of that kind, or NULL. */
const struct dg1_capture_buf *
dg1_capture_buf(const struct dg1_capture_text *c, const char *kind);

#endif /* DG1_DEV_CAPTURE_H */
