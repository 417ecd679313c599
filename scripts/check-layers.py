#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that dg1's calls point down the layer order.

The layer order is written in Documentation/index.rst ("Layers"); this
script holds the same list and fails (exit 1) when

  - a file includes a header of a higher layer, except that the device
    container header may include the *_types.h of every layer (types only,
    the device is built from them);
  - a *_types.h includes a header that is not a *_types.h (types headers
    must not pull in function declarations, or "types only" means nothing);
  - the include graph has a cycle (any cycle, not only across folders);
  - with --objects DIR: an object file uses (has an undefined reference
    to) a function or data defined in an object of a higher layer, or,
    inside submit/, of a later file in CALL_ORDER.  This is the call graph
    as the linker sees it, so a local extern declaration cannot hide an
    upward call.

Prints one TAP line per rule.  Usage:
  check-layers.py [--root DIR] [--objects BUILD_DIR]
  check-layers.py [--root DIR] --vdg1 VDG1_BUILD_DIR
    (vdg1: the same call rule over VDG1_ORDER, from its host objects)
"""

import argparse
import os
import re
import subprocess
import sys

# Bottom first.  A file may include headers of its own layer and below.
LAYERS = [
    ("defs", ("regs/", "uapi/")),   # register and ABI definitions, no code
    ("core", ("core/",)),           # device/file containers, helpers
    ("mmio", ("mmio/",)),           # register access: MMIO, forcewake
    ("gt", ("gt/",)),               # GT: MCR, topology, workarounds, irq...
    ("mem", ("mem/",)),             # TTM, BOs, GGTT, PPGTT, VM_BIND
    ("submit", ("submit/",)),       # engines, requests, execlists, queues
    ("oa", ("oa/",)),               # OA perf streams
    ("drm", ("drm/",)),             # the DRM driver: ioctls, files, debugfs
]
# Inside a layer, the order its calls follow where one is written down
# (bottom first): a request is retired from the interrupt path, so the
# request layer sits under execlists, which never calls the contexts and
# queues above it.  Checked on calls (--objects): the types of a layer are
# shared by its files.
CALL_ORDER = {
    "submit/": [("dg1_submit_wq",), ("dg1_ring", "dg1_lrc", "dg1_csb"),
                ("dg1_request",),
                ("dg1_capture",), ("dg1_execlists", "dg1_execlists_reset"), ("dg1_hw_engine",), ("dg1_context",),
                ("dg1_default_ctx",), ("dg1_exec_queue",)],
}
CONTAINER = "core/dg1_device_types.h"

# vdg1, the device model (--vdg1 BUILD_DIR): one component per file, bottom
# first; a component calls only its own group and those below.  Counting
# (the sink) is under every component and the counters page the guest
# reads is over them all; the register file merges the tables
# vdg1_core.c hands it instead of calling each component for its own.
VDG1_ORDER = [
    ("vdg1_host", "vdg1_event", "vdg1_counters_sink", "vdg1_layout",
     "vdg1_wake", "vdg1_reglog"),       # host services, counting, rules
    ("vdg1_fw", "vdg1_mcr", "vdg1_ggtt", "vdg1_ppgtt", "vdg1_tlb",
     "vdg1_pcode"),                     # domains, steering, translation
    ("vdg1_regs", "vdg1_probe", "vdg1_pm", "vdg1_power", "vdg1_freq",
     "vdg1_oa_report"),
    ("vdg1_mmu", "vdg1_irq", "vdg1_engine_regs", "vdg1_global_regs"),
    ("vdg1_oa", "vdg1_blt", "vdg1_cs_regs"),
    ("vdg1_cs",),
    ("vdg1_execlists",),
    ("vdg1_counters_page",),
    ("vdg1_core",),
]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path):
    for i, (_, prefixes) in enumerate(LAYERS):
        if path.startswith(prefixes):
            return i
    return None


# Userspace and host-side trees: not the module's.
USERSPACE = ("vdg1/", "tests/", "tools/", "lib/", "scripts/")


def sources(root):
    """Every C source of the module, so a new folder cannot escape."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"],
                         cwd=root, capture_output=True, text=True,
                         check=True).stdout.split()
    return sorted(p for p in out if p.endswith((".c", ".h"))
                  and not p.startswith(USERSPACE)
                  and os.path.exists(os.path.join(root, p)))


def includes(root, files):
    graph = {}
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            graph[f] = [i for i in INCLUDE.findall(fh.read())]
    return graph


def kunit_layers(graph):
    """A KUnit suite #included by the file it tests is that file's layer;
    one built on its own (kunit/dg1_reg_defs_test.c) sits on top."""
    owner = {f: len(LAYERS) - 1 for f in graph if f.startswith("kunit/")}
    for f, incs in graph.items():
        for i in incs:
            if i.startswith("kunit/") and layer_of(f) is not None:
                owner[i] = layer_of(f)
    return owner


