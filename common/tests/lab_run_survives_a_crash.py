#!/usr/bin/env python3
# full clone only: its right kernel answers lab 01; the student edition leaves this file out.
"""`lab run` and `lab tune` survive a kernel that crashes the OpenCL runtime, and say so in words.

    lab_run_survives_a_crash.py LAB

Writes lab-01 kernels into a scratch submission and runs `LAB run 01 --submission DIR
--size 64x64 --no-timing` on each: a kernel that writes 1 GiB past its output and one that
stores float4s at addresses that are not multiples of 16 bytes. Each must end with exit
status 1 (a kernel is wrong; never the shell's 139), keep what was printed before the crash,
and print the signal, the size and define set it was checking, the kernel file, what it
usually means (the alignment hint only for the kernel with vector types) and the commands
to try. A right kernel in the same submission exits 0. `LAB tune 04 --size 64` on a lab-04 kernel
that is right but writes far past its output at TILE_SIZE=32 ranks nothing past the crash, ends
with exit status 1 and names the configuration and the commands that repeat it.
"""
import subprocess
import sys
import tempfile
from pathlib import Path

FAR_WRITE = """\
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < m && col < k) at[(size_t)col * m + row + ((size_t)1 << 28)] = a[row * k + col];  // 1 GiB past the end
}
"""

MISALIGNED_FLOAT4 = """\
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row >= m || col >= k) return;
    // Four elements at once from any column: a multiple of 16 bytes only where col is a multiple of 4.
    const float4 v = *(__global const float4*)(a + row * k + col);
    *(__global float4*)(at + col * m + row) = v;
}
"""

# Right at every tile size but 32, where one work-item writes 4 GiB past the output.
CRASH_AT_TILE_32 = """\
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
#if TILE_SIZE == 32
    if (row == 0 && col == 0) c[(size_t)1 << 30] = 1.0f;
#endif
    if (row >= M || col >= N) return;
    float sum = 0.0f;
    for (uint k = 0; k < K; ++k) sum += a[row * K + k] * b[k * N + col];
    c[row * N + col] = sum;
}
"""

RIGHT = """\
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < m && col < k) at[col * m + row] = a[row * k + col];
}
"""


def run_lab(lab, submission, kernel):
    folder = submission / "01-transpose-naive"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "transpose.cl").write_text(kernel)
    argv = [lab, "run", "01", "--submission", str(submission), "--size", "64x64", "--no-timing"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    # Wrapping breaks lines at spaces: compare the words as one line.
    return proc.returncode, " ".join((proc.stdout + proc.stderr).split())


def expect(problems, name, text, present=(), absent=()):
    for words in present:
        if words not in text:
            problems.append(f"{name}: expected {words!r} in:\n{text[-3000:]}")
    for words in absent:
        if words in text:
            problems.append(f"{name}: did not expect {words!r} in:\n{text[-3000:]}")


def tune_crash(lab, submission, problems):
    folder = submission / "04-matmul-tiled"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "matmul.cl").write_text(CRASH_AT_TILE_32)
    argv = [lab, "tune", "04", "--submission", str(submission), "--size", "64"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    text = " ".join((proc.stdout + proc.stderr).split())
    if proc.returncode != 1:
        problems.append(f"lab tune: exit status {proc.returncode}, expected 1:\n{text[-3000:]}")
    expect(problems, "lab tune", text, [
        "[3/4] TILE_SIZE=16",  # the configurations before the crash, printed and kept
        "lab tune stopped: the OpenCL runtime crashed (signal 11, SIGSEGV",
        "while checking TILE_SIZE=32 at the lab's check sizes",
        f"`build/common/lab run 04 --submission {submission} -D TILE_SIZE=32 --no-timing` repeats just this step",
        f"`build/checker/labcheck --lab 04 --stage barriers --submission {submission} -D TILE_SIZE=32` runs",
    ], ["ranked at"])


def main():
    lab = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory(prefix="lab-run-crash-") as scratch:
        submission = Path(scratch)
        common = [
            "lab 01: Naive transpose",  # printed before the crash, kept
            "lab run stopped: the OpenCL runtime crashed (signal 11, SIGSEGV",
            "while checking size 64×64 (seed 1) at define set 'defaults' (-D TILE_SIZE=16)",
            f"running your kernel {submission}/01-transpose-naive/transpose.cl",
            "outside every buffer",
            f"`build/common/lab run 01 --submission {submission} --size 64x64 --seed 1 --no-timing` repeats just "
            "this step",
            f"`build/checker/labcheck --lab 01 --stage barriers --submission {submission}` runs the kernel under "
            "Oclgrind",
        ]
        for name, kernel, present, absent in (
            ("a write 1 GiB past the output", FAR_WRITE, common, ["multiple of 16 bytes"]),
            ("misaligned float4 loads and stores", MISALIGNED_FLOAT4,
             common + ["Your kernel uses float4 (line 7)", "a multiple of 16 bytes", "vload4(0, p + i)"], []),
        ):
            status, text = run_lab(lab, submission, kernel)
            if status != 1:
                problems.append(f"{name}: exit status {status}, expected 1:\n{text[-3000:]}")
            expect(problems, name, text, present, absent)
        status, text = run_lab(lab, submission, RIGHT)
        if status != 0:
            problems.append(f"a right kernel: exit status {status}, expected 0:\n{text[-3000:]}")
        expect(problems, "a right kernel", text, ["64×64 ok"], ["crashed"])
        tune_crash(lab, submission, problems)
    for problem in problems:
        print(problem)
    if not problems:
        print("lab run survived both crashes, said what happened and what to try, and passed a right kernel; "
              "lab tune survived a crash at one configuration")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
