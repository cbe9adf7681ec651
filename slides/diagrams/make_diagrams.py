#!/usr/bin/env python3
"""Writes the slides' diagrams, slides/diagrams/*.svg.

    python3 slides/diagrams/make_diagrams.py           # (re)write every diagram
    python3 slides/diagrams/make_diagrams.py --check   # fail if a committed SVG differs

The SVG files are committed so that they can be viewed anywhere (a browser, the
repository's web view); the `slides: diagrams are current` test runs --check.
Edit this script, not the SVG files.

Every diagram is drawn at the size it is shown on a 1280×720 slide (one SVG
unit is one CSS pixel), so a font size here is the size a reader sees: text is
15 px or more. Colours are the course's: A blue, B orange, C green, local
memory purple, barriers and pitfalls red, registers teal.
"""
import argparse
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
MONO = "DejaVu Sans Mono, Liberation Mono, Menlo, Consolas, monospace"
INK = "#1d2433"
MUTED = "#5a6475"
GRID = "#b8c0cc"
A, A_LIGHT, A_MID = "#2f6db5", "#dbe7f6", "#9dbde6"
B, B_LIGHT, B_MID = "#d9822b", "#fbe6cf", "#f2bf8a"
C, C_LIGHT, C_MID = "#3a8f4f", "#d8eedd", "#9fd2ab"
LOCAL, LOCAL_LIGHT = "#7b5ea7", "#e9e1f4"
WARN, WARN_LIGHT = "#c0392b", "#f8dcd8"
REG, REG_LIGHT = "#1f8a8a", "#d3eeee"
GREY_LIGHT = "#eef1f5"
# four distinguishable work-item colours (colour-blind safe order)
ITEMS = ["#2f6db5", "#d9822b", "#3a8f4f", "#7b5ea7"]
ITEMS_LIGHT = ["#c9dbf2", "#f9dcbd", "#c8e6cf", "#ddd2ee"]


def num(v):
    """Compact, deterministic number formatting."""
    if isinstance(v, int):
        return str(v)
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Svg:
    def __init__(self, width, height, title):
        self.width, self.height, self.title = width, height, title
        self.parts = []
        self.markers = set()

    def add(self, s):
        self.parts.append(s)

    def rect(self, x, y, w, h, fill="none", stroke=INK, sw=1, rx=0, dash=None, opacity=None):
        extra = f' rx="{num(rx)}"' if rx else ""
        extra += f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' fill-opacity="{opacity}"' if opacity is not None else ""
        self.add(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{num(sw)}"{extra}/>')

    def line(self, x1, y1, x2, y2, stroke=INK, sw=1.5, dash=None, arrow=False, arrow_start=False):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        if arrow:
            extra += f' marker-end="url(#{self.arrowhead(stroke)})"'
        if arrow_start:
            extra += f' marker-start="url(#{self.arrowhead(stroke, start=True)})"'
        self.add(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}" '
                 f'stroke-width="{num(sw)}"{extra}/>')

    def path(self, d, stroke=INK, sw=1.5, fill="none", arrow=False, dash=None):
        extra = f' marker-end="url(#{self.arrowhead(stroke)})"' if arrow else ""
        extra += f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{num(sw)}"{extra}/>')

    def arrowhead(self, colour, start=False):
        name = ("s" if start else "e") + "arrow" + colour.lstrip("#")
        self.markers.add((name, colour, start))
        return name

    def text(self, x, y, s, size=18, anchor="start", fill=INK, weight=None, mono=False, italic=False):
        extra = f' font-weight="{weight}"' if weight else ""
        extra += f' font-family="{MONO}"' if mono else ""
        extra += ' font-style="italic"' if italic else ""
        extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
        self.add(f'<text x="{num(x)}" y="{num(y)}" font-size="{size}" fill="{fill}"{extra}>{esc(s)}</text>')

    def texts(self, x, y, lines, size=18, gap=None, **kw):
        gap = gap or round(size * 1.35)
        for i, s in enumerate(lines):
            self.text(x, y + i * gap, s, size=size, **kw)

    def render(self):
        defs = []
        for name, colour, start in sorted(self.markers):
            d = "M10,0 L0,5 L10,10 z" if start else "M0,0 L10,5 L0,10 z"
            defs.append(f'<marker id="{name}" viewBox="0 0 10 10" refX="{1 if start else 9}" refY="5" '
                        f'markerWidth="8" markerHeight="8" orient="auto"><path d="{d}" fill="{colour}"/></marker>')
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" font-family="{FONT}" font-size="18" fill="{INK}">\n'
                f'<title>{esc(self.title)}</title>\n')
        body = "\n".join(self.parts)
        defs_text = "<defs>" + "".join(defs) + "</defs>\n" if defs else ""
        return head + defs_text + body + "\n</svg>\n"


def grid(svg, x, y, cols, rows, cell, fill="none", stroke=GRID, sw=1):
    svg.rect(x, y, cols * cell, rows * cell, fill=fill, stroke=INK, sw=1.5)
    for c in range(1, cols):
        svg.line(x + c * cell, y, x + c * cell, y + rows * cell, stroke=stroke, sw=sw)
    for r in range(1, rows):
        svg.line(x, y + r * cell, x + cols * cell, y + r * cell, stroke=stroke, sw=sw)


def brace_label(svg, x1, x2, y, label, size=16, fill=MUTED, below=False):
    """A dimension line with end ticks and a centred label."""
    svg.line(x1, y, x2, y, stroke=fill, sw=1.2)
    svg.line(x1, y - 5, x1, y + 5, stroke=fill, sw=1.2)
    svg.line(x2, y - 5, x2, y + 5, stroke=fill, sw=1.2)
    svg.text((x1 + x2) / 2, y + (20 if below else -7), label, size=size, anchor="middle", fill=fill)


def vbrace_label(svg, x, y1, y2, label, size=16, fill=MUTED, left=True):
    svg.line(x, y1, x, y2, stroke=fill, sw=1.2)
    svg.line(x - 5, y1, x + 5, y1, stroke=fill, sw=1.2)
    svg.line(x - 5, y2, x + 5, y2, stroke=fill, sw=1.2)
    svg.text(x - 9 if left else x + 9, (y1 + y2) / 2 + 6, label, size=size, anchor="end" if left else "start",
             fill=fill)


# --------------------------------------------------------------------------------------
# Deck 01


def course_map():
    svg = Svg(1150, 270, "The eight labs: each changes one idea and measures it")
    labs = [
        ("01", "naive", "transpose", "NDRange,", "coalescing", A),
        ("02", "local", "transpose", "barriers,", "bank conflicts", A),
        ("03", "naive", "matmul", "counting", "global loads", C),
        ("04", "tiled", "matmul", "tiles in local", "memory", C),
        ("05", "thread", "work", "W outputs per", "work-item", C),
        ("06", "register", "tiles", "micro-tiles,", "float4, tuning", C),
        ("07", "Strassen", "", "7 products", "instead of 8", LOCAL),
        ("08", "image", "matmul", "B as texture,", "zero-copy", B),
    ]
    w, gap, y = 130, 12, 60
    for i, (n, t1, t2, d1, d2, colour) in enumerate(labs):
        x = 8 + i * (w + gap)
        svg.rect(x, y, w, 190, fill="#ffffff", stroke=colour, sw=2.5, rx=8)
        svg.rect(x, y, w, 46, fill=colour, stroke=colour, sw=2.5, rx=8)
        svg.rect(x, y + 30, w, 16, fill=colour, stroke="none", sw=0)
        svg.text(x + w / 2, y + 32, "lab " + n, size=22, anchor="middle", fill="#ffffff", weight="bold")
        svg.text(x + w / 2, y + 80, t1, size=19, anchor="middle", weight="bold")
        svg.text(x + w / 2, y + 104, t2, size=19, anchor="middle", weight="bold")
        svg.text(x + w / 2, y + 148, d1, size=16, anchor="middle", fill=MUTED)
        svg.text(x + w / 2, y + 170, d2, size=16, anchor="middle", fill=MUTED)
        if i < len(labs) - 1:
            svg.line(x + w + 1, y + 95, x + w + gap - 1, y + 95, stroke=MUTED, sw=2, arrow=True)
    # brackets over the two kinds of lab
    def bracket(x1, x2, label, colour):
        svg.path(f"M{num(x1)},44 L{num(x1)},34 L{num(x2)},34 L{num(x2)},44", stroke=colour, sw=2)
        svg.text((x1 + x2) / 2, 24, label, size=17, anchor="middle", fill=colour, weight="bold")
    bracket(10, 8 + 2 * w + gap - 2, "GB/s against the copy", A)
    right_end = 8 + len(labs) * w + (len(labs) - 1) * gap - 2
    bracket(8 + 2 * (w + gap) + 2, right_end, "GFLOP/s against the FMA peak", C)
    return svg


