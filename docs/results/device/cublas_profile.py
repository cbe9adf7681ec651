#!/usr/bin/env python3
"""Cross-check of kernels/benchmarks/cublas_sgemm.py: the device time of cuBLAS's own kernels as
PyTorch's profiler (CUPTI) records them, median per size, beside the one-call-between-events
figure the old script gave. TF32 off, as in the benchmark.

    python3 cublas_profile.py 1024 2048 4096 8192
"""
import json
import statistics
import sys

import torch
from torch.profiler import ProfilerActivity, profile


def one_call_seconds(a, b, c, calls=20):
    times = []
    for _ in range(calls):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        torch.mm(a, b, out=c)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1e-3)
    return statistics.median(times)


def profiled_kernel_seconds(a, b, c, calls=20):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            torch.mm(a, b, out=c)
        torch.cuda.synchronize()
    kernels = [e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA]
    times = [e.device_time * 1e-6 for e in kernels if e.device_time > 0]  # µs -> s
    names = sorted({e.name for e in kernels})
    return statistics.median(times), names, len(times)


def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    for n in (int(x) for x in sys.argv[1:]):
        a, b = torch.rand(n, n, device="cuda") * 2 - 1, torch.rand(n, n, device="cuda") * 2 - 1
        c = torch.empty(n, n, device="cuda")
        for _ in range(5):
            torch.mm(a, b, out=c)
        torch.cuda.synchronize()
        single = one_call_seconds(a, b, c)
        kernel, names, count = profiled_kernel_seconds(a, b, c)
        flops = 2 * n**3
        print(json.dumps({"n": n, "one_call_tflops": flops / single * 1e-12, "profiler_kernel_tflops": flops / kernel * 1e-12,
                          "kernel_launches": count, "kernels": names}))


if __name__ == "__main__":
    main()
