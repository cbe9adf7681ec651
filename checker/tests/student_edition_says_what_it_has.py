#!/usr/bin/env python3
"""The student edition names only what it has.

    student_edition_says_what_it_has.py --labcheck LABCHECK --lab LAB

Makes the edition (labcheck --student-edition), then checks that its top README
and lab READMEs name neither solutions/ nor --solution, that its slides default
to no solution code, and runs its commands there (LAB_ROOT=edition): `lab run 01`
(the stub: wrong, with a map of the output), `lab hint 01 1`, every --help, and
`lab run 07` with the stub, whose messages name only commands the edition has.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

FORBIDDEN = re.compile(r"solutions/|--solution")


def run(argv, root, expect):
    env = dict(os.environ, LAB_ROOT=str(root))
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    out = proc.stdout + proc.stderr
    problems = []
    if proc.returncode not in expect:
        problems.append(f"`{' '.join(argv[1:])}` exited {proc.returncode}, expected {expect}:\n{out[-2000:]}")
    for line in out.splitlines():
        if FORBIDDEN.search(line):
            problems.append(f"`{' '.join(argv[1:])}` names what the edition lacks: {line.strip()!r}")
    return out, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labcheck", required=True)
    parser.add_argument("--lab", required=True)
    args = parser.parse_args()
    problems = []
    with tempfile.TemporaryDirectory(prefix="student-edition-") as tmp:
        edition = Path(tmp) / "edition"
        made = subprocess.run([args.labcheck, "-q", "--student-edition", str(edition)], capture_output=True,
                              text=True, timeout=300)
        if made.returncode != 0:
            print(f"labcheck --student-edition failed ({made.returncode}):\n{made.stdout}{made.stderr}")
            return 1

        for readme in [edition / "README.md"] + sorted(edition.glob("labs/*/README.md")):
            for n, line in enumerate(readme.read_text(encoding="utf-8").splitlines(), start=1):
                if FORBIDDEN.search(line) or "full clone only" in line:
                    problems.append(f"{readme.relative_to(edition)}:{n} names what the edition lacks: {line.strip()!r}")
        options = (edition / "meson_options.txt").read_text(encoding="utf-8")
        if not re.search(r"option\('slides_solutions',\s*type\s*:\s*'boolean',\s*value\s*:\s*false", options):
            problems.append("meson_options.txt of the edition: slides_solutions does not default to false")

        out, found = run([args.lab, "run", "01", "--size", "33x17", "--no-timing"], edition, {1})
        problems += found
        if "WRONG" not in out or "never written" not in out:
            problems.append(f"`lab run 01` on the stub: expected WRONG, never written:\n{out[-1500:]}")
        out, found = run([args.lab, "hint", "01", "1"], edition, {0})
        problems += found
        if "TODO 1" not in out or "2. the idea" in out:
            problems.append(f"`lab hint 01 1`: expected level 1 of TODO 1 only:\n{out[-1500:]}")
        for command in (["--help"], ["run", "--help"], ["bench", "--help"], ["tune", "--help"], ["hint", "--help"]):
            problems += run([args.lab] + command, edition, {0})[1]
        problems += run([args.labcheck, "--help"], edition, {0})[1]
        problems += run([args.lab, "run", "07", "--size", "64", "--no-timing"], edition, {1})[1]

    if problems:
        print(f"{len(problems)} problem(s) with the student edition:\n")
        for p in problems:
            print("- " + p.replace("\n", "\n  ") + "\n")
        return 1
    print("the student edition names only what it has; its commands run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
