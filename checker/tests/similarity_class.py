#!/usr/bin/env python3
"""A generated class for `labcheck similarity`: lab 06's stub filled by many hands.

Honest students fill the stub's three TODOs each their own way: every fill is
put together from choices a student makes independently (loop forms, the order
of an index expression, a temporary or not, vload4 or a pointer cast, mad, fma
or +=, the order of the A and B loads, ...), so two honest students share the
lines the lab leads everyone to and few others. Copiers take another student's
file (or the reference solution) and disguise it:
  - exact: the file as it is;
  - renamed: every name of their own changed;
  - reordered: the independent blocks (the A and B loads, the two register
    copies) swapped;
  - reformatted: comments added and removed, indentation and line breaks changed.
Rings of five (one honest student and four disguised copies), pairs (an exact
copy) and one renamed copy of the reference solution (matched through
--known reference=solutions/06-matmul-register-tiles/matmul.cl).

Usage: similarity_class.py --root REPO --out DIR [--students N] [--seed S]
Writes DIR/class/<student>/06-matmul-register-tiles/matmul.cl and
DIR/manifest.json: {"groups": [[copiers of one source], ...], "copies_solution": [...]}.
Used by the meson test 'labcheck similarity, a generated class' (40 students)
and by hand for the 300-student figures in checker/README.md.
"""

import argparse
import json
import pathlib
import random
import re
import subprocess

LAB = "06-matmul-register-tiles"

# Each slot: the alternatives a student chooses from (one each, independently).
A_LOOP = ["for (uint l = 0; l < A_LOADS; ++l) {", "for (uint l = 0; l < A_LOADS; l++) {",
          "#pragma unroll\n        for (int l = 0; l != A_LOADS; ++l) {"]
B_LOOP = ["for (uint l = 0; l < B_LOADS; ++l) {", "for (uint l = 0; l < B_LOADS; l++) {",
          "#pragma unroll\n        for (int l = 0; l != B_LOADS; ++l) {"]
V = ["const uint v = id + l * THREADS;", "uint v = l * THREADS + id;", "const uint v = mad24((uint)l, (uint)THREADS, id);",
     "const uint v = THREADS * l + id;"]
A_ROW = ["const uint r = v / (TILE_K / 4);", "uint r = v / (TILE_K >> 2);", "const uint r = v * 4 / TILE_K;",
         "const uint per_row = TILE_K / 4;\n            const uint r = v / per_row;"]
A_COL = ["const uint kk = 4 * (v % (TILE_K / 4));", "uint kk = (v % (TILE_K / 4)) * 4;", "const uint kk = v * 4 % TILE_K;",
         "const uint kk = (v << 2) & (TILE_K - 1);"]
A_LOAD = ["const float4 x = *(__global const float4*)(a + (size_t)(block_row + r) * K + k0 + kk);",
          "float4 x = *((__global const float4*)&a[(block_row + r) * K + k0 + kk]);",
          "const float4 x = vload4(0, a + (size_t)(block_row + r) * K + (k0 + kk));",
          "__global const float4* src = (__global const float4*)(a + (block_row + r) * K + k0 + kk);\n"
          "            const float4 x = *src;"]
A_STORE = ["__local float* flat = (__local float*)a_slice;\n"
           "            flat[kk * TILE_M + r] = x.x;\n            flat[(kk + 1) * TILE_M + r] = x.y;\n"
           "            flat[(kk + 2) * TILE_M + r] = x.z;\n            flat[(kk + 3) * TILE_M + r] = x.w;",
           "__local float* at = (__local float*)a_slice + kk * TILE_M + r;\n"
           "            at[0] = x.s0;\n            at[TILE_M] = x.s1;\n            at[2 * TILE_M] = x.s2;\n"
           "            at[3 * TILE_M] = x.s3;",
           "const float lanes[4] = {x.x, x.y, x.z, x.w};\n"
           "            for (uint q = 0; q < 4; ++q)\n"
           "                ((__local float*)a_slice)[(kk + q) * TILE_M + r] = lanes[q];"]
B_ROW = ["const uint kk = v / (TILE_N / 4);", "uint kk = v / (TILE_N >> 2);", "const uint kk = v * 4 / TILE_N;",
         "const uint kk = (v * 4) / TILE_N;"]
B_COL = ["const uint c = 4 * (v % (TILE_N / 4));", "uint c = (v % (TILE_N / 4)) * 4;", "const uint c = v * 4 % TILE_N;",
         "const uint c = (v & (TILE_N / 4 - 1)) << 2;"]
B_LOAD = ["b_slice[kk][c / 4] = *(__global const float4*)(b + (size_t)(k0 + kk) * N + block_col + c);",
          "const float4 y = vload4(0, b + (size_t)(k0 + kk) * N + (block_col + c));\n"
          "            b_slice[kk][c >> 2] = y;",
          "float4 y = *((__global const float4*)&b[(k0 + kk) * N + block_col + c]);\n"
          "            b_slice[kk][c / 4] = y;",
          "__global const float* row_b = b + (size_t)(k0 + kk) * N + block_col;\n"
          "            b_slice[kk][c / 4] = *(__global const float4*)(row_b + c);"]
