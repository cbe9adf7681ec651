"""Honest students' code for every lab's TODOs, for the generated similarity class
(checker/tests/similarity_class.py). Instructor-only: these are answers (checker/mutants/ is left
out of the student edition and of the grading packages).

Each lab's fill is put together from the choices one student makes independently: which way to
write each TODO (the first way is the one the lab leads to, taken with probability `conformity`,
half the class by default), in which order the independent statements come, and the habits of
the student's hand (hands.py: loop counters, `++i` or `i++`, const, braces, `+=`, mad or fma,
temporaries, the order of operands). Two honest students therefore share what the lab leads
everyone to and, now and then, a way of their own that others chose too; never a whole file
but by chance. Every fill is a correct kernel (checked by hand with labcheck on PoCL: see
checker/README.md, "A generated class").

fill(lab_folder, hand, stub) -> the stub with its TODOs done."""

import re

from hands import Hand  # noqa: F401  (the type the fills take)


# --- placing code in the stub ---

def todo_span(text, label):
    """(start, end, indent) of the comment block that starts `// <label>` (its following // lines too)."""
    found = re.search(r"^([ \t]*)// %s(?![\w)]).*\n(?:[ \t]*//.*\n)*" % re.escape(label), text, re.M)
    if not found:
        raise SystemExit(f"honest_fills.py: expected a '// {label}' comment block in the stub; found none "
                         "(did the stub change? update the generator)")
    return found.start(), found.end(), found.group(1)


def put(text, hand, first, lines, last=None, replaced_lines=0):
    """The stub with the TODO blocks `first` .. `last` (and what lies between, and `replaced_lines`
    lines after) replaced by `lines`, indented like the first block (its comments kept by a hand that
    keeps them)."""
    start, end, indent = todo_span(text, first)
    if last is not None:
        end = todo_span(text, last)[1]
    for _ in range(replaced_lines):
        end = text.index("\n", end) + 1
    kept = "".join(line + "\n" for line in text[start:end].splitlines() if line.strip().startswith("//")) \
        if hand.keeps_todos else ""
    code = "".join((indent + line if line and not line.startswith("#") else line) + "\n" for line in hand.quirks(lines))
    return text[:start] + kept + code + text[end:]


def before_kernel(text, lines):
    """`lines` (helper functions) just before the first __kernel."""
    at = text.index("__kernel")
    return text[:at] + "\n".join(lines) + "\n\n" + text[at:]


def guarded(hand, inside, outside, body):
    """`body` for work-items inside the matrix: wrapped in an if, or after an early return."""
    if not hand.early_return:
        return hand.if_(hand.all_of(inside), body)
    way = hand.pick(3)
    if way == 0:
        head = hand.if_(hand.any_of(outside), ["return;"])
    elif way == 1:
        head = [line for condition in hand.order(outside) for line in hand.if_(condition, ["return;"])]
    else:
        head = hand.if_(f"!({hand.all_of(inside)})", ["return;"])
    return head + body


def barrier(hand):
    fences = "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE" if hand.chance(.1) else "CLK_LOCAL_MEM_FENCE"
    return f"barrier({fences});"


# --- lab 01: the naive transpose ---

def lab01(h, stub):
    src_at, dst_at = h.index("row", "k", "col"), h.index("col", "m", "row")
    way = h.pick(4)
    if way == 0:
        body = [f"at[{dst_at}] = a[{src_at}];"]
    elif way == 1:
        src, dst = h.name("src", ["src", "from", "in_idx", "i_in", "source"]), \
            h.name("dst", ["dst", "to", "out_idx", "i_out", "target"])
        body = h.order([h.index_value(src, src_at), h.index_value(dst, dst_at)]) + [f"at[{dst}] = a[{src}];"]
    elif way == 2:
        value = h.name("value", ["value", "v", "x", "element", "val"])
        body = [h.value("float", value, f"a[{src_at}]"), f"at[{dst_at}] = {value};"]
    else:
        body = [f"*(at + {dst_at}) = *(a + {src_at});"]
    lines = guarded(h, ["col < k", "row < m"], ["col >= k", "row >= m"], body)
    return put(stub, h, "TODO 1", lines, last="TODO 2")


# --- lab 02: the transpose through local memory ---

