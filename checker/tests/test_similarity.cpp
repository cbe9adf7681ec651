// labcheck similarity: the lexer's normalisation, winnowing's guarantee, the
// stub subtraction, a small class where renamed and reordered copies must
// rank above every pair of honestly different kernels, and a class where most
// students hand in one kernel: its copies still score as copies, the CSV says
// what the majority filter left out, known sources are named, and every pair
// from --min-score gets its details.
#include "class_corpus.hpp"
#include "cli/similarity_command.hpp"
#include "known_sources.hpp"
#include "similarity_report.hpp"
#include "util/user_error.hpp"

#include "edition/zip_writer.hpp"
#include "tests/committed_stubs.hpp"

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

// Lab 04's stub as committed: in a tree where a student solved the labs, labs/ holds a solution.
std::string lab_04_stub() {
    return read_text(course_tests::committed_stubs(fs::current_path()).dir() / "04-matmul-tiled" / "matmul.cl");
}

void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

// The index at `html` and every cluster page beside it, one after another.
std::string all_pages(const fs::path& html) {
    std::string text = read_text(html);
    std::error_code ec;
    for (const auto& page : fs::directory_iterator(html.parent_path() / (html.stem().string() + "-pages"), ec))
        text += read_text(page.path());
    return text;
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
    CHECK(tokens.back().line == 5);  // the closing brace of line 6 is no token (braces are left out)
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
    const std::string stub = lab_04_stub();
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
    // zoe hands in alice's file in a zip, yann under a near-miss name beside no lab folder: read as
    // `labcheck --class` and Gradescope read uploads, so the copies are compared like any other.
    labcheck::ZipWriter zip;
    zip.add_file(lab, solution, 0644);
    write_text(class_dir / "zoe" / "submission.zip", zip.finish());
    write_text(class_dir / "yann" / "Matmul (1).cl", solution);
    for (const char* honest : {"correct_flat_tiles_fma", "correct_padded_tiles", "correct_double_buffer_cur_nxt",
                               "correct_walking_pointers", "correct_local_accumulators", "correct_tile_chosen_by_ternary"})
        write_text(class_dir / honest / lab, read_text(fs::path("checker/mutants/04-matmul-tiled") / (std::string(honest) + ".cl")));

    const std::string csv = (base / "similarity.csv").string(), html = (base / "similarity.html").string();
    const std::string class_arg = class_dir.string();
    // As `labcheck similarity ...` parses it: a subcommand of labcheck's command line.
    // Lab 04's kernels hold about a hundred tokens beyond the stub, fewer than --min-code: by default nothing
    // is flagged in it (the last test case). Here the pages of flagged pairs are what is tested.
    const char* argv[] = {"labcheck", "similarity", "--class", class_arg.c_str(), "--lab", "04", "--csv", csv.c_str(),
                          "--html", html.c_str(), "--root", ".", "--min-code", "0"};
    CLI::App app;
    labcheck::SimilarityOptions options;
    labcheck::add_similarity_command(app, options);
    app.parse(14, const_cast<char**>(argv));
    REQUIRE(*options.command);
    REQUIRE(labcheck::run_similarity_command(options) == 0);

    std::set<std::string> copies = {"carol,dave"};
    const std::vector<std::string> one_source = {"alice", "bob", "mallory", "yann", "zoe"};
    for (std::size_t i = 0; i < one_source.size(); ++i)
        for (std::size_t j = i + 1; j < one_source.size(); ++j) copies.insert(one_source[i] + "," + one_source[j]);
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
    const std::string page = all_pages(html);
    CHECK(page.find("<script>") == std::string::npos);
    CHECK(page.find("&lt;script&gt;") != std::string::npos);
    CHECK(page.find('\x1b') == std::string::npos);
    CHECK(page.find("\xc2\x9b") == std::string::npos);
    CHECK(page.find("&lt;/script&gt;\\x1b]0;owned\\x07\\x1b[2J \\u009b2J") != std::string::npos);
    fs::remove_all(base);
}

