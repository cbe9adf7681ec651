#!/usr/bin/env python3
"""Checks the lecture decks; run by `meson test` (suite "slides").

    check_decks.py --root ROOT --pandoc PANDOC --decks DECK.md ... -- PANDOC_ARGS...
        Renders every deck with exactly the build's pandoc arguments into a
        temporary folder (so every include resolves and every code block fits,
        or the filter fails), then checks:
          - the HTML is self-contained: nothing is loaded from elsewhere;
          - every lab folder labs/NN-* has one deck that leads to it
            (metadata `lab: "NN"`), and the decks' lecture numbers run 1, 2, ...;
          - every marker in the kernel files is used by some deck;
          - no code block written in a deck repeats a line of a kernel file
            (code is included by marker, never pasted);
          - built with slides-solutions false (meson -Dslides_solutions=false, the
            student edition's default), the decks hold no line of a solution
            kernel, and they render in a copy without solutions/.
        The stubs under labs/ are read as committed (git), not from the working
        copy, where a student's solved kernels may stand; a stub that carries
        slide markers is a copy of a solution and is left out (with a note).

    ... --layout CHROMIUM [--screenshots DIR] [--only 03]
        Opens every rendered deck in headless Chromium at 1280×720 and fails if
        anything sticks out of a slide (slides.js's ?check-layout report).
        With --screenshots, also writes DIR/<deck>-<slide>.png for every slide
        (slow: for looking at the slides, not for the test).
"""
import argparse
import concurrent.futures
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MARKER = re.compile(r"^\s*//\s*slide:\s*([\w-]+)\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*(\{[^}]*\}|[\w.+-]*)\s*$")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
NOTED = set()  # stubs already noted as solutions (kernel_files)


def render(pandoc, args, deck, out, root=None, solutions=None):
    """Renders one deck; returns (deck, error text or None). `root` and `solutions` (True/False)
    replace the build's course root and slides-solutions metadata."""
    argv = [pandoc] + list(args)
    if root is not None:
        argv = [a if not a.startswith("--metadata=course-root:") else "--metadata=course-root:" + str(root)
                for a in argv]
    if solutions is not None:
        argv = [a for a in argv if not a.startswith("--metadata=slides-solutions:")]
        argv.append("--metadata=slides-solutions:" + ("true" if solutions else "false"))
    argv += [str(deck), "--output=" + str(out)]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        return deck, (proc.stderr.strip() or f"pandoc exited with {proc.returncode}")
    return deck, None


def render_all(pandoc, args, decks, folder, root=None, solutions=None):
    errors = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        jobs = [pool.submit(render, pandoc, args, d, folder / (d.stem + ".html"), root, solutions) for d in decks]
        for job in jobs:
            deck, error = job.result()
            if error:
                errors.append(f"{deck.name} does not render:\n{error}")
    return errors


def front_matter(text):
    if not text.startswith("---\n"):
        return {}
    end = text.find("\n---\n", 4)
    meta = {}
    for line in text[4:end].splitlines():
        m = re.match(r'^([\w-]+):\s*"?([^"]*)"?\s*$', line)
        if m:
            meta[m.group(1)] = m.group(2)
    return meta


