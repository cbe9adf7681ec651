#!/bin/bash
# Device call 5 (issue 27, item 4): lab 06's slices copied by cp.async (inline PTX) against the
# solution's register staging, timed interleaved by `lab run --versus` on the same buffers.
cd "$(dirname "$0")"; source ./setup.sh
cp matmul_cp_async.cl tree/solutions/06-matmul-register-tiles/matmul.cl
G="-D TILE_M=128 -D TILE_N=128 -D WPT_M=8 -D WPT_N=16 -D UNROLL_K=1"
ptx_dump tree/solutions/06-matmul-register-tiles/matmul.cl $OUT/async2.ptx $G -D TILE_K=16 -D ASYNC=1 -D STAGES=2 > $OUT/ptx_err.txt 2>&1
echo "ptx: $(grep -c cp.async $OUT/async2.ptx) cp.async lines"; head -c 1500 $OUT/ptx_err.txt
for v in "-D TILE_K=16 -D ASYNC=1 -D STAGES=2" "-D TILE_K=8 -D ASYNC=1 -D STAGES=3" "-D TILE_K=8 -D ASYNC=1 -D STAGES=2" "-D TILE_K=16 -D ASYNC=1 -D STAGES=3"; do
  echo "=== $v vs ASYNC=0 TILE_K=16"
  timeout 120 lab run 06 --solution --size 64x64x64 2048 $G $v --versus ASYNC=0 TILE_K=16 --repeat 100 2>&1 | grep -v "^$" | tail -8
  timeout 120 lab run 06 --solution --size 4096 $G $v --versus ASYNC=0 TILE_K=16 --repeat 40 2>&1 | grep -v "^$" | tail -5
  timeout 120 lab run 06 --solution --size 8192 $G $v --versus ASYNC=0 TILE_K=16 --repeat 12 2>&1 | grep -v "^$" | tail -5
done
