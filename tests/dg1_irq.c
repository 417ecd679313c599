// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_irq - the interrupt path, end to end: events raised in vdg1 through
 * the counters page's irq_inject reach the driver's handler through the
 * class enables, instance masks, second-level banks, selector and identity
 * and the MSI, and each one is counted exactly once in the driver's
 * debugfs "interrupts" file and in vdg1's counters.
 *
 * Only events no engine acts upon are injected (user interrupts, with no
 * request outstanding, and semaphore waits), so the test disturbs nothing.
 * Injecting needs vdg1: on a real DG1 the subtests skip.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "igt.h"

#define USER		0x0001u		/* GT_RENDER_USER_INTERRUPT */
#define WAIT_SEM	0x0800u		/* GT_WAIT_SEMAPHORE_INTERRUPT */
#define BURST		10000
/* How long one injected event may take to be serviced under TCG. */
#define SERVICE_TIMEOUT_MS	2000

#define STAT_USER	DG1DEV_IRQ_USER
#define STAT_ERROR	DG1DEV_IRQ_ERROR
#define STAT_CTX	DG1DEV_IRQ_CTX_SWITCH
#define STAT_SEM	DG1DEV_IRQ_WAIT_SEMAPHORE
#define NSTAT		DG1DEV_IRQ_NSTAT

struct irq_stats {
	unsigned long long interrupts, not_ours, identities, dropped;
	unsigned long long spurious, unknown, timeouts, oa_half_full;
	unsigned long long bits[DG1DEV_MAX_ENGINES][NSTAT];
};

static struct dg1dev_prober prober;

/* vdg1's engine id (enum vdg1_engine_id) of a uAPI engine. */
static unsigned int vdg1_engine(const struct drm_dg1_engine_class_instance *e)
{
	switch (e->engine_class) {
	case DRM_DG1_ENGINE_CLASS_RENDER:
		return VDG1_ENGINE_RCS0;
	case DRM_DG1_ENGINE_CLASS_COPY:
		return VDG1_ENGINE_BCS0;
	case DRM_DG1_ENGINE_CLASS_VIDEO_DECODE:
		return e->engine_instance ? VDG1_ENGINE_VCS2 : VDG1_ENGINE_VCS0;
	default:
		return VDG1_ENGINE_VECS0;
	}
}

/* debugfs interrupts, the engines' bits in dut.engines' order. */
static void read_stats(struct irq_stats *s)
{
	struct dg1dev_irq_stats st;
	unsigned int i, j, found = 0;
	char why[256];
	int err = dg1dev_irq_stats_read(dut.dfs, &st, why, sizeof(why));

	igt_assert_f(!err, "%s", why);
	memset(s, 0, sizeof(*s));
	s->interrupts = st.interrupts;
	s->not_ours = st.not_ours;
	s->identities = st.identities;
	s->dropped = st.dropped;
	s->spurious = st.spurious;
	s->unknown = st.unknown;
	s->timeouts = st.timeouts;
	s->oa_half_full = st.oa_half_full;
	for (i = 0; i < dut.num_engines; i++)
		for (j = 0; j < st.num_engines; j++) {
			if (strcmp(st.engine[j].name,
				   dut_engine_str(&dut.engines[i])))
				continue;
			memcpy(s->bits[i], st.engine[j].bits, sizeof(s->bits[i]));
			found++;
		}
	igt_assert_f(found == dut.num_engines && st.num_engines == found,
		     "interrupts lists %u engines, %u of the %u open ones",
		     st.num_engines, found, dut.num_engines);
}

static void inject(unsigned int engine, uint16_t bits)
{
	prober.page->irq_inject = engine << 16 | bits;
}

static uint32_t serviced(void)
{
	return prober.page->irqs_serviced;
}

/* Wait until vdg1 counts @want serviced interrupts in all. */
static void wait_serviced(uint32_t want)
{
	uint64_t end = dut_now_ns() + SERVICE_TIMEOUT_MS * NSEC_PER_MSEC;

	while ((int32_t)(serviced() - want) < 0) {
		igt_assert_f(dut_now_ns() < end,
			     "interrupt not serviced: %u of %u after %u ms",
			     serviced(), want, SERVICE_TIMEOUT_MS);
		usleep(10);
	}
}

