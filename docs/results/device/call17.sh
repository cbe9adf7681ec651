#!/bin/bash
# Device call 17 (issue 37 item 3): how each way of timing frames one launch at n = 1024 on the
# H200. Call 16 found the driver's PTX of lab 06's solution at 57.5 µs a launch back to back
# through CUDA and 61.8 µs alone, while OpenCL's profiling events give 62.2-62.6 µs for one
# launch. Here the same PTX, cuBLAS and an empty kernel are timed through CUDA four ways
# (launch_framing.py: graph, after sleep, alone, profiler), and the solution and an empty kernel
# through OpenCL's events (cl_launch_time), in one call.
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-before.csv
n=1024; nn=$((n * n))
mats="in:$nn in:$nn out:$nn u32:$n u32:$n u32:$n"
sol=tree/solutions/06-matmul-register-tiles/matmul.cl
best="-D TILE_M=64 -D TILE_N=128 -D TILE_K=16 -D WPT_M=8 -D WPT_N=4 -D UNROLL_K=1"
echo '__kernel void empty(__global float* x) { }' > $OUT/empty.cl
for round in 1 2; do
    echo "== OpenCL, round $round"
    cl_launch_time $sol matmul $((n / 4)),$((n / 8)) 32,8 20 $mats --verify $n:$n:$n $best
    cl_launch_time $OUT/empty.cl empty 32 32 20 out:32
    timeout 60 lab run 06 --solution --size $n 2>&1 | grep "your kernel"
done
ptx_dump $sol $OUT/best.ptx -cl-std=CL1.2 $best
for round in 1 2; do
    echo "== CUDA, round $round"
    timeout 200 python3 launch_framing.py $OUT/best.ptx 8,16 32,8 2>&1 | grep -v Warn
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-after.csv
