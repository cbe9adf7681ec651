// `lab run --versus ...` read once into a choice (lab_cli/versus_choice.hpp).
#include "versus_choice.hpp"

#include "util/user_error.hpp"

#include <doctest/doctest.h>

using namespace course;

TEST_CASE("--versus: defines, baseline, file:PATH and lab:NN, a file or lab with defines after it") {
    CHECK(parse_versus({}).kind == VersusKind::none);
    const VersusChoice defines = parse_versus({"TILE_SIZE=8", "THREAD_WORK=4"});
    CHECK(defines.kind == VersusKind::defines);
    CHECK(defines.defines.size() == 2);
    CHECK(parse_versus({"baseline"}).kind == VersusKind::baseline);
    const VersusChoice file = parse_versus({"file:old/matmul.cl", "TILE_SIZE=32"});
    CHECK(file.kind == VersusKind::file);
    CHECK(file.target == "old/matmul.cl");
    CHECK(file.defines == std::vector<std::string>{"TILE_SIZE=32"});
    CHECK(parse_versus({"../v1/transpose.cl"}).kind == VersusKind::file);  // a .cl path needs no file:
    const VersusChoice lab = parse_versus({"lab:04"});
    CHECK(lab.kind == VersusKind::lab);
    CHECK(lab.target == "04");
    CHECK(versus_text(parse_versus({"lab:04", "TILE_SIZE=8"})) == "lab:04 TILE_SIZE=8");
}

TEST_CASE("--versus refuses what is not one choice, saying what it takes") {
    CHECK_THROWS_AS(parse_versus({"lab:03", "file:a.cl"}), UserError);    // two kernels
    CHECK_THROWS_AS(parse_versus({"baseline", "TILE_SIZE=8"}), UserError);  // the baseline has its own defines
    CHECK_THROWS_AS(parse_versus({"file:"}), UserError);                    // no path
    CHECK_THROWS_AS(parse_versus({"lab:"}), UserError);
    try {
        parse_versus({"fast"});
        FAIL("a word that is neither a define nor a kernel was taken");
    } catch (const UserError& error) {
        CHECK(std::string(error.what()).find("file:PATH.cl") != std::string::npos);
    }
}
