/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GFP_H_
#define _DG1_GFP_H_

#include <linux/gfp_types.h>

/*
 * Kernel memory for what a user makes through an ioctl (VMs, page-table
 * bookkeeping, mappings, exec queues, jobs, fences, OA streams and
 * configs): charged to the caller's memory cgroup, and a cgroup at its
 * limit fails the ioctl with -ENOMEM instead of waking its OOM killer.
 */
#define DG1_GFP_USER	(GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL)

#endif /* _DG1_GFP_H_ */
