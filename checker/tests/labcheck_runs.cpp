// full clone only: its right kernels answer lab 01; the student edition leaves this file out.
// The real labcheck binary, run as instructors and students run it: the
// solutions pass, the stubs fail with a report, the speedup threshold decides,
// the grader's own problems exit 2 with a message, and the student edition
// grades the same.
#include "runner/child_process.hpp"

#include "tests/committed_stubs.hpp"

#include "edition/zip_writer.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct Run {
    int status = -1;
    std::string output;
    nlohmann::json json;
};

fs::path scratch(const std::string& name) {
    return fs::temp_directory_path() / ("labcheck-runs-" + std::to_string(getpid()) + "-" + name);
}

// With `quiet` false, labcheck also prints a line per child process as it finishes (on stderr,
// kept in `output`): which jobs ran.
// Lab 01's gradebook at the build stage alone: the header, and a row with the build's point and `last`
// in the last column (every stage and speed cell between them empty, the upload notes too).
const std::string kLab01Header = "student,total,max,01 build,01 correctness,01 barriers,01 speedup,01 GB/s,"
                                 "01 % of limit,01 speedup (×),01 device,01 speed rank,upload notes";
std::string built_row(const std::string& student, const std::string& last) {
    return student + ",1,1,1,,,,,,,,,," + last;  // nine empty cells, then `last`
}

Run run_labcheck(std::vector<std::string> arguments, bool with_json = false,
                 std::vector<std::pair<std::string, std::string>> environment = {}, bool quiet = true) {
    const char* path = std::getenv("LABCHECK");
    REQUIRE_MESSAGE(path != nullptr, "meson sets LABCHECK to build/checker/labcheck");
    labcheck::ChildCommand command;
    command.argv = {path};
    if (quiet) command.argv.push_back("-q");
    command.argv.insert(command.argv.end(), arguments.begin(), arguments.end());
    const fs::path json_file = scratch("results.json");
    if (with_json) command.argv.insert(command.argv.end(), {"--json", json_file.string()});
    command.output_file = scratch("output.txt");
    command.environment = std::move(environment);
    labcheck::ChildLimits limits;
    limits.wall_seconds = 600;
    const auto outcome = labcheck::run_child(command, limits);
    REQUIRE(outcome.end == labcheck::ChildEnd::exited);
    Run run;
    run.status = outcome.exit_code;
    std::ifstream in(command.output_file);
    std::ostringstream text;
    text << in.rdbuf();
    run.output = text.str();
    fs::remove(command.output_file);
    if (with_json) {
        std::ifstream json(json_file);
        run.json = nlohmann::json::parse(json, nullptr, false);
        fs::remove(json_file);
    }
    return run;
}

// A submission folder holding one file.
fs::path submission_with(const std::string& name, const std::string& file, const std::string& text) {
    const fs::path folder = scratch(name);
    fs::remove_all(folder);
    fs::create_directories((folder / file).parent_path());
    std::ofstream(folder / file) << text;
    return folder;
}

// False, with a message or a failure (course_tests::stub_is_wrong), when `graded` says the stub of lab 01 is right.
bool stub_01_is_wrong(const Run& graded) {
    return course_tests::stub_is_wrong(course_tests::committed_stubs(fs::current_path()), "01-transpose-naive",
                                       graded.output.find("01   correctness  pass") == std::string::npos);
}

// Where `text` holds a character that steers a terminal (C0 but newline and tab, DEL, C1 in UTF-8), or npos.
std::size_t control_at(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return i;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F) return i;
    }
    return std::string::npos;
}

bool strings_printable(const nlohmann::json& json) {
    if (json.is_string()) return control_at(json.get<std::string>()) == std::string::npos;
    if (!json.is_structured()) return true;
    return std::all_of(json.begin(), json.end(), [](const nlohmann::json& item) { return strings_printable(item); });
}

// What `lab` printed (stdout and stderr) for `arguments`.
std::string run_lab(const std::vector<std::string>& arguments) {
    const char* path = std::getenv("LAB");
    REQUIRE_MESSAGE(path != nullptr, "meson sets LAB to build/common/lab");
    labcheck::ChildCommand command;
    command.argv = {path};
    command.argv.insert(command.argv.end(), arguments.begin(), arguments.end());
    command.output_file = scratch("lab-output.txt");
    labcheck::ChildLimits limits;
    limits.wall_seconds = 300;
    REQUIRE(labcheck::run_child(command, limits).end == labcheck::ChildEnd::exited);
    std::ifstream in(command.output_file);
    std::ostringstream text;
    text << in.rdbuf();
    fs::remove(command.output_file);
    return text.str();
}

}  // namespace

TEST_CASE("terminal control sequences in a kernel file and a folder name are shown written out, never raw") {
    // A folder named to set the window title, and a compile error on a line whose comment clears the
    // screen, holds an OSC 8 hyperlink, a bare carriage return (in a block comment) and a C1 CSI.
    const fs::path submission = scratch("escapes-\x1b]0;owned\x07");
    fs::create_directories(submission / "01-transpose-naive");
    std::ofstream(submission / "01-transpose-naive" / "transpose.cl", std::ios::binary)
        << "__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)\n{\n"
           "    const uint i = get_global_id(0)  /* \x1b[2J\x1b]8;;https://example.invalid/\x1b\\click\x1b]8;;\x1b\\"
           "\rpass \xc2\x9b" "2J */\n"
           "    const uint j = get_global_id(1);\n    if (i < k && j < m) at[i * m + j] = a[j * k + i];\n}\n";
    const std::vector<std::string> args = {"--submission", submission.string(), "--lab", "01", "--stage", "build"};
    const Run terminal = run_labcheck(args, true);
    INFO(terminal.output);
    CHECK(terminal.status == 1);
    CHECK(control_at(terminal.output) == std::string::npos);
    CHECK(terminal.output.find("escapes-\\x1b]0;owned\\x07") != std::string::npos);
    CHECK(terminal.output.find("\\x1b[2J\\x1b]8;;https://example.invalid/\\x1b\\click") != std::string::npos);
    CHECK(terminal.output.find("\\x1b\\pass \\u009b2J */") != std::string::npos);  // the quoted line drops a carriage return
    CHECK(strings_printable(terminal.json));
    CHECK(terminal.json["tests"][0]["output"].get<std::string>().find("\\x1b[2J") != std::string::npos);

    const fs::path results = scratch("escapes-prairielearn");
    std::vector<std::string> pl = args;
    pl.insert(pl.end(), {"--format", "prairielearn", "--results-dir", results.string()});
    (void)run_labcheck(pl);
    std::ifstream pl_file(results / "results.json");
    const auto pl_json = nlohmann::json::parse(pl_file, nullptr, false);
    CHECK(pl_json["gradable"] == false);
    CHECK(strings_printable(pl_json));

    const std::string lab = run_lab({"run", "01", "--submission", submission.string(), "--no-timing"});
    INFO(lab);
    CHECK(control_at(lab) == std::string::npos);
    CHECK(lab.find("/* \\x1b[2J\\x1b]8;;https://example.invalid/\\x1b\\click") != std::string::npos);
    fs::remove_all(submission);
    fs::remove_all(results);
}