def opencl_model():
    svg = Svg(1150, 440, "The OpenCL device model: compute units, local memory, global memory")
    # host
    svg.rect(10, 40, 190, 300, fill=GREY_LIGHT, stroke=MUTED, sw=2, rx=8)
    svg.text(105, 75, "host", size=22, anchor="middle", weight="bold")
    svg.texts(105, 110, ["your C++ program", "(lab run, labcheck)", "", "builds kernels,", "copies buffers,",
                         "launches an", "NDRange"], size=16, anchor="middle", fill=MUTED, gap=24)
    svg.line(202, 190, 258, 190, stroke=MUTED, sw=2.5, arrow=True, arrow_start=True)
    # device
    svg.rect(260, 10, 880, 420, fill="#ffffff", stroke=INK, sw=2, rx=10)
    svg.text(280, 40, "device (a GPU; or the CPU itself, through PoCL)", size=20, weight="bold")
    cu_w, cu_h = 196, 270
    for i in range(4):
        x = 280 + i * (cu_w + 14)
        y = 56
        label = "compute unit" if i < 3 else "… (132 on an H100)"
        svg.rect(x, y, cu_w, cu_h, fill=GREY_LIGHT, stroke=MUTED, sw=1.5, rx=6)
        svg.text(x + 10, y + 26, label, size=16, weight="bold" if i < 3 else None, fill=INK if i < 3 else MUTED)
        if i == 3:
            continue
        # processing elements with registers
        for r in range(4):
            for c in range(4):
                px, py = x + 14 + c * 44, y + 42 + r * 32
                svg.rect(px, py, 38, 26, fill=REG_LIGHT, stroke=REG, sw=1.2, rx=3)
        svg.text(x + cu_w / 2, y + 190, "processing elements,", size=15, anchor="middle", fill=REG)
        svg.text(x + cu_w / 2, y + 209, "each with its registers", size=15, anchor="middle", fill=REG)
        svg.rect(x + 10, y + 222, cu_w - 20, 38, fill=LOCAL_LIGHT, stroke=LOCAL, sw=1.5, rx=4)
        svg.text(x + cu_w / 2, y + 247, "local memory", size=16, anchor="middle", fill=LOCAL, weight="bold")
    svg.rect(280, 345, 840, 70, fill=A_LIGHT, stroke=A, sw=2, rx=6)
    svg.text(700, 376, "global memory (GPU: HBM or GDDR, GB; CPU: your RAM)", size=18, anchor="middle",
             fill=A, weight="bold")
    svg.text(700, 402, "large and slow: hundreds of cycles away, TB/s shared by all compute units", size=16,
             anchor="middle", fill=A)
    return svg


def ndrange():
    svg = Svg(1150, 470, "A 2-D NDRange laid over a 37 × 50 matrix with 16 × 16 work-groups")
    cell = 6
    x0, y0 = 90, 60
    cols, rows = 64, 48           # rounded-up global size
    k, m = 50, 37                 # the matrix
    svg.add('<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="{GRID}" '
            'stroke-width="2"/></pattern></defs>')
    svg.rect(x0, y0, cols * cell, rows * cell, fill="url(#hatch)", stroke="none")
    svg.rect(x0, y0, k * cell, m * cell, fill=A_LIGHT, stroke=A, sw=2)
    gx, gy = 1, 2                 # one work-group highlighted
    svg.rect(x0 + gx * 16 * cell, y0 + gy * 16 * cell, 16 * cell, 16 * cell, fill=B_MID, stroke=B, sw=2.5,
             opacity=0.55)
    for c in range(0, cols + 1, 16):
        svg.line(x0 + c * cell, y0, x0 + c * cell, y0 + rows * cell, stroke=INK, sw=1.6)
    for r in range(0, rows + 1, 16):
        svg.line(x0, y0 + r * cell, x0 + cols * cell, y0 + r * cell, stroke=INK, sw=1.6)
    ix, iy = 21, 35               # a work-item inside, one in the margin
    svg.rect(x0 + ix * cell - 1, y0 + iy * cell - 1, cell + 2, cell + 2, fill=INK, stroke="none")
    ox, oy = 55, 41
    svg.rect(x0 + ox * cell - 1, y0 + oy * cell - 1, cell + 2, cell + 2, fill=WARN, stroke="none")
    svg.line(x0, y0 - 22, x0 + 130, y0 - 22, stroke=INK, sw=2, arrow=True)
    svg.text(x0 + 140, y0 - 16, "dimension 0: col", size=16)
    svg.line(x0 - 22, y0, x0 - 22, y0 + 130, stroke=INK, sw=2, arrow=True)
    svg.add(f'<text x="{x0 - 30}" y="{y0 + 65}" font-size="16" text-anchor="middle" '
            f'transform="rotate(-90 {x0 - 30} {y0 + 65})">dim. 1: row</text>')
    brace_label(svg, x0, x0 + k * cell, y0 + rows * cell + 18, "k = 50 columns", below=True)
    vbrace_label(svg, x0 + cols * cell + 14, y0, y0 + m * cell, "m = 37 rows", left=False)
    tx = 620
    svg.text(tx, 70, "global size (64, 48)", size=19, weight="bold")
    svg.text(tx, 96, "= (roundup(50, 16), roundup(37, 16))", size=17)
    svg.text(tx, 122, "3072 work-items for 1850 elements", size=17)
    svg.rect(tx, 150, 22, 22, fill=B_MID, stroke=B, sw=2)
    svg.text(tx + 32, 167, "work-group (1, 2): get_group_id", size=17)
    svg.rect(tx + 5, 195, 12, 12, fill=INK, stroke="none")
    svg.texts(tx + 32, 207, ["work-item: global (21, 35), local (5, 3)", "21 = 1·16 + 5;  35 = 2·16 + 3",
                             "inside: it moves one element"], size=17, gap=26)
    svg.rect(tx + 5, 290, 12, 12, fill=WARN, stroke="none")
    svg.texts(tx + 32, 302, ["work-item (55, 41): in the rounded-up", "margin, outside: it must do nothing"],
              size=17, fill=WARN, gap=26)
    svg.rect(tx, 354, 22, 22, fill="url(#hatch)", stroke=GRID)
    svg.text(tx + 32, 371, "the margin: 1222 idle work-items", size=17, fill=MUTED)
    svg.text(tx, 420, "global id = group id · 16 + local id", size=18, weight="bold")
    return svg


def row_major():
    svg = Svg(1150, 270, "Row-major storage: element (row, col) of an m × k matrix is a[row·k + col]")
    cell = 58
    x0, y0 = 40, 50
    m, k = 3, 5
    fills = [A_LIGHT, B_LIGHT, C_LIGHT]
    strokes = [A, B, C]
    for j in range(m):
        for i in range(k):
            svg.rect(x0 + i * cell, y0 + j * cell, cell, cell, fill=fills[j], stroke=strokes[j], sw=1.5)
            svg.text(x0 + i * cell + cell / 2, y0 + j * cell + 36, f"{j},{i}", size=17, anchor="middle")
    svg.text(x0, y0 - 16, "a: m = 3 rows × k = 5 columns; cell = row,col", size=17, fill=MUTED)
    mx, my, mc = 400, 90, 48
    for n in range(m * k):
        j, i = divmod(n, k)
        svg.rect(mx + n * mc, my, mc, 52, fill=fills[j], stroke=strokes[j], sw=1.5)
        svg.text(mx + n * mc + mc / 2, my + 32, f"{j},{i}", size=15, anchor="middle")
        svg.text(mx + n * mc + mc / 2, my + 76, str(n), size=15, anchor="middle", fill=MUTED)
    svg.text(mx, my - 16, "memory: one row after another; below each, its index", size=17, fill=MUTED)
    svg.text(mx, my + 118, "index of (row, col) = row·k + col", size=21, weight="bold", mono=True)
    svg.text(mx, my + 150, "neighbours in a row are neighbours in memory;", size=17)
    svg.text(mx, my + 174, "neighbours in a column are k floats apart", size=17)
    svg.line(x0 + 5 * cell + 14, y0 + 90, mx - 16, my + 26, stroke=MUTED, sw=2, arrow=True)
    return svg