namespace {

struct CsvRow {
    std::string a, b, b_is;
    double score = 0, whole = 0, distinctive = 0;
    std::size_t shared = 0, shared_common = 0;
    bool flagged = false;
};

std::vector<CsvRow> csv_rows(const std::string& csv) {
    std::vector<CsvRow> rows;
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);
    REQUIRE(line == "lab,student_a,student_b,score,share_a,share_b,shared_fingerprints,regions,lines_a,lines_b,"
                    "whole_score,distinctive_score,shared_common,b_is,own_code_shared,flagged");
    const std::regex row("[^,]+,([^,]+),([^,]+),([0-9.]+),[0-9.]+,[0-9.]+,([0-9]+),[0-9]+,[0-9]+,[0-9]+,"
                         "([0-9.]+),([0-9.]+),([0-9]+),(student|known),[0-9.]+,(yes|no)");
    while (std::getline(lines, line)) {
        std::smatch field;
        REQUIRE(std::regex_match(line, field, row));
        rows.push_back({field[1], field[2], field[8], std::stod(field[3]), std::stod(field[5]), std::stod(field[6]),
                        std::stoul(field[4]), std::stoul(field[7]), field[9] == "yes"});
    }
    return rows;
}

std::size_t occurrences(const std::string& text, const std::string& word) {
    std::size_t count = 0;
    for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
    return count;
}

// The pages of the majority class (--min-score 0.7): the eight copiers, the reference and last year's
// copy are one cluster on the index, with one page holding its pairs; long lines wrap.
void check_majority_page(const fs::path& html) {
    const std::string index = read_text(html);
    CHECK(index.find("Clusters of flagged pairs (1)") != std::string::npos);
    CHECK(index.find("Students with a flagged match (8)") != std::string::npos);
    CHECK(index.find("Every other student's highest match (3)") != std::string::npos);
    CHECK(occurrences(index, "<tr class=\"flag\">") == 8);
    const fs::path page = html.parent_path() / (html.stem().string() + "-pages") / "04-cluster-1.html";
    REQUIRE(fs::exists(page));
    const std::string cluster = read_text(page);
    CHECK(occurrences(cluster, "<h3 id=\"04-") == 28 + 16);  // every pair from 70%: 28 copy pairs, 16 known matches
    CHECK(cluster.find("white-space:pre-wrap") != std::string::npos);
    CHECK(cluster.find("table.side{table-layout:fixed;width:100%}") != std::string::npos);
}

}  // namespace

TEST_CASE("similarity: copies count once in what the class shares, so a copied kernel keeps its score" *
          doctest::skip(!fs::exists("solutions") || !fs::exists("checker/mutants"))) {
    const std::string stub = read_text(course_tests::committed_stubs(fs::current_path()).dir() /
                                       "06-matmul-register-tiles" / "matmul.cl");
    const std::string solution = read_text("solutions/06-matmul-register-tiles/matmul.cl");
    const CorpusSettings settings;
    std::vector<SubmissionFile> files;
    for (const char* name : {"a", "b", "c", "d", "e"}) files.push_back(fingerprint_text(name, name, solution, settings.winnow));
    files.push_back(fingerprint_text(
        "f", "f", read_text("checker/mutants/06-matmul-register-tiles/correct_double_buffer_cur_nxt.cl"), settings.winnow));
    const SubmissionFile stub_file = fingerprint_text("stub", "stub", stub, settings.winnow);
    const SharedRemoved removed = subtract_shared(files, &stub_file, settings);
    CHECK(removed.independent == 2);  // the five copies are one group
    CHECK(removed.common == 0);       // what two groups share is never common
    const PairSimilarity copies = compare_pair(files, 0, 1, settings.winnow);
    CHECK(copies.whole == doctest::Approx(1.0));
    CHECK(copies.score == doctest::Approx(1.0));
    CHECK(compare_pair(files, 0, 5, settings.winnow).score < 0.6);
}

