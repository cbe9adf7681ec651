#!/usr/bin/env python3
"""PrairieLearn questions for the labs: one externally graded file-upload question per lab.

Writes, under OUT (a PrairieLearn course's folder, or a folder to copy into one):
  questions/opencl-labNN/info.json      the question: external grading by the course's container image
  questions/opencl-labNN/question.html  the upload (the lab's kernel file) and the grader's results
  questions/opencl-labNN/tests/lab      which lab and kernel file the grader checks ("04-matmul-tiled/matmul.cl")
  questions/opencl-labNN/tests/compile_error   free or attempt (--compile-error): whether a kernel that
                                        does not build uses an attempt
  serverFilesCourse/labcheck/grade.sh   the entrypoint every question shares (grade.sh beside this script)

Every fact comes from the labs (labs/NN-name/lab.toml: title, kernel_file) and from the options below,
so the questions never disagree with the course. See docs/prairielearn.md ("Question templates").

Usage: make_questions.py --root REPO --out DIR --image NAME [--lab NN]... [--compile-error free|attempt]
"""

import argparse
import json
import pathlib
import shutil
import tomllib
import uuid

HERE = pathlib.Path(__file__).parent
# The question's uuid is derived from the lab's folder, so that regenerating keeps PrairieLearn's records.
UUID_NAMESPACE = uuid.UUID("6f1c8c8e-3d0a-4b8e-9a51-0c1d2e3f4a5b")
TIMEOUT_S = 300  # labs 05-07 take a few minutes on PoCL (docs/prairielearn.md)


def info_json(lab, title, image):
    return {
        "uuid": str(uuid.uuid5(UUID_NAMESPACE, lab)),
        "title": f"Lab {lab[:2]}: {title}",
        "topic": "OpenCL",
        "tags": ["opencl", "labcheck", f"lab{lab[:2]}"],
        "type": "v3",
        "singleVariant": True,
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": True,
            "image": image,
            "serverFilesCourse": ["labcheck/"],
            "entrypoint": "/grade/serverFilesCourse/labcheck/grade.sh",
            "timeout": TIMEOUT_S,
        },
    }


def question_html(lab, title, kernel_file):
    return f"""<pl-question-panel>
  <p><b>Lab {lab[:2]}: {title}.</b> Upload your <code>{kernel_file}</code> (from
  <code>labs/{lab}/</code>). It is graded as <code>build/common/lab run {lab[:2]}</code> and
  <code>labcheck --lab {lab[:2]}</code> grade it on your machine: build, correctness, barriers,
  speed. Run those first; this grader says the same things.</p>
  <pl-file-upload file-names="{kernel_file}"></pl-file-upload>
</pl-question-panel>

<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
"""


def write_question(out, lab, spec, image, compile_error):
    folder = out / "questions" / f"opencl-lab{lab[:2]}"
    (folder / "tests").mkdir(parents=True, exist_ok=True)
    (folder / "info.json").write_text(json.dumps(info_json(lab, spec["title"], image), indent=2) + "\n")
    (folder / "question.html").write_text(question_html(lab, spec["title"], spec["kernel_file"]))
    (folder / "tests" / "lab").write_text(f"{lab}/{spec['kernel_file']}\n")
    (folder / "tests" / "compile_error").write_text(compile_error + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--image", required=True,
                        help="the course's container image as PrairieLearn pulls it (built from the Containerfile "
                             "at the top of the repository, target prairielearn-grader), e.g. yourname/opencl-labcheck")
    parser.add_argument("--lab", action="append", default=[], help="NN (repeat; default: every lab)")
    parser.add_argument("--compile-error", choices=["free", "attempt"], default="free",
                        help="free (default): a kernel that does not build is 'not gradable' and costs no attempt; "
                             "attempt: it is graded, scores 0 and uses an attempt")
    args = parser.parse_args()
    labs = sorted(p.name for p in (args.root / "labs").iterdir() if (p / "lab.toml").is_file())
    if args.lab:
        wanted = [n.zfill(2) for n in args.lab]
        unknown = [n for n in wanted if not any(lab.startswith(n + "-") for lab in labs)]
        if unknown:
            raise SystemExit(f"make_questions.py: --lab {', '.join(unknown)}: expected one of "
                             f"{', '.join(lab[:2] for lab in labs)} (the folders of {args.root / 'labs'})")
        labs = [lab for lab in labs if lab[:2] in wanted]
    for lab in labs:
        spec = tomllib.loads((args.root / "labs" / lab / "lab.toml").read_text())
        write_question(args.out, lab, spec, args.image, args.compile_error)
    server = args.out / "serverFilesCourse" / "labcheck"
    server.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / "grade.sh", server / "grade.sh")
    (server / "grade.sh").chmod(0o755)
    print(f"{len(labs)} questions in {args.out / 'questions'}; the entrypoint in {server / 'grade.sh'}")


if __name__ == "__main__":
    main()
