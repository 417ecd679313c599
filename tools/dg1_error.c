// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_error - decode a dg1 error capture (the devcoredump of a hang:
 * /sys/class/drm/cardN/device/devcoredump/data; Documentation/hangs.rst).
 *
 *   dg1_error [FILE]        FILE, or standard input
 *
 * Prints the capture's text lines as they are, then each buffer (the
 * ring, the batch page ACTHD is in, the context image's register state)
 * as commands: named, with their dwords, the register of each LRI pair,
 * a batch start's target, and marks where the engine's registers point:
 * "<- ACTHD" at the command the CS was executing, "<- HEAD" / "<- TAIL"
 * in the ring. Runs of MI_NOOP are folded. The command lengths are the
 * Gen12 rules of vdg1/vdg1_cs.c (Vol 13 General Assets, "MI Commands";
 * i915 gt/intel_gpu_commands.h).
 *
 * Exit status: 0, 1 for a file that is not a dg1 capture, 2 for usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg1_dev_capture.h"

#define CLIENT(h)	((h) >> 29)
#define MI_OP(h)	(((h) >> 23) & 0x3f)

struct mi {
	unsigned int op;
	const char *name;
	uint32_t len_mask;		/* length field; 0: one dword */
};

static const struct mi mi_cmds[] = {
	{ 0x00, "MI_NOOP", 0 },
	{ 0x02, "MI_USER_INTERRUPT", 0 },
	{ 0x05, "MI_ARB_CHECK", 0 },
	{ 0x08, "MI_ARB_ON_OFF", 0 },
	{ 0x0a, "MI_BATCH_BUFFER_END", 0 },
	{ 0x1a, "MI_MATH", 0xff },
	{ 0x1c, "MI_SEMAPHORE_WAIT", 0x1f },
	{ 0x20, "MI_STORE_DATA_IMM", 0x3f },
	{ 0x21, "MI_STORE_DATA_INDEX", 0xff },
	{ 0x22, "MI_LOAD_REGISTER_IMM", 0xff },
	{ 0x24, "MI_STORE_REGISTER_MEM", 0xff },
	{ 0x26, "MI_FLUSH_DW", 0x3f },
	{ 0x28, "MI_REPORT_PERF_COUNT", 0x3f },
	{ 0x29, "MI_LOAD_REGISTER_MEM", 0xff },
	{ 0x2a, "MI_LOAD_REGISTER_REG", 0xff },
	{ 0x2f, "MI_ATOMIC", 0xff },
	{ 0x31, "MI_BATCH_BUFFER_START", 0xff },
	{ 0x36, "MI_CONDITIONAL_BATCH_BUFFER_END", 0xff },
};

/* Engine registers by offset from the engine's base. */
static const struct {
	uint32_t off;
	const char *name;
} engine_regs[] = {
	{ 0x030, "RING_TAIL" }, { 0x034, "RING_HEAD" }, { 0x038, "RING_START" },
	{ 0x03c, "RING_CTL" }, { 0x068, "IPEHR" }, { 0x09c, "MI_MODE" },
	{ 0x0c0, "INSTPM" }, { 0x110, "BB_STATE" }, { 0x140, "BBADDR" },
	{ 0x168, "BBADDR_UDW" }, { 0x178, "PR_CTR_CTL" },
	{ 0x17c, "PR_CTR_THRSH" }, { 0x180, "CCID" },
	{ 0x1c0, "BB_PER_CTX_PTR" }, { 0x1c4, "INDIRECT_CTX" },
	{ 0x1c8, "INDIRECT_CTX_OFFSET" }, { 0x244, "CONTEXT_CONTROL" },
	{ 0x270, "PDP0_LDW" }, { 0x274, "PDP0_UDW" }, { 0x278, "PDP1_LDW" },
	{ 0x27c, "PDP1_UDW" }, { 0x280, "PDP2_LDW" }, { 0x284, "PDP2_UDW" },
	{ 0x288, "PDP3_LDW" }, { 0x28c, "PDP3_UDW" },
	{ 0x2b4, "SEMAPHORE_TOKEN" }, { 0x3a8, "CTX_TIMESTAMP" },
};

