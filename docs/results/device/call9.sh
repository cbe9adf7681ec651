#!/bin/bash
# Device call 9 (issue 35 item 7): the memory lens's counts against Nsight Compute's on the H200, as
# call 4 did on the H100, for the solutions of labs 01-08 at each lab's [memory] size and GPU
# defines (lab 07: its split and merge kernels, at 256³ with LEVELS=1; lab 08: B as a texture
# object) and for the variants the READMEs discuss (common/memory_lens/tests/readme_claims.py: lab
# 02 unpadded and at TILE_SIZE 16, lab 04 with B's tile read down a column, lab 05's interleaved,
# contiguous and unpadded columns, lab 06 at small tiles). Each kernel: the PTX NVIDIA's OpenCL
# driver makes of it (ptx_dump), launched once through the CUDA driver API (ptx_launch.cu) under ncu.
# docs/results/memory-lens-h200.md puts the counts beside `lab run NN --memory`'s. Lab 08's image
# needed ptx_launch's texmode rewrite (unified_mode), made after the first run: its second call ran
# `ONLY=lab08 SOLUTIONS=... call9.sh`; a third added lab07-merge (`ONLY=lab07-merge`), a fourth
# printed the SASS instructions (`ONLY=none SASS=folder`, the folder relative to this script's).
cd "$(dirname "$0")"; source ./setup.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.txt
nvcc -O2 ptx_launch.cu -lcuda -o ptx_launch || exit 1
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"; "$NCU" --version | tail -1
metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics+=,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
tex_metrics=l1tex__t_requests_pipe_tex_mem_texture.sum,l1tex__t_sectors_pipe_tex_mem_texture.sum
tex_metrics+=,smsp__inst_executed_op_texture.sum
S=${SOLUTIONS:-tree/solutions}   # the packed tree's solutions, or another copy of them
# A variant: the solution with (old|new) pairs replaced, as readme_claims.py makes it.
variant() {
    local from=$1 to=$2; shift 2; cp "$from" "$to"
    for pair in "$@"; do python3 - "$to" "$pair" <<'PY'
import sys
t = open(sys.argv[1]).read(); old, new = sys.argv[2].split('|')
assert old in t, old
open(sys.argv[1], 'w').write(t.replace(old, new))
PY
    done
}
variant $S/02-transpose-local/transpose.cl v02_unpadded.cl '[TILE_SIZE + 1]|[TILE_SIZE]'
variant $S/04-matmul-tiled/matmul.cl v04_bcol.cl 'b_tile[ly][lx] =|b_tile[lx][ly] =' 'b_tile[k][lx]|b_tile[lx][k]'
variant $S/05-matmul-thread-work/matmul.cl v05_contiguous.cl 'lx + w * GROUP_COLS|lx * THREAD_WORK + w'
variant $S/05-matmul-thread-work/matmul.cl v05_unpadded.cl '[TILE_SIZE + 1]|[TILE_SIZE]'

# name, kernel file, kernel, work-groups, work-group size, defines, then ptx_launch's arguments
profile() {
    local name=$1 file=$2 kernel=$3 grid=$4 block=$5 defines=$6; shift 6
    [ -n "$ONLY" ] && [[ " $ONLY " != *" $name "* ]] && return   # ONLY="lab08 ...": just those
    ptx_dump "$file" $OUT/$name.ptx -cl-std=CL1.2 $defines || { echo "== $name: ptx_dump failed"; return; }
    "$NCU" --clock-control none --metrics $metrics --csv ./ptx_launch $OUT/$name.ptx $kernel $grid $block "$@" \
        > $OUT/$name.csv 2> $OUT/$name.err
    echo "== $name"
    grep '^ptx_launch' $OUT/$name.csv $OUT/$name.err
    awk -F'","' '/l1tex|smsp/ {gsub(/"/, "", $NF); print "  " $(NF-2), $NF}' $OUT/$name.csv
}
t64="in:4096 out:4096 u32:64 u32:64 --verify transpose:64:64"
m64="in:4096 in:4096 out:4096 u32:64 u32:64 u32:64 --verify matmul:64:64:64:1"
m32="in:1024 in:1024 out:1024 u32:32 u32:32 u32:32 --verify matmul:32:32:32:1"
m05="in:2048 in:4096 out:2048 u32:32 u32:64 u32:64 --verify matmul:32:64:64:1"
g06="-D TILE_K=16 -D TILE_M=128 -D TILE_N=128 -D WPT_M=8 -D WPT_N=16 -D UNROLL_K=1"
s06="-D TILE_K=8 -D TILE_M=32 -D TILE_N=64 -D WPT_M=4 -D WPT_N=8 -D UNROLL_K=1"
profile lab01 $S/01-transpose-naive/transpose.cl transpose 2,2,1 32,32,1 "-D TILE_SIZE=32" $t64
profile lab02 $S/02-transpose-local/transpose.cl transpose 2,2,1 32,32,1 "-D TILE_SIZE=32" $t64
profile lab02-unpadded v02_unpadded.cl transpose 2,2,1 32,32,1 "-D TILE_SIZE=32" $t64
profile lab02-t16 $S/02-transpose-local/transpose.cl transpose 4,4,1 16,16,1 "-D TILE_SIZE=16" $t64
profile lab03 $S/03-matmul-naive/matmul.cl matmul 4,4,1 16,16,1 "-D TILE_SIZE=16" $m64
profile lab04 $S/04-matmul-tiled/matmul.cl matmul 4,4,1 16,16,1 "-D TILE_SIZE=16" $m64
profile lab04-bcol v04_bcol.cl matmul 2,2,1 16,16,1 "-D TILE_SIZE=16" $m32
profile lab05 $S/05-matmul-thread-work/matmul.cl matmul 2,1,1 4,64,1 "-D TILE_SIZE=64 -D THREAD_WORK=16" \
    in:4096 in:8192 out:8192 u32:64 u32:64 u32:128 --verify matmul:64:64:128:1