TEST_CASE("the solutions pass build, correctness (with the hidden sizes) and barriers in every lab") {
    const Run run = run_labcheck({"--solutions", "--stage", "build,correctness,barriers"}, true);
    INFO(run.output);
    CHECK(run.status == 0);
    REQUIRE(run.json.is_object());
    CHECK(run.json["tests"].size() >= 3 * 7);
    for (const auto& test : run.json["tests"]) {
        INFO(test["name"].get<std::string>() << ": " << test["output"].get<std::string>());
        CHECK(test["status"] == "passed");
        CHECK(test["extra_data"]["verdict"] == "pass");  // not even a warning: no false alarm
    }
    double max_score = 0.0;
    for (const auto& test : run.json["tests"]) max_score += test["max_score"].get<double>();
    CHECK(run.json["score"].get<double>() == max_score);
}

TEST_CASE("speedup: the threshold decides, and both times are reported") {
    const Run easy = run_labcheck({"--solutions", "--lab", "01", "--stage", "speedup", "--min-ratio", "0.0001"}, true);
    INFO(easy.output);
    CHECK(easy.status == 0);
    REQUIRE(easy.json["tests"].size() == 1);
    const auto& passed = easy.json["tests"][0];
    CHECK(passed["name"] == "01 speedup");
    CHECK(passed["score"] == 2.0);
    CHECK(passed["extra_data"]["baseline_seconds"].get<double>() > 0.0);
    CHECK(passed["extra_data"]["submission_seconds"].get<double>() > 0.0);

    const Run impossible =
        run_labcheck({"--solutions", "--lab", "01", "--stage", "speedup", "--min-ratio", "1e9"}, true);
    CHECK(impossible.status == 1);
    CHECK(impossible.json["tests"][0]["status"] == "failed");
    CHECK(impossible.json["tests"][0]["output"].get<std::string>().find("needs 1e+09×") != std::string::npos);
}

TEST_CASE("speedup: every lab's solution keeps its points with refilled outputs and every timed result checked") {
    const Run run = run_labcheck({"--solutions", "--stage", "speedup", "--min-ratio", "0.0001", "--no-hidden"}, true);
    INFO(run.output);
    CHECK(run.status == 0);
    CHECK(run.json["tests"].size() == 8);  // labs 01-08
    for (const auto& test : run.json["tests"]) {
        INFO(test["name"].get<std::string>() << ": " << test["output"].get<std::string>());
        CHECK(test["score"] == 2.0);
        CHECK(test["output"].get<std::string>().find("Every timed result was checked and right") != std::string::npos);
    }
}

TEST_CASE("leaderboard: a right kernel's rate and the copy bandwidth measured in the run; on PoCL the speedup alone") {
    const Run run = run_labcheck(
        {"--solutions", "--lab", "01", "--stage", "correctness,speedup", "--min-ratio", "0.0001", "--no-hidden"}, true);
    INFO(run.output);
    CHECK(run.status == 0);
    const auto& extra = run.json["tests"][1]["extra_data"];
    CHECK(extra["rate"].get<double>() > 0.0);
    CHECK(extra["rate_unit"] == "GB/s");
    CHECK(extra["ceiling"].get<double>() > 0.0);
    CHECK(extra["ceiling_name"] == "copy bandwidth");
    // PoCL times on the processor every other program shares: Gradescope ranks the speedup alone, and says why.
    REQUIRE(run.json.contains("leaderboard"));
    REQUIRE(run.json["leaderboard"].size() == 1);
    CHECK(run.json["leaderboard"][0]["name"] == "01 speedup (×)");
    CHECK(run.json["output"].get<std::string>().find("Leaderboard: the speedup over the baseline only") !=
          std::string::npos);
}

TEST_CASE("PrairieLearn: the solution scores 1; a kernel that does not compile is not gradable") {
    const fs::path results = scratch("prairielearn");
    const auto read_results = [&] {
        std::ifstream in(results / "results.json");
        return nlohmann::json::parse(in, nullptr, false);
    };
    const std::vector<std::string> pl = {"--lab", "04", "--stage", "build,correctness", "--no-hidden", "--format",
                                         "prairielearn", "--results-dir", results.string()};
    std::vector<std::string> solution = {"--solutions"};
    solution.insert(solution.end(), pl.begin(), pl.end());
    const Run right = run_labcheck(solution);
    INFO(right.output);
    const auto good = read_results();
    CHECK(good["gradable"] == true);
    CHECK(good["score"] == 1.0);
    REQUIRE(good["tests"].size() == 2);
    CHECK(good["tests"][1]["points"] == good["tests"][1]["max_points"]);

    const fs::path submission = scratch("pl-submission");
    fs::create_directories(submission / "04-matmul-tiled");
    fs::copy_file("checker/mutants/runtime/04-matmul-tiled/compile_error_type.cl",
                  submission / "04-matmul-tiled" / "matmul.cl");
    std::vector<std::string> broken = {"--submission", submission.string()};
    broken.insert(broken.end(), pl.begin(), pl.end());
    const Run wrong = run_labcheck(broken);
    const auto bad = read_results();
    CHECK(bad["gradable"] == false);
    CHECK_FALSE(bad.contains("score"));
    REQUIRE(bad["format_errors"].size() == 1);
    CHECK(bad["format_errors"][0].get<std::string>().find("does not build") != std::string::npos);
    fs::remove_all(results);
    fs::remove_all(submission);
}

