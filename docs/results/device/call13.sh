#!/bin/bash
# Device call 13 (issue 37): lab 02's float4 extension swept and saved for the H200 (`lab tune 02
# --save`), `lab run 02 --solution` on the saved entry, then the reference `lab bench --cublas`.
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw,clocks_throttle_reasons.active,compute_cap --format=csv | tee $OUT/state-before.csv
echo "== tune 02 --save"
timeout 150 lab tune 02 --solution --values TILE_SIZE=32,64 --values ROWS_PER_ITEM=16,32 --values VECTOR_MOVES=0,1 \
   --values BAND_COLUMNS=0,4 --top 8 --recheck 6 --save > $OUT/tune02-save.txt 2>&1
sed -n '/final round/,$p' $OUT/tune02-save.txt | head -30
cp tree/labs/02-transpose-local/tuned.toml $OUT/tuned-02.toml; tail -7 $OUT/tuned-02.toml
echo "== lab run 02 --solution"
timeout 60 lab run 02 --solution --size 8192x8192 2>&1 | tee $OUT/run02.txt | grep -v "^  [0-9]*×[0-9]* *ok$" | head -20
echo "== bench"
timeout 300 lab bench --cublas --json $OUT/h200.json --markdown $OUT/h200.md --plot $OUT/h200.svg > $OUT/bench.txt 2>&1
echo "bench exit $?"; grep "^0[26] \|cuBLAS\|lab 02's" $OUT/bench.txt | head -30
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-after.csv