profile lab05-interleaved $S/05-matmul-thread-work/matmul.cl matmul 2,1,1 4,32,1 "-D TILE_SIZE=32 -D THREAD_WORK=8" $m05
profile lab05-contiguous v05_contiguous.cl matmul 2,1,1 4,32,1 "-D TILE_SIZE=32 -D THREAD_WORK=8" $m05
profile lab05-unpadded v05_unpadded.cl matmul 2,1,1 4,32,1 "-D TILE_SIZE=32 -D THREAD_WORK=8" $m05
profile lab06 $S/06-matmul-register-tiles/matmul.cl matmul 1,1,2 8,16,1 "$g06" \
    in:8192 in:8192 out:32768 u32:128 u32:32 u32:128 --verify matmul:128:32:128:2
profile lab06-small $S/06-matmul-register-tiles/matmul.cl matmul 1,1,2 8,8,1 "$s06" \
    in:1024 in:2048 out:4096 u32:32 u32:16 u32:64 --verify matmul:32:16:64:2
profile lab07-split $S/07-strassen/strassen.cl strassen_split 4,16,1 32,8,1 "$g06 -D LEVELS=1" \
    in:65536 in:65536 out:114688 out:114688 u32:128 u32:128 u32:128
profile lab07-merge $S/07-strassen/strassen.cl strassen_merge 4,16,1 32,8,1 "$g06 -D LEVELS=1" \
    in:114688 out:65536 u32:128 u32:128
profile lab08 $S/08-matmul-image/matmul.cl matmul 1,1,1 16,16,1 "-D TILE_M=64 -D TILE_N=128 -D TILE_K=4 -D WPT_M=4 -D WPT_N=8" \
    in:4096 img:32:64 out:8192 u32:64 u32:64 u32:128 --verify matmul:64:64:128:1
# The texture path's own counters, apart (a metric this ncu lacks fails only this run).
if [ -z "$ONLY" ] || [[ " $ONLY " == *" lab08 "* ]]; then
    "$NCU" --clock-control none --metrics $tex_metrics --csv ./ptx_launch $OUT/lab08.ptx matmul 1,1,1 16,16,1 \
        in:4096 img:32:64 out:8192 u32:64 u32:64 u32:128 --verify matmul:64:64:128:1 > $OUT/lab08-tex.csv 2>&1
    echo "== lab08 texture"; grep '^ptx_launch\|ERR' $OUT/lab08-tex.csv
    awk -F'","' '/l1tex|smsp/ {gsub(/"/, "", $NF); print "  " $(NF-2), $NF}' $OUT/lab08-tex.csv
fi
# The machine code of the kernels whose counts differ from the lens's (SASS=folder of cubins that
# ptxas made of the PTX above): which loads and stores the PTX became.
if [ -n "$SASS" ]; then
    for cubin in "$SASS"/*.cubin; do
        echo "== SASS $(basename $cubin .cubin): $(cuobjdump -sass $cubin | grep -o '\b\(LDS\|STS\|LDG\|STG\|TEX\)[.A-Z0-9]*' | sort | uniq -c | tr -s ' \n' ' ')"
    done
fi
cd $OUT && tar czf ptx.tgz *.ptx *.err && rm -f *.ptx *.err && tar czf csv.tgz *.csv && rm -f *.csv
