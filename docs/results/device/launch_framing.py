#!/usr/bin/env python3
"""How each way of timing frames one GPU launch (device call 17, issue 37 item 3): the driver's PTX
of lab 06's solution (ptx_dump), cuBLAS's SGEMM and an empty kernel, all at n = 1024 through CUDA in
one process, each timed four ways, medians in microseconds:

  graph        N launches captured in one CUDA graph, its replay between one event pair, / N
               (kernels/benchmarks/cublas_sgemm.py: the bench's cuBLAS figure)
  after sleep  one launch alone, the GPU busy in a sleep kernel while the host queues the event pair
               and the launch, so the pair frames the GPU's own launch of it and no host latency
  alone        one launch between an event pair with the GPU idle before it
  profiler     the kernel's own duration as CUPTI records it (PyTorch's profiler), back to back

An OpenCL profiling event of one launch (cl_launch_time, `lab`) is set beside these in call17.sh.

    python3 launch_framing.py BEST.PTX GRID_X,GRID_Y BLOCK_X,BLOCK_Y
"""
import ctypes
import json
import re
import statistics
import sys

import torch
from torch.profiler import ProfilerActivity, profile

N = 1024
LAUNCHES = 20
ROUNDS = 7
EMPTY_PTX = """.version 7.0
.target sm_80
.address_size 64
.visible .entry empty()
{
    ret;
}
"""

cuda = ctypes.CDLL("libcuda.so.1")


def check(result, what):
    if result != 0:
        raise SystemExit(f"launch_framing: {what} failed with CUresult {result}")


def kernel_from_ptx(ptx: str, name: str):
    module, function = ctypes.c_void_p(), ctypes.c_void_p()
    check(cuda.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(ptx.encode() + b"\0")), "cuModuleLoadData")
    check(cuda.cuModuleGetFunction(ctypes.byref(function), module, name.encode()), "cuModuleGetFunction")
    return function


def launcher(function, grid, block, args):
    """A function that launches `function` on PyTorch's current stream with `args` (ctypes values)."""
    params = (ctypes.c_void_p * max(len(args), 1))(*[ctypes.cast(ctypes.byref(a), ctypes.c_void_p) for a in args])

    def launch():
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        check(cuda.cuLaunchKernel(function, *grid, *block, 0, stream, params, None), "cuLaunchKernel")
    launch.keep = (args, params)
    return launch


def median_us(samples):
    return statistics.median(samples) * 1e3  # ms -> µs


def graph_us(launch):
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(LAUNCHES):
            launch()
    graph.replay()
    torch.cuda.synchronize()
    rounds = []
    for _ in range(ROUNDS):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        rounds.append(start.elapsed_time(end) / LAUNCHES)
    return median_us(rounds)


def alone_us(launch, sleep_first: bool):
    times = []
    for _ in range(ROUNDS * LAUNCHES):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        if sleep_first:
            torch.cuda._sleep(200_000)  # about 100 µs at 2 GHz: the host queues what follows meanwhile
        start.record()
        launch()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return median_us(times)


def profiler_us(launch, name_part: str):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(LAUNCHES):
            launch()
        torch.cuda.synchronize()
    times = [e.device_time for e in prof.events()
             if e.device_type == torch.autograd.DeviceType.CUDA and name_part in e.name and e.device_time > 0]
    return statistics.median(times) if times else None


def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    ptx_path, grid, block = sys.argv[1], [int(x) for x in sys.argv[2].split(",")], [int(x) for x in sys.argv[3].split(",")]
    grid, block = (grid + [1, 1])[:3], (block + [1, 1])[:3]
    a, b = torch.rand(N, N, device="cuda") * 2 - 1, torch.rand(N, N, device="cuda") * 2 - 1
    c = torch.empty(N, N, device="cuda")
    torch.cuda.synchronize()
    ptx = re.sub(r"%envreg[0-9]+", "0", open(ptx_path).read())
    args = [ctypes.c_uint64(a.data_ptr()), ctypes.c_uint64(b.data_ptr()), ctypes.c_uint64(c.data_ptr()),
            ctypes.c_uint32(N), ctypes.c_uint32(N), ctypes.c_uint32(N)]
    kernels = {
        "lab 06 (driver PTX)": (launcher(kernel_from_ptx(ptx, "matmul"), grid, block, args), "matmul"),
        "cuBLAS": (lambda: torch.mm(a, b, out=c), "gemm"),
        "empty kernel": (launcher(kernel_from_ptx(EMPTY_PTX, "empty"), [1, 1, 1], [32, 1, 1], []), "empty"),
    }
    ours, _ = kernels["lab 06 (driver PTX)"]
    c.zero_()
    ours()
    torch.cuda.synchronize()
    error = float((c.double() - a.double() @ b.double()).norm() / (a.double() @ b.double()).norm())
    print(json.dumps({"lab 06 relative error": error}))
    for name, (launch, part) in kernels.items():
        for _ in range(5):
            launch()
        torch.cuda.synchronize()
        row = {"kernel": name, "graph_us": graph_us(launch), "after_sleep_us": alone_us(launch, True),
               "alone_us": alone_us(launch, False), "profiler_us": profiler_us(launch, part)}
        if name != "empty kernel":
            row["graph_tflops"] = 2 * N**3 / row["graph_us"] * 1e-6
            row["after_sleep_tflops"] = 2 * N**3 / row["after_sleep_us"] * 1e-6
        print(json.dumps(row))


if __name__ == "__main__":
    main()
