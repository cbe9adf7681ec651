// Lab 07: the solution is right at every level (padded sizes included), the
// stub is reported wrong, a wrong lab-06 GEMM is blamed on lab 06, and a
// single wrong sign in any product or quadrant formula is caught at every
// level with a message that names the quadrants of C it reaches.
//
// Mutants are made from the solution at test time by replacing one exact
// piece of text, and run from a temporary folder laid out like labs/; the
// products use the lab-06 solution (StrassenGemmSettings::lab_kernels), as when the
// grader grades lab 07 on its own. Each mutant is built once and checked at
// every level (check_at), since PoCL builds are the slow part here.
#include "lab_fixture.hpp"

#include "harness/kernel_source.hpp"
#include "harness/program_build.hpp"
#include "problems/strassen/strassen_formulas.hpp"
#include "problems/strassen/strassen_plan.hpp"
#include "problems/strassen/strassen_problem.hpp"
#include "problems/repeated_check.hpp"
#include "problems/strassen/strassen_report.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

using namespace course_tests;

namespace {

const char* const kLab = "07-strassen";

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::string& solution_text() {
    static const std::string text = read_text(root() / "solutions" / kLab / "strassen.cl");
    return text;
}

// `text` with its only occurrence of `from` replaced by `to`.
std::string replaced_once(const std::string& text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "the solution no longer contains \"" << from << "\"");
    REQUIRE_MESSAGE(text.find(from, at + 1) == std::string::npos, "\"" << from << "\" occurs more than once");
    return text.substr(0, at) + to + text.substr(at + from.size());
}

const course::LabSpec& spec() {
    static const course::LabSpec s = course::load_lab(root(), "07", session().device.device_class);
    return s;
}

// Lab 07 from `kernels`, its products computed by the GEMM of `gemm_kernels` (when given).
std::unique_ptr<course::StrassenProblem> open_strassen(const course::KernelSet& kernels,
                                                       std::optional<course::KernelSet> gemm_kernels,
                                                       const char* levels = "1",
                                                       course::GemmChoice gemm = course::GemmChoice::lab_kernels) {
    course::ProblemSetup setup;
    setup.session = &session();
    setup.spec = &spec();
    setup.source = course::read_kernel_source(kernels.file(kLab, "strassen.cl"), kernels.display(kLab, "strassen.cl"));
    setup.geometry = spec().geometry;
    setup.defines = spec().defines;
    setup.defines.set("LEVELS", levels);
    setup.kernels = kernels;
    setup.root = root();
    return std::make_unique<course::StrassenProblem>(setup, course::StrassenGemmSettings{gemm, std::move(gemm_kernels)});
}

course::KernelSet solutions() {
    return course::kernel_set(root(), "solutions");
}

// A submission folder holding one lab-07 kernel file (and, when given, a lab-06 one).
course::KernelSet submission(const std::string& name, const std::string& strassen_cl,
                             const std::string& matmul_cl = {}) {
    const auto dir = std::filesystem::temp_directory_path() / ("strassen_test_" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / kLab);
    std::ofstream(dir / kLab / "strassen.cl") << strassen_cl;
    if (!matmul_cl.empty()) {
        std::filesystem::create_directories(dir / "06-matmul-register-tiles");
        std::ofstream(dir / "06-matmul-register-tiles" / "matmul.cl") << matmul_cl;
    }
    return {dir, "submission-" + name};
}

// A size that fills all four quadrants of A and B at `levels` levels (ragged, so it is padded a little).
course::ProblemSize filling_size(int levels) {
    const std::size_t n = std::size_t{64} << levels;  // 2^levels × the CPU macro tile
    return {n - 3, n - 5, n - 1};
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// "C is wrong in C21 and C22" for the quadrants given.
std::string wrong_quadrants_text(const std::vector<std::string>& quadrants) {
    std::string text = "C is wrong in ";
    for (std::size_t i = 0; i < quadrants.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == quadrants.size() ? " and " : ", ") + quadrants[i];
    }
    return text;
}

