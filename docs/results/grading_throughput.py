#!/usr/bin/env python3
"""A benchmark, not a test: how long a whole class takes to grade, and where the time goes.

Generates a class of STUDENTS submissions from the course's own kernels (for each lab, most
students hand in the solution, some the untouched stub, the rest a mutant of that lab: a
correct kernel in another style or a bug), the way real classes hand in many identical files,
then grades it with `labcheck --class` and writes docs/results/grading-throughput.md: the wall
time, the distinct files, and each stage's share of the children's time (from the records).

    docs/results/grading_throughput.py --students 300 --jobs 16            # a term's class on a node
    docs/results/grading_throughput.py --students 20 --labs 01,04 --jobs 2  # a quick look on a laptop

Needs a built tree (build/checker/labcheck) and the full clone (solutions/, checker/mutants/).
"""
import argparse
import collections
import hashlib
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The share of students handing in each kind of file, per lab (the rest hand in a mutant).
SOLUTION_SHARE = 0.6
STUB_SHARE = 0.1


def lab_folders(wanted):
    folders = sorted(p.name for p in (ROOT / "labs").iterdir() if (p / "lab.toml").is_file())
    return [f for f in folders if not wanted or f[:2] in wanted]


def mutants_by_lab():
    """Every mutant kernel file of checker/mutants, by lab number (the runtime and the static suites)."""
    found = collections.defaultdict(list)
    for path in sorted((ROOT / "checker" / "mutants").rglob("*.cl")):
        for part in path.relative_to(ROOT / "checker" / "mutants").parts[:-1]:
            if part[:2].isdigit() and part[2] == "-":
                found[part[:2]].append(path)
    return found


def kernel_files(folder):
    """The kernel files a student hands in for a lab: the stub folder's .cl files."""
    return sorted(p.name for p in (ROOT / "labs" / folder).glob("*.cl"))


def generate(class_dir, students, folders, seed):
    """Writes the class; returns {lab: number of distinct submissions}."""
    rng = random.Random(seed)
    mutants = mutants_by_lab()
    distinct = collections.defaultdict(set)
    for s in range(students):
        for folder in folders:
            lab = folder[:2]
            target = class_dir / f"student{s:03d}" / folder
            target.mkdir(parents=True)
            draw = rng.random()
            names = kernel_files(folder)
            for name in names:
                if draw < SOLUTION_SHARE:
                    source = ROOT / "solutions" / folder / name
                elif draw < SOLUTION_SHARE + STUB_SHARE or not mutants[lab] or len(names) > 1:
                    source = ROOT / "labs" / folder / name  # a lab of several files: its stub
                else:
                    source = rng.choice(mutants[lab])
                shutil.copyfile(source, target / name)
            digest = hashlib.sha256(b"".join((target / n).read_bytes() for n in kernel_files(folder))).hexdigest()
            distinct[lab].add(digest)
    return {lab: len(files) for lab, files in distinct.items()}


def stage_seconds(results_dir):
    """The children's wall time per stage, summed over the records (a shared grading counts once)."""
    seconds = collections.Counter()
    for record in results_dir.glob("*.json"):
        for result in json.loads(record.read_text()).get("results", []):
            if not result.get("shared_from"):
                seconds[result["stage"]] += result.get("seconds", 0.0)
    return seconds


def device_line(labcheck):
    out = subprocess.run([str(ROOT / "build" / "common" / "lab"), "devices"], capture_output=True, text=True)
    chosen = [line for line in out.stdout.splitlines() if line.lstrip().startswith("*")]
    return chosen[0].strip("* ").strip() if chosen else "unknown device"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--labs", default="", help="comma-separated lab numbers (default: every lab)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", default=str(ROOT / "docs" / "results" / "grading-throughput.md"))
    parser.add_argument("--labcheck", default=str(ROOT / "build" / "checker" / "labcheck"))
    args = parser.parse_args()
    folders = lab_folders([lab.strip() for lab in args.labs.split(",") if lab.strip()])
    work = pathlib.Path(tempfile.mkdtemp(prefix="throughput-"))
    try:
        class_dir = work / "class"
        distinct = generate(class_dir, args.students, folders, args.seed)
        command = [args.labcheck, "--class", str(class_dir), "--jobs", str(args.jobs), "--quiet",
                   "--gradebook", str(work / "gradebook.csv")]
        for folder in folders:
            command += ["--lab", folder[:2]]
        started = time.monotonic()
        run = subprocess.run(command, capture_output=True, text=True)
        wall = time.monotonic() - started
        if run.returncode not in (0, 1):
            sys.exit(f"labcheck failed ({run.returncode}):\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        per_stage = stage_seconds(work / "class-labcheck-results")
        write_page(args, folders, distinct, wall, per_stage, device_line(args.labcheck))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write_page(args, folders, distinct, wall, per_stage, device):
    total = sum(per_stage.values()) or 1.0
    lines = [
        "# Grading throughput: a generated class",
        "",
        "Written by `docs/results/grading_throughput.py` (a benchmark: run it by hand on the machine you",
        "grade on). The class is generated from the course's own kernels: per lab,",
        f"{SOLUTION_SHARE:.0%} of the students hand in the solution, {STUB_SHARE:.0%} the stub and the rest a "
        "mutant of that lab",
        "(checker/mutants), so most files are identical, as in real classes; identical files are graded",
        "once (checker/README.md, \"Identical files\"). The stages' times are the children's wall",
        "time, summed (children run side by side, so the sum exceeds the wall time).",
        "",
        f"- command: `{' '.join(['labcheck --class CLASS', '--jobs', str(args.jobs)] + [f'--lab {f[:2]}' for f in folders])}`",
        f"- device: {device}; {os.cpu_count()} processors",
        f"- students: {args.students}; labs: {', '.join(f[:2] for f in folders)}",
        f"- distinct files graded: {sum(distinct.values())} of {args.students * len(folders)} "
        f"({', '.join(f'{lab}: {n}' for lab, n in sorted(distinct.items()))})",
        f"- wall time: {wall:.0f} s ({wall / max(args.students, 1):.2f} s per student)",
        "",
        "| stage | children's time (s) | share |",
        "|---|---|---|",
    ]
    for stage in ("build", "correctness", "barriers", "speedup"):
        lines.append(f"| {stage} | {per_stage.get(stage, 0.0):.0f} | {per_stage.get(stage, 0.0) / total:.0%} |")
    lines.append("")
    pathlib.Path(args.output).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
