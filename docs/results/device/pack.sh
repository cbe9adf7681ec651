#!/bin/bash
# Packs what a device call needs into CARRY (an ignored folder of the checkout the device copies):
# the built `lab`, the shared libraries it needs that a bare CUDA image lacks, the course tree.
#   docs/results/device/pack.sh BUILD_DIR CARRY
set -euo pipefail
build=$1 carry=$2
src=$(cd "$(dirname "$0")/../../.." && pwd)
rm -rf "$carry"; mkdir -p "$carry/bin" "$carry/lib" "$carry/tree"
cp "$build/common/lab" "$carry/bin/"
for lib in libOpenCL.so.1 libfmt.so.9 libtomlplusplus.so.3 libclblast.so.1 libopenblas.so.0 libgfortran.so.5 \
           libquadmath.so.0; do
    path=$(ldd "$build/common/lab" | awk -v l="$lib" '$1 == l {print $3}')
    [ -n "$path" ] && cp -L "$path" "$carry/lib/$lib"
done
cp -r "$src/labs" "$src/solutions" "$src/kernels" "$carry/tree/"
python3 "$src/docs/results/device/make_experiments.py" "$carry"  # experiments' kernels, laid out like labs/
cp "$src"/docs/results/device/*.sh "$src"/docs/results/device/*.py "$src"/docs/results/device/*.cu \
   "$src"/docs/results/device/*.cl "$carry/" 2>/dev/null || true
# ptx_dump (the PTX NVIDIA's OpenCL driver makes of a kernel; call4.sh) and cl_launch_time (call16.sh) need
# the OpenCL headers of this machine.
for tool in ptx_dump cl_launch_time; do
    g++ -std=c++17 -O2 -DCL_HPP_TARGET_OPENCL_VERSION=120 -DCL_HPP_MINIMUM_OPENCL_VERSION=120 \
        "$src/docs/results/device/$tool.cpp" -lOpenCL -o "$carry/bin/$tool"
done
du -sh "$carry"