struct SignMutant {
    std::string name;                    // what was flipped
    std::string from, to;                // the text replaced in the solution
    std::vector<std::string> quadrants;  // the quadrants of C it reaches at one level
    std::string diagnosis;               // what the kernel-alone run must name
};

// One flipped sign in one operand of each product (strassen_split) ...
std::vector<SignMutant> split_mutants() {
    return {
        {"p1 right: f + h", "b12 - b22", "b12 + b22", {"C12", "C22"}, "right operand of p1"},
        {"p2 left: a - b", "a11 + a12", "a11 - a12", {"C11", "C12"}, "left operand of p2"},
        {"p3 left: c - d", "] = a21 + a22", "] = a21 - a22", {"C21", "C22"}, "left operand of p3"},
        {"p4 right: g + e", "b21 - b11", "b21 + b11", {"C11", "C21"}, "right operand of p4"},
        {"p5 right: e - h", "b11 + b22", "b11 - b22", {"C11", "C22"}, "right operand of p5"},
        {"p6 left: b + d", "a12 - a22", "a12 + a22", {"C11"}, "left operand of p6"},
        {"p7 right: e - f", "b11 + b12", "b11 - b12", {"C22"}, "right operand of p7"},
    };
}

// ... and every product's sign in every quadrant that adds it (strassen_merge).
std::vector<SignMutant> merge_mutants() {
    const std::vector<std::pair<std::string, std::vector<std::string>>> quadrants{
        {"C11", {"p5", "+ p4", "- p2", "+ p6"}},
        {"C12", {"p1", "+ p2"}},
        {"C21", {"p3", "+ p4"}},
        {"C22", {"p1", "+ p5", "- p3", "- p7"}},
    };
    std::vector<SignMutant> mutants;
    for (const auto& [quadrant, terms] : quadrants) {
        std::string formula;
        for (const auto& t : terms) formula += (formula.empty() ? "" : " ") + t;
        for (std::size_t flip = 0; flip < terms.size(); ++flip) {
            std::string mutated;
            for (std::size_t i = 0; i < terms.size(); ++i) {
                std::string term = terms[i];
                if (i == flip) {
                    term = term[0] == '+' ? "-" + term.substr(1) : term[0] == '-' ? "+" + term.substr(1) : "-" + term;
                }
                mutated += (mutated.empty() ? "" : " ") + term;
            }
            mutants.push_back({quadrant + ": " + mutated,
                               "] = " + formula + ";",
                               "] = " + mutated + ";",
                               {quadrant},
                               "strassen_merge: " + quadrant});
        }
    }
    return mutants;
}

void check_mutant(const SignMutant& mutant) {
    CAPTURE(mutant.name);
    const auto problem =
        open_strassen(submission("mutant", replaced_once(solution_text(), mutant.from, mutant.to)), solutions());
    for (int levels = 1; levels <= course::kMaxStrassenLevels; ++levels) {
        CAPTURE(levels);
        const auto verdict = problem->check_at(filling_size(levels), 1, levels);
        REQUIRE_FALSE(verdict.ok);
        CHECK(contains(verdict.problem, "C is wrong in C"));
        CHECK(contains(verdict.problem, mutant.diagnosis));
        if (levels == 1) {
            // At one level the error reaches exactly the quadrants that use the flipped term.
            CHECK_MESSAGE(contains(verdict.problem, wrong_quadrants_text(mutant.quadrants) + ";"), verdict.problem);
        }
    }
}

}  // namespace

TEST_CASE("the Strassen plan pads to 2^levels × the macro tile and counts the nodes") {
    const auto plan = course::strassen_plan({100, 33, 129}, 2, {64, 64, 16});
    CHECK(plan.rows(0) == 256);
    CHECK(plan.inner(0) == 64);
    CHECK(plan.cols(0) == 256);
    CHECK(plan.rows(2) == 64);
    CHECK(plan.inner(2) == 16);
    CHECK(plan.nodes(2) == 49);
    CHECK(plan.left_elements(2) == 49u * 64 * 16);
    CHECK(course::strassen_plan({1, 1, 1}, 0, {64, 64, 16}).rows(0) == 64);
    // One level moves: A and B read, 14 operands written, 7 products read, C written.
    const auto one = course::strassen_plan({128, 128, 128}, 1, {64, 64, 16});
    CHECK(one.addition_bytes() == doctest::Approx(4.0 * (2 * 128 * 128 + 14 * 64 * 64 + 7 * 64 * 64 + 128 * 128)));

    course::Defines defines;
    defines.set("LEVELS", "0");
    CHECK(course::strassen_levels(defines) == 0);
    for (const char* bad : {"4", "-1", "two", ""}) {
        defines.set("LEVELS", bad);
        CHECK_THROWS_AS(course::strassen_levels(defines), course::UserError);
    }
}

