#!/usr/bin/env python3
"""cuBLAS FP32 SGEMM through PyTorch: the vendor-library line for the GPU
benchmark. TF32 is switched off, so this is plain FP32 arithmetic, the same
arithmetic as the course's OpenCL kernels.

Timed as kernel time, not launch time: a CUDA event pair around one torch.mm
also holds the launch from Python, which at n = 1024 is a fifth of the time.
(The OpenCL side's profiling events hold the driver's launch of a kernel
besides the kernel, about 4 µs on the H200: `lab bench` measures that launch
floor and says each ratio to cuBLAS both ways, common/bench/launch_floor.hpp.)
So after a warm-up, CALLS
products are captured back to back in one CUDA graph, and each of ROUNDS
replays is timed between one event pair and divided by CALLS; the figure is
the median of the rounds (without graphs, where capture fails: the same calls
back to back from Python). Buffers: A, B and C are allocated once and reused
by every call (torch.mm(out=C)), as the OpenCL side reuses its buffers.

    python3 kernels/benchmarks/cublas_sgemm.py 4096 8192    # one JSON line per size
"""
import json
import statistics
import sys

import torch

ROUNDS = 7
WARMUP_CALLS = 5


def calls_per_round(n: int) -> int:
    """Enough back-to-back products that a round lasts well over the launch gap."""
    return 50 if n <= 2048 else 10


def back_to_back(a, b, c, calls: int):
    """CALLS products C = A·B as one thing to time: a CUDA graph's replay, else a Python loop."""
    def loop():
        for _ in range(calls):
            torch.mm(a, b, out=c)
    try:
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            loop()
        graph.replay()  # once more as a warm-up of the graph itself
        torch.cuda.synchronize()
        return graph.replay, "one CUDA graph of"
    except RuntimeError:
        torch.cuda.synchronize()
        return loop, "a Python loop (CUDA graph capture failed) of"


def sgemm_seconds(n: int) -> tuple[float, list[float], int, str]:
    """The median seconds of one product, every round's figure, and the calls per round."""
    a = torch.rand(n, n, device="cuda") * 2 - 1
    b = torch.rand(n, n, device="cuda") * 2 - 1
    c = torch.empty(n, n, device="cuda")
    for _ in range(WARMUP_CALLS):
        torch.mm(a, b, out=c)
    torch.cuda.synchronize()
    calls = calls_per_round(n)
    run, how = back_to_back(a, b, c, calls)
    rounds = []
    for _ in range(ROUNDS):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        run()
        end.record()
        end.synchronize()
        rounds.append(start.elapsed_time(end) * 1e-3 / calls)
    reference = a.double() @ b.double()
    error = float((c.double() - reference).norm() / reference.norm())
    if not error < 1e-4:
        raise SystemExit(f"cuBLAS's product at n = {n} is off by {error:.2e} (relative): not timed")
    return statistics.median(rounds), rounds, calls, how


def main() -> None:
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    for n in (int(arg) for arg in sys.argv[1:] or ["4096"]):
        seconds, rounds, calls, how = sgemm_seconds(n)
        method = (f"kernel time: {WARMUP_CALLS} warm-up calls, then {ROUNDS} replays of {how} {calls} back-to-back "
                  f"torch.mm(out=C), each between one CUDA event pair, median of the replays; A, B, C reused")
        print(json.dumps({"library": "cuBLAS (PyTorch, TF32 off)", "device": torch.cuda.get_device_name(),
                          "n": n, "seconds": seconds, "gflops": 2 * n**3 / seconds * 1e-9,
                          "rounds_seconds": rounds, "method": method}))


if __name__ == "__main__":
    main()
