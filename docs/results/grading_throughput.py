#!/usr/bin/env python3
"""A benchmark, not a test: how long a whole class takes to grade, and where the time goes.

Generates a class of STUDENTS submissions from the course's own kernels (for each lab, most
students hand in the solution, some the untouched stub, the rest a mutant of that lab: a
correct kernel in another style or a bug), each written in the student's own hand
(student_variation.py: names, loop forms, equivalent expressions, layout, comments), so that every
file differs as in a real class, except a stated share of exact copies of another student's file;
then grades it with `labcheck --class` and writes docs/results/grading-throughput.md: the wall
time, the distinct files, and each stage's share of the children's time (from the records and
from labcheck's progress lines).

    docs/results/grading_throughput.py --students 300 --jobs 16            # a term's class on a node
    docs/results/grading_throughput.py --students 20 --labs 01,04 --jobs 2  # a quick look on a laptop
    docs/results/grading_throughput.py --one-student                       # one student, cold PoCL cache
    docs/results/grading_throughput.py --render                            # the page again from the JSON
    docs/results/grading_throughput.py --check-variation --jobs 2          # each kernel beside its varied form

The measured figures are kept in docs/results/grading-throughput.json (`--data`): a class run
replaces its "class" entry, `--one-student` its "one_student" entry, and the page is written from
the whole file, so figures measured on different machines (a GPU node, a 2-core box) share a page.
Its "class_note" and "one_student_note", written by hand, go under their sections (what a figure
does not show: a target not demonstrated, an extrapolation, the runs behind a figure).

A class run that does not fit in one sitting (a lent machine's call is limited) is resumable:
`--work DIR` keeps the generated class, labcheck's records and the segments' times in DIR, and a
second run with the same DIR grades only the students without a record (labcheck --class
resumes). `--time-limit S`, SIGINT or SIGTERM stop labcheck cleanly (SIGINT: it keeps what is
done) and write a page that says the class is not complete. The wall time of a resumed class is
the sum of its segments; identical files are shared within one labcheck run only, so a segment
grades again the distinct files its students need (the page says how many segments there were).

Needs a built tree (build/checker/labcheck) and the full clone (solutions/, checker/mutants/).
"""
import argparse
import collections
import datetime
import hashlib
import json
import os
import pathlib
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from student_variation import vary

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The share of students handing in each kind of file, per lab (the rest hand in a mutant).
SOLUTION_SHARE = 0.6
STUB_SHARE = 0.1
# Kernel files as bytes: a hostile mutant's bytes that are not UTF-8 are written back as they were.
RAW = {"encoding": "utf-8", "errors": "surrogateescape"}
# The share of a lab's files that are an exact copy of an earlier student's file (graded once).
COPY_SHARE = 0.05
STAGES = ("build", "correctness", "barriers", "speedup")
# labcheck's progress line for one child: "labcheck: class/student007/04-matmul-tiled   static   1.2 s"
PROGRESS = re.compile(r"^labcheck: (?P<where>\S+)\s+(?P<what>.*?)\s+(?P<seconds>[0-9.]+) s$")


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


def source_of(kind, folder, name, lab, mutants, rng):
    if kind == "solution":
        return ROOT / "solutions" / folder / name
    if kind == "stub":
        return ROOT / "labs" / folder / name
    return rng.choice(mutants[lab])


