#!/bin/bash
# Device call 18 (issue 37 item 3): the reference `lab bench --cublas` on the H200 with the launch
# floor (an empty kernel's event time, common/bench/launch_floor.hpp) and each lab's ratio to cuBLAS
# by its event and by kernel time; then lab 06 alone twice more, for the spread of those ratios.
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw,clocks_throttle_reasons.active,compute_cap --format=csv | tee $OUT/state-before.csv
echo "== bench"
timeout 330 lab bench --cublas --json $OUT/h200.json --markdown $OUT/h200.md --plot $OUT/h200.svg > $OUT/bench.txt 2>&1
echo "bench exit $?"; grep "^0[26] \|cuBLAS\|launch floor\|limits\|note" $OUT/bench.txt | head -40
for round in 1 2; do
    echo "== lab 06 alone, round $round"
    timeout 100 lab bench 06 --cublas > $OUT/bench06-$round.txt 2>&1
    grep "^06 \|cuBLAS (\|launch floor\|note: lab" $OUT/bench06-$round.txt
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-after.csv
