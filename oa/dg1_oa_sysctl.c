// SPDX-License-Identifier: GPL-2.0
/*
 * OA perf: the sysctls that say who may watch the GPU.
 *
 * An OA stream sees every context's counters, so it is privileged while
 * the sysctl dev.dg1.perf_stream_paranoid is 1 (the default), as
 * dev.i915.perf_stream_paranoid is for i915; dev.dg1.oa_max_sample_rate
 * caps the report rate of unprivileged streams (i915's default, 100 kHz).
 * They are the module's, not a device's: created at load.
 */

#include <linux/capability.h>
#include <linux/sysctl.h>

#include "oa/dg1_oa_sysctl.h"

static unsigned int dg1_perf_stream_paranoid = 1;
static unsigned int dg1_oa_max_sample_rate_hz = 100000;
static struct ctl_table_header *dg1_oa_sysctl_header;

static struct ctl_table dg1_oa_sysctls[] = {
	{
		.procname = "perf_stream_paranoid",
		.data = &dg1_perf_stream_paranoid,
		.maxlen = sizeof(dg1_perf_stream_paranoid),
		.mode = 0644,
		.proc_handler = proc_douintvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ONE,
	},
	{
		.procname = "oa_max_sample_rate",
		.data = &dg1_oa_max_sample_rate_hz,
		.maxlen = sizeof(dg1_oa_max_sample_rate_hz),
		.mode = 0644,
		.proc_handler = proc_douintvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_INT_MAX,
	},
};

/**
 * dg1_oa_sysctl_register() - create dev.dg1.* at module load
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_oa_sysctl_register(void)
{
	dg1_oa_sysctl_header = register_sysctl("dev/dg1", dg1_oa_sysctls);
	return dg1_oa_sysctl_header ? 0 : -ENOMEM;
}

/**
 * dg1_oa_sysctl_unregister() - remove dev.dg1.* at module unload
 */
void dg1_oa_sysctl_unregister(void)
{
	unregister_sysctl_table(dg1_oa_sysctl_header);
}

/**
 * dg1_oa_needs_privilege() - whether the caller lacks what a privileged
 * OA operation needs
 *
 * Return: true while paranoid and the caller has neither CAP_PERFMON nor
 * CAP_SYS_ADMIN.
 */
bool dg1_oa_needs_privilege(void)
{
	return READ_ONCE(dg1_perf_stream_paranoid) && !perfmon_capable();
}

/**
 * dg1_oa_max_sample_rate() - the report rate unprivileged streams may ask for
 *
 * Return: reports per second.
 */
u32 dg1_oa_max_sample_rate(void)
{
	return READ_ONCE(dg1_oa_max_sample_rate_hz);
}