static const struct {
	const char *name;
	uint32_t base;
} engines[] = {
	{ "rcs0", 0x2000 }, { "bcs0", 0x22000 }, { "vcs0", 0x1c0000 },
	{ "vcs2", 0x1d0000 }, { "vecs0", 0x1c8000 },
};

static uint32_t engine_base(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(engines) / sizeof(engines[0]); i++)
		if (!strcmp(engines[i].name, name))
			return engines[i].base;
	return 0;
}

static const char *reg_name(uint32_t base, uint32_t reg, char *buf,
			    size_t len)
{
	size_t i;

	if (reg - base >= 0x600 && reg - base < 0x680) {
		snprintf(buf, len, "GPR%u_%s", (reg - base - 0x600) / 8,
			 reg & 4 ? "UDW" : "LDW");
		return buf;
	}
	for (i = 0; i < sizeof(engine_regs) / sizeof(engine_regs[0]); i++)
		if (reg == base + engine_regs[i].off)
			return engine_regs[i].name;
	snprintf(buf, len, "0x%06x", reg);
	return buf;
}

/* The command's name and length in dwords (1 for an unknown one). */
static const char *decode(uint32_t h, unsigned int *len)
{
	size_t i;

	*len = 1;
	switch (CLIENT(h)) {
	case 0:
		for (i = 0; i < sizeof(mi_cmds) / sizeof(mi_cmds[0]); i++)
			if (mi_cmds[i].op == MI_OP(h)) {
				if (mi_cmds[i].len_mask)
					*len = (h & mi_cmds[i].len_mask) + 2;
				return mi_cmds[i].name;
			}
		return NULL;
	case 2:
		*len = (h & 0xff) + 2;
		if ((h >> 22 & 0x7f) == 0x42)
			return "XY_FAST_COPY_BLT";
		if ((h >> 22 & 0x7f) == 0x44)
			return "XY_FAST_COLOR_BLT";
		return "2D command";
	case 3:
		*len = (h & 0xff) + 2;
		if ((h & 0xffff0000u) == 0x7a000000u)
			return "PIPE_CONTROL";
		return "3D/media command";
	}
	return NULL;
}

struct marks {
	uint64_t acthd;
	bool ring;
	uint64_t head, tail;		/* addresses, in the ring only */
};

/* Which registers point into [@a, @end): bits 0 ACTHD, 1 HEAD, 2 TAIL. */
static unsigned int marked(const struct marks *m, uint64_t a, uint64_t end)
{
	return (m->acthd >= a && m->acthd < end) |
	       (m->ring && m->head >= a && m->head < end) << 1 |
	       (m->ring && m->tail >= a && m->tail < end) << 2;
}

static void mark(const struct marks *m, uint64_t a, uint64_t end)
{
	static const char *const names[] = { "ACTHD", "HEAD", "TAIL" };
	unsigned int w = marked(m, a, end), i;

	for (i = 0; i < 3; i++)
		if (w & 1u << i)
			printf("  <- %s", names[i]);
}

