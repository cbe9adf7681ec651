// uses_identifier: the test behind a lab's optional-extension define sets.
#include "harness/source_identifiers.hpp"

#include <doctest/doctest.h>

using course::uses_identifier;

TEST_CASE("a name used in code counts, as a whole identifier only") {
    CHECK(uses_identifier("for (uint r = ly; r < TILE_SIZE; r += TILE_SIZE / ROWS_PER_ITEM) {}", "ROWS_PER_ITEM"));
    CHECK(uses_identifier("#ifndef ROWS_PER_ITEM\n#define ROWS_PER_ITEM 1\n#endif\n", "ROWS_PER_ITEM"));
    CHECK(uses_identifier("x=ROWS_PER_ITEM;", "ROWS_PER_ITEM"));
    CHECK_FALSE(uses_identifier("#define MY_ROWS_PER_ITEM 4\nuint ROWS_PER_ITEMS = 2;", "ROWS_PER_ITEM"));
    CHECK_FALSE(uses_identifier("", "ROWS_PER_ITEM"));
    CHECK_FALSE(uses_identifier("ROWS_PER_ITEM", ""));
}

TEST_CASE("a name in a comment or a literal does not count") {
    CHECK_FALSE(uses_identifier("// TODO: ROWS_PER_ITEM later\nuint x = 1;", "ROWS_PER_ITEM"));
    CHECK_FALSE(uses_identifier("/* the extension (ROWS_PER_ITEM)\n is not done */", "ROWS_PER_ITEM"));
    CHECK_FALSE(uses_identifier("// a comment that goes on \\\n ROWS_PER_ITEM on the next line", "ROWS_PER_ITEM"));
    CHECK_FALSE(uses_identifier("printf(\"ROWS_PER_ITEM\\n\"); char c = 'R';", "ROWS_PER_ITEM"));
    CHECK(uses_identifier("/* comment */ ROWS_PER_ITEM // and after", "ROWS_PER_ITEM"));
    CHECK(uses_identifier("printf(\"\\\"\"); ROWS_PER_ITEM", "ROWS_PER_ITEM"));
}

TEST_CASE("find_identifier gives the first accepted identifier of the code, with its line") {
    const std::string source = "// float4 in a comment\n\"float4\"\nuint x = 1e4f;\n  float4 v = vload4(0, a);\n";
    const auto found = course::find_identifier(source, [](const std::string& w) { return w == "float4"; });
    REQUIRE(found.has_value());
    CHECK(found->line == 4);
    CHECK(found->name == "float4");
    CHECK_FALSE(course::find_identifier(source, [](const std::string& w) { return w == "e4f"; }).has_value());
    const auto in_macro =
        course::find_identifier("/* a\nb */\n#define V float8\n", [](const std::string& w) { return w == "float8"; });
    REQUIRE(in_macro.has_value());
    CHECK(in_macro->line == 3);
}
