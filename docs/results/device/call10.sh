#!/bin/bash
# Device call 10 (issue 37): lab 02's work-group order (row-major, diagonal, bands of tile columns or
# rows) and lab 06 at 1024 with TILE_K 32 (A unpadded to fit 48 KiB), from experimental copies.
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu,clocks_throttle_reasons.active --format=csv
echo "== tune 02 order at 8192"
timeout 150 lab tune 02 --submission exp/lab02-order --size 8192x8192 --values TILE_SIZE=32,64 --values ROWS_PER_ITEM=8,16 \
   --values GROUP_ORDER=0,1,2,3 --values BAND=4,8,16,32 --top 16 --recheck 8 > $OUT/t02-8192.txt 2>&1
sed -n '/final round/,$p' $OUT/t02-8192.txt | head -24
echo "== tune 02 order at 4096"
timeout 100 lab tune 02 --submission exp/lab02-order --size 4096x4096 --values TILE_SIZE=32,64 --values ROWS_PER_ITEM=8,16 \
   --values GROUP_ORDER=0,2,3 --values BAND=8,16,32 --top 10 --recheck 6 > $OUT/t02-4096.txt 2>&1
sed -n '/final round/,$p' $OUT/t02-4096.txt | head -18
for d in "-D GROUP_ORDER=0" "-D GROUP_ORDER=2 -D BAND=16" "-D GROUP_ORDER=2 -D BAND=32" "-D GROUP_ORDER=3 -D BAND=16" "-D GROUP_ORDER=1"; do
  echo "== bench 02 T64 R16 $d"
  timeout 60 lab bench 02 --submission exp/lab02-order --size 4096x4096 8192x8192 -D TILE_SIZE=64 -D ROWS_PER_ITEM=16 $d 2>&1 | grep -i "02 \|copy\|%" | head -12
done
echo "== tune 06 at 1024"
timeout 150 lab tune 06 --submission exp/lab06-apad --size 1024 -D UNROLL_K=1 --values TILE_M=64,128 --values TILE_N=64,128 \
   --values TILE_K=16,32 --values WPT_M=8 --values WPT_N=4,8 --values A_PAD=0,4 --top 12 --recheck 6 > $OUT/t06-1024.txt 2>&1
sed -n '/final round/,$p' $OUT/t06-1024.txt | head -20
grep -i "error\|fail" $OUT/t06-1024.txt | head -5
