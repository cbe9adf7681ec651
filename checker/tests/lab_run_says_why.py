#!/usr/bin/env python3
"""`lab run` on issue 48's kernels: the cause named, the same verdict whatever ran first.

    lab_run_says_why.py LAB_EXE

From the course root (it reads checker/mutants/, so a full clone only):
  - lab 04 with `if (row >= M || col >= N) return;` before the tile loop (mutants.toml's
    04-matmul-tiled/early_return.cl, the return at line 22): wrong, and the output names the
    `return` at its line, as labcheck's static analysis does;
  - lab 04 looping to a literal 16 over TILE_SIZE-wide tiles (runtime/04-matmul-tiled/
    hard_coded_16_inner_loop.cl): wrong at every size of 'small tiles' after the 16-wide set, and
    wrong at every size with -D TILE_SIZE=8 alone, both saying that __local memory no work-item
    wrote was read (the check does not depend on what ran before it).
Exit status 1 says which expectation failed, with the output.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

MUTANTS = pathlib.Path('checker/mutants')


def lab_run(lab_exe, kernel, *extra):
    with tempfile.TemporaryDirectory(prefix='lab-run-says-why-') as tmp:
        folder = pathlib.Path(tmp) / '04-matmul-tiled'
        folder.mkdir()
        (folder / 'matmul.cl').write_text((MUTANTS / kernel).read_text())
        proc = subprocess.run([lab_exe, 'run', '04', '--submission', tmp, '--no-timing', *extra],
                              capture_output=True, text=True)
        return proc.returncode, proc.stdout + proc.stderr


def flat(text):
    """The output with its wrapped lines joined: a phrase may be cut by the wrapping at 100 columns."""
    return re.sub(r'\s+', ' ', text)


def main():
    if not (MUTANTS / 'mutants.toml').exists():
        print('skipped: no checker/mutants (the student edition)')
        return 77
    lab_exe = sys.argv[1]
    problems = []
    status, out = lab_run(lab_exe, '04-matmul-tiled/early_return.cl')
    if status != 1 or "labcheck's barrier analysis finds this" not in flat(out) or 'line 22: ' not in out \
            or 'the `return` at line 22' not in flat(out):
        problems.append(f'early return: expected WRONG and the return at line 22 named (exit {status}):\n{out}')
    unwritten = 'holds a value read from __local memory that no work-item wrote'
    status, out = lab_run(lab_exe, 'runtime/04-matmul-tiled/hard_coded_16_inner_loop.cl')
    small = out[out.find("define set 'small tiles'"):]
    if status != 1 or unwritten not in flat(small) or small.count('WRONG') != 10:
        problems.append(f'literal 16, both sets: expected 10 wrong sizes at small tiles (exit {status}):\n{out}')
    status, out = lab_run(lab_exe, 'runtime/04-matmul-tiled/hard_coded_16_inner_loop.cl', '-D', 'TILE_SIZE=8')
    if status != 1 or unwritten not in flat(out) or out.count('WRONG') != 10:
        problems.append(f'literal 16, -D TILE_SIZE=8 alone: expected 10 wrong sizes (exit {status}):\n{out}')
    for problem in problems:
        print(problem)
    print(f'{3 - len(problems)} of 3 expectations met')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