COORDINATE_NAMES = {"in_row": ["in_row", "ir", "src_row", "gy"], "in_col": ["in_col", "ic", "src_col", "gx"],
                    "out_row": ["out_row", "orow", "dst_row", "oy"], "out_col": ["out_col", "ocol", "dst_col", "ox"]}


def lab02_coordinates(h, row_value, col_value, row_role, col_role):
    """Named coordinates (in this student's order), or the expressions themselves."""
    row, col = h.name(row_role, COORDINATE_NAMES[row_role]), h.name(col_role, COORDINATE_NAMES[col_role])
    if h.chance(h.temporaries):
        return h.order([h.index_value(row, row_value), h.index_value(col, col_value)]), row, col
    return [], row_value, col_value


def lab02(h, stub):
    padding = h.pick(4, popular=.65)
    tile = ["__local float tile[TILE_SIZE][TILE_SIZE + 1];", "__local float tile[TILE_SIZE][TILE_SIZE];",
            "#define PAD 1\n__local float tile[TILE_SIZE][TILE_SIZE + PAD];",
            "__local float tile[TILE_SIZE][(TILE_SIZE + 1)];"][padding].split("\n")
    text = put(stub, h, "TODO 4", tile, replaced_lines=1)
    way = h.pick(3)
    in_row, in_col = ("get_global_id(1)", "get_global_id(0)") if way == 2 else \
        (h.add("block_row", "ly"), h.add("block_col", "lx"))
    named, row, col = lab02_coordinates(h, in_row, in_col, "in_row", "in_col")
    inside = h.all_of([f"{row} < m", f"{col} < k"])
    source = f"a[{h.index(row, 'k', col)}]"
    load = [f"tile[ly][lx] = ({inside}) ? {source} : 0.0f;"] if way == 1 else h.if_(inside, [f"tile[ly][lx] = {source};"])
    out_row = "get_group_id(0) * TILE_SIZE + ly" if h.chance(.15) else h.add("block_col", "ly")
    named_out, row, col = lab02_coordinates(h, out_row, h.add("block_row", "lx"), "out_row", "out_col")
    store = h.if_(h.all_of([f"{row} < k", f"{col} < m"]), [f"at[{h.index(row, 'm', col)}] = tile[lx][ly];"])
    lines = named + load + ["", barrier(h), ""] + named_out + store
    return put(text, h, "TODO 1", lines, last="TODO 3")


# --- lab 03: the naive product ---

def lab03_sum(h, acc, k):
    a_at, b_at = f"a[{h.index('row', 'K', k)}]", f"b[{h.index(k, 'N', 'col')}]"
    way = h.pick(5)
    if way == 0:
        return [], h.loop(k, "K", [h.multiply_added(acc, a_at, b_at)])
    if way == 1:
        x, y = h.name("a value", ["x", "av", "a_val", "left"]), h.name("b value", ["y", "bv", "b_val", "right"])
        return [], h.loop(k, "K", h.order([h.value("float", x, a_at), h.value("float", y, b_at)]) +
                          [h.multiply_added(acc, x, y)])
    pa, pb = h.name("a row", ["a_row", "pa", "row_a", "ap"]), h.name("b column", ["b_col", "pb", "col_b", "bp"])
    pointers = h.order([f"__global const float* {pa} = a + {h.mul('row', 'K')};", f"__global const float* {pb} = b + col;"])
    if way == 2:
        return pointers, h.loop(k, "K", [h.multiply_added(acc, f"{pa}[{k}]", f"{pb}[{h.mul(k, 'N')}]")])
    if way == 3:
        return pointers, h.loop(k, "K", [h.multiply_added(acc, f"*{pa}", f"*{pb}"), f"{h.increment.format(pa)};",
                                         f"{pb} += N;"])
    return [], [f"{h.counter} {k} = 0;"] + h.block(f"while ({k} < K)", [h.multiply_added(acc, a_at, b_at),
                                                                      f"{h.increment.format(k)};"])


def lab03(h, stub):
    acc, k = h.name("sum", ["sum", "acc", "total", "result", "dot"]), h.name("k", ["k", "i", "kk", "j", "idx"])
    before, loop = lab03_sum(h, acc, k)
    store = [f"c[{h.index('row', 'N', 'col')}] = {acc};"]
    if h.chance(h.temporaries / 3):
        out = h.name("out index", ["out", "idx", "at", "c_idx"])
        store = [h.index_value(out, h.index("row", "N", "col")), f"c[{out}] = {acc};"]
    body = h.order([[f"float {acc} = 0.0f;"], before], keep=.8)
    lines = guarded(h, ["row < M", "col < N"], ["row >= M", "col >= N"], body[0] + body[1] + loop + store)
    return put(stub, h, "TODO 1", lines, last="TODO 3")


