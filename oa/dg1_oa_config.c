// SPDX-License-Identifier: GPL-2.0
/*
 * OA metric sets: PERF_ADD_CONFIG / PERF_REMOVE_CONFIG, the register
 * whitelists they are checked against, the card's metrics/<uuid>/id
 * files, and programming a set into the hardware.
 *
 * A set is three lists of (register, value) writes that route signals to
 * the counters (Vol 13 General Assets, "Observation Architecture": the NOA
 * mux, the boolean counter logic, the flexible EU counters). Userspace
 * may only name the registers i915 and xe allow on Gen12 (i915
 * i915_perf.c, xe xe_oa.c): anything else could reprogram the GPU.
 */

#include <linux/align.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uuid.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_gfp.h"
#include "gt/dg1_gt_mcr.h"
#include "mmio/dg1_uncore.h"
#include "oa/dg1_oa_config.h"
#include "oa/dg1_oa_sysctl.h"
#include "regs/dg1_oa_regs.h"
#include "uapi/dg1_drm.h"

/* Entries one list may have; the largest DG1 set writes a few hundred. */
#define DG1_OA_MAX_REGS		4096

static bool dg1_oa_in(u32 addr, u32 first, u32 last)
{
	return addr >= first && addr <= last;
}

static bool dg1_oa_mux_allowed(u32 addr)
{
	return dg1_oa_in(addr, OA_MUX_NOA_CONFIG_FIRST, OA_MUX_NOA_CONFIG_LAST) ||
	       dg1_oa_in(addr, OA_MUX_NOA_CFG_FIRST, OA_MUX_NOA_CFG_LAST) ||
	       addr == OA_MUX_GDT_CHICKEN_BITS ||
	       dg1_oa_in(addr, OA_MUX_NOA_WRITE_HIGH, OA_MUX_NOA_WRITE) ||
	       addr == OA_MUX_WAIT_FOR_RC6_EXIT;
}

static bool dg1_oa_boolean_allowed(u32 addr)
{
	return addr == OA_B_PESS ||
	       dg1_oa_in(addr, OA_B_STARTTRIG_FIRST, OA_B_REPORTTRIG_LAST) ||
	       dg1_oa_in(addr, OA_B_CEC_FIRST, OA_B_CEC_LAST) ||
	       dg1_oa_in(addr, OA_B_SCEC_FIRST, OA_B_SCEC_LAST) ||
	       addr == OA_B_SPCTR_CNF || addr == OA_B_OAA_DBG;
}

static const u32 dg1_oa_flex_regs[] = {
	OA_FLEX_EU_PERF_CNTL0, OA_FLEX_EU_PERF_CNTL1, OA_FLEX_EU_PERF_CNTL2,
	OA_FLEX_EU_PERF_CNTL3, OA_FLEX_EU_PERF_CNTL4, OA_FLEX_EU_PERF_CNTL5,
	OA_FLEX_EU_PERF_CNTL6,
};

static bool dg1_oa_flex_allowed(u32 addr)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dg1_oa_flex_regs); i++)
		if (addr == dg1_oa_flex_regs[i])
			return true;
	return false;
}

/**
 * dg1_oa_reg_allowed() - whether a metric set may write a register
 * @list: the list it is in
 * @addr: register offset
 *
 * Return: true if @addr is a dword-aligned offset in @list's whitelist.
 */
bool dg1_oa_reg_allowed(enum dg1_oa_list list, u32 addr)
{
	/* Registers are dwords: an offset inside one names none. */
	if (!IS_ALIGNED(addr, 4))
		return false;
	switch (list) {
	case DG1_OA_LIST_MUX:
		return dg1_oa_mux_allowed(addr);
	case DG1_OA_LIST_BOOLEAN:
		return dg1_oa_boolean_allowed(addr);
	case DG1_OA_LIST_FLEX:
		return dg1_oa_flex_allowed(addr);
	default:
		return false;
	}
}

/*
 * Of WAIT_FOR_RC6_EXIT a set may write the OA selection fields, not the
 * wait itself: its bit and write enable are stripped, as i915 does
 * (i915_perf.c, mask_reg_value()).
 */
