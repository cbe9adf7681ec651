"""What a student uploaded to Gradescope, laid out like labs/ for labcheck.

Students upload the bare kernel file(s), a zip of the lab folder (or of the
whole repository), or the labs/-shaped folder itself. stage_submission() finds
each graded lab's kernel file in it and copies it, and nothing else, to
STAGED/NN-name/kernel.cl. Every upload is treated as hostile: links are never
followed, zip entries leaving their folder are skipped, sizes are capped, and a
file is copied only when it is the upload's own (labcheck's rule, in
common/harness/upload_file_rules.hpp): one name (no hard link) and the owner of
the folder it was uploaded in or of a folder on the way to it. The copy would
otherwise hide from labcheck what it was.
It returns one line per decision, shown to the student above the results.
"""
import os
import re
import shutil
import stat
import sys
import zipfile
from pathlib import Path, PurePosixPath

MAX_KERNEL_BYTES = 1 << 20   # a kernel file
MAX_UNZIPPED_BYTES = 64 << 20
MAX_ZIP_ENTRIES = 5000
MAX_ZIPS = 5
MAX_DEPTH = 8
LAB_FOLDER = re.compile(r"^[0-9]{2}-")  # "03-matmul-naive": another lab's folder


def regular_files(top):
    """Regular files under `top` (links and special files never), at most MAX_DEPTH deep, sorted
    shallowest first."""
    found = []
    for folder, dirs, files in os.walk(top, followlinks=False):
        depth = len(Path(folder).relative_to(top).parts)
        dirs[:] = sorted(d for d in dirs if depth < MAX_DEPTH and not os.path.islink(os.path.join(folder, d)))
        for name in files:
            path = Path(folder) / name
            if stat.S_ISREG(os.lstat(path).st_mode):
                found.append(path)
    return sorted(found, key=lambda p: (len(p.relative_to(top).parts), str(p)))


