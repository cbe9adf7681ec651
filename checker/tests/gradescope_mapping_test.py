#!/usr/bin/env python3
"""How run_autograder reads an upload (checker/gradescope/submission_mapping.py),
on hostile and ambiguous uploads: zip entries leaving their folder, links, a
kernel name two graded labs share, another lab's folder, a file too large, a
hard link, a file of another user, a name with terminal control sequences;
several candidates (each rule of the module's comment, and a refusal), a
damaged zip member, names in a lab folder, each thing not read in its own
sentence, the same words run to run, a junk entry name, look-alike letters.
No labcheck, no device: a second or so.

    gradescope_mapping_test.py      (from the course root)
"""
import os
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path("checker/gradescope").resolve()))
from submission_mapping import MAX_KERNEL_BYTES, MAX_ZIP_ENTRIES, stage_submission  # noqa: E402

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
    check("`matmul.cl` is a link: links are never followed." in notes and "The upload holds no regular file that "
          "could be read: nothing was graded." in notes, "the notes say what was skipped and that nothing was read")
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


def test_own_number_other_name(scratch):
    staged, notes = stage(scratch, "accented", [LAB01], lambda f: write(f / "01-transpose-na\u00efve" / "transpose.cl",
                                                                       "mine"))
    check(graded(staged) is None, "a folder that is not the lab's name is not read as the lab's")
    check("Lab 01-transpose-naive: `01-transpose-na\\u00efve/transpose.cl` is in `01-transpose-na\\u00efve`, a folder "
          "with this lab's number but not its name, so it was not read as this lab's. Name the folder "
          "`01-transpose-naive` exactly." in notes, "said as the lab's own number under another name")
    check("another lab's folder" not in " ".join(notes), "never called another lab's folder")


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


LAB01 = ("01-transpose-naive", "transpose.cl")
LAB02 = ("02-transpose-local", "transpose.cl")


def zip_of(folder, entries, name="upload.zip"):
    """A zip of (name, text, date_time) entries in this order."""
    with zipfile.ZipFile(folder / name, "w") as zf:
        for entry, text, when in entries:
            zf.writestr(zipfile.ZipInfo(entry, when), text)


OLD, NEW = (2026, 1, 1, 10, 0, 0), (2026, 1, 2, 10, 0, 0)


def graded(staged, lab=LAB01):
    path = staged / lab[0] / lab[1]
    return path.read_text() if path.exists() else None


def test_several_candidates(scratch):
    """Rule 3: a readable reason names every candidate and the one graded, or nothing is graded."""
    staged, notes = stage(scratch, "old-and-repo", [LAB01], lambda f: zip_of(f, [
        ("old/01-transpose-naive/transpose.cl", "old", NEW),
        ("repo/labs/01-transpose-naive/transpose.cl", "new", OLD)]))
    check(graded(staged) == "new", "a labs/ layout is graded over a loose copy, however shallow")
    check("2 different files could be its kernel: `old/01-transpose-naive/transpose.cl` (entry 1 of `upload.zip`"
          in notes and "Graded `repo/labs/01-transpose-naive/transpose.cl` (entry 2 of `upload.zip`, dated "
          "2026-01-01 10:00:00): it is inside a `labs/` folder" in notes, "the note names both and why")
    staged, notes = stage(scratch, "copy-newer", [LAB01], lambda f: zip_of(f, [
        ("transpose.cl", "first", OLD), ("transpose (1).cl", "newer", NEW)]))
    check(graded(staged) == "newer", "in one zip, the newest time is graded")
    check("Graded `transpose (1).cl` (entry 2 of `upload.zip`, dated 2026-01-02 10:00:00): its zip dates it newest."
          in notes, "and the note says so")
    staged, notes = stage(scratch, "same-name", [LAB01], lambda f: zip_of(f, [
        ("transpose.cl", "one", OLD), ("transpose.cl", "two", OLD)]))
    check(graded(staged) is None, "two entries of one name and one time: none is graded")
    check("None of them is graded, rather than a guess" in notes and "(entry 1 of `upload.zip`" in notes
          and "(entry 2 of `upload.zip`" in notes, "the refusal lists both entries")

    def bare_and_zip(folder):
        write(folder / "transpose.cl", "bare")
        zip_of(folder, [("transpose.cl", "zipped", OLD)])
    staged, notes = stage(scratch, "bare-and-zip", [LAB01], bare_and_zip)
    check(graded(staged) is None and "2 different files could be its kernel: `transpose.cl`, `transpose.cl` (entry 1"
          in notes, "a bare file and a zip's different one: refused with both named")
    staged, notes = stage(scratch, "bare-copies", [LAB01], lambda f: (write(f / "transpose.cl", "exact"),
                                                                      write(f / "transpose (1).cl", "copy")))
    check(graded(staged) == "exact" and "Graded `transpose.cl`: its name is exactly the lab's." in notes,
          "without times, the exact name over a copy mark, said")

    def identical(folder):
        write(folder / "labs" / "01-transpose-naive" / "transpose.cl", "same")
        zip_of(folder, [("01-transpose-naive/transpose.cl", "same", OLD)])
    staged, notes = stage(scratch, "identical", [LAB01], identical)
    check(graded(staged) == "same" and "the same bytes" in notes, "identical copies are one file, and said")