static u32 dg1_oa_sanitize(u32 addr, u32 value)
{
	if (addr == OA_MUX_WAIT_FOR_RC6_EXIT)
		value &= ~_MASKED_BIT_ENABLE(WAIT_FOR_RC6_EXIT_ENABLE);
	return value;
}

static struct dg1_oa_reg *dg1_oa_copy_regs(enum dg1_oa_list list,
					   u64 uptr, u32 n)
{
	struct dg1_oa_reg *regs;
	u32 i;

	if (!n)
		return NULL;
	if (n > DG1_OA_MAX_REGS)
		return ERR_PTR(-EINVAL);
	regs = kvmalloc_array(n, sizeof(*regs), DG1_GFP_USER);
	if (!regs)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(regs, u64_to_user_ptr(uptr), n * sizeof(*regs))) {
		kvfree(regs);
		return ERR_PTR(-EFAULT);
	}
	for (i = 0; i < n; i++) {
		if (!dg1_oa_reg_allowed(list, regs[i].addr)) {
			kvfree(regs);
			return ERR_PTR(-EINVAL);
		}
		regs[i].value = dg1_oa_sanitize(regs[i].addr, regs[i].value);
	}
	return regs;
}

static void dg1_oa_config_release(struct kref *ref)
{
	struct dg1_oa_config *cfg = container_of(ref, struct dg1_oa_config,
						 ref);
	int i;

	for (i = 0; i < DG1_OA_LIST_COUNT; i++)
		kvfree(cfg->regs[i]);
	kfree(cfg);
}

/**
 * dg1_oa_config_put() - drop a reference to a metric set
 * @cfg: the set, or NULL
 */
void dg1_oa_config_put(struct dg1_oa_config *cfg)
{
	if (cfg)
		kref_put(&cfg->ref, dg1_oa_config_release);
}

/**
 * dg1_oa_config_get() - look a metric set up by id
 * @oa: the OA state, @oa->lock held
 * @id: the uapi id
 *
 * Return: a reference to the set, or NULL if there is none with @id.
 */
struct dg1_oa_config *dg1_oa_config_get(struct dg1_oa *oa, u64 id)
{
	struct dg1_oa_config *cfg;

	lockdep_assert_held(&oa->lock);
	if (!id || id > INT_MAX)
		return NULL;
	cfg = idr_find(&oa->configs, id);
	if (cfg)
		kref_get(&cfg->ref);
	return cfg;
}

static ssize_t dg1_oa_config_id_show(struct kobject *kobj,
				     struct kobj_attribute *attr, char *buf)
{
	struct dg1_oa_config *cfg = container_of(attr, struct dg1_oa_config,
						 sysfs_id);

	return sysfs_emit(buf, "%u\n", cfg->id);
}

static int dg1_oa_config_sysfs_add(struct dg1_oa *oa,
				   struct dg1_oa_config *cfg)
{
	int ret;

	if (!oa->metrics_kobj)
		return 0;
	sysfs_attr_init(&cfg->sysfs_id.attr);
	cfg->sysfs_id.attr.name = "id";
	cfg->sysfs_id.attr.mode = 0444;
	cfg->sysfs_id.show = dg1_oa_config_id_show;
	cfg->sysfs_attrs[0] = &cfg->sysfs_id.attr;
	cfg->sysfs_attrs[1] = NULL;
	cfg->sysfs_group.name = cfg->uuid;
	cfg->sysfs_group.attrs = cfg->sysfs_attrs;
	ret = sysfs_create_group(oa->metrics_kobj, &cfg->sysfs_group);
	cfg->in_sysfs = !ret;
	return ret;
}

static void dg1_oa_config_sysfs_remove(struct dg1_oa *oa,
				       struct dg1_oa_config *cfg)
{
	if (cfg->in_sysfs)
		sysfs_remove_group(oa->metrics_kobj, &cfg->sysfs_group);
	cfg->in_sysfs = false;
}