static void require_injection(void)
{
	char why[256];
	int err;

	dut_require_vdg1();
	dut_require_debugfs();
	if (prober.page)
		return;
	err = dg1dev_vdg1_prober_open(dut.pci, &prober, why, sizeof(why));
	igt_assert_f(!err, "counters page not writable: %s", why);
}

static void assert_clean_service(const struct irq_stats *a,
				 const struct irq_stats *b)
{
	igt_assert_eq_u64(b->not_ours, a->not_ours);
	igt_assert_eq_u64(b->spurious, a->spurious);
	igt_assert_eq_u64(b->unknown, a->unknown);
	igt_assert_eq_u64(b->timeouts, a->timeouts);
}

/*
 * One event at a time, each waited for: every one is one MSI, one service
 * and one identity, delivered to its engine with its bit.
 */
static void test_each_engine(void)
{
	const unsigned int n = 20;
	struct vdg1_counters_page c0, c1;
	struct irq_stats a, b;
	unsigned int i, k;

	require_injection();
	for (i = 0; i < dut.num_engines; i++) {
		unsigned int e = vdg1_engine(&dut.engines[i]);

		read_stats(&a);
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
		for (k = 0; k < n; k++) {
			inject(e, k & 1 ? WAIT_SEM : USER);
			wait_serviced(c0.irqs_serviced + k + 1);
		}
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		read_stats(&b);

		igt_info("%s: %u events, %u MSIs, %u serviced, %u identities, %.1f MMIO per serviced interrupt\n",
			 dut_engine_str(&dut.engines[i]), n,
			 c1.msi_sent - c0.msi_sent,
			 c1.irqs_serviced - c0.irqs_serviced,
			 c1.irq_identities - c0.irq_identities,
			 (double)(c1.irq_mmio_reads - c0.irq_mmio_reads +
				  c1.irq_mmio_writes - c0.irq_mmio_writes) /
			 (c1.irqs_serviced - c0.irqs_serviced));
		igt_assert_eq_u32(c1.msi_sent - c0.msi_sent, n);
		igt_assert_eq_u32(c1.irqs_serviced - c0.irqs_serviced, n);
		igt_assert_eq_u32(c1.irq_identities - c0.irq_identities, n);
		igt_assert_eq_u64(b.interrupts - a.interrupts, n);
		igt_assert_eq_u64(b.identities - a.identities, n);
		igt_assert_eq_u64(b.bits[i][STAT_USER] - a.bits[i][STAT_USER],
				  n / 2);
		igt_assert_eq_u64(b.bits[i][STAT_SEM] - a.bits[i][STAT_SEM],
				  n / 2);
		igt_assert_eq_u64(b.bits[i][STAT_ERROR], a.bits[i][STAT_ERROR]);
		igt_assert_eq_u64(b.bits[i][STAT_CTX], a.bits[i][STAT_CTX]);
		/* No other engine saw anything. */
		for (k = 0; k < dut.num_engines; k++)
			if (k != i)
				igt_assert_eq_u64(b.bits[k][STAT_USER] +
						  b.bits[k][STAT_SEM],
						  a.bits[k][STAT_USER] +
						  a.bits[k][STAT_SEM]);
		assert_clean_service(&a, &b);
	}
}

/* A child keeping the driver and the CPUs busy meanwhile. */
static pid_t start_load(void)
{
	pid_t pid = fork();

	igt_assert(pid >= 0);
	if (!pid) {
		struct drm_dg1_query q = { .query = DRM_DG1_QUERY_ENGINES };

		for (;;)
			ioctl(dut.fd, DRM_IOCTL_DG1_QUERY, &q);
	}
	return pid;
}

/*
 * BURST events (a tenth on the debug kernel) round-robin over every
 * engine, each waited for, while another process keeps the driver busy:
 * nothing lost, nothing extra.
 */