TEST_CASE("the formulas as data multiply out to the block product, for Strassen and for Winograd") {
    for (const auto variant : {course::StrassenVariant::strassen, course::StrassenVariant::winograd}) {
        const auto& scheme = course::strassen_scheme(variant);
        CAPTURE(scheme.title);
        // With scalars for the quadrants, each quadrant formula must equal the block product's entry
        // (the numbers of the README's hand check).
        const double a[4] = {2, 3, 5, 7}, b[4] = {11, 13, 17, 19};  // a11 a12 a21 a22, b11 b12 b21 b22
        double p[course::kStrassenProducts];
        for (std::size_t i = 0; i < course::kStrassenProducts; ++i) {
            const auto& product = scheme.products[i];
            double left = 0, right = 0;
            for (std::size_t q = 0; q < 4; ++q) {
                left += product.left_signs[q] * a[q];
                right += product.right_signs[q] * b[q];
            }
            p[i] = left * right;
        }
        const double block[4] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                                 a[2] * b[1] + a[3] * b[3]};
        for (std::size_t q = 0; q < 4; ++q) {
            double sum = 0;
            for (std::size_t i = 0; i < course::kStrassenProducts; ++i)
                sum += scheme.quadrants[q].product_signs[i] * p[i];
            CHECK(sum == block[q]);
        }
        if (variant == course::StrassenVariant::strassen) {
            // The README's table of p1 .. p7 for these numbers.
            const double readme[course::kStrassenProducts] = {-12, 95, 132, 42, 270, -144, -72};
            for (std::size_t i = 0; i < course::kStrassenProducts; ++i) CHECK(p[i] == readme[i]);
        }
    }
}

TEST_CASE("the lab-07 solution is right at every level, padded sizes included") {
    const auto problem = open_strassen(solutions(), std::nullopt);
    for (int levels = 0; levels <= course::kMaxStrassenLevels; ++levels) {
        for (const auto& size : std::vector<course::ProblemSize>{{1, 1, 1}, {100, 33, 129}, filling_size(levels)}) {
            CAPTURE(levels);
            CAPTURE(course::size_text(size, course::SizeForm::m_by_k_by_n));
            const auto verdict = problem->check_at(size, 3, levels);
            CHECK_MESSAGE(verdict.ok, verdict.problem);
        }
    }
}

TEST_CASE("the lab-07 stub is reported wrong even with a right lab-06 GEMM") {
    const auto stub = open_strassen(stub_set(), solutions());
    const auto verdict = stub->check(filling_size(1), 1);
    if (!stub_is_wrong(kLab, !verdict.ok)) return;
    CHECK(contains(verdict.problem, "C is wrong in C11, C12, C21 and C22"));
    // The stub writes zeros into the left operands and c11, nothing into the rest.
    CHECK_MESSAGE(contains(verdict.problem, "strassen_split: the right operand of p1 must be b12 − b22"),
                  verdict.problem);
    CHECK(contains(verdict.problem, "strassen_merge: C12 is wrong"));
    // The merge is the student's to derive: no message spells out a quadrant's sum of products.
    for (const auto& quadrant : course::strassen_quadrants()) CHECK_FALSE(contains(verdict.problem, quadrant.formula));
    CHECK_FALSE(contains(verdict.problem, "Winograd"));  // part 2 is optional: the stub has none of it
    CHECK(stub->variants().size() == 1);
}

