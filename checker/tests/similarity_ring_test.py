#!/usr/bin/env python3
"""labcheck similarity where honest code looks alike: a copy ring is flagged, honest students are not.

A real class's lab 06 is not the generated class of similarity_class.py, whose honest students write
far apart: students learn from the same few sources (a TA's hint, a tutorial, a lecture's code), so
the class falls into schools that write the same kernel, each student with a few edits of their own,
and honest pairs of one school reach 0.8-0.9. The lab is then crowded: more than a quarter of the class
has a match from the line, and the line rule flags nobody. What must be flagged there is what stands
out from that likeness (similarity_report.hpp): a ring of students handing in one kernel.

Two classes of lab 06 are graded with `labcheck similarity`:
  - schools: 30 students in three schools (the solution and two correct kernels of another style from
    the mutant suite as their models), each student the school's kernel with three to five edits of
    their own (statements swapped, a `+=` written out, a declaration split, a temporary, parentheses),
    renamed and reformatted; and a ring: one honest student and four copies of their file (as it is,
    renamed and reformatted, with dead code, all at once). Every ring pair is flagged (a copy with dead
    code at least against the student copied), no honest pair is;
  - one school: every student's kernel is the solution with edits of their own (the stub and the lab
    lead everyone to one kernel), and no ring: nothing is flagged.

Usage: similarity_ring_test.py LABCHECK [--seed 3 --seed 4 ...] [--keep DIR] (run from the source root).
Exit 77 (skipped) without checker/mutants (the student edition)."""
import argparse
import csv
import pathlib
import random
import re
import subprocess
import sys
import tempfile

here = pathlib.Path(__file__).parent
sys.path.insert(0, str(here))
import similarity_class as generated  # noqa: E402  (its disguises: renamed, reformatted, dead code)

LAB = "06-matmul-register-tiles"
KERNEL = "matmul.cl"
SCHOOL_MODELS = [pathlib.Path("solutions") / LAB / KERNEL,
                 pathlib.Path("checker/mutants") / LAB / "correct_double_buffer_cur_nxt.cl",
                 pathlib.Path("checker/mutants/runtime") / LAB / "correct_plain_scalar.cl"]
STATEMENT = re.compile(r"^(\s*)([^\s/#{}][^{}]*;)\s*$")


def simple_statements(lines):
    return [i for i, line in enumerate(lines) if STATEMENT.match(line) and not line.lstrip().startswith(("for", "if",
                                                                                                         "return"))]


def swap_adjacent(lines, rng):
    pairs = [i for i in simple_statements(lines) if i + 1 < len(lines) and STATEMENT.match(lines[i + 1])
             and "barrier" not in lines[i] + lines[i + 1]]
    if pairs:
        i = rng.choice(pairs)
        lines[i], lines[i + 1] = lines[i + 1], lines[i]


def written_out(lines, rng):
    spots = [i for i, line in enumerate(lines) if re.search(r"\w(\[[^]]*\])* \+= ", line)]
    if spots:
        i = rng.choice(spots)
        lines[i] = re.sub(r"(\w+(?:\[[^]]*\])*) \+= (.*);", r"\1 = \1 + (\2);", lines[i], count=1)


def split_declaration(lines, rng):
    spots = [i for i, line in enumerate(lines) if re.match(r"^\s*(const )?(uint|int|float) \w+ = [^;]+;\s*$", line)]
    if spots:
        i = rng.choice(spots)
        found = re.match(r"^(\s*)(?:const )?(\w+) (\w+) = ([^;]+);", lines[i])
        lines[i:i + 1] = [f"{found.group(1)}{found.group(2)} {found.group(3)};",
                          f"{found.group(1)}{found.group(3)} = {found.group(4)};"]


def parenthesised(lines, rng):
    spots = [i for i, line in enumerate(lines) if re.search(r" = [^;()]+ [*+] [^;()]+;", line)]
    if spots:
        i = rng.choice(spots)
        lines[i] = re.sub(r" = ([^;]+);", r" = (\1);", lines[i], count=1)


