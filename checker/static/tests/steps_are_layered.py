#!/usr/bin/env python3
"""Checks that each file of checker/static/ includes only files of its own floor or below
(checker/static/README.md, "How it works", lists the steps in this order).

Floors, bottom up: the finding and input types and the libclang layer; ir/ (the analysis form
of a kernel and its builder); the analysis steps; the pipeline (barrier_findings.*), which only
tests and labcheck include. Exit status 1 lists every include that runs back up, with its file
and line; a file of the folder on no floor is an error too, so a new file gets a place."""
import pathlib
import re
import sys

FLOORS = [
    {'finding', 'analysis_input', 'cursor_utils', 'translation_unit'},
    {'ir/kernel_ir', 'ir/ir_builder', 'ir/ir_builder_internal', 'ir/ir_builder_statements',
     'ir/ir_builder_expressions', 'ir/ir_builder_addresses', 'ir/ir_builder_variables'},
    {'divergence', 'control_divergence', 'element_relation', 'barrier_intervals', 'race_findings',
     'unneeded_barriers', 'finding_messages'},
    {'barrier_findings'},
]
INCLUDE = re.compile(r'#include "([a-z_/]+)\.hpp"')


def floor(name: str) -> int:
    for number, names in enumerate(FLOORS):
        if name in names:
            return number
    return -1


def main() -> int:
    folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'checker/static')
    problems = []
    for path in sorted(folder.rglob('*.[ch]pp')):
        relative = path.relative_to(folder)
        if relative.parts[0] == 'tests':
            continue
        name = relative.with_suffix('').as_posix()
        own = floor(name)
        if own < 0:
            problems.append(f'{path}: on no floor of {pathlib.Path(__file__).name}: give it one')
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line.strip())
            if not match:
                continue
            target = match.group(1)
            if floor(target) < 0 and relative.parent.as_posix() != '.':
                target = (relative.parent / target).as_posix()  # a file of its own folder
            if floor(target) > own:
                problems.append(f'{path}:{number}: {name} includes {target}, a step above it')
    for problem in problems:
        print(problem)
    if not problems:
        print(f'every include in {folder} stays on its floor or goes down')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