def code_blocks(text):
    """Fenced code blocks of a deck: (attributes dict, classes, lines)."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            fence, info = m.group(1), m.group(2)
            body, i = [], i + 1
            while i < len(lines) and not lines[i].startswith(fence):
                body.append(lines[i])
                i += 1
            attrs = dict(ATTR.findall(info))
            classes = re.findall(r"\.([\w-]+)", info) if info.startswith("{") else ([info] if info else [])
            blocks.append((attrs, classes, body))
        i += 1
    return blocks


def check_self_contained(page, name):
    problems = []
    for pattern, what in [(r'<script[^>]+src=', "a <script src=...>"),
                          (r'<link[^>]+rel="?stylesheet', "a linked stylesheet"),
                          (r'<img[^>]+src="(?!data:)', "an image that is not embedded"),
                          (r'url\((?!["\']?data:|#)', "a CSS url() that is not embedded"),
                          (r'@import', "a CSS @import"),
                          (r'<iframe', "an iframe")]:
        m = re.search(pattern, page)
        if m:
            problems.append(f"{name}: {what} (not self-contained): {page[m.start():m.start() + 90]!r}")
    return problems


def kernel_files(root, folders):
    """{relative path: text} of the .cl files under `folders` of root. A stub under labs/ is read as
    committed (`git cat-file`), else from the working copy (no git checkout); one with a slide
    marker is a solution copied over the stub (a student's solved tree), not the course's stub, and
    is left out with a note: stubs carry no markers."""
    texts = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.cl")) if (root / folder).is_dir() else []:
            rel = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8", errors="replace")
            if folder == "labs":
                committed = subprocess.run(["git", "-C", str(root), "cat-file", "blob", "HEAD:./" + rel],
                                           capture_output=True)
                if committed.returncode == 0:
                    text = committed.stdout.decode("utf-8", errors="replace")
                if any(MARKER.match(line) for line in text.splitlines()):
                    if rel not in NOTED:
                        print(f"note: {rel} has slide markers: a solution, not the course's stub; left out here")
                        NOTED.add(rel)
                    continue
            texts[rel] = text
    return dict(sorted(texts.items()))


def check_static(root, decks):
    problems = []
    # every lab has a deck; lecture numbers run 1, 2, ...
    labs = sorted(p.name[:2] for p in (root / "labs").glob("[0-9][0-9]-*") if p.is_dir())
    led = {}
    for i, deck in enumerate(decks, start=1):
        meta = front_matter(deck.read_text(encoding="utf-8"))
        if meta.get("lecture") != str(i):
            problems.append(f"{deck.name}: metadata lecture is {meta.get('lecture')!r}, expected \"{i}\" "
                            "(decks are listed in lecture order in slides/meson.build)")
        if "lab" in meta:
            led.setdefault(meta["lab"], []).append(deck.name)
    for lab in labs:
        if lab not in led:
            problems.append(f"lab {lab} has no deck that leads to it (metadata lab: \"{lab}\")")
        elif len(led[lab]) > 1:
            problems.append(f"lab {lab} is led to by several decks: {', '.join(led[lab])}")
    # markers used; code never pasted
    markers = set()
    kernel_lines = {}
    for rel, text in kernel_files(root, ("labs", "solutions", "kernels")).items():
        for line in text.splitlines():
            m = MARKER.match(line)
            if m:
                markers.add((rel, m.group(1)))
            stripped = line.strip()
            if len(stripped) >= 24 and not stripped.startswith("//") and not MARKER.match(line):
                kernel_lines.setdefault(stripped, rel)
    used = set()
    for deck in decks:
        text = deck.read_text(encoding="utf-8")
        lines = text.splitlines()
        fenced = False
        for n, line in enumerate(lines):
            if FENCE.match(line) or line.startswith("```"):
                fenced = not fenced
            if not fenced and re.match(r"^#{1,2} ", line) and n > 0 and lines[n - 1].strip():
                problems.append(f"{deck.name}:{n + 1}: a heading needs a blank line before it, or pandoc reads "
                                f"it as text: {line!r}")
        for attrs, classes, body in code_blocks(text):
            if "include" in attrs:
                used.add((attrs["include"], attrs.get("region")))
                continue
            if "bench" in classes or "bench-chart" in classes:
                continue
            for line in body:
                source = kernel_lines.get(line.strip())
                if source:
                    problems.append(f"{deck.name}: a code block repeats a line of {source} ({line.strip()!r}); "
                                    "include it with a marker instead of pasting it")
    for rel, name in sorted(markers - used):
        problems.append(f"{rel}: marker \"{name}\" is used by no deck (remove it, or show it on a slide)")
    return problems


def solution_only_lines(root):
    """Lines of the solution kernels that no stub or shared kernel has: code a deck built
    without solutions must not show."""
    def lines(folder):
        found = set()
        for text in kernel_files(root, (folder,)).values():
            for line in text.splitlines():
                stripped = line.strip()
                if len(stripped) >= 24 and not stripped.startswith("//"):
                    found.add(stripped)
        return found
    return lines("solutions") - lines("labs") - lines("kernels")


def code_text(page):
    """The text of every code block of an HTML page, tags removed."""
    text = []
    for block in re.findall(r"<pre[^>]*>(.*?)</pre>", page, re.S):
        text.append(html.unescape(re.sub(r"<[^>]+>", "", block)))
    return "\n".join(text)


def shown_solution_lines(folder, solution_lines):
    code = "\n".join(code_text(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.html")))
    shown = {line.strip() for line in code.splitlines()}
    return sorted(solution_lines & shown)


def without_solutions(root, pandoc, args, decks, tmp, full_html):
    """Renders the decks with slides-solutions false, in a copy of the course that has
    solutions/ (the option alone must keep them out) and in one without it (the student
    edition): no solution line may appear, while the full render shows some."""
    problems = []
    solution_lines = solution_only_lines(root)
    if (root / "solutions").is_dir() and not shown_solution_lines(full_html, solution_lines):
        problems.append("the decks built with solutions show no solution line: this check cannot see code")
    for name, folders in (("slides_solutions=false", ("labs", "kernels", "docs", "slides", "solutions")),
                          ("student edition", ("labs", "kernels", "docs", "slides"))):
        copy = tmp / name.replace("=", "-").replace(" ", "-")
        for folder in folders:
            if (root / folder).is_dir():
                shutil.copytree(root / folder, copy / folder, ignore=shutil.ignore_patterns("*.html", "*.pdf"))
        out = tmp / (copy.name + "-html")
        out.mkdir()
        errors = render_all(pandoc, args, [copy / "slides" / d.name for d in decks], out, root=copy, solutions=False)
        problems += [f"{name}: {e}" for e in errors]
        if errors:
            continue
        for line in shown_solution_lines(out, solution_lines):
            problems.append(f"{name}: a deck shows the solution line {line!r}")
        if (root / "solutions").is_dir():
            placeholders = sum(p.read_text(encoding="utf-8").count("solution-placeholder") for p in out.glob("*.html"))
            if placeholders == 0:
                problems.append(f"{name}: no solution placeholder rendered, yet decks include solutions")
    return problems


def layout(chromium, folder, decks, screenshots=None):
    problems = []
    for deck in decks:
        page = folder / (deck.stem + ".html")
        url = page.resolve().as_uri() + "?check-layout"
        argv = [chromium, "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--window-size=1280,720", "--virtual-time-budget=5000", "--dump-dom", url]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            argv.insert(1, "--no-sandbox")
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        m = re.search(r'<pre id="layout-report" data-slides="(\d+)">(.*?)</pre>', proc.stdout, re.S)
        if not m:
            problems.append(f"{deck.name}: the browser returned no layout report "
                            f"(exit {proc.returncode}): {proc.stderr.strip()[-400:]}")
            continue
        count = int(m.group(1))
        for p in json.loads(html.unescape(m.group(2))):
            problems.append(f"{deck.name}, slide {p['slide']} \"{p['title']}\": {p['what']}")
        print(f"{deck.name}: {count} slides laid out at 1280x720")
        if screenshots:
            screenshots.mkdir(parents=True, exist_ok=True)
            for n in range(1, count + 1):
                shot = screenshots / f"{deck.stem}-{n:02d}.png"
                argv = [chromium, "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                        "--window-size=1280,720", "--virtual-time-budget=2000", f"--screenshot={shot}",
                        page.resolve().as_uri() + f"#{n}"]
                if hasattr(os, "geteuid") and os.geteuid() == 0:
                    argv.insert(1, "--no-sandbox")
                subprocess.run(argv, capture_output=True, timeout=120)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, required=True, help="the course root")
    parser.add_argument("--pandoc", required=True)
    parser.add_argument("--decks", type=Path, nargs="+", required=True, help="the decks, in lecture order")
    parser.add_argument("--layout", metavar="CHROMIUM", help="check the layout in this browser")
    parser.add_argument("--screenshots", type=Path, help="with --layout: write a PNG of every slide here")
    parser.add_argument("--only", help="with --layout: only the decks whose name starts with this")
    parser.add_argument("--keep", type=Path, help="render into this folder instead of a temporary one")
    parser.add_argument("pandoc_args", nargs=argparse.REMAINDER, help="-- then the build's pandoc arguments")
    args = parser.parse_args()
    pandoc_args = args.pandoc_args[1:] if args.pandoc_args[:1] == ["--"] else args.pandoc_args
    decks = [d.resolve() for d in args.decks]
    root = args.root.resolve()

    with tempfile.TemporaryDirectory(prefix="slides-check-") as tmp_name:
        tmp = Path(tmp_name)
        out = args.keep.resolve() if args.keep else tmp / "html"
        out.mkdir(parents=True, exist_ok=True)
        problems = render_all(args.pandoc, pandoc_args, decks, out)
        if args.layout:
            if not problems:
                chosen = [d for d in decks if not args.only or d.name.startswith(args.only)]
                problems += layout(args.layout, out, chosen, args.screenshots)
        else:
            if not problems:
                for page in sorted(out.glob("*.html")):
                    problems += check_self_contained(page.read_text(encoding="utf-8"), page.name)
            problems += check_static(root, decks)
            if not problems:
                problems += without_solutions(root, args.pandoc, pandoc_args, decks, tmp, out)

    if problems:
        print(f"{len(problems)} problem(s) with the slides:\n")
        for p in problems:
            print("- " + p.replace("\n", "\n  ") + "\n")
        return 1
    print(f"{len(decks)} decks: all render" + (", laid out within 1280x720" if args.layout else
                                               ", self-contained, every lab led to, every marker used, "
                                               "no solution code with slides_solutions=false"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
