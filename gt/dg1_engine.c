// SPDX-License-Identifier: GPL-2.0
/*
 * Engines at run time: what each present engine owns beyond its static
 * description (gt/dg1_hw_engine.c). For now its global hardware status
 * page, one 4 KiB kernel object in the GGTT per engine, which the engine
 * writes context status entries and breadcrumbs to (Vol 13 General
 * Assets, "Hardware Status Page"; i915 gt/intel_engine_cs.c allocates one
 * per engine too).
 */

#include <linux/bitops.h>
#include <linux/sizes.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "core/dg1_inject.h"
#include "drm/dg1_device_types.h"
#include "gt/dg1_engine.h"
#include "gt/dg1_hw_engine.h"
#include "mem/dg1_kobj.h"

static void dg1_engines_fini(void *arg)
{
	struct dg1_device *dg1 = arg;
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++)
		dg1_kobj_destroy(dg1, &dg1->engines[id].hwsp);
}

/**
 * dg1_engines_init() - set up the present engines' run-time state
 * @dg1: the device, its GT and GGTT initialised
 *
 * Torn down by a device-managed action before the GGTT.
 *
 * Context: process.
 * Return: 0, or the error of an allocation.
 */
int dg1_engines_init(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	unsigned int id;
	int ret;

	ret = dg1_inject_probe_error(dg1->drm.dev, -ENOMEM) ?:
	      devm_add_action_or_reset(dg1->drm.dev, dg1_engines_fini, dg1);
	if (ret)
		return ret;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		struct dg1_engine *engine = &dg1->engines[id];

		engine->id = id;
		engine->info = &dg1_hw_engine_infos[id];
		ret = dg1_kobj_create(dg1, &engine->hwsp, SZ_4K,
				      engine->info->name);
		if (ret) {
			drm_err(&dg1->drm, "%s: no status page: %d\n",
				engine->info->name, ret);
			return ret;
		}
	}
	return 0;
}