TEST_CASE("memory feedback: the memory report beside the barriers verdict, whatever it is, and no point depends on it") {
    std::ifstream solution_file("solutions/02-transpose-local/transpose.cl");
    std::ostringstream solution;
    solution << solution_file.rdbuf();
    std::string unpadded = solution.str();
    const std::string padded_tile = "[TILE_SIZE + 1]";
    REQUIRE(unpadded.find(padded_tile) != std::string::npos);
    unpadded.replace(unpadded.find(padded_tile), padded_tile.size(), "[TILE_SIZE]");
    // A comment on the read's line that would clear the screen: the report quotes the line.
    const std::string read_line = "= tile[lx][r];";
    REQUIRE(unpadded.find(read_line) != std::string::npos);
    unpadded.insert(unpadded.find(read_line) + read_line.size(), "  /* \x1b[2J\x1b]0;owned\x07 */");
    const fs::path sub = submission_with("memory-unpadded", "02-transpose-local/transpose.cl", unpadded);
    const std::vector<std::string> grade = {"--submission", sub.string(), "--lab", "02", "--stage", "build,barriers",
                                            "--no-hidden"};
    const auto barriers_output = [](const Run& run) {
        for (const auto& test : run.json["tests"]) {
            if (test["name"] == "02 barriers") return test["output"].get<std::string>();
        }
        return std::string();
    };

    std::vector<std::string> with_feedback = grade;
    with_feedback.push_back("--memory-feedback");
    const Run reported = run_labcheck(with_feedback, true);
    const Run plain = run_labcheck(grade, true);
    INFO(reported.output);
    // The unpadded tile's column read: every work-item of a warp in one bank, in the terminal and the JSON.
    CHECK(reported.output.find("Memory report (feedback only") != std::string::npos);
    CHECK(reported.output.find("32.0-way bank conflict") != std::string::npos);
    CHECK(barriers_output(reported).find("32.0-way bank conflict") != std::string::npos);
    // Read for the student: the worst line, and the README's section about it.
    CHECK(barriers_output(reported).find("is a 32.0-way bank conflict on average") != std::string::npos);
    CHECK(barriers_output(reported).find("under \"Bank conflicts and the padded tile\"") != std::string::npos);
    CHECK(barriers_output(plain).find("Memory report") == std::string::npos);
    CHECK(reported.json["score"] == plain.json["score"]);
    CHECK(reported.status == plain.status);
    CHECK(control_at(reported.output) == std::string::npos);
    CHECK(strings_printable(reported.json));

    // A kernel whose barriers fail still gets its report (the padded tile: 1-way) and loses nothing more.
    const fs::path racy = scratch("memory-racy");
    fs::create_directories(racy / "02-transpose-local");
    fs::copy_file("checker/mutants/02-transpose-local/missing_barrier.cl", racy / "02-transpose-local" / "transpose.cl",
                  fs::copy_options::overwrite_existing);
    std::vector<std::string> racy_grade = {"--submission", racy.string(), "--lab", "02", "--stage", "build,barriers",
                                           "--no-hidden"};
    const Run racy_plain = run_labcheck(racy_grade, true);
    racy_grade.push_back("--memory-feedback");
    const Run racy_reported = run_labcheck(racy_grade, true);
    INFO(racy_reported.output);
    CHECK(racy_reported.status == 1);
    CHECK(barriers_output(racy_reported).find("1.0-way bank conflict") != std::string::npos);
    // ...under the race named at its line, and marked as the figures of a wrong run.
    CHECK(barriers_output(racy_reported).find("data race at") < barriers_output(racy_reported).find("memory report:"));
    CHECK(barriers_output(racy_reported).find("FIGURES FROM A WRONG RUN") != std::string::npos);
    CHECK(racy_reported.json["score"] == racy_plain.json["score"]);

    // A kernel that hangs on the device is not simulated for the report: a sentence says why.
    const fs::path hang = scratch("memory-hang");
    fs::create_directories(hang / "02-transpose-local");
    fs::copy_file("checker/mutants/runtime/02-transpose-local/hang_spin_on_flag.cl",
                  hang / "02-transpose-local" / "transpose.cl", fs::copy_options::overwrite_existing);
    const Run hung = run_labcheck({"--submission", hang.string(), "--lab", "02", "--stage", "build,correctness,barriers",
                                   "--no-hidden", "--launch-timeout", "2", "--memory-feedback"},
                                  true);
    INFO(hung.output);
    CHECK(barriers_output(hung).find("not made: the kernel did not finish a check") != std::string::npos);
    for (const fs::path& folder : {sub, racy, hang}) fs::remove_all(folder);
}

TEST_CASE("speedup: a hidden time size from hidden.toml, picked by its time seed") {
    const fs::path hidden = scratch("hidden.toml");
    {
        std::ofstream out(hidden);
        out << "[labs.01]\ntime_sizes = [\"1000x777\"]\ntime_seed = 2\n";  // seed 2 picks it for lab 01
    }
    const Run run = run_labcheck(
        {"--solutions", "--lab", "01", "--stage", "speedup", "--min-ratio", "0.0001", "--hidden", hidden.string()},
        true);
    INFO(run.output);
    CHECK(run.status == 0);
    REQUIRE(run.json["tests"].size() == 1);
    // Timed at the hidden size, with the define set it timed named.
    CHECK(run.json["tests"][0]["output"].get<std::string>().find(
              "At size 1000x777 with define set 'defaults' (-D TILE_SIZE=16):") != std::string::npos);
    fs::remove(hidden);
}

TEST_CASE("a fresh checkout: every stub builds, is wrong, and the report says where") {
    // The stubs as committed: a student's solved kernels in labs/ are not the course's stubs.
    const auto& stubs = course_tests::committed_stubs(fs::current_path());
    const Run run = run_labcheck({"--submission", stubs.dir().string(), "--stage", "build,correctness"});
    if (!stub_01_is_wrong(run)) return;
    CHECK(run.status == 1);
    CHECK(run.output.find("01   build        pass") != std::string::npos);
    CHECK(run.output.find("01   correctness  FAIL") != std::string::npos);
    CHECK(run.output.find("reproduce: build/common/lab run 01 --size") != std::string::npos);
}

TEST_CASE("speed is not measured for a wrong kernel") {
    const fs::path wrong = submission_with("wrong-01", "01-transpose-naive/transpose.cl",
                                           "__kernel void transpose(__global const float* a, __global float* at, "
                                           "uint m, uint k) {}\n");
    const Run run = run_labcheck({"--submission", wrong.string(), "--lab", "01", "--stage", "correctness,speedup"});
    CHECK(run.status == 1);
    CHECK(run.output.find("not run: the kernel is not right yet") != std::string::npos);
    fs::remove_all(wrong);
}

TEST_CASE("a kernel whose compiler is stopped at a limit is not analysed, simulated or timed") {
    // A preprocessor bomb: B22 is four million copies of B0, and PoCL's compiler stops at the
    // grader's file-size limit without reporting a build. Its other stages are "not run", and
    // no child but the builds runs for it (libclang once ran into its 1 GiB limit on it).
    std::string bomb = "#define B0 x + x + x + x + x + x + x + x + x + x\n";
    for (int i = 1; i <= 22; ++i)
        bomb += "#define B" + std::to_string(i) + " B" + std::to_string(i - 1) + " + B" + std::to_string(i - 1) + "\n";
    bomb += "__kernel void matmul(__global const float* a, __global const float* b, __global float* c,\n"
            "                     uint M, uint K, uint N) { float x = 1.0f; c[0] = B22; }\n";
    const fs::path folder = submission_with("bomb-04", "04-matmul-tiled/matmul.cl", bomb);
    const Run run = run_labcheck({"--submission", folder.string(), "--lab", "04", "-j", "1"}, false, {}, false);
    CHECK(run.status == 1);
    CHECK(run.output.find("past the grader's limit of 32 MiB") != std::string::npos);
    CHECK(run.output.find("not run: the kernel does not build") != std::string::npos);
    CHECK(run.output.find("sizes at 'defaults'") != std::string::npos);  // the build's line
    CHECK(run.output.find(" static ") == std::string::npos);
    CHECK(run.output.find("oclgrind at '") == std::string::npos);
    CHECK(run.output.find("memory report") == std::string::npos);
    fs::remove_all(folder);
}

// Lab 01's right transpose after `count` small kernels that nothing launches, each distinct.
std::string transpose_after_unused_kernels(int count) {
    std::ifstream solution("solutions/01-transpose-naive/transpose.cl");
    std::ostringstream text;
    for (int i = 0; i < count; ++i)
        text << "__kernel void unused_" << i << "(__global float* x) { x[" << i % 64 << "] = " << i << ".0f; }\n";
    text << solution.rdbuf();
    return text.str();
}

// The folders of PoCL's kernel cache under `cache` named after a kernel (`<program>/<kernel>/`):
// the kernels it compiled for the device.
std::vector<std::string> compiled_kernels(const fs::path& cache) {
    std::vector<std::string> kernels;
    for (const auto& entry : fs::recursive_directory_iterator(cache)) {
        if (entry.path().extension() == ".so") kernels.push_back(entry.path().stem().string());
    }
    return kernels;
}

