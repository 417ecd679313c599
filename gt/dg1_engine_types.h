/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_ENGINE_TYPES_H_
#define _DG1_ENGINE_TYPES_H_

#include <linux/types.h>

#include "gt/dg1_hw_engine_types.h"
#include "mem/dg1_kobj_types.h"

/**
 * struct dg1_engine - a present engine's run-time state
 */
struct dg1_engine {
	/** @id: which engine */
	enum dg1_hw_engine_id id;
	/** @info: its static description */
	const struct dg1_hw_engine_info *info;
	/**
	 * @hwsp: the global hardware status page (HWS_PGA): context status
	 * buffer, breadcrumbs
	 */
	struct dg1_kobj hwsp;
};

#endif /* _DG1_ENGINE_TYPES_H_ */
