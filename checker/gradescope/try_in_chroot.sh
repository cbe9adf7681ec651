#!/usr/bin/env bash
# Tries the Gradescope package on an older release than this machine's, as Gradescope would run
# it: a fresh root made with debootstrap (Debian 11 by default: old Meson, no toml++, no CLI11),
# the package unzipped into its /autograder/source, setup.sh run there as root, then
# run_autograder on a right and a wrong upload of lab 01. Takes minutes and needs root and the
# network (the release's archive, PyPI, and GitHub for the wraps unless --wrap-cache has them),
# so it is no meson test: run it by hand after changing setup.sh (docs/gradescope.md).
#
#   sudo checker/gradescope/try_in_chroot.sh ROOT [--suite bullseye] [--mirror URL] [--wrap-cache DIR]
#
# ROOT           where the root is made (kept afterwards; an existing one is reused as it is)
# --suite        the Debian suite to debootstrap (default bullseye)
# --mirror       the archive to take it from (default http://deb.debian.org/debian)
# --wrap-cache   a folder of the wraps' source archives (tomlplusplus-3.4.0.tar.gz, CLI11-2.3.2.tar.gz),
#                copied to subprojects/packagecache/ so that Meson needs no download; it still
#                checks each archive's sha256 against the wrap
#
# Exit 0 when setup.sh built the grader and the right upload got full marks and the wrong one
# fewer; 1 otherwise, saying which step failed. Needs build/checker/labcheck (to write the package).
set -euo pipefail
cd "$(dirname "$0")/../.."
course=$PWD
suite=bullseye mirror=http://deb.debian.org/debian wrap_cache="" root=""
while [ $# -gt 0 ]; do
    case "$1" in
        --suite) suite=$2; shift 2 ;;
        --mirror) mirror=$2; shift 2 ;;
        --wrap-cache) wrap_cache=$(realpath "$2"); shift 2 ;;
        -*) echo "try_in_chroot.sh: unknown option $1 (see the comment at its top)" >&2; exit 2 ;;
        *) root=$(realpath -m "$1"); shift ;;
    esac
done
lab=01-transpose-naive
fail() { echo "try_in_chroot.sh: $*" >&2; exit 1; }
[ -n "$root" ] || fail "name the folder to make the root in: try_in_chroot.sh ROOT"
[ "$(id -u)" -eq 0 ] || fail "debootstrap and chroot need root: run it with sudo"
command -v debootstrap >/dev/null || fail "debootstrap is not installed: apt-get install debootstrap"
labcheck=${LABCHECK:-$course/build/checker/labcheck}  # writes the package; any build of this course will do
[ -x "$labcheck" ] || fail "$labcheck is missing: meson compile -C build first (or set LABCHECK)"
[ -f "solutions/$lab/transpose.cl" ] || fail "solutions/$lab/transpose.cl is missing: run it in the course repository"

make_root() {
    if [ -x "$root/bin/sh" ]; then echo "== reusing the root in $root"; return; fi
    echo "== debootstrap $suite from $mirror into $root (minutes)"
    debootstrap --variant=minbase --include=ca-certificates,python3 "$suite" "$root" "$mirror"
    case "$suite" in  # Debian's security and point-release updates, as an image has them
        buster|bullseye|bookworm|trixie)
            echo "deb ${mirror%/debian}/debian-security $suite-security main" >>"$root/etc/apt/sources.list"
            echo "deb $mirror $suite-updates main" >>"$root/etc/apt/sources.list" ;;
    esac
}

# The package as Gradescope lays it out: unzipped into /autograder/source.
unpack_package() {
    rm -rf "$root/autograder"
    mkdir -p "$root/autograder/source" "$root/autograder/submission"
    "$labcheck" package gradescope --root "$course" --lab "${lab%%-*}" -o "$root/autograder/package.zip" >/dev/null
    python3 - "$root/autograder/package.zip" "$root/autograder/source" <<'EOF'
import sys, zipfile, os
with zipfile.ZipFile(sys.argv[1]) as z:
    for info in z.infolist():
        path = z.extract(info, sys.argv[2])
        os.chmod(path, (info.external_attr >> 16) & 0o777 or 0o644)
EOF
    if [ -n "$wrap_cache" ]; then
        mkdir -p "$root/autograder/source/subprojects/packagecache"
        cp "$wrap_cache"/*.tar.gz "$root/autograder/source/subprojects/packagecache/"
    fi
}

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

# One upload through run_autograder; prints the score and checks stdout_visibility.
grade() {
    local name=$1 kernel=$2
    rm -rf "$root/autograder/submission" "$root/autograder/results"
    mkdir -p "$root/autograder/submission"
    cp "$kernel" "$root/autograder/submission/transpose.cl"
    in_root /autograder/source/run_autograder /autograder >"$root/autograder/$name.stdout" 2>&1 \
        || fail "run_autograder failed on the $name upload: see $root/autograder/$name.stdout"
    python3 - "$root/autograder/results/results.json" "$name" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
total = sum(t.get("max_score", 0) for t in r["tests"])
print(f"{sys.argv[2]}: {r['score']} / {total}, stdout_visibility {r.get('stdout_visibility')}")
for t in r["tests"]:
    print(f"  {t['name']}: {t['score']} / {t['max_score']} {t['status']}")
EOF
}

score_of() { python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["score"], 2))' "$1"; }
full_marks() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(sum(t["max_score"] for t in r["tests"]))' "$1"; }

make_root
unpack_package
cp /etc/resolv.conf "$root/etc/resolv.conf"
# Certificate authorities this machine added (a proxy that inspects HTTPS): trusted in the root too,
# or pip and Meson cannot reach PyPI and GitHub from there.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null
fi
# /proc and /sys as a container has them: PoCL 1.6 (through hwloc) crashes opening the device without /sys.
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
trap 'umount "$root/proc" "$root/sys"' EXIT
echo "== setup.sh in the root ($(. "$root/etc/os-release"; echo "$PRETTY_NAME"))"
in_root /autograder/source/setup.sh || fail "setup.sh failed in the root (above)"

results=$root/autograder/results/results.json
grade right "$course/solutions/$lab/transpose.cl"
right=$(score_of "$results") full=$(full_marks "$results")
# Wrong: a copy instead of a transpose (in bounds, compiles, wrong answer).
sed 's/at\[col \* m + row\]/at[row * k + col]/' "solutions/$lab/transpose.cl" >"$root/autograder/wrong.cl"
grade wrong "$root/autograder/wrong.cl"
wrong=$(score_of "$results")
python3 -c 'import sys; r, w, f = map(float, sys.argv[1:]); sys.exit(0 if r == f > w else 1)' "$right" "$wrong" "$full" \
    || fail "expected full marks ($full) for the right upload and fewer for the wrong one: got $right and $wrong"
grep -q '"stdout_visibility": "hidden"' "$results" || fail "results.json shows students the grader's stdout"
echo "== $suite: setup.sh built the grader; right upload $right / $full, wrong upload $wrong / $full"