TEST_CASE("a file of many kernels compiles, for the device, only those the lab launches") {
    // Asking PoCL for a program's binaries compiled every kernel in the file: minutes on a cold
    // cache for a file of thousands, and a build that failed at the compile limit. Only the graded
    // kernel may be compiled; PoCL's cache (a folder of one .so per compiled kernel) says which were.
    const fs::path folder = submission_with("unused-kernels-01", "01-transpose-naive/transpose.cl",
                                            transpose_after_unused_kernels(300));
    const fs::path cache = scratch("unused-kernels-cache");
    fs::remove_all(cache);
    fs::create_directories(cache);
    const Run run = run_labcheck({"--submission", folder.string(), "--lab", "01", "--stage", "build,correctness",
                                  "--no-hidden"},
                                 false, {{"POCL_CACHE_DIR", cache.string()}, {"POCL_KERNEL_CACHE", "1"}});
    INFO(run.output);
    CHECK(run.status == 0);
    const auto compiled = compiled_kernels(cache);
    CHECK(std::count(compiled.begin(), compiled.end(), "transpose") >= 1);
    CHECK(std::none_of(compiled.begin(), compiled.end(),
                       [](const std::string& name) { return name.rfind("unused_", 0) == 0; }));
    for (const fs::path& made : {folder, cache}) fs::remove_all(made);
}

TEST_CASE("the grader's own problems exit 2 with a message, never a stack trace") {
    const Run no_folder = run_labcheck({"--submission", "/nonexistent/submission"});
    CHECK(no_folder.status == 2);
    CHECK(no_folder.output.find("it does not exist") != std::string::npos);
    const Run bad_stage = run_labcheck({"--stage", "build,speed"});
    CHECK(bad_stage.status == 2);
    CHECK(bad_stage.output.find("\"speed\"") != std::string::npos);
    const Run bad_lab = run_labcheck({"--lab", "99"});
    CHECK(bad_lab.status == 2);
    CHECK(bad_lab.output.find("no lab \"99\"") != std::string::npos);
    const Run bad_device = run_labcheck({"--device", "no-such-device-anywhere", "--stage", "build"});
    CHECK(bad_device.status == 2);
    CHECK(bad_device.output.find("no-such-device-anywhere") != std::string::npos);
    CHECK(run_labcheck({"--no-such-option"}).status == 2);
    // --results-dir writes one submission's results.json: a class is refused with the option to use instead.
    const Run class_results_dir = run_labcheck({"--class", "/nonexistent/class", "--results-dir", "/nonexistent/out"});
    CHECK(class_results_dir.status == 2);
    CHECK(class_results_dir.output.find("pass --json FILE instead") != std::string::npos);
}

TEST_CASE("the student edition has no solutions, and labcheck grades its labs the same") {
    const fs::path edition = scratch("edition");
    fs::remove_all(edition);
    const Run made = run_labcheck({"--student-edition", edition.string()});
    INFO(made.output);
    REQUIRE(made.status == 0);
    CHECK(made.output.find("left out checker/hidden.toml, checker/mutants, kernels/baselines, kernels/reference, "
                           "solutions") != std::string::npos);
    CHECK(fs::exists(edition / "labs/01-transpose-naive/transpose.cl"));
    CHECK(fs::exists(edition / "checker/labcheck/cli/labcheck_main.cpp"));
    CHECK(fs::exists(edition / "kernels/benchmarks/copy.cl"));
    CHECK_FALSE(fs::exists(edition / "kernels/baselines"));  // the naive kernels answer labs 01 and 03
    CHECK_FALSE(fs::exists(edition / "solutions"));
    CHECK_FALSE(fs::exists(edition / "checker/hidden.toml"));
    CHECK_FALSE(fs::exists(edition / "kernels/reference"));  // a working lab-06 GEMM

    // Without the baselines a right kernel's speedup is the instructor's: in no total, exit 0, and says why.
    const fs::path right = scratch("edition-right");
    fs::remove_all(right);
    fs::create_directories(right);
    fs::copy(fs::path("solutions") / "01-transpose-naive", right / "01-transpose-naive", fs::copy_options::recursive);
    const Run speed = run_labcheck({"--root", edition.string(), "--submission", right.string(), "--lab", "01", "--stage",
                                    "correctness,speedup", "--no-hidden"},
                                   true);
    INFO(speed.output);
    CHECK(speed.status == 0);  // everything the edition can grade passed
    CHECK(speed.output.find("01   correctness  pass") != std::string::npos);
    CHECK(speed.output.find("01   speedup      later      0/0  graded by your instructor: the speed baseline is "
                            "in their grader\n") != std::string::npos);
    CHECK(speed.output.find("total 4 / 4 points") != std::string::npos);
    REQUIRE(speed.json["tests"].size() == 2);
    CHECK(speed.json["tests"][1]["score"] == 0.0);
    CHECK(speed.json["tests"][1]["max_score"] == 0.0);
    CHECK_FALSE(speed.json["tests"][1].contains("status"));  // neither passed nor failed here
    CHECK(speed.json["tests"][1]["output"].get<std::string>().find("kernels/baselines/transpose_naive.cl") !=
          std::string::npos);
    CHECK_FALSE(speed.json.contains("leaderboard"));  // nothing was timed
    fs::remove_all(right);

    // Without the reference GEMM, lab 07 multiplies with the student's own lab-06 kernel, and says so once.
    const fs::path submission = scratch("edition-submission");
    fs::remove_all(submission);
    fs::create_directories(submission);
    for (const char* lab : {"06-matmul-register-tiles", "07-strassen"})
        fs::copy(fs::path("solutions") / lab, submission / lab, fs::copy_options::recursive);
    const Run lab07 = run_labcheck(
        {"--root", edition.string(), "--submission", submission.string(), "--lab", "07", "--stage", "build,correctness"},
        true);
    INFO(lab07.output);
    CHECK(lab07.status == 0);
    CHECK(lab07.output.find("07   build        warn       1/1  builds; lab 07's products use your lab-06 kernel") !=
          std::string::npos);
    CHECK(lab07.output.find("07   correctness  pass       4/4") != std::string::npos);
    REQUIRE(lab07.json["tests"].size() == 2);
    const std::string build_output = lab07.json["tests"][0]["output"].get<std::string>();
    CHECK(build_output.find("lab 07's products use your lab-06 kernel (" +
                            (submission / "06-matmul-register-tiles/matmul.cl").string() +
                            "): the instructor grades lab 07 with a reference GEMM, so finish lab 06 first") !=
          std::string::npos);
    CHECK(lab07.json["tests"][1]["output"].get<std::string>().find("lab-06 kernel") == std::string::npos);  // once
    fs::remove_all(submission);

    // The edition's stubs are the committed ones: still exercises, unless this tree committed solved kernels.
    const Run graded = run_labcheck({"--root", edition.string(), "--lab", "01", "--stage", "build,correctness"});
    CHECK(graded.output.find("01   build        pass") != std::string::npos);
    if (stub_01_is_wrong(graded)) CHECK(graded.status == 1);
    CHECK(run_labcheck({"--root", edition.string(), "--solutions"}).status == 2);  // no solutions there
    fs::remove_all(edition);
}

