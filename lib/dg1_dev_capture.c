// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_dev_capture.c - read a dg1 error capture (dg1_dev_capture.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg1_dev_capture.h"

/* '~' then ASCII85, 'z' a zero dword (i915's error-state encoding). */
static int ascii85(const char *s, struct dg1_capture_buf *b)
{
	size_t len = strcspn(s, "\n"), cap = len, i = 0;

	b->dw = calloc(cap ? cap : 1, sizeof(*b->dw));
	if (!b->dw)
		return -ENOMEM;
	while (i < len) {
		uint32_t v = 0;
		int k;

		if (s[i] == 'z') {
			b->dw[b->n++] = 0;
			i++;
			continue;
		}
		if (len - i < 5)
			return -EINVAL;
		for (k = 0; k < 5; k++) {
			if (s[i + k] < '!' || s[i + k] > 'u')
				return -EINVAL;
			v = v * 85 + (uint32_t)(s[i + k] - '!');
		}
		b->dw[b->n++] = v;
		i += 5;
	}
	return 0;
}

static void copy_field(char *dst, size_t size, const char *src)
{
	size_t n = strcspn(src, "\n");

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* "  NAME: 0x<v>", "0x<hi> <lo>" or "0x<hi>_<lo>"; 1 if it is one. */
static int reg_line(const char *line, struct dg1_capture_reg *r)
{
	const char *colon = strchr(line, ':');
	unsigned long long hi, lo;
	char sep;
	int n;

	if (strncmp(line, "  ", 2) || !colon || colon - line - 2 >= 32 ||
	    colon - line - 2 < 1)
		return 0;
	n = sscanf(colon + 1, " 0x%llx%c%llx", &hi, &sep, &lo);
	if (n < 1)
		return 0;
	memcpy(r->name, line + 2, colon - line - 2);
	r->name[colon - line - 2] = '\0';
	r->val = n == 3 && (sep == ' ' || sep == '_') ? hi << 32 | lo : hi;
	return 1;
}

int dg1_capture_parse(const char *text, struct dg1_capture_text *c,
		      const char **why)
{
	const char *line = text, *dashes;
	struct dg1_capture_buf *pending = NULL;

	memset(c, 0, sizeof(*c));
	*why = "no 'dg1 GPU error capture' first line";
	if (strncmp(text, "dg1 GPU error capture\n", 22))
		return -EINVAL;
	for (; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		unsigned int hi, lo;

		if (pending) {
			*why = "a buffer without its '~' line";
			if (line[0] != '~')
				return -EINVAL;
			*why = "bad ASCII85";
			if (ascii85(line + 1, pending))
				return -EINVAL;
			pending = NULL;
			continue;
		}
		dashes = strstr(line, " --- ");
		if (dashes && dashes < line + strcspn(line, "\n")) {
			struct dg1_capture_buf *b = &c->bufs[c->nbufs];
			const char *eq = strchr(dashes, '=');

			*why = "too many buffers, or a buffer line without '= 0x<hi> <lo>'";
			if (c->nbufs == DG1_CAPTURE_MAX_BUFS || !eq ||
			    sscanf(eq, "= 0x%x %x", &hi, &lo) != 2 ||
			    (size_t)(dashes - line) >= sizeof(b->engine))
				return -EINVAL;
			memcpy(b->engine, line, dashes - line);
			b->engine[dashes - line] = '\0';
			copy_field(b->kind, sizeof(b->kind), dashes + 5);
			b->kind[strcspn(b->kind, "=")] = '\0';
			while (strlen(b->kind) && b->kind[strlen(b->kind) - 1] == ' ')
				b->kind[strlen(b->kind) - 1] = '\0';
			b->addr = (uint64_t)hi << 32 | lo;
			c->nbufs++;
			pending = b;
			continue;
		}
		if (!strncmp(line, "PCI ID: 0x", 10))
			c->pci_id = (unsigned int)strtoul(line + 10, NULL, 16);
		else if (!strncmp(line, "Engine: ", 8))
			copy_field(c->engine, sizeof(c->engine), line + 8);
		else if (!strncmp(line, "Context: ", 9))
			copy_field(c->context, sizeof(c->context), line + 9);
		else if (!strncmp(line, "Fault: ", 7))
			copy_field(c->fault, sizeof(c->fault), line + 7);
		else if (c->nregs < DG1_CAPTURE_MAX_REGS &&
			 reg_line(line, &c->regs[c->nregs]))
			c->nregs++;
	}
	*why = "a buffer line at the end without its data";
	if (pending)
		return -EINVAL;
	*why = "no PCI ID or Engine line";
	if (!c->pci_id || !c->engine[0])
		return -EINVAL;
	*why = NULL;
	return 0;
}

void dg1_capture_text_free(struct dg1_capture_text *c)
{
	unsigned int i;

	for (i = 0; i < c->nbufs; i++)
		free(c->bufs[i].dw);
	memset(c, 0, sizeof(*c));
}

bool dg1_capture_reg(const struct dg1_capture_text *c, const char *name,
		     uint64_t *val)
{
	unsigned int i;

	for (i = 0; i < c->nregs; i++)
		if (!strcmp(c->regs[i].name, name)) {
			*val = c->regs[i].val;
			return true;
		}
	return false;
}

const struct dg1_capture_buf *
dg1_capture_buf(const struct dg1_capture_text *c, const char *kind)
{
	unsigned int i;

	for (i = 0; i < c->nbufs; i++)
		if (!strcmp(c->bufs[i].kind, kind))
			return &c->bufs[i];
	return NULL;
}
