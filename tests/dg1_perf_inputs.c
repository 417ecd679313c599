// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_perf_inputs.c - dg1_perf's subtests of bad input: every documented
 * error of PERF_OPEN and of the stream ioctls, and metric sets (ADD_CONFIG,
 * REMOVE_CONFIG, sysfs, a set removed while in use, all 26 of oa-dg1.xml).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dg1_perf.h"

/* A valid open still works after a refused one, and is what it asked. */
static void valid_open_after(const char *what)
{
	int sfd = __perf_open(dut.fd, DRM_DG1_PERF_FLAG_DISABLED,
			      &(struct props){
				.p = { DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
				       DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set,
				       DRM_DG1_PERF_PROP_OA_FORMAT, FMT_A32u40,
				       DRM_DG1_PERF_PROP_OA_EXPONENT, 16 },
				.n = 4 });

	igt_assert_f(sfd >= 0, "a valid PERF_OPEN after %s: %s", what,
		     strerror(-sfd));
	check_info(sfd, FMT_A32u40, 16, false);
	stream_close(sfd);
}

static unsigned int bad_inputs;

static void open_fails(int fd, struct drm_dg1_perf_open *o, int err,
		       const char *what)
{
	int ret = __perf_open_args(fd, o);

	bad_inputs++;
	if (ret >= 0)
		stream_close(ret);
	igt_assert_f(ret == err, "%s: PERF_OPEN returned %d (%s), not %s",
		     what, ret, ret < 0 ? strerror(-ret) : "a stream",
		     strerror(-err));
	valid_open_after(what);
}

static void props_fail(const struct props *p, uint32_t flags, int err,
		       const char *what)
{
	struct drm_dg1_perf_open o = {
		.flags = flags,
		.num_properties = p->n,
		.properties_ptr = (uintptr_t)p->p,
	};

	open_fails(dut.fd, &o, err, what);
}

/* The good sampling properties with property @id's value set to @value. */
static void value_fails(uint64_t id, uint64_t value, int err,
			const char *what)
{
	struct props p = sample_props(FMT_A32u40, 16);
	unsigned int i;
	bool found = false;

	for (i = 0; i < p.n; i++)
		if (p.p[2 * i] == id) {
			p.p[2 * i + 1] = value;
			found = true;
		}
	if (!found)
		prop(&p, id, value);
	props_fail(&p, 0, err, what);
}

