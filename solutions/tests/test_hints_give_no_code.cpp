// No hint holds the solution's code: no text of labs/NN-name/hints.toml contains a line of
// the kernel files in solutions/NN-name/, compared without whitespace. Lines that say nothing
// (braces, short lines, comments) and lines the stub already gives (as committed) are not counted.
#include "description/lab_hints.hpp"
#include "description/lab_spec.hpp"
#include "tests/committed_stubs.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace course;

namespace {

constexpr std::size_t kShortestCodeLine = 8;  // characters without whitespace: "}", "i++;" say nothing

std::string without_whitespace(const std::string& text) {
    std::string out;
    for (const char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) out += c;
    return out;
}

// The telling lines of the .cl files of a folder, without whitespace.
std::set<std::string> code_lines(const fs::path& folder) {
    std::set<std::string> lines;
    if (!fs::is_directory(folder)) return lines;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (entry.path().extension() != ".cl") continue;
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            const std::string bare = without_whitespace(line);
            if (bare.size() < kShortestCodeLine || bare.rfind("//", 0) == 0) continue;
            lines.insert(bare);
        }
    }
    return lines;
}

// The solution lines (not in the stub) that `hint` contains.
std::vector<std::string> leaked_lines(const std::string& hint, const std::set<std::string>& solution,
                                      const std::set<std::string>& stub) {
    const std::string bare = without_whitespace(hint);
    std::vector<std::string> leaked;
    for (const auto& line : solution) {
        if (stub.count(line) == 0 && bare.find(line) != std::string::npos) leaked.push_back(line);
    }
    return leaked;
}

}  // namespace

TEST_CASE("hints: the check finds a line of code in a hint, whatever its spacing") {
    const std::set<std::string> solution{"at[i*m+j]=a[j*k+i];", "if(i<k&&j<m){"};
    const std::set<std::string> stub{"if(i<k&&j<m){"};
    CHECK(leaked_lines("then write at[i * m + j] = a[j*k + i]; and stop", solution, stub).size() == 1);
    CHECK(leaked_lines("one assignment from a to at", solution, stub).empty());
    CHECK(leaked_lines("if (i < k && j < m) {", solution, stub).empty());  // the stub gives it
}

TEST_CASE("hints: no hint of any lab contains a line of its solution") {
    const fs::path root = fs::current_path();
    const auto folders = lab_folders(root);
    REQUIRE(folders.size() >= 7);
    for (const auto& folder : folders) {
        const auto solution = code_lines(root / "solutions" / folder);
        REQUIRE_MESSAGE(!solution.empty(), "solutions/" << folder << " has no kernel lines");
        const auto stub = code_lines(course_tests::committed_stubs(root).dir() / folder);  // not a solved copy
        for (const auto& todo : load_hints(root, folder).todos) {
            for (const auto& text : todo.text) {
                const auto leaked = leaked_lines(text, solution, stub);
                CHECK_MESSAGE(leaked.empty(), "labs/" << folder << "/hints.toml, " << todo.todo << ", holds the "
                                              "solution line " << (leaked.empty() ? "" : leaked.front()));
            }
        }
    }
}