TEST_CASE("class mode: a gradebook row per student, whatever the folder is called") {
    const fs::path class_dir = scratch("class");
    fs::remove_all(class_dir);
    const std::string latin1_name = "caf\xe9";  // not UTF-8: the JSON job files must still work
    fs::create_directories(class_dir / latin1_name / "01-transpose-naive");
    fs::copy_file("solutions/01-transpose-naive/transpose.cl",
                  class_dir / latin1_name / "01-transpose-naive/transpose.cl");
    fs::create_directories(class_dir / "bob/01-transpose-naive");
    std::ofstream(class_dir / "bob/01-transpose-naive/transpose.cl") << "__kernel void transpose(\n";
    const fs::path gradebook = scratch("gradebook.csv");
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build,correctness",
                                  "--gradebook", gradebook.string()},
                                 true);
    INFO(run.output);
    CHECK(run.status == 1);
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    // the name's byte that is not UTF-8 is written out, as everything labcheck prints (course::printable_text)
    CHECK(text.str() == kLab01Header.substr(0, kLab01Header.find(",01 barriers")) +
                            ",01 barriers,01 speedup,01 GB/s,01 % of limit,01 speedup (×),01 device,01 speed rank,"
                            "upload notes\nbob,0,5,0,0,,,,,,,,\ncaf\\xe9,5,5,1,4,,,,,,,,\n");
    REQUIRE(run.json["students"].size() == 2);
    CHECK(run.json["students"][1]["score"] == 5.0);
    // One record per student beside the class; a second run grades nobody and writes the same gradebook.
    const fs::path results = scratch("class-labcheck-results");
    CHECK(fs::exists(results / "bob.json"));
    CHECK(fs::exists(results / (latin1_name + ".json")));
    const Run again = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build,correctness",
                                    "--gradebook", gradebook.string()});
    CHECK(again.output.find("0 of 2 students to grade") != std::string::npos);
    std::ifstream csv_again(gradebook);
    std::ostringstream text_again;
    text_again << csv_again.rdbuf();
    CHECK(text_again.str() == text.str());
    fs::remove_all(class_dir);
    fs::remove_all(results);
    fs::remove(gradebook);
}

TEST_CASE("class mode lateness: an hours-late column from the submission times and the deadline") {
    const fs::path class_dir = scratch("late-class");
    for (const char* student : {"alice", "bob", "carol"}) {
        fs::create_directories(class_dir / student / "01-transpose-naive");
        fs::copy_file("solutions/01-transpose-naive/transpose.cl",
                      class_dir / student / "01-transpose-naive/transpose.cl");
    }
    const fs::path times = scratch("times.csv");
    std::ofstream(times) << "student,timestamp\nalice,2026-11-23T22:00:00Z\nbob,2026-11-24T01:00:00+01:00\n";
    const fs::path gradebook = scratch("late-gradebook.csv");
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build", "--gradebook",
                                  gradebook.string(), "--submission-times", times.string(), "--deadline",
                                  "2026-11-23T23:00:00Z"});
    INFO(run.output);
    CHECK(run.status == 0);
    CHECK(run.output.find("for 1 student(s): carol;") != std::string::npos);  // one warning for every such student
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    CHECK(text.str() == kLab01Header + ",hours late\n" + built_row("alice", "0") + "\n" + built_row("bob", "1.00") +
                            "\n" + built_row("carol", "") + "\n");
    const Run half = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--deadline", "2026-11-23T23:00Z"});
    CHECK(half.status == 2);
    CHECK(half.output.find("no --submission-times CSV, and the class folder is no Gradescope export") !=
          std::string::npos);
    fs::remove_all(class_dir);
    fs::remove(times);
    fs::remove(gradebook);
}

TEST_CASE("a hostile class: formula names, other layouts, a hang, and nothing left behind") {
    const fs::path class_dir = scratch("hostile");
    const fs::path tmp = scratch("tmp");
    fs::remove_all(class_dir);
    fs::remove_all(tmp);
    const auto put = [&](const fs::path& file, const std::string& text) {
        fs::create_directories(file.parent_path());
        std::ofstream(file) << text;
    };
    std::ifstream solution_file("solutions/01-transpose-naive/transpose.cl");
    std::ostringstream solution;
    solution << solution_file.rdbuf();
    put(class_dir / "=1+1" / "01-transpose-naive" / "transpose.cl", solution.str());
    put(class_dir / "layout" / "labs" / "01-transpose-naive" / "transpose.cl", solution.str());  // the course's own
    put(class_dir / "number" / "01" / "transpose.cl", solution.str());                           // named by number
    put(class_dir / "hang" / "01-transpose-naive" / "transpose.cl",
        "__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)\n"
        "{\n    for (uint i = 0; i < m; i += 0) at[0] = a[i];  // never ends\n}\n");

    // What a killed run left behind (its process is gone), and a folder of a live process.
    const pid_t gone = fork();
    if (gone == 0) _exit(0);
    int status = 0;
    waitpid(gone, &status, 0);
    put(tmp / ("labcheck-" + std::to_string(gone) + "-abcdef") / "000-check" / "output", "left over");
    put(tmp / ("labcheck-" + std::to_string(getpid()) + "-alive") / "x", "still in use");

    const fs::path gradebook = scratch("hostile.csv");
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build,correctness,barriers",
                                  "--gradebook", gradebook.string(), "--no-hidden"},
                                 true, {{"TMPDIR", tmp.string()}});
    INFO(run.output);
    CHECK(run.status == 1);
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    INFO(text.str());
    CHECK(text.str().find("\n\"'=1+1\",8,8,") != std::string::npos);  // text, not a formula
    CHECK(text.str().find("\n=1+1") == std::string::npos);
    CHECK(text.str().find("\nlayout,8,8,") != std::string::npos);  // SUB/labs/NN-name/ is read

    std::map<std::string, const nlohmann::json*> students;
    for (const auto& s : run.json["students"]) students[s["student"]] = &s;
    REQUIRE(students.count("number") == 1);  // not laid out like labs/: read as Gradescope reads an upload
    CHECK((*students["number"])["score"] == 8.0);
    CHECK((*students["number"])["upload_notes"] ==
          nlohmann::json::array({"Lab 01-transpose-naive: graded `01/transpose.cl`."}));

    REQUIRE(students.count("hang") == 1);
    const auto& hang = (*students["hang"])["results"]["tests"];
    const std::string correctness = hang[1]["output"];
    CHECK(correctness.find("timed out: one launch of the kernel ran for more than 10 s") != std::string::npos);
    // It hung at its first size: Oclgrind had no size it could run, and what it did not check scores nothing.
    const std::string barriers = hang[2]["output"];
    CHECK(barriers.find("Oclgrind checked only 0 of") != std::string::npos);
    CHECK(hang[2]["score"].get<double>() == 0.0);
    MESSAGE("a hanging kernel cost " << hang[1]["extra_data"]["seconds"].get<double>() << " s in lab 01");

    // Nothing of this run is left, the dead run's folder is gone, the live one is untouched.
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(tmp)) left.push_back(entry.path().filename().string());
    CHECK(left == std::vector<std::string>{"labcheck-" + std::to_string(getpid()) + "-alive"});
    fs::remove_all(class_dir);
    fs::remove_all(scratch("hostile-labcheck-results"));
    fs::remove_all(tmp);
    fs::remove(gradebook);
}

