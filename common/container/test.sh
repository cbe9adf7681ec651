#!/usr/bin/env bash
# Builds the course's image (../../Dockerfile) with buildah and tries it as a student and as
# PrairieLearn would: the README's two commands in the image's /course, `lab run 01 --memory` and
# `labcheck --lab 01` on a clone with a solved lab 01 mounted at /workspace, and the grader image
# grading that kernel in PrairieLearn's format. Takes many minutes and needs root (buildah with
# chroot isolation) and Debian's archive, so it is no meson test: run it by hand after changing the
# Dockerfile or common/setup.sh (docs/container.md). `meson test 'container recipe'` checks cheaply
# that the Dockerfile installs through setup.sh.
#
#   sudo common/container/test.sh [--base-root DIR] [--mirror URL] [--skip-suite]
#
# --base-root   where Debian 12 is debootstrapped when no image named docker.io/library/debian:12
#               exists yet (default /var/tmp/container-base/rootfs; kept, never inside the clone)
# --mirror      Debian's archive for debootstrap (default http://deb.debian.org/debian)
# --skip-suite  leave out `meson test -C build` (the longest step)
#
# Prints each step's time and the images' sizes; exit 0 when every step passed, 1 naming the one
# that failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
course=$PWD
base_image=docker.io/library/debian:12   # the Dockerfile's default BASE
base_root=/var/tmp/container-base/rootfs mirror=http://deb.debian.org/debian suite=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --base-root) base_root=$(realpath -m "$2"); shift 2 ;;
        --mirror) mirror=$2; shift 2 ;;
        --skip-suite) suite=no; shift ;;
        *) echo "test.sh: unknown option $1 (see the comment at its top)" >&2; exit 2 ;;
    esac
done
fail() { echo "test.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "buildah with chroot isolation needs root here: run it with sudo"
command -v buildah >/dev/null || fail "buildah is not installed: apt-get install buildah"
lab=01-transpose-naive

step_start=0
step() { step_start=$(date +%s); echo "== $*"; }
took() { echo "   took $(( $(date +%s) - step_start )) s"; }

# Debian 12 as the image docker.io/library/debian:12 is (no registry needed): debootstrap, the
# release's updates and security archives, committed under that name.
make_base() {
    if buildah images --quiet "$base_image" >/dev/null 2>&1; then echo "== base: $base_image exists"; return; fi
    command -v debootstrap >/dev/null || fail "debootstrap is not installed: apt-get install debootstrap"
    step "base: debootstrap bookworm into $base_root, committed as $base_image"
    [ -x "$base_root/bin/sh" ] || debootstrap --variant=minbase bookworm "$base_root" "$mirror"
    cat >"$base_root/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
SOURCES
    rm -rf "$base_root"/var/lib/apt/lists/* "$base_root"/var/cache/apt/*.bin
    local ctr mnt
    ctr=$(buildah from scratch)
    mnt=$(buildah mount "$ctr")
    cp -a "$base_root"/. "$mnt"/
    buildah umount "$ctr" >/dev/null
    buildah config --cmd bash "$ctr"
    buildah commit --quiet --rm "$ctr" "$base_image" >/dev/null
    took
}

build_target() {
    step "build: target $1 as $2"
    nice buildah bud --isolation chroot --pull=never --layers --target "$1" -t "$2" . \
        >"/var/tmp/container-build-$1.log" 2>&1 || { tail -30 "/var/tmp/container-build-$1.log"; fail "the $1 image did not build (log above, all of it in /var/tmp/container-build-$1.log)"; }
    took
    echo "   size: $(buildah images --format '{{.Size}}' "$2" | head -1)"
}

# A clone as a student has it, with lab 01 solved: the tracked files, solutions/ copied over labs/.
scratch_clone() {
    scratch=$(mktemp -d /var/tmp/container-clone.XXXXXX)
    git ls-files -z | tar --null -T - -c | tar -x -C "$scratch"
    cp "solutions/$lab/transpose.cl" "$scratch/labs/$lab/transpose.cl"
    chmod -R a+rX "$scratch"
}

# Runs a command in a fresh container of image $1 as user $2 ("" for the image's own), the
# scratch clone mounted at /workspace as a student mounts theirs.
in_image() {
    local image=$1 user=$2; shift 2
    local ctr status=0
    ctr=$(buildah from --pull=never "$image")
    buildah run --isolation chroot ${user:+--user "$user"} -v "$scratch:/workspace" "$ctr" -- "$@" || status=$?
    buildah rm "$ctr" >/dev/null
    return $status
}

make_base
build_target course opencl-course
build_target grader opencl-course-grader
scratch_clone
trap 'rm -rf "$scratch"' EXIT

step "the README's first command in the image's /course: common/setup.sh (all present, built)"
in_image opencl-course root sh -c 'cd /course && common/setup.sh' || fail "common/setup.sh failed in the image"
took
if [ "$suite" = yes ]; then
    step "the README's second command in /course: meson test -C build"
    in_image opencl-course root sh -c 'cd /course && meson test -C build --print-errorlogs' \
        || fail "meson test failed in the image"
    took
fi
step "a student in /workspace (lab 01 solved): lab run 01 --memory"
in_image opencl-course "" lab run 01 --memory || fail "lab run 01 --memory failed"
took
step "a student in /workspace: labcheck --lab 01"
in_image opencl-course "" labcheck --lab 01 || fail "labcheck --lab 01 failed on the solved kernel"
took
# The grader's check leaves out the speedup stage: its verdict depends on the machine's load, and
# `labcheck --lab 01` above already ran it.
step "the grader image: lab 01's solved kernel graded in PrairieLearn's format (build, correctness, barriers)"
in_image opencl-course-grader "" sh -c '
    set -e
    [ ! -e /course/solutions ] || { echo "the grader image holds solutions/"; exit 1; }
    /course/build/checker/labcheck --root /course --submission /workspace/labs --lab 01 \
        --stage build,correctness,barriers --format prairielearn --results-dir /tmp/results --quiet
    python3 -c "import json; r = json.load(open(\"/tmp/results/results.json\")); print(\"   score\", r[\"score\"]); assert r[\"score\"] == 1, r"
' || fail "the grader image did not give the solved kernel full marks"
took
echo "== the image works: course $(buildah images --format '{{.Size}}' opencl-course | head -1)," \
     "grader $(buildah images --format '{{.Size}}' opencl-course-grader | head -1)"
