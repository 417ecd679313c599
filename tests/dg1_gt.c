// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_gt - the GT seen from userspace: the engine timestamp query, the
 * topology the fuses leave, the MCR steering chosen from it and the GT
 * workarounds.
 *
 * On vdg1 the counters page says how the model was configured (fused-off
 * DSS and L3 banks, a domain that never acknowledges), and the subtests
 * expect exactly what that implies; the workaround list and registers are
 * i915's for DG1. Every subtest also fails if, on vdg1, it made an access
 * to a sleeping domain, to a fused-off MCR instance or to an unimplemented
 * register.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"

static uint64_t width_mask(uint32_t width)
{
	return width >= 64 ? UINT64_MAX : (1ull << width) - 1;
}

/*
 * Two reads 10 ms apart: the timestamp advances, and by as much as the CPU
 * clock, give or take 20% and the uncertainty of both pairs.
 */
static bool check_cycles_advance(const struct drm_dg1_engine_class_instance *e,
				 bool last)
{
	struct drm_dg1_query_engine_cycles c1, c2;
	uint64_t ticks, cpu_ns, engine_ns, diff, tol;

	dut_cycles_ok(e, CLOCK_MONOTONIC, &c1);
	dut_sleep_ms(10);
	dut_cycles_ok(e, CLOCK_MONOTONIC, &c2);
	dut_check_cycles_answer(e, CLOCK_MONOTONIC, &c2);
	igt_assert_eq(c2.width, c1.width);
	igt_assert_eq_u64(c2.engine_frequency, c1.engine_frequency);

	ticks = (c2.engine_cycles - c1.engine_cycles) & width_mask(c1.width);
	igt_assert_f(ticks > 0, "%s: timestamp stuck at 0x%llx over 10 ms",
		     dut_engine_str(e), (unsigned long long)c1.engine_cycles);

	cpu_ns = c2.cpu_timestamp - c1.cpu_timestamp;
	engine_ns = (unsigned __int128)ticks * NSEC_PER_SEC /
		    c1.engine_frequency;
	diff = engine_ns > cpu_ns ? engine_ns - cpu_ns : cpu_ns - engine_ns;
	tol = cpu_ns / 5 + c1.cpu_delta + c2.cpu_delta + 2 * NSEC_PER_MSEC;
	igt_debug("%s: %llu ticks = %llu ns over %llu ns of CLOCK_MONOTONIC\n",
		  dut_engine_str(e), (unsigned long long)ticks,
		  (unsigned long long)engine_ns, (unsigned long long)cpu_ns);
	if (diff <= tol)
		return true;

	igt_info("%s: %llu ticks at %llu Hz = %llu ns, but %llu ns of CLOCK_MONOTONIC passed%s\n",
		 dut_engine_str(e), (unsigned long long)ticks,
		 (unsigned long long)c1.engine_frequency,
		 (unsigned long long)engine_ns, (unsigned long long)cpu_ns,
		 last ? "" : "; again");
	return false;
}

static void test_engine_cycles(void)
{
	uint32_t never = dut_never_ack();
	unsigned int i, n, attempt, ok = 0;

	for (i = 0; i < dut.num_engines; i++) {
		const struct drm_dg1_engine_class_instance *e =
			&dut.engines[i];
		struct drm_dg1_query_engine_cycles c;
		uint64_t min_delta = UINT64_MAX;
		int d = dg1dev_engine_domain(e), err;
		bool advanced = false;

		if (d != DG1DEV_NO_DOMAIN && (never & DG1DEV_DOMAIN_BIT(d))) {
			/* Its domain never wakes: a clean timeout instead. */
			err = dut_cycles(e, CLOCK_MONOTONIC, &c);
			igt_assert_f(err == -ETIMEDOUT,
				     "%s (domain %s never acks): %s, expected ETIMEDOUT",
				     dut_engine_str(e), dg1dev_domain_name(d),
				     err ? strerror(-err) : "success");
			igt_info("%s: ETIMEDOUT, as vdg1 never acks %s\n",
				 dut_engine_str(e), dg1dev_domain_name(d));
			continue;
		}

		dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
		dut_check_cycles_answer(e, CLOCK_MONOTONIC, &c);
		igt_info("%s: %u bits at %llu Hz, cycles 0x%llx, cpu_delta %llu ns\n",
			 dut_engine_str(e), c.width,
			 (unsigned long long)c.engine_frequency,
			 (unsigned long long)c.engine_cycles,
			 (unsigned long long)c.cpu_delta);

		for (attempt = 0; attempt < 3 && !advanced; attempt++)
			advanced = check_cycles_advance(e, attempt == 2);
		igt_assert_f(advanced,
			     "%s: the timestamp does not follow CLOCK_MONOTONIC at its frequency",
			     dut_engine_str(e));

		/* The pair is read back to back: microseconds, not more. */
		for (n = 0; n < 10; n++) {
			dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
			if (c.cpu_delta < min_delta)
				min_delta = c.cpu_delta;
		}
		igt_assert_f(min_delta < NSEC_PER_MSEC,
			     "%s: cpu_delta at least %llu ns in 10 queries",
			     dut_engine_str(e), (unsigned long long)min_delta);
		ok++;
	}
	igt_assert_f(ok, "no engine answered");
}