def generate(class_dir, students, folders, seed):
    """Writes the class; returns {lab: number of distinct submissions}, {kind: files} handed in and
    {lab: exact copies of an earlier student's file}."""
    rng = random.Random(seed)
    mutants = mutants_by_lab()
    distinct = collections.defaultdict(set)
    kinds = collections.Counter()
    copies = collections.Counter()
    for s in range(students):
        student = f"student{s:03d}"
        hand = random.Random(f"{seed}-{student}")  # the student's habits, the same in every lab
        for folder in folders:
            lab = folder[:2]
            target = class_dir / student / folder
            target.mkdir(parents=True)
            names = kernel_files(folder)
            if s > 0 and rng.random() < COPY_SHARE:
                earlier = class_dir / f"student{rng.randrange(s):03d}" / folder
                for name in names:
                    shutil.copyfile(earlier / name, target / name)
                copies[lab] += 1
                kinds["copy"] += 1
            else:
                draw = rng.random()
                if draw < SOLUTION_SHARE:
                    kind = "solution"
                elif draw < SOLUTION_SHARE + STUB_SHARE or not mutants[lab] or len(names) > 1:
                    kind = "stub"  # a lab of several files: its stub
                else:
                    kind = "mutant"
                kinds[kind] += 1
                for name in names:
                    text = source_of(kind, folder, name, lab, mutants, rng).read_text(**RAW)
                    (target / name).write_text(vary(text, random.Random(hand.random()), student), **RAW)
            digest = hashlib.sha256(b"".join((target / n).read_bytes() for n in kernel_files(folder))).hexdigest()
            distinct[lab].add(digest)
    return ({lab: len(files) for lab, files in sorted(distinct.items())}, dict(kinds),
            {lab: copies[lab] for lab in sorted(distinct)})


def read_records(results_dir):
    records = []
    for path in sorted(results_dir.glob("*.json")):
        try:
            records.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            pass
    return records


def record_figures(records):
    """From labcheck's records: the children's time per stage (a shared grading counts once), the
    labs graded (not shared), the students' own wall times, the points."""
    seconds = collections.Counter()
    graded = collections.Counter()
    shared = collections.Counter()
    for record in records:
        labs_graded = {}
        for result in record.get("results", []):
            lab = result["lab"]
            if result.get("shared_from"):
                labs_graded.setdefault(lab, False)
            else:
                labs_graded[lab] = True
                seconds[result["stage"]] += result.get("seconds", 0.0)
        for lab, was_graded in labs_graded.items():
            (graded if was_graded else shared)[lab] += 1
    walls = [r.get("seconds", 0.0) for r in records]
    full_marks = sum(1 for r in records if r.get("score") == r.get("max_score"))
    return {
        "stage_seconds": {s: round(seconds.get(s, 0.0), 1) for s in STAGES},
        "labs_graded": dict(sorted(graded.items())),
        "labs_shared": dict(sorted(shared.items())),
        "student_seconds": {"median": round(statistics.median(walls), 1) if walls else None,
                            "max": round(max(walls), 1) if walls else None,
                            "under_1s": sum(1 for w in walls if w < 1.0)},
        "students_full_marks": full_marks,
        "records_with_error": sum(1 for r in records if r.get("exit_status") == 2),
    }


def job_figures(log_paths):
    """From labcheck's progress lines: each kind of child's count and wall time, summed."""
    jobs = collections.Counter()
    seconds = collections.Counter()
    for path in log_paths:
        if not path.is_file():
            continue
        for line in path.read_text(errors="replace").splitlines():
            m = PROGRESS.match(line)
            if not m:
                continue
            what = m["what"]
            if what.startswith("oclgrind"):
                kind = "oclgrind"
            elif what.startswith("memory report"):
                kind = "memory report"
            elif what.startswith("static"):
                kind = "static analysis"
            elif what.startswith("speedup"):
                kind = "timing"
            elif what.startswith("probe"):
                kind = "device probe"
            elif "sizes" in what:
                kind = "check"
            else:
                kind = what.split()[0]
            jobs[kind] += 1
            seconds[kind] += float(m["seconds"])
    return {kind: {"children": jobs[kind], "seconds": round(seconds[kind], 1)} for kind in sorted(jobs)}


