#!/usr/bin/env bash
# Gradescope's autograder setup, run once as root when the autograder image is
# built (Ubuntu 22.04 or newer; tried on Debian 11, 12: docs/gradescope.md): installs
# the Debian packages the grader needs, builds labcheck into build/, and creates
# the unprivileged user the students' kernels run as. Nothing is downloaded at
# grading time.
#
#   setup.sh          install what is missing, build, check the device
#   setup.sh --check  install, create and build nothing: say whether every package is
#                     there (exit 0) or which are missing (exit 1); the course's tests use it
#
# Packages already installed are not installed again, so on a machine that has
# them all it runs no apt at all. What an older release lacks comes from where an
# instructor would get it there:
#   - Meson older than the course's 1.0.0 (Ubuntu 22.04 has 0.61): Meson from PyPI, with pip,
#     into the virtual environment .meson-venv/ beside this script;
#   - a header-only library the release does not package (toml++ before Ubuntu 23.04, CLI11
#     on Debian 11): Meson builds it from Meson WrapDB's wrap in subprojects/, which it uses
#     only when the system package is missing (so Debian 12 and Ubuntu 24.04 download nothing).
set -euo pipefail
cd "$(dirname "$0")"
mode=install
[ "${1:-}" = "--check" ] && mode=check

# The grader's packages (common/setup.sh's list without pandoc and CLBlast, which only the
# slides and `lab bench` use; doctest-dev stays: meson.build needs its header to configure).
packages="g++ ninja-build pkg-config python3 ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers
          pocl-opencl-icd oclgrind libfmt-dev nlohmann-json3-dev libopenblas-dev doctest-dev"
# package:wrap, for the libraries with a wrap in subprojects/ where the release packages none.
wrapped="libtomlplusplus-dev:tomlplusplus libcli11-dev:cli11"
meson_minimum=1.0.0            # meson.build's meson_version
meson_from_pypi="meson==1.7.2"  # pinned: the same Meson on every image that needs one
meson_venv=.meson-venv
grader_user=labcheck-student

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
packaged() { apt-cache show "$1" >/dev/null 2>&1; }
release() { . /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-this system}" || echo "this system"; }

# A package this release does not have at all: say which, why it matters, and what to pick instead.
no_package() {
    echo "setup.sh: $(release) packages no '$1', which the grader needs ($2)." >&2
    echo "  The course has no fallback for it." >&2
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

at_least() { dpkg --compare-versions "${1:-0}" ge "$2"; }
meson_version() { "$1" --version 2>/dev/null | head -1 || true; }

# The first Meson at least meson_minimum: the system's, else the one setup.sh took from PyPI.
usable_meson() {
    local m
    for m in "$(command -v meson || true)" "$PWD/$meson_venv/bin/meson"; do
        if [ -x "$m" ] && at_least "$(meson_version "$m")" "$meson_minimum"; then echo "$m"; return; fi
    done
}

# The packages to install ($missing) and whether Meson must come from PyPI ($meson_pypi); a wrapped
# library the release does not package is left to its wrap. check mode: what is missing, exit 1.
plan_packages() {
    missing="" meson_pypi=no from_wraps=""
    local p pair v
    for p in $packages; do installed "$p" || missing="$missing $p"; done
    for pair in $wrapped; do
        p=${pair%%:*}
        installed "$p" && continue
        if packaged "$p"; then missing="$missing $p"; else
            from_wraps="$from_wraps\n== $(release) packages no $p: Meson builds it from subprojects/${pair#*:}.wrap (WrapDB)"
        fi
    done
    if [ -z "$(usable_meson)" ]; then
        v=$(apt-cache policy meson 2>/dev/null | sed -n 's/^ *Candidate: //p')
        if at_least "$v" "$meson_minimum"; then missing="$missing meson"; else meson_pypi=yes; fi
    fi
    [ "$meson_pypi" = yes ] && ! installed python3-venv && missing="$missing python3-venv"
    installed ca-certificates || missing="$missing ca-certificates"  # pip's and the wraps' downloads
    for v in 15 19 18 17 16 14; do installed "libclang-$v-dev" && return; done
    missing="$missing libclang-NN-dev"
}

install_packages() {
    plan_packages
    # An image's package lists may be empty or old: what the release packages is known after an update.
    if [ "$mode" = install ] && { [ -n "$missing$from_wraps" ] || [ "$meson_pypi" = yes ]; }; then
        apt-get update -qq
        plan_packages
    fi
    [ -n "$from_wraps" ] && echo -e "${from_wraps#\\n}"
    if [ -z "$missing" ] && [ "$meson_pypi" = no ]; then
        echo "== all packages present"
        return
    fi
    if [ "$mode" = check ]; then
        [ "$meson_pypi" = yes ] && missing="$missing $meson_from_pypi(PyPI)"
        echo "setup.sh: missing:$missing (setup.sh without --check installs them)" >&2
        exit 1
    fi
    if [ -n "$missing" ]; then
        missing=${missing/ libclang-NN-dev/ $(libclang_package)}
        local p
        for p in $missing; do packaged "$p" || no_package "$p" "see common/setup.sh"; done
        echo "== installing:$missing"
        # shellcheck disable=SC2086  # $missing is a list of package names: split on purpose
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
    fi
    [ "$meson_pypi" = yes ] && meson_from_pypi_into_venv
    return 0
}

# This release's Meson is older than meson.build asks: Meson from PyPI, in a virtual environment
# of its own (Ubuntu 24.04's pip refuses to install into the system's Python).
meson_from_pypi_into_venv() {
    echo "== $(release) packages Meson $(apt-cache policy meson | sed -n 's/^ *Candidate: //p'), older than" \
         "$meson_minimum: $meson_from_pypi from PyPI into $meson_venv/"
    python3 -m venv "$meson_venv"
    "$meson_venv/bin/pip" install --quiet --disable-pip-version-check "$meson_from_pypi"
}

build_grader() {
    local meson
    meson=$(usable_meson)
    [ -f build/build.ninja ] || "$meson" setup build --buildtype=release -Dclblast=disabled -Dslides=disabled
    "$meson" compile -C build checker/labcheck:executable  # liblabcheck.a shares the name
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