TEST_CASE("a lab-06 GEMM that ignores the batch is blamed on lab 06") {
    // The products after the first land on the first: the others are never written.
    const std::string unbatched =
        replaced_once(read_text(root() / "solutions/06-matmul-register-tiles/matmul.cl"), "c += product * M * N;", "");
    const auto problem = open_strassen(submission("unbatched", solution_text(), unbatched), std::nullopt);
    const auto first = problem->check(filling_size(1), 1);
    CHECK_FALSE(first.ok);
    CHECK(contains(first.problem, "lab 07 multiplies with your lab-06 kernel (submission-unbatched/06-"));
    // Both products race for the first slot: which one the check meets wrong first depends on the
    // order the work-groups ran in, so either index is right; the never-written hint is always there.
    CHECK((contains(first.problem, "wrong at product 0 of a batch of 2") ||
           contains(first.problem, "wrong at product 1 of a batch of 2")));
    CHECK(contains(first.problem, "A later product of the batch was never written"));
    CHECK(contains(first.problem, "get_group_id(2)"));
    CHECK(contains(first.problem, "`lab run 07 --reference-gemm`"));
    const auto second = problem->check({1, 1, 1}, 1);  // a shorter reminder after the first size
    CHECK_FALSE(second.ok);
    CHECK(contains(second.problem, "details at the first size checked"));
    CHECK(second.repeating == "your lab-06 kernel is wrong");
    // The first size checked again (check_twice does) says the same as the first time: two
    // identical checks that differ would be called undefined behaviour of strassen.cl.
    const auto again = problem->check(filling_size(1), 1);
    CHECK(contains(again.problem, "A later product of the batch was never written"));
    const auto fresh = open_strassen(submission("unbatched_twice", solution_text(), unbatched), std::nullopt);
    const auto twice = course::check_twice(*fresh, {2, 2, 2}, 1);
    CHECK_FALSE(twice.unstable);
    CHECK(contains(twice.verdict.problem, "A later product of the batch was never written"));
    CHECK_FALSE(contains(twice.verdict.problem, "changed between two identical runs"));
}

TEST_CASE("a submission without lab 06 multiplies with the repository's labs/ copy") {
    const auto problem = open_strassen(submission("no_lab06", solution_text()), std::nullopt);
    CHECK(problem->gemm().display_path() == "labs/06-matmul-register-tiles/matmul.cl");
    const auto forced = open_strassen(submission("forced", solution_text()), solutions());
    CHECK(forced->gemm().display_path() == "solutions/06-matmul-register-tiles/matmul.cl");
}

TEST_CASE("graded on strassen.cl alone: the reference GEMM in kernels/ computes the products") {
    // A broken lab-06 kernel beside it changes nothing: the grader never uses it.
    const std::string unbatched =
        replaced_once(read_text(root() / "solutions/06-matmul-register-tiles/matmul.cl"), "c += product * M * N;", "");
    const auto problem = open_strassen(submission("alone", solution_text(), unbatched), std::nullopt, "1",
                                       course::GemmChoice::reference);
    CHECK(problem->gemm().display_path() == "kernels/reference/matmul_register_tiles.cl");
    CHECK(problem->gemm().is_reference());
    for (int levels = 0; levels <= 2; ++levels) {
        for (const auto& size : std::vector<course::ProblemSize>{{1, 1, 1}, {100, 33, 129}, filling_size(levels)}) {
            CAPTURE(levels);
            CAPTURE(course::size_text(size, course::SizeForm::m_by_k_by_n));
            const auto verdict = problem->check_at(size, 5, levels);
            CHECK_MESSAGE(verdict.ok, verdict.problem);
        }
    }
    // The stub is still wrong, and blamed on strassen.cl, not on a GEMM.
    const auto stub = open_strassen(stub_set(), std::nullopt, "1", course::GemmChoice::reference);
    const auto verdict = stub->check(filling_size(1), 1);
    if (!stub_is_wrong(kLab, !verdict.ok)) return;
    CHECK(contains(verdict.problem, "C is wrong in C11, C12, C21 and C22"));
    CHECK_FALSE(contains(verdict.problem, "GEMM"));
}

