"""What a student uploaded to Gradescope, laid out like labs/ for labcheck.

Students upload the bare kernel file(s), a zip of the lab folder (or of the
whole repository), or the labs/-shaped folder itself. stage_submission() finds
each graded lab's kernel file in it and copies it, and nothing else, to
STAGED/NN-name/kernel.cl. Every upload is treated as hostile: links are never
followed, a zip entry's name is never used as a path on this machine (each
`.cl` entry is written to a numbered file), sizes are capped, and a file is
copied only when it is the upload's own (labcheck's rule, in
common/harness/upload_file_rules.hpp): one name (no hard link) and the owner of
the folder it was uploaded in or of a folder on the way to it. The copy would
otherwise hide from labcheck what it was.
It returns one line per decision, shown to the student above the results. No
line names a path of this machine: a file is named as it is in the upload (and
its zip), so two runs on one upload say the same words.

WHICH FILE IS A LAB'S KERNEL (the rule; docs/gradescope.md says it in the same order)

1. Where. A `.cl` file directly inside a folder named like the lab, in any case
   (`01-transpose-naive/`, `01-Transpose-Naive/`), with the lab's file name, the
   same name in another case or with a copy mark (`Transpose.cl`, `transpose (1).cl`,
   `transpose copy.cl`), or, when it is the folder's only `.cl` file, any name.
   Only when no lab folder gives one: a file outside every lab folder with such
   a name (when no other graded lab asks for the same name), or, when one lab
   is graded, the upload's only `.cl` file outside lab folders. A file inside
   another lab's folder (`02-transpose-local/`) is never this lab's.
2. Copies with the same bytes are one file.
3. When several different files remain, the first of these that leaves one
   decides, and the note names every candidate, the one graded and why:
   a. one inside a `labs/` folder (a repository's layout) over copies elsewhere;
   b. in one zip, the newest modification time the zip records;
   c. the lab's file name exactly over a near-miss name.
   When none does, no file of the lab is graded, and the note lists them.
"""
import hashlib
import os
import re
import shutil
import stat
import sys
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MAX_KERNEL_BYTES = 1 << 20   # a kernel file
MAX_UNZIPPED_BYTES = 64 << 20
MAX_ZIP_ENTRIES = 5000
MAX_ZIPS = 5
MAX_DEPTH = 8
MAX_SHOWN_NAME = 120          # characters of a file name in a note: a longer one is cut in its middle
MAX_LISTED = 5                # files listed by name in one note
LAB_FOLDER = re.compile(r"^[0-9]{2}-")  # "03-matmul-naive": a lab's folder
OTHER_ARCHIVES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".gz", ".bz2", ".xz", ".7z", ".rar")


@dataclass(frozen=True)
class Uploaded:
    """A file of the upload: where its bytes lie here, and how the student named it."""
    path: Path                  # on this machine (never shown)
    parts: tuple                # its path inside the upload, or inside its zip
    zip_name: str = ""          # the zip it came from, as the notes name it
    zip_index: int = 0          # its entry's number in that zip (1 = the first)
    zip_time: tuple = ()        # the modification time that zip records for it

    @property
    def name(self):
        return self.parts[-1]

    @property
    def folder(self):
        """The folder it is directly in, lowercased; "" for a file at the top."""
        return self.parts[-2].lower() if len(self.parts) > 1 else ""


@dataclass(frozen=True)
class Skipped:
    """Something of the upload that was not read, and why (one sentence's end)."""
    shown: str                  # as the notes name it, quoted
    name: str                   # its last name part, to decide which lab it concerns
    why: str


class Reading:
    """What reading the upload found: its files, what it skipped, and notes about the whole upload."""

    def __init__(self):
        self.files = []
        self.skipped = []
        self.notes = []
        self.unzipped_bytes = 0


# ---------------------------------------------------------------- how names are shown

