#!/usr/bin/env python3
"""`lab run` and labcheck's correctness stage give every kernel the same verdict (issue 48, item 1).

    lab_run_agrees_with_labcheck.py --lab-exe LAB --labcheck LABCHECK [--labs 01,02] [--verdict pass]
                                    [--manifest runtime_mutants.toml]

Takes the runtime mutant suite's kernels (checker/mutants/runtime_mutants.toml, or --manifest
mutants.toml: the static suite's, 31 right kernels, 39 s, run by hand) whose expected
correctness verdict is --verdict ("pass": the right kernels in many styles, the default; "fail": the
wrong ones), of the labs given (default: every lab), and runs each through both:
  - `lab run NN --submission DIR --no-timing`: right when it exits 0, wrong when it exits 1;
  - `labcheck --class ... --stage build,correctness --no-hidden`: right when correctness passes
    (or warns), wrong when it fails;
at the lab's contract sizes (no hidden sizes: a student's `lab run` does not know them). Both must
say the same, and check the same define sets: `lab run` the sets it prints a heading for and does
not call "not checked", labcheck the sets its reason names (an optional extension's set the kernel
file does not use is checked by neither). Exit status 1 lists every kernel where they differ, with
both outputs. A mutant that is a speed cheat, or a file the suite makes (links, folders), is left out.
"""
import argparse
import concurrent.futures
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

ROOT = pathlib.Path.cwd()
MANIFEST = 'runtime_mutants.toml'
SET_HEADING = re.compile(r"^define set '(.+)' \(\d+ of \d+")
NOT_CHECKED = re.compile(r"^  not checked: ")
SETS_IN_REASON = re.compile(r" at (?:\d+ define sets \(([^)]*)\)|define set (.+?))(?:,|;|$)")


def lab_folder(lab):
    return next(p.name for p in (ROOT / 'labs').glob(lab + '-*') if p.is_dir())


def kernel_text(mutant, folder, kernel_file):
    if 'file' in mutant:
        return (ROOT / 'checker' / 'mutants' / mutant['file']).read_text()
    text = (ROOT / 'solutions' / folder / kernel_file).read_text()
    for edit in mutant.get('solution_edits', []):
        needle = edit.get('cut_from') or edit['replace']
        if text.count(needle) != 1:
            raise SystemExit(f"{mutant['name']}: \"{needle}\" is not in the solution exactly once")
        at = text.index(needle)
        text = text[:at] if 'cut_from' in edit else text[:at] + edit['with'] + text[at + len(needle):]
    return text


def chosen_mutants(labs, verdict, manifest_name):
    manifest = tomllib.loads((ROOT / 'checker' / 'mutants' / manifest_name).read_text())
    chosen, seen = [], set()
    for m in manifest['mutant']:
        key = (m['lab'], m.get('file') or m.get('name'))
        if m.get('correctness') != verdict or 'speedup' in m or 'make' in m or m.get('defines') or key in seen:
            continue
        if labs and m['lab'] not in labs:
            continue
        seen.add(key)
        chosen.append(m)
    return chosen


def place(mutants, work):
    """One student per mutant: work/class/<lab>/s<i>/<NN-name>/<kernel file>."""
    placed = []
    for i, m in enumerate(mutants):
        folder = lab_folder(m['lab'])
        kernel_file = tomllib.loads((ROOT / 'labs' / folder / 'lab.toml').read_text())['kernel_file']
        student = work / 'class' / m['lab'] / f's{i:02d}'
        (student / folder).mkdir(parents=True)
        (student / folder / kernel_file).write_text(kernel_text(m, folder, kernel_file))
        placed.append((m, student))
    return placed