void test_invalid_open(void)
{
	const long page = sysconf(_SC_PAGESIZE);
	struct drm_dg1_perf_open o, good;
	struct props p, good_p = sample_props(FMT_A32u40, 16);
	uint32_t vm, q, fd2_q;
	uint8_t *pages;
	int fd2;

	bad_inputs = 0;
	memset(&good, 0, sizeof(good));
	good.num_properties = good_p.n;
	good.properties_ptr = (uintptr_t)good_p.p;

	/* The struct's own fields. */
	o = good; o.extensions = 1;
	open_fails(dut.fd, &o, -EINVAL, "extensions 1");
	o = good; o.extensions = (uintptr_t)&good;
	open_fails(dut.fd, &o, -EINVAL, "extensions a pointer");
	o = good; o.reserved[0] = 1;
	open_fails(dut.fd, &o, -EINVAL, "reserved[0]");
	o = good; o.reserved[1] = 1ull << 63;
	open_fails(dut.fd, &o, -EINVAL, "reserved[1]");
	o = good; o.flags = 0x8;
	open_fails(dut.fd, &o, -EINVAL, "flag 0x8");
	o = good; o.flags = 0x80000000u | DRM_DG1_PERF_FLAG_DISABLED;
	open_fails(dut.fd, &o, -EINVAL, "flag 0x80000000");
	o = good; o.num_properties = 0;
	open_fails(dut.fd, &o, -EINVAL, "0 properties");
	p = good_p;
	while (p.n < MAX_PROPS + 1)
		prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	o = good; o.num_properties = MAX_PROPS + 1;
	o.properties_ptr = (uintptr_t)p.p;
	open_fails(dut.fd, &o, -EINVAL, "17 properties");
	o.num_properties = ~0u;
	open_fails(dut.fd, &o, -EINVAL, "~0 properties");

	/* Property ids. */
	value_fails(0, 0, -EINVAL, "property id 0");
	value_fails(DRM_DG1_PERF_PROP_POLL_PERIOD_NS + 1, 0, -EINVAL,
		    "property id 9");
	value_fails(1ull << 32 | DRM_DG1_PERF_PROP_SAMPLE_OA, 1, -EINVAL,
		    "property id 1 << 32 | SAMPLE_OA");
	value_fails(~0ull, 0, -EINVAL, "property id ~0");
	p = good_p;
	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	props_fail(&p, 0, -EINVAL, "SAMPLE_OA twice");
	p = good_p;
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "OA_EXPONENT twice, same value");
	p = good_p;
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	props_fail(&p, 0, -EINVAL, "POLL_PERIOD_NS twice");

	/* Values out of range. */
	value_fails(DRM_DG1_PERF_PROP_SAMPLE_OA, 0, -EINVAL, "SAMPLE_OA 0");
	value_fails(DRM_DG1_PERF_PROP_SAMPLE_OA, 2, -EINVAL, "SAMPLE_OA 2");
	value_fails(DRM_DG1_PERF_PROP_SAMPLE_OA, 1ull << 32 | 1, -EINVAL,
		    "SAMPLE_OA 1 << 32 | 1");
	value_fails(DRM_DG1_PERF_PROP_OA_FORMAT, 0, -EINVAL, "format 0");
	value_fails(DRM_DG1_PERF_PROP_OA_FORMAT, DRM_DG1_OA_FORMAT_C4_B8 + 1,
		    -EINVAL, "format 5");
	value_fails(DRM_DG1_PERF_PROP_OA_FORMAT, 1ull << 32 | FMT_A32u40,
		    -EINVAL, "format 1 << 32 | 3");
	value_fails(DRM_DG1_PERF_PROP_OA_EXPONENT, 32, -EINVAL, "exponent 32");
	value_fails(DRM_DG1_PERF_PROP_OA_EXPONENT, 1ull << 32 | 16, -EINVAL,
		    "exponent 1 << 32 | 16");
	value_fails(DRM_DG1_PERF_PROP_OA_EXPONENT, ~0ull, -EINVAL,
		    "exponent ~0");
	value_fails(DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 0, -EINVAL,
		    "poll period 0");
	value_fails(DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 99999, -EINVAL,
		    "poll period 99999 ns");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_CLASS, DRM_DG1_ENGINE_CLASS_COPY,
		    -EINVAL, "engine class copy");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_CLASS,
		    DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE + 1, -EINVAL,
		    "engine class 4");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_CLASS, 1ull << 32, -EINVAL,
		    "engine class 1 << 32");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_INSTANCE, 1, -EINVAL,
		    "engine instance 1");
	value_fails(DRM_DG1_PERF_PROP_ENGINE_INSTANCE, 1ull << 32, -EINVAL,
		    "engine instance 1 << 32");

	/* Missing and extra properties. */
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	prop(&p, DRM_DG1_PERF_PROP_OA_FORMAT, FMT_A32u40);
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "SAMPLE_OA without a metric set");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_SAMPLE_OA, 1);
	prop(&p, DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set);
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "SAMPLE_OA without a format");

	vm = vm_create(dut.fd);
	q = render_queue(dut.fd, vm);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	prop(&p, DRM_DG1_PERF_PROP_OA_FORMAT, FMT_A32u40);
	props_fail(&p, 0, -EINVAL, "a format without SAMPLE_OA");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	prop(&p, DRM_DG1_PERF_PROP_OA_EXPONENT, 16);
	props_fail(&p, 0, -EINVAL, "an exponent without SAMPLE_OA");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_POLL_PERIOD_NS, 5000000);
	props_fail(&p, 0, -EINVAL, "neither SAMPLE_OA nor a queue");
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set);
	prop(&p, DRM_DG1_PERF_PROP_ENGINE_CLASS, DRM_DG1_ENGINE_CLASS_RENDER);
	props_fail(&p, 0, -EINVAL, "a metric set, neither SAMPLE_OA nor a queue");

	/* Unknown ids. */
	value_fails(DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set + 0x7fff0000ull,
		    -ENOENT, "metric set id unknown");
	value_fails(DRM_DG1_PERF_PROP_OA_METRICS_SET, 1ull << 32 | test_set,
		    -ENOENT, "metric set id 1 << 32 | the test set's");
	value_fails(DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q + 0x7fff0000u, -ENOENT,
		    "exec queue id unknown");
	value_fails(DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, 1ull << 32 | q, -ENOENT,
		    "exec queue id 1 << 32 | a queue's");
	queue_destroy(dut.fd, q);
	value_fails(DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q, -ENOENT,
		    "a destroyed exec queue");
	/* Another file's queue, whose id this file has not. */
	fd2 = igt_dg1_open_render();
	{
		uint32_t vm2 = vm_create(fd2);

		fd2_q = render_queue(fd2, vm2);
		p = (struct props){ 0 };
		prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, fd2_q);
		props_fail(&p, 0, -ENOENT, "another file's exec queue");
		queue_destroy(fd2, fd2_q);
		vm_destroy(fd2, vm2);
	}
	close(fd2);
	vm_destroy(dut.fd, vm);

	/* Unreadable properties. */
	pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(pages != MAP_FAILED);
	igt_assert(!mprotect(pages + page, page, PROT_NONE));
	o = good; o.properties_ptr = 0;
	open_fails(dut.fd, &o, -EFAULT, "properties NULL");
	o = good; o.properties_ptr = (uintptr_t)(pages + page);
	open_fails(dut.fd, &o, -EFAULT, "properties in a PROT_NONE page");
	/* The first three pairs readable, the fourth not. */
	memcpy(pages + page - 3 * 16, good_p.p, 3 * 16);
	o = good; o.properties_ptr = (uintptr_t)(pages + page - 3 * 16);
	open_fails(dut.fd, &o, -EFAULT, "the last property unreadable");
	o = good; o.properties_ptr = ~0ull & ~7ull;
	open_fails(dut.fd, &o, -EFAULT, "properties at ~7");
	munmap(pages, 2 * page);

	igt_info("%u bad inputs checked\n", bad_inputs);
}