# --- lab 04: tiles in local memory ---

def lab04_load(h, tile, source, inside, way):
    """tile[ly][lx] = source where `inside`, else 0."""
    target = f"{tile}[ly][lx]"
    if way in (0, 1):
        return [f"{target} = ({inside}) ? {source} : 0.0f;"]
    if way == 2:
        return h.if_else(inside, [f"{target} = {source};"], [f"{target} = 0.0f;"])
    if way == 3:
        return [f"{target} = 0.0f;"] + h.if_(inside, [f"{target} = {source};"])
    value = h.name(tile + " value", [tile[0] + "v", "val_" + tile[0], tile[0] + "_value", "x" + tile[0]])
    return [f"float {value} = 0.0f;"] + h.if_(inside, [f"{value} = {source};"]) + [f"{target} = {value};"]


def lab04(h, stub):
    way = h.pick(5)
    a_col, b_row = h.add("k0", "lx"), h.add("k0", "ly")
    named = []
    if way == 0 or (way > 1 and h.chance(h.temporaries)):
        names = h.name("a column", ["a_col", "ac", "tile_col", "ka"]), h.name("b row", ["b_row", "br", "tile_row", "kb"])
        named = h.order([h.index_value(names[0], a_col), h.index_value(names[1], b_row)])
        a_col, b_row = names
    loads = h.order([lab04_load(h, "a_tile", f"a[{h.index('row', 'K', a_col)}]", h.all_of(["row < M", f"{a_col} < K"]), way),
                     lab04_load(h, "b_tile", f"b[{h.index(b_row, 'N', 'col')}]", h.all_of([f"{b_row} < K", "col < N"]), way)],
                    keep=.8)
    k = h.name("k", ["k", "i", "kk", "j", "n"])
    terms = (f"a_tile[ly][{k}]", f"b_tile[{k}][lx]")
    if h.chance(h.temporaries / 4):
        x, y = h.name("a value", ["x", "av", "a_val"]), h.name("b value", ["y", "bv", "b_val"])
        product = h.order([h.value("float", x, terms[0]), h.value("float", y, terms[1])]) + [h.multiply_added("sum", x, y)]
    else:
        product = [h.multiply_added("sum", *terms)]
    lines = named + loads[0] + loads[1] + ["", barrier(h), ""] + h.loop(k, "TILE_SIZE", product, unrollable=True) + \
        ["", barrier(h)]
    return put(stub, h, "TODO 1", lines, last="TODO 4")


# --- lab 05: THREAD_WORK outputs per work-item ---

def lab05_loads(h):
    w, col = h.name("w", ["w", "i", "j", "t"]), h.name("tile column", ["tile_col", "tc", "cc", "x"])
    a_at = lambda c: f"a[{h.index('row', 'K', h.add('k0', c))}]"
    b_at = lambda c: f"b[{h.index(h.add('k0', 'ly'), 'N', h.add('block_col', c))}]"
    owned = h.add("lx", h.mul(w, "GROUP_COLS"))
    way = h.pick(5)
    if way == 0:
        return h.loop(w, "THREAD_WORK", [h.index_value(col, owned)] +
                      h.order([f"a_tile[ly][{col}] = {a_at(col)};", f"b_tile[ly][{col}] = {b_at(col)};"], keep=.8))
    if way == 1:
        return h.loop(w, "THREAD_WORK", h.order([f"a_tile[ly][{owned}] = {a_at(owned)};",
                                                 f"b_tile[ly][{owned}] = {b_at(owned)};"], keep=.8))
    if way == 2:
        loops = [h.loop(w, "THREAD_WORK", [f"{t}_tile[ly][{owned}] = {at(owned)};"]) for t, at in (("a", a_at), ("b", b_at))]
        loops = h.order(loops, keep=.8)
        return loops[0] + loops[1]
    if way == 3:
        return h.loop(col, "TILE_SIZE", h.order([f"a_tile[ly][{col}] = {a_at(col)};", f"b_tile[ly][{col}] = {b_at(col)};"],
                                                keep=.8), start="lx", step="GROUP_COLS")
    ar, br = h.name("a source row", ["a_row", "pa", "src_a"]), h.name("b source row", ["b_row", "pb", "src_b"])
    rows = h.order([f"__global const float* {ar} = a + {h.add(h.mul('row', 'K'), 'k0')};",
                    f"__global const float* {br} = b + {h.add(h.mul('(k0 + ly)', 'N'), 'block_col')};"])
    return rows + h.loop(w, "THREAD_WORK", [h.index_value(col, owned)] +
                         h.order([f"a_tile[ly][{col}] = {ar}[{col}];", f"b_tile[ly][{col}] = {br}[{col}];"], keep=.8))