def device_line(records, lab_command):
    """The device the records name (labcheck's own words), else the one `lab devices` marks."""
    named = collections.Counter(r.get("device") for r in records if r.get("device"))
    if named:
        return named.most_common(1)[0][0]
    try:
        out = subprocess.run([str(lab_command), "devices"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown device"
    chosen = [line for line in out.stdout.splitlines() if line.lstrip().startswith("*")]
    return " ".join(chosen[0].strip("* ").split()[1:]) if chosen else "unknown device"


def default_lab_command(args):
    return args.lab_command or next(
        (str(p) for p in (pathlib.Path(args.labcheck).parent / "lab", ROOT / "build" / "common" / "lab")
         if p.is_file()), "lab")


def load_average():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


class Stop:
    """SIGINT/SIGTERM while labcheck runs: passed on to labcheck as SIGINT (it stops cleanly)."""

    def __init__(self):
        self.child = None
        self.asked = False
        signal.signal(signal.SIGINT, self.handle)
        signal.signal(signal.SIGTERM, self.handle)

    def handle(self, signum, frame):
        self.asked = True
        if self.child is not None and self.child.poll() is None:
            self.child.send_signal(signal.SIGINT)


def run_segment(command, log_path, time_limit, stop):
    """Runs labcheck once; returns (wall seconds, return code, stopped by the time limit or a signal)."""
    started = time.monotonic()
    with open(log_path, "w") as log:
        stop.child = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        interrupted_at = None
        while stop.child.poll() is None:
            if time_limit and interrupted_at is None and time.monotonic() - started > time_limit:
                stop.child.send_signal(signal.SIGINT)
                interrupted_at = time.monotonic()
                stop.asked = True
            if interrupted_at is not None and time.monotonic() - interrupted_at > 60:
                stop.child.kill()
            time.sleep(0.5)
        rc = stop.child.returncode
    stop.child = None
    return time.monotonic() - started, rc, stop.asked


def grade_class(args):
    folders = lab_folders([lab.strip() for lab in args.labs.split(",") if lab.strip()])
    keep = args.work is not None
    work = pathlib.Path(args.work) if keep else pathlib.Path(tempfile.mkdtemp(prefix="throughput-"))
    work.mkdir(parents=True, exist_ok=True)
    meta_path = work / "meta.json"
    wanted = {"students": args.students, "labs": [f[:2] for f in folders], "seed": args.seed, "jobs": args.jobs}
    stop = Stop()
    try:
        class_dir = work / "class"
        results_dir = work / "records"
        if meta_path.is_file():
            meta = json.loads(meta_path.read_text())
            if {k: meta[k] for k in ("students", "labs", "seed")} != {k: wanted[k] for k in ("students", "labs", "seed")}:
                sys.exit(f"{work} holds another class ({meta['students']} students, labs {meta['labs']}, "
                         f"seed {meta['seed']}): use another --work folder")
        else:
            shutil.rmtree(class_dir, ignore_errors=True)
            distinct, kinds, copies = generate(class_dir, args.students, folders, args.seed)
            meta = dict(wanted, distinct=distinct, kinds=kinds, copies=copies, segments=[])
            meta_path.write_text(json.dumps(meta, indent=2) + "\n")
        command = [args.labcheck, "--class", str(class_dir), "--results", str(results_dir), "--root", str(ROOT),
                   "--jobs", str(args.jobs), "--gradebook", str(work / "gradebook.csv")]
        for folder in folders:
            command += ["--lab", folder[:2]]
        for device in args.device:
            command += ["--device", device]
        before = len(read_records(results_dir))
        segment = len(meta["segments"])
        print(f"segment {segment}: {before} of {args.students} students have a record; grading the rest", flush=True)
        wall, rc, interrupted = run_segment(command, work / f"labcheck-{segment}.log", args.time_limit, stop)
        if rc not in (0, 1, 130) and not interrupted:
            log = (work / f"labcheck-{segment}.log").read_text(errors="replace")
            sys.exit(f"labcheck failed ({rc}):\n{log[-4000:]}")
        records = read_records(results_dir)
        complete = rc in (0, 1) and len(records) >= args.students
        meta["segments"].append({
            "started": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "wall_seconds": round(wall, 1), "students_before": before, "students_after": len(records),
            "labcheck_exit": rc, "stopped": interrupted, "load_after": load_average()})
        meta_path.write_text(json.dumps(meta, indent=2) + "\n")
        result = {
            "measured": datetime.date.today().isoformat(),
            "complete": complete,
            "command": " ".join(["labcheck --class CLASS", "--jobs", str(args.jobs)]
                                + [f"--device {d}" for d in args.device] + [f"--lab {f[:2]}" for f in folders]),
            "device": device_line(records, default_lab_command(args)),
            "processors": os.cpu_count(),
            "students": args.students,
            "students_graded": len(records),
            "labs": [f[:2] for f in folders],
            "shares": {"solution": SOLUTION_SHARE, "stub": STUB_SHARE, "copy": COPY_SHARE},
            "files_by_kind": meta["kinds"],
            "distinct_files": meta["distinct"],
            "exact_copies": meta.get("copies", {}),
            "wall_seconds": round(sum(s["wall_seconds"] for s in meta["segments"]), 1),
            "segments": meta["segments"],
            "jobs": job_figures(sorted(work.glob("labcheck-*.log"))),
        }
        result.update(record_figures(records))
        if keep:
            (work / "summary.json").write_text(json.dumps(result, indent=2) + "\n")
        return result
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


def one_student(args):
    """One student's labs graded alone (`labcheck --submission`), every stage, PoCL's kernel cache off."""
    folders = lab_folders([lab.strip() for lab in args.labs.split(",") if lab.strip()])
    env = dict(os.environ, POCL_KERNEL_CACHE="0")
    with tempfile.TemporaryDirectory(prefix="throughput-one-") as scratch:
        # The solutions as one student's submission (a right student: every stage runs, timing too).
        submission = pathlib.Path(scratch) / "student"
        for folder in folders:
            shutil.copytree(ROOT / "solutions" / folder, submission / folder)
        command = [args.labcheck, "--submission", str(submission), "--root", str(ROOT), "--json",
                   str(pathlib.Path(scratch) / "results.json")]
        for folder in folders:
            command += ["--lab", folder[:2]]
        for device in args.device:
            command += ["--device", device]
        load_before = load_average()
        started = time.monotonic()
        run = subprocess.run(command, env=env, capture_output=True, text=True)
        wall = time.monotonic() - started
        load_after = load_average()
        if run.returncode not in (0, 1):
            sys.exit(f"labcheck failed ({run.returncode}):\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        report = json.loads((pathlib.Path(scratch) / "results.json").read_text())
        log = pathlib.Path(scratch) / "progress.log"
        log.write_text(run.stderr)
        jobs = job_figures([log])
    return {
        "measured": datetime.date.today().isoformat(),
        "command": "POCL_KERNEL_CACHE=0 labcheck --submission SOLUTIONS " + " ".join(f"--lab {f[:2]}" for f in folders),
        "device": device_line([{"device": report.get("device", "")}], default_lab_command(args)),
        "processors": os.cpu_count(),
        "labs": [f[:2] for f in folders],
        "wall_seconds": round(wall, 1),
        "score": report.get("score"),
        "load_before": load_before,
        "load_after": load_after,
        "labcheck_exit": run.returncode,
        "jobs": jobs,
    }


def fmt_load(load):
    return " / ".join(f"{x:.2f}" for x in load) if load else "unknown"


def class_lines(c):
    wall = c["wall_seconds"]
    graded = c["students_graded"]
    total_files = c["students"] * len(c["labs"])
    lines = []
    if c["complete"]:
        lines.append(f"**{c['students']} students × {len(c['labs'])} labs graded in {wall / 60:.1f} min** "
                     f"({wall:.0f} s, {wall / max(c['students'], 1):.2f} s per student).")
    else:
        rate = graded / wall if wall else 0.0
        lines.append(f"**Not complete: {graded} of {c['students']} students graded in {wall:.0f} s** "
                     f"({rate * 60:.1f} students a minute). The class was stopped before the end; the figures "
                     "below are for what was graded.")
    lines += ["",
              f"- measured: {c['measured']}; device: {c['device']}; {c['processors']} processors",
              f"- command: `{c['command']}`"]
    if len(c["segments"]) > 1:
        lines.append(f"- graded in {len(c['segments'])} segments (a lent machine's call is limited), resumed from "
                     "labcheck's records: "
                     + "; ".join(f"{s['wall_seconds']:.0f} s, {s['students_after'] - s['students_before']} students"
                                 for s in c["segments"])
                     + ". The wall time is their sum; identical files are shared within one labcheck run, so each "
                     "segment graded again the distinct files its students needed")
    kinds = c["files_by_kind"]
    lines += [
        f"- files handed in: {total_files} lab folders ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})",
        f"- distinct files (by bytes, per lab): {sum(c['distinct_files'].values())} of {total_files} "
        f"({', '.join(f'{lab}: {n}' for lab, n in sorted(c['distinct_files'].items()))})"
        + (f"; every file is written in its student's hand (student_variation.py) but the "
           f"{sum(c['exact_copies'].values())} exact copies of another student's file ({c['shares']['copy']:.0%} "
           "drawn per lab), which the grader grades once" if c.get("exact_copies") else ""),
        f"- labs graded (not shared from an identical file) among the {graded} students with a record: "
        f"{sum(c['labs_graded'].values())} "
        f"({', '.join(f'{lab}: {n}' for lab, n in sorted(c['labs_graded'].items()))})"
        + ("; lab 07's key also holds the student's lab-06 file, so it is graded more often than its own files "
           "differ" if "07" in c["labs"] else ""),
        f"- one student's record, wall time from start to end (waiting for shared gradings and for the "
        f"timing lane included): median {c['student_seconds']['median']} s, longest {c['student_seconds']['max']} s"
        + (f"; {c['student_seconds']['under_1s']} of {graded} records took under 1 s, every lab of theirs already "
           "graded from an identical file" if c['student_seconds'].get('under_1s') is not None else ""),
        f"- students with full marks: {c['students_full_marks']}; records the grader could not judge "
        f"(exit status 2, e.g. a speed stage too noisy to decide): {c['records_with_error']}",
        "",
        "Each stage's share of the children's time (from the records; a shared grading counts once; children "
        "run side by side, so the sum exceeds the wall time; the build stage's time is that of the check child "
        "that builds and checks the kernel, which the correctness stage counts too):",
        "",
        "| stage | children's time (s) | share |",
        "|---|---|---|",
    ]
    total = sum(c["stage_seconds"].values()) or 1.0
    for stage in STAGES:
        s = c["stage_seconds"].get(stage, 0.0)
        lines.append(f"| {stage} | {s:.0f} | {s / total:.0%} |")
    lines += ["", "The same time by kind of child process (from labcheck's progress lines):", "",
              "| child | runs | time (s) | share | per run (s) |", "|---|---|---|---|---|"]
    jobs_total = sum(j["seconds"] for j in c["jobs"].values()) or 1.0
    for kind, j in sorted(c["jobs"].items(), key=lambda kv: -kv[1]["seconds"]):
        lines.append(f"| {kind} | {j['children']} | {j['seconds']:.0f} | {j['seconds'] / jobs_total:.0%} | "
                     f"{j['seconds'] / max(j['children'], 1):.1f} |")
    timing = c["jobs"].get("timing", {}).get("seconds", 0.0)
    if wall:
        lines += ["", f"Timing runs one at a time on the device: {timing:.0f} s of timing is "
                      f"{timing / wall:.0%} of the wall time."]
    return lines


def one_student_lines(o):
    lines = [
        f"**One student's {len(o['labs'])} labs graded alone in {o['wall_seconds']:.0f} s** with a cold PoCL "
        f"kernel cache (score {o['score']}).",
        "",
        f"- measured: {o['measured']}; device: {o['device']}; {o['processors']} processors; load average "
        f"(1/5/15 min) {fmt_load(o['load_before'])} before, {fmt_load(o['load_after'])} after",
        f"- command: `{o['command']}` (the solutions as the student's files: every stage runs, timing too)",
    ]
    if o.get("jobs"):
        lines += ["", "| child | runs | time (s) | per run (s) |", "|---|---|---|---|"]
        for kind, j in sorted(o["jobs"].items(), key=lambda kv: -kv[1]["seconds"]):
            lines.append(f"| {kind} | {j['children']} | {j['seconds']:.0f} | {j['seconds'] / max(j['children'], 1):.1f} |")
        lines += ["", "(children run side by side, two at a time here, timing alone, so the times add up to more "
                      "than the wall time)"]
    return lines


def distinct_class_lines(d):
    """The generator's class of distinct files: what it hands in, that the variation changes no verdict,
    and, where it was not graded on a GPU node, what the measured per-run times project."""
    lines = [f"- generated: {d['students']} students × {len(d['labs'])} labs (seed {d['seed']}): "
             f"{d['distinct']} distinct files of {d['files']} ({d['kinds']}): every file differs from every other "
             f"but the {d['copies']} exact copies of an earlier student's file, which the grader grades once",
             f"- the variation changes no verdict: `grading_throughput.py --check-variation` graded each of the "
             f"{d['variation']['kernels']} kernels the class draws from beside its varied form (build and "
             f"correctness, {d['variation']['device']}, {d['variation']['measured']}): "
             f"{d['variation']['changed']} verdicts changed"]
    if d.get("note"):
        lines += ["", d["note"]]
    return lines


def write_page(data, output):
    lines = [
        "# Grading throughput: a generated class",
        "",
        "Written by `docs/results/grading_throughput.py` from `docs/results/grading-throughput.json` (a benchmark:",
        "run it by hand on the machine you grade on). The class is generated from the course's own kernels: per",
        f"lab, {SOLUTION_SHARE:.0%} of the students hand in the solution, {STUB_SHARE:.0%} the stub and the rest a "
        "mutant of that lab",
        "(checker/mutants; a lab of several files gets its stub), each written in the student's own hand",
        "(`docs/results/student_variation.py`: names, loop forms, equivalent expressions, layout, comments), so",
        f"that every file differs, as in a real class, but {COPY_SHARE:.0%} exact copies of an earlier student's "
        "file; identical",
        "files are graded once (checker/README.md, \"Identical files\").",
        "",
    ]
    if "distinct_class" in data:
        lines += ["## A class whose files all differ", ""] + distinct_class_lines(data["distinct_class"]) + [""]
    if "class" in data:
        c = data["class"]
        heading = f"## A class of {c['students']} students, {len(c['labs'])} labs, every stage"
        if not c.get("exact_copies"):
            heading += " (generated before every file differed)"
        lines += [heading, ""]
        lines += class_lines(c) + [""]
        if "class_note" in data:
            lines += [data["class_note"], ""]
    if "one_student" in data:
        lines += ["## One student on a small CPU machine", ""] + one_student_lines(data["one_student"]) + [""]
        if "one_student_note" in data:
            lines += [data["one_student_note"], ""]
    pathlib.Path(output).write_text("\n".join(lines))
    print("\n".join(lines))


def verdicts_by_student(json_path):
    """{student: {"NN stage": passed or failed}} from labcheck's class JSON (Gradescope's form). The
    points of a failed stage are left out: a kernel that writes into the runtime's heap is wrong by a
    share of its sizes that moves from one grading to the next, whatever its text."""
    found = {}
    for student in json.loads(json_path.read_text())["students"]:
        found[student["student"]] = {test["name"]: test["status"] for test in student["results"]["tests"]}
    return found


def count_distinct(args, entry):
    """The generator's class counted, not graded: `entry` (the page's "distinct_class") with its figures."""
    folders = lab_folders([lab.strip() for lab in args.labs.split(",") if lab.strip()])
    with tempfile.TemporaryDirectory(prefix="distinct-") as scratch:
        distinct, kinds, copies = generate(pathlib.Path(scratch) / "class", args.students, folders, args.seed)
    entry.update({"students": args.students, "labs": [f[:2] for f in folders], "seed": args.seed,
                  "files": args.students * len(folders), "distinct": sum(distinct.values()),
                  "copies": sum(copies.values()),
                  "kinds": ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))})
    return entry


def check_variation(args):
    """Every kernel the class draws from (solutions, stubs, mutants) beside its varied form, graded for
    build and correctness on this machine's device: a verdict that changed is a fault of the variation."""
    folders = lab_folders([lab.strip() for lab in args.labs.split(",") if lab.strip()])
    mutants = mutants_by_lab()
    with tempfile.TemporaryDirectory(prefix="variation-") as scratch:
        class_dir = pathlib.Path(scratch) / "class"
        pairs = []
        for folder in folders:
            names = kernel_files(folder)
            sources = [("solution", [ROOT / "solutions" / folder / n for n in names]),
                       ("stub", [ROOT / "labs" / folder / n for n in names])]
            if len(names) == 1:
                sources += [(path.stem, [path]) for path in mutants[folder[:2]]]
            for n, (what, paths) in enumerate(sources):
                # The original twice: a kernel whose verdict moves between two gradings of itself (a write
                # far past its buffer into the runtime's heap) says nothing of the variation.
                again, original, varied = (f"{folder[:2]}-{n:03d}-{x}" for x in ("a", "o", "v"))
                for path, name in zip(paths, names):
                    text = path.read_text(**RAW)
                    for student, written in ((again, text), (original, text),
                                             (varied, vary(text, random.Random(n), varied))):
                        (class_dir / student / folder).mkdir(parents=True, exist_ok=True)
                        (class_dir / student / folder / name).write_text(written, **RAW)
                pairs.append((folder, what, again, original, varied))
        json_path = pathlib.Path(scratch) / "class.json"
        command = [args.labcheck, "--class", str(class_dir), "--root", str(ROOT), "--jobs", str(args.jobs),
                   "--stage", "build,correctness", "--no-hidden", "--quiet", "--json", str(json_path),
                   "--gradebook", str(pathlib.Path(scratch) / "gradebook.csv"),
                   "--results", str(pathlib.Path(scratch) / "records")]
        for folder in folders:
            command += ["--lab", folder[:2]]
        subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
        verdicts = verdicts_by_student(json_path)
    changed, unsteady = [], []
    for folder, what, again, original, varied in pairs:
        lab_tests = lambda student: {k: v for k, v in verdicts.get(student, {}).items() if k.startswith(folder[:2])}
        if lab_tests(again) != lab_tests(original):
            unsteady.append(f"{folder} {what}")
        elif lab_tests(original) != lab_tests(varied):
            changed.append(f"{folder} {what}: {lab_tests(original)} became {lab_tests(varied)}")
    print(f"{len(pairs)} kernels graded beside their varied form; {len(changed)} verdicts changed; "
          f"{len(unsteady)} not compared, their own two gradings differed: {', '.join(unsteady) or 'none'}")
    for line in changed:
        print("  changed:", line)
    return {"kernels": len(pairs), "changed": len(changed), "unsteady": len(unsteady),
            "measured": datetime.date.today().isoformat(), "device": device_line([], default_lab_command(args))}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--labs", default="", help="comma-separated lab numbers (default: every lab)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--device", action="append", default=[], help="passed to labcheck (repeat for lanes)")
    parser.add_argument("--work", help="keep the class, records and segment times here; resume from them")
    parser.add_argument("--time-limit", type=float, default=0.0,
                        help="stop labcheck (SIGINT) after this many seconds; the page says what was done")
    parser.add_argument("--one-student", action="store_true",
                        help="time one student's labs (the solutions) alone with POCL_KERNEL_CACHE=0 instead")
    parser.add_argument("--render", action="store_true", help="only write the page from --data")
    parser.add_argument("--check-variation", action="store_true",
                        help="grade every kernel the class draws from beside its varied form (build, correctness)")
    parser.add_argument("--data", default=str(ROOT / "docs" / "results" / "grading-throughput.json"))
    parser.add_argument("--output", default=str(ROOT / "docs" / "results" / "grading-throughput.md"))
    parser.add_argument("--labcheck", default=str(ROOT / "build" / "checker" / "labcheck"))
    parser.add_argument("--lab-command", help="the `lab` program, for `lab devices` (default: beside labcheck)")
    args = parser.parse_args()
    data_path = pathlib.Path(args.data)
    data = json.loads(data_path.read_text()) if data_path.is_file() else {}
    if args.check_variation:
        variation = check_variation(args)
        if args.labs or variation["changed"]:  # a partial or failed check is printed, not published
            sys.exit(1 if variation["changed"] else 0)
        data["distinct_class"] = count_distinct(args, dict(data.get("distinct_class", {}), variation=variation))
    elif args.one_student:
        data["one_student"] = one_student(args)
    elif not args.render:
        data["class"] = grade_class(args)
    data_path.write_text(json.dumps(data, indent=2) + "\n")
    write_page(data, args.output)


if __name__ == "__main__":
    main()
