#!/usr/bin/env python3
"""The student edition names only what it has, and holds nothing of the instructor's.

    student_edition_says_what_it_has.py --labcheck LABCHECK --lab LAB --root COURSE

Makes the edition (labcheck --student-edition), then checks that it has no kernel that
answers a lab (no solutions/, kernels/reference/, kernels/baselines/), that no hidden size
or seed of COURSE/checker/hidden.toml appears in any of its files (when COURSE has one),
that its top README and lab READMEs name neither solutions/ nor --solution, that no command in a
code block of its Markdown (checker/'s manual aside) needs solutions/ or the baselines, that its
slides default to no solution code, and runs its commands there (LAB_ROOT=edition):
`lab run 01` (the stub: wrong, with a map of the output), labcheck on it with the speedup stage
(which counts in no total there, right kernel or wrong), `lab run 01 --versus file:OLD.cl` (the
speed comparison the edition has), `lab run 01 --versus baseline`
(a sentence on why there is no baseline), `lab hint 01 1`, every --help, and `lab run 07`
with the stub, whose messages name only commands the edition has.

The edition's stubs are the committed ones. When this tree committed solved kernels, the
stub of lab 01 is right and its check says it is skipped (COURSE_STUBS=strict fails instead).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

FORBIDDEN = re.compile(r"solutions/|--solution")
ANSWERS = ("solutions", "kernels/reference", "kernels/baselines", "checker/hidden.toml", "checker/mutants")
# A definition of a lab's kernel (a body follows the parameters; in C++ source, also across string literals).
LAB_KERNEL = re.compile(r"kernel\s+void\s+(transpose|matmul|strassen_split|strassen_merge|winograd_split|"
                        r"winograd_merge)\s*\([^(){};]+\)(?:\s|\\n|\"|<<|\+)*\{")
# Files of the edition that define a lab's kernel and still answer no lab, and why. Any other such file
# must mark itself `// full clone only: ...` (the edition then leaves it out) or be added here, checked.
NOT_ANSWERS = {
    "checker/tests/slurm_class_test.sh": "a transpose that never finishes (its loop steps by 0)",
    "checker/tests/test_oclgrind_report.cpp": "lab 01's question 5 kernel, which loads before its edge check (Oclgrind "
                                              "fails it; the README asks why), and a fragment of a lab-04 tile load",
    "common/tests/test_image_and_host_memory.cpp": "lab 08's signature twice, with empty bodies",
    "common/tests/test_self_contained_source.cpp": "a transpose that copies a to at element for element (wrong)",
    "checker/tests/test_stages.cpp": "a transpose that writes a doubled macro into at[0..4095] (the compile-time "
                                     "message's test file; wrong)",
}
SHORTEST_SEED = 1000  # a seed below this turns up in any text, and by trying
END = r"(?!\w|\.\d)"   # a hidden value ends here: no letter, digit or decimal part follows (a full stop may)


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


def hidden_values(hidden_toml):
    """(sizes, seeds) of every lab of hidden.toml: sizes, time_sizes (a list or one per class), seeds, time_seed."""
    sizes, seeds = set(), set()
    for lab in tomllib.loads(hidden_toml.read_text(encoding="utf-8")).get("labs", {}).values():
        sizes.update(lab.get("sizes", []))
        time_sizes = lab.get("time_sizes", [])
        for listed in time_sizes.values() if isinstance(time_sizes, dict) else [time_sizes]:
            sizes.update(listed)
        seeds.update(lab.get("seeds", []))
        if "time_seed" in lab:
            seeds.add(lab["time_seed"])
    return sizes, seeds


def hidden_value_problems(hidden_toml, edition):
    """Every hidden size or seed found in a file of the edition (as a whole token; "31x47" also as 31 × 47)."""
    sizes, seeds = hidden_values(hidden_toml)
    problems = [f"{hidden_toml.name}: the hidden seed {seed} is too short to keep out of any text (and a student "
                f"finds it by trying): use one of at least {len(str(SHORTEST_SEED))} digits"
                for seed in sorted(seeds) if seed < SHORTEST_SEED]
    patterns = [(size, re.compile(r"(?<![\w.])" + r"\s*[x×]\s*".join(map(re.escape, re.split(r"[x×]", size))) +
                                  END)) for size in sorted(sizes)]
    patterns += [(str(seed), re.compile(r"(?<![\w.])" + str(seed) + END)) for seed in sorted(seeds)
                 if seed >= SHORTEST_SEED]
    for path in sorted(p for p in edition.rglob("*") if p.is_file()):
        text = path.read_bytes().decode("utf-8", errors="replace")
        for value, pattern in patterns:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                problems.append(f"{path.relative_to(edition)}:{line} shows the hidden value {value} of "
                                f"{hidden_toml.name}: use another value in the example")
    return problems


def lab_kernel_problems(edition):
    """Every file of the edition, but the stubs, that defines a lab's kernel and is not in NOT_ANSWERS."""
    problems = []
    for path in sorted(p for p in edition.rglob("*") if p.is_file()):
        relative = path.relative_to(edition).as_posix()
        if re.fullmatch(r"labs/[^/]+/[^/]+\.cl", relative) or relative in NOT_ANSWERS:
            continue
        match = LAB_KERNEL.search(path.read_bytes().decode("utf-8", errors="replace"))
        if match:
            problems.append(f"{relative} defines the lab kernel `{match.group(1)}`, which may answer a lab: mark the "
                            "file `// full clone only: why` in its first lines (the edition leaves it out, and its "
                            "meson.build must then not need it), or, if no kernel in it answers a lab, list it in "
                            "NOT_ANSWERS of this test with the reason")
    return problems