/* Stream ioctls and their documented errors. */
void test_stream_bad_input(void)
{
	struct drm_dg1_perf_status st;
	struct drm_dg1_perf_info info;
	uint32_t vm, q;
	struct props p;
	int sfd, qfd;
	unsigned int cases = 0;
	long ret;

	sfd = open_sample(FMT_A32u40, 16, DRM_DG1_PERF_FLAG_DISABLED);

#define STREAM_FAILS(fd_, req, arg, err, what) do {			\
		ret = ioctl(fd_, req, arg);				\
		cases++;						\
		igt_assert_f(ret == -1 && errno == (err),		\
			     "%s: returned %ld, errno %s, not %s", what,	\
			     ret, strerror(errno), strerror(err));	\
		errno = 0;						\
	} while (0)

	memset(&st, 0, sizeof(st)); st.extensions = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_STATUS, &st, EINVAL,
		     "STATUS extensions 1");
	memset(&st, 0, sizeof(st)); st.reserved[3] = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_STATUS, &st, EINVAL,
		     "STATUS reserved[3]");
	memset(&info, 0, sizeof(info)); info.extensions = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_INFO, &info, EINVAL,
		     "INFO extensions 1");
	memset(&info, 0, sizeof(info)); info.reserved[0] = 1;
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_INFO, &info, EINVAL,
		     "INFO reserved[0]");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_STATUS, NULL, EFAULT,
		     "STATUS NULL");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_INFO, NULL, EFAULT, "INFO NULL");
	STREAM_FAILS(sfd, _IO('d', 0x85), 0, ENOTTY, "ioctl 0x85");
	STREAM_FAILS(sfd, _IO('d', 0x7f), 0, ENOTTY, "ioctl 0x7f");
	STREAM_FAILS(sfd, DRM_IOCTL_DG1_QUERY, NULL, ENOTTY,
		     "a DRM ioctl on the stream");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_CONFIG,
		     (unsigned long)(test_set + 0x7fff0000ull), ENOENT,
		     "CONFIG unknown id");
	STREAM_FAILS(sfd, DRM_DG1_PERF_IOCTL_CONFIG, 0ul, ENOENT, "CONFIG 0");
	/* Nothing changed: the stream still has the test set. */
	check_info(sfd, FMT_A32u40, 16, false);
	stream_close(sfd);

	/* CONFIG on a stream without SAMPLE_OA. */
	vm = vm_create(dut.fd);
	q = render_queue(dut.fd, vm);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	qfd = perf_open(0, &p);
	info = perf_info(qfd);
	igt_assert_eq(info.format, 0);
	igt_assert_eq_u32(info.exponent, ~0u);
	igt_assert_eq_u64(info.metrics_set, 0);
	STREAM_FAILS(qfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)test_set,
		     EINVAL, "CONFIG without SAMPLE_OA");
	/* Nothing would wake a blocking read: -EIO. */
	{
		char buf[1024];

		ret = stream_read(qfd, buf, sizeof(buf));
		cases++;
		igt_assert_f(ret == -EIO, "blocking read of a stream without "
			     "periodic sampling: %ld", ret);
	}
	stream_close(qfd);
	queue_destroy(dut.fd, q);
	vm_destroy(dut.fd, vm);