TEST_CASE("a split that ignores the node index passes at one level and fails at two") {
    const std::string mutant =
        replaced_once(solution_text(), "const uint node = get_global_id(2);\n\n    // The left operands",
                      "const uint node = 0;\n\n    // The left operands");
    const auto problem =
        open_strassen(submission("node_ignored", mutant), std::nullopt, "1", course::GemmChoice::reference);
    CHECK(problem->check_at(filling_size(1), 1, 1).ok);  // one node: nothing to tell apart
    const auto two = problem->check_at(filling_size(2), 1, 2);
    CHECK_FALSE(two.ok);
    CHECK(contains(two.problem, "never written"));
}

TEST_CASE("one wrong sign in any product's operand is caught at every level, naming the quadrants") {
    for (const auto& mutant : split_mutants()) check_mutant(mutant);
}

TEST_CASE("one wrong sign in any quadrant's sum of products is caught at every level, naming the quadrant") {
    const auto mutants = merge_mutants();
    REQUIRE(mutants.size() == 12);
    for (const auto& mutant : mutants) check_mutant(mutant);
}

TEST_CASE("at one level and a size where only C11 is real, the message names the products, not -D LEVELS=1") {
    // p5's sign in C11 flipped; at 40×40×40 (inside one macro tile of 64) C12, C21 and C22 are
    // padding, and so are a12, a22, b12, b22: only what a11 and b11 reach can go wrong.
    const auto problem = open_strassen(
        submission("c11_p5_flipped", replaced_once(solution_text(), "] = p5 + p4 - p2 + p6;", "] = -p5 + p4 - p2 + p6;")),
        solutions());
    const auto one = problem->check_at({40, 40, 40}, 1, 1);
    REQUIRE_FALSE(one.ok);
    CHECK_MESSAGE(contains(one.problem, "C is wrong in C11; only padding at this size in C12, C21 and C22"),
                  one.problem);
    CHECK_FALSE(contains(one.problem, "LEVELS=1"));
    CHECK_MESSAGE(contains(one.problem, "At this size C12, C21 and C22 hold only padding, so a wrong product can "
                                        "show only in C11. p2, p4, p5 and p6 are added into C11"),
                  one.problem);
    CHECK(contains(one.problem, "Or the sum for C11 in strassen_merge is wrong."));
    CHECK(contains(one.problem, "--size 128x64x128"));  // the padded size: K 40 pads to 64 at one level
    // Two levels down, a wrong product reaches other quadrants: one level is the way to see which.
    const auto two = problem->check_at({40, 40, 40}, 1, 2);
    REQUIRE_FALSE(two.ok);
    CHECK_MESSAGE(contains(two.problem, "with -D LEVELS=1 (e.g. --size 128x32x128)"), two.problem);
}

TEST_CASE("an operand never written is named with its product, node and level") {
    const std::string forgets_p7 = replaced_once(solution_text(), "out[6 * size] = a11 - a21;", "");
    const auto problem = open_strassen(submission("forgets_p7", forgets_p7), solutions());
    const auto verdict = problem->check_at(filling_size(2), 1, 2);
    CHECK_FALSE(verdict.ok);
    CHECK_MESSAGE(contains(verdict.problem, "strassen_split never wrote the left operand of p7 (a11 − a21"),
                  verdict.problem);
    CHECK(contains(verdict.problem, "at level 1"));
}

TEST_CASE("lab run's Strassen report has an accuracy table and a speed table for every level") {
    const auto problem = open_strassen(solutions(), std::nullopt);
    const std::string report = problem->extra_report({128, 128, 128});
    for (const char* part : {"accuracy: max |C − C_exact| / max |C_exact|", "LEVELS=3", "64×64×64", "128×128×128",
                             "speed at 128×128×128", "343 × 64×16×64", "fastest here: LEVELS="}) {
        CHECK_MESSAGE(contains(report, part), part << "\n" << report);
    }
}