TEST_CASE("class mode speed columns: rate, share, speedup and device from the records; PoCL is not ranked") {
    const fs::path class_dir = scratch("speed-class");
    for (const char* student : {"alice", "bob"}) {
        fs::create_directories(class_dir / student / "01-transpose-naive");
        fs::copy_file("solutions/01-transpose-naive/transpose.cl",
                      class_dir / student / "01-transpose-naive/transpose.cl");
    }
    const fs::path gradebook = scratch("speed-gradebook.csv");
    const std::vector<std::string> args = {"--class", class_dir.string(), "--lab", "01", "--stage",
                                           "correctness,speedup", "--min-ratio", "0.0001", "--no-hidden",
                                           "--gradebook", gradebook.string()};
    const Run run = run_labcheck(args, true);
    INFO(run.output);
    CHECK(run.status == 0);
    CHECK(run.output.find("speed columns: lab 01: timed on a CPU device") != std::string::npos);
    std::ifstream csv(gradebook);
    std::string header, alice;
    std::getline(csv, header);
    std::getline(csv, alice);
    CHECK(header == "student,total,max,01 build,01 correctness,01 barriers,01 speedup,01 GB/s,01 % of limit,"
                    "01 speedup (×),01 device,01 speed rank,upload notes");
    CHECK(alice.rfind("alice,", 0) == 0);
    CHECK(alice.find(",not comparable (CPU device),") == alice.size() - std::string(",not comparable (CPU device),").size());
    const auto& book = run.json;
    REQUIRE(book.is_object());
    CHECK(book["speed_ranking"]["01"]["comparable"] == false);
    CHECK(book["students"][0]["speed"]["01"]["rate"].get<double>() > 0.0);
    CHECK(book["students"][0]["speed"]["01"]["limit_name"] == "copy bandwidth");
    CHECK(book["students"][0]["speed"]["01"]["rank"].is_null());
    fs::remove_all(class_dir);
    fs::remove_all(class_dir.string() + "-labcheck-results");
    fs::remove(gradebook);
}

TEST_CASE("the gradebook has one shape: two subsets of a class, graded differently, give the same header") {
    // One subset hands in a right kernel, the other a misnamed upload (notes) that does not build; one is
    // graded at the build and correctness, the other at the build alone.
    const fs::path first = scratch("shape-class-a"), second = scratch("shape-class-b");
    fs::create_directories(first / "alice" / "01-transpose-naive");
    fs::copy_file("solutions/01-transpose-naive/transpose.cl", first / "alice" / "01-transpose-naive/transpose.cl");
    fs::create_directories(second / "bob");
    std::ofstream(second / "bob" / "Transpose (1).cl") << "__kernel void transpose( {\n";
    const auto header_of = [](const fs::path& book) {
        std::ifstream csv(book);
        std::string header;
        std::getline(csv, header);
        return header;
    };
    const fs::path book_a = scratch("shape-a.csv"), book_b = scratch("shape-b.csv");
    const Run a = run_labcheck({"--class", first.string(), "--lab", "01", "--lab", "02", "--stage",
                                "build,correctness", "--no-hidden", "--gradebook", book_a.string()});
    const Run b = run_labcheck({"--class", second.string(), "--lab", "01", "--lab", "02", "--stage", "build",
                                "--no-hidden", "--gradebook", book_b.string()});
    INFO(a.output);
    INFO(b.output);
    CHECK(header_of(book_a) == header_of(book_b));
    CHECK(header_of(book_a) ==
          "student,total,max,01 build,01 correctness,01 barriers,01 speedup,02 build,02 correctness,02 barriers,"
          "02 speedup,01 GB/s,01 % of limit,01 speedup (×),01 device,01 speed rank,02 GB/s,02 % of limit,"
          "02 speedup (×),02 device,02 speed rank,upload notes");
    for (const auto& dir : {first, second}) {
        fs::remove_all(dir);
        fs::remove_all(dir.string() + "-labcheck-results");
    }
    fs::remove(book_a);
    fs::remove(book_b);
}

TEST_CASE("class mode lateness: a bad row costs one warning and that student's cell, not the run") {
    const fs::path class_dir = scratch("bad-late-class");
    for (const char* student : {"alice", "bob", "carol"}) {
        fs::create_directories(class_dir / student / "01-transpose-naive");
        fs::copy_file("solutions/01-transpose-naive/transpose.cl",
                      class_dir / student / "01-transpose-naive/transpose.cl");
    }
    const fs::path times = scratch("bad-times.csv");
    std::ofstream(times) << "student,timestamp\nalice,2026-11-24 00:00:00 +0100\nbob,next tuesday\n"
                            "carol,2026-11-24T01:00:00+01:00\ncarol,2026-11-24T02:00:00+01:00\nzed,2026-11-23T20:00Z\n";
    const fs::path gradebook = scratch("bad-late-gradebook.csv");
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build", "--gradebook",
                                  gradebook.string(), "--submission-times", times.string(), "--deadline",
                                  "2026-11-23T23:00:00Z"});
    INFO(run.output);
    CHECK(run.status == 0);
    CHECK(run.output.find(times.string() + ":3: \"next tuesday\" is not an ISO 8601 time") != std::string::npos);
    CHECK(run.output.find("carol is listed twice") != std::string::npos);
    CHECK(run.output.find("students with no folder in the class: zed (line 6)") != std::string::npos);
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    CHECK(text.str() == kLab01Header + ",hours late\n" + built_row("alice", "0") + "\n" +
                            built_row("bob", "time unknown") + "\n" + built_row("carol", "2.00") + "\n");
    fs::remove_all(class_dir);
    fs::remove_all(class_dir.string() + "-labcheck-results");
    fs::remove(times);
    fs::remove(gradebook);
}

