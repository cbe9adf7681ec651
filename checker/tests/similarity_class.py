#!/usr/bin/env python3
"""A generated class for `labcheck similarity`: every lab's stub filled by many hands, and copies.

Honest students fill each lab's TODOs their own way (checker/mutants/similarity/honest_fills.py,
instructor-only since it holds answers): every fill is put together from choices a student makes
independently (which way to write each TODO, the order of independent statements, helper
functions) in the habits of the student's hand, kept across labs (hands.py: loop counters,
`++i` or `i++`, const, braces, `+=`, mad or fma, temporaries, the order of operands). The way a lab
leads to is taken by `--conformity` of the class (half by default) at every choice.

Copiers take another student's file (or the reference solution) and disguise it:
  - exact: the file as it is;
  - renamed: every name of their own changed, comments and layout changed (reformatted);
  - reordered: the same choices with the independent blocks in another order, renamed;
  - dead code: unused declarations and empty loops put between statements, comments added;
  - tweaked: `++i` for `i++` (and back), const dropped or added;
  - all: reordered, renamed, dead code, tweaked and reformatted at once.
Per lab: rings of five (one honest student and four copies: renamed, reordered, dead code, all),
pairs (an exact or a tweaked copy) and one disguised copy of the reference solution (matched
through --known reference=solutions/). Who copies is drawn afresh for every lab.

Usage: similarity_class.py --root REPO --out DIR [--students N] [--seed S] [--lab NN]...
                           [--conformity 0.5]
Writes DIR/class/<student>/<lab folder>/<kernel file> and DIR/manifest.json:
{"labs": {"06-matmul-register-tiles": {"kernel": "matmul.cl", "groups": [[source, copier...], ...],
"copies_solution": [...], "disguise": {copier: kind}}}, ...}. Used by the meson test 'labcheck
similarity, a generated class' (similarity_class_test.py) and by hand for checker/README.md's
figures at 300 students."""

import argparse
import json
import pathlib
import random
import re
import subprocess
import sys

HONEST = pathlib.Path("checker/mutants/similarity")
RING = ["renamed", "reordered", "dead code", "all"]
PAIR = ["exact", "tweaked"]

KEYWORDS = set("""auto break case char const continue default do double else enum extern float for goto if inline int
long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while
bool true false half size_t uint uchar ushort ulong float2 float3 float4 float8 float16 int2 int4 uint2 uint4
__kernel kernel __global global __local local __constant constant __private private __read_only read_only
__write_only write_only __attribute__ attribute reqd_work_group_size image2d_t sampler_t event_t
get_global_id get_local_id get_group_id get_global_size get_local_size get_num_groups barrier mem_fence
vload4 vstore4 mad mad24 fma min max clamp dot read_imagef write_imagef
define ifdef ifndef endif undef pragma unroll error if elif defined""".split())
RENAMES = ["idx", "tmp", "val", "cnt", "pos", "off", "buf", "elem", "part", "cur", "res", "aux", "item", "q", "z"]


def load_fills(root):
    sys.path.insert(0, str(root / HONEST))
    import hands
    import honest_fills
    return hands, honest_fills


def committed(root, path):
    """A file as committed (an instructor's solved working copy of labs/ is no stub)."""
    try:
        return subprocess.run(["git", "-C", str(root), "show", "HEAD:" + path], check=True, capture_output=True,
                              text=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return (root / path).read_text()


def kernel_file(root, lab):
    files = sorted(p.name for p in (root / "labs" / lab).glob("*.cl"))
    if len(files) != 1:
        raise SystemExit(f"similarity_class.py: expected one kernel file in labs/{lab}, found {files}")
    return files[0]


# --- disguises ---

def without_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"[ \t]*//[^\n]*", "", text)


def renamed(text, rng):
    """Every lowercase name that is not C's or OpenCL's (nor a kernel's, nor a vector lane) renamed."""
    kernels = set(re.findall(r"\bvoid\s+(\w+)\s*\(", text)) if "__kernel" in text else set()
    names = {}
    def rename(found):
        word = found.group(0)
        if word in KEYWORDS or word in kernels or not re.search("[a-z]", word) or (found.start() > 0 and found.string[found.start() - 1] == "."):
            return word
        if word not in names:
            names[word] = f"{rng.choice(RENAMES)}{len(names)}"
        return names[word]
    # Names in code only: not inside a string (an #error's message) nor a comment.
    parts = re.split(r'("(?:\\.|[^"\\\n])*"|//[^\n]*)', text)
    return "".join(part if i % 2 else re.sub(r"\b[A-Za-z_]\w*\b", rename, part) for i, part in enumerate(parts))


