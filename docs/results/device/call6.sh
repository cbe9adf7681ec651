#!/bin/bash
# Device call 6 (issue 27, item 4): B by cp.async, A staged through registers (ASYNC=2), and the
# "memory" clobber of the copies left out (CLOBBER=0), against the solution.
cd "$(dirname "$0")"; source ./setup.sh
cp matmul_cp_async.cl tree/solutions/06-matmul-register-tiles/matmul.cl
G="-D TILE_M=128 -D TILE_N=128 -D WPT_M=8 -D WPT_N=16 -D UNROLL_K=1 -D TILE_K=16"
# Run twice: "-D ASYNC=2" alone (with the "memory" clobber), then as below (without it).
for v in "-D ASYNC=2 -D CLOBBER=0" "-D ASYNC=1 -D STAGES=2 -D CLOBBER=0"; do
  echo "=== $v vs ASYNC=0"
  timeout 120 lab run 06 --solution --size 64x64x64 2048 $G $v --versus ASYNC=0 --repeat 100 2>&1 | grep -v "^$" | tail -5
  timeout 120 lab run 06 --solution --size 4096 $G $v --versus ASYNC=0 --repeat 40 2>&1 | grep -v "^$" | tail -5
  timeout 120 lab run 06 --solution --size 8192 $G $v --versus ASYNC=0 --repeat 12 2>&1 | grep -v "^$" | tail -5
done