static void test_engine_cycles_clocks(void)
{
	static const struct {
		int id;
		const char *name;
	} clocks[] = {
		{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
		{ CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW" },
		{ CLOCK_REALTIME, "CLOCK_REALTIME" },
		{ CLOCK_BOOTTIME, "CLOCK_BOOTTIME" },
		{ CLOCK_TAI, "CLOCK_TAI" },
	};
	const struct drm_dg1_engine_class_instance *e =
		dut_engine_in_domains(dut_never_ack(), false);
	unsigned int i;

	/* Probe fails when GT never acks, and GT has bcs0. */
	igt_assert_f(e, "every engine's domain never acks");
	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		struct drm_dg1_query_engine_cycles c;
		struct timespec t0, t1;
		uint64_t before, after;

		clock_gettime(clocks[i].id, &t0);
		dut_cycles_ok(e, clocks[i].id, &c);
		clock_gettime(clocks[i].id, &t1);
		dut_check_cycles_answer(e, clocks[i].id, &c);

		before = t0.tv_sec * NSEC_PER_SEC + t0.tv_nsec;
		after = t1.tv_sec * NSEC_PER_SEC + t1.tv_nsec;
		igt_debug("%s: %llu <= %llu (+%llu) <= %llu\n", clocks[i].name,
			  (unsigned long long)before,
			  (unsigned long long)c.cpu_timestamp,
			  (unsigned long long)c.cpu_delta,
			  (unsigned long long)after);
		/* The driver's reads of the clock fall inside our two. */
		igt_assert_f(c.cpu_timestamp >= before &&
			     c.cpu_timestamp <= after,
			     "%s: cpu_timestamp %llu outside [%llu, %llu]",
			     clocks[i].name,
			     (unsigned long long)c.cpu_timestamp,
			     (unsigned long long)before,
			     (unsigned long long)after);
		igt_assert_f(c.cpu_timestamp + c.cpu_delta <= after + 1000,
			     "%s: cpu_timestamp %llu + cpu_delta %llu ends after %llu",
			     clocks[i].name,
			     (unsigned long long)c.cpu_timestamp,
			     (unsigned long long)c.cpu_delta,
			     (unsigned long long)after);
	}
}

static void cycles_einval(const struct drm_dg1_query_engine_cycles *in,
			  const char *what)
{
	struct drm_dg1_query_engine_cycles c = *in;
	struct drm_dg1_query q = {
		.query = DRM_DG1_QUERY_ENGINE_CYCLES,
		.size = sizeof(c),
		.data = (uintptr_t)&c,
	};

	igt_debug("%s\n", what);
	if (!dg1dev_ioctl(dut.fd, DRM_IOCTL_DG1_QUERY, &q))
		igt_fail_f("ENGINE_CYCLES with %s succeeded", what);
	igt_assert_f(errno == EINVAL, "ENGINE_CYCLES with %s: %s, expected EINVAL",
		     what, strerror(errno));
	errno = 0;
}

static void test_engine_cycles_invalid(void)
{
	static const int bad_clocks[] = {
		-1, INT_MIN, CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
		CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
		CLOCK_REALTIME_ALARM, CLOCK_BOOTTIME_ALARM, 10, 12, 16, 1000,
		INT_MAX,
	};
	static const uint16_t bad_classes[] = { 4, 5, 0x7fff, 0xffff };
	static const uint16_t instances[] = { 0, 1, 2, 3, 4, 5, 6, 7, 0xffff };
	const struct drm_dg1_engine_class_instance *e =
		dut_engine_in_domains(dut_never_ack(), false);
	struct drm_dg1_query_engine_cycles valid, in, c;
	unsigned int i, j, absent = 0;
	char what[96];

	igt_assert_f(e, "every engine's domain never acks");
	valid = (struct drm_dg1_query_engine_cycles){
		.eci = *e,
		.clockid = CLOCK_MONOTONIC,
	};

	for (i = 0; i < ARRAY_SIZE(bad_classes); i++) {
		in = valid;
		in.eci.engine_class = bad_classes[i];
		in.eci.engine_instance = 0;
		snprintf(what, sizeof(what), "engine class %u",
			 bad_classes[i]);
		cycles_einval(&in, what);
	}

	/* Every engine the query does not list: vcs1, rcs1, vecs7, ... */
	for (i = DRM_DG1_ENGINE_CLASS_RENDER;
	     i <= DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE; i++) {
		for (j = 0; j < ARRAY_SIZE(instances); j++) {
			in = valid;
			in.eci.engine_class = i;
			in.eci.engine_instance = instances[j];
			if (dut_find_engine(&in.eci))
				continue;
			snprintf(what, sizeof(what), "absent engine %s",
				 dut_engine_str(&in.eci));
			cycles_einval(&in, what);
			absent++;
		}
	}
	igt_assert(absent >= ARRAY_SIZE(instances) * 4 - 5);
	dut_cycles_ok(e, CLOCK_MONOTONIC, &c);

	for (i = 0; i < ARRAY_SIZE(bad_clocks); i++) {
		in = valid;
		in.clockid = bad_clocks[i];
		snprintf(what, sizeof(what), "clockid %d", bad_clocks[i]);
		cycles_einval(&in, what);
	}
	dut_cycles_ok(e, CLOCK_MONOTONIC, &c);

	in = valid;
	in.eci.pad = 1;
	cycles_einval(&in, "eci.pad 1");
	in.eci.pad = 0x80000000;
	cycles_einval(&in, "eci.pad 0x80000000");
	for (i = 0; i < ARRAY_SIZE(valid.reserved); i++) {
		in = valid;
		in.reserved[i] = 1;
		snprintf(what, sizeof(what), "reserved[%u] 1", i);
		cycles_einval(&in, what);
		in.reserved[i] = 1ull << 63;
		snprintf(what, sizeof(what), "reserved[%u] 1<<63", i);
		cycles_einval(&in, what);
	}

	/* All of that left the driver working. */
	dut_cycles_ok(e, CLOCK_MONOTONIC, &c);
	dut_check_cycles_answer(e, CLOCK_MONOTONIC, &c);
}

/* Bits 2p and 2p+1 for every L3 bank pair p enabled in @pairs. */
static uint32_t l3_banks_of_pairs(uint32_t pairs)
{
	uint32_t banks = 0;
	unsigned int p;

	for (p = 0; p < 4; p++)
		if (pairs & (1u << p))
			banks |= 3u << (2 * p);

	return banks;
}

static void test_topology(void)
{
	struct drm_dg1_query_topology *t, *again;
	uint32_t size, p;
	unsigned int i;

	t = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_TOPOLOGY, &size);
	igt_assert_eq(size, sizeof(*t));
	igt_info("DSS 0x%llx of %u, EUs 0x%x of %u per DSS, %u EUs, L3 banks 0x%x\n",
		 (unsigned long long)t->dss_mask, t->max_dss,
		 t->eu_mask_per_dss, t->max_eus_per_dss, t->num_eus,
		 t->l3_bank_mask);

	igt_assert_eq_u32(t->pad, 0);
	for (i = 0; i < ARRAY_SIZE(t->reserved); i++)
		igt_assert_eq_u64(t->reserved[i], 0);

	/* The design: one slice of 6 DSS with 16 EUs each, 8 L3 banks. */
	igt_assert_eq(t->max_dss, 6);
	igt_assert_eq(t->max_eus_per_dss, 16);

	igt_assert_f(t->dss_mask, "no DSS enabled");
	igt_assert_f(!(t->dss_mask >> t->max_dss),
		     "dss_mask 0x%llx has DSS beyond %u",
		     (unsigned long long)t->dss_mask, t->max_dss);
	igt_assert_f(t->eu_mask_per_dss, "no EU enabled");
	igt_assert_f(!(t->eu_mask_per_dss >> t->max_eus_per_dss),
		     "eu_mask_per_dss 0x%x has EUs beyond %u",
		     t->eu_mask_per_dss, t->max_eus_per_dss);
	igt_assert_eq(t->num_eus, __builtin_popcountll(t->dss_mask) *
				  __builtin_popcount(t->eu_mask_per_dss));

	igt_assert_f(t->l3_bank_mask, "no L3 bank enabled");
	igt_assert_f(!(t->l3_bank_mask & ~0xffu),
		     "l3_bank_mask 0x%x has banks beyond 8", t->l3_bank_mask);
	for (p = 0; p < 4; p++) {
		uint32_t pair = (t->l3_bank_mask >> (2 * p)) & 3;

		igt_assert_f(pair == 0 || pair == 3,
			     "l3_bank_mask 0x%x splits bank pair %u: banks are fused in pairs",
			     t->l3_bank_mask, p);
	}

	/* The same answer every time. */
	again = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_TOPOLOGY, &size);
	igt_assert_f(!memcmp(t, again, sizeof(*t)),
		     "two topology queries differ");
	free(again);

	free(t);
}