def cycles(graph):
    """Tarjan's strongly connected components with more than one file."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def symbols(paths):
    """{path: (defined, undefined)} from one nm run over all of @paths."""
    out = subprocess.run(["nm", "-A"] + paths, capture_output=True,
                         text=True, check=True).stdout
    syms = {p: (set(), set()) for p in paths}
    for line in out.splitlines():
        path, _, rest = line.partition(":")
        parts = rest.split()
        if len(parts) == 2 and parts[0] == "U":
            syms[path][1].add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRV":
            syms[path][0].add(parts[2])
    return syms


def rank(obj):
    """(layer order, rank in its layer's CALL_ORDER or None if unplaced)."""
    for folder, order in CALL_ORDER.items():
        if obj.startswith(folder):
            stem = os.path.basename(obj)[:-2]
            for i, names in enumerate(order):
                if stem in names:
                    return i
            return None
    return 0


def object_calls(objdir, layer):
    objs = []
    for dirpath, _, names in os.walk(objdir):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), objdir)
            # Only objects of sources that exist: a build directory
            # staged with rsync keeps the objects of renamed files.
            if n.endswith(".o") and not n.endswith(".mod.o") and \
                    layer(rel[:-2] + ".c") is not None and \
                    os.path.exists(os.path.join(objdir, rel[:-2] + ".c")):
                objs.append(rel)
    owner, uses = {}, {}
    syms = symbols([os.path.join(objdir, o) for o in sorted(objs)]) \
        if objs else {}
    for o in sorted(objs):
        d, u = syms[os.path.join(objdir, o)]
        for s in d:
            owner[s] = o
        uses[o] = u
    bad = [f"{o}: not in CALL_ORDER" for o in uses if rank(o) is None]
    for o, u in uses.items():
        for s in sorted(u):
            if s not in owner:
                continue
            lo, lc = layer(o[:-2] + ".c"), layer(owner[s][:-2] + ".c")
            if lc > lo or (lc == lo and None not in (rank(o),
                                                     rank(owner[s])) and
                           rank(owner[s]) > rank(o)):
                bad.append(f"{o} uses {s} of {owner[s]}")
    return len(objs), bad


def vdg1_calls(root, objdir):
    """Objects of vdg1's components whose call points up VDG1_ORDER."""
    rank = {n: i for i, names in enumerate(VDG1_ORDER) for n in names}
    objs = sorted(os.path.join(objdir, n) for n in os.listdir(objdir)
                  if n.startswith("vdg1_") and n.endswith(".o") and
                  os.path.exists(os.path.join(root, "vdg1", n[:-2] + ".c")))
    syms = symbols(objs) if objs else {}
    owner = {s: o for o, (d, _) in syms.items() for s in d}
    bad = []
    for o, (_, u) in sorted(syms.items()):
        me = os.path.basename(o)[:-2]
        if me not in rank:
            bad.append(f"{me}: not in VDG1_ORDER")
            continue
        for s in sorted(u):
            them = os.path.basename(owner.get(s, o))[:-2]
            if them != me and rank.get(them, -1) > rank[me]:
                bad.append(f"{me} uses {s} of {them}")
    return len(objs), bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--objects")
    ap.add_argument("--vdg1")
    args = ap.parse_args()

    if args.vdg1:
        n, bad = vdg1_calls(args.root, args.vdg1)
        ok = n > 0 and not bad
        print(f"{'ok' if ok else 'not ok'} 1 - vdg1: no call points up "
              f"the components ({n} objects)")
        for line in bad if n else [f"no objects under {args.vdg1}"]:
            print(f"#   {line}")
        print("1..1")
        return 0 if ok else 1

    files = sources(args.root)
    graph = includes(args.root, files)
    kunit = kunit_layers(graph)

    def layer(p):
        return kunit.get(p, layer_of(p))

    tests, failed = 0, 0

    def report(ok, what, lines):
        nonlocal tests, failed
        tests += 1
        failed += not ok
        print(f"{'ok' if ok else 'not ok'} {tests} - {what}")
        for line in lines:
            print(f"#   {line}")

    up, loose = [], []
    for f in files:
        lf = layer(f)
        if lf is None:
            up.append(f"{f}: not in any layer (add its folder to LAYERS)")
            continue
        for inc in graph[f]:
            li = layer(inc)
            if li is None:
                if not inc.startswith(("kunit/", "drm.h")):
                    up.append(f"{f}: includes {inc}, which is in no layer")
                continue
            if f.endswith("_types.h") and not inc.endswith("_types.h") \
                    and LAYERS[li][0] != "defs":
                loose.append(f"{f}: includes {inc}, not a types header")
            if li > lf and not (f == CONTAINER and inc.endswith("_types.h")):
                up.append(f"{f} ({LAYERS[lf][0]}) includes {inc} "
                          f"({LAYERS[li][0]})")
    report(not up, f"no include points up the layers ({len(files)} files)",
           up)
    report(not loose, "types headers include only types headers", loose)
    cyc = cycles(graph)
    report(not cyc, "no include cycle",
           [" -> ".join(c) for c in cyc])
    if args.objects:
        n, bad = object_calls(args.objects, layer)
        report(n > 0 and not bad,
               f"no call points up the layers ({n} objects)",
               bad if n else [f"no objects under {args.objects}"])
    print(f"1..{tests}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
