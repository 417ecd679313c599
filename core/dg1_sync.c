// SPDX-License-Identifier: GPL-2.0
/*
 * The sync arrays of VM_BIND and EXEC (&struct drm_dg1_sync): binary and
 * timeline syncobjs to wait for or to signal. A call copies the array,
 * checks every entry, looks every handle up, and only once it cannot fail
 * any more signals: so a failing call leaves every syncobj as it was.
 */

#include <linux/dma-fence-chain.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <drm/drm_syncobj.h>
#include <drm/gpu_scheduler.h>

#include "core/dg1_sync.h"
#include "uapi/dg1_drm.h"

/**
 * dg1_sync_check() - check one sync entry's fields
 * @sync: the entry
 *
 * Pure, for KUnit.
 *
 * Return: 0, or -EINVAL for a non-zero extension, pad or reserved field,
 * an unknown type or flag, a timeline entry with point 0 or a binary one
 * with a point.
 */
int dg1_sync_check(const struct drm_dg1_sync *sync)
{
	if (sync->extensions || sync->pad || sync->reserved[0] ||
	    sync->reserved[1])
		return -EINVAL;
	if (sync->flags & ~DRM_DG1_SYNC_FLAG_SIGNAL)
		return -EINVAL;
	switch (sync->type) {
	case DRM_DG1_SYNC_TYPE_SYNCOBJ:
		return sync->timeline_value ? -EINVAL : 0;
	case DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ:
		return sync->timeline_value ? 0 : -EINVAL;
	}
	return -EINVAL;
}

/**
 * dg1_syncs_alloc() - room for @num entries
 * @s: zeroed
 * @num: entries; the caller has checked the limit
 *
 * Return: 0 or -ENOMEM; dg1_syncs_release() cleans up either way.
 */
int dg1_syncs_alloc(struct dg1_syncs *s, unsigned int num)
{
	char *p;

	s->num = num;
	if (num <= DG1_SYNCS_SMALL) {
		memset(s->small, 0, sizeof(s->small));
		p = (char *)s->small;
	} else {
		p = kvzalloc(array_size(num, DG1_SYNC_BYTES), GFP_KERNEL);
		if (!p)
			return -ENOMEM;
	}
	/* 40-byte entries, then three arrays of pointers: all aligned. */
	s->buf = p;
	s->syncs = (struct drm_dg1_sync *)p;
	s->fences = (struct dma_fence **)(s->syncs + num);
	s->syncobjs = (struct drm_syncobj **)(s->fences + num);
	s->chains = (struct dma_fence_chain **)(s->syncobjs + num);
	return 0;
}

/**
 * dg1_syncs_copy() - copy the entries in from userspace
 * @s: allocated
 * @user_ptr: the array
 *
 * Return: 0 or -EFAULT.
 */
int dg1_syncs_copy(struct dg1_syncs *s, u64 user_ptr)
{
	if (copy_from_user(s->syncs, u64_to_user_ptr(user_ptr),
			   s->num * sizeof(*s->syncs)))
		return -EFAULT;
	return 0;
}

/**
 * dg1_syncs_check() - dg1_sync_check() every entry
 * @s: copied in
 *
 * Return: 0 or -EINVAL.
 */
int dg1_syncs_check(const struct dg1_syncs *s)
{
	unsigned int i;
	int ret;

	for (i = 0; i < s->num; i++) {
		ret = dg1_sync_check(&s->syncs[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * dg1_syncs_lookup() - find every wait entry's fence and signal entry's
 * syncobj
 * @s: checked
 * @file: whose handles they are
 *
 * Return: 0; -ENOENT for an unknown handle; -EINVAL for a wait entry
 * without a fence; -ENOMEM.
 */
int dg1_syncs_lookup(struct dg1_syncs *s, struct drm_file *file)
{
	unsigned int i;
	int ret;

	for (i = 0; i < s->num; i++) {
		const struct drm_dg1_sync *sync = &s->syncs[i];

		if (!(sync->flags & DRM_DG1_SYNC_FLAG_SIGNAL)) {
			struct dma_fence *fence = NULL;

			/*
			 * On failure drm_syncobj_find_fence() may leave the
			 * pointer at a fence it has already put (a point on a
			 * binary syncobj): keep only what it hands over.
			 */
			ret = drm_syncobj_find_fence(file, sync->handle,
						     sync->timeline_value, 0,
						     &fence);
			if (ret)
				return ret;
			s->fences[i] = fence;
			continue;
		}
		s->syncobjs[i] = drm_syncobj_find(file, sync->handle);
		if (!s->syncobjs[i])
			return -ENOENT;
		if (sync->type == DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ) {
			s->chains[i] = dma_fence_chain_alloc();
			if (!s->chains[i])
				return -ENOMEM;
		}
	}
	return 0;
}

/**
 * dg1_syncs_pending() - whether a wait entry's fence has not signalled
 * @s: looked up
 *
 * Return: true if something must be waited for.
 */
bool dg1_syncs_pending(const struct dg1_syncs *s)
{
	unsigned int i;

	for (i = 0; i < s->num; i++)
		if (s->fences[i] && !dma_fence_is_signaled(s->fences[i]))
			return true;
	return false;
}

/**
 * dg1_syncs_add_deps() - make a scheduler job wait for every wait entry
 * @s: looked up
 * @job: initialised, not armed
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_syncs_add_deps(const struct dg1_syncs *s, struct drm_sched_job *job)
{
	unsigned int i;
	int ret;

	for (i = 0; i < s->num; i++) {
		if (!s->fences[i])
			continue;
		ret = drm_sched_job_add_dependency(job,
						   dma_fence_get(s->fences[i]));
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * dg1_syncs_signal() - install @fence in every signal entry's syncobj
 * @s: looked up; the chain nodes are consumed
 * @fence: the fence the entries signal with
 *
 * Cannot fail.
 */
void dg1_syncs_signal(struct dg1_syncs *s, struct dma_fence *fence)
{
	unsigned int i;

	for (i = 0; i < s->num; i++) {
		if (!s->syncobjs[i])
			continue;
		if (s->chains[i]) {
			drm_syncobj_add_point(s->syncobjs[i], s->chains[i],
					      fence, s->syncs[i].timeline_value);
			s->chains[i] = NULL;
		} else {
			drm_syncobj_replace_fence(s->syncobjs[i], fence);
		}
	}
}

/**
 * dg1_syncs_release() - drop everything dg1_syncs_alloc() and
 * dg1_syncs_lookup() took
 * @s: in any state after dg1_syncs_alloc()
 */
void dg1_syncs_release(struct dg1_syncs *s)
{
	unsigned int i;

	for (i = 0; s->fences && s->syncobjs && s->chains && i < s->num; i++) {
		dma_fence_put(s->fences[i]);
		if (s->syncobjs[i])
			drm_syncobj_put(s->syncobjs[i]);
		dma_fence_chain_free(s->chains[i]);
	}
	if (s->buf != s->small)
		kvfree(s->buf);
	s->buf = NULL;
	s->syncs = NULL;
	s->fences = NULL;
	s->syncobjs = NULL;
	s->chains = NULL;
}
