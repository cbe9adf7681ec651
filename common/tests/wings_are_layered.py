#!/usr/bin/env python3
"""Checks that no wing includes a wing above it (common/README.md and checker/README.md draw the floors).

    wings_are_layered.py DIR [--floors w1,w2,...] [--apart wing/a,wing/b,...] [--opencl-free w1,...]

A file of DIR/<wing>/ may include its own wing and any wing below; with no --floors, DIR is
common/ with its eight wings. Includes name the wing: #include "terms/defines.hpp".
--apart lists files that stand side by side and may not include one another (the reporters).
--opencl-free lists wings that include no OpenCL header, directly or through harness/ (for common/:
util, terms and description, so that reading a lab.toml needs no OpenCL).
Exit status 1 lists every include that breaks a rule, with its file and line."""
import argparse
import pathlib
import re
import sys

COMMON_FLOORS = ['util', 'memory_lens', 'terms', 'harness', 'description', 'problems', 'bench', 'tune', 'lab_cli']
COMMON_OPENCL_FREE = ['util', 'memory_lens', 'terms', 'description']
OPENCL_HEADER = re.compile(r'#include <CL/')
INCLUDE = re.compile(r'#include "([a-z_]+)/(?:[a-z_]+/)*([a-z_]+)\.hpp"')


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('root', nargs='?', default='common')
    parser.add_argument('--floors', default=','.join(COMMON_FLOORS))
    parser.add_argument('--apart', default='')
    parser.add_argument('--opencl-free', default=None)
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    floors = args.floors.split(',')
    apart = {name for name in args.apart.split(',') if name}
    common = args.floors == ','.join(COMMON_FLOORS)
    opencl_free = set(COMMON_OPENCL_FREE if args.opencl_free is None and common else
                      [w for w in (args.opencl_free or '').split(',') if w])

    def floor(wing: str) -> int:
        return floors.index(wing) if wing in floors else -1

    problems = []
    for path in sorted(root.rglob('*.[ch]pp')):
        wing = path.relative_to(root).parts[0]
        if floor(wing) < 0:
            continue  # tests/ and anything outside the wings
        unit = f'{wing}/{path.stem}'
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if wing in opencl_free and OPENCL_HEADER.match(line.strip()):
                problems.append(f'{path}:{number}: {wing}/ includes an OpenCL header; it is kept free of OpenCL')
            match = INCLUDE.match(line.strip())
            if not match:
                continue
            included = f'{match.group(1)}/{match.group(2)}'
            if wing in opencl_free and match.group(1) == 'harness':
                problems.append(f'{path}:{number}: {wing}/ includes harness/, which brings in the OpenCL header; '
                                'move what it needs to terms/ (no OpenCL)')
            elif floor(match.group(1)) > floor(wing):
                problems.append(f'{path}:{number}: {wing}/ includes {match.group(1)}/, a wing above it')
            elif unit in apart and included in apart and included != unit:
                problems.append(f'{path}:{number}: {unit} includes {included}: they stand side by side '
                                '(move what both need into a file of its own)')
    for problem in problems:
        print(problem)
    if not problems:
        print(f'every include in {root} stays on its floor or goes down')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
