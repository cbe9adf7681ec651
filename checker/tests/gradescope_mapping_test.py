#!/usr/bin/env python3
"""How run_autograder reads an upload (checker/gradescope/submission_mapping.py),
on hostile and ambiguous uploads: zip entries leaving their folder, links, a
kernel name two graded labs share, another lab's folder, a file too large, a
hard link, a file of another user, a name with terminal control sequences.
No labcheck, no device: a second or so.

    gradescope_mapping_test.py      (from the course root)
"""
import os
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path("checker/gradescope").resolve()))
from submission_mapping import MAX_KERNEL_BYTES, stage_submission  # noqa: E402

LAB03 = ("03-matmul-naive", "matmul.cl")
LAB04 = ("04-matmul-tiled", "matmul.cl")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAILED: {what}", file=sys.stderr)


def stage(scratch, name, labs, make_upload):
    """Builds an upload with `make_upload(folder)`, stages it; (staged folder, notes)."""
    upload = scratch / name / "upload"
    upload.mkdir(parents=True)
    make_upload(upload)
    staged = scratch / name / "staged"
    notes = stage_submission(upload, labs, scratch / name / "unzipped", staged)
    return staged, "\n".join(notes)


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def hostile_zip(folder):
    with zipfile.ZipFile(folder / "upload.zip", "w") as zf:
        zf.writestr("../escaped.cl", "outside")
        zf.writestr("/absolute.cl", "outside")
        link = zipfile.ZipInfo("04-matmul-tiled/link.cl")
        link.external_attr = 0o120777 << 16  # a symbolic link entry
        zf.writestr(link, "/etc/passwd")
        zf.writestr("04-matmul-tiled/matmul.cl", "kernel void matmul() {}")


def test_hostile_zip(scratch):
    staged, notes = stage(scratch, "zip", [LAB04], hostile_zip)
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "kernel void matmul() {}",
          "the zip's lab folder is graded")
    check(not list(scratch.rglob("escaped.cl")) and not list(scratch.rglob("absolute.cl"))
          and not Path("/absolute.cl").exists(), "no zip entry that leaves its folder is extracted")
    check(not any(p.is_symlink() for p in (scratch / "zip").rglob("*")), "no link is created")
    check("graded `04-matmul-tiled/matmul.cl`" in notes, "the note names the file graded")


def test_link_is_not_followed(scratch):
    staged, notes = stage(scratch, "link", [LAB04], lambda f: os.symlink("/etc/passwd", f / "matmul.cl"))
    check(not (staged / "04-matmul-tiled" / "matmul.cl").exists(), "a link named matmul.cl is not graded")
    check("The upload holds no regular file (links and special files are never read): nothing was graded." in notes,
          "the note says no kernel was read")
    _, notes = stage(scratch, "link-and-file", [LAB04], lambda f: (os.symlink("/etc/passwd", f / "matmul.cl"),
                                                                  write(f / "README.md", "hi")))
    check("Lab 04-matmul-tiled: no `matmul.cl` found in the upload: not graded." in notes,
          "beside another file, the note says no kernel was found")


def test_shared_names(scratch):
    _, notes = stage(scratch, "bare", [LAB03, LAB04], lambda f: write(f / "matmul.cl", "x"))
    check("cannot be told" in notes, "a bare file two graded labs share is not guessed")

    def both_labs(folder):
        write(folder / "labs" / "03-matmul-naive" / "matmul.cl", "three")
        write(folder / "labs" / "04-matmul-tiled" / "matmul.cl", "four")
    staged, _ = stage(scratch, "labs", [LAB03, LAB04], both_labs)
    check((staged / "03-matmul-naive" / "matmul.cl").read_text() == "three", "lab 03 from its own folder")
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "four", "lab 04 from its own folder")


def test_other_labs_folder(scratch):
    staged, _ = stage(scratch, "other", [LAB04], lambda f: write(f / "labs" / "03-matmul-naive" / "matmul.cl", "3"))
    check(not (staged / "04-matmul-tiled" / "matmul.cl").exists(), "lab 03's kernel is never graded as lab 04's")


def test_single_kernel_and_size(scratch):
    staged, notes = stage(scratch, "renamed", [LAB04], lambda f: write(f / "my_tiled.cl", "mine"))
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "mine", "the only .cl file is graded")
    check("`my_tiled.cl` is graded as `04-matmul-tiled/matmul.cl`" in notes, "and the note says so")
    staged, notes = stage(scratch, "large", [LAB04], lambda f: write(f / "matmul.cl", "x" * (MAX_KERNEL_BYTES + 1)))
    check(not (staged / "04-matmul-tiled" / "matmul.cl").exists() and "larger than" in notes,
          "a file over the size limit is not graded")