def lab_run_verdict(lab_exe, lab, student):
    argv = [lab_exe, 'run', lab, '--submission', str(student), '--no-timing']
    toml = tomllib.loads((ROOT / 'labs' / lab_folder(lab) / 'lab.toml').read_text())
    if 'reference_gemm' in toml.get('strassen', {}):
        argv.append('--reference-gemm')  # lab 07 with the course's GEMM, as labcheck grades strassen.cl alone
    proc = subprocess.run(argv, capture_output=True, text=True)
    sets, current = [], None
    for line in proc.stdout.splitlines():
        heading = SET_HEADING.match(line)
        if heading:
            current = heading.group(1)
            sets.append(current)
        elif NOT_CHECKED.match(line) and current in sets:
            sets.remove(current)
    verdict = {0: 'right', 1: 'wrong'}.get(proc.returncode, f'exit {proc.returncode}')
    return verdict, sets, proc.stdout + proc.stderr


def labcheck_verdicts(labcheck, lab, folder):
    out = folder.parent / f'{lab}.json'
    proc = subprocess.run([labcheck, '--class', str(folder), '--lab', lab, '--stage', 'build,correctness',
                           '--no-hidden', '--jobs', '2', '-q', '--json', str(out),
                           '--gradebook', str(folder.parent / f'{lab}.csv')], capture_output=True, text=True)
    if proc.returncode == 2 or not out.exists():
        raise SystemExit(f'labcheck could not grade lab {lab}:\n{proc.stdout}{proc.stderr}')
    verdicts = {}
    for student in json.loads(out.read_text())['students']:
        tests = {t['extra_data']['stage']: t for t in student['results']['tests']}
        correctness = tests.get('correctness')
        if correctness is None:
            verdicts[student['student']] = ('no correctness result', [], json.dumps(tests, indent=1))
            continue
        reason = correctness['extra_data']['reason']
        found = SETS_IN_REASON.search(reason)
        sets = [s.strip() for s in (found.group(1) or found.group(2)).split(',')] if found else []
        verdict = 'right' if correctness['extra_data']['verdict'] in ('pass', 'warn') else 'wrong'
        verdicts[student['student']] = (verdict, sets, correctness['output'])
    return verdicts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--lab-exe', required=True)
    parser.add_argument('--labcheck', required=True)
    parser.add_argument('--labs', default='')
    parser.add_argument('--verdict', default='pass', choices=['pass', 'fail'])
    parser.add_argument('--manifest', default=MANIFEST, choices=['runtime_mutants.toml', 'mutants.toml'])
    args = parser.parse_args()
    if not (ROOT / 'checker' / 'mutants' / 'runtime_mutants.toml').exists():
        print('skipped: no checker/mutants (the student edition)')
        return 77
    started = time.monotonic()
    labs = [lab for lab in args.labs.split(',') if lab]
    mutants = chosen_mutants(labs, args.verdict, args.manifest)
    problems = []
    with tempfile.TemporaryDirectory(prefix='lab-run-agrees-') as tmp:
        placed = place(mutants, pathlib.Path(tmp))
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            ours = {student: pool.submit(lab_run_verdict, args.lab_exe, m['lab'], student) for m, student in placed}
            theirs = {}
            for lab in sorted({m['lab'] for m, _ in placed}):
                theirs.update({(lab, k): v for k, v in
                               labcheck_verdicts(args.labcheck, lab, pathlib.Path(tmp) / 'class' / lab).items()})
            for m, student in placed:
                mine, my_sets, my_text = ours[student].result()
                grader, grader_sets, grader_text = theirs.get((m['lab'], student.name), ('missing', [], ''))
                label = f"lab {m['lab']} {m.get('file') or m.get('name')}"
                if mine != grader or (grader_sets and my_sets and my_sets != grader_sets):
                    problems.append(f'{label}: lab run says {mine} at sets {my_sets}, labcheck {grader} at sets '
                                    f'{grader_sets}\n--- lab run:\n{my_text}\n--- labcheck:\n{grader_text}\n')
                elif mine != ('right' if args.verdict == 'pass' else 'wrong'):
                    problems.append(f'{label}: both say {mine}; the manifest expects correctness "{args.verdict}"')
    for problem in problems:
        print(problem)
    print(f'{len(placed) - len(problems)} of {len(placed)} kernels: lab run and labcheck agree '
          f'({time.monotonic() - started:.0f} s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