def printable(text):
    """`text` with every character that could steer a terminal or hide text written out visibly, as
    labcheck's printable_text (common/util/text_escape.hpp) does: C0 controls but newline and tab, DEL
    and C1 controls, the bidirectional overrides and isolates, and the invisible format characters
    (zero-width spaces and joiners, the word joiner, the byte-order mark, the soft hyphen).
    Undecodable bytes arrive as surrogate escapes (os.fsdecode) and are written as the byte."""
    out = []
    for c in text.replace("\r\n", "\n"):
        code = ord(c)
        if (code < 0x20 and c not in "\n\t") or code == 0x7F:
            out.append(f"\\x{code:02x}")
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif hidden_code_point(code):
            out.append(f"\\u{code:04x}")
        else:
            out.append(c)
    return "".join(out)


def hidden_code_point(code):
    """C1 controls, bidirectional controls and the characters that are drawn as nothing."""
    return (0x80 <= code <= 0x9F or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069
            or 0x200B <= code <= 0x200F or 0x2060 <= code <= 0x2064 or code in (0xAD, 0x34F, 0x61C, 0x180E, 0xFEFF))


def ascii_name(text):
    """A file name as a note shows it: printable, every other non-ASCII character written as its code
    point (`tr\\u0430nspose.cl`: a Cyrillic a looks like a Latin one), nothing Markdown or HTML would
    read as markup, and a very long name cut in its middle."""
    out = []
    for c in printable(text):
        if c in "`<>\n\r":
            out.append("?")
        elif ord(c) > 0xFFFF:
            out.append(f"\\U{ord(c):08x}")
        elif ord(c) > 0x7E:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    name = "".join(out)
    if len(name) > MAX_SHOWN_NAME:
        half = MAX_SHOWN_NAME // 2
        name = f"{name[:half]}...{name[-half:]}"
    return name


def shown(file):
    """`file` quoted as the notes name it: its path inside the upload or its zip."""
    return f"`{ascii_name('/'.join(file.parts))}`"


def described(file):
    """`file` as a list of candidates names it: where it came from, told apart from every other."""
    if not file.zip_name:
        return shown(file)
    when = "-".join(f"{n:02d}" for n in file.zip_time[:3]) + " " + ":".join(f"{n:02d}" for n in file.zip_time[3:])
    return f"{shown(file)} (entry {file.zip_index} of {file.zip_name}, dated {when})"


def listed(items, show):
    """At most MAX_LISTED items, shown, and how many more."""
    text = ", ".join(show(item) for item in items[:MAX_LISTED])
    return text + (f" and {len(items) - MAX_LISTED} more" if len(items) > MAX_LISTED else "")


# ---------------------------------------------------------------- reading the upload

def archive_kind(name):
    """"zip", "other" (an archive this grader does not unpack) or "" for `name`."""
    lower = name.lower()
    if lower.endswith(".zip"):
        return "zip"
    return "other" if lower.endswith(OTHER_ARCHIVES) else ""


OTHER_ARCHIVE_WHY = "is an archive of a kind this grader does not unpack: only zip files are. Upload a zip or the files"


def walk_upload(top, reading):
    """The upload folder's regular files into reading.files, at most MAX_DEPTH folders deep; links,
    special files and deeper folders into reading.skipped."""
    pending = [(top, ())]
    while pending:
        folder, parts = pending.pop()
        for entry in sorted(os.scandir(folder), key=lambda e: e.name, reverse=True):
            here = parts + (os.fsdecode(entry.name),)
            quoted = f"`{ascii_name('/'.join(here))}`"
            if entry.is_symlink():  # a link to a folder is named "" here: it could have held anything
                name = "" if entry.is_dir() else here[-1]
                reading.skipped.append(Skipped(quoted, name, "is a link: links are never followed. Upload the "
                                                             "file itself"))
            elif entry.is_dir(follow_symlinks=False):
                if len(here) > MAX_DEPTH:
                    reading.skipped.append(Skipped(quoted, "", f"is more than {MAX_DEPTH} folders deep: nothing in it "
                                                               "was read. Upload the lab's folder itself"))
                else:
                    pending.append((Path(entry.path), here))
            elif entry.is_file(follow_symlinks=False):
                reading.files.append(Uploaded(Path(entry.path), here))
            else:
                reading.skipped.append(Skipped(quoted, here[-1], "is not a regular file (a device, a pipe or a "
                                                                 "socket): it was not read"))
    reading.files.sort(key=lambda f: (len(f.parts), f.parts))


