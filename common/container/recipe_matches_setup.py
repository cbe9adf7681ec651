#!/usr/bin/env python3
"""The container recipe and common/setup.sh agree: one list of packages, in setup.sh.

    recipe_matches_setup.py COURSE_ROOT

Reads the Dockerfile, .devcontainer/devcontainer.json, .dockerignore, common/setup.sh and
common/container/test.sh, and fails, saying where, when:
  - the Dockerfile installs a package itself (apt-get, apt, dpkg, or a name from setup.sh's list
    in a RUN line) instead of through setup.sh;
  - the Dockerfile does not run `setup.sh --packages-only` (its package layer) and
    `common/setup.sh --no-check` (the build), or setup.sh has no --packages-only;
  - devcontainer.json builds another file or a target the Dockerfile has no stage for, or mounts
    the clone elsewhere than the Dockerfile's LAB_ROOT;
  - .dockerignore lets build/ or .git into the image, or test.sh tags another base than BASE.
Building the image is common/container/test.sh's job (minutes, root); this takes milliseconds.
"""
import json
import re
import sys
from pathlib import Path


def setup_packages(setup_text):
    """The names in setup.sh's packages="..." list."""
    match = re.search(r'^packages="([^"]*)"', setup_text, re.M)
    if not match:
        raise SystemExit('common/setup.sh: expected a packages="..." list, found none; '
                         'update recipe_matches_setup.py if the list moved')
    return set(match.group(1).split())


def dockerfile_instructions(text):
    """(instruction, arguments, line) of each Dockerfile instruction, continuations joined."""
    joined, start, result = "", 0, []
    for number, line in enumerate(text.splitlines(), 1):
        if not joined and (not line.strip() or line.lstrip().startswith("#")):
            continue
        start = start or number
        joined += line.rstrip("\\") + " "
        if not line.rstrip().endswith("\\"):
            word, _, rest = joined.strip().partition(" ")
            result.append((word.upper(), rest.strip(), start))
            joined, start = "", 0
    return result


def jsonc(text):
    """devcontainer.json's JSON with comments: whole-line // comments dropped."""
    return json.loads("\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//")))


def check(root):
    problems = []
    docker_text = (root / "Dockerfile").read_text()
    setup_text = (root / "common/setup.sh").read_text()
    instructions = dockerfile_instructions(docker_text)
    runs = [(args, line) for word, args, line in instructions if word == "RUN"]
    packages = setup_packages(setup_text)
    for args, line in runs:
        words = set(re.split(r"[\s;&|]+", args))
        if re.search(r"(^|[;&|]\s*)(apt-get|apt|dpkg|aptitude)\s", args) or words & packages:
            problems.append(f"Dockerfile:{line}: installs packages itself ({args[:60]}...); expected only "
                            "common/setup.sh to install (its one list): add the package to setup.sh instead")
    run_text = " ".join(args for args, _ in runs)
    for expected in ("setup.sh --packages-only", "common/setup.sh --no-check"):
        if expected not in run_text:
            problems.append(f"Dockerfile: expected a RUN of `{expected}`, found none")
    if '"--packages-only"' not in setup_text or '[ "$build" = yes ] || exit 0' not in setup_text:
        problems.append("common/setup.sh: expected a --packages-only mode that exits before building "
                        "(the Dockerfile's package layer uses it)")
    stages = {m.group(1) for w, a, _ in instructions if w == "FROM" for m in [re.search(r"\bAS\s+(\S+)", a, re.I)] if m}
    for needed in ("course", "grader"):
        if needed not in stages:
            problems.append(f"Dockerfile: expected a stage `{needed}`, found stages {sorted(stages)}")
    base = re.search(r"^ARG BASE=(\S+)", docker_text, re.M)
    test_base = re.search(r"^base_image=(\S+)", (root / "common/container/test.sh").read_text(), re.M)
    if not base or not test_base or base.group(1) != test_base.group(1):
        problems.append("Dockerfile's ARG BASE and common/container/test.sh's base_image differ: "
                        "test.sh must tag its debootstrapped Debian as the recipe's base")
    lab_root = re.search(r"^ENV LAB_ROOT=(\S+)", docker_text, re.M)
    dev = jsonc((root / ".devcontainer/devcontainer.json").read_text())
    build = dev.get("build", {})
    if (root / ".devcontainer" / build.get("dockerfile", "")).resolve() != (root / "Dockerfile").resolve():
        problems.append(f".devcontainer/devcontainer.json: builds {build.get('dockerfile')}, expected ../Dockerfile")
    if build.get("target") not in stages:
        problems.append(f".devcontainer/devcontainer.json: target {build.get('target')} is no stage of the Dockerfile")
    if not lab_root or dev.get("workspaceFolder") != lab_root.group(1):
        problems.append(".devcontainer/devcontainer.json: workspaceFolder differs from the Dockerfile's LAB_ROOT: "
                        "lab would read the image's labs/, not the student's")
    ignored = set((root / ".dockerignore").read_text().split())
    for needed in ("build", ".git"):
        if needed not in ignored:
            problems.append(f".dockerignore: expected `{needed}` (the image build must not copy it)")
    return problems


def main():
    problems = check(Path(sys.argv[1]))
    for problem in problems:
        print(problem)
    if not problems:
        print("the Dockerfile installs through common/setup.sh; devcontainer.json and test.sh match it")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