def with_temporary(lines, rng):
    spots = [i for i, line in enumerate(lines) if re.match(r"^\s*\w+(\[[^]]*\])+ = [^;]+;\s*$", line)]
    if spots:
        i = rng.choice(spots)
        found = re.match(r"^(\s*)(\w+(?:\[[^]]*\])+) = ([^;]+);", lines[i])
        lines[i:i + 1] = [f"{found.group(1)}const float t{i} = {found.group(3)};", f"{found.group(1)}{found.group(2)} = t{i};"]


EDITS_FROM, EDITS_TO = 55, 70
EDITS = [swap_adjacent, written_out, split_declaration, parenthesised, with_temporary]


def student_kernel(model, rng):
    """The school's kernel with three to five edits of the student's own, renamed and reformatted."""
    lines = model.split("\n")
    for _ in range(rng.randint(EDITS_FROM, EDITS_TO)):
        rng.choice(EDITS)(lines, rng)
    return generated.reformatted(generated.renamed("\n".join(lines), rng), rng)


def write(root, student, text):
    path = root / student / LAB / KERNEL
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def make_class(root, seed, schools):
    """30 students (s00..s29) in `schools` schools; with several schools, a ring: s00 and four copiers."""
    rng = random.Random(seed)
    models = [path.read_text() for path in SCHOOL_MODELS[:schools]]
    students = [f"s{n:02d}" for n in range(30)]
    ring = students[:5] if schools > 1 else []
    for n, student in enumerate(students):
        if student in ring[1:]:
            continue
        write(root, student, student_kernel(models[n % schools], rng))
    if ring:
        source = (root / ring[0] / LAB / KERNEL).read_text()
        for copier, kind in zip(ring[1:], ["exact", "renamed", "dead code", "all"]):
            write(root, copier, generated.disguised(kind, source, lambda: source, rng))
    return set(ring)


def pairs(labcheck, root, out):
    csv_file = out / "s.csv"
    subprocess.run([labcheck, "similarity", "--class", str(root), "--root", ".", "--lab", LAB[:2], "--csv",
                    str(csv_file)], check=True, stdout=subprocess.DEVNULL)
    with open(csv_file, newline="") as f:
        return [row for row in csv.DictReader(f) if row["b_is"] == "student"]


def judge(rows, ring, label):
    failures = []
    honest = [float(r["score"]) for r in rows if not (r["student_a"] in ring and r["student_b"] in ring)]
    copies = [r for r in rows if r["student_a"] in ring and r["student_b"] in ring]
    print(f"{label}: highest honest {max(honest):.3f}, ring pairs {len(copies)} "
          f"({sum(r['flagged'] == 'yes' for r in copies)} flagged, lowest {min((float(r['score']) for r in copies), default=0):.3f})")
    failures += [f"{label}: honest pair {r['student_a']}-{r['student_b']} flagged at {r['score']}" for r in rows
                 if r["flagged"] == "yes" and not (r["student_a"] in ring and r["student_b"] in ring)]
    for copier in sorted(ring - {"s00"}):
        if not any(r["flagged"] == "yes" and {r["student_a"], r["student_b"]} == {"s00", copier} for r in rows):
            failures.append(f"{label}: the copier {copier} is not flagged against s00")
    if ring and not any(float(r["score"]) >= 0.8 for r in rows if r["flagged"] == "no"
                        and not (r["student_a"] in ring and r["student_b"] in ring)):
        failures.append(f"{label}: the premise failed: no honest pair reaches 0.8, the lab is not alike by nature")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("labcheck")
    parser.add_argument("--seed", type=int, action="append")
    parser.add_argument("--keep", type=pathlib.Path)
    args = parser.parse_args()
    if not all(path.exists() for path in SCHOOL_MODELS):
        print("skipped: the mutant suite or the solutions are not in this tree (the student edition)")
        return 77
    failures = []
    for seed in args.seed or [3, 5, 6]:
        with tempfile.TemporaryDirectory(prefix="similarity-ring-") as scratch:
            out = args.keep / str(seed) if args.keep else pathlib.Path(scratch)
            for schools, label in [(3, f"seed {seed}, three schools and a ring"), (1, f"seed {seed}, one school")]:
                root = out / f"class-{schools}"
                ring = make_class(root, seed, schools)
                failures += judge(pairs(args.labcheck, root, out), ring, label)
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
