#!/usr/bin/env python3
"""cuBLAS FP32 SGEMM through PyTorch: the vendor-library line for the GPU
benchmark. TF32 is switched off, so this is plain FP32 arithmetic, the same
arithmetic as the course's OpenCL kernels.

    python3 kernels/benchmarks/cublas_sgemm.py 4096 8192    # one JSON line per size
"""
import json
import statistics
import sys

import torch


def sgemm_seconds(n: int, repetitions: int = 20) -> float:
    a = torch.rand(n, n, device="cuda") * 2 - 1
    b = torch.rand(n, n, device="cuda") * 2 - 1
    for _ in range(3):
        torch.mm(a, b)
    torch.cuda.synchronize()
    times = []
    for _ in range(repetitions):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        torch.mm(a, b)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1e-3)
    return statistics.median(times)


def main() -> None:
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    for n in (int(arg) for arg in sys.argv[1:] or ["4096"]):
        seconds = sgemm_seconds(n)
        print(json.dumps({"library": "cuBLAS (PyTorch, TF32 off)", "device": torch.cuda.get_device_name(),
                          "n": n, "seconds": seconds, "gflops": 2 * n**3 / seconds * 1e-9}))


if __name__ == "__main__":
    main()