TEST_CASE("similarity: known sources are parsed and placed" * doctest::skip(!fs::exists("solutions"))) {
    CHECK_THROWS_AS(parse_known_source("reference"), course::UserError);
    CHECK_THROWS_AS(parse_known_source("=labs"), course::UserError);
    CHECK_THROWS_AS(parse_known_source("ref=/no/such/path/matmul.cl"), course::UserError);
    const std::vector<std::string> labs = {"03-matmul-naive", "04-matmul-tiled"};
    const KnownSource reference = parse_known_source("ref=solutions/04-matmul-tiled/matmul.cl");
    CHECK(reference.name == "ref");
    CHECK(known_kind(reference, labs) == KnownKind::file);
    CHECK(known_kind(parse_known_source("sol=solutions"), labs) == KnownKind::labs_folder);
    CHECK(known_file_fits_lab(reference.path, "04-matmul-tiled", "matmul.cl", labs));
    CHECK(!known_file_fits_lab(reference.path, "03-matmul-naive", "matmul.cl", labs));  // its folder names lab 04
    CHECK(known_file_fits_lab("/tmp/leaked/matmul.cl", "03-matmul-naive", "matmul.cl", labs));
    CHECK(!known_file_fits_lab("/tmp/leaked/transpose.cl", "03-matmul-naive", "matmul.cl", labs));
}

TEST_CASE("similarity: a class where most hand in one kernel cannot hide its copies" *
          doctest::skip(!fs::exists("checker/mutants"))) {
    const fs::path base = fs::temp_directory_path() / ("labcheck-similarity-majority-" + std::to_string(getpid()));
    fs::remove_all(base);
    const std::string lab = "04-matmul-tiled/matmul.cl";
    const std::string solution = read_text("solutions/" + lab);
    // Eight of eleven hand in the reference solution (three of them renamed, one with a 3000-character
    // line), so every one of its fingerprints is in most of the class: 28 pairs of copies. They are one
    // group of near-identical files, so the kernel is not "common", and one of four independent
    // submissions with a match from the line does not make the lab crowded.
    const std::vector<std::string> copiers = {"s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08"};
    for (std::size_t i = 0; i < copiers.size(); ++i) {
        std::string text = i % 3 == 1 ? renamed(solution, {{"sum", "acc"}, {"a_tile", "As"}, {"b_tile", "Bs"}}) : solution;
        if (i == 7) text = "// " + std::string(3000, 'x') + "\n" + text;
        write_text(base / "class" / copiers[i] / lab, text);
    }
    for (const char* honest : {"correct_padded_tiles", "correct_walking_pointers", "correct_local_accumulators"})
        write_text(base / "class" / honest / lab,
                   read_text(fs::path("checker/mutants/04-matmul-tiled") / (std::string(honest) + ".cl")));
    write_text(base / "lastyear" / "oldkid" / lab, solution);  // last year's class: one student, the same kernel

    const std::string csv = (base / "s.csv").string(), html = (base / "s.html").string(),
                      class_arg = (base / "class").string(), last_year = "lastyear=" + (base / "lastyear").string();
    const char* argv[] = {"labcheck", "similarity", "--class", class_arg.c_str(), "--lab", "04", "--csv", csv.c_str(),
                          "--html", html.c_str(), "--root", ".", "--known", "reference=solutions/04-matmul-tiled/matmul.cl",
                          "--known", last_year.c_str(), "--min-score", "0.7", "--min-code", "0"};
    CLI::App app;
    labcheck::SimilarityOptions options;
    labcheck::add_similarity_command(app, options);
    app.parse(20, const_cast<char**>(argv));
    REQUIRE(labcheck::run_similarity_command(options) == 0);

    const std::set<std::string> copying(copiers.begin(), copiers.end());
    std::size_t copy_pairs = 0, known_matches = 0;
    for (const CsvRow& row : csv_rows(read_text(csv))) {
        const bool a_copied = copying.count(row.a) != 0;
        if (row.b_is == "known") {
            CHECK((row.b == "reference" || row.b == "lastyear/oldkid"));
            if (a_copied) CHECK(row.score >= 0.7);
            CHECK(row.flagged == a_copied);
            known_matches += a_copied;
        } else if (a_copied && copying.count(row.b) != 0) {
            // Identical (up to names and comments); below 1 only because the kernel has little code of its
            // own (kMinOwnCode): ten lines beyond the stub.
            CHECK(row.score >= 0.7);
            CHECK(row.shared_common <= row.shared);
            CHECK(row.flagged);
            ++copy_pairs;
        } else {
            CHECK(row.score < 0.7);
            CHECK(!row.flagged);
        }
    }
    CHECK(copy_pairs == 28);
    CHECK(known_matches == 16);
    check_majority_page(html);
    fs::remove_all(base);
}