A_REG = ["float a_reg[WPT_M];\n            for (uint i = 0; i < WPT_M / 4; ++i)\n"
         "                vstore4(a_slice[k][ly + i * THREADS_M], i, a_reg);",
         "float a_reg[WPT_M];\n            for (uint i = 0; i < WPT_M / 4; i++) {\n"
         "                const float4 t = a_slice[k][i * THREADS_M + ly];\n"
         "                a_reg[4 * i] = t.x;\n                a_reg[4 * i + 1] = t.y;\n"
         "                a_reg[4 * i + 2] = t.z;\n                a_reg[4 * i + 3] = t.w;\n            }",
         "float a_reg[WPT_M];\n            for (uint i = 0; i != WPT_M / 4; ++i) {\n"
         "                float4 t = a_slice[k][ly + THREADS_M * i];\n"
         "                for (uint q = 0; q < 4; ++q) a_reg[i * 4 + q] = ((float*)&t)[q];\n            }",
         "float a_reg[WPT_M];\n            __local const float4* col = a_slice[k] + ly;\n"
         "            for (uint i = 0; i < WPT_M / 4; ++i, col += THREADS_M)\n"
         "                vstore4(*col, i, a_reg);",
         "float4 a_four[WPT_M / 4];\n            for (uint i = 0; i < WPT_M / 4; ++i) a_four[i] = a_slice[k][ly + i * THREADS_M];\n"
         "            const float* a_reg = (const float*)a_four;"]
B_REG = ["float4 b_reg[WPT_N / 4];\n            for (uint j = 0; j < WPT_N / 4; ++j)\n"
         "                b_reg[j] = b_slice[k][lx + j * THREADS_N];",
         "float4 b_reg[WPT_N / 4];\n            for (uint j = 0; j < WPT_N / 4; j++) {\n"
         "                b_reg[j] = b_slice[k][j * THREADS_N + lx];\n            }",
         "float4 b_reg[WPT_N / 4];\n            uint j = 0;\n            while (j < WPT_N / 4) {\n"
         "                b_reg[j] = b_slice[k][lx + THREADS_N * j];\n                ++j;\n            }",
         "float4 b_reg[WPT_N / 4];\n            __local const float4* row = &b_slice[k][lx];\n"
         "            for (uint j = 0; j < WPT_N / 4; ++j) b_reg[j] = row[j * THREADS_N];",
         "float4 b_reg[WPT_N / 4];\n            #pragma unroll\n"
         "            for (int j = 0; j < WPT_N / 4; j += 1) { b_reg[j] = b_slice[k][THREADS_N * j + lx]; }"]
FMA = ["for (uint i = 0; i < WPT_M; ++i)\n                for (uint j = 0; j < WPT_N / 4; ++j)\n"
       "                    acc[i][j] += a_reg[i] * b_reg[j];",
       "for (uint i = 0; i < WPT_M; i++) {\n                for (uint j = 0; j < WPT_N / 4; j++) {\n"
       "                    acc[i][j] = mad((float4)(a_reg[i]), b_reg[j], acc[i][j]);\n                }\n            }",
       "for (uint j = 0; j < WPT_N / 4; ++j)\n                for (uint i = 0; i < WPT_M; ++i)\n"
       "                    acc[i][j] = fma((float4)a_reg[i], b_reg[j], acc[i][j]);",
       "for (uint i = 0; i < WPT_M; ++i) {\n                const float ai = a_reg[i];\n"
       "                for (uint j = 0; j < WPT_N / 4; ++j) acc[i][j] += ai * b_reg[j];\n            }",
       "for (uint ij = 0; ij < WPT_M * (WPT_N / 4); ++ij) {\n"
       "                const uint i = ij / (WPT_N / 4), j = ij % (WPT_N / 4);\n"
       "                acc[i][j] = fma((float4)(a_reg[i]), b_reg[j], acc[i][j]);\n            }",
       "#pragma unroll\n            for (int i = 0; i < WPT_M; i++)\n"
       "                #pragma unroll\n                for (int j = 0; j < WPT_N / 4; j++)\n"
       "                    acc[i][j] = mad(a_reg[i], b_reg[j], acc[i][j]);",
       "for (uint i = 0; i < WPT_M; ++i) {\n                float4* out = acc[i];\n"
       "                for (uint j = 0; j < WPT_N / 4; ++j) out[j] += a_reg[i] * b_reg[j];\n            }"]
SLOTS = {"a_loop": A_LOOP, "b_loop": B_LOOP, "va": V, "vb": V, "a_row": A_ROW, "a_col": A_COL, "a_load": A_LOAD,
         "a_store": A_STORE, "b_row": B_ROW, "b_col": B_COL, "b_load": B_LOAD, "a_reg": A_REG, "b_reg": B_REG,
         "fma": FMA, "b_first": [False, True], "breg_first": [False, True]}


