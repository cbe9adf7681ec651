#!/bin/bash
# Device call 4 (issue 26): the memory lens's counts against Nsight Compute's on the H100. The PTX
# NVIDIA's OpenCL driver makes of the lab 01, 02 (padded and unpadded tile) and 06 solutions, at
# each lab's [memory] size and defines, is launched once through the CUDA driver API (ptx_launch.cu)
# under ncu, which counts its global requests and sectors and its shared-memory wavefronts and
# bank conflicts; `lab run NN --memory --solution` on the development machine gives the simulated
# counts of the same launch (docs/results/memory-lens-h100.md puts them side by side).
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.txt
nvcc -O2 ptx_launch.cu -lcuda -o ptx_launch || exit 1
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"
metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics+=,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
sed 's/\[TILE_SIZE + 1\]/[TILE_SIZE]/' tree/solutions/02-transpose-local/transpose.cl > transpose_unpadded.cl

# name, kernel file, kernel, work-groups, work-group size, defines, then ptx_launch's arguments
profile() {
    local name=$1 file=$2 kernel=$3 grid=$4 block=$5 defines=$6; shift 6
    ptx_dump "$file" $OUT/$name.ptx -cl-std=CL1.2 $defines || return
    "$NCU" --clock-control none --metrics $metrics --csv ./ptx_launch $OUT/$name.ptx $kernel $grid $block "$@" \
        > $OUT/$name.csv 2> $OUT/$name.err
    grep '^ptx_launch' $OUT/$name.csv
    echo "== $name"
    awk -F'","' '/l1tex|smsp/ {gsub(/"/, "", $NF); print "  " $(NF-2), $NF}' $OUT/$name.csv
}
transpose64="in:4096 out:4096 u32:64 u32:64 --verify transpose:64:64"
profile lab01 tree/solutions/01-transpose-naive/transpose.cl transpose 2,2,1 32,32,1 "-D TILE_SIZE=32" $transpose64
profile lab02 tree/solutions/02-transpose-local/transpose.cl transpose 2,2,1 32,32,1 "-D TILE_SIZE=32" $transpose64
profile lab02-unpadded transpose_unpadded.cl transpose 2,2,1 32,32,1 "-D TILE_SIZE=32" $transpose64
profile lab06 tree/solutions/06-matmul-register-tiles/matmul.cl matmul 1,1,2 8,16,1 \
    "-D TILE_K=16 -D TILE_M=128 -D TILE_N=128 -D WPT_M=8 -D WPT_N=16 -D UNROLL_K=1" \
    in:8192 in:8192 out:32768 u32:128 u32:32 u32:128 --verify matmul:128:32:128:2