TEST_CASE("class mode reads real uploads as Gradescope does: a zip, near-miss names (in the lab's folder too), a stray file, nothing") {
    const fs::path class_dir = scratch("upload-class");
    std::ifstream solution_file("solutions/01-transpose-naive/transpose.cl");
    std::ostringstream solution;
    solution << solution_file.rdbuf();
    const auto put = [&](const fs::path& file, const std::string& text) {
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
    };
    labcheck::ZipWriter zip;
    zip.add_file("01-transpose-naive/transpose.cl", solution.str(), 0644);
    put(class_dir / "zipped" / "submission.zip", zip.finish());
    put(class_dir / "capital" / "Transpose.cl", solution.str());
    put(class_dir / "copied" / "transpose (1).cl", solution.str());
    put(class_dir / "stray" / "src" / "my_kernel.cl", solution.str());
    put(class_dir / "in-folder" / "01-transpose-naive" / "Transpose (1).cl", solution.str());
    put(class_dir / "huge" / "transpose.cl", std::string((2u << 20) + 1, ' '));
    fs::create_directories(class_dir / "empty");
    // The lab's folder is a link to a folder of the upload: never followed, as on Gradescope, and the
    // upload's one kernel file is graded (one rule in a class and on Gradescope).
    put(class_dir / "linked" / "real" / "transpose.cl", solution.str());
    fs::create_directory_symlink("real", class_dir / "linked" / "01-transpose-naive");
    const fs::path gradebook = scratch("upload-gradebook.csv");
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build",
                                  "--gradebook", gradebook.string()},
                                 true);
    INFO(run.output);
    CHECK(run.status == 1);  // huge and empty score nothing
    std::map<std::string, nlohmann::json> students;
    for (const auto& s : run.json["students"]) students[s["student"]] = s;
    for (const char* graded : {"zipped", "capital", "copied", "stray", "in-folder", "linked"}) {
        CAPTURE(graded);
        CHECK(students[graded]["score"] == 1.0);
    }
    CHECK(students["zipped"]["upload_notes"][0] == "Lab 01-transpose-naive: graded `01-transpose-naive/transpose.cl`.");
    CHECK(students["capital"]["upload_notes"][0] ==
          "Lab 01-transpose-naive: `Transpose.cl` is graded as `01-transpose-naive/transpose.cl` (its name differs "
          "only by case or a copy mark; the lab asks for `transpose.cl`).");
    CHECK(students["copied"]["upload_notes"][0].get<std::string>().find("`transpose (1).cl` is "
                                                                        "graded as") != std::string::npos);
    CHECK(students["stray"]["upload_notes"][0].get<std::string>().find("`src/my_kernel.cl` is graded as "
                                                                       "`01-transpose-naive/transpose.cl` (the only "
                                                                       "kernel file uploaded") != std::string::npos);
    // A lab folder with a near-miss name in it is mapped too, not "the file does not exist".
    CHECK(students["in-folder"]["upload_notes"][0] ==
          "Lab 01-transpose-naive: `01-transpose-naive/Transpose (1).cl` is graded as `01-transpose-naive/transpose.cl` "
          "(its name differs only by case or a copy mark; the lab asks for `transpose.cl`).");
    CHECK(students["linked"]["upload_notes"][0] == "Lab 01-transpose-naive: graded `real/transpose.cl`.");
    CHECK(students["huge"]["score"] == 0.0);
    const std::string huge_notes = students["huge"]["upload_notes"].dump();
    CHECK(huge_notes.find("larger than 1 MiB (2 MiB): not graded") != std::string::npos);
    CHECK(huge_notes.find("graded `") == std::string::npos);
    const std::string huge_build = students["huge"]["results"]["tests"][0]["output"];
    CHECK(huge_build.find("Not graded: nothing of this lab was read from your upload.\nLab 01-transpose-naive: "
                          "`transpose.cl` is larger than 1 MiB") != std::string::npos);
    CHECK(huge_build.find("does not exist") == std::string::npos);
    CHECK(students["empty"]["upload_notes"] ==
          nlohmann::json::array({"The upload is empty: nothing was graded. Upload `transpose.cl` itself, a zip of the "
                                 "lab's folder (`01-transpose-naive`), or your `labs/` folder."}));
    // The student reads the same words at the head of their results as on Gradescope.
    CHECK(students["capital"]["results"]["output"].get<std::string>().rfind("**How your upload was read**\n\n- Lab "
                                                                           "01-transpose-naive: `Transpose.cl`", 0) == 0);
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    CHECK(text.str().rfind(kLab01Header + "\n", 0) == 0);
    CHECK(text.str().find("\nempty,0,1,0,,,,,,,,,\"The upload is empty: nothing was graded.") != std::string::npos);
    fs::remove_all(class_dir);
    fs::remove_all(scratch("upload-class-labcheck-results"));
    fs::remove(gradebook);
}

TEST_CASE("class mode stopped by Ctrl-C: children ended, temporary files gone, the gradebook for who is done") {
    const fs::path class_dir = scratch("stopped");
    const fs::path results = scratch("stopped-labcheck-results");
    const fs::path tmp = scratch("stopped-tmp");
    const fs::path gradebook = scratch("stopped.csv");
    const fs::path output = scratch("stopped.txt");
    for (const auto& dir : {class_dir, results, tmp}) fs::remove_all(dir);
    fs::create_directories(tmp);
    const auto put = [&](const fs::path& file, const std::string& text) {
        fs::create_directories(file.parent_path());
        std::ofstream(file) << text;
    };
    std::ifstream solution_file("solutions/01-transpose-naive/transpose.cl");
    std::ostringstream solution;
    solution << solution_file.rdbuf();
    put(class_dir / "a01" / "01-transpose-naive" / "transpose.cl", solution.str());
    put(class_dir / "a02" / "01-transpose-naive" / "transpose.cl",  // hangs for the whole launch limit (60 s)
        "__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)\n"
        "{\n    for (uint i = 0; i < m; i += 0) at[0] = a[i];  // never ends\n}\n");
    put(class_dir / "a03" / "01-transpose-naive" / "transpose.cl", solution.str());

    const char* path = std::getenv("LABCHECK");
    REQUIRE(path != nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fd, 1);
        dup2(fd, 2);
        setenv("TMPDIR", tmp.c_str(), 1);
        execl(path, path, "-q", "--class", class_dir.c_str(), "--lab", "01", "--stage", "build,correctness",
              "--no-hidden", "--jobs", "1", "--launch-timeout", "60", "--gradebook", gradebook.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    REQUIRE(pid > 0);
    // Students go in order, one at a time: once a01's record is there, a02 hangs for 60 s.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!fs::exists(results / "a01.json") && std::chrono::steady_clock::now() < deadline) {
        usleep(50 * 1000);  // the interval between two polls
    }
    CHECK(fs::exists(results / "a01.json"));
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    std::ifstream out_file(output);
    std::ostringstream out;
    out << out_file.rdbuf();
    INFO(out.str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 128 + SIGINT);
    CHECK(out.str().find("a01 ") != std::string::npos);  // its summary line was not held in a buffer
    CHECK(out.str().find("stopped by SIGINT") != std::string::npos);
    CHECK_FALSE(fs::exists(results / "a02.json"));  // graded when the run goes on
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    CHECK(text.str() == kLab01Header + "\na01,5,5,1,4,,,,,,,,\na02,missing,,,,,,,,,,,\na03,missing,,,,,,,,,,,\n");
    CHECK(fs::is_empty(tmp));  // no labcheck-<pid>-* folder left
    for (const auto& dir : {class_dir, results, tmp}) fs::remove_all(dir);
    fs::remove(gradebook);
    fs::remove(output);
}

TEST_CASE("a Slurm class: the collecting job gets every option the gradebook needs, lateness included") {
    const fs::path class_dir = scratch("slurm-dry-class");
    fs::create_directories(class_dir / "alice" / "01-transpose-naive");
    fs::copy_file("solutions/01-transpose-naive/transpose.cl", class_dir / "alice" / "01-transpose-naive/transpose.cl");
    const fs::path times = scratch("slurm-dry-times.csv");
    std::ofstream(times) << "alice,2026-11-23T10:00:00Z\n";
    const Run dry = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--slurm", "--dry-run",
                                  "--submission-times", times.string(), "--deadline", "2026-11-23T23:59:00+01:00",
                                  "--min-ratio", "0.5", "--json", scratch("slurm-dry.json").string(), "--format",
                                  "prairielearn"});
    INFO(dry.output);
    CHECK(dry.status == 0);
    const auto collect = dry.output.find("'--collect'");
    REQUIRE(collect != std::string::npos);
    const std::string collect_line = dry.output.substr(dry.output.rfind('\n', collect) + 1,
                                                       dry.output.find('\n', collect) - dry.output.rfind('\n', collect));
    CHECK(collect_line.find("'--submission-times' '" + fs::absolute(times).lexically_normal().string() + "'") !=
          std::string::npos);
    CHECK(collect_line.find("'--deadline' '2026-11-23T23:59:00+01:00'") != std::string::npos);
    CHECK(collect_line.find("'--lab' '01'") != std::string::npos);
    CHECK(collect_line.find("'--format' 'prairielearn'") != std::string::npos);  // the class JSON in the form asked
    CHECK(collect_line.find("--min-ratio") == std::string::npos);  // the grading's, in the array's command
    CHECK(dry.output.find("'--min-ratio' '0.5'") != std::string::npos);
    fs::remove_all(class_dir);
    fs::remove_all(class_dir.string() + "-labcheck-results");
    fs::remove(times);
}

