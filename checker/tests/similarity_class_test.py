#!/usr/bin/env python3
"""labcheck similarity on a generated class of 40 (similarity_class.py): lab 06's stub filled by
honest hands stays below the flag line (--min-score, 0.7 by default), every copy (exact, renamed,
reordered, reformatted; a disguised reference solution, through --known) is above it, a ring of five
is one cluster with its own page, and the index names every student's highest match.
Usage: similarity_class_test.py LABCHECK (run from the source root)."""
import csv
import json
import pathlib
import subprocess
import sys
import tempfile

FLAG = 0.7
labcheck = sys.argv[1]
here = pathlib.Path(__file__).parent
with tempfile.TemporaryDirectory() as tmp:
    out = pathlib.Path(tmp)
    subprocess.run([sys.executable, str(here / "similarity_class.py"), "--root", ".", "--out", tmp, "--students", "40"],
                   check=True)
    manifest = json.loads((out / "manifest.json").read_text())
    subprocess.run([labcheck, "similarity", "--class", str(out / "class"), "--lab", "06", "--root", ".",
                    "--csv", str(out / "s.csv"), "--html", str(out / "report" / "index.html"),
                    "--known", "reference=solutions/06-matmul-register-tiles/matmul.cl"], check=True,
                   stdout=subprocess.DEVNULL)
    group_of = {s: i for i, g in enumerate(manifest["groups"]) for s in g}
    failures = []
    for row in csv.DictReader((out / "s.csv").open()):
        a, b, score = row["student_a"], row["student_b"], float(row["score"])
        copied = (a in manifest["copies_solution"]) if row["b_is"] == "known" else \
            (a in group_of and group_of.get(a) == group_of.get(b))
        if copied != (score >= FLAG):
            failures.append(f"{a} and {b}: {score} ({'a copy' if copied else 'honest'})")
    index = (out / "report" / "index.html").read_text()
    ring = manifest["groups"][0]
    pages = sorted((out / "report" / "index-pages").glob("06-cluster-*.html"))
    ring_pages = [p for p in pages if all(s in p.read_text() for s in ring)]
    if len(pages) != len(manifest["groups"]) + 1:  # the copy groups, and the solution's copy with the reference
        failures.append(f"expected {len(manifest['groups']) + 1} cluster pages, found {len(pages)}")
    if len(ring_pages) != 1:
        failures.append(f"expected the ring {ring} on one cluster page, found it on {len(ring_pages)}")
    for n in range(1, 41):
        if f"<tr><td>s{n:03d}</td>" not in index and f"<tr class=\"flag\"><td>s{n:03d}</td>" not in index:
            failures.append(f"s{n:03d} has no row of its highest match on the index")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
print("similarity on a generated class of 40: every copy flagged, no honest pair, one cluster per copy group")
