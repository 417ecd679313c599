#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Docs that are true: the uapi's ioctl list names every ioctl, README's
layout table names every folder of the module, and no text of the tree
names a driver file that does not exist; the same for vdg1 and its
README. Each check then runs on a copy of the tree whose docs lie in
every one of those ways, and must fail there. Prints TAP."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import ROOT as REPO, Tap

FOLDERS = ('core', 'mmio', 'gt', 'mem', 'submit', 'oa', 'drm', 'regs',
           'kunit', 'uapi')
USERSPACE = ('vdg1', 'tests', 'tools', 'scripts', 'lib')
PATH = re.compile(r'\b((?:%s)/dg1_\w+\.[ch])\b' % '|'.join(FOLDERS))


# (path, text, replacement): one lie for each check.
DOC_LIES = [
    ('uapi/dg1_drm.h', ' * - &DRM_IOCTL_DG1_EXEC - submit a batch to an exec queue\n', ''),
    ('README.md', '| `mmio/` |', '| `mmio-gone/` |'),
    ('core/dg1_trace.c', '(core/dg1_trace.h)', '(gt/dg1_trace.h)'),
    ('vdg1/README.md', '| `vdg1_layout.[ch]` |', '| layout |'),
    ('vdg1/vdg1_state.h', 'filled in by vdg1_counters_page.c',
     'filled in by vdg1_counters.c'),
]

ROOT = REPO


def read(path):
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        return f.read()


def tracked(root=None):
    root = root or ROOT
    out = subprocess.run(['git', 'ls-files', '-co', '--exclude-standard'],
                         cwd=root, capture_output=True, text=True,
                         check=True).stdout.split()
    return [p for p in out if os.path.isfile(os.path.join(root, p))]


class Results:
    """Collects (name, held, why) instead of printing."""

    def __init__(self):
        self.rows = []

    def ok(self, name, cond, why=''):
        self.rows.append((name, bool(cond), why))


def checks(tap):
    uapi = read('uapi/dg1_drm.h')
    doc = re.search(r'DOC: dg1 ioctls\n(.*?)\*/', uapi, re.S)
    ioctls = re.findall(r'^#define (DRM_IOCTL_DG1_\w+)', uapi, re.M)
    listed = set(re.findall(r'&(DRM_IOCTL_DG1_\w+)', doc.group(1))) \
        if doc else set()
    missing = [i for i in ioctls if i not in listed]
    tap.ok(f'"DOC: dg1 ioctls" lists all {len(ioctls)} ioctls',
           doc and ioctls and not missing, f'not listed: {missing}')

    files = tracked()
    folders = sorted({p.split('/')[0] for p in files
                      if p.endswith(('.c', '.h')) and '/' in p and
                      p.split('/')[0] not in USERSPACE})
    readme = read('README.md')
    layout = readme[readme.index('## Layout'):] if '## Layout' in readme \
        else ''
    rows = set(re.findall(r'^\| `([\w/.]+?)/?` \|', layout, re.M))
    absent = [f for f in folders
              if not any(r == f or r.startswith(f + '/') for r in rows)]
    tap.ok(f'README\'s layout table has a row for each of the module\'s '
           f'{len(folders)} folders', folders and not absent,
           f'no row: {absent}')

    # One pass over the texts: driver paths and vdg1 file names that are gone.
    vfiles = {os.path.basename(p) for p in files
              if p.startswith('vdg1/') and p.endswith(('.c', '.h'))}
    stale, vstale = [], []
    for p in files:
        # The self-tests' fixtures name files of trees they make up.
        if p.startswith('scripts/tests/'):
            continue
        if not p.endswith(('.c', '.h', '.rst', '.md', '.py', '.sh')) and \
                os.path.basename(p) not in ('Kbuild', 'Makefile'):
            continue
        try:
            text = read(p)
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            stale += [f'{p}:{n}: {ref}' for ref in PATH.findall(line)
                      if not os.path.exists(os.path.join(ROOT, ref))]
            if p.endswith(('.c', '.h', '.rst', '.md')):
                vstale += [f'{p}:{n}: {ref}'
                           for ref in re.findall(r'\b(vdg1_\w+\.[ch])\b', line)
                           if ref not in vfiles]
    tap.ok('every driver file the tree names exists', not stale,
           '\n'.join(stale))

    # vdg1: its README's tables name every component.
    vreadme = read('vdg1/README.md')
    named_in_readme = set()
    for m in re.finditer(r'`(?:[\w/]*/)?(vdg1_\w+)\.(\[ch\]|c|h)`', vreadme):
        exts = ('c', 'h') if m.group(2) == '[ch]' else (m.group(2),)
        named_in_readme |= {f'{m.group(1)}.{e}' for e in exts}
    core = sorted(os.path.basename(p) for p in files
                  if re.match(r'vdg1/(include/)?vdg1_\w+\.[ch]$', p))
    unlisted = [f for f in core if f not in named_in_readme]
    tap.ok(f'vdg1/README.md names each of vdg1\'s {len(core)} component files',
           core and not unlisted, f'not named: {unlisted}')
    tap.ok('every vdg1 file the tree names exists', not vstale,
           '\n'.join(vstale))


def main():
    global ROOT
    tap = Tap()
    real = Results()
    checks(real)
    for name, held, why in real.rows:
        tap.ok(name, held, why)

    with tempfile.TemporaryDirectory() as tmp:
        for path in tracked():     # the working tree as it is, not HEAD
            os.makedirs(os.path.dirname(os.path.join(tmp, path)), exist_ok=True)
            shutil.copy(os.path.join(REPO, path), os.path.join(tmp, path))
        subprocess.run(['git', 'init', '-q', tmp], check=True)
        for path, old, new in DOC_LIES:
            full = os.path.join(tmp, path)
            with open(full, encoding='utf-8') as f:
                text = f.read()
            tap.ok(f'lie: "{old.strip()[:40]}" is in {path}', old in text)
            with open(full, 'w', encoding='utf-8') as f:
                f.write(text.replace(old, new))
        ROOT = tmp
        lied = Results()
        checks(lied)
        ROOT = REPO
    for (name, _, _), (_, held, _) in zip(real.rows, lied.rows):
        tap.ok(f'{name}: fails where the docs lie', not held)
    return tap.done('docs')


if __name__ == '__main__':
    sys.exit(main())