#undef STREAM_FAILS
	igt_info("%u bad inputs checked\n", cases);
}

/* A config of good registers with @uuid, built on the TestOa set. */
struct drm_dg1_perf_oa_config good_config(const char *uuid)
{
	struct drm_dg1_perf_oa_config cfg = set_config(testoa);

	memcpy(cfg.uuid, uuid, sizeof(cfg.uuid));
	return cfg;
}

/* A fresh UUID (version 4 shape) from the clock and the pid. */
void make_uuid(char out[37], unsigned int salt)
{
	uint64_t a = dut_now_ns() * 6364136223846793005ull + getpid() + salt;
	uint64_t b = a * 1442695040888963407ull + salt;

	snprintf(out, 37, "%08x-%04x-4%03x-a%03x-%012llx",
		 (uint32_t)(a >> 32), (uint32_t)(a >> 16) & 0xffff,
		 (uint32_t)a & 0xfff, (uint32_t)(b >> 52) & 0xfff,
		 (unsigned long long)(b & 0xffffffffffffull));
}

static void config_fails(struct drm_dg1_perf_oa_config cfg, int err,
			 const char *what)
{
	int before = card_dir[0] ? sysfs_num_sets() : 0;
	int ret = __add_config(dut.fd, &cfg);

	bad_inputs++;
	if (ret > 0)
		remove_config(ret);
	igt_assert_f(ret == err, "%s: ADD_CONFIG returned %d (%s), not %s",
		     what, ret, ret < 0 ? strerror(-ret) : "an id",
		     strerror(-err));
	if (card_dir[0])
		igt_assert_f(sysfs_num_sets() == before,
			     "%s: metrics/ lists %d sets, %d before", what,
			     sysfs_num_sets(), before);
}