def test_hard_link_and_foreign_owner(scratch):
    canary = scratch / "canary.txt"  # a file of the grading machine
    canary.write_text("CANARY-of-the-grader")
    staged, notes = stage(scratch, "hardlink", [LAB04], lambda f: os.link(canary, f / "matmul.cl"))
    check(not (staged / "04-matmul-tiled" / "matmul.cl").exists(), "a hard link is not copied for grading")
    check("is a hard link (the same file has 2 names): not graded" in notes, "and the note says why")
    check("graded `matmul.cl`" not in notes and "CANARY" not in notes, "nor called graded")
    if os.geteuid() != 0:
        print("not root: the foreign-owner upload is not tried (labcheck's own test covers the rule)")
        return

    def foreign(folder):
        write(folder / "matmul.cl", "someone else's")
        os.chown(folder / "matmul.cl", 65534, 65534)
    staged, notes = stage(scratch, "foreign", [LAB04], foreign)
    check(not (staged / "04-matmul-tiled" / "matmul.cl").exists() and "belongs to another user" in notes,
          "a file owned by another user than the upload's folders is not graded")


def test_control_characters_in_names(scratch):
    name = "\x1b]0;owned\x07\x1b[2J\u009b\u202e.cl"
    staged, notes = stage(scratch, "escapes", [LAB04], lambda f: write(f / name, "mine"))
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "mine", "the only .cl file is graded")
    check("\\x1b]0;owned\\x07\\x1b[2J\\u009b\\u202e.cl" in notes, "its name is shown with the controls written out")
    check(not any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) <= 0x9F for c in notes), "no raw control in the notes")


def test_near_miss_names_and_empty_uploads(scratch):
    """What students really upload: a zip of the whole folder, a name in another case, a browser's copy
    mark, one .cl file in the wrong place, nothing at all."""
    def zipped(folder):
        with zipfile.ZipFile(folder / "submission.zip", "w") as zf:
            zf.writestr("04-matmul-tiled/matmul.cl", "zipped")
    staged, notes = stage(scratch, "zip-only", [LAB04], zipped)
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "zipped", "submission.zip alone is unpacked")
    check("Lab 04-matmul-tiled: graded `04-matmul-tiled/matmul.cl`." in notes, "and the note names the file")
    for name, upload in (("case", "Matmul.cl"), ("copy", "matmul (1).cl"), ("mac-copy", "matmul copy.cl")):
        staged, notes = stage(scratch, name, [LAB03, LAB04], lambda f, u=upload: write(f / "04-matmul-tiled" / u, u))
        check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == upload, f"`{upload}` is graded")
        check(f"Lab 04-matmul-tiled: `04-matmul-tiled/{upload}` is graded as `04-matmul-tiled/matmul.cl` (its name "
              "differs only by case or a copy mark; the lab asks for `matmul.cl`)." in notes, f"`{upload}`: the note")
    staged, notes = stage(scratch, "bare-case", [LAB04], lambda f: (write(f / "MATMUL.CL", "caps"),
                                                                   write(f / "notes" / "other.cl", "x")))
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "caps", "a bare near-miss name is graded")
    staged, notes = stage(scratch, "deep", [LAB04], lambda f: write(f / "src" / "kernels" / "tiled.cl", "deep"))
    check((staged / "04-matmul-tiled" / "matmul.cl").read_text() == "deep", "one .cl file in the wrong place")
    check("`src/kernels/tiled.cl` is graded as `04-matmul-tiled/matmul.cl` (the only kernel file uploaded" in notes,
          "is mapped with a note")
    staged, notes = stage(scratch, "empty", [LAB04], lambda f: None)
    check(notes == "The upload is empty: nothing was graded. Upload `matmul.cl` itself, a zip of the lab's folder "
          "(`04-matmul-tiled`), or your `labs/` folder.", "an empty upload is one sentence")
    staged, notes = stage(scratch, "huge", [LAB04], lambda f: write(f / "matmul.cl", "x" * (3 * MAX_KERNEL_BYTES)))
    check("larger than 1 MiB (3 MiB): not graded" in notes and "graded `" not in notes,
          "a file over the limit is never called graded")


def main():
    with tempfile.TemporaryDirectory(prefix="gradescope-mapping-") as scratch:
        for test in (test_hostile_zip, test_link_is_not_followed, test_shared_names, test_other_labs_folder,
                     test_single_kernel_and_size, test_hard_link_and_foreign_owner,
                     test_control_characters_in_names, test_near_miss_names_and_empty_uploads):
            test(Path(scratch))
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
