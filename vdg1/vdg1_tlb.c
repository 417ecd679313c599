// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_tlb.c - a GPU TLB (vdg1_tlb.h).
 */
#include <string.h>

#include "vdg1_tlb.h"

static bool same_space(const struct vdg1_tlb_entry *e, bool ggtt,
		       uint64_t pml4)
{
	return e->ggtt == ggtt && (ggtt || e->pml4 == pml4);
}

bool vdg1_tlb_lookup(const struct vdg1_tlb *t, bool ggtt, uint64_t pml4,
		     uint64_t va, bool write, struct vdg1_xlate *xl)
{
	unsigned int i;

	for (i = 0; i < VDG1_TLB_ENTRIES; i++) {
		const struct vdg1_tlb_entry *e = &t->e[i];

		if (!e->valid || !same_space(e, ggtt, pml4) ||
		    va < e->va || va - e->va >= e->xl.page_size ||
		    (write && !e->writable))
			continue;
		*xl = e->xl;
		xl->addr += va - e->va;
		return true;
	}
	return false;
}

void vdg1_tlb_fill(struct vdg1_tlb *t, bool ggtt, uint64_t pml4, uint64_t va,
		   bool write, const struct vdg1_xlate *xl)
{
	uint64_t off = va & (xl->page_size - 1);
	struct vdg1_tlb_entry *e = NULL;
	unsigned int i;

	/* One entry per page and space: a write refill replaces a read one. */
	for (i = 0; i < VDG1_TLB_ENTRIES && !e; i++)
		if (t->e[i].valid && same_space(&t->e[i], ggtt, pml4) &&
		    t->e[i].va == va - off &&
		    t->e[i].xl.page_size == xl->page_size)
			e = &t->e[i];
	if (!e) {
		e = &t->e[t->next];
		t->next = (t->next + 1) % VDG1_TLB_ENTRIES;
	}
	*e = (struct vdg1_tlb_entry) {
		.valid = true, .ggtt = ggtt, .writable = write,
		.pml4 = ggtt ? 0 : pml4, .va = va - off, .xl = *xl,
	};
	e->xl.addr -= off;
}

void vdg1_tlb_flush(struct vdg1_tlb *t, bool ggtt_only)
{
	unsigned int i;

	for (i = 0; i < VDG1_TLB_ENTRIES; i++)
		if (!ggtt_only || t->e[i].ggtt)
			t->e[i].valid = false;
}
