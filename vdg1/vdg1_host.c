// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_host.c - the host services, checked once and wrapped.
 */
#include <stdarg.h>
#include <stdio.h>

#include "vdg1_host.h"

const char *vdg1_host_check(const struct vdg1_host_ops *ops)
{
	/* log is optional: a host may not care why the guest misbehaves. */
	if (!ops || !ops->now_ns || !ops->timer_arm || !ops->mem_read ||
	    !ops->mem_write || !ops->raise_msi)
		return "host ops incomplete";
	return NULL;
}

void vdg1_host_init(struct vdg1_host *host, const struct vdg1_host_ops *ops,
		    void *opaque)
{
	host->ops = ops;
	host->opaque = opaque;
}

uint64_t vdg1_host_now(const struct vdg1_host *host)
{
	return host->ops->now_ns(host->opaque);
}

void vdg1_host_timer_arm(const struct vdg1_host *host, uint64_t deadline_ns)
{
	host->ops->timer_arm(host->opaque, deadline_ns);
}

void vdg1_host_log(const struct vdg1_host *host, enum vdg1_log_level level,
		   const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	if (!host->ops->log)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	host->ops->log(host->opaque, level, msg);
}

int vdg1_host_dma_read(const struct vdg1_host *host, enum vdg1_mem mem,
		       uint64_t addr, void *buf, size_t len)
{
	return host->ops->mem_read(host->opaque, mem, addr, buf, len);
}

int vdg1_host_dma_write(const struct vdg1_host *host, enum vdg1_mem mem,
			uint64_t addr, const void *buf, size_t len)
{
	return host->ops->mem_write(host->opaque, mem, addr, buf, len);
}

void vdg1_host_msi(const struct vdg1_host *host, unsigned int vector)
{
	host->ops->raise_msi(host->opaque, vector);
}
