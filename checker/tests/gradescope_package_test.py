#!/usr/bin/env python3
"""The Gradescope autograder package, run for real: `labcheck package gradescope
--lab 04` is unpacked into a scratch root, its setup.sh checks the packages
(--check: nothing is installed or built in a test), and its run_autograder grades
four uploads (a right kernel, a wrong one, one that hangs, one that does not
compile) and one run where the grader itself fails. Every results.json must hold
only the fields Gradescope documents, with the right score.

run_autograder uses the labcheck built here (LABCHECK) on the course files from
the zip (--root ROOT/source), at the build and correctness stages with the
contract sizes only (the right kernel once more at build and barriers, for the
memory report run_autograder asks for); the hanging kernel is cut by labcheck's launch limit
(10 s), so the test takes about a minute. Run as root, the uploads run as `nobody`.

    gradescope_package_test.py LABCHECK      (from the course root)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

TOP_LEVEL = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
             "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
TEST_FIELDS = {"score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags",
               "visibility", "extra_data"}
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}
LAB = "04-matmul-tiled"
MUTANTS = Path("checker/mutants/runtime") / LAB
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAILED: {what}", file=sys.stderr)


def validate(results, label):
    """results.json against Gradescope's documented fields and their types."""
    check(isinstance(results, dict), f"{label}: results.json is an object")
    check(set(results) <= TOP_LEVEL, f"{label}: only documented top-level fields ({set(results) - TOP_LEVEL})")
    check(isinstance(results.get("score"), (int, float)), f"{label}: a numeric score")
    check(isinstance(results.get("execution_time"), int), f"{label}: execution_time in whole seconds")
    check(isinstance(results.get("output"), str) and results["output"], f"{label}: a top-level output")
    check(results.get("output_format") in FORMATS, f"{label}: a known output_format")
    for key in ("visibility", "stdout_visibility"):
        check(results.get(key, "visible") in VISIBILITIES, f"{label}: a known {key}")
    check(results.get("stdout_visibility") == "hidden",
          f"{label}: the grader's stdout (labcheck's log) is hidden from students")
    check(isinstance(results.get("tests"), list) and results["tests"], f"{label}: a list of tests")
    for test in results.get("tests", []):
        name = test.get("name")
        check(set(test) <= TEST_FIELDS, f"{label} {name}: only documented test fields ({set(test) - TEST_FIELDS})")
        check(test.get("status") in ("passed", "failed"), f"{label} {name}: status passed or failed")
        check(test.get("visibility") in VISIBILITIES, f"{label} {name}: a known visibility")
        check(test.get("output_format") == "md", f"{label} {name}: output_format md")
        check(isinstance(test.get("score"), (int, float)) and isinstance(test.get("max_score"), (int, float)),
              f"{label} {name}: numeric score and max_score")
    for entry in results.get("leaderboard", []):
        check(set(entry) == {"name", "value", "order"} and entry["order"] in ("asc", "desc"),
              f"{label}: leaderboard entries with name, value and order")


def statuses(results):
    return {t["name"]: t["status"] for t in results["tests"]}


def unpack(zip_path, target):
    """Like Gradescope: the zip's root becomes source/, with the files' Unix modes."""
    with zipfile.ZipFile(zip_path) as zf:
        names = zf.namelist()
        check("setup.sh" in names and "run_autograder" in names, "setup.sh and run_autograder at the zip's root")
        check(f"labs/{LAB}/lab.toml" in names and "checker/hidden.toml" in names, "the lab and hidden.toml packed")
        check(not any(n.startswith(("solutions/", "checker/mutants/")) for n in names), "no solutions, no mutants")
        check("kernels/baselines/matmul_naive.cl" in names, "the speedup baseline packed (the student edition has none)")
        check((zf.getinfo("run_autograder").external_attr >> 16) & 0o111, "run_autograder is executable")
        for info in zf.infolist():
            zf.extract(info, target)
            os.chmod(target / info.filename, (info.external_attr >> 16) & 0o777)


