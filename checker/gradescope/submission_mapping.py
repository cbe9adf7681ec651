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


def find_kernel(folder, kernel, labs, files, roots, notes):
    """The uploaded file that is `folder`'s kernel: FOLDER/kernel first, then a bare `kernel`
    when no other graded lab uses that name, then the only .cl file when one lab is graded."""
    in_folder = [f for f in files if f.name == kernel and f.parent.name == folder]
    if in_folder:
        return in_folder[0]
    if sum(1 for _, k in labs if k == kernel) > 1:
        notes.append(f"Lab {folder}: several graded labs have a `{kernel}`, so a bare file cannot be told "
                     f"apart: upload it inside a folder named `{folder}`.")
        return None
    bare = [f for f in files if f.name == kernel and not LAB_FOLDER.match(f.parent.name)]
    if bare:
        return bare[0]
    kernels = [f for f in files if f.suffix == ".cl" and not LAB_FOLDER.match(f.parent.name)]
    if len(labs) == 1 and len(kernels) == 1:
        notes.append(f"`{shown(kernels[0], roots)}` is graded as `{folder}/{kernel}` (the only kernel file "
                     "uploaded; the lab asks for that name).")
        return kernels[0]
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
        notes.append(f"`{shown(found, roots)}` is larger than {MAX_KERNEL_BYTES >> 20} MiB: not graded.")
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
    if not submission.is_dir():
        notes.append("Nothing was uploaded.")
        return notes
    roots = search_roots(submission, unzipped, notes)
    files = [f for root in roots for f in regular_files(root)]
    for folder, kernel in labs:
        found = find_kernel(folder, kernel, labs, files, roots, notes)
        if found is None:
            notes.append(f"Lab {folder}: no `{kernel}` found in the upload. Upload `{kernel}` itself, a zip "
                         f"of the folder `{folder}`, or your `labs/` folder.")
            continue
        if copy_kernel(found, staged / folder / kernel, roots, notes):
            notes.append(f"Lab {folder}: graded `{shown(found, roots)}`.")
    return notes
