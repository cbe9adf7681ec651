#!/bin/bash
# Device call 16 (issue 37 item 3): lab 06 at 1024³ on the H200, two questions.
#  1. How a launch is framed: the solution at its H200 entry timed as `lab` times it (one launch,
#     its own OpenCL profiling events), alone without the refill, and back to back (as cuBLAS is
#     timed); its driver PTX through CUDA the same two ways; and both it and cuBLAS under Nsight
#     Compute (gpu__time_duration, clocks not locked), the kernel alone on both sides.
#  2. K shared among SLICES groups of work-items of one work-group (exp/lab06-sliced, made by
#     make_experiments.py): more warps per multiprocessor for the same tiles, their sums added in
#     local memory at the end. Each shape checked against the host (32 rows) and timed by OpenCL.
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-before.csv
nvcc -O2 ptx_launch.cu -lcuda -o ptx_launch || exit 1
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
# The median gpu__time_duration of the kernels in an ncu CSV, with its unit and the kernels' names.
durations() {
    python3 - "$1" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(line for line in open(sys.argv[1]) if line.startswith('"')))
rows = [r for r in rows if r.get("Metric Name") == "gpu__time_duration.sum"]
t = sorted(float(r["Metric Value"].replace(",", "")) for r in rows)
names = sorted({r["Kernel Name"][:90] for r in rows})
print(sys.argv[1].split("/")[-1], "gpu__time_duration median", statistics.median(t) if t else None,
      rows[0]["Metric Unit"] if rows else "", "of", len(t), "launches, min", t[0] if t else None, names)
PY
}
n=1024; nn=$((n * n))
mats="in:$nn in:$nn out:$nn u32:$n u32:$n u32:$n"
sol=tree/solutions/06-matmul-register-tiles/matmul.cl
best="-D TILE_M=64 -D TILE_N=128 -D TILE_K=16 -D WPT_M=8 -D WPT_N=4 -D UNROLL_K=1"

echo "== 1. framing"
timeout 60 lab run 06 --solution --size $n 2>&1 | grep -i "tflop\|gflop\|defines\|tuned" | head -6
cl_launch_time $sol matmul $((n / 4)),$((n / 8)) 32,8 20 $mats --verify $n:$n:$n $best
ptx_dump $sol $OUT/best.ptx -cl-std=CL1.2 $best
PTX_LAUNCH_TIME=20 ./ptx_launch $OUT/best.ptx matmul 8,16,1 32,8,1 $mats --verify matmul:$n:$n:$n:1
PTX_LAUNCH_TIME=2 timeout 120 "$NCU" --clock-control none --metrics gpu__time_duration.sum --csv \
    ./ptx_launch $OUT/best.ptx matmul 8,16,1 32,8,1 $mats > $OUT/ncu-lab06.csv 2>&1
durations $OUT/ncu-lab06.csv
cat > $OUT/cublas_mm.py <<'PY'
import torch
torch.backends.cuda.matmul.allow_tf32 = False
a, b = torch.rand(1024, 1024, device="cuda"), torch.rand(1024, 1024, device="cuda")
c = torch.empty(1024, 1024, device="cuda")
for _ in range(20):
    torch.mm(a, b, out=c)
torch.cuda.synchronize()
PY
timeout 180 "$NCU" --clock-control none --metrics gpu__time_duration.sum --csv -k regex:'gemm|xmma|sgemm' \
    python3 $OUT/cublas_mm.py > $OUT/ncu-cublas.csv 2>&1
durations $OUT/ncu-cublas.csv
timeout 120 python3 cublas_profile.py $n

echo "== 2. sliced K (exp/lab06-sliced), OpenCL, 20 launches x 7"
sliced=exp/lab06-sliced/06-matmul-register-tiles/matmul.cl
# name  TILE_M TILE_N TILE_K WPT_M WPT_N SLICES
while read -r name tm tn tk wm wn s; do
    lx=$((tn / wn)); ly=$((tm / wm))
    echo "-- $name: $tm x $tn x $tk, $wm x $wn, SLICES $s: work-group $lx x $ly x $s"
    timeout 60 cl_launch_time $sliced matmul $((n / wn)),$((n / wm)),$s $lx,$ly,$s 20 $mats --verify $n:$n:$n \
        -D TILE_M=$tm -D TILE_N=$tn -D TILE_K=$tk -D WPT_M=$wm -D WPT_N=$wn -D SLICES=$s -D UNROLL_K=1
done <<'SHAPES'
best       64 128 16 8 4 1
s64x64     64  64 16 8 4 1
s64x64-2   64  64 16 8 4 2
s64x64k8-2 64  64  8 8 4 2
s64x64k8-4 64  64  8 8 4 4
s64x64w8-2 64  64 16 8 8 2
s64x128-2  64 128  8 8 8 2
s128x64-2 128  64  8 8 8 2
s128x64-1 128  64  8 8 8 1
s64x128k16w8-1 64 128 16 8 8 1
SHAPES
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv | tee $OUT/state-after.csv