def lab05_reuse(h):
    k, w = h.name("k", ["k", "kk", "i", "n"]), h.name("w", ["w", "i", "j", "t"])
    if k == w:
        w = "w" if k != "w" else "j"
    value = h.name("a value", ["a_value", "av", "a_reg", "aval", "x"])
    way = h.pick(3)
    if way == 0:
        inner = [h.multiply_added(f"acc[{w}]", value, f"b_tile[{k}][{h.add('lx', h.mul(w, 'GROUP_COLS'))}]")]
        return h.loop(k, "TILE_SIZE", [h.value("float", value, f"a_tile[ly][{k}]")] + h.loop(w, "THREAD_WORK", inner))
    if way == 1:
        row = h.name("b tile row", ["b_row", "brow", "bk"])
        inner = [h.multiply_added(f"acc[{w}]", value, f"{row}[{h.mul(w, 'GROUP_COLS')}]")]
        lines = h.order([[h.value("float", value, f"a_tile[ly][{k}]")], [f"__local const float* {row} = b_tile[{k}] + lx;"]])
        return h.loop(k, "TILE_SIZE", lines[0] + lines[1] + h.loop(w, "THREAD_WORK", inner))
    col = h.name("tile column", ["tile_col", "tc", "cc"])
    inner = [h.index_value(col, h.add("lx", h.mul(w, "GROUP_COLS"))),
             h.multiply_added(f"acc[{w}]", value, f"b_tile[{k}][{col}]")]
    return h.loop(k, "TILE_SIZE", [h.value("float", value, f"a_tile[ly][{k}]")] + h.loop(w, "THREAD_WORK", inner,
                                                                                         unrollable=True))


def lab05_store(h):
    w = h.name("w", ["w", "i", "j", "t"])
    owned = h.add("lx", h.mul(w, "GROUP_COLS"))
    way = h.pick(3)
    if way == 0:
        return h.loop(w, "THREAD_WORK", [f"c[{h.index('row', 'N', h.add('block_col', owned))}] = acc[{w}];"])
    if way == 1:
        col = h.name("out column", ["out_col", "col", "gc", "cc"])
        return h.loop(w, "THREAD_WORK", [h.index_value(col, h.add("block_col", owned)),
                                         f"c[{h.index('row', 'N', col)}] = acc[{w}];"])
    row = h.name("c row", ["c_row", "out", "dst", "pc"])
    return [f"__global float* {row} = c + {h.add(h.mul('row', 'N'), h.add('block_col', 'lx'))};"] + \
        h.loop(w, "THREAD_WORK", [f"{row}[{h.mul(w, 'GROUP_COLS')}] = acc[{w}];"])


def lab05(h, stub):
    text = put(stub, h, "TODO 1", lab05_loads(h))
    text = put(text, h, "TODO 2", lab05_reuse(h))
    return put(text, h, "TODO 3", lab05_store(h))


# --- lab 06: register micro-tiles ---

def lab06_slice_index(h, per_row_of, row, col):
    """v's row and float-column (a float index, a multiple of 4) in a slice of rows of `per_row_of` floats."""
    quarter = f"({per_row_of} / 4)"
    rows = [f"v / {quarter}", f"v / ({per_row_of} >> 2)", f"v * 4 / {per_row_of}", f"(v * 4) / {per_row_of}"]
    cols = [f"4 * (v % {quarter})", f"(v % {quarter}) * 4", f"v * 4 % {per_row_of}", f"(v & ({per_row_of} / 4 - 1)) << 2"]
    return h.order([h.index_value(row, rows[h.pick(4)]), h.index_value(col, cols[h.pick(4)])], keep=.85)