/* Exactly the fuses vdg1 was configured with. */
static void test_topology_fuses(void)
{
	struct drm_dg1_query_topology *t;
	uint32_t size, pairs, dss_bits;
	struct vdg1_counters_page v;

	dut_require_vdg1();
	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	t = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_TOPOLOGY, &size);
	igt_assert_eq(size, sizeof(*t));

	dss_bits = v.fuse_dss_enable & ((1u << t->max_dss) - 1);
	igt_assert_f(t->dss_mask == dss_bits,
		     "dss_mask 0x%llx, vdg1's DSS enable fuse says 0x%x",
		     (unsigned long long)t->dss_mask, dss_bits);
	pairs = ~v.fuse_l3_disable & 0xf;
	igt_assert_f(t->l3_bank_mask == l3_banks_of_pairs(pairs),
		     "l3_bank_mask 0x%x, vdg1's L3 disable fuse 0x%x leaves banks 0x%x",
		     t->l3_bank_mask, v.fuse_l3_disable,
		     l3_banks_of_pairs(pairs));
	free(t);
}

/*
 * DG1's GT and engine workarounds and the register each one sets, as i915
 * intel_workarounds.c applies them (dg1_gt_workarounds_init(),
 * gen12_gt_workarounds_init(), wa_14011060649(); engine_fake_wa_init(),
 * rcs_engine_wa_init(), general_render_compute_wa_init() with its tuning).
 * An entry with an engine exists for that engine only and is not applied
 * when it is fused off (on vdg1: by the media fuse in its counters page).
 * Wa_14015795083 is written and by design never read back: firmware may
 * have locked MISCCPCTL.
 */