static void print_buf(const struct dg1_capture_text *c,
		      const struct dg1_capture_buf *b, const struct marks *m)
{
	uint32_t base = engine_base(b->engine);
	size_t i = 0, j;

	printf("\n%s %s at 0x%016llx, %zu dwords:\n", b->engine, b->kind,
	       (unsigned long long)b->addr, b->n);
	while (i < b->n) {
		uint64_t a = b->addr + 4 * i;
		uint32_t h = b->dw[i];
		unsigned int len;
		const char *name = decode(h, &len);
		char rb[32];

		/* Fold a run of MI_NOOP no register points into. */
		if (!h) {
			for (j = i; j < b->n && !b->dw[j]; j++)
				;
			if (j - i > 2 && !marked(m, a, b->addr + 4 * j)) {
				printf("0x%016llx: %zu x MI_NOOP\n",
				       (unsigned long long)a, j - i);
				i = j;
				continue;
			}
		}
		if (!name) {
			printf("0x%016llx: %08x  unknown command", (unsigned long long)a, h);
			mark(m, a, a + 4);
			printf("\n");
			i++;
			continue;
		}
		if (len > b->n - i)
			len = b->n - i;
		printf("0x%016llx: %08x  %s", (unsigned long long)a, h, name);
		if (CLIENT(h) == 0 && MI_OP(h) == 0x31 && len >= 3)
			printf(" -> 0x%016llx %s",
			       (unsigned long long)b->dw[i + 2] << 32 | b->dw[i + 1],
			       h & (1u << 8) ? "PPGTT" : "GGTT");
		mark(m, a, a + 4 * len);
		printf("\n");
		for (j = 1; j < len; j++) {
			printf("0x%016llx: %08x", (unsigned long long)(a + 4 * j),
			       b->dw[i + j]);
			if (CLIENT(h) == 0 && MI_OP(h) == 0x22 && j % 2)
				printf("    %s",
				       reg_name(base, h & (1u << 19) ?
						base + (b->dw[i + j] & 0xffc) :
						b->dw[i + j] & 0x7ffffc,
						rb, sizeof(rb)));
			printf("\n");
		}
		i += len;
	}
	(void)c;
}

static char *read_all(FILE *f)
{
	size_t len = 0, size = 1 << 16;
	char *buf = malloc(size + 1);

	while (buf) {
		size_t n = fread(buf + len, 1, size - len, f);

		len += n;
		if (len < size)
			break;
		size *= 2;
		buf = realloc(buf, size + 1);
	}
	if (buf)
		buf[len] = '\0';
	return buf;
}

int main(int argc, char **argv)
{
	struct dg1_capture_text c;
	const char *why, *line;
	struct marks m = { 0 };
	uint64_t v;
	unsigned int i;
	FILE *f = stdin;
	char *text;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: dg1_error [FILE]\n"
		       "Decodes a dg1 error capture (the device's devcoredump/data) from\n"
		       "FILE or standard input: its text, then the ring, the batch page and\n"
		       "the context image as commands, ACTHD/HEAD/TAIL marked.\n");
		return 0;
	}
	if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1])) {
		fprintf(stderr, "usage: dg1_error [FILE]\n");
		return 2;
	}
	if (argc == 2 && strcmp(argv[1], "-")) {
		f = fopen(argv[1], "r");
		if (!f) {
			fprintf(stderr, "dg1_error: %s: %s\n", argv[1],
				strerror(errno));
			return 1;
		}
	}
	text = read_all(f);
	if (!text || dg1_capture_parse(text, &c, &why)) {
		fprintf(stderr, "dg1_error: not a dg1 error capture: %s\n",
			text ? why : "out of memory");
		return 1;
	}
	/* The text lines, without the buffers' data. */
	for (line = text; *line; line += strcspn(line, "\n") + 1) {
		if (line[0] != '~')
			printf("%.*s\n", (int)strcspn(line, "\n"), line);
		if (!line[strcspn(line, "\n")])
			break;
	}
	if (dg1_capture_reg(&c, "ACTHD", &v))
		m.acthd = v;
	for (i = 0; i < c.nbufs; i++) {
		const struct dg1_capture_buf *b = &c.bufs[i];

		struct marks bm = m;

		bm.ring = !strcmp(b->kind, "ringbuffer");
		/* The image holds register values, not commands ACTHD is at. */
		if (!strcmp(b->kind, "HW context"))
			bm.acthd = UINT64_MAX;
		if (bm.ring && dg1_capture_reg(&c, "HEAD", &v))
			bm.head = b->addr + (v & 0x1ffffc);
		if (bm.ring && dg1_capture_reg(&c, "TAIL", &v))
			bm.tail = b->addr + (v & 0x1ffff8);
		print_buf(&c, b, &bm);
	}
	dg1_capture_text_free(&c);
	free(text);
	return 0;
}