def stub_is_wrong(lab, edition):
    """Problems of `lab run 01` on the edition's stub of lab 01: wrong, with a map of the output. When it is
    right (exit 0), this tree committed solved kernels: skipped, with a line saying so (COURSE_STUBS=strict
    fails instead)."""
    argv = [lab, "run", "01", "--size", "33x17", "--no-timing"]
    out, problems = run(argv, edition, {0, 1})
    if "WRONG" in out and "never written" in out:
        return problems
    if not problems and os.environ.get("COURSE_STUBS") != "strict":
        print("skipped: the stub check of `lab run 01`: the committed labs/01-transpose-naive/transpose.cl is "
              "right, so this tree holds solved kernels, not the course's stub (COURSE_STUBS=strict, as CI "
              "runs, makes this a failure)")
        return problems
    return problems + [f"`lab run 01` on the stub: expected WRONG, never written:\n{out[-1500:]}"]


COMMAND = re.compile(r"\s*(build/common/lab|build/checker/labcheck|lab|labcheck)\s")
NEEDS_INSTRUCTOR = re.compile(r"--solutions?\b|--versus\s+baseline\b")


def command_problems(edition):
    """Commands in the code blocks of the edition's Markdown (the grader's own manual, checker/, aside) that
    need what only the instructor's copy holds: solutions/ (--solution, --solutions) or the baselines
    (--versus baseline). A student copying one gets an error; the line belongs in a full-clone-only block."""
    problems = []
    for md in sorted(edition.rglob("*.md")):
        relative = md.relative_to(edition).as_posix()
        if relative.startswith(("checker/", "build")):
            continue
        in_block = False
        for n, line in enumerate(md.read_text(encoding="utf-8").splitlines(), start=1):
            if line.lstrip().startswith("```"):
                in_block = not in_block
            elif in_block and COMMAND.match(line) and NEEDS_INSTRUCTOR.search(line):
                problems.append(f"{relative}:{n} shows a command that fails in the edition: {line.strip()!r}")
    return problems


def versus_own_file_problems(lab, root, edition, tmp):
    """`lab run 01 --versus file:OLD.cl` in the edition: the speed comparison it has without the baselines.
    Needs a right lab-01 kernel, taken from the full clone's solutions/ (skipped where there is none)."""
    solution = root / "solutions/01-transpose-naive/transpose.cl"
    if not solution.is_file():
        print("skipped: `lab run 01 --versus file:` (no solutions/ to take a right kernel from)")
        return []
    mine = Path(tmp) / "mine" / "01-transpose-naive"
    mine.mkdir(parents=True)
    (mine / "transpose.cl").write_text(solution.read_text(encoding="utf-8"), encoding="utf-8")
    old = Path(tmp) / "old.cl"
    old.write_text(solution.read_text(encoding="utf-8"), encoding="utf-8")
    out, problems = run([lab, "run", "01", "--submission", str(mine.parent), "--size", "64x64", "--repeat", "4",
                         "--versus", f"file:{old}"], edition, {0})
    if "side by side" not in out:
        problems.append(f"`lab run 01 --versus file:OLD.cl` in the edition: expected the two side by side:\n"
                        f"{out[-1500:]}")
    return problems


