#!/usr/bin/env python3
"""labcheck similarity on generated classes (similarity_class.py): in every lab no honest pair is
flagged (the CSV's `flagged` column: a score from the line, --min-score 0.8 by default, in a lab not
crowded); in the labs that leave students room for code of their own (SEPARATED) every copier is
caught: each copier and the student copied share a flagged pair (exact, renamed, reordered, dead
code, tweaked, all at once), and the disguised copy of the reference solution is flagged against it
(--known). There a ring of five is one cluster with its own page. The index has one row per student
and lab. Prints, per lab, what was flagged and missed, the highest honest and lowest copy scores, and
the time and size of the report.

Usage: similarity_class_test.py LABCHECK [--students 40] [--seed 6 --seed 7 ...] [--lab NN]...
                                [--conformity 0.5] [--keep DIR] [--figures-only]
(run from the source root). Exit 77 (skipped) without checker/mutants/similarity (the student
edition). The meson test runs 40 students at three seeds; checker/README.md's figures are 300."""
import argparse
import csv
import json
import pathlib
import subprocess
import sys
import tempfile
import time

# Labs whose TODOs leave each student enough code of their own (the generated class at 40 and 300)
# that a copy is told from a coincidence: every copier must be caught there. In the others honest
# students write the same few lines alike, the lab is crowded (or the code too short to count) and
# nothing is flagged: copies are missed there by design, a false alarm being the worse mistake.
SEPARATED = ("06-matmul-register-tiles",)
here = pathlib.Path(__file__).parent


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("labcheck")
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seed", type=int, action="append")
    parser.add_argument("--lab", action="append", default=[])
    parser.add_argument("--conformity", type=float, default=0.5)
    parser.add_argument("--min-score", type=float, help="the flag line (default: labcheck's)")
    parser.add_argument("--keep", type=pathlib.Path, help="write the classes and reports here")
    parser.add_argument("--figures-only", action="store_true", help="print the figures, assert nothing")
    return parser.parse_args()


def generate(out, args, seed):
    command = [sys.executable, str(here / "similarity_class.py"), "--root", ".", "--out", str(out), "--students",
               str(args.students), "--seed", str(seed), "--conformity", str(args.conformity)]
    for lab in args.lab:
        command += ["--lab", lab]
    subprocess.run(command, check=True)
    return json.loads((out / "manifest.json").read_text())


def compare(out, args, manifest):
    command = [args.labcheck, "similarity", "--class", str(out / "class"), "--root", ".", "--csv", str(out / "s.csv"),
               "--html", str(out / "report" / "index.html"), "--known", "reference=solutions"]
    for lab in manifest["labs"]:
        command += ["--lab", lab[:2]]
    if args.min_score is not None:
        command += ["--min-score", str(args.min_score)]
    started = time.monotonic()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - started


def figures(out, manifest):
    """Per lab: honest pairs (score, a, b, flagged) highest first; each copier's pair with the student it
    copied (or the reference) by disguise; copiers caught (in a flagged pair within their group)."""
    per_lab = {lab: {"honest": [], "copies": [], "by_disguise": {}, "caught": set(), "flags": 0}
               for lab in manifest["labs"]}
    for row in csv.DictReader((out / "s.csv").open()):
        lab, part = per_lab[row["lab"]], manifest["labs"][row["lab"]]
        group_of = {s: i for i, g in enumerate(part["groups"]) for s in g}
        source_of = {c: g[0] for g in part["groups"] for c in g[1:]}
        a, b, score, flagged = row["student_a"], row["student_b"], float(row["score"]), row["flagged"] == "yes"
        lab["flags"] += flagged
        if row["b_is"] == "known":
            copied = a in part["copies_solution"]
        else:
            copied = a in group_of and group_of.get(a) == group_of.get(b)
        if not copied:
            lab["honest"].append((score, a, b, flagged))
            continue
        lab["copies"].append((score, a, b, flagged))
        if flagged:
            lab["caught"] |= {a} if row["b_is"] == "known" else {a, b}
        copier = a if row["b_is"] == "known" or source_of.get(a) == b else b if source_of.get(b) == a else None
        if copier:
            lab["by_disguise"].setdefault(part["disguise"][copier], []).append(score)
    for pairs in per_lab.values():
        pairs["honest"].sort(reverse=True)
        pairs["copies"].sort()
    return per_lab


