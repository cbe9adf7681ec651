#!/bin/bash
# Device call 7 (issue 37), on the lent H200: lab 02's float4 extension and lab 06 at 1024 tuned and
# saved into their tuned.toml for this device, then one `lab bench --cublas` at those defaults with
# the GPU's state. Everything lands in $OUT (the tuned.toml files too).
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw,clocks_throttle_reasons.active,compute_cap --format=csv | tee $OUT/state-before.csv
lab devices 2>&1 | head -5
echo "== tune 02 at 8192², the extensions swept"
timeout 120 lab tune 02 --solution --values TILE_SIZE=32,64 --values ROWS_PER_ITEM=4,8,16 --values FLOAT4_MOVES=0,1 \
    --top 12 --recheck 4 --save > $OUT/tune02.txt 2>&1; tail -22 $OUT/tune02.txt
echo "== tune 06 at 1024³"
timeout 170 lab tune 06 --solution --size 1024 -D UNROLL_K=1 --values TILE_M=64,128 --values TILE_N=64,128 \
    --values TILE_K=16,32 --values WPT_M=4,8 --values WPT_N=4,8 --top 8 --recheck 5 --save > $OUT/tune06-1024.txt 2>&1
tail -18 $OUT/tune06-1024.txt
cp tree/labs/02-transpose-local/tuned.toml $OUT/tuned-02.toml; cp tree/labs/06-matmul-register-tiles/tuned.toml $OUT/tuned-06.toml
echo "== bench"
timeout 280 lab bench --cublas --json $OUT/h200.json --markdown $OUT/h200.md --plot $OUT/h200.svg > $OUT/bench.txt 2>&1
echo "bench exit $?"; grep "^0[2678] \|cuBLAS\|copy\|GPU state\|note" $OUT/bench.txt | head -40
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-after.csv