def lab06_v(h, l):
    way = h.pick(3)
    value = [h.add("id", h.mul(l, "THREADS")), f"mad24((uint){l}, (uint)THREADS, id)", f"{h.mul(l, 'THREADS')} + id"][way]
    return h.index_value("v", value)


def lab06_a_store(h, helpers):
    flat = h.name("flat view", ["flat", "a_flat", "as_floats", "a_columns"])
    way = h.pick(4)
    if way == 0:
        return [f"__local float* {flat} = (__local float*)a_slice;"] + \
            [f"{flat}[{h.add(h.mul(f'(kk + {q})' if q else 'kk', 'TILE_M'), 'r')}] = x.{'xyzw'[q]};" for q in range(4)]
    if way == 1:
        return [f"__local float* {flat} = (__local float*)a_slice + {h.add(h.mul('kk', 'TILE_M'), 'r')};"] + \
            [f"{flat}[{q} * TILE_M] = x.s{q};" if q else f"{flat}[0] = x.s0;" for q in range(4)]
    if way == 2:
        q = h.name("lane", ["q", "e", "lane", "i"])
        return [f"const float lanes[4] = {{x.x, x.y, x.z, x.w}};"] + \
            h.loop(q, "4", [f"((__local float*)a_slice)[{h.add(h.mul(f'(kk + {q})', 'TILE_M'), 'r')}] = lanes[{q}];"])
    helper = h.name("transposed store", ["store_transposed", "put_column", "scatter4", "place_a"])
    body = [f"flat[{h.add(h.mul(f'(kk + {q})' if q else 'kk', 'TILE_M'), 'r')}] = x.{'xyzw'[q]};" for q in range(4)]
    helpers += h.block(f"void {helper}(__local float* flat, uint kk, uint r, float4 x)", body)
    return [f"{helper}((__local float*)a_slice, kk, r, x);"]


def lab06_float4_at(h, pointer, offset, name):
    """`name` = the float4 at pointer + offset (lines), one of five ways."""
    way = h.pick(5)
    if way == 0:
        return [h.value("float4", name, f"*(__global const float4*)({pointer} + {offset})")]
    if way == 1:
        return [h.value("float4", name, f"*((__global const float4*)&{pointer}[{offset}])")]
    if way == 2:
        return [h.value("float4", name, f"vload4(0, {pointer} + {offset})")]
    if way == 3:
        return [f"__global const float4* src = (__global const float4*)({pointer} + {offset});", h.value("float4", name, "*src")]
    return [h.value("float4", name, f"vload4(({offset}) / 4, {pointer})")]


def lab06_a_loads(h, helpers):
    l = h.name("load", ["l", "n", "t", "p"])
    offset = h.index(h.add("block_row", "r"), "K", h.add("k0", "kk"), cast=True)
    body = [lab06_v(h, l)] + lab06_slice_index(h, "TILE_K", "r", "kk") + lab06_float4_at(h, "a", offset, "x") + \
        lab06_a_store(h, helpers)
    return h.loop(l, "A_LOADS", body)


def lab06_b_loads(h):
    l = h.name("load", ["l", "n", "t", "p"])
    target = f"b_slice[kk][{'c / 4' if h.chance(.8) else 'c >> 2'}]"
    if h.chance(.2):
        row = h.name("b source row", ["row_b", "b_row", "src_row"])
        store = [f"__global const float* {row} = b + {h.index(h.add('k0', 'kk'), 'N', 'block_col', cast=True)};",
                 f"{target} = *(__global const float4*)({row} + c);"]
    elif h.chance(.4):
        store = [f"{target} = vload4(0, b + {h.index(h.add('k0', 'kk'), 'N', h.add('block_col', 'c'), cast=True)});"]
    else:
        store = lab06_float4_at(h, "b", h.index(h.add("k0", "kk"), "N", h.add("block_col", "c"), cast=True), "y") + \
            [f"{target} = y;"]
    return h.loop(l, "B_LOADS", [lab06_v(h, l)] + lab06_slice_index(h, "TILE_N", "kk", "c") + store)


