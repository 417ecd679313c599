// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_host.c - host services and the timed-event list: deadline order,
 * re-arming, cancelling, events armed from inside a callback, the host's
 * timer kept at the earliest deadline, and due events run before a BAR
 * access at the access's time.
 */
#include <string.h>

#include "vdg1_test.h"

/* A test event: records when it ran and can act on others when it does. */
struct probe {
	struct vdg1_event ev;
	struct vdg1_events *q;
	char id;
	char *log;		/* ids in the order they ran */
	uint64_t when;		/* of the latest run */
	unsigned int runs;
	/* Done from the callback: arm @other at when + @other_in ... */
	struct probe *other;
	uint64_t other_in;
	bool cancel_other;	/* ... or cancel it */
	uint64_t rearm_in;	/* re-arm itself at when + this, if non-zero */
};

static void probe_fn(void *opaque, uint64_t when)
{
	struct probe *p = opaque;
	size_t n = strlen(p->log);

	p->log[n] = p->id;
	p->log[n + 1] = '\0';
	p->when = when;
	p->runs++;
	if (p->other && p->cancel_other)
		vdg1_event_cancel(p->q, &p->other->ev);
	else if (p->other)
		vdg1_event_arm(p->q, &p->other->ev, when + p->other_in);
	if (p->rearm_in)
		vdg1_event_arm(p->q, &p->ev, when + p->rearm_in);
}

static void probe_init(struct probe *p, struct vdg1_events *q, char id,
		       char *log)
{
	memset(p, 0, sizeof(*p));
	p->q = q;
	p->id = id;
	p->log = log;
	vdg1_event_init(&p->ev, "probe", probe_fn, p);
}

/* An event list on a fake host, no core: the component alone. */
struct bench {
	struct fake_host h;
	struct vdg1_host host;
	struct vdg1_events q;
	char log[32];
};

static void bench_init(struct bench *b)
{
	memset(b, 0, sizeof(*b));
	b->h.armed = VDG1_NEVER;
	vdg1_host_init(&b->host, &fake_ops, &b->h);
	vdg1_events_init(&b->q, &b->host);
}

static void event_runs_in_deadline_order(void)
{
	struct bench b;
	struct probe p[4];

	bench_init(&b);
	probe_init(&p[0], &b.q, 'a', b.log);
	probe_init(&p[1], &b.q, 'b', b.log);
	probe_init(&p[2], &b.q, 'c', b.log);
	probe_init(&p[3], &b.q, 'd', b.log);
	EXPECT_EQ(vdg1_events_next(&b.q), VDG1_NEVER);
	vdg1_event_arm(&b.q, &p[0].ev, 300);
	vdg1_event_arm(&b.q, &p[1].ev, 100);
	vdg1_event_arm(&b.q, &p[2].ev, 200);
	vdg1_event_arm(&b.q, &p[3].ev, 200);	/* ties run in arming order */
	EXPECT_EQ(vdg1_events_next(&b.q), 100);
	EXPECT_EQ(b.h.armed, 100);
	EXPECT_TRUE(vdg1_event_armed(&p[0].ev));
	vdg1_events_run(&b.q, 99);
	EXPECT_EQ(strlen(b.log), 0);
	vdg1_events_run(&b.q, 250);
	EXPECT_TRUE(!strcmp(b.log, "bcd"));
	EXPECT_EQ(p[1].when, 100);
	EXPECT_EQ(p[2].when, 200);
	EXPECT_EQ(p[3].when, 200);
	EXPECT_TRUE(!vdg1_event_armed(&p[1].ev));
	EXPECT_TRUE(vdg1_event_armed(&p[0].ev));
	EXPECT_EQ(b.h.armed, 300);
	vdg1_events_run(&b.q, 300);
	EXPECT_TRUE(!strcmp(b.log, "bcda"));
	EXPECT_EQ(b.h.armed, VDG1_NEVER);
	EXPECT_EQ(p[0].runs, 1);
}

static void event_rearm_and_cancel(void)
{
	struct bench b;
	struct probe p, q;

	bench_init(&b);
	probe_init(&p, &b.q, 'p', b.log);
	probe_init(&q, &b.q, 'q', b.log);
	vdg1_event_arm(&b.q, &p.ev, 100);
	/* Re-arming moves the event, later or earlier; it is armed once. */
	vdg1_event_arm(&b.q, &p.ev, 500);
	EXPECT_EQ(b.h.armed, 500);
	vdg1_event_arm(&b.q, &q.ev, 300);
	EXPECT_EQ(b.h.armed, 300);
	vdg1_event_arm(&b.q, &p.ev, 50);
	EXPECT_EQ(b.h.armed, 50);
	vdg1_event_arm(&b.q, &p.ev, 500);
	EXPECT_EQ(b.h.armed, 300);
	vdg1_event_cancel(&b.q, &q.ev);
	EXPECT_TRUE(!vdg1_event_armed(&q.ev));
	EXPECT_EQ(b.h.armed, 500);
	/* Cancelling an idle event, or arming for "never", changes nothing. */
	vdg1_event_cancel(&b.q, &q.ev);
	vdg1_event_arm(&b.q, &q.ev, VDG1_NEVER);
	EXPECT_EQ(b.h.armed, 500);
	vdg1_events_run(&b.q, 1000);
	EXPECT_TRUE(!strcmp(b.log, "p"));
	EXPECT_EQ(p.when, 500);
	/* Cancelling the last event disarms the host's timer. */
	vdg1_event_arm(&b.q, &q.ev, 2000);
	EXPECT_EQ(b.h.armed, 2000);
	vdg1_event_cancel(&b.q, &q.ev);
	EXPECT_EQ(b.h.armed, VDG1_NEVER);
	vdg1_events_run(&b.q, 5000);
	EXPECT_TRUE(!strcmp(b.log, "p"));
}

