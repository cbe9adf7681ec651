#!/bin/bash
# Device call 12 (issue 37): lab 06 at 1024³ with slices copied by cp.async (inline PTX), 2-4 stages: matmul_cp_async.cl as a lab folder (make_experiments.py).
cd "$(dirname "$0")"; source ./setup.sh
timeout 200 lab tune 06 --submission exp/lab06-cp-async --size 1024 -D UNROLL_K=1 --values TILE_M=64,128 --values TILE_N=64,128 \
   --values TILE_K=8,16 --values WPT_M=8 --values WPT_N=4,8 --values ASYNC=0,1,2 --values STAGES=2,3,4 --top 10 --recheck 8 > $OUT/t06a.txt 2>&1
sed -n '/final round/,/best on/p' $OUT/t06a.txt
grep -c "rror" $OUT/t06a.txt