def choose(rng):
    """One student's choices: the first option of a slot is the one most of a class writes (half of it),
    the others are each some student's own way."""
    return {slot: rng.choices(range(len(options)), weights=[len(options) - 1] + [1] * (len(options) - 1))[0]
            for slot, options in SLOTS.items()}


def block(lines, indent="            "):
    return "\n".join(indent + line if not line.startswith(" ") else line for line in lines)


def fills(choice):
    """The three TODOs' code for one student's choices."""
    pick = {slot: SLOTS[slot][i] for slot, i in choice.items()}
    a_loads = "        " + pick["a_loop"] + "\n" + block([pick["va"], pick["a_row"], pick["a_col"], pick["a_load"],
                                                         pick["a_store"]]) + "\n        }\n"
    b_loads = "        " + pick["b_loop"] + "\n" + block([pick["vb"], pick["b_row"], pick["b_col"],
                                                         pick["b_load"]]) + "\n        }\n"
    if pick["a_loop"].startswith("#pragma"):
        a_loads = "        " + a_loads.lstrip()
    loads = b_loads + a_loads if pick["b_first"] else a_loads + b_loads
    regs = [pick["a_reg"], pick["b_reg"]]
    if pick["breg_first"]:
        regs.reverse()
    registers = "".join("            " + r + "\n" for r in regs)
    return loads, registers, "            " + pick["fma"] + "\n"


def todo_span(text, number):
    """Where the stub's TODO `number` comment block lies (its lines), as (start, end) offsets."""
    found = re.search(r"^[ \t]*// TODO %d\b.*\n(?:[ \t]*//.*\n)*" % number, text, re.M)
    if not found:
        raise SystemExit(f"similarity_class.py: expected a '// TODO {number}' comment block in lab 06's stub; "
                         "found none (did the stub change? update the generator)")
    return found.start(), found.end()


def filled(stub, choice):
    text = stub
    for number, code in reversed(list(enumerate(fills(choice), start=1))):
        start, end = todo_span(text, number)
        text = text[:start] + code + text[end:]
    return text


def renamed(text, names):
    for old, new in names.items():
        text = re.sub(r"\b%s\b" % re.escape(old), new, text)
    return text


def reformatted(text):
    text = re.sub(r"[ \t]*//[^\n]*", "", text)                 # comments out
    text = re.sub(r"\n\s*\n", "\n", text)                       # blank lines out
    text = re.sub(r"^( +)", lambda m: "\t" * (len(m.group(1)) // 4), text, flags=re.M)  # tabs
    return text.replace("{\n", "{ // here\n")


COPY_NAMES = {"acc": "total", "a_reg": "ra", "b_reg": "rb", "a_slice": "sA", "b_slice": "sB", "flat": "f",
              "kk": "kx", "r": "row_in", "c": "col_in", "x": "val", "lx": "tx", "ly": "ty", "id": "me"}


def disguises(stub, choice):
    """Four disguised copies of the student with `choice`: exact, renamed, reordered, reformatted."""
    flipped = dict(choice, b_first=1 - choice["b_first"], breg_first=1 - choice["breg_first"])
    base = filled(stub, choice)
    return [base, renamed(base, COPY_NAMES), filled(stub, flipped), reformatted(base)]


def committed_stub(root):
    path = f"labs/{LAB}/matmul.cl"
    try:
        return subprocess.run(["git", "-C", str(root), "show", "HEAD:" + path], check=True, capture_output=True,
                              text=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return (root / path).read_text()


def write(out, student, text):
    path = out / "class" / student / LAB / "matmul.cl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def generate(root, out, students, seed):
    rng = random.Random(seed)
    stub = committed_stub(root)
    rings, pairs = max(1, students // 60), max(1, students // 40)
    honest = students - 5 * rings - 2 * pairs - 1
    groups, number = [], 0
    for _ in range(honest):
        number += 1
        write(out, f"s{number:03d}", filled(stub, choose(rng)))
    for _ring in range(rings):
        texts = disguises(stub, choose(rng))  # the first is the honest original
        texts.append(reformatted(renamed(texts[2], COPY_NAMES)))
        members = []
        for text in texts:
            number += 1
            members.append(f"s{number:03d}")
            write(out, members[-1], text)
        groups.append(members)
    for _ in range(pairs):
        text = filled(stub, choose(rng))
        members = []
        for _copy in range(2):
            number += 1
            members.append(f"s{number:03d}")
            write(out, members[-1], text)
        groups.append(members)
    number += 1
    solution = (root / "solutions" / LAB / "matmul.cl").read_text()
    write(out, f"s{number:03d}", reformatted(renamed(solution, {"acc": "sum", "a_tile": "As", "b_tile": "Bs"})))
    manifest = {"groups": groups, "copies_solution": [f"s{number:03d}"]}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    if args.students < 12:
        raise SystemExit("similarity_class.py: --students must be at least 12 (a ring of five, a pair, the "
                         "solution's copy and honest students)")
    generate(args.root, args.out, args.students, args.seed)


if __name__ == "__main__":
    main()
