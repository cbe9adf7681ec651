#include "harness/build_log.hpp"

#include <doctest/doctest.h>

using course::first_error_line;
using course::map_build_log;

TEST_CASE("PoCL's cache temp file is mapped back to the student's file") {
    const std::string log =
        "error: /root/.cache/pocl/kcache/tempfile_gqref8.cl:2:27: expected ';' at end of declaration\n"
        "error: /root/.cache/pocl/kcache/tempfile_gqref8.cl:4:3: use of undeclared identifier 'x'\n";
    const std::string mapped = map_build_log(log, "labs/02-transpose-local/transpose.cl");
    CHECK(mapped.find("tempfile") == std::string::npos);
    CHECK(mapped.find("labs/02-transpose-local/transpose.cl:2:27: expected ';'") != std::string::npos);
    CHECK(mapped.find("labs/02-transpose-local/transpose.cl:4:3:") != std::string::npos);
    CHECK(first_error_line(mapped, "labs/02-transpose-local/transpose.cl") == 2);
}

TEST_CASE("NVIDIA's and other drivers' anonymous source names are mapped") {
    CHECK(map_build_log("<kernel>:12:5: error: bad", "k.cl") == "k.cl:12:5: error: bad");
    CHECK(map_build_log("<source>:7:1: warning: w", "k.cl") == "k.cl:7:1: warning: w");
    CHECK(first_error_line(map_build_log("<kernel>:12:5: error: bad", "k.cl"), "k.cl") == 12);
}

TEST_CASE("locations in real included headers are left alone") {
    const std::string log = "/work/kernels/include/tile.h:3:1: error: oops";
    CHECK(map_build_log(log, "k.cl") == log);
    CHECK(first_error_line(log, "k.cl") == 0);
}

TEST_CASE("a display path with regex characters still finds its error line") {
    const std::string path = "subs/a+b (1)/02-transpose-local/transpose.cl";
    CHECK(first_error_line(map_build_log("<kernel>:9:2: error: x", path), path) == 9);
}