static void test_burst(void)
{
	struct vdg1_counters_page c0, c1;
	unsigned long long want[DG1DEV_MAX_ENGINES] = { };
	struct irq_stats a, b;
	unsigned int burst = igt_dg1_stress(BURST, 1), i, k;
	pid_t load;

	require_injection();
	read_stats(&a);
	dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	load = start_load();
	for (k = 0; k < burst; k++) {
		i = k % dut.num_engines;
		inject(vdg1_engine(&dut.engines[i]), USER);
		want[i]++;
		wait_serviced(c0.irqs_serviced + k + 1);
	}
	kill(load, SIGKILL);
	waitpid(load, NULL, 0);
	dg1dev_vdg1_snapshot(dut.vdg1, &c1);
	read_stats(&b);

	igt_info("%u events: %u MSIs, %u serviced, %.2f MMIO reads + %.2f writes per serviced interrupt\n",
		 burst, c1.msi_sent - c0.msi_sent,
		 c1.irqs_serviced - c0.irqs_serviced,
		 (double)(c1.irq_mmio_reads - c0.irq_mmio_reads) / burst,
		 (double)(c1.irq_mmio_writes - c0.irq_mmio_writes) / burst);
	igt_assert_eq_u32(c1.msi_sent - c0.msi_sent, burst);
	igt_assert_eq_u32(c1.irqs_serviced - c0.irqs_serviced, burst);
	igt_assert_eq_u32(c1.irq_identities - c0.irq_identities, burst);
	igt_assert_eq_u64(b.identities - a.identities, burst);
	for (i = 0; i < dut.num_engines; i++)
		igt_assert_f(b.bits[i][STAT_USER] - a.bits[i][STAT_USER] ==
			     want[i], "%s: %llu user interrupts, injected %llu",
			     dut_engine_str(&dut.engines[i]),
			     b.bits[i][STAT_USER] - a.bits[i][STAT_USER],
			     want[i]);
	assert_clean_service(&a, &b);
}

/*
 * Events raised together without waiting: the hardware collapses what an
 * engine raises before it is serviced, so fewer identities than events
 * may arrive, but every engine that raised one is delivered at least once
 * and every MSI is serviced.
 */
static void test_collapse(void)
{
	struct vdg1_counters_page c0, c1;
	struct irq_stats a, b;
	uint64_t end;
	unsigned int i, k;

	require_injection();
	read_stats(&a);
	dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	for (k = 0; k < 100; k++)
		for (i = 0; i < dut.num_engines; i++)
			inject(vdg1_engine(&dut.engines[i]), USER);
	end = dut_now_ns() + SERVICE_TIMEOUT_MS * NSEC_PER_MSEC;
	do {
		usleep(1000);
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
	} while (c1.irqs_serviced != c1.msi_sent && dut_now_ns() < end);
	read_stats(&b);

	igt_info("%u events: %u MSIs, %u identities\n", 100 * dut.num_engines,
		 c1.msi_sent - c0.msi_sent, c1.irq_identities - c0.irq_identities);
	igt_assert_eq_u32(c1.irqs_serviced, c1.msi_sent);
	igt_assert(c1.msi_sent - c0.msi_sent >= 1);
	igt_assert_eq_u64(b.identities - a.identities,
			  c1.irq_identities - c0.irq_identities);
	for (i = 0; i < dut.num_engines; i++)
		igt_assert_f(b.bits[i][STAT_USER] > a.bits[i][STAT_USER] &&
			     b.bits[i][STAT_USER] - a.bits[i][STAT_USER] <= 100,
			     "%s: %llu user interrupts for 100 events",
			     dut_engine_str(&dut.engines[i]),
			     b.bits[i][STAT_USER] - a.bits[i][STAT_USER]);
	assert_clean_service(&a, &b);
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("each-engine", test_each_engine);
	dut_subtest("burst", test_burst);
	dut_subtest("collapse", test_collapse);

	igt_fixture {
		if (prober.page)
			dg1dev_vdg1_prober_close(&prober);
		dut_close();
	}
}