def speed_counts_in_no_total(labcheck, edition):
    """Problems of grading the edition's lab-01 stub with the speedup stage: the edition has no baseline,
    so the stage counts in no total (0/0, "later") whatever the kernel, wrong ones included: a right
    kernel and a wrong one are graded out of the same points (issue 48)."""
    out, problems = run([labcheck, "--lab", "01", "--stage", "build,correctness,speedup"], edition, {0, 1})
    if not re.search(r"^01\s+speedup\s+later\s+0/0\b", out, re.MULTILINE) or "total" not in out:
        problems.append(f"labcheck's speedup stage in the edition: expected 'later 0/0', counting in no total:\n"
                        f"{out[-1500:]}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labcheck", required=True)
    parser.add_argument("--lab", required=True)
    parser.add_argument("--root", type=Path, required=True, help="the course the edition is made of")
    args = parser.parse_args()
    problems = []
    with tempfile.TemporaryDirectory(prefix="student-edition-") as tmp:
        edition = Path(tmp) / "edition"
        made = subprocess.run([args.labcheck, "-q", "--root", str(args.root), "--student-edition", str(edition)],
                              capture_output=True, text=True, timeout=300)
        if made.returncode != 0:
            print(f"labcheck --student-edition failed ({made.returncode}):\n{made.stdout}{made.stderr}")
            return 1

        for path in ANSWERS:
            if (edition / path).exists():
                problems.append(f"the edition has {path}, which only the instructor's copy may hold")
        problems += lab_kernel_problems(edition)
        if (args.root / "checker/hidden.toml").is_file():
            problems += hidden_value_problems(args.root / "checker/hidden.toml", edition)

        for readme in [edition / "README.md"] + sorted(edition.glob("labs/*/README.md")):
            for n, line in enumerate(readme.read_text(encoding="utf-8").splitlines(), start=1):
                if FORBIDDEN.search(line) or "full clone only" in line:
                    problems.append(f"{readme.relative_to(edition)}:{n} names what the edition lacks: {line.strip()!r}")
        options = (edition / "meson_options.txt").read_text(encoding="utf-8")
        if not re.search(r"option\('slides_solutions',\s*type\s*:\s*'boolean',\s*value\s*:\s*false", options):
            problems.append("meson_options.txt of the edition: slides_solutions does not default to false")

        problems += command_problems(edition)
        problems += stub_is_wrong(args.lab, edition)
        problems += speed_counts_in_no_total(args.labcheck, edition)
        problems += versus_own_file_problems(args.lab, args.root, edition, tmp)
        out, found = run([args.lab, "run", "01", "--versus", "baseline"], edition, {2})
        problems += found
        if "the student edition leaves the baselines out" not in out or "--versus NAME=VALUE" not in out:
            problems.append(f"`lab run 01 --versus baseline`: expected why there is no baseline:\n{out[-1500:]}")
        out, found = run([args.lab, "hint", "01", "1"], edition, {0})
        problems += found
        if "TODO 1" not in out or "2. the idea" in out:
            problems.append(f"`lab hint 01 1`: expected level 1 of TODO 1 only:\n{out[-1500:]}")
        for argv in ([args.lab, "--help"], [args.lab, "run", "--help"], [args.lab, "bench", "--help"],
                     [args.lab, "tune", "--help"], [args.lab, "hint", "--help"], [args.lab, "ladder", "--help"],
                     [args.labcheck, "--help"]):
            out, found = run(argv, edition, {0})
            problems += found
            # A hidden option's exclusions go with it: no "Excludes:" naming nothing.
            problems += [f"`{' '.join(argv[1:])}`: an empty exclusion: {line.strip()!r}"
                         for line in out.splitlines() if re.search(r"Excludes:\s*$", line)]
        problems += run([args.lab, "run", "07", "--size", "64", "--no-timing"], edition, {0, 1})[1]

    if problems:
        print(f"{len(problems)} problem(s) with the student edition:\n")
        for p in problems:
            print("- " + p.replace("\n", "\n  ") + "\n")
        return 1
    print("the student edition names only what it has; its commands run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