static const struct wa_expect {
	const char *name;
	uint32_t offset;
	bool per_engine;
	struct drm_dg1_engine_class_instance engine;
	bool written;
} expected_was[] = {
	{ .name = "Wa_14015795083", .offset = 0x009424, .written = true },
	{ .name = "Wa_1408615072", .offset = 0x0094e4 },
	{ .name = "Wa_1409420604", .offset = 0x009528 },
	{ .name = "Wa_14011059788", .offset = 0x009550 },
	{ .name = "Wa_14011060649", .offset = 0x1c3f10, .per_engine = true,
	  .engine = { DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 0 } },
	{ .name = "Wa_14011060649", .offset = 0x1d3f10, .per_engine = true,
	  .engine = { DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 2 } },
	{ .name = "Wa_18011464164", .offset = 0x0020a0 },
	{ .name = "Tuning_CmdCctlUncachedMocs", .offset = 0x0020c4 },
	{ .name = "FtrPerCtxtPreemptionGranularityControl", .offset = 0x0020e0 },
	{ .name = "Wa_1606700617", .offset = 0x0020ec },
	{ .name = "Tuning_BusHashCtlBitExc", .offset = 0x00b004 },
	{ .name = "Wa_1406941453", .offset = 0x00e18c },
	{ .name = "Wa_1606931601", .offset = 0x00e4f4 },
	{ .name = "Tuning_CmdCctlUncachedMocs", .offset = 0x0220c4 },
	{ .name = "Tuning_CmdCctlUncachedMocs", .offset = 0x1c00c4,
	  .per_engine = true, .engine = { DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 0 } },
	{ .name = "Tuning_CmdCctlUncachedMocs", .offset = 0x1c80c4,
	  .per_engine = true,
	  .engine = { DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE, 0 } },
	{ .name = "Tuning_CmdCctlUncachedMocs", .offset = 0x1d00c4,
	  .per_engine = true, .engine = { DRM_DG1_ENGINE_CLASS_VIDEO_DECODE, 2 } },
};

static enum dg1dev_wa_status wa_expected_status(const struct wa_expect *x)
{
	int d = dg1dev_domain_of(x->offset);