def reformatted(text, rng):
    """Comments out, blank lines out, tabs, braces moved to their own line or back, comments of its own."""
    lines = [line for line in without_comments(text).split("\n") if line.strip()]
    out = []
    for line in lines:
        body = line.lstrip(" ")
        line = "\t" * ((len(line) - len(body)) // 4) + body
        if line.endswith(" {") and not body.startswith(("__kernel", "void", "float")) and rng.random() < .5:
            indent = line[:len(line) - len(line.lstrip("\t"))]
            out += [line[:-2], indent + "{"]
            continue
        out.append(line)
        if line.endswith(";") and rng.random() < .08:
            out.append(line[:len(line) - len(line.lstrip("\t"))] + "// " + rng.choice(["done", "next", "ok", "step"]))
    return "\n".join(out) + "\n"


def statement_ends(lines):
    """Indices of lines that end a statement inside a function body (not before an else)."""
    depth, ends = 0, []
    for i, line in enumerate(lines):
        code = re.sub(r"//.*", "", line)
        if depth > 0 and code.rstrip().endswith(";") and not code.lstrip().startswith("#") and \
                not (i + 1 < len(lines) and lines[i + 1].lstrip().startswith(("else", "}  else"))):
            ends.append(i)
        depth += code.count("{") - code.count("}")
    return ends


def with_dead_code(text, rng, count=4):
    lines = text.split("\n")
    spots = sorted(rng.sample(statement_ends(lines), min(count, len(statement_ends(lines)))), reverse=True)
    for n, i in enumerate(spots):
        indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
        dead = [f"uint unused{n} = 0;", f"float spare{n} = 0.0f;", f"for (uint z{n} = 0; z{n} < 0; ++z{n}) {{ }}",
                f"int never{n} = (int)get_local_id(0) * 0; // keep"][rng.randrange(4)]
        lines.insert(i + 1, indent + dead)
    return "\n".join(lines)


def tweaked(text):
    """`++i` <-> `i++` in every loop head, const dropped from local values."""
    def increment(found):
        head = found.group(0)
        head = re.sub(r";\s*\+\+(\w+)\)", r"; \1++)", head) if re.search(r";\s*\+\+\w+\)", head) else \
            re.sub(r";\s*(\w+)\+\+\)", r"; ++\1)", head)
        return head
    text = re.sub(r"for \([^\n]*\)", increment, text)
    return re.sub(r"^(\s+)const (uint|int|float|float4|size_t) (\w+) =", r"\1\2 \3 =", text, flags=re.M)


def disguised(kind, text, again, rng):
    """`text` disguised as `kind`; `again()` writes the source's fill again with its blocks reordered."""
    if kind == "exact":
        return text
    if kind == "renamed":
        return reformatted(renamed(text, rng), rng)
    if kind == "reordered":
        return renamed(again(), rng)
    if kind == "dead code":
        return with_dead_code(text, rng)
    if kind == "tweaked":
        return renamed(tweaked(text), rng)
    return reformatted(tweaked(with_dead_code(renamed(again(), rng), rng)), rng)


# --- the class ---

def write(out, student, lab, kernel, text):
    path = out / "class" / student / lab / kernel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def generate_lab(root, out, lab, hands, fills, rng):
    """Every student's file of `lab`; returns the lab's part of the manifest."""
    kernel = kernel_file(root, lab)
    stub = committed(root, f"labs/{lab}/{kernel}")
    students = sorted(hands)
    rings, pairs = max(1, len(students) // 60), max(1, len(students) // 40)
    chosen = rng.sample(students, 5 * rings + 2 * pairs + 1)
    groups, disguise = [], {}
    texts = {}
    for student in students:
        hands[student].start_fill()
        texts[student] = fills.fill(lab, hands[student], stub)
        hands[student].last_fill = hands[student].replay(reorder=True)
    def copy(source, copiers, kinds):
        for copier, kind in zip(copiers, kinds):
            again = lambda: fills.fill(lab, hands[source].replay(reorder=True), stub)
            write(out, copier, lab, kernel, disguised(kind, texts[source], again, rng))
            disguise[copier] = kind
        groups.append([source] + copiers)
    for student in students:
        write(out, student, lab, kernel, texts[student])
    for r in range(rings):
        ring = chosen[5 * r:5 * r + 5]
        copy(ring[0], ring[1:], RING)
    for p in range(pairs):
        pair = chosen[5 * rings + 2 * p:5 * rings + 2 * p + 2]
        copy(pair[0], pair[1:], [PAIR[p % 2]])
    copier = chosen[-1]
    solution = (root / "solutions" / lab / kernel).read_text()
    write(out, copier, lab, kernel, reformatted(with_dead_code(renamed(solution, rng), rng, 2), rng))
    disguise[copier] = "solution"
    return {"kernel": kernel, "groups": groups, "copies_solution": [copier], "disguise": disguise}


def generate(root, out, students, seed, labs, conformity):
    hands_module, fills = load_fills(root)
    rng = random.Random(seed)
    hands = {f"s{n:03d}": hands_module.Hand(random.Random(rng.random()), conformity, f"{seed}-{n}")
             for n in range(1, students + 1)}
    manifest = {"students": students, "seed": seed, "conformity": conformity, "labs": {}}
    for lab in labs:
        manifest["labs"][lab] = generate_lab(root, out, lab, hands, fills, random.Random(f"{seed}-{lab}"))
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def lab_folders(root, wanted):
    every = sorted(p.name for p in (root / "labs").iterdir() if re.match(r"\d\d-", p.name) and p.is_dir())
    if not wanted:
        return every
    chosen = [f for n in wanted for f in every if f.startswith(n.zfill(2) + "-")]
    if len(chosen) != len(wanted):
        raise SystemExit(f"similarity_class.py: --lab {wanted}: expected lab numbers of {every}")
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--lab", action="append", default=[], help="lab number (repeat; default: every lab)")
    parser.add_argument("--conformity", type=float, default=0.5,
                        help="how often a student takes the way the lab leads to, at every choice (0..1)")
    args = parser.parse_args()
    if args.students < 12:
        raise SystemExit("similarity_class.py: --students must be at least 12 (a ring of five, a pair, the "
                         "solution's copy and honest students)")
    if not (args.root / HONEST).is_dir():
        raise SystemExit(f"similarity_class.py: {HONEST} is not here (the student edition has no answers)")
    generate(args.root.resolve(), args.out, args.students, args.seed, lab_folders(args.root, args.lab), args.conformity)


if __name__ == "__main__":
    main()
