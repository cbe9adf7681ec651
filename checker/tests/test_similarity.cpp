// labcheck similarity: the lexer's normalisation, winnowing's guarantee, the
// stub subtraction, and a small class where renamed and reordered copies must
// rank above every pair of honestly different kernels.
#include "class_corpus.hpp"
#include "cli/similarity_command.hpp"
#include "similarity_report.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include <unistd.h>

using namespace similarity;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

std::vector<std::string> texts(const std::vector<KernelToken>& tokens) {
    std::vector<std::string> out;
    for (const auto& token : tokens) out.push_back(token.text);
    return out;
}

// What a student who copies does: new names, no comments, other spacing.
std::string renamed(std::string text, const std::vector<std::pair<std::string, std::string>>& names) {
    text = std::regex_replace(text, std::regex("//[^\n]*"), "");
    for (const auto& [from, to] : names) text = std::regex_replace(text, std::regex("\\b" + from + "\\b"), to);
    return std::regex_replace(text, std::regex("\n\\s*\n"), "\n");
}

}  // namespace

TEST_CASE("similarity: renaming, comments and spacing leave the token stream unchanged") {
    const std::string original =
        "// sum a row\n__kernel void f(__global const float* a, uint n) {\n"
        "  float sum = 0.0f;  /* running */\n  for (uint i = 0; i < n; ++i) sum += a[i] * 2.0f;\n"
        "  barrier(CLK_LOCAL_MEM_FENCE);\n}\n";
    const std::string copy = "__kernel void g(__global const float* x, uint len){float acc=1.5f;"
                             "for(uint j=0;j<len;++j)acc+=x[j]*3.0f;barrier(CLK_LOCAL_MEM_FENCE);}";
    const auto tokens = kernel_tokens(original, "a.cl");
    CHECK(texts(tokens) == texts(kernel_tokens(copy, "b.cl")));
    // OpenCL's own words keep their text; the student's names and numbers do not.
    const auto words = texts(tokens);
    CHECK(std::count(words.begin(), words.end(), "barrier") == 1);
    CHECK(std::count(words.begin(), words.end(), "__kernel") == 1);
    CHECK(std::count(words.begin(), words.end(), "sum") == 0);
    CHECK(tokens.back().line == 6);
}

TEST_CASE("similarity: a shared run of w + k - 1 tokens always gives a shared fingerprint") {
    const WinnowSettings settings;  // k = 12, w = 6
    std::mt19937 random(7);
    auto random_tokens = [&](std::size_t n) {
        std::vector<KernelToken> tokens;
        for (std::size_t i = 0; i < n; ++i) tokens.push_back({std::to_string(random() % 50), 1});
        return tokens;
    };
    for (int trial = 0; trial < 50; ++trial) {
        const auto shared = random_tokens(settings.w + settings.k - 1);
        auto a = random_tokens(30), b = random_tokens(45);
        a.insert(a.begin() + 10, shared.begin(), shared.end());
        b.insert(b.begin() + 25, shared.begin(), shared.end());
        std::set<std::uint64_t> in_a;
        for (const auto& f : winnow(a, settings)) in_a.insert(f.hash);
        bool found = false;
        for (const auto& f : winnow(b, settings)) found = found || in_a.count(f.hash) != 0;
        CHECK(found);
    }
    CHECK(winnow(random_tokens(settings.k - 1), settings).empty());
}

TEST_CASE("similarity: what the stub provides is not counted as shared") {
    const std::string stub = read_text("labs/04-matmul-tiled/matmul.cl");
    const CorpusSettings settings;
    std::vector<SubmissionFile> files = {
        fingerprint_text("a", "a", stub + "\nfloat helper_a(float x) { return x * x + 1.0f; }\n", settings.winnow),
        fingerprint_text("b", "b", stub + "\nint other_b(int y, int z) { while (y > z) { y -= z; } return y; }\n",
                         settings.winnow)};
    CHECK(compare_pair(files, 0, 1, settings.winnow).score > 0.5);  // the stub alone makes them look alike
    const SubmissionFile stub_file = fingerprint_text("stub", "stub", stub, settings.winnow);
    subtract_shared(files, &stub_file, settings);
    CHECK(compare_pair(files, 0, 1, settings.winnow).score < 0.05);
}