def entry_parts(info):
    """The entry's path parts, or None when its name leaves the zip's folder."""
    path = PurePosixPath(info.filename.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts or not path.parts:
        return None
    return path.parts


def entry_problem(info, parts):
    """Why a `.cl` or archive entry is not read (a sentence's end), or None when it is read."""
    if parts is None:
        return "has a name that leaves the zip's folder (an absolute path or `..`): it was not read"
    if stat.S_ISLNK(info.external_attr >> 16):
        return "is a link: links are never followed. Zip the file itself"
    if len(parts) - 1 > MAX_DEPTH:
        return f"is more than {MAX_DEPTH} folders deep in its zip: it was not read. Zip the lab's folder itself"
    if archive_kind(parts[-1]) == "zip":
        return "is a zip inside a zip: zips inside a zip are not unpacked. Upload that zip itself, or zip the files"
    if archive_kind(parts[-1]) == "other":
        return OTHER_ARCHIVE_WHY
    return None


def entry_bytes(zf, info):
    """The entry's first MAX_KERNEL_BYTES + 1 bytes; (None, why) when they cannot be read."""
    try:
        with zf.open(info) as src:
            return src.read(MAX_KERNEL_BYTES + 1), None
    except RuntimeError:
        return None, "is encrypted: it could not be read. Zip it without a password"
    except NotImplementedError:
        return None, "is compressed with a method this grader cannot read: zip it again with the usual (Deflate) one"
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError):
        return None, ("could not be read: its data in the zip is damaged (a bad checksum or a cut file). "
                      "It is not graded: zip the file again")


def interesting(name):
    """A zip entry worth reading or reporting: a kernel file or an archive."""
    return name.lower().endswith(".cl") or archive_kind(name) != ""


def read_entry(zf, info, index, archive, target, reading):
    """One zip entry: a `.cl` file written to target/INDEX.cl, or a reason it was not."""
    if info.is_dir() or "__MACOSX" in info.filename.replace("\\", "/").split("/"):
        return
    parts = entry_parts(info)
    name = parts[-1] if parts else PurePosixPath(info.filename.replace("\\", "/")).name
    if not interesting(name) or name.startswith("._"):  # "._x.cl": macOS's metadata, not a file
        return
    quoted = f"`{ascii_name(info.filename)}` in {archive}"
    problem = entry_problem(info, parts)
    data = None
    if problem is None:
        data, problem = entry_bytes(zf, info)
    if problem is not None:
        reading.skipped.append(Skipped(quoted, name, problem))
        return
    reading.unzipped_bytes += len(data)
    path = target / f"{index}.cl"
    path.write_bytes(data)
    reading.files.append(Uploaded(path, parts, archive, index, tuple(info.date_time)))


