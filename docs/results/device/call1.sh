#!/bin/bash
# Device call 1 (issue 27): cuBLAS timed both ways and cross-checked with the profiler, lab 06's
# defines searched at 1024 and 2048, the state of the GPU. Everything lands in $OUT.
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw,clocks_throttle_reasons.active,compute_cap --format=csv | tee $OUT/state-before.csv
lab devices 2>&1 | head -5
echo "== cuBLAS, batched (the new script)"; python3 tree/kernels/benchmarks/cublas_sgemm.py 1024 2048 4096 8192 | tee $OUT/cublas.jsonl
echo "== cuBLAS, profiler cross-check"; python3 cublas_profile.py 1024 2048 4096 8192 2>&1 | grep '^{' | tee $OUT/cublas-profile.jsonl
echo "== tune 06 at 1024, k loop rolled"
timeout 200 lab tune 06 --solution --size 1024 -D UNROLL_K=0 --top 12 --recheck 8 > $OUT/tune1024-roll.txt 2>&1; tail -16 $OUT/tune1024-roll.txt
echo "== tune 06 at 1024, k loop unrolled, TILE_K 16"
timeout 120 lab tune 06 --solution --size 1024 -D UNROLL_K=1 -D TILE_K=16 --top 8 --recheck 6 > $OUT/tune1024-unroll.txt 2>&1; tail -12 $OUT/tune1024-unroll.txt
echo "== tune 06 at 2048"
timeout 120 lab tune 06 --solution --size 2048 -D UNROLL_K=1 -D TILE_K=16 --values TILE_M=64,128 --values TILE_N=64,128 --values WPT_M=8 --values WPT_N=8,16 --top 6 --recheck 4 > $OUT/tune2048.txt 2>&1; tail -10 $OUT/tune2048.txt
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-after.csv
