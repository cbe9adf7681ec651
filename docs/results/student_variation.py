"""One student's hand on a kernel file: the same kernel, written the way this student writes.

A real class hands in as many different files as it has students: two who write the same kernel still
differ in names, spacing, comments and small habits. `vary(text, rng)` gives a kernel file that
differs from `text` in those ways and in nothing the compiler or the grader sees:

  - names: every variable, parameter and helper function the file declares is renamed (consistently,
    to a name the file does not use); the kernels' names, the lab's defines, OpenCL's words and
    builtins are never renamed, since none is declared in the file;
  - loop forms: `++i` or `i++` in a `for` loop's step;
  - equivalent expressions: `x += e;` written out as `x = x + (e);` (a left side without calls or
    increments: the same value, the same rounding);
  - layout: indentation (two, four, eight spaces or tabs), blank lines, braces on their own line;
  - comments: kept, dropped, or a student's own added.

Used by grading_throughput.py to make a generated class whose files all differ, as a real class's do;
`grading_throughput.py --check-variation` grades every kernel the class draws from beside its varied
form (build and correctness on this machine's device) and fails when a verdict changed.
"""
import re

# Declarations whose declared name may be renamed: a type (with qualifiers and pointer stars), a name.
TYPES = r"(?:unsigned\s+)?(?:bool|char|uchar|short|ushort|int|uint|long|ulong|size_t|ptrdiff_t|float|double|half" \
        r"|(?:float|int|uint|char|uchar|short|ushort|long|ulong|double)(?:2|3|4|8|16)|image2d_t|sampler_t|event_t)"
DECLARATION = re.compile(r"\b" + TYPES + r"\b[\s*]*(?:const\s+|restrict\s+|__restrict\s+)*[\s*]*([a-z_]\w*)\s*(?=[=;,)\[(])")
FOR_STEP = re.compile(r"(for\s*\([^;]*;[^;]*;\s*)(\+\+(\w+)|(\w+)\+\+)(\s*\))")
COMPOUND = re.compile(r"^(\s*)([A-Za-z_]\w*(?:\[[^\]()]*\])*)\s*\+=\s*([^;]+);(.*)$")
NAMES = ["idx", "tmp", "val", "cnt", "pos", "off", "elem", "part", "res", "item", "acc_v", "step_n", "base",
         "lim", "gi", "li", "ri", "ci", "sum_v", "w", "q", "z", "t2", "row_i", "col_i", "src_i", "dst_i", "kk"]
COMMENTS = ["// my version", "// checked by hand on 4x4", "// see the lecture notes", "// TODO: tidy up",
            "// works on PoCL", "// second try", "// index math", "// keep this"]


def code_parts(text):
    """`text` cut into code (even indices) and what must stay as it is (odd: strings, comments)."""
    return re.split(r'("(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/)', text, flags=re.S)


def renamed(text, rng):
    """Every name the file declares renamed to one it does not use; kernels' names kept."""
    kernels = set(re.findall(r"(?:__kernel|kernel)\s+void\s+(\w+)", text))
    parts = code_parts(text)
    code = "".join(parts[0::2])
    fields = set(re.findall(r"(?:\.|->)\s*([A-Za-z_]\w*)", code))  # a struct's fields keep their names
    declared = [name for name in dict.fromkeys(DECLARATION.findall(code)) if name not in kernels | fields]
    used = set(re.findall(r"\b\w+\b", text))
    pool = [n for n in NAMES if n not in used]
    rng.shuffle(pool)
    mapping = {}
    for n, name in enumerate(declared):
        mapping[name] = pool[n] if n < len(pool) else f"{name}_{n}"
    if not mapping:
        return text
    word = re.compile(r"(?<![.\w])(" + "|".join(map(re.escape, sorted(mapping, key=len, reverse=True))) + r")\b")
    return "".join(part if i % 2 else word.sub(lambda m: mapping[m.group(1)], part) for i, part in enumerate(parts))


def loop_steps(text, rng):
    prefix = rng.random() < 0.5
    def step(found):
        name = found.group(3) or found.group(4)
        return found.group(1) + (f"++{name}" if prefix else f"{name}++") + found.group(5)
    return FOR_STEP.sub(step, text)


def written_out(line):
    found = COMPOUND.match(line)
    if not found or "++" in found.group(2) or "--" in found.group(2):
        return line
    return f"{found.group(1)}{found.group(2)} = {found.group(2)} + ({found.group(3).strip()});{found.group(4)}"


def laid_out(text, rng):
    """Indentation, blank lines, braces, compound assignments and comments of this student's."""
    indent = rng.choice(["  ", "    ", "        ", "\t"])
    own_line_braces = rng.random() < 0.3
    out_compound = rng.random() < 0.5
    comment_rate = rng.choice([0.0, 0.05, 0.12])
    drop_comments = rng.random() < 0.3
    lines = []
    in_block_comment = False
    for line in text.split("\n"):
        stripped = line.lstrip(" \t")
        depth = (len(line) - len(stripped)) // 4 if not line.startswith("\t") else len(line) - len(line.lstrip("\t"))
        starts_comment = stripped.startswith("/*")
        if drop_comments and stripped.startswith("//") and not in_block_comment:
            continue
        in_block_comment = (in_block_comment or starts_comment) and "*/" not in stripped
        if stripped.startswith("#") or in_block_comment or starts_comment:
            lines.append(line)
            continue
        if out_compound:
            stripped = written_out(stripped)
        if own_line_braces and stripped.endswith(" {") and not stripped.startswith(("//", "__kernel", "kernel")):
            lines += [indent * depth + stripped[:-2], indent * depth + "{"]
            continue
        lines.append(indent * depth + stripped if stripped else "")
        if stripped.endswith(";") and rng.random() < comment_rate:
            lines.append(indent * depth + rng.choice(COMMENTS))
    return "\n".join(lines)


def vary(text, rng, student=""):
    """`text` in the hand of the student `rng` draws for: the same kernel, another file. A file that is
    not UTF-8 (read with surrogate escapes) is a hostile one whose point is its bytes: only the header."""
    header = f"// {student}\n" if student else ""
    if any("\udc80" <= c <= "\udcff" for c in text):
        return header + text
    return header + laid_out(loop_steps(renamed(text, rng), rng), rng)
