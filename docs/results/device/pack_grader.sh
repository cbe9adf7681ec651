#!/bin/bash
# Packs the whole grader for a device call into CARRY (an ignored folder of the checkout the device
# copies): `labcheck` as built here (Debian 12), Oclgrind, the shared libraries a bare CUDA image
# lacks (libclang and LLVM 15 for the static analysis, LLVM 14 for Oclgrind, OpenBLAS, ...), the
# headers libclang and Oclgrind read, and the course tree a class is graded against (labs,
# solutions, kernels, checker/hidden.toml and mutants, the throughput benchmark). Nothing is
# installed there: everything is relocatable under one folder (setup_grader.sh unpacks it).
#   docs/results/device/pack_grader.sh BUILD_DIR CARRY
#   PARTS=main docs/results/device/pack_grader.sh BUILD_DIR CARRY   # only labcheck and the tree again
# CARRY gets three archives, since one call carries 64 MiB with the checkout and the whole is ~75 MB:
#   grader-oclgrind.tar.xz  Oclgrind and LLVM 14 (~31 MB): carry it in a first call, unpacked there
#   grader-libs.tar.xz      labcheck's libraries (~42 MB)
#   grader-main.tar.xz      labcheck, its wrapper, the headers and the course tree (~2 MB)
# and setup_grader.sh and call_throughput.sh; setup_grader.sh unpacks whichever archives lie beside it.
#
# Layout of the unpacked bundle (grader/):
#   bin/labcheck              a wrapper: LD_LIBRARY_PATH=lib, PATH gets libexec (Oclgrind), LAB_ROOT=tree,
#                             CPATH=lib/clang/VERSION/include where the system has no clang headers
#   libexec/                  the real labcheck and oclgrind (labcheck's children run /proc/<pid>/exe,
#                             the real binary, with the wrapper's environment)
#   lib/                      the shared libraries, but the C library, libm, libstdc++ and libgcc_s
#                             (a newer system has newer ones)
#   lib/oclgrind/             liboclgrind-rt*.so (oclgrind finds them at ../lib/oclgrind from its own
#                             folder) and 21.10/ (the OpenCL C 1.2 header and precompiled header that
#                             liboclgrind reads beside itself)
#   lib/clang/VERSION/include the OpenCL C headers the static analysis includes (-finclude-default-header):
#                             Debian's libclang looks for them in /usr/include/clang/VERSION/include
#                             only, so the wrapper names this folder in CPATH where that one is missing
#   tree/                     the course tree
set -euo pipefail
build=$(cd "$1" && pwd)
mkdir -p "$2"
carry=$(cd "$2" && pwd)
src=$(cd "$(dirname "$0")/../../.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
g=$stage/grader
mkdir -p "$g/bin" "$g/libexec" "$g/lib/oclgrind" "$g/tree/checker" "$g/tree/docs/results"

oclgrind=$(command -v oclgrind)
cp "$build/checker/labcheck" "$oclgrind" "$g/libexec/"
for rt in "$(dirname "$oclgrind")"/../lib/oclgrind/liboclgrind-rt*.so; do cp -L "$rt" "$g/lib/oclgrind/"; done
liboclgrind=$(ldd "$g/lib/oclgrind/liboclgrind-rt.so" | awk '$1 ~ /^liboclgrind/ {print $3}')
ocl_data=$(ls -d "$(dirname "$(readlink -f "$liboclgrind")")"/oclgrind/*/ | head -1)
ocl_version=$(basename "$ocl_data")
mkdir -p "$g/lib/oclgrind/$ocl_version"
# Only OpenCL C 1.2, 64-bit (the course targets 1.2): the other precompiled headers are 10 MB more.
cp "$ocl_data"/opencl-c-1.2-64.pch "$ocl_data"/opencl-c*.h "$g/lib/oclgrind/$ocl_version/"

# Every shared library the two programs and Oclgrind's libraries need, but the system's own.
skip='^(linux-vdso|libc\.so|libm\.so|libstdc\+\+|libgcc_s|ld-linux|libpthread|libdl\.so|librt\.so)'
for f in "$g"/libexec/* "$g"/lib/oclgrind/*.so; do ldd "$f"; done | awk '$3 ~ /^\// {print $1, $3}' | sort -u |
    while read -r name path; do
        [[ $name =~ $skip ]] || cp -L "$path" "$g/lib/$name"
    done

# libclang's resource headers: -x cl with -finclude-default-header reads opencl-c-base.h there.
llvm=$(ldd "$build/checker/labcheck" | sed -n 's/^\s*libclang-\([0-9]*\)\.so.*/\1/p')
resource=$(ls -d /usr/lib/llvm-"$llvm"/lib/clang/*/include | head -1)
version=$(basename "$(dirname "$resource")")
mkdir -p "$g/lib/clang/$version/include"
cp -L "$resource"/opencl-c*.h "$g/lib/clang/$version/include/"

# The course tree as this checkout has it (the grading's inputs and the benchmark).
cp -r "$src/labs" "$src/solutions" "$src/kernels" "$g/tree/"
cp -r "$src/checker/hidden.toml" "$src/checker/mutants" "$g/tree/checker/"
cp "$src/docs/results/grading_throughput.py" "$g/tree/docs/results/"
find "$g/tree" -name meson.build -delete

{
    echo '#!/bin/sh'
    echo 'here=$(cd "$(dirname "$0")/.." && pwd)'
    echo 'export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"'
    echo 'export PATH="$here/libexec:$PATH"'
    echo 'export LAB_ROOT="${LAB_ROOT:-$here/tree}"'
    echo "[ -d /usr/include/clang/$version/include ] || export CPATH=\"\$here/lib/clang/$version/include\${CPATH:+:\$CPATH}\""
    echo 'exec "$here/libexec/labcheck" "$@"'
} > "$g/bin/labcheck"
chmod +x "$g/bin/labcheck"
du -sh "$g"

parts=${PARTS:-main oclgrind libs}
cd "$stage"
oclgrind_part=(grader/libexec/oclgrind grader/lib/oclgrind $(ls grader/lib/liboclgrind* grader/lib/libLLVM-* | grep -v "libLLVM-$llvm\."))
libs_part=($(ls grader/lib/*.so* | grep -v -e liboclgrind -e "libLLVM-") grader/lib/libLLVM-"$llvm".so.1)
main_part=(grader/bin grader/libexec/labcheck grader/lib/clang grader/tree)
pack() { tar -cf - "${@:2}" | xz -9e --lzma2=preset=9e,dict=192MiB -T1 > "$carry/$1"; }
for part in $parts; do
    case $part in
        main) pack grader-main.tar.xz "${main_part[@]}" ;;
        oclgrind) pack grader-oclgrind.tar.xz "${oclgrind_part[@]}" ;;
        libs) pack grader-libs.tar.xz "${libs_part[@]}" ;;
    esac
done
find grader -type f | sort > all
for a in "$carry"/grader-{main,oclgrind,libs}.tar.xz; do [ -f "$a" ] && xz -dc "$a" | tar -tf -; done | grep -v '/$' | sort > packed
if ! cmp -s all packed; then echo "the archives do not hold the bundle:"; diff all packed; exit 1; fi
cp "$src/docs/results/device/setup_grader.sh" "$src/docs/results/device/call_throughput.sh" "$carry/"
ls -l "$carry"
