// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the checks VM_BIND makes before it touches anything, against the
 * errors uapi/dg1_drm.h documents. Included at the bottom of
 * mem/dg1_vm_bind.c.
 */

#include <kunit/test.h>

static struct drm_dg1_vm_bind_op dg1_vm_test_map(void)
{
	return (struct drm_dg1_vm_bind_op){
		.op = DRM_DG1_VM_BIND_OP_MAP,
		.obj = 1,
		.obj_offset = 0x2000,
		.addr = 0x100000,
		.range = 0x10000,
	};
}

static void dg1_vm_bind_test_op_ok(struct kunit *test)
{
	struct drm_dg1_vm_bind_op op = dg1_vm_test_map();

	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), 0);
	op.pat_index = 7;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), 0);
	/* the last page of the 47-bit space */
	op.addr = (1ull << 47) - 0x1000;
	op.range = 0x1000;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), 0);
	op = (struct drm_dg1_vm_bind_op){
		.op = DRM_DG1_VM_BIND_OP_UNMAP, .addr = 0, .range = 1ull << 47,
	};
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), 0);
}

static void dg1_vm_bind_test_op_bad(struct kunit *test)
{
	struct drm_dg1_vm_bind_op op;

#define BAD(field, value, err) do {					\
		op = dg1_vm_test_map();					\
		op.field = value;					\
		KUNIT_EXPECT_EQ_MSG(test, dg1_vm_bind_op_check(&op), err, \
				    #field " = " #value);		\
	} while (0)
	BAD(extensions, 1, -EINVAL);
	BAD(pad, 1, -EINVAL);
	BAD(flags, 1, -EINVAL);
	BAD(reserved[0], 1, -EINVAL);
	BAD(reserved[1], 1, -EINVAL);
	BAD(op, 2, -EINVAL);
	BAD(range, 0, -EINVAL);
	BAD(range, 0x1800, -EINVAL);
	BAD(addr, 0x100800, -EINVAL);
	BAD(obj_offset, 0x10, -EINVAL);
	BAD(pat_index, 8, -EINVAL);
	BAD(addr, 1ull << 47, -ERANGE);
	BAD(addr, (1ull << 47) - 0x1000, -ERANGE);
	BAD(addr, 0xfffffffffffff000ull, -ERANGE);
	BAD(range, 0xfffffffffffff000ull, -ERANGE);
#undef BAD

	/* an unmap carries no object, offset or PAT */
	op = (struct drm_dg1_vm_bind_op){
		.op = DRM_DG1_VM_BIND_OP_UNMAP, .addr = 0x1000, .range = 0x1000,
	};
	op.obj = 1;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), -EINVAL);
	op.obj = 0;
	op.obj_offset = 0x1000;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), -EINVAL);
	op.obj_offset = 0;
	op.pat_index = 1;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_op_check(&op), -EINVAL);
}

static void dg1_vm_bind_test_sync(struct kunit *test)
{
	struct drm_dg1_sync s = { .type = DRM_DG1_SYNC_TYPE_SYNCOBJ };

	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), 0);
	s.flags = DRM_DG1_SYNC_FLAG_SIGNAL;
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), 0);
	s.timeline_value = 3;		/* binary with a point */
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
	s.type = DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ;
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), 0);
	s.timeline_value = 0;		/* timeline without one */
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
	s = (struct drm_dg1_sync){ .type = 2 };
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
	s = (struct drm_dg1_sync){ .flags = 2 };
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
	s = (struct drm_dg1_sync){ .pad = 1 };
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
	s = (struct drm_dg1_sync){ .extensions = 1 };
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
	s = (struct drm_dg1_sync){ .reserved[1] = 1 };
	KUNIT_EXPECT_EQ(test, dg1_sync_check(&s), -EINVAL);
}

static void dg1_vm_bind_test_args(struct kunit *test)
{
	struct drm_dg1_vm_bind a = { .vm_id = 1, .num_binds = 1 };

	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), 0);
	a.num_binds = 512;
	a.num_syncs = 64;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), 0);
	a.num_binds = 513;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), -E2BIG);
	a.num_binds = 1;
	a.num_syncs = 65;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), -E2BIG);
	a.num_syncs = 0;
	a.num_binds = 0;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), -EINVAL);
	a.num_binds = 1;
	a.pad = 1;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), -EINVAL);
	a.pad = 0;
	a.extensions = 1;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), -EINVAL);
	a.extensions = 0;
	a.reserved[0] = 1;
	KUNIT_EXPECT_EQ(test, dg1_vm_bind_args_check(&a), -EINVAL);
}

static void dg1_vm_bind_test_layout(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_vm_bind_op), 64);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_sync), 48);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_vm_bind), 56);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_vm_create), 32);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_vm_destroy), 24);
	KUNIT_EXPECT_EQ(test, sizeof(struct drm_dg1_query_vm), 64);
}

static struct kunit_case dg1_vm_bind_test_cases[] = {
	KUNIT_CASE(dg1_vm_bind_test_op_ok),
	KUNIT_CASE(dg1_vm_bind_test_op_bad),
	KUNIT_CASE(dg1_vm_bind_test_sync),
	KUNIT_CASE(dg1_vm_bind_test_args),
	KUNIT_CASE(dg1_vm_bind_test_layout),
	{}
};

static struct kunit_suite dg1_vm_bind_test_suite = {
	.name = "dg1_vm_bind",
	.test_cases = dg1_vm_bind_test_cases,
};

kunit_test_suite(dg1_vm_bind_test_suite);