	if (x->per_engine && !dut_find_engine(&x->engine))
		return DG1DEV_WA_NOT_APPLIED;
	if (d != DG1DEV_NO_DOMAIN && (dut_never_ack() & DG1DEV_DOMAIN_BIT(d)))
		return DG1DEV_WA_FAILED;
	return x->written ? DG1DEV_WA_WRITTEN : DG1DEV_WA_OK;
}

static void test_workarounds(void)
{
	unsigned int i, j, n, bad = 0, seen[ARRAY_SIZE(expected_was)] = { };
	unsigned int counts[DG1DEV_WA_STATUS_COUNT] = { };
	struct dg1dev_wa *was;
	char why[512], *text;
	ssize_t len;
	int err;

	dut_require_debugfs();
	len = dg1dev_debugfs_read(dut.dfs, "workarounds", &text);
	igt_assert_f(len >= 0, "cannot read %s/workarounds: %s", dut.dfs,
		     strerror(-len));
	err = dg1dev_wa_parse(text, &was, &n, why, sizeof(why));
	free(text);
	igt_assert_f(!err, "workarounds: %s", why);

	for (i = 0; i < n; i++) {
		const struct wa_expect *x = NULL;
		enum dg1dev_wa_status want;
		int d = dg1dev_domain_of(was[i].offset);

		counts[was[i].status]++;
		igt_debug("%s 0x%06x %s (domain %s)\n", was[i].name,
			  was[i].offset, dg1dev_wa_status_name(was[i].status),
			  dg1dev_domain_name(d));
		for (j = 0; j < ARRAY_SIZE(expected_was) && !x; j++)
			if (!strcmp(was[i].name, expected_was[j].name) &&
			    was[i].offset == expected_was[j].offset)
				x = &expected_was[j];
		if (!x) {
			igt_info("%s 0x%06x: not a DG1 workaround of i915's\n",
				 was[i].name, was[i].offset);
			bad++;
			continue;
		}
		if (seen[x - expected_was]++) {
			igt_info("%s 0x%06x: listed twice\n", was[i].name,
				 was[i].offset);
			bad++;
			continue;
		}

		want = wa_expected_status(x);
		/* A real part may be of a stepping one is not for. */
		if (was[i].status == want ||
		    (!dut.vdg1 && was[i].status == DG1DEV_WA_NOT_APPLIED))
			continue;
		igt_info("%s 0x%06x: %s, expected %s (domain %s%s)\n",
			 was[i].name, was[i].offset,
			 dg1dev_wa_status_name(was[i].status),
			 dg1dev_wa_status_name(want), dg1dev_domain_name(d),
			 dut_never_ack() & DG1DEV_DOMAIN_BIT(d) ?
			 ", which vdg1 never acks" : "");
		bad++;
	}
	for (j = 0; j < ARRAY_SIZE(expected_was); j++) {
		if (seen[j])
			continue;
		igt_info("%s 0x%06x: missing\n", expected_was[j].name,
			 expected_was[j].offset);
		bad++;
	}

	igt_info("%u workarounds: %u ok, %u written, %u FAILED, %u not-applied\n",
		 n, counts[DG1DEV_WA_OK], counts[DG1DEV_WA_WRITTEN],
		 counts[DG1DEV_WA_FAILED], counts[DG1DEV_WA_NOT_APPLIED]);
	free(was);
	igt_assert_f(!bad, "%u workarounds not as expected", bad);
}

/* One "<group>: group G instance I (explicit|default), instances 0xM". */
struct steer {
	unsigned int group, instance, instances;
};

static void parse_steer(const char *text, const char *type, struct steer *s)
{
	char key[32], how[16], line[256];
	const char *p;
	int end = -1;

	snprintf(key, sizeof(key), "\n%s: ", type);
	p = strstr(text, key);
	igt_assert_f(p, "gt_steering has no '%s:' line", type);
	p++;
	snprintf(line, sizeof(line), "%.*s", (int)strcspn(p, "\n"), p);
	igt_assert_f(sscanf(line, "%*[a-z0-9]: group %u instance %u (%15[a-z]), instances 0x%x%n",
			    &s->group, &s->instance, how, &s->instances,
			    &end) == 4 && end > 0 && !line[end] &&
		     (!strcmp(how, "explicit") || !strcmp(how, "default")),
		     "gt_steering: '%s' is not \"%s: group %%u instance %%u (explicit|default), instances 0x%%x\"",
		     line, type);
	igt_debug("%s: group %u instance %u, instances 0x%x\n", type,
		  s->group, s->instance, s->instances);
}