namespace {

struct WinogradMutant {
    std::string from, to;  // the text replaced in the solution
    std::string named;     // what the diagnosis must name
};

// One flipped sign in each of Winograd's 15 additions: 8 partial sums in the split, 7 in the merge.
std::vector<WinogradMutant> winograd_mutants() {
    return {
        {"s1 = a21 + a22;", "s1 = a21 - a22;", "exactly those that use s1: check s1 = a21 + a22"},
        {"s2 = s1 - a11;", "s2 = s1 + a11;", "exactly those that use s2: check s2 = s1 − a11"},
        {"s3 = a11 - a21;", "s3 = a11 + a21;", "exactly those that use s3: check s3 = a11 − a21"},
        {"s4 = a12 - s2;", "s4 = a12 + s2;", "exactly those that use s4: check s4 = a12 − s2"},
        {"t1 = b12 - b11;", "t1 = b12 + b11;", "exactly those that use t1: check t1 = b12 − b11"},
        {"t2 = b22 - t1;", "t2 = b22 + t1;", "exactly those that use t2: check t2 = b22 − t1"},
        {"t3 = b22 - b12;", "t3 = b22 + b12;", "exactly those that use t3: check t3 = b22 − b12"},
        {"t4 = t2 - b21;", "t4 = t2 + b21;", "exactly those that use t4: check t4 = t2 − b21"},
        {"u1 = p1 + p2;", "u1 = p1 - p2;", "built from u1: check u1 = p1 + p2"},
        {"u2 = p1 + p6;", "u2 = p1 - p6;", "built from u2: check u2 = p1 + p6"},
        {"u3 = u2 + p7;", "u3 = u2 - p7;", "built from u3: check u3 = u2 + p7"},
        {"u4 = u2 + p5;", "u4 = u2 - p5;", "built from u4: check u4 = u2 + p5"},
        {"u5 = u4 + p3;", "u5 = u4 - p3;", "built from u5: check u5 = u4 + p3"},
        {"u6 = u3 - p4;", "u6 = u3 + p4;", "built from u6: check u6 = u3 − p4"},
        {"u7 = u3 + p5;", "u7 = u3 - p5;", "built from u7: check u7 = u3 + p5"},
    };
}

}  // namespace

TEST_CASE("one wrong sign in any of Winograd's 15 additions is caught, naming the partial sum") {
    const auto mutants = winograd_mutants();
    REQUIRE(mutants.size() == 15);
    for (const auto& mutant : mutants) {
        CAPTURE(mutant.from);
        const auto problem =
            open_strassen(submission("winograd", replaced_once(solution_text(), mutant.from, mutant.to)), solutions());
        REQUIRE(problem->variants().size() == 2);
        const auto verdict = problem->check_at(filling_size(1), 1, 1);
        REQUIRE_FALSE(verdict.ok);
        CHECK(contains(verdict.problem, "Winograd's variant (winograd_split, winograd_merge) is wrong"));
        CHECK_MESSAGE(contains(verdict.problem, mutant.named), verdict.problem);
    }
}

TEST_CASE("Winograd's pair is optional, but all or nothing") {
    // Strassen's pair alone is a whole lab (part 1).
    const auto cut = solution_text().find("// ---- Part 2");
    REQUIRE(cut != std::string::npos);
    const auto part1 = open_strassen(submission("part1", solution_text().substr(0, cut)), solutions());
    CHECK(part1->variants().size() == 1);
    const auto verdict = part1->check_at(filling_size(1), 1, 1);
    CHECK_MESSAGE(verdict.ok, verdict.problem);
    // One Winograd kernel without the other is a contract error that names the missing one.
    const std::string split_only = solution_text().substr(0, solution_text().find("__kernel void winograd_merge"));
    try {
        open_strassen(submission("split_only", split_only), solutions());
        FAIL("a file with winograd_split and no winograd_merge was accepted");
    } catch (const course::KernelContractError& e) {
        CHECK_MESSAGE(contains(e.what(), "winograd_merge"), e.what());
    }
}

TEST_CASE("the accuracy table has a Winograd line under each size when the file has its kernels") {
    const auto problem = open_strassen(solutions(), std::nullopt);
    const std::string report = course::accuracy_report(*problem, {64, 64, 64});
    CHECK_MESSAGE(contains(report, "  Winograd"), report);
    CHECK(contains(report, "Strassen's kernels, then Winograd's"));
}