def copiers(part):
    return [s for g in part["groups"] for s in g] + part["copies_solution"]


def html_failures(out, manifest, students, per_lab):
    failures = []
    index = (out / "report" / "index.html").read_text()
    pages = sorted((out / "report" / "index-pages").glob("*-cluster-*.html"))
    for lab, part in manifest["labs"].items():
        if lab not in SEPARATED:
            continue
        ring = part["groups"][0]
        ring_pages = [p for p in pages if p.name.startswith(lab[:2] + "-") and all(s in p.read_text() for s in ring)]
        if len(ring_pages) != 1:
            failures.append(f"{lab}: expected the ring {ring} on one cluster page, found it on {len(ring_pages)}")
    rows = index.count("<tr><td>s") + index.count('<tr class="flag"><td>s')
    if rows != students * len(manifest["labs"]):
        failures.append(f"expected a highest-match row per student and lab ({students * len(manifest['labs'])}), "
                        f"found {rows}")
    return failures


def report(per_lab, manifest, seconds, out):
    sizes = {"index": (out / "report" / "index.html").stat().st_size,
             "pages": sum(p.stat().st_size for p in (out / "report" / "index-pages").iterdir()),
             "page count": len(list((out / "report" / "index-pages").iterdir())),
             "csv": (out / "s.csv").stat().st_size}
    print(f"{seconds:.1f} s; index {sizes['index'] // 1024} KB, {sizes['page count']} cluster pages "
          f"{sizes['pages'] // 1024} KB, CSV {sizes['csv'] // 1024} KB")
    print(f"{'lab':26} {'flags':>5} {'honest flagged':>14} {'copiers caught':>14} {'highest honest':>14} "
          f"lowest copy of its source, by disguise")
    for lab, pairs in per_lab.items():
        honest, part = pairs["honest"], manifest["labs"][lab]
        caught = [c for c in copiers(part) if c in pairs["caught"]]
        disguises = " ".join(f"{k} {min(v):.2f}" for k, v in sorted(pairs["by_disguise"].items()))
        print(f"{lab:26} {pairs['flags'] or 'none':>5} {sum(f for *_, f in honest):>14} "
              f"{len(caught):>7} of {len(copiers(part)):<4} {honest[0][0] if honest else 0:>14.3f} {disguises}")


def lab_failures(per_lab, manifest):
    failures = []
    for lab, pairs in per_lab.items():
        failures += [f"{lab}: honest {a} and {b} flagged at {s}" for s, a, b, f in pairs["honest"] if f]
        if lab in SEPARATED:
            failures += [f"{lab}: copier {c} is in no flagged pair with the student it copied"
                         for c in copiers(manifest["labs"][lab]) if c not in pairs["caught"]]
    return failures


def run_seed(out, args, seed):
    manifest = generate(out, args, seed)
    seconds = compare(out, args, manifest)
    per_lab = figures(out, manifest)
    print(f"seed {seed}, {args.students} students, conformity {args.conformity}:")
    report(per_lab, manifest, seconds, out)
    return lab_failures(per_lab, manifest) + html_failures(out, manifest, args.students, per_lab)


def main():
    args = parse()
    if not (pathlib.Path("checker/mutants/similarity")).is_dir():
        print("skipped: checker/mutants/similarity is not here (the student edition)")
        sys.exit(77)
    failures = []
    for seed in args.seed or [6, 7, 8]:
        with tempfile.TemporaryDirectory() as tmp:
            out = args.keep / f"seed{seed}" if args.keep else pathlib.Path(tmp)
            out.mkdir(parents=True, exist_ok=True)
            failures += [f"seed {seed}: {f}" for f in run_seed(out, args, seed)]
    if failures:
        print("\n".join(failures[:40]) + (f"\n... and {len(failures) - 40} more" if len(failures) > 40 else ""))
        sys.exit(0 if args.figures_only else 1)
    print("every copier caught in lab " + ", ".join(l[:2] for l in SEPARATED) + "; no honest pair flagged in any lab")


if __name__ == "__main__":
    main()
