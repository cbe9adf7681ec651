# Sourced at the start of a device call: unpacks the archives of the grader bundle that
# pack_grader.sh wrote and that lie beside this file (grader-*.tar.xz) into DEST (default:
# ../grader-unpacked beside the carry folder, an ignored folder of the copied checkout, so it stays
# while the machine is warm: a first call can unpack one archive and a later one the others), each
# once; registers NVIDIA's OpenCL driver for the ICD loader and puts the bundle's labcheck first on PATH.
#   source .carry/tp/setup_grader.sh [DEST]
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GRADER_DEST=${1:-$(dirname "$HERE")/grader-unpacked}
mkdir -p "$GRADER_DEST"
for archive in "$HERE"/grader-*.tar.xz; do
    [ -f "$archive" ] || continue
    mark="$GRADER_DEST/.unpacked-$(basename "$archive")"
    [ -f "$mark" ] && [ "$(cat "$mark")" = "$(stat -c %s "$archive")" ] && continue
    if command -v xz > /dev/null; then
        xz -dc "$archive" | tar -C "$GRADER_DEST" -xf - && stat -c %s "$archive" > "$mark"
    else
        python3 -c 'import lzma, sys, tarfile
tarfile.open(fileobj=lzma.open(sys.argv[1]), mode="r|").extractall(sys.argv[2])' "$archive" "$GRADER_DEST" \
            && stat -c %s "$archive" > "$mark"
    fi
done
if [ -d /usr/local/nvidia/lib64 ]; then
    mkdir -p /tmp/icd
    echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
    export OCL_ICD_VENDORS=/tmp/icd
fi
export GRADER="$GRADER_DEST/grader"
export PATH="$GRADER/bin:$PATH"