def test_damaged_zip_member(scratch):
    def damaged(folder):
        zip_of(folder, [("01-transpose-naive/transpose.cl", "kernel void transpose() {}", OLD)])
        data = bytearray((folder / "upload.zip").read_bytes())
        at = data.find(b"kernel void")
        data[at] ^= 0x20  # stored, not compressed: one byte changed, the CRC-32 no longer matches
        (folder / "upload.zip").write_bytes(bytes(data))
    staged, notes = stage(scratch, "bad-crc", [LAB01], damaged)
    check(graded(staged) is None, "a member with a bad CRC is never graded (nor an empty file in its place)")
    check("`01-transpose-naive/transpose.cl` in `upload.zip` could not be read: its data in the zip is damaged" in notes
          and "graded `" not in notes and "could not be unpacked" not in notes, "and it is said as such")
    staged, notes = stage(scratch, "not-a-zip", [LAB01], lambda f: write(f / "upload.zip", "not a zip"))
    check("`upload.zip` could not be unpacked: it is not a zip file" in notes, "a file that is no zip is said so")


def test_names_in_a_lab_folder(scratch):
    staged, notes = stage(scratch, "other-name", [LAB01, LAB02], lambda f: write(
        f / "01-transpose-naive" / "my_transpose.cl", "mine"))
    check(graded(staged) == "mine" and "`01-transpose-naive/my_transpose.cl` is graded as "
          "`01-transpose-naive/transpose.cl` (the only kernel file in the lab's folder" in notes,
          "the only .cl file in a lab's folder is graded, with two labs graded too")
    staged, notes = stage(scratch, "folder-case", [LAB01, LAB02], lambda f: write(
        f / "01-Transpose-Naive" / "transpose.cl", "cased"))
    check(graded(staged) == "cased", "a lab folder's name in another case is matched")
    staged, notes = stage(scratch, "two-others", [LAB01], lambda f: (
        write(f / "01-transpose-naive" / "a.cl", "a"), write(f / "01-transpose-naive" / "b.cl", "b")))
    check(graded(staged) is None and "no `transpose.cl` found" in notes and "the lab's folder holds "
          "`01-transpose-naive/a.cl`, `01-transpose-naive/b.cl`, but none is named `transpose.cl`" in notes,
          "two other names in the folder: no guess, and both named")


