#include "terms/defines.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

using namespace course;

TEST_CASE("defines keep their order and later values replace earlier ones") {
    Defines d;
    d.set("TILE_SIZE", "16");
    d.set("THREAD_WORK", "4");
    Defines o;
    o.set("TILE_SIZE", "32");
    d.merge(o);
    CHECK(d.summary() == "TILE_SIZE=32 THREAD_WORK=4");
    CHECK(d.build_options() == "-D TILE_SIZE=32 -D THREAD_WORK=4");
    CHECK(d.positive_int("THREAD_WORK") == 4);
}

TEST_CASE("-D text is parsed and bad text is refused with a hint") {
    CHECK(parse_define("TILE_SIZE=32").value == "32");
    CHECK(parse_define("USE_PADDING").value == "1");
    CHECK_THROWS_AS(parse_define("2TILE=3"), UserError);
    CHECK_THROWS_AS(parse_define("TILE SIZE=3"), UserError);
    CHECK_THROWS_AS(parse_define("TILE="), UserError);
}

TEST_CASE("a define that is not a positive number is named") {
    Defines d;
    d.set("TILE_SIZE", "abc");
    try {
        (void)d.positive_int("TILE_SIZE");
        FAIL("no error");
    } catch (const UserError& e) {
        CHECK(std::string(e.what()).find("TILE_SIZE=abc") != std::string::npos);
    }
    CHECK_THROWS_AS((void)d.positive_int("MISSING"), UserError);
}