def read_zip(file, target, reading):
    """The `.cl` entries of the uploaded zip `file` into `target`, at most MAX_ZIP_ENTRIES entries and
    MAX_UNZIPPED_BYTES in all (counted as read: a zip may lie about its sizes)."""
    archive = shown(file)
    try:
        with zipfile.ZipFile(file.path) as zf:
            entries = zf.infolist()
            if len(entries) > MAX_ZIP_ENTRIES:
                reading.notes.append(f"{archive} holds {len(entries)} entries: only its first {MAX_ZIP_ENTRIES} "
                                     "were read. Zip the lab's folder alone.")
            for index, info in enumerate(entries[:MAX_ZIP_ENTRIES], start=1):
                if reading.unzipped_bytes > MAX_UNZIPPED_BYTES:
                    reading.notes.append(f"{archive} unpacks to more than {MAX_UNZIPPED_BYTES >> 20} MiB of kernel "
                                         "files: the rest of it was not read.")
                    return
                read_entry(zf, info, index, archive, target, reading)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError, RuntimeError):
        reading.notes.append(f"{archive} could not be unpacked: it is not a zip file, or it is damaged or cut "
                             "short. Make the zip again, or upload the files themselves.")


def read_upload(submission, unzipped):
    """Everything of the upload that is read: its own files, each zip's `.cl` entries."""
    reading = Reading()
    walk_upload(submission, reading)
    archives = [f for f in reading.files if archive_kind(f.name) == "zip"]
    for index, archive in enumerate(archives[:MAX_ZIPS]):
        target = unzipped / str(index)
        target.mkdir(parents=True)
        read_zip(archive, target, reading)
    if len(archives) > MAX_ZIPS:
        reading.notes.append(f"{len(archives)} zip files uploaded: only the first {MAX_ZIPS} were read "
                             f"({listed(archives[MAX_ZIPS:], shown)} were not).")
    for other in (f for f in reading.files if archive_kind(f.name) == "other"):
        reading.skipped.append(Skipped(shown(other), other.name, OTHER_ARCHIVE_WHY))
    return reading


# ---------------------------------------------------------------- which file is the lab's

# What a download or a second upload adds to a file name: "matmul (1).cl", "matmul copy.cl",
# "matmul copy 2.cl", "matmul 2.cl", "matmul-1.cl"; with the case, the only differences a near-miss name may have.
COPY_MARK = re.compile(r"^(.*?)(?: ?\(\d+\)| copy(?: \d+)?| \d+|-\d+)?(\.cl)$", re.IGNORECASE)


def near_name(name):
    """`name` lowercased without a copy mark: "Matmul (1).CL" -> "matmul.cl"."""
    found = COPY_MARK.match(name)
    return (found.group(1) + found.group(2)).lower() if found else name.lower()


def named_or_only(files, kernel, only_allowed):
    """The files named `kernel` up to case and a copy mark; else the only `.cl` file when allowed."""
    named = [f for f in files if near_name(f.name) == kernel.lower()]
    if named or not only_allowed or len(files) != 1:
        return named, "its name differs only by case or a copy mark"
    return files, "the only kernel file there"


def candidates(folder, kernel, labs, reading, notes):
    """Rule 1: the files that could be `folder`'s kernel, and why a name that differs is taken."""
    kernels = [f for f in reading.files if f.name.lower().endswith(".cl")]
    in_folder = [f for f in kernels if f.folder == folder.lower()]
    if in_folder:
        found, why = named_or_only(in_folder, kernel, True)
        if found:
            return found, why if why.startswith("its") else "the only kernel file in the lab's folder"
    outside = [f for f in kernels if not LAB_FOLDER.match(f.folder)]
    if sum(1 for _, k in labs if k == kernel) > 1:
        if any(near_name(f.name) == kernel.lower() for f in outside):
            notes.append(f"Lab {folder}: several graded labs have a `{kernel}`, so a bare file cannot be told "
                         f"apart: upload it inside a folder named `{folder}`.")
        return [], ""
    found, why = named_or_only(outside, kernel, len(labs) == 1)
    return found, why if why.startswith("its") else "the only kernel file uploaded"


def file_digest(file):
    with open(file.path, "rb") as stream:
        return hashlib.sha256(stream.read(MAX_KERNEL_BYTES + 1)).digest()


