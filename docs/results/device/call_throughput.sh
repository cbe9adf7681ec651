#!/bin/bash
# Device call(s) for issue 33's throughput figure: the bundle of pack_grader.sh unpacked, a smoke test
# of labcheck on the GPU, then docs/results/grading_throughput.py grading a generated class of
# STUDENTS (default 300) × 8 labs (LABS: some) with --jobs 16 (JOBS), one timing lane per GPU in DEVICES
# (e.g. DEVICES="0 1" on a node with two: --device 0 --device 1; default the one device), started in its own session so that it runs on
# between calls while the machine is warm; this call waits for it at most WAIT_S seconds and copies
# the page, its JSON, the gradebook and the logs into $OUT. A later call (same command) waits on the
# same run; with `stop` it stops the run cleanly (SIGINT: labcheck keeps what is done, the page says
# the class is not complete) once WAIT_S is up.
#   bash .carry/tp/call_throughput.sh WAIT_S [stop]
cd "$(dirname "$0")" || exit 2
wait_s=${1:-540} t0=$SECONDS
source ./setup_grader.sh "$(dirname "$PWD")/grader-unpacked"  # (without an argument it would get this script's)
WORK=$(dirname "$PWD")/tp-work
mkdir -p "$WORK"
echo "unpacked in $((SECONDS - t0)) s"
if [ ! -f "$WORK/pid" ]; then
    {
        nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
        nproc; free -g | head -2
        echo "oclgrind: $(PATH=$GRADER/libexec:$PATH command -v oclgrind)"; ls "$GRADER/libexec" "$GRADER/lib/oclgrind"
        echo "== smoke: labcheck --solutions --lab 01 --lab 04 --no-hidden"
        labcheck --solutions --lab 01 --lab 04 --no-hidden 2>&1
        echo "smoke exit $?"
    } > "$WORK/smoke.txt" 2>&1
    cp "$WORK/smoke.txt" "$OUT/"
    cat "$WORK/smoke.txt"
    if ! grep -q "^smoke exit 0" "$WORK/smoke.txt" || ! grep -q "every stage passed" "$WORK/smoke.txt" \
        || grep -q -i "static analysis could not\|oclgrind did not run\|oclgrind could not run" "$WORK/smoke.txt"; then
        echo "smoke test failed: no class run"; exit 1
    fi
    setsid python3 -u "$GRADER/tree/docs/results/grading_throughput.py" --students "${STUDENTS:-300}" --jobs "${JOBS:-16}" \
        --work "$WORK/run" --labcheck "$GRADER/bin/labcheck" \
        ${LABS:+--labs "$LABS"} $(for d in $DEVICES; do echo --device "$d"; done) --data "$WORK/grading-throughput.json" --output "$WORK/grading-throughput.md" \
        > "$WORK/script.log" 2>&1 < /dev/null &
    echo $! > "$WORK/pid"
    echo "class run started: pid $!"
fi
pid=$(cat "$WORK/pid")
# Running, and not a zombie (in the call that started it, this shell is its parent and reaps it late).
alive() { [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2> /dev/null)" != Z ]; }
n=0
while alive && [ $((SECONDS - t0)) -lt "$wait_s" ]; do
    sleep 5
    n=$((n + 1))
    [ $((n % 6)) = 0 ] &&
        echo "$(date +%T) $(ls "$WORK/run/records" 2> /dev/null | wc -l) records; load $(cut -d' ' -f1-3 /proc/loadavg)"
done
if alive && [ "$2" = stop ]; then
    echo "stopping the class run (SIGINT)"; kill -INT "$pid"
    for _ in $(seq 90); do alive || break; sleep 1; done
fi
alive && echo "class run still going" || echo "class run ended"
nvidia-smi --query-gpu=clocks.sm,temperature.gpu,power.draw --format=csv,noheader
tail -5 "$WORK/script.log"
for f in grading-throughput.md grading-throughput.json script.log run/gradebook.csv run/meta.json; do
    [ -f "$WORK/$f" ] && cp "$WORK/$f" "$OUT/"
done
cat "$WORK"/run/labcheck-*.log 2> /dev/null | xz -T0 -6 > "$OUT/labcheck-logs.xz"
[ -d "$WORK/run/records" ] && tar -C "$WORK/run" -cf - records | xz -T0 -6 > "$OUT/records.tar.xz"
exit 0
