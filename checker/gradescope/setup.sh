#!/usr/bin/env bash
# Gradescope's autograder setup, run once as root when the autograder image is
# built (Ubuntu 22.04 or newer): installs the Debian packages the grader needs,
# builds labcheck into build/, and creates the unprivileged user the students'
# kernels run as. Nothing is downloaded at grading time.
#
#   setup.sh          install what is missing, build, check the device
#   setup.sh --check  install, create and build nothing: say whether every package is
#                     there (exit 0) or which are missing (exit 1); the course's tests use it
#
# Packages already installed are not installed again, so on a machine that has
# them all it runs no apt at all.
set -euo pipefail
cd "$(dirname "$0")"
mode=install
[ "${1:-}" = "--check" ] && mode=check

# The grader's packages (common/setup.sh's list without pandoc, doctest and CLBlast,
# which only the slides, the tests and `lab bench` use).
packages="g++ meson ninja-build pkg-config python3 ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers
          pocl-opencl-icd oclgrind libcli11-dev libfmt-dev nlohmann-json3-dev libtomlplusplus-dev libopenblas-dev"
grader_user=labcheck-student

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
packaged() { apt-cache show "$1" >/dev/null 2>&1; }
release() { . /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-this system}" || echo "this system"; }

# A package this release does not have at all: say which, why it matters, and what to pick instead.
no_package() {
    echo "setup.sh: $(release) packages no '$1', which the grader needs ($2)." >&2
    echo "  The course vendors nothing and has no fallback for it." >&2
    echo "  Try: choose a newer base image in Gradescope's autograder settings (Ubuntu 24.04 packages it)." >&2
    exit 1
}

# libclang for the static barrier analysis: the versions meson.build looks for, 15 first.
libclang_package() {
    for v in 15 19 18 17 16 14; do
        if installed "libclang-$v-dev"; then echo ""; return; fi
    done
    for v in 15 19 18 17 16 14; do
        if packaged "libclang-$v-dev"; then echo "libclang-$v-dev"; return; fi
    done
    no_package "libclang-NN-dev (NN one of 14-19)" "the static barrier analysis, checker/static"
}

install_packages() {
    local missing="" p
    for p in $packages; do installed "$p" || missing="$missing $p"; done
    local clang_missing=yes v
    for v in 15 19 18 17 16 14; do installed "libclang-$v-dev" && clang_missing=no; done
    if [ -z "$missing" ] && [ "$clang_missing" = no ]; then
        echo "== all packages present"
        return
    fi
    if [ "$mode" = check ]; then
        [ "$clang_missing" = yes ] && missing="$missing libclang-NN-dev"
        echo "setup.sh: missing:$missing (setup.sh without --check installs them)" >&2
        exit 1
    fi
    apt-get update -qq
    for p in $missing; do
        packaged "$p" || case "$p" in
            libtomlplusplus-dev) no_package "$p" "toml++ reads every lab.toml; Ubuntu packages it from 23.04 on" ;;
            *) no_package "$p" "see common/setup.sh" ;;
        esac
    done
    [ "$clang_missing" = yes ] && missing="$missing $(libclang_package)"
    echo "== installing:$missing"
    # shellcheck disable=SC2086  # $missing is a list of package names: split on purpose
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

build_grader() {
    [ -f build/build.ninja ] || meson setup build --buildtype=release -Dclblast=disabled -Dslides=disabled
    meson compile -C build labcheck
}

# The students' kernels run as this user (run_autograder drops to it); it owns nothing.
add_grader_user() {
    if [ "$(id -u)" -eq 0 ] && ! id "$grader_user" >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$grader_user"
    fi
}

# The device must open now, not at the first submission: exit status 2 is the grader's own problem.
check_device() {
    local lab status=0
    lab=$(sed -n 's/^lab = //p' gradescope.conf | head -1)
    build/checker/labcheck --root . --lab "${lab%%/*}" --stage build --quiet >/dev/null || status=$?
    if [ "$status" -eq 2 ]; then
        echo "setup.sh: labcheck could not open an OpenCL device (PoCL) or read the course; run" >&2
        echo "  build/checker/labcheck --root . --stage build  to see why." >&2
        exit 1
    fi
}

install_packages
if [ "$mode" = install ]; then
    add_grader_user
    build_grader
    check_device
    echo "== the autograder is ready: build/checker/labcheck"
fi
