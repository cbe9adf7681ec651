#!/usr/bin/env python3
"""Lists the C++ functions of the given folders longer than a limit (default 60 lines).

A function's length is counted from the first line of its signature to its closing brace.
Comments, string and character literals are blanked first, so braces in them do not count;
a lambda is part of the function that holds it. Exit status 1 when any function is too long.

usage: functions_are_short.py [--limit N] FOLDER_OR_FILE...
"""
import argparse
import pathlib
import re
import sys


def blank_comments_and_literals(text):
    """The text with comments and literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and not (i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i)
            delimiter = text[i + 2:open_paren]
            j = text.find(")" + delimiter + '"', open_paren)
            j = n if j < 0 else j + len(delimiter) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 is a digit separator
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(text, open_brace):
    """The index of the brace that closes the one at `open_brace`."""
    depth = 0
    for k in range(open_brace, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(text) - 1


def long_functions(path, limit):
    text = blank_comments_and_literals(path.read_text(encoding="utf-8"))
    found = []
    header_start = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in ";}":
            header_start = i + 1
        elif c == "{":
            header = text[header_start:i]
            words = header.split()
            inside_signature = header.count("(") > header.count(")") or (
                re.search(r"\)\s*(noexcept\s*)?:[^:]", header) and not header.rstrip().endswith(")"))
            if inside_signature:  # a default argument `= {}` or a member initialised `x_{...}`
                i = block_end(text, i) + 1
                continue
            if re.search(r"\b(namespace|class|struct|union)\b", header) and "(" not in header.split("{")[0] or \
                    (words[:2] == ["extern", '"C"']):
                header_start = i + 1  # a scope: functions inside it are looked at one by one
            elif re.search(r"\)\s*(const|noexcept|override|final|mutable|->[^{]*|\s)*$", header) and \
                    not re.search(r"\benum\b", header) and not re.search(r"=\s*[^=]*\($", header.strip()):
                end = block_end(text, i)
                first = header_start + len(header) - len(header.lstrip())
                start_line = text.count("\n", 0, first) + 1
                end_line = text.count("\n", 0, end) + 1
                name = re.findall(r"([~\w:]+)\s*\(", header)
                if end_line - start_line + 1 > limit:
                    found.append((end_line - start_line + 1, start_line, name[0] if name else "?"))
                i = end
                header_start = end + 1
            else:
                i = block_end(text, i)  # an initializer, an enum: nothing to count
                header_start = i + 1
        i += 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    too_long = []
    for folder in args.folders:
        root = pathlib.Path(folder)
        if not root.exists():
            print(f"{folder}: no such file or folder", file=sys.stderr)
            return 2
        for path in [root] if root.is_file() else sorted(root.rglob("*")):
            if path.suffix in (".cpp", ".hpp", ".h", ".cc"):
                too_long += [(path, *f) for f in long_functions(path, args.limit)]
    for path, lines, line, name in sorted(too_long, key=lambda f: -f[1]):
        print(f"{path}:{line}: {name} is {lines} lines (at most {args.limit}): split it into named steps")
    if too_long:
        return 1
    print(f"every function in {', '.join(args.folders)} is at most {args.limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
