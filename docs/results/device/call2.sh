#!/bin/bash
# Device call 2 (issue 27): the reference run, every lab with cuBLAS timed kernel-only, the GPU's
# state beside it; a second bench of lab 06 alone repeats the parity figures.
cd "$(dirname "$0")"; source ./setup.sh
echo "== cuBLAS alone (graph replays)"; python3 tree/kernels/benchmarks/cublas_sgemm.py 1024 2048 4096 8192 | tee $OUT/cublas.jsonl | cut -c1-160
lab bench --cublas --json $OUT/h100.json --markdown $OUT/h100.md --plot $OUT/h100.svg > $OUT/bench.txt 2>&1
echo "bench exit $?"; sed -n '/^lab /,$p' $OUT/bench.txt | grep -v "^0[1-5] \|^07\|^08" | head -60
echo "== lab 06 again, with cuBLAS"
lab bench 06 --cublas --json $OUT/h100-06-again.json > $OUT/bench06.txt 2>&1; grep "06 \|cuBLAS" $OUT/bench06.txt