TEST_CASE("similarity: copies rank above every honest pair of a class" * doctest::skip(!fs::exists("checker/mutants"))) {
    const fs::path base = fs::temp_directory_path() / ("labcheck-similarity-test-" + std::to_string(getpid()));
    fs::remove_all(base);
    const fs::path class_dir = base / "class";
    const std::string lab = "04-matmul-tiled/matmul.cl";
    const std::string solution = read_text("solutions/" + lab);
    const std::string helpers = read_text("checker/mutants/04-matmul-tiled/correct_helper_functions.cl");
    write_text(class_dir / "alice" / lab, solution);
    write_text(class_dir / "bob" / lab,
               renamed(solution, {{"lx", "tx"}, {"ly", "ty"}, {"sum", "acc"}, {"a_tile", "As"}, {"b_tile", "Bs"},
                                  {"t", "step"}, {"k0", "base"}, {"steps", "count"}}));
    // carol reorders dave's helper functions and renames everything she can.
    const auto load = helpers.find("float load_or_zero"), dot = helpers.find("float tile_dot"),
               kernel = helpers.find("__kernel");
    const std::string reordered = helpers.substr(0, load) + helpers.substr(dot, kernel - dot) +
                                  helpers.substr(load, dot - load) + helpers.substr(kernel);
    write_text(class_dir / "carol" / lab,
               renamed(reordered, {{"load_or_zero", "fetch"}, {"tile_dot", "dot_tile"}, {"acc", "total"},
                                   {"a_tile", "sa"}, {"b_tile", "sb"}, {"kk", "q"}}));
    write_text(class_dir / "dave" / lab, helpers);
    // mallory copies too, and hides markup and terminal control sequences in a comment inside the copied code.
    const auto body = solution.rfind('\n', solution.find("barrier(")) + 1;
    write_text(class_dir / "mallory" / lab, solution.substr(0, body) +
                                                "// </pre><script>alert(1)</script>\x1b]0;owned\x07\x1b[2J \xc2\x9b" "2J\n" +
                                                solution.substr(body));
    for (const char* honest : {"correct_flat_tiles_fma", "correct_padded_tiles", "correct_double_buffer_cur_nxt",
                               "correct_walking_pointers", "correct_local_accumulators", "correct_tile_chosen_by_ternary"})
        write_text(class_dir / honest / lab, read_text(fs::path("checker/mutants/04-matmul-tiled") / (std::string(honest) + ".cl")));

    const std::string csv = (base / "similarity.csv").string(), html = (base / "similarity.html").string();
    const std::string class_arg = class_dir.string();
    // As `labcheck similarity ...` parses it: a subcommand of labcheck's command line.
    const char* argv[] = {"labcheck", "similarity", "--class", class_arg.c_str(), "--lab", "04", "--csv", csv.c_str(),
                          "--html", html.c_str(), "--root", "."};
    CLI::App app;
    labcheck::SimilarityOptions options;
    labcheck::add_similarity_command(app, options);
    app.parse(12, const_cast<char**>(argv));
    REQUIRE(*options.command);
    REQUIRE(labcheck::run_similarity_command(options) == 0);

    const std::set<std::string> copies = {"alice,bob", "alice,mallory", "bob,mallory", "carol,dave"};
    std::istringstream rows(read_text(csv));
    std::string row;
    std::getline(rows, row);  // header
    double lowest_copy = 1.0, highest_honest = 0.0;
    std::size_t copies_seen = 0;
    while (std::getline(rows, row)) {
        std::smatch field;
        REQUIRE(std::regex_match(row, field, std::regex("04-matmul-tiled,([^,]+,[^,]+),([0-9.]+),.*")));
        const double score = std::stod(field[2]);
        if (copies.count(field[1]) != 0) {
            lowest_copy = std::min(lowest_copy, score);
            ++copies_seen;
        } else {
            highest_honest = std::max(highest_honest, score);
        }
    }
    CHECK(copies_seen == copies.size());
    CHECK(lowest_copy > 0.85);
    CHECK(lowest_copy > highest_honest + 0.3);
    const std::string page = read_text(html);
    CHECK(page.find("<script>") == std::string::npos);
    CHECK(page.find("&lt;script&gt;") != std::string::npos);
    CHECK(page.find('\x1b') == std::string::npos);
    CHECK(page.find("\xc2\x9b") == std::string::npos);
    CHECK(page.find("&lt;/script&gt;\\x1b]0;owned\\x07\\x1b[2J \\u009b2J") != std::string::npos);
    fs::remove_all(base);
}