static void event_armed_from_a_callback(void)
{
	struct bench b;
	struct probe p, q, r;
	unsigned int arms;

	bench_init(&b);
	probe_init(&p, &b.q, 'p', b.log);
	probe_init(&q, &b.q, 'q', b.log);
	probe_init(&r, &b.q, 'r', b.log);
	/* p arms q for its own time, q arms r 50 later, p re-arms itself. */
	p.other = &q;
	p.other_in = 0;
	p.rearm_in = 1000;
	q.other = &r;
	q.other_in = 50;
	vdg1_event_arm(&b.q, &p.ev, 100);
	arms = b.h.timer_arms;
	vdg1_events_run(&b.q, 160);
	/* Due ones armed inside the pass ran in the same pass, in order. */
	EXPECT_TRUE(!strcmp(b.log, "pqr"));
	EXPECT_EQ(q.when, 100);
	EXPECT_EQ(r.when, 150);
	EXPECT_EQ(vdg1_events_next(&b.q), 1100);
	/* The host's timer was programmed once, at the end of the pass. */
	EXPECT_EQ(b.h.timer_arms, arms + 1);
	EXPECT_EQ(b.h.armed, 1100);
	/* Not yet due at the end of the pass: left for later. */
	q.other_in = 500;
	r.runs = 0;
	vdg1_events_run(&b.q, 1150);
	EXPECT_TRUE(!strcmp(b.log, "pqrpq"));
	EXPECT_EQ(r.runs, 0);
	EXPECT_EQ(vdg1_events_next(&b.q), 1600);
}

static void event_cancelled_from_a_callback(void)
{
	struct bench b;
	struct probe p, q;

	bench_init(&b);
	probe_init(&p, &b.q, 'p', b.log);
	probe_init(&q, &b.q, 'q', b.log);
	p.other = &q;
	p.cancel_other = true;
	vdg1_event_arm(&b.q, &p.ev, 100);
	vdg1_event_arm(&b.q, &q.ev, 100);
	vdg1_events_run(&b.q, 100);
	EXPECT_TRUE(!strcmp(b.log, "p"));
	EXPECT_EQ(q.runs, 0);
	EXPECT_EQ(b.h.armed, VDG1_NEVER);
}

static void event_time_never_runs_backwards(void)
{
	struct bench b;
	struct probe p, q;

	bench_init(&b);
	probe_init(&p, &b.q, 'p', b.log);
	probe_init(&q, &b.q, 'q', b.log);
	vdg1_events_run(&b.q, 1000);
	/* Armed for a time the list has passed: runs next, at its clock. */
	vdg1_event_arm(&b.q, &p.ev, 400);
	vdg1_events_run(&b.q, 1200);
	EXPECT_EQ(p.when, 1000);
	/* Armed in the past from a callback: runs at the callback's time. */
	p.other = &q;
	p.other_in = 0;
	vdg1_event_arm(&b.q, &p.ev, 1300);
	vdg1_event_arm(&b.q, &q.ev, 5000);
	vdg1_events_run(&b.q, 1400);
	EXPECT_TRUE(!strcmp(b.log, "ppq"));
	EXPECT_EQ(q.when, 1300);
}

static void event_host_timer_expiry(void)
{
	struct bench b;
	struct probe p;

	bench_init(&b);
	probe_init(&p, &b.q, 'p', b.log);
	p.rearm_in = 100;
	vdg1_event_arm(&b.q, &p.ev, 100);
	/* Early (spurious) expiry: nothing runs, the timer is re-armed. */
	b.h.armed = VDG1_NEVER;
	vdg1_events_timer_expired(&b.q, 50);
	EXPECT_EQ(p.runs, 0);
	EXPECT_EQ(b.h.armed, 100);
	/* On time: the event runs and its re-arm reaches the host. */
	b.h.armed = VDG1_NEVER;
	vdg1_events_timer_expired(&b.q, 100);
	EXPECT_EQ(p.runs, 1);
	EXPECT_EQ(b.h.armed, 200);
	/* Late: every period due by then runs, each at its own time. */
	b.h.armed = VDG1_NEVER;
	vdg1_events_timer_expired(&b.q, 450);
	EXPECT_EQ(p.runs, 4);
	EXPECT_EQ(p.when, 400);
	EXPECT_EQ(b.h.armed, 500);
}