def lab06_a_registers(h):
    i = h.name("i", ["i", "m", "r", "ii"])
    own = f"a_slice[k][{h.add('ly', h.mul(i, 'THREADS_M'))}]"
    way = h.pick(5)
    if way == 0:
        return ["float a_reg[WPT_M];"] + h.loop(i, "WPT_M / 4", [f"vstore4({own}, {i}, a_reg);"])
    if way == 1:
        return ["float a_reg[WPT_M];"] + h.loop(i, "WPT_M / 4", [h.value("float4", "t", own)] +
                                                 [f"a_reg[{h.add(h.mul('4', i), str(q)) if q else h.mul('4', i)}] = t.{'xyzw'[q]};"
                                                  for q in range(4)])
    if way == 2:
        return ["float a_reg[WPT_M];"] + h.loop(i, "WPT_M / 4", [f"float4 t = {own};"] +
                                                 h.loop("q", "4", [f"a_reg[{h.add(h.mul(i, '4'), 'q')}] = ((float*)&t)[q];"]))
    if way == 3:
        return ["float a_reg[WPT_M];", "__local const float4* col = a_slice[k] + ly;"] + \
            h.block(f"for ({h.counter} {i} = 0; {i} < WPT_M / 4; ++{i}, col += THREADS_M)", [f"vstore4(*col, {i}, a_reg);"])
    return ["float4 a_four[WPT_M / 4];"] + h.loop(i, "WPT_M / 4", [f"a_four[{i}] = {own};"]) + \
        ["const float* a_reg = (const float*)a_four;"]


def lab06_b_registers(h):
    j = h.name("j", ["j", "n", "s", "jj"])
    own = f"b_slice[k][{h.add('lx', h.mul(j, 'THREADS_N'))}]"
    way = h.pick(4)
    if way == 0:
        return ["float4 b_reg[WPT_N / 4];"] + h.loop(j, "WPT_N / 4", [f"b_reg[{j}] = {own};"], unrollable=True)
    if way == 1:
        return ["float4 b_reg[WPT_N / 4];", f"{h.counter} {j} = 0;"] + \
            h.block(f"while ({j} < WPT_N / 4)", [f"b_reg[{j}] = {own};", f"{h.increment.format(j)};"])
    if way == 2:
        return ["float4 b_reg[WPT_N / 4];", "__local const float4* row = &b_slice[k][lx];"] + \
            h.loop(j, "WPT_N / 4", [f"b_reg[{j}] = row[{h.mul(j, 'THREADS_N')}];"])
    return ["float4 b_reg[WPT_N / 4];", "b_reg[0] = b_slice[k][lx];"] + \
        h.loop(j, "WPT_N / 4", [f"b_reg[{j}] = {own};"], start="1")


def lab06_products(h):
    i, j = h.name("i", ["i", "m", "r", "ii"]), h.name("j", ["j", "n", "s", "jj"])
    if i == j:
        i, j = "i", "j"
    way = h.pick(5)
    if way == 0:
        return h.loop(i, "WPT_M", h.loop(j, "WPT_N / 4", [h.multiply_added(f"acc[{i}][{j}]", f"a_reg[{i}]", f"b_reg[{j}]",
                                                                           vector=True)]), unrollable=True)
    if way == 1:
        return h.loop(j, "WPT_N / 4", h.loop(i, "WPT_M", [h.multiply_added(f"acc[{i}][{j}]", f"a_reg[{i}]", f"b_reg[{j}]",
                                                                            vector=True)]))
    if way == 2:
        value = h.name("a value", ["ai", "a_val", "av", "x"])
        return h.loop(i, "WPT_M", [h.value("float", value, f"a_reg[{i}]")] +
                      h.loop(j, "WPT_N / 4", [h.multiply_added(f"acc[{i}][{j}]", value, f"b_reg[{j}]", vector=True)]))
    if way == 3:
        return h.loop("ij", "WPT_M * (WPT_N / 4)", [f"const uint {i} = ij / (WPT_N / 4), {j} = ij % (WPT_N / 4);",
                                                    h.multiply_added(f"acc[{i}][{j}]", f"a_reg[{i}]", f"b_reg[{j}]",
                                                                     vector=True)])
    out = h.name("acc row", ["out", "row_acc", "acc_i", "dst"])
    return h.loop(i, "WPT_M", [f"float4* {out} = acc[{i}];"] +
                  h.loop(j, "WPT_N / 4", [h.multiply_added(f"{out}[{j}]", f"a_reg[{i}]", f"b_reg[{j}]", vector=True)]))