void test_config(void)
{
	static uint32_t big[2 * 4097], mixed[3 * 2];
	const long page = sysconf(_SC_PAGESIZE);
	struct drm_dg1_perf_oa_config cfg, good;
	char uuid[37], uuid2[37];
	uint64_t id, id2, prev;
	struct capture c;
	uint8_t *pages;
	unsigned int i;
	int sfd, ret;

	require_card_dir();
	make_uuid(uuid, 1);
	make_uuid(uuid2, 2);
	igt_assert(strcmp(uuid, uuid2));

	/* Add: an id of 1 or more, in sysfs; gone after remove. */
	good = good_config(uuid);
	ret = __add_config(dut.fd, &good);
	igt_assert_f(ret > 0, "ADD_CONFIG %s: %s", uuid,
		     ret ? strerror(-ret) : "id 0");
	id = ret;
	igt_assert_neq(id, test_set);
	assert_sysfs_id(uuid, id);
	/* The same registers under another uuid: another set. */
	cfg = good_config(uuid2);
	ret = __add_config(dut.fd, &cfg);
	igt_assert_f(ret > 0, "ADD_CONFIG %s: %s", uuid2, strerror(-ret));
	id2 = ret;
	igt_assert_neq(id2, id);
	igt_assert_neq(id2, test_set);
	assert_sysfs_id(uuid2, id2);
	remove_config(id2);
	assert_sysfs_gone(uuid2);
	assert_sysfs_id(uuid, id);
	igt_assert_eq(__remove_config(dut.fd, id2), -ENOENT);

	bad_inputs = 0;
	/* Invalid configs: nothing added. */
	cfg = good; cfg.extensions = 1;
	config_fails(cfg, -EINVAL, "extensions 1");
	cfg = good; cfg.reserved[0] = 1;
	config_fails(cfg, -EINVAL, "reserved[0]");
	cfg = good; cfg.reserved[1] = 1;
	config_fails(cfg, -EINVAL, "reserved[1]");
	cfg = good_config(uuid2); cfg.uuid[0] = 'g';
	config_fails(cfg, -EINVAL, "uuid with a g");
	cfg = good_config(uuid2); cfg.uuid[8] = '0';
	config_fails(cfg, -EINVAL, "uuid without its first dash");
	cfg = good_config(uuid2); cfg.uuid[7] = '-'; cfg.uuid[8] = '0';
	config_fails(cfg, -EINVAL, "uuid with a dash one place early");
	cfg = good_config(uuid2); cfg.uuid[35] = '\0';
	config_fails(cfg, -EINVAL, "uuid of 35 characters");
	cfg = good_config(uuid2); memset(cfg.uuid, 0, sizeof(cfg.uuid));
	config_fails(cfg, -EINVAL, "uuid empty");
	cfg = good_config(uuid2); cfg.uuid[14] = ' ';
	config_fails(cfg, -EINVAL, "uuid with a space");
	cfg = good_config(uuid2);
	cfg.n_mux_regs = cfg.n_boolean_regs = cfg.n_flex_regs = 0;
	config_fails(cfg, -EINVAL, "all lists empty");
	cfg.mux_regs_ptr = cfg.boolean_regs_ptr = cfg.flex_regs_ptr = 0;
	config_fails(cfg, -EINVAL, "all lists empty and NULL");
	/* 4097 entries of a good register. */
	for (i = 0; i < 4097; i++) {
		big[2 * i] = 0x9888;
		big[2 * i + 1] = 0;
	}
	cfg = good_config(uuid2);
	cfg.n_mux_regs = 4097;
	cfg.mux_regs_ptr = (uintptr_t)big;
	config_fails(cfg, -EINVAL, "4097 mux registers");
	for (i = 0; i < 4097; i++)
		big[2 * i] = 0xd900;
	cfg = good_config(uuid2);
	cfg.n_boolean_regs = 4097;
	cfg.boolean_regs_ptr = (uintptr_t)big;
	config_fails(cfg, -EINVAL, "4097 boolean registers");
	/* Registers outside their whitelist, alone and among good ones. */
	{
		static const struct {
			int list;	/* 0 mux, 1 boolean, 2 flex */
			uint32_t reg;
			const char *what;
		} bad[] = {
			{ 0, 0x0d08, "mux 0xd08 (between 0xd04 and 0xd0c)" },
			{ 0, 0x0d30, "mux 0xd30 (after 0xd2c)" },
			{ 0, 0x9880, "mux 0x9880" },
			{ 0, 0x988c, "mux 0x988c" },
			{ 0, 0x2358, "mux 0x2358 (RING_TIMESTAMP)" },
			{ 0, 0xd900, "mux list with boolean 0xd900" },
			{ 1, 0x2b28, "boolean 0x2b28 (OAGLBCTXCTRL)" },
			{ 1, 0xd8fc, "boolean 0xd8fc" },
			{ 1, 0xd980, "boolean 0xd980" },
			{ 1, 0xdc48, "boolean 0xdc48" },
			{ 1, 0xdaf4, "boolean 0xdaf4 (OACONTROL)" },
			{ 1, 0x9888, "boolean list with mux 0x9888" },
			{ 2, 0xe460, "flex 0xe460" },
			{ 2, 0xe454, "flex 0xe454" },
			{ 2, 0xe858, "flex 0xe858" },
			{ 2, 0xd900, "flex list with boolean 0xd900" },
		};
		char what[128];

		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			uint32_t good_reg = bad[i].list == 0 ? 0x9888 :
					    bad[i].list == 1 ? 0xd940 : 0xe458;
			uint32_t alone[2] = { bad[i].reg, 0 };

			mixed[0] = good_reg; mixed[1] = 0;
			mixed[2] = bad[i].reg; mixed[3] = 0;
			mixed[4] = good_reg; mixed[5] = 0;
			for (int mix = 0; mix < 2; mix++) {
				cfg = good_config(uuid2);
				uint32_t n = mix ? 3 : 1;
				uint64_t ptr = (uintptr_t)(mix ? mixed : alone);

				if (bad[i].list == 0) {
					cfg.n_mux_regs = n;
					cfg.mux_regs_ptr = ptr;
				} else if (bad[i].list == 1) {
					cfg.n_boolean_regs = n;
					cfg.boolean_regs_ptr = ptr;
				} else {
					cfg.n_flex_regs = n;
					cfg.flex_regs_ptr = ptr;
				}
				snprintf(what, sizeof(what), "%s%s", bad[i].what,
					 mix ? " between two good ones" : "");
				config_fails(cfg, -EINVAL, what);
			}
		}
	}
	/* Unreadable lists. */
	pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(pages != MAP_FAILED);
	igt_assert(!mprotect(pages + page, page, PROT_NONE));
	cfg = good_config(uuid2); cfg.mux_regs_ptr = 0;
	config_fails(cfg, -EFAULT, "mux list NULL");
	cfg = good_config(uuid2); cfg.boolean_regs_ptr = (uintptr_t)(pages + page);
	config_fails(cfg, -EFAULT, "boolean list in a PROT_NONE page");
	/* The flex list's first pair readable, its second not. */
	memcpy(pages + page - 8, testoa->flex, 8);
	cfg = good_config(uuid2); cfg.n_flex_regs = 2;
	cfg.flex_regs_ptr = (uintptr_t)(pages + page - 8);
	config_fails(cfg, -EFAULT, "flex list's second pair unreadable");
	munmap(pages, 2 * page);
	/* A uuid that exists. */
	config_fails(good, -EADDRINUSE, "a uuid that exists");
	cfg = good_config(testoa->guid);
	config_fails(cfg, -EADDRINUSE, "TestOa's uuid again");
	/* REMOVE_CONFIG of what does not exist. */
	{
		uint64_t unknown[] = { 0, id + 0x7fff0000ull, ~0ull,
				       1ull << 32 | id };

		for (i = 0; i < ARRAY_SIZE(unknown); i++) {
			bad_inputs++;
			ret = __remove_config(dut.fd, unknown[i]);
			igt_assert_f(ret == -ENOENT,
				     "REMOVE_CONFIG %#llx: %d, not ENOENT",
				     (unsigned long long)unknown[i], ret);
		}
		bad_inputs++;
		ret = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, NULL);
		igt_assert_f(ret == -1 && errno == EFAULT,
			     "REMOVE_CONFIG NULL: %d, %s", ret, strerror(errno));
		errno = 0;
	}
	/* Nothing half-changed: both sets as they were, uuid2 addable. */
	assert_sysfs_id(uuid, id);
	assert_sysfs_id(testoa->guid, test_set);
	assert_sysfs_gone(uuid2);
	cfg = good_config(uuid2);
	ret = __add_config(dut.fd, &cfg);
	igt_assert_f(ret > 0, "ADD_CONFIG %s after the bad ones: %s", uuid2,
		     strerror(-ret));
	id2 = ret;
	assert_sysfs_id(uuid2, id2);
	igt_info("%u bad inputs checked\n", bad_inputs);

	/*
	 * A set in use: removed while a stream samples with it, the stream
	 * goes on, INFO still names it; CONFIG switches sets and returns the
	 * previous one.
	 */
	{
		struct props p = sample_props(FMT_A32u40, 16);

		p.p[3] = id;
		sfd = perf_open(DRM_DG1_PERF_FLAG_FD_NONBLOCK, &p);
	}
	igt_assert_eq_u64(perf_info(sfd).metrics_set, id);
	remove_config(id);
	igt_assert_eq(__remove_config(dut.fd, id), -ENOENT);
	capture_init(&c, 256);
	capture_read(sfd, &c, 3, false, RECORD_TIMEOUT_MS);
	igt_assert_lte(1, check_periodic(&c, 0));
	igt_assert_eq_u64(perf_info(sfd).metrics_set, id);
	prev = ioctl(sfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)id2);
	igt_assert_f((long)prev >= 0, "CONFIG %llu: %s",
		     (unsigned long long)id2, strerror(errno));
	igt_assert_eq_u64(prev, id);
	igt_assert_eq_u64(perf_info(sfd).metrics_set, id2);
	prev = ioctl(sfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)test_set);
	igt_assert_eq_u64(prev, id2);
	/* The removed set is gone for CONFIG, and for new streams. */
	ret = ioctl(sfd, DRM_DG1_PERF_IOCTL_CONFIG, (unsigned long)id);
	igt_assert_f(ret == -1 && errno == ENOENT,
		     "CONFIG of a removed set: %d, %s", ret, strerror(errno));
	errno = 0;
	igt_assert_eq_u64(perf_info(sfd).metrics_set, test_set);
	capture_read(sfd, &c, c.n + 3, false, RECORD_TIMEOUT_MS);
	check_periodic(&c, 0);
	capture_free(&c);
	stream_close(sfd);
	assert_sysfs_gone(uuid);
	{
		struct props p = sample_props(FMT_A32u40, 16);

		p.p[3] = id;
		ret = __perf_open(dut.fd, 0, &p);
		if (ret >= 0)
			stream_close(ret);
		igt_assert_eq(ret, -ENOENT);
	}
	remove_config(id2);
	assert_sysfs_gone(uuid2);
}

