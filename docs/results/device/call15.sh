#!/bin/bash
# Device call 15 (issue 37): lab 06 at 1024³ with TILE_K 24 (one and a half times the compute per slice of 16,
# which fits 48 KiB where 32 does not) beside the best shapes of 16.
cd "$(dirname "$0")"; source ./setup.sh
timeout 200 lab tune 06 --solution --size 1024 -D UNROLL_K=1 --values TILE_M=64,128 --values TILE_N=64,128 \
   --values TILE_K=16,24 --values WPT_M=8 --values WPT_N=4,8 --top 10 --recheck 8 > $OUT/t06-k24.txt 2>&1
sed -n '/final round/,/best on/p' $OUT/t06-k24.txt
grep "TILE_K=24" $OUT/t06-k24.txt | head -12
