# Sourced at the start of a device call: the carried `lab` binary, its shared libraries, NVIDIA's
# OpenCL driver registered for the ICD loader, and the carried course tree as LAB_ROOT.
# Layout of the carry folder (pack.sh writes it): bin/lab, lib/*.so*, tree/{labs,solutions,kernels}.
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p /tmp/icd
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
export LD_LIBRARY_PATH="$HERE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LAB_ROOT="$HERE/tree"
export PATH="$HERE/bin:$PATH"
export OPENBLAS_NUM_THREADS=16