def test_each_cause_its_sentence(scratch):
    def causes(folder):
        link = zipfile.ZipInfo("01-transpose-naive/transpose.cl", OLD)
        link.external_attr = 0o120777 << 16
        with zipfile.ZipFile(folder / "upload.zip", "w") as zf:
            zf.writestr(link, "/etc/passwd")
            zf.writestr(zipfile.ZipInfo("inner.zip", OLD), "PK")
            zf.writestr(zipfile.ZipInfo("/".join("abcdefghij") + "/deep.cl", OLD), "deep")
        write(folder / "lab.tar.gz", "tar")
        write(folder / "02-transpose-local" / "transpose.cl", "two")
    staged, notes = stage(scratch, "causes", [LAB01], causes)
    check(graded(staged) is None, "nothing of those is graded")
    for cause in ("`01-transpose-naive/transpose.cl` in `upload.zip` is a link: links are never followed.",
                  "`inner.zip` in `upload.zip` is a zip inside a zip: zips inside a zip are not unpacked.",
                  "`a/b/c/d/e/f/g/h/i/j/deep.cl` in `upload.zip` is more than 8 folders deep in its zip",
                  "`lab.tar.gz` is an archive of a kind this grader does not unpack",
                  "`02-transpose-local/transpose.cl` is in another lab's folder (`02-transpose-local`)"):
        check(f"Lab 01-transpose-naive: {cause}" in notes, f"its own sentence: {cause}")
    staged, notes = stage(scratch, "deep-folder", [LAB01], lambda f: write(
        f.joinpath(*"abcdefghij") / "transpose.cl", "deep"))
    check("`a/b/c/d/e/f/g/h/i` is more than 8 folders deep: nothing in it was read." in notes
          and graded(staged) is None,
          "a deep folder")

    def many(folder):
        with zipfile.ZipFile(folder / "upload.zip", "w") as zf:
            for n in range(MAX_ZIP_ENTRIES + 1):
                zf.writestr(f"f{n}.txt", "")
            zf.writestr("01-transpose-naive/transpose.cl", "late")
    staged, notes = stage(scratch, "entry-cap", [LAB01], many)
    check(f"`upload.zip` holds {MAX_ZIP_ENTRIES + 2} entries: only its first {MAX_ZIP_ENTRIES} were read." in notes,
          "past the entry cap: said")


def test_no_temporary_path_and_same_words(scratch):
    def upload(folder):
        zip_of(folder, [("../x.cl", "x", OLD), ("01-transpose-naive/transpose.cl", "t", OLD)])
        write(folder / "upload.tar.gz", "x")
    _, first = stage(scratch, "run-1", [LAB01], upload)
    _, second = stage(scratch, "run-2", [LAB01], upload)
    check(first == second, "two runs on one upload give the same notes")
    check(str(scratch) not in first and "/tmp" not in first and "unzipped" not in first, "no path of this machine")


def test_junk_entry_name(scratch):
    staged, notes = stage(scratch, "junk", [LAB01], lambda f: zip_of(f, [
        ("x" * 300 + ".cl", "junk", OLD), ("01-transpose-naive/transpose.cl", "kept", OLD)]))
    check(graded(staged) == "kept", "a 300-character entry name loses nothing else of the zip")
    check(all(len(line) < 400 for line in notes.splitlines()), "and its name is shown cut")


def test_look_alike_names(scratch):
    """Invisible and look-alike characters in a file name are written out, never shown as what they mimic."""
    staged, notes = stage(scratch, "zero-width", [LAB01], lambda f: write(f / "transpose\u200b.cl", "x"))
    check("`transpose\\u200b.cl` is graded as `01-transpose-naive/transpose.cl` (the only kernel file uploaded"
          in notes, "an invisible character is written out")
    staged, notes = stage(scratch, "cyrillic", [LAB01],
                          lambda f: write(f / "01-transpose-naive" / "tr\u0430nspose.cl", "x"))
    check("`01-transpose-naive/tr\\u0430nspose.cl` is graded as" in notes, "a look-alike letter is written out")
    check(all(ord(c) < 0x7F for c in notes), "no character but ASCII in the notes")

def main():
    warnings.simplefilter("ignore", UserWarning)  # zipfile's "Duplicate name": a duplicate is the point
    with tempfile.TemporaryDirectory(prefix="gradescope-mapping-") as scratch:
        for test in (test_hostile_zip, test_link_is_not_followed, test_shared_names, test_other_labs_folder,
                     test_own_number_other_name,
                     test_single_kernel_and_size, test_hard_link_and_foreign_owner,
                     test_control_characters_in_names, test_near_miss_names_and_empty_uploads,
                     test_several_candidates, test_damaged_zip_member, test_names_in_a_lab_folder,
                     test_each_cause_its_sentence, test_no_temporary_path_and_same_words, test_junk_entry_name,
                     test_look_alike_names):
            test(Path(scratch))
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