def safe_parts(info):
    """The entry's path parts when it stays inside its folder and is a plain file; else None."""
    if info.is_dir() or stat.S_ISLNK(info.external_attr >> 16):
        return None
    path = PurePosixPath(info.filename.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts or "__MACOSX" in path.parts or not path.parts:
        return None
    return path.parts


def extract_zip(archive, target, notes):
    """Extracts the plain files of `archive` into `target`, at most MAX_UNZIPPED_BYTES in all
    (counted as written: a zip may lie about its sizes)."""
    try:
        with zipfile.ZipFile(archive) as zf:
            written = 0
            for info in zf.infolist()[:MAX_ZIP_ENTRIES]:
                parts = safe_parts(info)
                if parts is None:
                    continue
                destination = target.joinpath(*parts)
                destination.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as src, open(destination, "wb") as dst:
                    chunk = src.read(MAX_KERNEL_BYTES + 1)
                    dst.write(chunk)
                    written += len(chunk)
                if written > MAX_UNZIPPED_BYTES:
                    notes.append(f"`{archive.name}` unpacks to more than {MAX_UNZIPPED_BYTES >> 20} MiB: "
                                 "the rest of it was not read.")
                    return
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as error:
        notes.append(f"`{archive.name}` could not be unpacked ({error}): upload a plain zip or the files.")


def search_roots(submission, unzipped, notes):
    """The upload itself and each zip it holds, unpacked."""
    roots = [submission]
    archives = [p for p in regular_files(submission) if p.suffix.lower() == ".zip"]
    for index, archive in enumerate(archives[:MAX_ZIPS]):
        target = unzipped / str(index)
        target.mkdir(parents=True)
        extract_zip(archive, target, notes)
        roots.append(target)
    if len(archives) > MAX_ZIPS:
        notes.append(f"{len(archives)} zip files uploaded: only the first {MAX_ZIPS} were read.")
    return roots


def shown(path, roots):
    """How the notes name an uploaded file: relative to the upload, with nothing Markdown or HTML
    would read as markup (the name is the student's)."""
    name = path.name
    for root in roots:
        if path.is_relative_to(root):
            name = str(path.relative_to(root))
            break
    return "".join("?" if c in "`<>\n\r" else c for c in printable(name))


def printable(text):
    """`text` with every character that could steer a terminal written out visibly, as labcheck's
    printable_text (common/util/text_escape.hpp) does: C0 controls but newline and tab, DEL and C1
    controls, and the bidirectional overrides and isolates. Undecodable bytes arrive as surrogate
    escapes (os.fsdecode) and are written as the byte."""
    out = []
    for c in text.replace("\r\n", "\n"):
        code = ord(c)
        if (code < 0x20 and c not in "\n\t") or code == 0x7F:
            out.append(f"\\x{code:02x}")
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0x80 <= code <= 0x9F or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
            out.append(f"\\u{code:04x}")
        else:
            out.append(c)
    return "".join(out)


# What a download or a second upload adds to a file name: "matmul (1).cl", "matmul copy.cl",
# "matmul copy 2.cl", "matmul 2.cl", "matmul-1.cl"; with the case, the only differences a near-miss name may have.
COPY_MARK = re.compile(r"^(.*?)(?: ?\(\d+\)| copy(?: \d+)?| \d+|-\d+)?(\.cl)$", re.IGNORECASE)


def near_name(name):
    """`name` lowercased without a copy mark: "Matmul (1).CL" -> "matmul.cl"."""
    found = COPY_MARK.match(name)
    return (found.group(1) + found.group(2)).lower() if found else name.lower()


def mapped(found, folder, kernel, roots, notes, why):
    """`found`, graded as the lab's kernel, with the note that says so."""
    notes.append(f"Lab {folder}: `{shown(found, roots)}` is graded as `{folder}/{kernel}` ({why}; the lab asks "
                 f"for `{kernel}`).")
    return found


def find_kernel(folder, kernel, labs, files, roots, notes):
    """The uploaded file that is `folder`'s kernel: FOLDER/kernel first, then a bare `kernel`
    when no other graded lab uses that name, then a near-miss name (case, a copy mark) the same way,
    then the only .cl file when one lab is graded."""
    in_folder = [f for f in files if f.name == kernel and f.parent.name == folder]
    if in_folder:
        return in_folder[0]
    near_in_folder = [f for f in files if near_name(f.name) == kernel and f.parent.name == folder]
    if near_in_folder:
        return mapped(near_in_folder[0], folder, kernel, roots, notes, "its name differs only by case or a copy mark")
    if sum(1 for _, k in labs if k == kernel) > 1:
        notes.append(f"Lab {folder}: several graded labs have a `{kernel}`, so a bare file cannot be told "
                     f"apart: upload it inside a folder named `{folder}`.")
        return None
    outside = [f for f in files if not LAB_FOLDER.match(f.parent.name)]
    bare = [f for f in outside if f.name == kernel]
    if bare:
        return bare[0]
    near = [f for f in outside if near_name(f.name) == kernel]
    if near:
        return mapped(near[0], folder, kernel, roots, notes, "its name differs only by case or a copy mark")
    kernels = [f for f in outside if f.suffix.lower() == ".cl"]
    if len(labs) == 1 and len(kernels) == 1:
        return mapped(kernels[0], folder, kernel, roots, notes, "the only kernel file uploaded")
    return None


def upload_refusal(found, roots):
    """Why `found` is not the upload's own, or None: it must have one name (a hard link can be a file
    of this machine) and belong to the owner of its root (the upload, or a zip's folder) or of a
    folder between."""
    info = os.lstat(found)
    if info.st_nlink != 1:
        return (f"is a hard link (the same file has {info.st_nlink} names): not graded. Upload the file "
                "itself: copy it instead of linking it")
    root = next((r for r in roots if found.is_relative_to(r)), found.parent)
    owners = {os.lstat(root).st_uid}
    owners.update(os.lstat(folder).st_uid for folder in found.parents if folder.is_relative_to(root))
    if info.st_uid not in owners:
        return "belongs to another user than the folders it was uploaded in: not graded. Upload the file itself"
    return None


def copy_kernel(found, destination, roots, notes):
    refusal = upload_refusal(found, roots)
    if refusal:
        notes.append(f"`{shown(found, roots)}` {refusal}.")
        return False
    if os.lstat(found).st_size > MAX_KERNEL_BYTES:
        notes.append(f"`{shown(found, roots)}` is larger than {MAX_KERNEL_BYTES >> 20} MiB "
                     f"({os.lstat(found).st_size >> 20} MiB): not graded. A kernel file is a few KiB: upload the "
                     "`.cl` file itself.")
        return False
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(found, destination, follow_symlinks=False)
    os.chmod(destination, 0o644)
    os.chmod(destination.parent, 0o755)
    return True


def stage_submission(submission, labs, unzipped, staged):
    """Copies each lab's kernel from `submission` to staged/FOLDER/KERNEL; the notes for the student.
    `labs`: (folder, kernel file) pairs, e.g. ("04-matmul-tiled", "matmul.cl")."""
    notes = []
    staged.mkdir(parents=True, exist_ok=True)
    os.chmod(staged, 0o755)
    what = " or ".join(f"`{kernel}`" for kernel in dict.fromkeys(k for _, k in labs))
    upload_this = (f"Upload {what} itself, a zip of the lab's folder (`{labs[0][0]}`), or your `labs/` folder."
                   if labs else "")
    try:
        if not submission.is_dir():
            raise OSError("not a folder")
        roots = search_roots(submission, unzipped, notes)
        files = [f for root in roots for f in regular_files(root)]
    except OSError:
        return notes + [f"The upload could not be read: nothing was graded. {upload_this}"]
    if not files:
        empty = not any(submission.iterdir())
        return notes + [("The upload is empty" if empty else "The upload holds no regular file (links and "
                         "special files are never read)") + f": nothing was graded. {upload_this}"]
    for folder, kernel in labs:
        found = find_kernel(folder, kernel, labs, files, roots, notes)
        if found is None:
            notes.append(f"Lab {folder}: no `{kernel}` found in the upload: not graded. Upload `{kernel}` itself, "
                         f"a zip of the folder `{folder}`, or your `labs/` folder.")
            continue
        lab_notes = []
        if copy_kernel(found, staged / folder / kernel, roots, lab_notes):
            lab_notes.append(f"graded `{shown(found, roots)}`.")
        notes += [f"Lab {folder}: {note}" for note in lab_notes]
    return notes


def main(argv):
    """`submission_mapping.py SUBMISSION STAGED UNZIPPED FOLDER/KERNEL...`: stages the upload and prints
    {"notes": [...]} (labcheck --class reads a student's upload this way, as run_autograder does)."""
    import json
    if len(argv) < 5:
        print(main.__doc__, file=sys.stderr)
        return 2
    labs = [tuple(lab.split("/", 1)) for lab in argv[4:]]
    notes = stage_submission(Path(argv[1]), labs, Path(argv[3]), Path(argv[2]))
    print(json.dumps({"notes": notes}, ensure_ascii=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
