#!/bin/bash
# Device call 3 (issue 27): lab 06 at 1024 over the whole [tune] space with the k loop unrolled;
# when its best beats the carried [[gpu.defines_by_size]] (64 × 128 × 16, 8 × 4) by more than 1%,
# the carried lab.toml takes it (printed here, copied into the repository afterwards); then the
# reference run of every lab with cuBLAS, and lab 06 once more.
cd "$(dirname "$0")"; source ./setup.sh
toml=tree/labs/06-matmul-register-tiles/lab.toml
timeout 240 lab tune 06 --solution --size 1024 -D UNROLL_K=1 --top 10 --recheck 6 --repeat 100 > $OUT/tune1024.txt 2>&1
sed -n '/final round/,/best on this device/p' $OUT/tune1024.txt
best=$(sed -n 's/^best on this device: \(.*\) (\([0-9.]*\) GFLOP.*/\2 \1/p' $OUT/tune1024.txt)
rate=${best%% *}; defs=${best#* }
if [ -n "$rate" ] && awk -v r="$rate" 'BEGIN{exit !(r > 34843.6 * 1.01)}'; then
  inline=$(echo "$defs" | sed 's/ /, /g; s/=/ = /g')
  sed -i "s/^defines = { TILE_M = 64, TILE_N = 128, TILE_K = 16, WPT_M = 8, WPT_N = 4, UNROLL_K = 1 }/defines = { $inline }/" $toml
  echo "lab.toml at 1024 now: $inline"
fi
grep -A2 "gpu.defines_by_size" $toml
lab bench --cublas --json $OUT/h100.json --markdown $OUT/h100.md --plot $OUT/h100.svg > $OUT/bench.txt 2>&1
echo "bench exit $?"; grep "^06\|cuBLAS\|GPU state\|note" $OUT/bench.txt
lab bench 06 --cublas --json $OUT/h100-06-again.json > $OUT/bench06.txt 2>&1; grep "^06 \|cuBLAS" $OUT/bench06.txt