TEST_CASE("similarity: lab 01's one-line kernel written alike by two students is not a copy by that alone" *
          doctest::skip(!fs::exists("solutions"))) {
    const std::string solution = read_text("solutions/01-transpose-naive/transpose.cl");
    const CorpusSettings settings;
    std::vector<SubmissionFile> files = {fingerprint_text("a", "a", solution, settings.winnow),
                                         fingerprint_text("b", "b", renamed(solution, {{"i", "x"}, {"j", "y"}}),
                                                          settings.winnow)};
    const SubmissionFile stub = fingerprint_text(
        "stub", "stub",
        read_text(course_tests::committed_stubs(fs::current_path()).dir() / "01-transpose-naive" / "transpose.cl"),
        settings.winnow);
    subtract_shared(files, &stub, settings);
    REQUIRE(double(files[0].fingerprints.size()) < kMinOwnCode);  // the premise: little code beyond the stub
    const PairSimilarity pair = compare_pair(files, 0, 1, settings.winnow);
    CHECK(pair.whole == doctest::Approx(1.0));
    CHECK(pair.score < 0.7);  // below the default --min-score
}

TEST_CASE("similarity: a lab where most of the class has a near-twin flags nobody, and says why" *
          doctest::skip(!fs::exists("checker/mutants"))) {
    const fs::path base = fs::temp_directory_path() / ("labcheck-similarity-crowded-" + std::to_string(getpid()));
    fs::remove_all(base);
    const std::string lab = "04-matmul-tiled/matmul.cl";
    const fs::path mutants = "checker/mutants/04-matmul-tiled";
    // Four kernels each handed in by two students (the second renamed), three by one: seven independent
    // submissions, four of them with a match from the line. A class has fewer copiers than that; a lab
    // where most students find a twin leaves one way to write its code.
    const std::vector<std::string> twice = {"correct_padded_tiles", "correct_walking_pointers",
                                            "correct_local_accumulators", "correct_flat_tiles_fma"};
    for (const std::string& kernel : twice) {
        const std::string text = read_text(mutants / (kernel + ".cl"));
        write_text(base / "class" / (kernel + "_1") / lab, text);
        write_text(base / "class" / (kernel + "_2") / lab, renamed(text, {{"sum", "total"}, {"acc", "total"}}));
    }
    for (const char* once : {"correct_double_buffer_cur_nxt", "correct_tile_chosen_by_ternary", "correct_helper_functions"})
        write_text(base / "class" / once / lab, read_text(mutants / (std::string(once) + ".cl")));
    const std::string csv = (base / "s.csv").string(), html = (base / "s.html").string(),
                      class_arg = (base / "class").string();
    // By default lab 04 is held back as short (its kernels hold about a hundred tokens beyond the stub);
    // with --min-code 0 the crowding holds it back.
    for (const char* min_code : {"200", "0"}) {
        const char* argv[] = {"labcheck", "similarity", "--class", class_arg.c_str(), "--lab", "04", "--csv", csv.c_str(),
                              "--html", html.c_str(), "--root", ".", "--min-code", min_code};
        CLI::App app;
        labcheck::SimilarityOptions options;
        labcheck::add_similarity_command(app, options);
        app.parse(14, const_cast<char**>(argv));
        REQUIRE(labcheck::run_similarity_command(options) == 0);
        std::size_t twins = 0;
        for (const CsvRow& row : csv_rows(read_text(csv))) {
            CHECK(!row.flagged);
            twins += row.score >= default_line(15);
        }
        CHECK(twins >= 4);  // the premise: the twins do score from the line
        const std::string index = read_text(html);
        CHECK(index.find("No pair flagged:") != std::string::npos);
        CHECK(index.find(std::string(min_code) == "0" ? "alike by nature" : "tokens of code beyond the stub") !=
              std::string::npos);
        CHECK(index.find("Clusters of flagged pairs (0)") != std::string::npos);
    }
    fs::remove_all(base);
}