def lab06(h, stub):
    helpers = []
    loads = h.order([lab06_a_loads(h, helpers), lab06_b_loads(h)], keep=.75)
    registers = h.order([lab06_a_registers(h), lab06_b_registers(h)], keep=.75)
    text = put(stub, h, "TODO 1", loads[0] + loads[1])
    text = put(text, h, "TODO 2", registers[0] + registers[1] + lab06_products(h), last="TODO 3")
    return before_kernel(text, helpers) if helpers else text


# --- lab 07: Strassen's split and merge ---

LEFT = ["a11", ("a11", "a12"), ("a21", "a22"), "a22", ("a11", "a22"), "a12 - a22", "a11 - a21"]
RIGHT = ["b12 - b22", "b22", "b11", "b21 - b11", ("b11", "b22"), ("b21", "b22"), ("b11", "b12")]


def lab07_operands(h, operands, out, size):
    """The seven stores of one side, as `out[i * size] = ...`, through named values or an array."""
    values = [h.add(*v) if isinstance(v, tuple) else v for v in operands]
    way = h.pick(3)
    if way == 0:
        return [f"{out}[{i} * {size}] = {v};" for i, v in enumerate(values)]
    if way == 1:
        names = [h.name("operand", ["p", "op", "s", "x"]) + str(i + 1) for i in range(7)]
        return [h.value("float", n, v) for n, v in zip(names, values)] + \
            [f"{out}[{i} * {size}] = {n};" for i, n in enumerate(names)]
    array = h.name("operands", ["ops", "vals", "operand", "f"])
    i = h.name("i", ["i", "p", "n"])
    i = "q" if i == size else i  # never the name of the operand size
    return [f"const float {array}[7] = {{{', '.join(values)}}};"] + h.loop(i, "7", [f"{out}[{h.mul(i, size)}] = {array}[{i}];"])


def lab07_right(h):
    way = h.pick(3)
    size, out = h.name("operand size", ["size", "sz", "count", "n"]), h.name("right out", ["out", "dst", "r_out", "o"])
    head = [f"const size_t {size} = {h.mul('(size_t)half_k', 'half_n')};"]
    if way == 0:
        head.append(f"__global float* {out} = right + {h.add(h.add(h.mul(h.mul('node', '7'), size), h.mul('(size_t)row', 'half_n')), 'col')};")
    elif way == 1:
        head.append(f"__global float* {out} = right + (size_t)node * 7 * {size} + {h.index('row', 'half_n', 'col')};")
    else:
        base = h.name("right base", ["first", "base", "start"])
        head += [f"const size_t {base} = {h.add(h.mul('(size_t)row', 'half_n'), 'col')};",
                 f"__global float* {out} = right + node * 7 * {size} + {base};"]
    return head + lab07_operands(h, RIGHT, out, size)


def lab07_merge(h):
    sums = [h.order(["p5", "p4", "p6"], keep=.6), ["p1", "p2"], ["p3", "p4"], h.order(["p1", "p5"], keep=.6)]
    minus = [["p2"], [], [], h.order(["p3", "p7"], keep=.6)]
    quads = [" + ".join(h.order(s, keep=.6)) + "".join(f" - {m}" for m in ms) for s, ms in zip(sums, minus)]
    places = ["row * width + col", "row * width + col + half_n", "(row + half_m) * width + col",
              "(row + half_m) * width + col + half_n"]
    way = h.pick(3)
    if way == 0:
        return [f"node_c[{p}] = {q};" for p, q in zip(places, quads)]
    if way == 1:
        names = [h.name("quadrant", ["c", "q", "r"]) + s for s in ("11", "12", "21", "22")]
        return h.order([h.value("float", n, q) for n, q in zip(names, quads)], keep=.8) + \
            [f"node_c[{p}] = {n};" for p, n in zip(places, names)]
    out = h.name("c out", ["out", "dst", "o"])
    offsets = ["0", "half_n", "half_m * width", h.add("half_m * width", "half_n")]
    return [f"__global float* {out} = node_c + {h.index('row', 'width', 'col')};"] + \
        [f"{out}[{o}] = {q};" for o, q in zip(offsets, quads)]


def lab07(h, stub):
    text = put(stub, h, "TODO 1", lab07_operands(h, LEFT, "out", "size"), replaced_lines=7)
    text = put(text, h, "TODO 2", lab07_right(h))
    return put(text, h, "TODO 3", lab07_merge(h), replaced_lines=1)