static int dg1_oa_config_check(const struct drm_dg1_perf_oa_config *a,
			       char *uuid)
{
	if (a->extensions || a->reserved[0] || a->reserved[1])
		return -EINVAL;
	if (!a->n_mux_regs && !a->n_boolean_regs && !a->n_flex_regs)
		return -EINVAL;
	memcpy(uuid, a->uuid, sizeof(a->uuid));
	uuid[sizeof(a->uuid)] = '\0';
	return uuid_is_valid(uuid) ? 0 : -EINVAL;
}

static bool dg1_oa_uuid_in_use(struct dg1_oa *oa, const char *uuid)
{
	struct dg1_oa_config *cfg;
	int id;

	idr_for_each_entry(&oa->configs, cfg, id)
		if (!strcmp(cfg->uuid, uuid))
			return true;
	return false;
}

/**
 * dg1_oa_add_config_ioctl() - DRM_IOCTL_DG1_PERF_ADD_CONFIG
 * @drm: the device
 * @data: &struct drm_dg1_perf_oa_config
 * @file: the caller
 *
 * Return: the new set's id, or a negative error code (uapi/dg1_drm.h).
 */
int dg1_oa_add_config_ioctl(struct drm_device *drm, void *data,
			    struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct drm_dg1_perf_oa_config *a = data;
	const u64 uptr[DG1_OA_LIST_COUNT] = {
		a->mux_regs_ptr, a->boolean_regs_ptr, a->flex_regs_ptr,
	};
	const u32 n[DG1_OA_LIST_COUNT] = {
		a->n_mux_regs, a->n_boolean_regs, a->n_flex_regs,
	};
	struct dg1_oa *oa = &dg1->oa;
	struct dg1_oa_config *cfg;
	int i, ret;

	if (dg1_oa_needs_privilege())
		return -EACCES;
	cfg = kzalloc(sizeof(*cfg), DG1_GFP_USER);
	if (!cfg)
		return -ENOMEM;
	kref_init(&cfg->ref);
	ret = dg1_oa_config_check(a, cfg->uuid);
	if (ret)
		goto err;
	for (i = 0; i < DG1_OA_LIST_COUNT; i++) {
		cfg->regs[i] = dg1_oa_copy_regs(i, uptr[i], n[i]);
		if (IS_ERR(cfg->regs[i])) {
			ret = PTR_ERR(cfg->regs[i]);
			cfg->regs[i] = NULL;
			goto err;
		}
		cfg->n_regs[i] = n[i];
	}

	mutex_lock(&oa->lock);
	if (dg1_oa_uuid_in_use(oa, cfg->uuid)) {
		ret = -EADDRINUSE;
		goto err_unlock;
	}
	ret = idr_alloc(&oa->configs, cfg, 1, 0, GFP_KERNEL);
	if (ret < 0)
		goto err_unlock;
	cfg->id = ret;
	ret = dg1_oa_config_sysfs_add(oa, cfg);
	if (ret) {
		idr_remove(&oa->configs, cfg->id);
		goto err_unlock;
	}
	mutex_unlock(&oa->lock);
	drm_dbg(drm, "OA metric set %s added as %u\n", cfg->uuid, cfg->id);
	return cfg->id;

err_unlock:
	mutex_unlock(&oa->lock);
err:
	dg1_oa_config_put(cfg);
	return ret;
}

/**
 * dg1_oa_remove_config_ioctl() - DRM_IOCTL_DG1_PERF_REMOVE_CONFIG
 * @drm: the device
 * @data: the __u64 id
 * @file: the caller
 *
 * A stream using the set keeps it until the stream closes.
 *
 * Return: 0, -ENOENT for an unknown id, -EACCES.
 */
int dg1_oa_remove_config_ioctl(struct drm_device *drm, void *data,
			       struct drm_file *file)
{
	struct dg1_oa *oa = &to_dg1_device(drm)->oa;
	u64 id = *(u64 *)data;
	struct dg1_oa_config *cfg;

