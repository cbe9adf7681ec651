#!/usr/bin/env python3
"""Who handed a submission in, and when, as Gradescope records it.

Two places hold it:
  - the autograder's /autograder/submission_metadata.json (one submission: its `users`,
    `created_at`, and the assignment's `due_date` and `late_due_date`), read by run_autograder;
  - an export of an assignment's submissions: `submission_metadata.yml` beside the
    `submission_<id>/` folders (per folder `:submitters:` with `:name:`, `:sid:`, `:email:`,
    and `:created_at:`), read by `labcheck --class EXPORT` through this script:

    submission_metadata.py export EXPORT/submission_metadata.yml   # JSON on stdout

The lateness is said, never applied: how many hours after the due date, and whether the
late due date still took it. A group submission has several submitters, all named.
"""
import datetime
import json
import math
import sys


def _text(value):
    return "" if value is None else str(value)


def _iso(value):
    """An ISO 8601 text of a time YAML or JSON gave (a datetime, or a string kept as it is)."""
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    return _text(value)


def _when(text):
    """The time of an ISO 8601 text (Gradescope writes offsets), or None."""
    try:
        parsed = datetime.datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else None


def submitter(entry):
    """{name, sid, email} of one submitter, from the autograder's `users` or the export's `:submitters:`."""
    def field(*keys):
        for key in keys:
            if key in entry:
                return _text(entry[key])
        return ""
    return {"name": field("name", ":name"), "sid": field("sid", ":sid"), "email": field("email", ":email")}


def read_autograder_metadata(path):
    """The autograder's metadata file as {submitters, created_at, due_date, late_due_date}, or None."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    assignment = data.get("assignment") if isinstance(data.get("assignment"), dict) else {}
    users = data.get("users") if isinstance(data.get("users"), list) else []
    return {"submitters": [submitter(u) for u in users if isinstance(u, dict)],
            "created_at": _text(data.get("created_at")),
            "due_date": _text(assignment.get("due_date")),
            "late_due_date": _text(assignment.get("late_due_date"))}


def hours_late(created_at, due_date):
    """Hours after the due date, rounded up to a hundredth; 0 when on time; None when unknown."""
    made, due = _when(created_at), _when(due_date)
    if made is None or due is None:
        return None
    seconds = (made - due).total_seconds()
    return 0.0 if seconds <= 0 else math.ceil(seconds / 36) / 100  # a hundredth of an hour is 36 s


def lateness_sentence(meta):
    """One sentence on when it was handed in, against the due and late due dates."""
    late = hours_late(meta["created_at"], meta["due_date"])
    if late is None:
        return f"handed in at {meta['created_at'] or 'an unknown time'}"
    if late == 0:
        return f"handed in at {meta['created_at']}, on time"
    after_late = hours_late(meta["created_at"], meta["late_due_date"]) if meta["late_due_date"] else None
    within = "" if not meta["late_due_date"] else (
        ", after the late due date too" if after_late else ", before the late due date")
    return f"handed in at {meta['created_at']}, {late:g} hours after the due date{within}"


def names_text(submitters):
    """"Alice Smith (sid 1234) and Bob Jones": every submitter of a group."""
    names = [s["name"] + (f" (sid {s['sid']})" if s["sid"] else "") for s in submitters if s["name"] or s["sid"]]
    return " and ".join(names) if names else "an unnamed submitter"


def annotate(results, metadata_path):
    """results.json with who handed it in and when: a line above the output and the top-level
    `extra_data` (`submitters`, `created_at`, `hours_late`); unchanged when there is no metadata."""
    meta = read_autograder_metadata(metadata_path)
    if meta is None:
        return results
    late = hours_late(meta["created_at"], meta["due_date"])
    extra = results.get("extra_data") if isinstance(results.get("extra_data"), dict) else {}
    extra.update({"submitters": meta["submitters"], "created_at": meta["created_at"],
                  "due_date": meta["due_date"], "late_due_date": meta["late_due_date"], "hours_late": late})
    results["extra_data"] = extra
    line = f"Submitted by {names_text(meta['submitters'])}: {lateness_sentence(meta)}.\n\n"
    results["output"] = line + results.get("output", "")
    return results


def read_export(path):
    """{folder: {submitters, created_at}} of an export's submission_metadata.yml."""
    import yaml  # Debian's python3-yaml; only the class export needs it

    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict):
        raise ValueError("expected a mapping from submission folders to their metadata")
    folders = {}
    for folder, entry in data.items():
        if not isinstance(entry, dict):
            continue
        people = entry.get(":submitters", entry.get("submitters")) or []
        folders[str(folder)] = {
            "submitters": [submitter(p) for p in people if isinstance(p, dict)],
            "created_at": _iso(entry.get(":created_at", entry.get("created_at"))),
        }
    return folders


def main(argv):
    if len(argv) != 3 or argv[1] != "export":
        print(__doc__, file=sys.stderr)
        return 2
    try:
        print(json.dumps(read_export(argv[2]), ensure_ascii=True))
    except Exception as error:  # said in one line for labcheck to quote
        print(f"{argv[2]}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
