// labs/NN-name/hints.toml: read once into types; every lab has hints at three levels.
#include "description/lab_hints.hpp"
#include "description/lab_spec.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include <unistd.h>

using namespace course;
namespace fs = std::filesystem;

namespace {

fs::path course_with_hints(const std::string& text) {
    const fs::path root = fs::temp_directory_path() / ("lab-hints-test-" + std::to_string(getpid()));
    fs::remove_all(root);
    fs::create_directories(root / "labs/01-x");
    std::ofstream(root / "labs/01-x/hints.toml") << text;
    return root;
}

}  // namespace

TEST_CASE("hints: every lab of the course has hints at three levels for its TODOs") {
    const auto folders = lab_folders(fs::current_path());
    REQUIRE(folders.size() >= 7);
    for (const auto& folder : folders) {
        const LabHints hints = load_hints(fs::current_path(), folder);
        CHECK_MESSAGE(hints.todos.size() >= 2, folder);
        for (const auto& todo : hints.todos) {
            for (int level = 1; level <= kHintLevels; ++level) CHECK(!todo.at(static_cast<HintLevel>(level)).empty());
        }
    }
}

TEST_CASE("hints: lines of a hint are joined, blank lines keep paragraphs") {
    const fs::path root = course_with_hints(
        "[[todo]]\ntodo = \"TODO 1\"\nabout = \"x\"\nquestion = '''\nWhich\n  index?\n'''\n"
        "idea = '''\nOne.\n\nTwo.\n'''\nshape = \"s\"\n");
    const LabHints hints = load_hints(root, "01-x");
    REQUIRE(hints.todos.size() == 1);
    CHECK(hints.todos[0].at(HintLevel::question) == "Which index?");
    CHECK(hints.todos[0].at(HintLevel::idea) == "One.\nTwo.");
    CHECK(hints.todos[0].at(HintLevel::shape) == "s");
    fs::remove_all(root);
}

TEST_CASE("hints: clear errors for a missing file, bad TOML, a missing or unknown key, a bad level") {
    const fs::path root = course_with_hints("[[todo]]\ntodo = \"TODO 1\"\nabout = \"x\"\nquestion = \"q\"\nidea = \"i\"\n");
    CHECK_THROWS_WITH_AS(load_hints(root, "01-x"),
                         doctest::Contains("labs/01-x/hints.toml, [[todo]] number 1: it is missing"), UserError);
    std::ofstream(root / "labs/01-x/hints.toml")
        << "[[todo]]\ntodo = \"T\"\nabout = \"x\"\nquestion = \"q\"\nidea = \"i\"\nshape = \"s\"\nshap = \"t\"\n";
    CHECK_THROWS_WITH_AS(load_hints(root, "01-x"), doctest::Contains("a key `shap`"), UserError);
    std::ofstream(root / "labs/01-x/hints.toml") << "[[todo]\n";
    CHECK_THROWS_WITH_AS(load_hints(root, "01-x"), doctest::Contains("labs/01-x/hints.toml:1"), UserError);
    fs::remove(root / "labs/01-x/hints.toml");
    CHECK_THROWS_WITH_AS(load_hints(root, "01-x"), doctest::Contains("there is none"), UserError);
    CHECK(parse_hint_level("2") == HintLevel::idea);
    CHECK_THROWS_WITH_AS(parse_hint_level("4"), doctest::Contains("1, 2 or 3"), UserError);
    fs::remove_all(root);
}
