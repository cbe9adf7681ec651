#!/usr/bin/env python3
"""Writes the experiments' kernels of device calls 10 and 12 into CARRY/exp/, laid out like labs/ (for
`lab tune --submission`), each made from the course's own files by a small edit, so that no copy of a
solution is kept in the repository:
  exp/lab02-order    lab 02's solution with its work-groups in other orders (GROUP_ORDER 0 as launched,
                     1 diagonal, 2 bands of BAND tile columns, 3 bands of BAND tile rows);
  exp/lab06-apad     lab 06's solution with the padding of its local A slice a define (A_PAD);
  exp/lab06-cp-async docs/results/device/matmul_cp_async.cl (slices copied by cp.async, inline PTX);
  exp/lab06-sliced   lab 06's solution with K shared among SLICES groups of work-items along local z
                     (each its own slices in local memory; their sums added through local memory at the
                     end), launched by cl_launch_time and ptx_launch (call16.sh), not by `lab`.
    make_experiments.py CARRY
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]

ORDER_DEFINES = """#ifndef GROUP_ORDER
#define GROUP_ORDER 0
#endif
#ifndef BAND
#define BAND 16
#endif
"""

ORDER_BLOCK = """    const uint ngx = get_num_groups(0), ngy = get_num_groups(1);
    const uint linear = get_group_id(1) * ngx + get_group_id(0);
    uint gx = get_group_id(0), gy = get_group_id(1);
#if GROUP_ORDER == 1
    if (ngx == ngy) { gy = get_group_id(0); gx = (get_group_id(0) + get_group_id(1)) % ngx; }
#elif GROUP_ORDER == 2
    if (ngx % BAND == 0) {
        const uint band = linear / (BAND * ngy), r = linear % (BAND * ngy);
        gy = r / BAND; gx = band * BAND + r % BAND;
    }
#elif GROUP_ORDER == 3
    if (ngy % BAND == 0) {
        const uint band = linear / (BAND * ngx), r = linear % (BAND * ngx);
        gx = r / BAND; gy = band * BAND + r % BAND;
    }
#endif
    const uint block_col = gx * TILE_SIZE;  // first column of a in this block
    const uint block_row = gy * TILE_SIZE;  // first row of a in this block"""


SLICED_EDITS = [
    ("#define A_ROW (TILE_M + 4) ", """#ifndef SLICES
#define SLICES 1
#endif
#define A_ROW (TILE_M + 4) """),
    ("reqd_work_group_size(THREADS_N, THREADS_M, 1)", "reqd_work_group_size(THREADS_N, THREADS_M, SLICES)"),
    ("""    __local float4 a_tile[2][TILE_K][A_ROW / 4];
    __local float4 b_tile[2][TILE_K][TILE_N / 4];""", """    __local float4 a_tiles[SLICES][2][TILE_K][A_ROW / 4];
    __local float4 b_tiles[SLICES][2][TILE_K][TILE_N / 4];
    const uint slice = get_local_id(2);
    __local float4 (*a_tile)[TILE_K][A_ROW / 4] = a_tiles[slice];
    __local float4 (*b_tile)[TILE_K][TILE_N / 4] = b_tiles[slice];
    const uint k_begin = slice * (K / SLICES), k_end = k_begin + K / SLICES;"""),
    ("fetch_slices(a, b, K, N, block_row, block_col, 0, id, a_next, b_next);",
     "fetch_slices(a, b, K, N, block_row, block_col, k_begin, id, a_next, b_next);"),
    ("for (uint k0 = 0; k0 < K; k0 += TILE_K) {", "for (uint k0 = k_begin; k0 < k_end; k0 += TILE_K) {"),
    ("const bool more = k0 + TILE_K < K;", "const bool more = k0 + TILE_K < k_end;"),
    ("""    // slide: store
""", """#if SLICES > 1
    // The other slices' sums into slice 0's, one row of the micro tiles at a time, through the A slices.
    __local float* partial = (__local float*)a_tiles;
    for (uint s = 1; s < SLICES; ++s) {
        for (uint i = 0; i < WPT_M; ++i) {
            if (slice == s)
                for (uint j = 0; j < WPT_N; ++j) partial[j * THREADS + id] = acc[i][j];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (slice == 0)
                for (uint j = 0; j < WPT_N; ++j) acc[i][j] += partial[j * THREADS + id];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (slice != 0) return;
#endif
    // slide: store
"""),
]


def edited(text, old, new, what):
    if old not in text:
        sys.exit(f"make_experiments.py: {what} no longer holds {old.splitlines()[0]!r}: update this script")
    return text.replace(old, new, 1)


def main():
    carry = pathlib.Path(sys.argv[1])
    needed = [ROOT / "solutions/02-transpose-local/transpose.cl", ROOT / "solutions/06-matmul-register-tiles/matmul.cl",
              ROOT / "docs/results/device/matmul_cp_async.cl"]
    missing = [str(p.relative_to(ROOT)) for p in needed if not p.exists()]
    if missing:
        sys.exit(f"make_experiments.py: {', '.join(missing)} missing: the experiments are made from a full clone "
                 "(the student edition has no solutions)")
    transpose = (ROOT / "solutions/02-transpose-local/transpose.cl").read_text()
    transpose = edited(transpose, "__kernel void transpose", ORDER_DEFINES + "__kernel void transpose", "lab 02's solution")
    transpose = edited(transpose, """    const uint block_col = get_group_id(0) * TILE_SIZE;  // first column of a in this block
    const uint block_row = get_group_id(1) * TILE_SIZE;  // first row of a in this block""", ORDER_BLOCK,
                       "lab 02's solution")
    matmul = (ROOT / "solutions/06-matmul-register-tiles/matmul.cl").read_text()
    matmul = edited(matmul, "#define A_ROW (TILE_M + 4) ", "#ifndef A_PAD\n#define A_PAD 4\n#endif\n#define A_ROW (TILE_M + A_PAD) ",
                    "lab 06's solution")
    sliced = (ROOT / "solutions/06-matmul-register-tiles/matmul.cl").read_text()
    for old, new in SLICED_EDITS:
        sliced = edited(sliced, old, new, "lab 06's solution")
    files = {"lab06-sliced/06-matmul-register-tiles/matmul.cl": sliced,
             "lab02-order/02-transpose-local/transpose.cl": transpose,
             "lab06-apad/06-matmul-register-tiles/matmul.cl": matmul,
             "lab06-cp-async/06-matmul-register-tiles/matmul.cl":
                 (ROOT / "docs/results/device/matmul_cp_async.cl").read_text()}
    for name, text in files.items():
        path = carry / "exp" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


if __name__ == "__main__":
    main()