/*
 * Unicast MCR accesses go where gt_steering says: to a present instance of
 * each replication group (Vol 13 General Assets, "Force Wake and Steering
 * Table": DSS subslice ids 0-5 present as the DSS enable fuse says, L3
 * bank pairs 0-3 present unless the L3 disable fuse says otherwise, two
 * SQIDI instances always present). DG1 has one slice, so group 0 only.
 */
static void test_steering(void)
{
	struct drm_dg1_query_topology *t;
	struct steer dss, l3, sqidi;
	unsigned int def_group, def_instance, pairs = 0, p;
	char *text;
	ssize_t len;
	uint32_t size;
	int end = -1;

	dut_require_debugfs();
	len = dg1dev_debugfs_read(dut.dfs, "gt_steering", &text);
	igt_assert_f(len > 0, "cannot read %s/gt_steering: %s", dut.dfs,
		     len ? strerror(-len) : "empty");
	igt_assert_f(sscanf(text, "default: group %u instance %u\n%n",
			    &def_group, &def_instance, &end) == 2 && end > 0,
		     "gt_steering does not start with \"default: group %%u instance %%u\"");
	parse_steer(text, "dss", &dss);
	parse_steer(text, "l3bank", &l3);
	parse_steer(text, "sqidi", &sqidi);
	free(text);

	t = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_TOPOLOGY, &size);
	for (p = 0; p < 4; p++)
		if (((t->l3_bank_mask >> (2 * p)) & 3) == 3)
			pairs |= 1u << p;

	igt_assert_eq(def_group, 0);
	igt_assert_eq(dss.group, 0);
	igt_assert_eq(l3.group, 0);
	igt_assert_eq(sqidi.group, 0);

	/* The instances are the ones the topology query reports... */
	igt_assert_eq_u32(dss.instances, t->dss_mask);
	igt_assert_eq_u32(l3.instances, pairs);
	igt_assert_eq_u32(sqidi.instances, 0x3);
	free(t);

	/* ...and every target is one of them. */
	igt_assert_f(def_instance < 32 &&
		     (dss.instances & (1u << def_instance)),
		     "default target DSS %u is not among 0x%x", def_instance,
		     dss.instances);
	igt_assert_f(dss.instance < 32 &&
		     (dss.instances & (1u << dss.instance)),
		     "dss target %u is not among 0x%x", dss.instance,
		     dss.instances);
	igt_assert_f(l3.instance < 32 && (l3.instances & (1u << l3.instance)),
		     "l3bank target pair %u is not among 0x%x", l3.instance,
		     l3.instances);
	igt_assert_f(sqidi.instance < 2, "sqidi target %u of 2",
		     sqidi.instance);

	if (dut.vdg1) {
		struct vdg1_counters_page v;

		dg1dev_vdg1_snapshot(dut.vdg1, &v);
		igt_assert_eq_u32(dss.instances, v.fuse_dss_enable & 0x3f);
		igt_assert_eq_u32(l3.instances, ~v.fuse_l3_disable & 0xf);
	}
}

/* MISCCPCTL and its DOP clock gating render enable (i915 intel_gt_regs.h). */
#define MISCCPCTL			0x009424
#define DOP_CLOCK_GATE_RENDER_ENABLE	(1u << 1)
/* The page of BAR0 that holds it. */
#define MISCCPCTL_PAGE			0x009000

/*
 * Wa_14015795083 clears MISCCPCTL's DOP clock gating render enable, which
 * is set at reset (i915 intel_workarounds.c, gen12_gt_workarounds_init()).
 * The driver does not read it back (firmware may have
 * locked the register), so read it here, through resource0, with the GT
 * domain held awake by forcewake_user: clear, unless vdg1 models the
 * register locked (misccpctl-locked), where the write was ignored.
 */
