/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_host.h - the services the host gives the model: the guest's clock,
 * one timer, logging, DMA into guest memory and LMEM, and MSI.
 *
 * The lowest layer of the core: components call these instead of the raw
 * struct vdg1_host_ops (vdg1_core.h), so the ops are checked once and the
 * log is formatted in one place. Only the event list (vdg1_event.h) arms
 * the timer; a component that needs a deadline registers an event.
 */
#ifndef VDG1_HOST_H
#define VDG1_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_core.h"

struct vdg1_host {
	const struct vdg1_host_ops *ops;
	void *opaque;
};

/* NULL when @ops has every mandatory service, else what is missing. */
const char *vdg1_host_check(const struct vdg1_host_ops *ops);
void vdg1_host_init(struct vdg1_host *host, const struct vdg1_host_ops *ops,
		    void *opaque);

/* The guest's (virtual) nanosecond clock. */
uint64_t vdg1_host_now(const struct vdg1_host *host);
/* (Re)program the host's single timer; VDG1_NEVER disarms it. */
void vdg1_host_timer_arm(const struct vdg1_host *host, uint64_t deadline_ns);
void vdg1_host_log(const struct vdg1_host *host, enum vdg1_log_level level,
		   const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* 0 on success, negative on a bus error. */
int vdg1_host_dma_read(const struct vdg1_host *host, enum vdg1_mem mem,
		       uint64_t addr, void *buf, size_t len);
int vdg1_host_dma_write(const struct vdg1_host *host, enum vdg1_mem mem,
			uint64_t addr, const void *buf, size_t len);
void vdg1_host_msi(const struct vdg1_host *host, unsigned int vector);

#endif /* VDG1_HOST_H */
