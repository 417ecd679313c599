// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_irq.c - interrupt aggregation (placeholder until the model lands:
 * events are dropped and no register is implemented).
 */
#include "vdg1_core_priv.h"
#include "vdg1_irq.h"

void vdg1_irq_init(struct vdg1_core *core)
{
	(void)core;
}

void vdg1_irq_reset(struct vdg1_core *core)
{
	(void)core;
}

void vdg1_irq_fini(struct vdg1_core *core)
{
	(void)core;
}

void vdg1_irq_engine(struct vdg1_core *core, unsigned int engine,
		     uint16_t bits)
{
	(void)core;
	(void)engine;
	(void)bits;
}

void vdg1_irq_count_access(struct vdg1_core *core, int write)
{
	(void)core;
	(void)write;
}

const struct vdg1_reg vdg1_irq_regs[] = {
	{ 0 },
};

const size_t vdg1_irq_regs_count = 0;