/* A component of the core that needs GT awake at its deadline. */
struct gt_user {
	struct vdg1_event ev;
	struct vdg1_core *core;
	uint64_t when;
	uint32_t reads_seen;
	unsigned int runs;
};

static void gt_user_fn(void *opaque, uint64_t when)
{
	struct gt_user *u = opaque;

	u->when = when;
	u->runs++;
	u->reads_seen = u->core->cnt.mmio_reads;
	vdg1_fw_busy_get(u->core, VDG1_FW_GT);
}

static void event_runs_due_at_access_time(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct gt_user u = { .core = core };
	uint64_t t0 = h.now;

	vdg1_event_init(&u.ev, "gt_user", gt_user_fn, &u);
	vdg1_event_arm(&core->events, &u.ev, t0 + 500);
	EXPECT_EQ(h.armed, t0 + 500);
	/* The clock passes the deadline; the host has not run its timer. */
	h.now += 700;
	EXPECT_EQ(rd(core, GEN12_GT_GEOMETRY_DSS_ENABLE), 0x3f);
	EXPECT_EQ(u.runs, 1);
	EXPECT_EQ(u.when, t0 + 500);
	/* It ran before the access was counted, and GT was awake for it. */
	EXPECT_EQ(u.reads_seen, 0);
	EXPECT_EQ(CNT(core, wake_violations), 0);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	vdg1_core_destroy(core);
}

static void event_shares_the_timer_with_forcewake(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	struct gt_user u = { .core = core };
	uint64_t t0 = h.now;

	vdg1_event_init(&u.ev, "gt_user", gt_user_fn, &u);
	vdg1_event_arm(&core->events, &u.ev, t0 + 5000);
	/* The GT ack is due at t0 + 10 us: the earlier deadline wins. */
	wr(core, FORCEWAKE_GT, SET(FORCEWAKE_KERNEL));
	EXPECT_EQ(h.armed, t0 + 5000);
	fake_advance(&h, core, 5000);
	EXPECT_EQ(u.runs, 1);
	EXPECT_EQ(u.when, t0 + 5000);
	EXPECT_EQ(h.armed, t0 + 10000);
	EXPECT_EQ(vdg1_fw_awake(core, VDG1_FW_GT), 1);
	fake_advance(&h, core, 5000);
	EXPECT_EQ(h.timer_fires, 2);
	EXPECT_EQ(rd(core, FORCEWAKE_ACK_GT), FORCEWAKE_KERNEL);
	EXPECT_EQ(h.armed, VDG1_NEVER);
	/* A core reset leaves a component's own event alone. */
	vdg1_event_arm(&core->events, &u.ev, h.now + 100);
	vdg1_core_reset(core);
	EXPECT_EQ(h.armed, h.now + 100);
	vdg1_event_cancel(&core->events, &u.ev);
	vdg1_core_destroy(core);
}

static void host_dma_and_msi_reach_the_host(void)
{
	struct fake_host h;
	struct vdg1_core *core = fake_core(&h, NULL);
	uint32_t v = 0xcafef00d, back = 0;

	EXPECT_EQ(vdg1_host_dma_write(&core->host, VDG1_MEM_LMEM, 64, &v, 4), 0);
	EXPECT_EQ(vdg1_host_dma_read(&core->host, VDG1_MEM_LMEM, 64, &back, 4), 0);
	EXPECT_EQ(back, v);
	EXPECT_EQ(vdg1_host_dma_read(&core->host, VDG1_MEM_SYSTEM, 64, &back, 4),
		  0);
	EXPECT_EQ(back, 0);
	EXPECT_EQ(vdg1_host_dma_read(&core->host, VDG1_MEM_SYSTEM, 1ull << 40,
				     &back, 4) < 0, 1);
	vdg1_host_msi(&core->host, 0);
	EXPECT_EQ(h.msis, 1);
	EXPECT_EQ(vdg1_host_now(&core->host), h.now);
	vdg1_host_log(&core->host, VDG1_LOG_UNIMP, "x%d", 42);
	EXPECT_EQ(h.logs[VDG1_LOG_UNIMP], 1);
	EXPECT_TRUE(!strcmp(h.last_log, "x42"));
	vdg1_core_destroy(core);
}

static void host_ops_checked(void)
{
	struct vdg1_host_ops ops = fake_ops;

	EXPECT_TRUE(!vdg1_host_check(&ops));
	ops.log = NULL;
	EXPECT_TRUE(!vdg1_host_check(&ops));
	ops.raise_msi = NULL;
	EXPECT_TRUE(vdg1_host_check(&ops));
	EXPECT_TRUE(vdg1_host_check(NULL));
}

const struct vdg1_test vdg1_tests_host[] = {
	TEST(event_runs_in_deadline_order),
	TEST(event_rearm_and_cancel),
	TEST(event_armed_from_a_callback),
	TEST(event_cancelled_from_a_callback),
	TEST(event_time_never_runs_backwards),
	TEST(event_host_timer_expiry),
	TEST(event_runs_due_at_access_time),
	TEST(event_shares_the_timer_with_forcewake),
	TEST(host_dma_and_msi_reach_the_host),
	TEST(host_ops_checked),
	TEST_END
};