static void test_workaround_misccpctl(void)
{
	uint32_t locked, val, awake_before, awake_after;
	const uint32_t gt = DG1DEV_DOMAIN_BIT(VDG1_FW_GT);
	struct dg1dev_bar0 bar;
	char why[512];
	int err, f;

	dut_require_vdg1();
	dut_require_forcewake_user();
	locked = dut.vdg1->page->misccpctl_locked;
	igt_assert_f(locked <= 1, "counters page: misccpctl_locked %u",
		     locked);

	err = dg1dev_bar0_map(dut.pci, MISCCPCTL_PAGE, 0x1000, &bar, why,
			      sizeof(why));
	igt_assert_f(!err, "%s", why);

	/* Nothing may fail between open and close: the hold would leak. */
	f = dut_open_forcewake_user();
	awake_before = dut_awake();
	val = dg1dev_bar0_read32(&bar, MISCCPCTL);
	awake_after = dut_awake();
	close(f);
	dg1dev_bar0_unmap(&bar);

	igt_info("MISCCPCTL 0x%08x; vdg1 has it %s\n", val,
		 locked ? "locked" : "unlocked");
	/* A sleeping GT would read 0: the violation check counts it too. */
	igt_assert_f((awake_before & gt) && (awake_after & gt),
		     "GT asleep around the read with forcewake_user open (awake: %s, then %s)",
		     dut_domains_str(awake_before),
		     dut_domains_str(awake_after));
	if (locked)
		igt_assert_f(val & DOP_CLOCK_GATE_RENDER_ENABLE,
			     "MISCCPCTL 0x%08x: bit 1 clear, but vdg1 ignores writes to it (misccpctl-locked)",
			     val);
	else
		igt_assert_f(!(val & DOP_CLOCK_GATE_RENDER_ENABLE),
			     "MISCCPCTL 0x%08x: DOP clock gating render enable still set: Wa_14015795083 not in effect",
			     val);
	dut_assert_unreferenced("after forcewake_user was closed");
}

#define PAT_PAGE			0x004000
#define PAT_INDEX(i)			(0x4800 + 4 * (i))

/*
 * The private PAT as the uapi documents it for a VM_BIND's pat_index (0
 * write-back, 1 write-combined, 2 write-through, 3 uncached, 4-7
 * write-back), in the memory-type encoding of i915 gt/intel_gtt.h
 * (GEN8_PPAT_*): read through resource0 with the GT held awake.
 */
static void test_pat(void)
{
	static const uint32_t want[8] = { 3, 1, 2, 0, 3, 3, 3, 3 };
	const uint32_t gt = DG1DEV_DOMAIN_BIT(VDG1_FW_GT);
	uint32_t got[8], awake_before, awake_after;
	struct dg1dev_bar0 bar;
	char why[512];
	int err, f, i;

	dut_require_vdg1();
	dut_require_forcewake_user();
	err = dg1dev_bar0_map(dut.pci, PAT_PAGE, 0x1000, &bar, why,
			      sizeof(why));
	igt_assert_f(!err, "%s", why);

	/* Nothing may fail between open and close: the hold would leak. */
	f = dut_open_forcewake_user();
	awake_before = dut_awake();
	for (i = 0; i < 8; i++)
		got[i] = dg1dev_bar0_read32(&bar, PAT_INDEX(i));
	awake_after = dut_awake();
	close(f);
	dg1dev_bar0_unmap(&bar);

	igt_assert_f((awake_before & gt) && (awake_after & gt),
		     "GT asleep around the reads (awake: %s, then %s)",
		     dut_domains_str(awake_before),
		     dut_domains_str(awake_after));
	for (i = 0; i < 8; i++)
		igt_assert_f(got[i] == want[i],
			     "PAT index %d holds %u, want %u", i, got[i],
			     want[i]);
	dut_assert_unreferenced("after forcewake_user was closed");
}

/* One register of BAR0 through resource0 (the caller holds the domains). */
static uint32_t bar0_read(uint32_t offset)
{
	struct dg1dev_bar0 bar;
	char why[512];
	uint32_t v;
	int err;

	err = dg1dev_bar0_map(dut.pci, offset & ~0xfffu, 0x1000, &bar, why,
			      sizeof(why));
	igt_assert_f(!err, "%s", why);
	v = dg1dev_bar0_read32(&bar, offset);
	dg1dev_bar0_unmap(&bar);
	return v;
}

/*
 * What i915 6.12 leaves in an engine's registers on DG1, bits under @mask
 * (gt/intel_workarounds.c, gt/intel_mocs.c dg1_mocs_table; written out as
 * register values). Engine 0 means the render engine.
 */