/* Every metric set of oa-dg1.xml accepted, each with its own id. */
void test_config_all_sets(void)
{
	uint64_t ids[OA_NUM_SETS];
	unsigned int i, j;
	int base;

	require_card_dir();
	igt_assert_eq(OA_NUM_SETS, 26);
	remove_config(test_set);
	test_set = 0;
	assert_sysfs_gone(testoa->guid);
	base = sysfs_num_sets();
	for (i = 0; i < OA_NUM_SETS; i++) {
		ids[i] = add_set(&oa_sets[i]);
		assert_sysfs_id(oa_sets[i].guid, ids[i]);
		for (j = 0; j < i; j++)
			igt_assert_f(ids[j] != ids[i], "%s and %s: both id %llu",
				     oa_sets[j].symbol_name,
				     oa_sets[i].symbol_name,
				     (unsigned long long)ids[i]);
		/* dg1_oa_sets.h's tables are per file: testoa is not here. */
		if (!strcmp(oa_sets[i].guid, testoa->guid))
			test_set = ids[i];
	}
	igt_assert_eq(sysfs_num_sets(), base + OA_NUM_SETS);
	/* Each can be streamed with. */
	for (i = 0; i < OA_NUM_SETS; i++) {
		struct props p = sample_props(FMT_A32u40, -1);
		int sfd;

		p.p[3] = ids[i];
		sfd = perf_open(DRM_DG1_PERF_FLAG_DISABLED, &p);
		igt_assert_eq_u64(perf_info(sfd).metrics_set, ids[i]);
		stream_close(sfd);
	}
	for (i = 0; i < OA_NUM_SETS; i++) {
		if (ids[i] == test_set)
			continue;
		remove_config(ids[i]);
		assert_sysfs_gone(oa_sets[i].guid);
	}
	igt_assert_eq(sysfs_num_sets(), base + 1);
	igt_info("%u metric sets added and removed\n", OA_NUM_SETS);
}