	if (dg1_oa_needs_privilege())
		return -EACCES;
	if (!id || id > INT_MAX)
		return -ENOENT;
	mutex_lock(&oa->lock);
	cfg = idr_remove(&oa->configs, id);
	if (cfg)
		dg1_oa_config_sysfs_remove(oa, cfg);
	mutex_unlock(&oa->lock);
	if (!cfg)
		return -ENOENT;
	dg1_oa_config_put(cfg);
	return 0;
}

/**
 * dg1_oa_config_write() - program a metric set
 * @dg1: the device; the caller holds GT and render awake
 * @cfg: the set
 *
 * Mux, then boolean, then flex, each in the order given (a mux list
 * writes NOA_WRITE repeatedly), then the NOA programming delay: i915
 * waits 500 us after the mux before counting (i915_perf.c,
 * emit_oa_config()). Flex registers are replicated per DSS and written
 * to all of them.
 *
 * Context: process; sleeps.
 */
void dg1_oa_config_write(struct dg1_device *dg1,
			 const struct dg1_oa_config *cfg)
{
	struct dg1_uncore *uncore = &dg1->uncore;
	const struct dg1_oa_reg *r;
	u32 i;

	for (i = 0; i < cfg->n_regs[DG1_OA_LIST_MUX]; i++) {
		r = &cfg->regs[DG1_OA_LIST_MUX][i];
		dg1_uncore_write32_fw(uncore, DG1_REG(r->addr), r->value);
	}
	for (i = 0; i < cfg->n_regs[DG1_OA_LIST_BOOLEAN]; i++) {
		r = &cfg->regs[DG1_OA_LIST_BOOLEAN][i];
		dg1_uncore_write32_fw(uncore, DG1_REG(r->addr), r->value);
	}
	for (i = 0; i < cfg->n_regs[DG1_OA_LIST_FLEX]; i++) {
		r = &cfg->regs[DG1_OA_LIST_FLEX][i];
		dg1_gt_mcr_multicast_rmw(&dg1->gt, DG1_REG_MCR(r->addr), ~0u,
					 r->value);
	}
	usleep_range(500, 1000);
}

/**
 * dg1_oa_metrics_register() - create the card's metrics/ directory
 * @dg1: a registered device
 *
 * Sets added before it get their directory now.
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_oa_metrics_register(struct dg1_device *dg1)
{
	struct dg1_oa *oa = &dg1->oa;
	struct dg1_oa_config *cfg;
	int id, ret = 0;

	mutex_lock(&oa->lock);
	oa->metrics_kobj = kobject_create_and_add("metrics",
						  &dg1->drm.primary->kdev->kobj);
	if (!oa->metrics_kobj)
		ret = -ENOMEM;
	idr_for_each_entry(&oa->configs, cfg, id)
		if (!ret)
			ret = dg1_oa_config_sysfs_add(oa, cfg);
	mutex_unlock(&oa->lock);
	return ret;
}

/**
 * dg1_oa_metrics_unregister() - remove the card's metrics/ directory
 * @dg1: a device being unbound, before DRM unregisters the card
 *
 * The sets stay (open streams may use them) until the device is freed.
 */
void dg1_oa_metrics_unregister(struct dg1_device *dg1)
{
	struct dg1_oa *oa = &dg1->oa;
	struct dg1_oa_config *cfg;
	int id;

	mutex_lock(&oa->lock);
	idr_for_each_entry(&oa->configs, cfg, id)
		dg1_oa_config_sysfs_remove(oa, cfg);
	kobject_put(oa->metrics_kobj);
	oa->metrics_kobj = NULL;
	mutex_unlock(&oa->lock);
}

/**
 * dg1_oa_configs_fini() - drop every metric set
 * @oa: the OA state of a device being freed; its sysfs is gone
 */
void dg1_oa_configs_fini(struct dg1_oa *oa)
{
	struct dg1_oa_config *cfg;
	int id;

	idr_for_each_entry(&oa->configs, cfg, id)
		dg1_oa_config_put(cfg);
	idr_destroy(&oa->configs);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_oa_config_test.c"
#endif
