#!/usr/bin/env python3
"""Runs the kernels of kernels/known_counts.cl under Oclgrind with the memory-lens plugin
and checks each line's counts against the ones worked out by hand.

    plugin_counts.py PLUGIN.so OCLGRIND_KERNEL

Exit status 1 lists every count that differs, with its kernel and line."""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE / 'kernels' / 'known_counts.cl'

# kernel, global size, local size, warp, buffer bytes, then per marker:
# (marker, space, direction): (requests, sectors, ideal sectors, worst bank-conflict degree)
CASES = [
    ('coalesced', (64, 1), (32, 1), 32, 1024, {
        ('copy', 'global', 'load'): (2, 8, 8, 0),       # 32 consecutive floats per warp: 4 sectors
        ('copy', 'global', 'store'): (2, 8, 8, 0)}),
    ('coalesced', (40, 1), (40, 1), 32, 1024, {        # a ragged group: a full warp, then 8 items
        ('copy', 'global', 'load'): (2, 5, 5, 0)}),
    ('coalesced', (128, 1), (64, 1), 64, 1024, {       # --warp 64: one request per group
        ('copy', 'global', 'load'): (2, 16, 16, 0)}),
    ('stride8', (64, 1), (32, 1), 32, 4096, {
        ('copy', 'global', 'load'): (2, 64, 8, 0)}),    # a stride of 8 floats: 32 sectors each
    ('stride33', (32, 1), (32, 1), 32, 8192, {
        ('copy', 'global', 'load'): (1, 32, 4, 0)}),
    ('broadcast', (64, 1), (32, 1), 32, 1024, {
        ('copy', 'global', 'load'): (2, 2, 2, 0)}),     # one float for the whole warp: 1 sector
    ('float4_copy', (64, 1), (32, 1), 32, 1024, {
        ('copy', 'global', 'load'): (2, 32, 32, 0),     # 32 × 16 bytes: 16 sectors, all needed
        ('copy', 'global', 'store'): (2, 32, 32, 0)}),
    ('vload4_copy', (64, 1), (32, 1), 32, 1024, {
        ('copy', 'global', 'load'): (2, 32, 32, 0),
        ('copy', 'global', 'store'): (2, 32, 32, 0)}),
    ('skip_odd', (64, 1), (32, 1), 32, 1024, {         # half the warp: the same 4 sectors, 2 would do
        ('copy', 'global', 'load'): (2, 8, 4, 0)}),
    ('tile_unpadded', (32, 4), (32, 4), 32, 1024, {
        ('fill', 'local', 'store'): (4, 0, 0, 1),
        ('read', 'local', 'load'): (4, 0, 0, 32)}),    # tile[lx][ly], 32 wide: 32-way
    ('tile_padded', (32, 4), (32, 4), 32, 1024, {
        ('fill', 'local', 'store'): (4, 0, 0, 1),
        ('read', 'local', 'load'): (4, 0, 0, 1)}),     # padded to 33: 1-way
    ('loop_twice', (64, 1), (32, 1), 32, 1024, {       # the k-th execution is the k-th request
        ('sum', 'global', 'load'): (4, 16, 16, 0)}),
]

# barriers per work-group, where a case checks them
BARRIERS = {'tile_unpadded': 1, 'tile_padded': 1, 'coalesced': 0}


def marker_lines() -> dict:
    """(kernel, marker) -> the line of that marker inside that kernel."""
    lines, kernel = {}, None
    for number, text in enumerate(SOURCE.read_text().splitlines(), 1):
        if text.startswith('kernel void '):
            kernel = text.split()[2].split('(')[0]
        if '// @' in text:
            lines[(kernel, text.split('// @')[1].strip())] = number
    return lines


def run_case(plugin, oclgrind_kernel, workdir, case) -> dict:
    kernel, global_size, local_size, warp, buffer_bytes, _ = case
    sim = workdir / f'{kernel}.sim'
    sim.write_text(f'{SOURCE}\n{kernel}\n{global_size[0]} {global_size[1]} 1\n{local_size[0]} {local_size[1]} 1\n\n'
                   f'<size={buffer_bytes} fill=1>\n<size={buffer_bytes} fill=0>\n')
    output = workdir / f'{kernel}.json'
    env = dict(os.environ, MEMORY_LENS_OUTPUT=str(output), MEMORY_LENS_WARP=str(warp))
    done = subprocess.run([oclgrind_kernel, '--plugins', plugin, str(sim)], env=env, capture_output=True, text=True,
                          timeout=120)
    if done.returncode != 0 or not output.exists():
        raise RuntimeError(f'{kernel}: oclgrind-kernel exited {done.returncode}: {done.stderr.strip()[-800:]}')
    return json.loads(output.read_text())


def check_case(case, report, lines) -> list:
    kernel, global_size, local_size, warp, _, expected = case
    problems = []
    launch = report['launches'][0]
    sites = {(s['line'], s['space'], s['direction']): s for s in launch['sites']}
    for (marker, space, direction), (requests, sectors, ideal, degree) in expected.items():
        where = f'{kernel} (global {global_size}, local {local_size}, warp {warp}), @{marker} {space} {direction}'
        line = lines[(kernel, marker)]
        site = sites.get((line, space, direction))
        if site is None:
            problems.append(f'{where}: no counts at line {line}; the report has {sorted(sites)}')
            continue
        got = (site['requests'], site['sectors'], site['ideal_sectors'], site['degree_worst'])
        if got != (requests, sectors, ideal, degree):
            problems.append(f'{where}: expected (requests, sectors, ideal, worst degree) = '
                            f'{(requests, sectors, ideal, degree)}, counted {got}')
    if kernel in BARRIERS and launch['barriers'] != BARRIERS[kernel] * launch['work_groups']:
        problems.append(f'{kernel}: expected {BARRIERS[kernel]} barrier(s) per work-group, counted '
                        f'{launch["barriers"]} in {launch["work_groups"]} group(s)')
    return problems


def main() -> int:
    plugin, oclgrind_kernel = sys.argv[1], sys.argv[2]
    lines = marker_lines()
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for index, case in enumerate(CASES):
            workdir = pathlib.Path(tmp) / str(index)
            workdir.mkdir()
            problems += check_case(case, run_case(plugin, oclgrind_kernel, workdir, case), lines)
    for problem in problems:
        print(problem)
    print(f'{len(CASES)} kernels, {len(problems)} difference(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