static const struct reg_expect {
	uint32_t offset, mask, value;
	const char *what;
} render_regs[] = {
	{ 0x0020a0, 1u << 19, 1u << 19, "Wa_18011464164 FF_THREAD_MODE" },
	{ 0x0020e0, 1u << 14, 1u << 14, "FtrPerCtxtPreemptionGranularityControl" },
	{ 0x0020ec, 1u << 1, 1u << 1, "Wa_1606700617 CS_DEBUG_MODE1" },
	{ 0x00b004, 1u << 7, 0, "Tuning_BusHashCtlBitExc GARBCNTL" },
	{ 0x00e18c, 0x8001, 0x8001, "Wa_1406941453 SAMPLER_MODE" },
	{ 0x00e4f4, 1u << 14, 1u << 14, "Wa_1606931601 ROW_CHICKEN2" },
	/* FORCE_TO_NONPRIV: tgl_whitelist_build(), free slots RING_NOPID */
	{ 0x0024d0, ~0u, 0x00007010, "RCS whitelist 0" },
	{ 0x0024d4, ~0u, 0x00007018, "RCS whitelist 1" },
	{ 0x0024d8, ~0u, 0x00007304, "RCS whitelist 2" },
	{ 0x0024dc, ~0u, 0x10002349, "RCS whitelist 3" },
};

/* LNCFCMOCS(i), 0xb020 + 4i: entries 2i (low) and 2i + 1 (high). */
static uint32_t mocs_l3cc_expected(unsigned int i)
{
	switch (i) {
	case 0:
		return 0x00100030;	/* 0 unused (WB), 1 uncached */
	case 3:
		return 0x00370033;	/* 6 WB 50%, 7 WB 25% */
	case 4:
		return 0x0030003f;	/* 8 WB 12.5%, 9 unused */
	case 24:
		return 0x00100030;	/* 48 HDC L1 + L3, 49 L1 only */
	case 30:
	case 31:
		return 0x00100010;	/* 60-63 reserved, uncached */
	default:
		return 0x00300030;	/* unused: as 5, L3 write-back */
	}
}

/*
 * The engine workarounds, whitelist and L3 MOCS table as registers, read
 * through resource0 with every domain held awake: the driver's own
 * read-back (workarounds) is its word; this is the register's.
 */
static void test_engine_registers(void)
{
	unsigned int i, e, slot, bad = 0;
	uint32_t v;
	int f;

	dut_require_vdg1();
	dut_require_forcewake_user();

	f = dut_open_forcewake_user();
	for (i = 0; i < ARRAY_SIZE(render_regs); i++) {
		v = bar0_read(render_regs[i].offset);
		if ((v & render_regs[i].mask) == render_regs[i].value)
			continue;
		igt_info("0x%06x (%s) = 0x%08x, want 0x%08x under 0x%08x\n",
			 render_regs[i].offset, render_regs[i].what, v,
			 render_regs[i].value, render_regs[i].mask);
		bad++;
	}
	for (e = 0; e < dut.num_engines; e++) {
		uint32_t base = dg1dev_engine_mmio_base(&dut.engines[e]);
		bool render = base == 0x2000;

		/* RING_CMD_CCTL: uncached (index 1) reads and writes */
		v = bar0_read(base + 0xc4);
		if ((v & 0x3fff) != 0x0102) {
			igt_info("engine %u RING_CMD_CCTL 0x%08x, want 0x0102 in 13:0\n",
				 e, v);
			bad++;
		}
		for (slot = render ? 4 : 0; slot < 12; slot++) {
			uint32_t want = base + 0x94;

			/* CTX_TIMESTAMP readable off render (allow_read_ctx_timestamp) */
			if (!render && slot == 0)
				want = 0x10000000 | (base + 0x3a8);
			v = bar0_read(base + 0x4d0 + 4 * slot);
			if (v != want) {
				igt_info("engine %u whitelist slot %u 0x%08x, want 0x%08x\n",
					 e, slot, v, want);
				bad++;
			}
		}
	}
	for (i = 0; i < 32; i++) {
		v = bar0_read(0xb020 + 4 * i);
		if (v != mocs_l3cc_expected(i)) {
			igt_info("LNCFCMOCS%u 0x%08x, want 0x%08x\n", i, v,
				 mocs_l3cc_expected(i));
			bad++;
		}
	}
	close(f);
	dut_assert_unreferenced("after forcewake_user was closed");
	igt_assert_f(!bad, "%u engine registers not as i915 programs them",
		     bad);
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("engine-cycles", test_engine_cycles);
	dut_subtest("engine-cycles-clocks", test_engine_cycles_clocks);
	dut_subtest("engine-cycles-invalid", test_engine_cycles_invalid);
	dut_subtest("topology", test_topology);
	dut_subtest("topology-fuses", test_topology_fuses);
	dut_subtest("steering", test_steering);
	dut_subtest("workarounds", test_workarounds);
	dut_subtest("workaround-misccpctl", test_workaround_misccpctl);
	dut_subtest("pat", test_pat);
	dut_subtest("engine-registers", test_engine_registers);

	igt_fixture
		dut_close();
}
