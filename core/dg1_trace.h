/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the GT (events "dg1:*"): interrupts delivered to an
 * engine, context submissions, context-status events and request fences
 * signalled. Enable through tracefs: events/dg1/. Every event names its
 * device by the DRM primary minor (dev=N is /dev/dri/cardN), as i915's
 * request events do (i915_trace.h), so two GPUs' events tell apart.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM dg1

#if !defined(_DG1_TRACE_H_) || defined(TRACE_HEADER_MULTI_READ)
#define _DG1_TRACE_H_

#include <linux/tracepoint.h>
#include <linux/types.h>

/* An engine's interrupt bits, as the handler hands them on. */
TRACE_EVENT(dg1_irq_engine,
	    TP_PROTO(u32 dev, unsigned int engine, u16 iir),
	    TP_ARGS(dev, engine, iir),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(unsigned int, engine)
			     __field(u16, iir)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->engine = engine;
			   __entry->iir = iir;),
	    TP_printk("dev=%u engine=%u iir=0x%04x", __entry->dev,
		      __entry->engine, __entry->iir)
);

/* A load of the execlist submit queue: the two ports' descriptors. */
TRACE_EVENT(dg1_submit,
	    TP_PROTO(u32 dev, unsigned int engine, u64 desc0, u32 tail0,
		     u64 desc1, u32 tail1),
	    TP_ARGS(dev, engine, desc0, tail0, desc1, tail1),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(unsigned int, engine)
			     __field(u64, desc0)
			     __field(u32, tail0)
			     __field(u64, desc1)
			     __field(u32, tail1)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->engine = engine;
			   __entry->desc0 = desc0;
			   __entry->tail0 = tail0;
			   __entry->desc1 = desc1;
			   __entry->tail1 = tail1;),
	    TP_printk("dev=%u engine=%u port0=0x%016llx tail=0x%x port1=0x%016llx tail=0x%x",
		      __entry->dev, __entry->engine, __entry->desc0,
		      __entry->tail0, __entry->desc1, __entry->tail1)
);

/* One context-status buffer entry, read and decoded. */
TRACE_EVENT(dg1_csb,
	    TP_PROTO(u32 dev, unsigned int engine, unsigned int index, u64 raw,
		     bool promote),
	    TP_ARGS(dev, engine, index, raw, promote),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(unsigned int, engine)
			     __field(unsigned int, index)
			     __field(u64, raw)
			     __field(bool, promote)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->engine = engine;
			   __entry->index = index;
			   __entry->raw = raw;
			   __entry->promote = promote;),
	    TP_printk("dev=%u engine=%u csb[%u]=0x%016llx %s", __entry->dev,
		      __entry->engine, __entry->index, __entry->raw,
		      __entry->promote ? "promote" : "complete")
);

/* A request's fence signalled (error 0 on success). */
TRACE_EVENT(dg1_request_signal,
	    TP_PROTO(u32 dev, unsigned int engine, u64 context, u64 seqno,
		     int error),
	    TP_ARGS(dev, engine, context, seqno, error),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(unsigned int, engine)
			     __field(u64, context)
			     __field(u64, seqno)
			     __field(int, error)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->engine = engine;
			   __entry->context = context;
			   __entry->seqno = seqno;
			   __entry->error = error;),
	    TP_printk("dev=%u engine=%u fence=%llu:%llu error=%d", __entry->dev,
		      __entry->engine, __entry->context, __entry->seqno,
		      __entry->error)
);

#endif /* _DG1_TRACE_H_ */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH core
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE dg1_trace
#include <trace/define_trace.h>