def distinct(files):
    """Rule 2: one file of each content, the shallowest first; and the copies left out."""
    seen, kept, copies = set(), [], []
    for file in sorted(files, key=lambda f: (len(f.parts), f.parts, f.zip_name, f.zip_index)):
        digest = file_digest(file)
        (copies if digest in seen else kept).append(file)
        seen.add(digest)
    return kept, copies


def in_labs_layout(file):
    return len(file.parts) > 2 and file.parts[-3].lower() == "labs"


def newest_in_one_zip(files):
    """Rule 3b: the files of the newest time, when all come from one zip."""
    if len({f.zip_name for f in files}) != 1 or not files[0].zip_name:
        return files
    newest = max(f.zip_time for f in files)
    return [f for f in files if f.zip_time == newest]


TIE_BREAKS = (  # rule 3, in order: (what keeps a file, the reason the note gives)
    (lambda files, kernel: [f for f in files if in_labs_layout(f)],
     "it is inside a `labs/` folder (your repository's layout), the others are not"),
    (lambda files, kernel: newest_in_one_zip(files), "its zip dates it newest"),
    (lambda files, kernel: [f for f in files if f.name == kernel], "its name is exactly the lab's"),
)


def choose(folder, kernel, found, notes):
    """Rules 2 and 3: the one file graded among `found`, with a note when there were several; None (and
    the list) when no rule tells them apart."""
    kept, copies = distinct(found)
    same = f" ({listed(copies, described)}: the same bytes)" if copies else ""
    if len(kept) == 1:
        if copies:
            notes.append(f"Lab {folder}: {described(kept[0])} is graded; the upload holds copies of it{same}.")
        return kept[0]
    remaining = kept
    for keep, reason in TIE_BREAKS:
        chosen = keep(remaining, kernel)
        if chosen and len(chosen) < len(remaining):
            remaining = chosen
            if len(remaining) == 1:
                notes.append(f"Lab {folder}: {len(kept)} different files could be its kernel: "
                             f"{listed(kept, described)}{same}. Graded {described(remaining[0])}: {reason}.")
                return remaining[0]
    notes.append(f"Lab {folder}: {len(kept)} different files could be its kernel: {listed(kept, described)}{same}. "
                 "None of them is graded, rather than a guess (neither a `labs/` folder, nor the times in one zip, "
                 f"nor an exact name tells them apart): upload only the `{kernel}` to grade.")
    return None


def find_kernel(folder, kernel, labs, reading, notes):
    """The uploaded file graded as `folder`'s kernel (the rule in this module's comment), or None."""
    found, why = candidates(folder, kernel, labs, reading, notes)
    if not found:
        return None
    chosen = choose(folder, kernel, found, notes)
    if chosen is not None and chosen.name != kernel:
        notes.append(f"Lab {folder}: {shown(chosen)} is graded as `{folder}/{kernel}` ({why}; the lab asks for "
                     f"`{kernel}`).")
    return chosen


def concerns(skipped, folder, kernel, found):
    """Whether a thing not read belongs in lab `folder`'s notes: a file of its kernel's name always, and
    anything that could have held it (a `.cl` file, an archive, a folder) when the lab was not found."""
    if near_name(skipped.name) == kernel.lower() and skipped.name.lower().endswith(".cl"):
        return True
    return found is None and (skipped.name == "" or interesting(skipped.name))


