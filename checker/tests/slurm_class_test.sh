#!/bin/bash
# The Slurm class test: grades a class of 20 submissions through a real Slurm,
# started here as a single-node cluster (munged, slurmctld and slurmd in a
# temporary folder, node = this host with 2 CPUs), and checks that
#   - sbatch's refusals (no such partition, no such gres) reach the user as one sentence;
#   - --dry-run prints the job-array script and submits nothing;
#   - a task cancelled with scancel part-way leaves no half-written record, and a re-run
#     grades only the students it left, regrading nobody (records are compared byte for byte);
#   - the gradebook after the re-run is complete and equals the one-machine `--jobs 2` gradebook;
#   - `--collect` by hand gives the same gradebook.
# It stops exactly the daemons it started (trap on exit) and installs nothing: it is skipped
# (exit 77) when it is not root or slurm-wlm / munge are missing (common/setup.sh installs them).
#
#   LABCHECK=build/checker/labcheck checker/tests/slurm_class_test.sh   (from the source root)
#
# Waits are polls on a deadline, never sleeps standing in for one.
set -euo pipefail

SKIP=77
skip() { echo "SKIP: $*"; exit "$SKIP"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

LABCHECK=$(realpath "${LABCHECK:?set LABCHECK to build/checker/labcheck}")
ROOT=$(pwd)
[ -f "$ROOT/solutions/01-transpose-naive/transpose.cl" ] || skip "run from the course root (solutions/ is needed)"
[ "$(id -u)" -eq 0 ] || skip "starting slurmd needs root (CI runs as root); not root here"
for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
    command -v "$tool" >/dev/null || skip "$tool is not installed: install slurm-wlm and munge (common/setup.sh does)"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/labcheck-slurm-test.XXXXXX")
daemons=()  # the pids of the daemons this script started, and only those

stop_daemons() {
    local status=$?
    if [ -n "${SLURM_CONF:-}" ] && [ "${#daemons[@]}" -gt 0 ]; then
        scancel --quiet --user "$(id -un)" 2>/dev/null || true  # this private cluster's jobs: all ours
        local deadline=$((SECONDS + 30))
        while [ -n "$(squeue -h -o %i 2>/dev/null)" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    fi
    for pid in "${daemons[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${daemons[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ "$status" -ne 0 ] && [ "$status" -ne "$SKIP" ] && [ -d "$work/log" ]; then
        echo "--- logs ($work/log) ---"; tail -n 20 "$work"/log/* "$work"/results/slurm/*.out 2>/dev/null || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap stop_daemons EXIT
trap 'exit 130' INT TERM

# poll SECONDS WHAT COMMAND...: runs COMMAND until it succeeds, failing after SECONDS.
poll() {
    local seconds=$1 what=$2; shift 2
    local deadline=$((SECONDS + seconds))
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || fail "waited ${seconds}s for $what"
        sleep 0.2  # the interval between two polls, not a wait for something to happen
    done
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# --- the class: 20 students, lab 01 for all, lab 04 for three ------------------------------
make_class() {
    local class=$1 sol01="$ROOT/solutions/01-transpose-naive/transpose.cl"
    local sol04="$ROOT/solutions/04-matmul-tiled/matmul.cl"
    for n in $(seq -w 1 20); do mkdir -p "$class/s$n/01-transpose-naive"; done
    for n in 01 03 04 05 07 08 09 11 12 14; do cp "$sol01" "$class/s$n/01-transpose-naive/transpose.cl"; done
    for n in 06 13 16 17 19; do  # broken: does not build
        sed 's/at\[i \* m + j\] = a\[j \* k + i\];/at[i * m + j] = a[j * k + i]/' "$sol01" >"$class/s$n/01-transpose-naive/transpose.cl"
    done
    for n in 10 15 18 20; do  # wrong: writes the copy, not the transpose
        sed 's/at\[i \* m + j\] = a\[j \* k + i\];/at[j * k + i] = a[j * k + i];/' "$sol01" >"$class/s$n/01-transpose-naive/transpose.cl"
    done
    cat >"$class/s02/01-transpose-naive/transpose.cl" <<'EOF'
// Never finishes: the loop's step never grows (a volatile store keeps the loop).
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    volatile __global float* out = at;
    for (uint step = 0; step < k; step += 0) {
        if (i < k && j < m) out[i * m + j] = a[j * k + i];
    }
}
EOF
    for n in 01 03; do mkdir -p "$class/s$n/04-matmul-tiled" && cp "$sol04" "$class/s$n/04-matmul-tiled/matmul.cl"; done
    mkdir -p "$class/s05/04-matmul-tiled" && echo "__kernel void matmul(" >"$class/s05/04-matmul-tiled/matmul.cl"
}

# --- the cluster ------------------------------------------------------------------------------
start_cluster() {
    local host; host=$(hostname -s)
    mkdir -p "$work/state" "$work/spool" "$work/log"
    head -c 1024 /dev/urandom >"$work/munge.key" && chmod 400 "$work/munge.key"
    munged --foreground --force --socket="$work/munge.socket" --key-file="$work/munge.key" \
        --pid-file="$work/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge.seed" \
        >"$work/log/munged.out" 2>&1 &
    daemons+=($!)
    poll 20 "munged's socket" test -S "$work/munge.socket"
    cat >"$work/slurm.conf" <<EOF
ClusterName=labchecktest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
KillWait=5
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=grading Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF="$work/slurm.conf"
    slurmctld -D -i -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
    daemons+=($!)
    slurmd -D -N "$host" -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
    daemons+=($!)
    poll 60 "the node to be idle (sinfo)" node_idle
}
node_idle() { sinfo -h -o %T 2>/dev/null | grep -qx idle; }

# --- helpers over the cluster and the records ------------------------------------------------
job_gone() { [ -z "$(squeue -h -j "$1" -o %i 2>/dev/null)" ]; }
job_running() { squeue -h -j "$1" -t R -o %i 2>/dev/null | grep -qx "$2"; }
has_record() { [ -f "$work/results/$1.json" ]; }
first_done_second_running() { has_record s01 && ! has_record s02 && job_running "$1" "${1}_0"; }
submitted_ids() {  # "submitted job array A (...) and collecting job C" -> "A C"
    sed -n 's/^submitted job array \([0-9]*\) .* collecting job \([0-9]*\)$/\1 \2/p' "$1"
}

grade=("$LABCHECK" --root "$ROOT" --lab 01 --lab 04 --stage "build,correctness" --no-hidden --quiet
       --timeout 30 --launch-timeout 3 --class "$work/class")

make_class "$work/class"
started=$SECONDS
status=0
"${grade[@]}" --jobs 2 --results "$work/local" --gradebook "$work/local.csv" >"$work/local.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "labcheck --jobs 2 exited $status, expected 1 (some students fail): $(cat "$work/local.out")"
echo "one machine, --jobs 2: $((SECONDS - started)) s"
grep -q '^s01,10,10,' "$work/local.csv" || fail "s01 (the solution) should have 10/10: $(cat "$work/local.csv")"

start_cluster
slurm=("${grade[@]}" --slurm --results "$work/results" --students-per-task 2 --gradebook "$work/slurm.csv")

# sbatch's refusals, as one sentence that names the option.
for bad in "--partition no-such-partition" "--gres gpu:1"; do
    status=0
    # shellcheck disable=SC2086
    "${slurm[@]}" $bad >"$work/bad.out" 2>&1 || status=$?
    [ "$status" -eq 2 ] || fail "$bad: labcheck exited $status, expected 2"
    grep -q "^labcheck: sbatch with $bad: sbatch refused it: " "$work/bad.out" || fail "$bad: $(cat "$work/bad.out")"
done
[ -z "$(squeue -h -o %i)" ] || fail "a refused submission left jobs in the queue"

"${slurm[@]}" --dry-run --array-limit 2 >"$work/dry.out"
grep -qx '#SBATCH --array=0-9%2' "$work/dry.out" || fail "--dry-run: no 10-task array: $(cat "$work/dry.out")"
[ -z "$(squeue -h -o %i)" ] || fail "--dry-run submitted a job"

# Round 1: task 0 grades s01 (the solution) and then s02 (a hang): it is cancelled while on s02.
# The tasks get this TMPDIR (sbatch passes the environment on): the cancelled one must leave it empty.
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
started=$SECONDS
"${slurm[@]}" >"$work/round1.out"
read -r array collect <<<"$(submitted_ids "$work/round1.out")"
[ -n "${collect:-}" ] || fail "no job ids in: $(cat "$work/round1.out")"
poll 120 "task ${array}_0 to finish s01 and start on s02" first_done_second_running "$array"
scancel "${array}_0"
poll 150 "the collecting job $collect" job_gone "$collect"
grep -q ',missing,' "$work/slurm.csv" || echo "note: the cancel came after s02 was done: nothing missing"
grep ',missing,' "$work/slurm.csv" | grep -qv '^s02,' && fail "only s02 may be missing: $(cat "$work/slurm.csv")"
ls "$work"/results/.*.json.* >/dev/null 2>&1 && fail "a half-written record was left: $(ls -a "$work/results")"
(cd "$work/results" && md5sum ./*.json) >"$work/round1.md5"
[ -z "$(ls -A "$work/tmp")" ] || fail "the tasks left temporary files: $(ls -A "$work/tmp")"

# Round 2: only the students with no record are graded; nobody twice.
"${slurm[@]}" >"$work/round2.out"
expected_todo=$(grep -c ',missing,' "$work/slurm.csv" || true)
if [ "$expected_todo" -eq 0 ]; then
    grep -q "nothing to submit" "$work/round2.out" || fail "round 2 should submit nothing: $(cat "$work/round2.out")"
else
    grep -q "tasks, $expected_todo students)" "$work/round2.out" ||
        fail "round 2 should grade the $expected_todo missing student(s): $(cat "$work/round2.out")"
fi
read -r array collect <<<"$(submitted_ids "$work/round2.out")"
[ -z "${collect:-}" ] || poll 150 "the collecting job $collect" job_gone "$collect"
(cd "$work/results" && md5sum --quiet -c "$work/round1.md5") || fail "a record of round 1 was graded again"
echo "Slurm, 2 CPUs, with a cancel and a re-run: $((SECONDS - started)) s"

grep -q ',missing,' "$work/slurm.csv" && fail "students still missing: $(cat "$work/slurm.csv")"
diff -u "$work/local.csv" "$work/slurm.csv" || fail "the Slurm gradebook differs from the --jobs 2 one"
"$LABCHECK" --root "$ROOT" --lab 01 --lab 04 --class "$work/class" --collect "$work/results" \
    --gradebook "$work/hand.csv" >/dev/null || status=$?
diff -u "$work/local.csv" "$work/hand.csv" || fail "--collect by hand differs from the --jobs 2 gradebook"
echo "PASS: 20 students through Slurm (a task cancelled, re-run) = --jobs 2 on one machine"