TEST_CASE("a class hands in identical files: each lab's file is graded once, and the records say so") {
    const fs::path class_dir = scratch("same-files-class");
    const std::string wrong = "__kernel void transpose(__global const float* a, __global float* b, uint m, uint k) {}\n";
    for (const char* student : {"alice", "bob", "carol"}) fs::create_directories(class_dir / student / "01-transpose-naive");
    fs::copy_file("solutions/01-transpose-naive/transpose.cl", class_dir / "alice/01-transpose-naive/transpose.cl");
    fs::copy_file("solutions/01-transpose-naive/transpose.cl", class_dir / "bob/01-transpose-naive/transpose.cl");
    std::ofstream(class_dir / "carol/01-transpose-naive/transpose.cl") << wrong;
    const fs::path gradebook = scratch("same-files.csv");
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build,correctness",
                                  "--no-hidden", "--jobs", "2", "--gradebook", gradebook.string()});
    INFO(run.output);
    CHECK(run.status == 1);  // carol's kernel is wrong
    const fs::path records = class_dir.string() + "-labcheck-results";
    const auto record_of = [&](const char* student) {
        std::ifstream in(records / (std::string(student) + ".json"));
        return nlohmann::json::parse(in);
    };
    const auto alice = record_of("alice"), bob = record_of("bob"), carol = record_of("carol");
    const std::string alice_from = alice["results"][0]["shared_from"], bob_from = bob["results"][0]["shared_from"];
    CHECK((alice_from.empty() != bob_from.empty()));  // exactly one of the two was graded
    CHECK((alice_from.empty() ? bob_from : alice_from).find(alice_from.empty() ? "alice" : "bob") != std::string::npos);
    CHECK(carol["results"][0]["shared_from"] == "");  // a different file is graded on its own
    CHECK(alice["score"] == bob["score"]);
    // Each shared message names the student's own file, never the other's.
    const std::string bob_details = bob["results"][1]["details"].get<std::string>() + bob["results"][0]["details"].get<std::string>();
    CHECK(bob_details.find("/alice/") == std::string::npos);
    fs::remove_all(class_dir);
    fs::remove_all(records);
    fs::remove(gradebook);
}

TEST_CASE("a Gradescope export graded as it is: submitters, sids and lateness from its metadata, groups named") {
    const fs::path export_dir = scratch("gradescope-export");
    for (const char* folder : {"submission_101", "submission_102"}) {
        fs::create_directories(export_dir / folder);
        fs::copy_file("solutions/01-transpose-naive/transpose.cl", export_dir / folder / "transpose.cl");
    }
    std::ofstream(export_dir / "submission_metadata.yml")
        << "submission_101:\n  :submitters:\n  - :name: Alice Smith\n    :sid: '1234'\n    :email: a@example.com\n"
           "  :created_at: 2026-11-23 22:10:05.000000000 +01:00\n"
           "submission_102:\n  :submitters:\n  - :name: Bob Jones\n    :sid: 77\n  - :name: Carol\n"
           "  :created_at: 2026-11-24 01:30:00.000000000 +01:00\n"
           "submission_103:\n  :submitters:\n  - :name: Dan Lost\n    :sid: 99\n"
           "  :created_at: 2026-11-23 20:00:00.000000000 +01:00\n";  // no folder: said, not silently left out
    const fs::path gradebook = scratch("export-gradebook.csv");
    const Run run = run_labcheck({"--class", export_dir.string(), "--lab", "01", "--stage", "build", "--gradebook",
                                  gradebook.string(), "--deadline", "2026-11-23T23:59:00+01:00"});
    INFO(run.output);
    CHECK(run.status == 0);
    CHECK(run.output.find("warning: submission_metadata.yml lists submission_103 (Dan Lost, 99), but the export "
                          "holds no folder of that name") != std::string::npos);
    std::ifstream csv(gradebook);
    std::ostringstream text;
    text << csv.rdbuf();
    // The folders hold bare files, read as uploads: the notes cell says so (gradescope_mapping_test.py's words).
    CHECK(text.str().find(kLab01Header + ",submitters,sids,hours late\nsubmission_101,1,1,1,") == 0);
    CHECK(text.str().find(",Alice Smith,1234,0\nsubmission_102,1,1,1,") != std::string::npos);
    CHECK(text.str().find(",Bob Jones; Carol,77,1.52\n") == text.str().size() - std::string(",Bob Jones; Carol,77,1.52\n").size());
    fs::remove_all(export_dir);
    fs::remove_all(export_dir.string() + "-labcheck-results");
    fs::remove(gradebook);
}

TEST_CASE("one lane per --device in a class: the students go to the lanes in turn; one submission takes one device") {
    const fs::path class_dir = scratch("lanes-class");
    for (const char* student : {"alice", "bob", "carol"}) {
        fs::create_directories(class_dir / student / "01-transpose-naive");
        fs::copy_file("solutions/01-transpose-naive/transpose.cl", class_dir / student / "01-transpose-naive/transpose.cl");
    }
    const fs::path gradebook = scratch("lanes.csv");
    // This machine has one device: two lanes on it take the same path as two GPUs of a node.
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build", "--no-hidden",
                                  "--device", "0", "--device", "0", "--gradebook", gradebook.string()});
    INFO(run.output);
    CHECK(run.status == 0);
    CHECK(run.output.find("3 of 3 students to grade") != std::string::npos);
    for (const char* student : {"alice", "bob", "carol"}) {
        CHECK(fs::exists(fs::path(class_dir.string() + "-labcheck-results") / (std::string(student) + ".json")));
    }
    const Run one = run_labcheck({"--solutions", "--lab", "01", "--device", "0", "--device", "0"});
    CHECK(one.status == 2);
    CHECK(one.output.find("repeat --device only with --class") != std::string::npos);
    fs::remove_all(class_dir);
    fs::remove_all(class_dir.string() + "-labcheck-results");
    fs::remove(gradebook);
}

TEST_CASE("identical files are told apart from what is not a file: a folder named transpose.cl is not a missing file") {
    const fs::path class_dir = scratch("not-files-class");
    fs::create_directories(class_dir / "dora" / "01-transpose-naive" / "transpose.cl");  // a folder
    fs::create_directories(class_dir / "ed" / "01-transpose-naive");                      // nothing in it
    const Run run = run_labcheck({"--class", class_dir.string(), "--lab", "01", "--stage", "build", "--no-hidden",
                                  "--gradebook", scratch("not-files.csv").string()});
    INFO(run.output);
    const fs::path records = class_dir.string() + "-labcheck-results";
    const auto details_of = [&](const char* student) {
        std::ifstream in(records / (std::string(student) + ".json"));
        return nlohmann::json::parse(in)["results"][0]["details"].get<std::string>();
    };
    CHECK(details_of("dora").find("this path is a directory") != std::string::npos);
    CHECK(details_of("ed").find("this path is a directory") == std::string::npos);
    fs::remove_all(class_dir);
    fs::remove_all(records);
    fs::remove(scratch("not-files.csv"));
}