def run_autograder(root, upload, labcheck, stages="build,correctness", launch_timeout=10):
    """A fresh submission/ and results/, then run_autograder; its results.json."""
    for folder in ("submission", "results", "work"):
        shutil.rmtree(root / folder, ignore_errors=True)
    (root / "submission").mkdir()
    upload(root / "submission")
    env = dict(os.environ, LABCHECK=labcheck, GRADER_USER="nobody",
               LABCHECK_ARGS=f"--stage {stages} --no-hidden --launch-timeout {launch_timeout} --timeout 120")
    done = subprocess.run([str(root / "source" / "run_autograder"), str(root)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    check(done.returncode == 0, f"run_autograder exits 0 (got {done.returncode})")
    return json.loads((root / "results" / "results.json").read_text())


def bare_file(source):
    return lambda folder: shutil.copy(source, folder / "matmul.cl")


def zipped_lab_folder(source):
    def upload(folder):
        with zipfile.ZipFile(folder / "lab04.zip", "w") as zf:
            zf.write(source, f"{LAB}/matmul.cl")
    return upload


def labs_folder(source):
    def upload(folder):
        (folder / "labs" / LAB).mkdir(parents=True)
        shutil.copy(source, folder / "labs" / LAB / "matmul.cl")
    return upload


# Gradescope's submission_metadata.json of a group of two, handed in half an hour late.
METADATA = {"id": 7, "created_at": "2026-11-24T00:29:00.000000+01:00", "submission_method": "upload",
            "assignment": {"due_date": "2026-11-23T23:59:00.000000+01:00",
                           "late_due_date": "2026-11-25T23:59:00.000000+01:00", "title": "Lab 04"},
            "users": [{"email": "alice@example.com", "id": 1, "name": "Alice Smith"},
                      {"email": "bob@example.com", "id": 2, "name": "Bob Jones"}]}


def grade_uploads(root, labcheck):
    (root / "submission_metadata.json").write_text(json.dumps(METADATA))
    good = run_autograder(root, bare_file(Path("solutions") / LAB / "matmul.cl"), labcheck)
    (root / "submission_metadata.json").unlink()
    validate(good, "right kernel")
    check(good["score"] == 5, f"right kernel: 5 points (build 1, correctness 4), got {good['score']}")
    check("graded `matmul.cl`" in good["output"], "right kernel: the output says which file was graded")
    check(good["output"].startswith("Submitted by Alice Smith and Bob Jones: handed in at "
                                     "2026-11-24T00:29:00.000000+01:00, 0.5 hours after the due date, before the "
                                     "late due date."), "metadata: who handed it in and how late, first")
    check(good.get("extra_data", {}).get("hours_late") == 0.5, "metadata: hours late in extra_data")
    numbers = {t["name"]: t.get("number") for t in good["tests"]}
    check(numbers.get("04 build") == "4.1" and numbers.get("04 correctness") == "4.2",
          f"tests are numbered lab.stage ({numbers})")
    check(all(t.get("tags") == ["lab 04", t["extra_data"]["stage"]] for t in good["tests"]), "tests are tagged")
    visibility = {t["name"]: t["visibility"] for t in good["tests"]}
    check(visibility.get("04 correctness") == "after_due_date" and visibility.get("04 build") == "visible",
          f"--visibility correctness=after_due_date is applied to that stage alone ({visibility})")
    check([s["name"] for s in good.get("extra_data", {}).get("submitters", [])] == ["Alice Smith", "Bob Jones"],
          "metadata: every submitter of the group in extra_data")

    # run_autograder passes --memory-feedback: the barriers test shows the simulated memory report.
    memory = run_autograder(root, bare_file(Path("solutions") / LAB / "matmul.cl"), labcheck, "build,barriers")
    validate(memory, "right kernel, barriers stage")
    barriers = next((t for t in memory["tests"] if t["name"] == "04 barriers"), {"output": ""})
    check("Memory report (feedback only" in barriers["output"] and "per multiply-add" in barriers["output"],
          "right kernel: the barriers test shows the memory report")
    check(memory["score"] == 4, f"right kernel, build and barriers: 4 points, got {memory['score']}")

    broken = run_autograder(root, zipped_lab_folder(MUTANTS / "kedge_skips_partial_tile.cl"), labcheck)
    validate(broken, "wrong kernel")
    check(1 <= broken["score"] < 5, f"wrong kernel: the build point and part of correctness, got {broken['score']}")
    check(statuses(broken).get("04 correctness") == "failed", "wrong kernel: correctness failed")
    check(f"`{LAB}/matmul.cl`" in broken["output"], "wrong kernel: read from the zip's lab folder")

    # A hang costs one launch limit per define set: a short one (processor time, so load does not shorten it).
    hang = run_autograder(root, labs_folder(MUTANTS / "hang_tile_loop.cl"), labcheck, launch_timeout=3)
    validate(hang, "hanging kernel")
    check(hang["score"] == 1, f"hanging kernel: the build point only, got {hang['score']}")
    correctness = next(t for t in hang["tests"] if t["name"] == "04 correctness")
    check("timed out" in correctness["output"], "hanging kernel: correctness says it timed out")

    broken_build = run_autograder(root, bare_file(MUTANTS / "compile_error_type.cl"), labcheck)
    validate(broken_build, "kernel that does not compile")
    check(broken_build["score"] == 0, f"kernel that does not compile: 0 points, got {broken_build['score']}")
    check(statuses(broken_build).get("04 build") == "failed", "kernel that does not compile: build failed")

    check("reproduce: build/common/lab run 04 " in json.dumps(broken) and "--submission submission" not in
          json.dumps(broken), "wrong kernel: the reproduce line is for the student's own copy, not the grader's folder")

    huge = run_autograder(root, lambda folder: (folder / "matmul.cl").write_bytes(b"x" * (3 << 20)), labcheck)
    validate(huge, "upload over the size limit")
    check(huge["score"] == 0, f"upload over the size limit: 0 points, got {huge['score']}")
    check("larger than 1 MiB (3 MiB): not graded" in huge["output"] and "graded `" not in huge["output"],
          "upload over the size limit: said once, never called graded")
    for test in huge["tests"]:
        check(test["output"].startswith("Not graded: nothing of this lab was read from your upload.")
              and "larger than 1 MiB" in test["output"] and "does not exist" not in test["output"],
              f"upload over the size limit: {test['name']} repeats the note, not the grader's missing file")

    empty = run_autograder(root, lambda folder: None, labcheck)
    validate(empty, "empty upload")
    check("The upload is empty: nothing was graded." in empty["output"], "empty upload: one sentence")

    grader_down = run_autograder(root, bare_file(Path("solutions") / LAB / "matmul.cl"), "/bin/false")
    validate(grader_down, "grader failure")
    check(grader_down["score"] == 0, "grader failure: score 0")
    check("could not grade" in grader_down["output"], "grader failure: a clear message")


def main():
    labcheck = os.path.abspath(sys.argv[1])
    scratch = Path(tempfile.mkdtemp(prefix="gradescope-package-"))
    os.chmod(scratch, 0o755)  # the grader user reads the course files from here
    try:
        package = subprocess.run([labcheck, "package", "gradescope", "--lab", "04", "-o", str(scratch / "a.zip"),
                                  "--visibility", "correctness=after_due_date"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(package.returncode == 0, f"labcheck package gradescope exits 0: {package.stdout}")
        unpack(scratch / "a.zip", scratch / "root" / "source")
        setup = subprocess.run(["bash", str(scratch / "root" / "source" / "setup.sh"), "--check"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(setup.returncode == 0, f"setup.sh --check finds every package: {setup.stdout}")
        grade_uploads(scratch / "root", labcheck)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
