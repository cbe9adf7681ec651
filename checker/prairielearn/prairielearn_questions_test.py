#!/usr/bin/env python3
"""make_questions.py writes a question per lab that PrairieLearn can read, and compile_error_policy.py
turns a compile error into a scored attempt but leaves a grader error not gradable.
Usage: prairielearn_questions_test.py (from the source root)."""
import json
import pathlib
import subprocess
import sys
import tempfile

here = pathlib.Path(__file__).parent
sys.path.insert(0, str(here))
from compile_error_policy import costs_attempt  # noqa: E402

labs = sorted(p.name for p in pathlib.Path("labs").iterdir() if (p / "lab.toml").is_file())
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, str(here / "make_questions.py"), "--out", tmp, "--image", "course/grader",
                    "--compile-error", "attempt"], check=True, stdout=subprocess.DEVNULL)
    uuids = set()
    for lab in labs:
        q = pathlib.Path(tmp) / "questions" / f"opencl-lab{lab[:2]}"
        info = json.loads((q / "info.json").read_text())
        assert info["gradingMethod"] == "External" and info["externalGradingOptions"]["image"] == "course/grader", info
        uuids.add(info["uuid"])
        kernel = (q / "tests" / "lab").read_text().strip()
        assert kernel.startswith(lab + "/") and f'file-names="{kernel.split("/")[1]}"' in (q / "question.html").read_text()
        assert (q / "tests" / "compile_error").read_text().strip() == "attempt"
    assert len(uuids) == len(labs), "every question needs its own uuid"
    assert (pathlib.Path(tmp) / "serverFilesCourse" / "labcheck" / "grade.sh").stat().st_mode & 0o111

build_fails = {"gradable": False, "format_errors": ["Lab 04: matmul.cl does not build"],
               "tests": [{"name": "04 build", "output": "fail: line 3", "points": 0, "max_points": 1}]}
scored = costs_attempt(build_fails)
assert scored["gradable"] is True and scored["score"] == 0.0 and "does not build" in scored["message"], scored
grader_error = dict(build_fails, tests=[{"name": "04 correctness", "output": "error: no device"}])
assert costs_attempt(grader_error)["gradable"] is False
print(f"{len(labs)} PrairieLearn questions; the compile-error policy scores a build failure, not a grader error")