def coalescing():
    svg = Svg(1150, 470, "A warp's 32 accesses: coalesced (one row) against strided (one column)")
    x0 = 120

    def lanes(y, colour, light):
        svg.text(20, y + 18, "warp", size=17, weight="bold", fill=colour)
        for w in range(32):
            svg.rect(x0 + w * 29, y, 25, 24, fill=light, stroke=colour, sw=1)
        svg.text(x0 + 12, y + 17, "0", size=15, anchor="middle")
        svg.text(x0 + 31 * 29 + 12, y + 17, "31", size=15, anchor="middle")

    svg.text(20, 28, "Coalesced: work-item w reads a[row·k + col + w], 32 neighbouring floats of a row", size=19,
             weight="bold")
    lanes(46, A, A_LIGHT)
    my = 132
    sx0 = x0 + 190
    for s in range(4):
        svg.rect(sx0 + s * 136, my, 128, 36, fill=A_MID, stroke=A, sw=1.5)
        svg.text(sx0 + s * 136 + 64, my + 24, "32 B sector", size=15, anchor="middle")
    for w in range(0, 32, 3):
        tx = sx0 + (w // 8) * 136 + (w % 8) * 16 + 8
        svg.line(x0 + w * 29 + 12, 72, tx, my - 2, stroke=A, sw=1)
    svg.text(sx0, my + 66, "one request, 4 sectors: 128 bytes moved, 128 used", size=17, fill=A, weight="bold")
    y1 = 250
    svg.text(20, y1, "Strided: work-item w writes at[(col + w)·m + row], 32 floats m·4 bytes apart", size=19,
             weight="bold")
    lanes(y1 + 18, B, B_LIGHT)
    my2 = y1 + 104
    for s in range(8):
        sx = x0 + s * 118
        svg.rect(sx, my2, 96, 36, fill="#ffffff", stroke=B, sw=1.5)
        svg.rect(sx + 4, my2 + 4, 10, 28, fill=B, stroke="none")
        svg.text(sx + 56, my2 + 24, "32 B", size=15, anchor="middle", fill=MUTED)
        svg.line(x0 + s * 29 + 12, y1 + 44, sx + 9, my2 - 2, stroke=B, sw=1.2)
    svg.text(x0 + 8 * 118 + 4, my2 + 26, "… 32", size=18)
    svg.text(x0, my2 + 66, "32 sectors: 1024 bytes moved, 128 used (4 of every 32 bytes)", size=17, fill=B,
             weight="bold")
    svg.text(x0, my2 + 94, "a CPU has no coalescing unit: the same pattern wastes most of each 64 B cache line",
             size=16, fill=MUTED)
    return svg


# --------------------------------------------------------------------------------------
# Deck 02


def transpose_tile():
    svg = Svg(1150, 370, "Transpose through local memory: coalesced read, barrier, coalesced write")
    n = 4
    cell = 40
    ty = 84

    def tile(x, values, fill, stroke, label, sub):
        for r in range(n):
            for c in range(n):
                svg.rect(x + c * cell, ty + r * cell, cell, cell, fill=fill, stroke=stroke, sw=1.5)
                svg.text(x + c * cell + cell / 2, ty + r * cell + 27, str(values[r][c]), size=17, anchor="middle")
        svg.text(x + n * cell / 2, ty - 14, label, size=17, anchor="middle", weight="bold")
        svg.text(x + n * cell / 2, ty + n * cell + 26, sub, size=16, anchor="middle", fill=MUTED, mono=True)

    vals = [[r * n + c for c in range(n)] for r in range(n)]
    tvals = [[c * n + r for c in range(n)] for r in range(n)]
    xs = [40, 300, 640, 900]
    tile(xs[0], vals, A_LIGHT, A, "block of a (global)", "a[…+ly][…+lx]")
    tile(xs[1], vals, LOCAL_LIGHT, LOCAL, "tile (local)", "tile[ly][lx]")
    tile(xs[2], vals, LOCAL_LIGHT, LOCAL, "tile (local)", "tile[lx][ly]")
    tile(xs[3], tvals, C_LIGHT, C, "block of at (global)", "at[…+ly][…+lx]")
    for r in range(n):
        svg.line(xs[0] + 5, ty + r * cell + 34, xs[0] + n * cell - 5, ty + r * cell + 34, stroke=A, sw=2,
                 arrow=True)
        svg.line(xs[3] + 5, ty + r * cell + 34, xs[3] + n * cell - 5, ty + r * cell + 34, stroke=C, sw=2,
                 arrow=True)
        svg.line(xs[2] + r * cell + 7, ty + 5, xs[2] + r * cell + 7, ty + n * cell - 5, stroke=LOCAL, sw=2,
                 arrow=True)
    svg.line(xs[0] + n * cell + 14, ty + 80, xs[1] - 14, ty + 80, stroke=MUTED, sw=2.5, arrow=True)
    svg.line(xs[2] + n * cell + 14, ty + 80, xs[3] - 14, ty + 80, stroke=MUTED, sw=2.5, arrow=True)
    svg.text((xs[0] + xs[1] + n * cell) / 2, 34, "1. read rows (coalesced)", size=19, anchor="middle", fill=A,
             weight="bold")
    svg.text((xs[2] + xs[3] + n * cell) / 2, 34, "3. write rows (coalesced)", size=19, anchor="middle", fill=C,
             weight="bold")
    bx = 540
    svg.rect(bx - 6, 50, 12, 230, fill=WARN, stroke="none", rx=3)
    svg.text(bx, 34, "2. barrier", size=19, anchor="middle", fill=WARN, weight="bold")
    svg.text(40, 322, "Work-item (lx, ly) stores element (ly, lx) of the block and later writes element (lx, ly):",
             size=17)
    svg.text(40, 348, "a value another work-item loaded. Neighbouring lx touch neighbouring floats in global "
             "memory both times.", size=17)
    return svg


def bank_conflicts():
    svg = Svg(1150, 480, "Bank of each element of a 32 × 32 float tile, unpadded and padded to 33 columns")
    cell = 36
    rows, cols = 8, 8

    def panel(x, y, width_words, title):
        svg.text(x, y - 44, title, size=19, weight="bold", mono=True)
        svg.text(x, y - 16, f"bank of tile[r][c] = (r·{width_words} + c) mod 32", size=16, fill=MUTED)
        for r in range(rows):
            for c in range(cols):
                bank = (r * width_words + c) % 32
                hit = c == 0
                svg.rect(x + c * cell, y + r * cell, cell, cell, fill=LOCAL_LIGHT if hit else "#ffffff",
                         stroke=LOCAL if hit else GRID, sw=2 if hit else 1)
                svg.text(x + c * cell + cell / 2, y + r * cell + 24, str(bank), size=16, anchor="middle",
                         weight="bold" if hit else None, fill=LOCAL if hit else INK)
        svg.text(x + cols * cell + 10, y + rows * cell / 2 + 6, "…", size=22)
        svg.text(x + cell / 2, y + rows * cell + 24, "⋮", size=20, anchor="middle")
        svg.text(x - 8, y + 24, "r = 0", size=15, anchor="end", fill=MUTED)
        svg.text(x - 8, y + 7 * cell + 24, "r = 7", size=15, anchor="end", fill=MUTED)

    panel(90, 100, 32, "__local float tile[32][32]")
    panel(680, 100, 33, "__local float tile[32][32 + 1]")
    svg.texts(90, 428, ["reading column 0: banks 0, 0, 0, …", "32-way conflict: 32 turns"], size=17,
              fill=WARN, gap=24)
    svg.texts(680, 428, ["reading column 0: banks 0, 1, 2, …", "32 banks, one turn (for 32 spare floats)"],
              size=17, fill=C, gap=24)
    return svg


def two_barriers():
    svg = Svg(1150, 490, "Why the tiled loop needs two barriers: two warps of one work-group, one step")
    x0, unit = 120, 76

    def seg(y, start, length, label, fill, stroke, dash=None):
        svg.rect(x0 + start * unit, y, length * unit - 4, 38, fill=fill, stroke=stroke, sw=1.5, rx=4, dash=dash)
        if label:
            svg.text(x0 + start * unit + (length * unit - 4) / 2, y + 25, label, size=16, anchor="middle")

    def name(y, text):
        svg.text(20, y + 25, text, size=17, weight="bold")

    def barrier(x, y1, y2, label):
        svg.rect(x0 + x * unit - 5, y1, 8, y2 - y1, fill=WARN, stroke="none", rx=2)
        svg.text(x0 + x * unit - 1, y1 - 6, label, size=17, anchor="middle", fill=WARN, weight="bold")

    svg.text(20, 26, "With both barriers", size=19, weight="bold")
    name(52, "warp 0")
    seg(52, 0, 1.6, "load t", A_LIGHT, A)
    seg(52, 1.6, 0.5, "", "#ffffff", GRID, dash="4 3")
    seg(52, 2.15, 2.2, "multiply t", C_LIGHT, C)
    seg(52, 4.35, 1.15, "wait", "#ffffff", GRID, dash="4 3")
    seg(52, 5.55, 1.5, "load t+1", A_LIGHT, A)
    name(100, "warp 1")
    seg(100, 0, 2.1, "load t (slower)", A_LIGHT, A)
    seg(100, 2.15, 3.35, "multiply t (slower)", C_LIGHT, C)
    seg(100, 5.55, 1.5, "load t+1", A_LIGHT, A)
    barrier(2.13, 44, 146, "①")
    barrier(5.53, 44, 146, "②")
    svg.texts(700, 64, ["① read after write: no work-item reads", "the tile before all of it is stored",
                        "② write after read: no work-item", "overwrites it while others still read it"],
              size=16, fill=WARN, gap=22)
    svg.line(20, 172, 1130, 172, stroke=GRID, sw=1)
    svg.text(20, 204, "Without ①", size=19, weight="bold", fill=WARN)
    name(222, "warp 0")
    seg(222, 0, 1.6, "load t", A_LIGHT, A)
    seg(222, 1.65, 2.6, "multiply t: too early", WARN_LIGHT, WARN)
    name(270, "warp 1")
    seg(270, 0, 2.6, "load t (still storing)", A_LIGHT, A)
    svg.texts(700, 236, ["warp 0 reads tile elements that warp 1", "has not stored yet: old or garbage values"],
              size=16, fill=WARN, gap=22)
    svg.line(20, 330, 1130, 330, stroke=GRID, sw=1)
    svg.text(20, 362, "Without ②", size=19, weight="bold", fill=WARN)
    name(380, "warp 0")
    seg(380, 0, 2.2, "multiply t", C_LIGHT, C)
    seg(380, 2.25, 1.6, "load t+1", WARN_LIGHT, WARN)
    name(428, "warp 1")
    seg(428, 0, 3.2, "multiply t (slower) …", C_LIGHT, C)
    seg(428, 3.25, 1.2, "reads t+1", WARN_LIGHT, WARN)
    svg.texts(700, 394, ["warp 0 overwrites the tiles while warp 1", "still multiplies: it adds step t+1's values"],
              size=16, fill=WARN, gap=22)
    svg.text(700, 478, "PoCL runs these one after another: races rarely show", size=15, fill=MUTED)
    return svg


# --------------------------------------------------------------------------------------
# Deck 03


def matmul_dot():
    svg = Svg(1150, 350, "One element of C is the dot product of a row of A and a column of B")
    cell = 26
    K, M, N = 6, 5, 7
    bx, by = 300, 20
    ax, ay = bx - K * cell - 20, by + K * cell + 20
    cx, cy = bx, ay
    row, col = 2, 4
    for k in range(K):
        for j in range(N):
            hit = j == col
            svg.rect(bx + j * cell, by + k * cell, cell, cell, fill=B_MID if hit else B_LIGHT, stroke=B, sw=1)
    for i in range(M):
        for k in range(K):
            hit = i == row
            svg.rect(ax + k * cell, ay + i * cell, cell, cell, fill=A_MID if hit else A_LIGHT, stroke=A, sw=1)
    for i in range(M):
        for j in range(N):
            hit = i == row and j == col
            svg.rect(cx + j * cell, cy + i * cell, cell, cell, fill=C if hit else C_LIGHT, stroke=C, sw=1)
    svg.text(bx + N * cell + 14, by + K * cell / 2 + 6, "B: K × N", size=18, fill=B, weight="bold")
    svg.text(ax - 12, ay + M * cell / 2 + 6, "A: M × K", size=18, fill=A, weight="bold", anchor="end")
    svg.text(cx + N * cell + 14, cy + M * cell / 2 + 6, "C: M × N", size=18, fill=C, weight="bold")
    svg.line(ax + 4, ay + row * cell + cell / 2, ax + K * cell - 4, ay + row * cell + cell / 2, stroke=A, sw=2.5,
             arrow=True)
    svg.line(bx + col * cell + cell / 2, by + 4, bx + col * cell + cell / 2, by + K * cell - 4, stroke=B, sw=2.5,
             arrow=True)
    svg.text(ax + K * cell / 2, ay + M * cell + 24, "row", size=16, anchor="middle", fill=A)
    tx = 600
    svg.text(tx, 50, "c[row][col] = Σ a[row][k] · b[k][col]", size=21, weight="bold")
    svg.text(tx, 78, "sum over k = 0 … K−1", size=16, fill=MUTED)
    svg.texts(tx, 126, ["one work-item per element of C:",
                        "  K multiply-adds = 2K floating-point operations",
                        "  2K floats loaded from global memory",
                        "the whole product: M·N·K multiply-adds,",
                        "2·M·N·K loads; A and B hold only M·K + K·N",
                        "floats: each is loaded N or M times"], size=18, gap=29)
    return svg


def roofline():
    svg = Svg(1150, 470, "Roofline of an H100 SXM (data-sheet figures) with the intensity of each lab's kernel")
    x0, y0, w, h = 110, 30, 640, 370
    xmin, xmax = math.log10(0.1), math.log10(100)
    ymin, ymax = math.log10(0.1), math.log10(100)

    def X(v):
        return x0 + (math.log10(v) - xmin) / (xmax - xmin) * w

    def Y(v):
        return y0 + h - (math.log10(v) - ymin) / (ymax - ymin) * h

    svg.rect(x0, y0, w, h, fill="#ffffff", stroke=INK, sw=1.5)
    for v in [0.1, 1, 10, 100]:
        label = num(v) if v < 1 else str(int(v))
        svg.line(X(v), y0, X(v), y0 + h, stroke=GRID, sw=1, dash="3 4")
        svg.text(X(v), y0 + h + 24, label, size=16, anchor="middle")
        svg.line(x0, Y(v), x0 + w, Y(v), stroke=GRID, sw=1, dash="3 4")
        svg.text(x0 - 10, Y(v) + 6, label, size=16, anchor="end")
    svg.text(x0 + w / 2, y0 + h + 52, "arithmetic intensity: FLOP per byte from memory (log scale)", size=17,
             anchor="middle")
    svg.add(f'<text x="34" y="{y0 + h / 2}" font-size="17" text-anchor="middle" '
            f'transform="rotate(-90 34 {y0 + h / 2})">TFLOP/s (log scale)</text>')
    peak, bw = 67.0, 3.35
    ridge = peak / bw
    svg.path(f"M{num(X(0.1))},{num(Y(0.1 * bw))} L{num(X(ridge))},{num(Y(peak))} L{num(X(100))},{num(Y(peak))}",
             stroke=INK, sw=3.5)
    svg.text(X(0.7), Y(0.7 * bw) + 44, "memory-bound:", size=16, fill=MUTED)
    svg.text(X(0.7), Y(0.7 * bw) + 64, "3.35 TB/s × intensity", size=16, fill=MUTED)
    svg.text(X(24), Y(peak) + 30, "67 TFLOP/s FP32", size=16, fill=MUTED)
    svg.line(X(ridge), Y(peak), X(ridge), y0 + h, stroke=MUTED, sw=1.2, dash="5 4")
    svg.text(X(ridge) + 6, y0 + h - 10, "ridge: 20 FLOP/B", size=16, fill=MUTED)
    for name, inten, colour, dx, dy, anchor in [("03", 0.25, A, 12, 26, "start"), ("04", 4, B, 12, 26, "start"),
                                                 ("05", 16, C, -14, -6, "end"), ("06", 32, LOCAL, 0, -14, "middle")]:
        cap = min(peak, inten * bw)
        svg.add(f'<circle cx="{num(X(inten))}" cy="{num(Y(cap))}" r="8" fill="{colour}"/>')
        svg.text(X(inten) + dx, Y(cap) + dy, "lab " + name, size=17, fill=colour, weight="bold", anchor=anchor)
    tx = 790
    svg.text(tx, 60, "If every load went to memory:", size=18, weight="bold")
    rows = [("lab 03", "0.25", "≤ 0.84"), ("lab 04", "4", "≤ 13"), ("lab 05", "16", "≤ 54"), ("lab 06", "32", "≤ 67")]
    svg.text(tx + 80, 92, "FLOP/B", size=15, fill=MUTED)
    svg.text(tx + 170, 92, "TFLOP/s", size=15, fill=MUTED)
    for i, (a, b, c) in enumerate(rows):
        y = 122 + i * 32
        svg.text(tx, y, a, size=17, weight="bold", fill=[A, B, C, LOCAL][i])
        svg.text(tx + 80, y, b, size=17)
        svg.text(tx + 170, y, c, size=17)
    svg.texts(tx, 276, ["intensity = 2 FLOP per multiply-add", "÷ (4 bytes × global loads per",
                        "multiply-add), from the counting", "of each lab. Caches lift lab 03",
                        "above its line: a model, not a", "measurement."], size=16, fill=MUTED, gap=23)
    return svg


# --------------------------------------------------------------------------------------
# Deck 04


def tiled_matmul():
    svg = Svg(1150, 440, "Tiled matrix product: a work-group walks a row of tiles of A and a column of tiles of B")
    T = 30
    kt = 5
    bx, by = 230, 20
    ax, ay = bx - kt * T - 20, by + kt * T + 20
    cx, cy = bx, ay
    step, bcol, arow = 2, 3, 2
    for k in range(kt):
        for j in range(6):
            band = j == bcol
            cur = band and k == step
            svg.rect(bx + j * T, by + k * T, T, T, fill=B if cur else (B_MID if band else B_LIGHT), stroke=B, sw=1)
    for i in range(5):
        for k in range(kt):
            band = i == arow
            cur = band and k == step
            svg.rect(ax + k * T, ay + i * T, T, T, fill=A if cur else (A_MID if band else A_LIGHT), stroke=A, sw=1)
    for i in range(5):
        for j in range(6):
            hit = i == arow and j == bcol
            svg.rect(cx + j * T, cy + i * T, T, T, fill=C if hit else C_LIGHT, stroke=C, sw=1)
    svg.line(ax + 6, ay + arow * T - 10, ax + kt * T - 6, ay + arow * T - 10, stroke=A, sw=2.5, arrow=True)
    svg.line(bx + bcol * T - 10, by + 6, bx + bcol * T - 10, by + kt * T - 6, stroke=B, sw=2.5, arrow=True)
    svg.text(bx - 14, by + 26, "B", size=22, fill=B, weight="bold", anchor="end")
    svg.text(ax - 12, ay + 5 * T / 2 + 8, "A", size=22, fill=A, weight="bold", anchor="end")
    svg.text(cx + 6 * T + 12, cy + 5 * T / 2 + 8, "C", size=22, fill=C, weight="bold")
    svg.text(ax + kt * T / 2, ay + 5 * T + 24, "k0 moves right", size=16, anchor="middle", fill=A)
    svg.text(bx + bcol * T - 16, by + kt * T + 2, "", size=15)
    lx, ly = 480, 24
    svg.rect(lx, ly, 260, 180, fill=LOCAL_LIGHT, stroke=LOCAL, sw=2, rx=8)
    svg.text(lx + 130, ly + 28, "local memory", size=18, anchor="middle", fill=LOCAL, weight="bold")
    svg.rect(lx + 24, ly + 46, 96, 96, fill=A, stroke=A, sw=1)
    svg.rect(lx + 140, ly + 46, 96, 96, fill=B, stroke=B, sw=1)
    svg.text(lx + 72, ly + 100, "a_tile", size=17, anchor="middle", fill="#ffffff", weight="bold")
    svg.text(lx + 188, ly + 100, "b_tile", size=17, anchor="middle", fill="#ffffff", weight="bold")
    svg.text(lx + 130, ly + 166, "T × T floats each", size=16, anchor="middle", fill=LOCAL)
    svg.text(lx + 130, ly + 210, "the dark tiles of A and B,", size=16, anchor="middle", fill=LOCAL)
    svg.text(lx + 130, ly + 232, "at this step", size=16, anchor="middle", fill=LOCAL)
    svg.texts(480, 300, ["each step, every work-item:",
                         "• loads one element of each tile",
                         "• barrier",
                         "• T multiply-adds from local memory",
                         "• barrier"], size=17, gap=26)
    tx = 820
    svg.texts(tx, 50, ["The group's T × T block of C", "needs the same T rows of A", "and T columns of B at",
                       "every step."], size=17, gap=25)
    svg.text(tx, 180, "per step and work-group:", size=17, weight="bold")
    svg.texts(tx, 208, ["2·T² floats loaded,", "T³ multiply-adds done:", "2/T global loads per",
                        "multiply-add (lab 03: 2)"], size=17, gap=25)
    return svg


def edge_tiles():
    svg = Svg(1150, 420, "The last step of a 37 × 50 × 17 product with T = 16: zeros where no element exists")
    cell = 16
    y1 = 70

    def tile(x, valid, colour, mid, title, sub, note):
        for r in range(16):
            for c in range(16):
                ok = valid(r, c)
                svg.rect(x + c * cell, y1 + r * cell, cell, cell, fill=mid if ok else "#ffffff",
                         stroke=colour if ok else GRID, sw=1)
        svg.text(x, y1 - 36, title, size=18, weight="bold", fill=colour)
        svg.text(x, y1 - 12, sub, size=16, fill=MUTED)
        svg.texts(x, y1 + 16 * cell + 30, note, size=17, gap=24)

    tile(40, lambda r, c: 32 + r < 37 and 48 + c < 50, A, A_MID, "a_tile, last step (k0 = 48)",
         "rows 32..47 of A, columns 48..63", ["5 × 2 elements exist; the other", "246 are set to 0.0f"])
    tile(420, lambda r, c: 48 + r < 50 and 16 + c < 17, B, B_MID, "b_tile, last step (k0 = 48)",
         "rows 48..63 of B, columns 16..31", ["2 × 1 elements exist; the other", "254 are set to 0.0f"])
    svg.texts(790, 60, ["work-group (1, 2) of the NDRange", "(32, 48); empty cells hold 0.0f", "", "Why zeros: the loop still runs",
                        "k = 0 .. T−1, and 0 · x adds", "nothing.", "",
                        "Skip the load: the tile keeps the", "previous step's values.",
                        "Read anyway: a[row·K + k] with", "k ≥ K is the next row of A, or", "past the buffer."],
              size=17, gap=25)
    return svg


# --------------------------------------------------------------------------------------
# Deck 05


def thread_work():
    svg = Svg(1150, 440, "THREAD_WORK = 4 outputs per work-item: interleaved columns (the lab) against contiguous")
    T, W = 16, 4
    G = T // W
    cell = 26

    def panel(x, y, owner, title, note1, note2):
        svg.text(x, y - 40, title, size=19, weight="bold")
        svg.text(x, y - 14, "row ly of a 16-wide block: the lx that owns each column", size=15, fill=MUTED)
        for r in range(3):
            for c in range(T):
                o = owner(c)
                svg.rect(x + c * cell, y + r * cell, cell, cell, fill=ITEMS_LIGHT[o] if r == 1 else "#ffffff",
                         stroke=ITEMS[o] if r == 1 else GRID, sw=1.2)
                if r == 1:
                    svg.text(x + c * cell + cell / 2, y + r * cell + 19, str(o), size=15, anchor="middle",
                             fill=ITEMS[o], weight="bold")
        svg.text(x - 8, y + cell + 19, "ly", size=15, anchor="end", fill=MUTED, mono=True)
        svg.texts(x, y + 3 * cell + 30, [note1, note2], size=16, gap=22)

    panel(40, 90, lambda c: c % G, "interleaved: column lx + w·G, G = 4",
          "at each w, work-items 0..3 touch neighbouring", "columns: coalesced, different banks")
    panel(620, 90, lambda c: c // W, "contiguous: column lx·W + w",
          "at each w, neighbours are W = 4 floats apart:", "4-way bank conflicts, scattered loads")
    y = 290
    svg.rect(40, y, 200, 64, fill=REG_LIGHT, stroke=REG, sw=2, rx=6)
    svg.text(140, y + 27, "a_value =", size=17, anchor="middle", mono=True)
    svg.text(140, y + 51, "a_tile[ly][k]", size=17, anchor="middle", mono=True)
    for w in range(W):
        bx = 330 + w * 150
        svg.rect(bx, y + 70, 130, 46, fill=ITEMS_LIGHT[0], stroke=A, sw=1.5, rx=6)
        svg.text(bx + 65, y + 99, f"acc[{w}] +=", size=16, anchor="middle", mono=True)
        svg.path(f"M242,{y + 32} C{bx - 20},{y + 32} {bx + 65},{y + 30} {bx + 65},{y + 68}", stroke=REG, sw=1.6,
                 arrow=True)
    svg.texts(960, y + 80, ["one local load of A,", "W multiply-adds"], size=17, fill=REG, gap=24)
    return svg


# --------------------------------------------------------------------------------------
# Deck 06


def macro_micro():
    svg = Svg(1150, 470, "Lab 06's two levels of tiling: a 128 × 128 macro tile, 8 × 8 micro tiles, interleaved")
    px = 2.5
    by = 24
    cx, cy = 190, by + 60 + 16
    tm = tn = 128
    svg.rect(cx, cy, tn * px, tm * px, fill=C_LIGHT, stroke=C, sw=2)
    for i in range(1, 32):
        svg.line(cx + i * 4 * px, cy, cx + i * 4 * px, cy + tm * px, stroke="#c2e0c9", sw=0.8)
        svg.line(cx, cy + i * 4 * px, cx + tn * px, cy + i * 4 * px, stroke="#c2e0c9", sw=0.8)
    svg.line(cx + 64 * px, cy, cx + 64 * px, cy + tm * px, stroke=C, sw=1.5, dash="5 4")
    svg.line(cx, cy + 64 * px, cx + tn * px, cy + 64 * px, stroke=C, sw=1.5, dash="5 4")
    cols, rows = [4, 68], [8, 72]     # work-item (tx, ty) = (1, 2)
    for r in rows:
        for c in cols:
            svg.rect(cx + c * px, cy + r * px, 4 * px, 4 * px, fill=C, stroke="#1e5a2e", sw=1)
    ax = cx - 60 - 16
    svg.rect(ax, cy, 60, tm * px, fill=A_LIGHT, stroke=A, sw=2)
    for r in rows:
        svg.rect(ax, cy + r * px, 60, 4 * px, fill=A, stroke="none")
    svg.text(ax - 8, cy + 20, "A slice", size=16, anchor="end", fill=A, weight="bold")
    svg.text(ax - 8, cy + 42, "128 × 8", size=15, anchor="end", fill=A)
    svg.rect(cx, by, tn * px, 60, fill=B_LIGHT, stroke=B, sw=2)
    for c in cols:
        svg.rect(cx + c * px, by, 4 * px, 60, fill=B, stroke="none")
    svg.text(cx - 16, by + 26, "B slice", size=16, anchor="end", fill=B, weight="bold")
    svg.text(cx - 16, by + 48, "8 × 128", size=15, anchor="end", fill=B)
    svg.text(cx + tn * px / 2, cy + tm * px + 26, "macro tile of C: 128 × 128 per work-group", size=16,
             anchor="middle", fill=C, weight="bold")
    tx = 580
    svg.text(tx, 40, "16 × 16 = 256 work-items per work-group", size=19, weight="bold")
    svg.texts(tx, 72, ["work-item (tx, ty) = (1, 2) owns the dark cells:",
                       "float4 columns tx, tx + 16 → columns 4–7, 68–71",
                       "float4 rows ty, ty + 16 → rows 8–11, 72–75",
                       "= an 8 × 8 micro tile: 64 accumulators"], size=16, gap=24)
    svg.text(tx, 196, "per k: a column of the A slice, a row of the B slice", size=17, weight="bold")
    ox, oy = tx + 44, 250
    for i in range(8):
        svg.rect(ox - 34, oy + i * 20, 20, 20, fill=A_MID, stroke=A, sw=1)
        svg.rect(ox + i * 20, oy - 34, 20, 20, fill=B_MID, stroke=B, sw=1)
        for j in range(8):
            svg.rect(ox + j * 20, oy + i * 20, 20, 20, fill=C_LIGHT, stroke=C, sw=0.8)
    svg.texts(ox + 190, oy, ["8 values of A (a_reg)", "8 values of B (b_reg)", "→ 64 multiply-adds", "",
                             "16 local loads for 64", "multiply-adds: 0.25", "per multiply-add (lab 05: 1.06)"],
              size=16, gap=23)
    return svg


def float4_interleave():
    svg = Svg(1150, 330, "Interleaved float4 ownership in lab 06: who reads which float4 of b_slice[k]")
    x0, y0 = 40, 70
    w = 33
    svg.text(x0, 36, "b_slice[k]: one row of the B slice, 128 floats = 32 float4s", size=18, weight="bold")
    for v in range(32):
        tx = v % 16
        j = v // 16
        fill = ITEMS_LIGHT[tx % 4]
        svg.rect(x0 + v * w, y0, w - 3, 44, fill=fill, stroke=ITEMS[tx % 4], sw=1.3, rx=3)
        svg.text(x0 + v * w + (w - 3) / 2, y0 + 20, str(tx), size=15, anchor="middle", weight="bold",
                 fill=ITEMS[tx % 4])
        svg.text(x0 + v * w + (w - 3) / 2, y0 + 38, f"j{j}", size=13 + 2, anchor="middle", fill=MUTED)
    svg.text(x0, y0 + 72, "number = tx of the work-item that reads it; j0 / j1: its first or second float4",
             size=16, fill=MUTED)
    svg.texts(x0, y0 + 118, ["b_reg[j] = b_slice[k][tx + j·16]: at j = 0 the 16 work-items of a row read float4s 0..15,",
                             "256 contiguous bytes: no bank conflicts; at j = 1 the next 16. The same order writes C:",
                             "neighbouring work-items store neighbouring float4s of a row (coalesced)."],
              size=17, gap=26)
    svg.texts(x0, y0 + 210, ["A is stored transposed (k-major), so the 8 values of A a work-item needs at step k",
                             "are two float4s of a_slice[k] too: float4 ty and ty + 16."], size=17, gap=26,
              fill=A)
    return svg


def double_buffer():
    svg = Svg(1150, 420, "Single against double buffering: the loads of the next slices overlap the multiply-adds")
    x0, unit = 150, 58

    def seg(x, y, length, label, fill, stroke):
        svg.rect(x0 + x * unit, y, length * unit - 4, 38, fill=fill, stroke=stroke, sw=1.5, rx=4)
        svg.text(x0 + x * unit + (length * unit - 4) / 2, y + 25, label, size=15, anchor="middle")

    def bar(x, y1, y2):
        svg.rect(x0 + x * unit - 5, y1, 6, y2 - y1, fill=WARN, stroke="none", rx=2)

    svg.text(20, 30, "Single-buffered (the stub): load, barrier, multiply, barrier", size=19, weight="bold")
    svg.text(20, 76, "loads", size=17, fill=A)
    svg.text(20, 122, "FMAs", size=17, fill=C)
    t = 0
    for s in range(3):
        seg(t, 52, 2, f"load {s}", A_LIGHT, A)
        bar(t + 2, 46, 144)
        seg(t + 2, 98, 3, f"multiply {s}", C_LIGHT, C)
        bar(t + 5, 46, 144)
        t += 5
    svg.text(x0, 172, "the FMA units idle while a slice loads (other work-groups may fill some of that time)",
             size=16, fill=MUTED)
    svg.text(20, 226, "Double-buffered (the solution): fetch the next slices while multiplying", size=19,
             weight="bold")
    svg.text(20, 272, "loads", size=17, fill=A)
    svg.text(20, 318, "FMAs", size=17, fill=C)
    seg(0, 248, 2, "load 0 → 0", A_LIGHT, A)
    bar(2, 242, 340)
    t = 2
    for s in range(5):
        seg(t, 248, 2, f"fetch {s + 1}", A_LIGHT, A)
        seg(t + 2, 248, 1, f"→ {(s + 1) % 2}", LOCAL_LIGHT, LOCAL)
        seg(t, 294, 3, f"multiply {s}", C_LIGHT, C)
        bar(t + 3, 242, 340)
        t += 3
    svg.texts(20, 374, ["two pairs of slices in local memory (0 and 1), used in turn: the next slices travel into",
                        "registers while the current pair is multiplied, then go to the other pair: one barrier"],
              size=16, gap=24)
    return svg


# --------------------------------------------------------------------------------------
# Deck 07


def strassen_quadrants():
    svg = Svg(1150, 470, "Strassen: seven products of quadrant sums give the four quadrants of C")
    q = 46

    def matrix(x, y, names, fills, stroke, label):
        for r in range(2):
            for c in range(2):
                svg.rect(x + c * q, y + r * q, q, q, fill=fills[r * 2 + c], stroke=stroke, sw=1.5)
                svg.text(x + c * q + q / 2, y + r * q + 30, names[r * 2 + c], size=19, anchor="middle",
                         weight="bold")
        svg.text(x + q, y - 10, label, size=17, anchor="middle", fill=stroke, weight="bold")

    matrix(40, 50, ["a", "b", "c", "d"], [A_LIGHT, A_MID, A_MID, A_LIGHT], A, "A")
    svg.text(150, 104, "×", size=28, anchor="middle")
    matrix(180, 50, ["e", "f", "g", "h"], [B_LIGHT, B_MID, B_MID, B_LIGHT], B, "B")
    svg.text(290, 104, "=", size=28, anchor="middle")
    for r in range(2):
        for c in range(2):
            svg.rect(320 + c * 64, 50 + r * q, 64, q, fill=C_LIGHT, stroke=C, sw=1.5)
            svg.text(320 + c * 64 + 32, 50 + r * q + 30, f"C{r + 1}{c + 1}", size=18, anchor="middle",
                     weight="bold")
    svg.text(384, 40, "C", size=17, anchor="middle", fill=C, weight="bold")
    svg.text(40, 196, "the block product needs 8 products:", size=17)
    svg.texts(40, 226, ["C11 = ae + bg", "C21 = ce + dg"], size=17, gap=26, mono=True)
    svg.texts(240, 226, ["C12 = af + bh", "C22 = cf + dh"], size=17, gap=26, mono=True)
    prods = [("p1", "a", "(f − h)"), ("p2", "(a + b)", "h"), ("p3", "(c + d)", "e"), ("p4", "d", "(g − e)"),
             ("p5", "(a + d)", "(e + h)"), ("p6", "(b − d)", "(g + h)"), ("p7", "(a − c)", "(e + f)")]
    px0 = 480
    svg.text(px0, 26, "Strassen: 7 products", size=19, weight="bold")
    for i, (p, left, right) in enumerate(prods):
        y = 40 + i * 38
        svg.rect(px0, y, 280, 32, fill=GREY_LIGHT, stroke=GRID, sw=1, rx=4)
        svg.text(px0 + 12, y + 23, p + " =", size=18, weight="bold", mono=True)
        svg.text(px0 + 72, y + 23, left, size=18, fill=A, mono=True, weight="bold")
        svg.text(px0 + 72 + 10.84 * len(left) + 10, y + 23, right, size=18, fill=B, mono=True, weight="bold")
    cx0 = 800
    svg.text(cx0, 26, "4 quadrants of C", size=19, weight="bold")
    # Only C12's sum: lab 07 derives the other three (labs/07-strassen/README.md, "Deriving the merge").
    quads = [("C11", "± 4 products (lab 07)"), ("C12", "p1 + p2"), ("C21", "± 2 products (lab 07)"),
             ("C22", "± 4 products (lab 07)")]
    for i, (cq, f) in enumerate(quads):
        y = 40 + i * 56
        svg.rect(cx0, y, 320, 44, fill=C_LIGHT, stroke=C, sw=1.5, rx=4)
        svg.text(cx0 + 12, y + 29, cq + " = " + f, size=18, mono=True)
    svg.texts(40, 346, ["Check one: C12 = p1 + p2 = a(f − h) + (a + b)h = af − ah + ah + bh = af + bh  ✓",
                        "7 multiplications of n/2 × n/2 matrices instead of 8, paid for with 18 additions",
                        "(10 form the operands, 8 combine the products)"], size=18, gap=30)
    svg.text(40, 450, "split: the 7 left operands (blue, from A) and 7 right operands (orange, from B); "
             "merge: the 4 quadrants", size=16, fill=MUTED)
    return svg


def strassen_recursion():
    svg = Svg(1150, 430, "Strassen with two levels: split down, one batched GEMM, merge up")

    def node(x, y, s, fill, stroke):
        svg.rect(x, y, s, s, fill=fill, stroke=stroke, sw=1.5)

    node(30, 120, 110, A_LIGHT, A)
    svg.text(85, 108, "n × n", size=17, anchor="middle", weight="bold")
    svg.text(85, 262, "level 0: 1 node", size=16, anchor="middle", fill=MUTED)
    svg.line(148, 175, 210, 175, stroke=A, sw=2.5, arrow=True)
    svg.text(179, 162, "split", size=16, anchor="middle", fill=A)
    for i in range(7):
        node(220 + (i % 4) * 56, 120 + (i // 4) * 62, 50, A_LIGHT, A)
    svg.text(220 + 110, 108, "7 × (n/2)²", size=17, anchor="middle", weight="bold")
    svg.text(220 + 110, 262, "level 1: 7 nodes", size=16, anchor="middle", fill=MUTED)
    svg.line(450, 175, 506, 175, stroke=A, sw=2.5, arrow=True)
    svg.text(478, 162, "split", size=16, anchor="middle", fill=A)
    for i in range(49):
        node(516 + (i % 7) * 23 + (i % 7 // 1) * 0, 100 + (i // 7) * 23, 19, C_LIGHT, C)
    svg.text(516 + 80, 90, "49 × (n/4)²", size=17, anchor="middle", weight="bold")
    svg.texts(516, 284, ["one launch of the lab-06", "GEMM for all 49: the", "NDRange's 3rd dimension",
                         "picks the product"], size=16, fill=C, gap=21)
    svg.line(690, 175, 746, 175, stroke=C, sw=2.5, arrow=True)
    svg.text(718, 162, "merge", size=16, anchor="middle", fill=C)
    for i in range(7):
        node(756 + (i % 4) * 44, 140 + (i // 4) * 44, 38, C_LIGHT, C)
    svg.text(756 + 86, 128, "7 × (n/2)²", size=16, anchor="middle")
    svg.line(936, 175, 992, 175, stroke=C, sw=2.5, arrow=True)
    svg.text(964, 162, "merge", size=16, anchor="middle", fill=C)
    node(1002, 130, 100, C_LIGHT, C)
    svg.text(1052, 188, "C", size=22, anchor="middle", weight="bold", fill=C)
    svg.texts(30, 392, ["level l holds 7ˡ nodes of size n/2ˡ, one after another in one buffer; operand i of node z",
                        "starts at left + (7·z + i) · half_m · half_k. One launch per level: NDRange (columns, rows, "
                        "nodes)."], size=17, gap=27)
    return svg


# --------------------------------------------------------------------------------------
# Deck 08


def number_formats():
    svg = Svg(1150, 330, "Floating-point formats of matrix units: sign, exponent and mantissa bits")
    x0, bit = 110, 20
    formats = [("FP32", 8, 23, "unit roundoff 2⁻²⁴ ≈ 6·10⁻⁸", "the FMA path of labs 03–07"),
               ("TF32", 8, 10, "unit roundoff 2⁻¹¹ ≈ 5·10⁻⁴", "tensor-core input, FP32 range"),
               ("BF16", 8, 7, "unit roundoff 2⁻⁸ ≈ 4·10⁻³", "FP32 range in 16 bits"),
               ("FP16", 5, 10, "unit roundoff 2⁻¹¹ ≈ 5·10⁻⁴", "largest value 65504")]
    for i, (name, e, m, u, note) in enumerate(formats):
        y = 30 + i * 66
        svg.text(20, y + 27, name, size=20, weight="bold")
        svg.rect(x0, y, bit, 38, fill=WARN_LIGHT, stroke=WARN, sw=1.2)
        svg.rect(x0 + bit, y, e * bit, 38, fill=A_LIGHT, stroke=A, sw=1.2)
        svg.rect(x0 + (1 + e) * bit, y, m * bit, 38, fill=C_LIGHT, stroke=C, sw=1.2)
        svg.text(x0 + bit / 2, y + 25, "s", size=15, anchor="middle")
        svg.text(x0 + bit + e * bit / 2, y + 25, f"{e} exponent" if e * bit > 110 else f"{e} exp.", size=15,
                 anchor="middle", fill=A)
        svg.text(x0 + (1 + e) * bit + m * bit / 2, y + 25, f"{m} mantissa", size=15, anchor="middle", fill=C)
        svg.text(x0 + 33 * bit, y + 17, u, size=16)
        svg.text(x0 + 33 * bit, y + 37, note, size=15, fill=MUTED)
    svg.text(20, 312, "Matrix units multiply TF32, BF16 or FP16 inputs and accumulate in FP32: each input is "
             "rounded to its format first.", size=16, fill=MUTED)
    return svg


def mma_shape():
    svg = Svg(1150, 390, "One warp instruction: 32 FP32 multiply-adds on the FMA path, 1024 on a TF32 tensor core")
    svg.text(20, 34, "FMA path (labs 03–07)", size=19, weight="bold")
    svg.text(20, 58, "one warp instruction:", size=17, fill=MUTED)
    for l in range(32):
        svg.rect(20 + l * 15, 76, 12, 40, fill=C_LIGHT, stroke=C, sw=1)
    svg.text(20, 146, "32 lanes × 1 multiply-add = 32", size=17)
    svg.texts(20, 200, ["A tensor-core instruction takes its", "operands from the registers of all",
                        "32 work-items of the warp and does", "the whole small product at once."],
              size=17, gap=25)
    ox, oy, c = 560, 84, 14
    svg.text(ox, 34, "Tensor core, TF32 (PTX mma, shape m16n8k8)", size=19, weight="bold")
    svg.text(ox, 58, "one warp instruction:", size=17, fill=MUTED)
    for i in range(16):
        for k in range(8):
            svg.rect(ox + k * c, oy + 20 + i * c, c, c, fill=A_LIGHT, stroke=A, sw=0.6)
    svg.text(ox + 4 * c, oy + 12, "A: 16 × 8", size=16, anchor="middle", fill=A, weight="bold")
    svg.text(ox + 8 * c + 18, oy + 20 + 8 * c + 6, "×", size=24, anchor="middle")
    bx = ox + 8 * c + 36
    for k in range(8):
        for j in range(8):
            svg.rect(bx + j * c, oy + 20 + k * c, c, c, fill=B_LIGHT, stroke=B, sw=0.6)
    svg.text(bx + 4 * c, oy + 12, "B: 8 × 8", size=16, anchor="middle", fill=B, weight="bold")
    svg.text(bx + 8 * c + 18, oy + 20 + 8 * c + 6, "→", size=24, anchor="middle")
    cx = bx + 8 * c + 36
    for i in range(16):
        for j in range(8):
            svg.rect(cx + j * c, oy + 20 + i * c, c, c, fill=C_LIGHT, stroke=C, sw=0.6)
    svg.text(cx + 4 * c, oy + 12, "C += A·B: 16 × 8", size=16, anchor="middle", fill=C, weight="bold")
    svg.texts(cx + 8 * c + 20, oy + 60, ["16 × 8 × 8", "= 1024", "multiply-adds"], size=17, gap=24)
    svg.text(20, 370, "H100 SXM data sheet, dense: FP32 on the FMA path 67 TFLOP/s; TF32 on tensor cores 495; "
             "BF16 / FP16 989.", size=16, fill=MUTED)
    return svg


def roofline_tensor():
    svg = Svg(1150, 450, "Roofline of an H100 SXM with its tensor-core ceilings (data-sheet figures, dense)")
    x0, y0, w, h = 110, 24, 640, 360
    xmin, xmax = math.log10(1), math.log10(1000)
    ymin, ymax = math.log10(1), math.log10(2000)

    def X(v):
        return x0 + (math.log10(v) - xmin) / (xmax - xmin) * w

    def Y(v):
        return y0 + h - (math.log10(v) - ymin) / (ymax - ymin) * h

    svg.rect(x0, y0, w, h, fill="#ffffff", stroke=INK, sw=1.5)
    for v in [1, 10, 100, 1000]:
        svg.line(X(v), y0, X(v), y0 + h, stroke=GRID, sw=1, dash="3 4")
        svg.text(X(v), y0 + h + 24, str(v), size=16, anchor="middle")
        svg.line(x0, Y(v), x0 + w, Y(v), stroke=GRID, sw=1, dash="3 4")
        svg.text(x0 - 10, Y(v) + 6, str(v), size=16, anchor="end")
    svg.text(x0 + w / 2, y0 + h + 52, "FLOP per byte from memory (log scale)", size=17, anchor="middle")
    svg.add(f'<text x="34" y="{y0 + h / 2}" font-size="17" text-anchor="middle" '
            f'transform="rotate(-90 34 {y0 + h / 2})">TFLOP/s (log scale)</text>')
    bw = 3.35
    for peak, label, colour in [(67.0, "FP32, FMA path: 67", C), (494.7, "TF32 tensor cores: 495", B),
                                (989.4, "BF16 / FP16 tensor cores: 989", LOCAL)]:
        ridge = peak / bw
        svg.path(f"M{num(X(1))},{num(Y(bw))} L{num(X(ridge))},{num(Y(peak))} L{num(X(1000))},{num(Y(peak))}",
                 stroke=colour, sw=3)
        svg.text(X(1000) - 8, Y(peak) - 8, label, size=16, anchor="end", fill=colour, weight="bold")
        svg.line(X(ridge), Y(peak), X(ridge), y0 + h, stroke=colour, sw=1, dash="4 4")
        svg.text(X(ridge) + 4, y0 + h - 8 - (0 if peak < 100 else (22 if peak < 600 else 44)),
                 f"ridge {num(ridge) if ridge < 100 else int(round(ridge))}", size=15, fill=colour)
    svg.add(f'<circle cx="{num(X(32))}" cy="{num(Y(67))}" r="8" fill="{INK}"/>')
    svg.text(X(32) - 12, Y(67) + 26, "lab 06: 32 FLOP/B", size=16, anchor="end", weight="bold")
    svg.texts(790, 60, ["The tensor cores move the", "ridge from 20 to 148 (TF32)",
                        "and 295 (BF16) FLOP per byte.", "", "Lab 06's 32 FLOP/B would be",
                        "memory-bound there: a tensor-", "core GEMM needs bigger tiles,",
                        "more reuse per byte, and deeper", "pipelines to feed the units.", "",
                        "Figures: H100 SXM data sheet,", "without structured sparsity."],
              size=16, gap=23)
    return svg


DIAGRAMS = {
    "course-map": course_map,
    "opencl-model": opencl_model,
    "ndrange": ndrange,
    "row-major": row_major,
    "coalescing": coalescing,
    "transpose-tile": transpose_tile,
    "bank-conflicts": bank_conflicts,
    "two-barriers": two_barriers,
    "matmul-dot": matmul_dot,
    "roofline": roofline,
    "tiled-matmul": tiled_matmul,
    "edge-tiles": edge_tiles,
    "thread-work": thread_work,
    "macro-micro": macro_micro,
    "float4-interleave": float4_interleave,
    "double-buffer": double_buffer,
    "strassen-quadrants": strassen_quadrants,
    "strassen-recursion": strassen_recursion,
    "number-formats": number_formats,
    "mma-shape": mma_shape,
    "roofline-tensor": roofline_tensor,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write (default: this folder)")
    args = parser.parse_args()
    stale = []
    for name, draw in DIAGRAMS.items():
        text = draw().render()
        path = args.out / f"{name}.svg"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    committed = {p.stem for p in HERE.glob("*.svg")}
    unknown = sorted(committed - set(DIAGRAMS))
    if args.check:
        if stale or unknown:
            if stale:
                print("out of date (run python3 slides/diagrams/make_diagrams.py): " + ", ".join(stale))
            if unknown:
                print("SVG files this script does not write (delete them or add them here): "
                      + ", ".join(u + ".svg" for u in unknown))
            return 1
        print(f"{len(DIAGRAMS)} diagrams are current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
