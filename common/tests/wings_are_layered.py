#!/usr/bin/env python3
"""Checks that no wing of common/ includes a wing above it (common/README.md draws the floors).

A file may include its own wing and any wing below; problems/<kind>/ may include problems/ and,
for Strassen, the matmul kind whose GEMM it batches. Exit status 1 lists every include that runs
back up, with its file and line."""
import pathlib
import re
import sys

FLOORS = ['util', 'harness', 'description', 'problems', 'bench', 'tune', 'lab_cli']
INCLUDE = re.compile(r'#include "([a-z_]+)/')


def floor(wing: str) -> int:
    return FLOORS.index(wing) if wing in FLOORS else -1


def main() -> int:
    common = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'common')
    problems = []
    for path in sorted(common.rglob('*.[ch]pp')):
        wing = path.relative_to(common).parts[0]
        if floor(wing) < 0:
            continue  # tests/ and anything outside the wings
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line.strip())
            if match and floor(match.group(1)) > floor(wing):
                problems.append(f'{path}:{number}: {wing}/ includes {match.group(1)}/, a wing above it')
    for problem in problems:
        print(problem)
    if not problems:
        print(f'every include in {common} stays on its floor or goes down')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