def not_found(folder, kernel, reading):
    """Why no file of the lab was found: the sentence, and each file of its name in another lab's folder."""
    notes = [f"Lab {folder}: no `{kernel}` found in the upload: not graded. Upload `{kernel}` itself, a zip of the "
             f"folder `{folder}`, or your `labs/` folder."]
    elsewhere = [f for f in reading.files if near_name(f.name) == kernel.lower() and LAB_FOLDER.match(f.folder)
                 and f.folder != folder.lower()]
    others = [f for f in reading.files if f.folder == folder.lower() and f.name.lower().endswith(".cl")]
    if others:
        notes.append(f"Lab {folder}: the lab's folder holds {listed(others, shown)}, but none is named `{kernel}` "
                     f"and there is more than one: rename yours `{kernel}`.")
    for file in elsewhere[:MAX_LISTED]:
        where = ascii_name(file.parts[-2])
        if file.folder[:3] == folder.lower()[:3]:  # this lab's number, another name: `01-transpose-naïve`
            notes.append(f"Lab {folder}: {described(file)} is in `{where}`, a folder with this lab's number but not "
                         f"its name, so it was not read as this lab's. Name the folder `{folder}` exactly.")
        else:
            notes.append(f"Lab {folder}: {described(file)} is in another lab's folder (`{where}`): a file there is "
                         f"never graded as lab {folder}'s. Put it in a folder named `{folder}`.")
    return notes


# ---------------------------------------------------------------- copying it

def upload_refusal(found, roots):
    """Why the file at `found` is not the upload's own, or None: it must have one name (a hard link can
    be a file of this machine) and belong to the owner of its root (the upload, or a zip's folder) or
    of a folder between."""
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


def copy_kernel(file, destination, roots, notes):
    refusal = upload_refusal(file.path, roots)
    if refusal:
        notes.append(f"{shown(file)} {refusal}.")
        return False
    size = os.lstat(file.path).st_size
    if size > MAX_KERNEL_BYTES:
        notes.append(f"{shown(file)} is larger than {MAX_KERNEL_BYTES >> 20} MiB ({size >> 20} MiB): not graded. "
                     "A kernel file is a few KiB: upload the `.cl` file itself.")
        return False
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(file.path, destination, follow_symlinks=False)
    os.chmod(destination, 0o644)
    os.chmod(destination.parent, 0o755)
    return True


def stage_lab(folder, kernel, labs, reading, roots, staged):
    """The notes of one lab, its kernel copied to staged/FOLDER/KERNEL when one is found."""
    notes = []
    found = find_kernel(folder, kernel, labs, reading, notes)
    if found is None and not any(n.startswith(f"Lab {folder}: ") for n in notes):
        notes += not_found(folder, kernel, reading)
    for skipped in (s for s in reading.skipped if concerns(s, folder, kernel, found)):
        notes.append(f"Lab {folder}: {skipped.shown} {skipped.why}.")
    if found is not None:
        copied = []
        if copy_kernel(found, staged / folder / kernel, roots, copied):
            copied.append(f"graded {shown(found)}.")
        notes += [f"Lab {folder}: {note}" for note in copied]
    return notes


def stage_submission(submission, labs, unzipped, staged):
    """Copies each lab's kernel from `submission` to staged/FOLDER/KERNEL; the notes for the student.
    `labs`: (folder, kernel file) pairs, e.g. ("04-matmul-tiled", "matmul.cl")."""
    staged.mkdir(parents=True, exist_ok=True)
    os.chmod(staged, 0o755)
    what = " or ".join(f"`{kernel}`" for kernel in dict.fromkeys(k for _, k in labs))
    upload_this = (f"Upload {what} itself, a zip of the lab's folder (`{labs[0][0]}`), or your `labs/` folder."
                   if labs else "")
    try:
        if not submission.is_dir():
            raise OSError("not a folder")
        reading = read_upload(submission, unzipped)
    except OSError:
        return [f"The upload could not be read: nothing was graded. {upload_this}"]
    if not reading.files:
        if not any(submission.iterdir()):
            return [f"The upload is empty: nothing was graded. {upload_this}"]
        return (reading.notes + [f"{s.shown} {s.why}." for s in reading.skipped[:MAX_LISTED]]
                + [f"The upload holds no regular file that could be read: nothing was graded. {upload_this}"])
    notes = list(reading.notes)
    roots = [submission] + sorted(p for p in unzipped.iterdir()) if unzipped.is_dir() else [submission]
    for folder, kernel in labs:
        notes += stage_lab(folder, kernel, labs, reading, roots, staged)
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