# --- lab 08: B through the texture path ---

def lab08_texel(h, x, y):
    if h.chance(.15):
        return f"read_imagef(b, b_sampler, (int2)((int)({x}), (int)({y})))"
    return f"read_imagef(b, b_sampler, (int2)({x}, {y}))"


def lab08_b_rows(h, texel_col):
    """Step 2: the B rows, and how step 3 names row r, float4 j of them."""
    r, j = h.name("r", ["r", "q", "row_k", "kk"]), h.name("j", ["j", "n", "s", "jj"])
    column = h.add(texel_col, j)
    way = h.pick(3)
    if way == 0:
        lines = ["float4 b_rows[4][WPT_N / 4];"] + h.loop(r, "4", h.loop(j, "WPT_N / 4", [
            f"b_rows[{r}][{j}] = {lab08_texel(h, column, h.add('k', r))};"]))
        return lines, lambda rr, jj: f"b_rows[{rr}][{jj}]"
    if way == 1:
        lines = ["float4 b_rows[4][WPT_N / 4];"] + h.loop(j, "WPT_N / 4", h.loop(r, "4", [
            f"b_rows[{r}][{j}] = {lab08_texel(h, column, h.add('k', r))};"]))
        return lines, lambda rr, jj: f"b_rows[{rr}][{jj}]"
    names = [h.name("b row", ["b", "row", "t", "bk"]) + str(q) for q in range(4)]
    lines = [f"float4 {', '.join(n + '[WPT_N / 4]' for n in names)};"] + h.loop(j, "WPT_N / 4", h.order(
        [f"{n}[{j}] = {lab08_texel(h, column, h.add('k', str(q)) if q else 'k')};" for q, n in enumerate(names)], keep=.9))
    return lines, lambda rr, jj: f"{names[int(rr)]}[{jj}]"


def lab08_products(h, b_at):
    i, j = h.name("i", ["i", "m", "r", "ii"]), h.name("j", ["j", "n", "s", "jj"])
    if i == j:
        i, j = "i", "j"
    av = h.name("a float4", ["a_k", "av", "a4", "arow"])
    offset = h.index(h.add("row", i), "K", "k")
    load = [f"vload4(0, a + {offset})", f"vload4(0, &a[{offset}])", f"*(__global const float4*)(a + {offset})",
            f"vload4(({offset}) / 4, a)"][h.pick(4)]
    way = h.pick(3)
    if way == 0:
        inner = [h.multiply_added(f"acc[{i}][{j}]", f"{av}.{'xyzw'[q]}", b_at(str(q), j), vector=True) for q in range(4)]
    elif way == 1:
        terms = [h.mul(f"{av}.{'xyzw'[q]}", b_at(str(q), j)) for q in range(4)]
        inner = [f"acc[{i}][{j}] += {' + '.join(terms)};"]
    else:
        inner = [f"float4 sum = acc[{i}][{j}];"] + \
            [h.multiply_added("sum", f"{av}.s{q}", b_at(str(q), j), vector=True) for q in range(4)] + [f"acc[{i}][{j}] = sum;"]
    return h.loop(i, "WPT_M", [h.value("float4", av, load)] + h.loop(j, "WPT_N / 4", inner))


def lab08(h, stub):
    way = h.pick(4)
    texel_col = h.name("texel column", ["texel_col", "tx", "bx", "x0"])
    first = [f"col / 4", "col >> 2", "get_global_id(0) * (WPT_N / 4)", None][way]
    step1 = [h.index_value(texel_col, first)] if first else []
    if not first:
        texel_col = "col / 4"
    text = put(stub, h, "TODO (step 1)", step1)
    lines, b_at = lab08_b_rows(h, texel_col)
    text = put(text, h, "TODO (step 2)", lines)
    return put(text, h, "TODO (step 3)", lab08_products(h, b_at))


FILLS = {"01-transpose-naive": lab01, "02-transpose-local": lab02, "03-matmul-naive": lab03, "04-matmul-tiled": lab04,
         "05-matmul-thread-work": lab05, "06-matmul-register-tiles": lab06, "07-strassen": lab07, "08-matmul-image": lab08}


def fill(lab_folder, hand, stub):
    """The stub of `lab_folder` with its TODOs done by `hand` (its choices logged for a replay)."""
    return FILLS[lab_folder](hand, stub)
