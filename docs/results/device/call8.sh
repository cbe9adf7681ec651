#!/bin/bash
# Device call 8 (issue 37), on the H200: lab 06 at 1024³ over a wider space (TILE_K 8, 4 × 4 micro
# tiles, the k loop rolled), saved when it wins; lab 02's best tile at 4096².
cd "$(dirname "$0")"; source ./setup.sh
timeout 200 lab tune 06 --solution --size 1024 --values TILE_M=32,64,128 --values TILE_N=64,128 --values TILE_K=8,16 \
    --values WPT_M=4,8 --values WPT_N=4,8 --values UNROLL_K=0,1 --top 8 --recheck 6 --save > $OUT/tune06-1024-wide.txt 2>&1
sed -n '/final round/,$p' $OUT/tune06-1024-wide.txt | head -14
timeout 60 lab tune 02 --solution --size 4096x4096 --values TILE_SIZE=32,64 --values ROWS_PER_ITEM=8,16 --top 4 --recheck 3 > $OUT/tune02-4096.txt 2>&1
sed -n '/final round/,/best on/p' $OUT/tune02-4096.txt
cat tree/labs/06-matmul-register-tiles/tuned.toml | tail -8
