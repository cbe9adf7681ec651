// What labcheck writes: the Gradescope results, the terminal table, the class
// gradebook, and files replaced whole.
#include "util/atomic_file.hpp"
#include "class/class_grading.hpp"
#include "report/gradescope_json.hpp"
#include "report/report_text.hpp"
#include "report/terminal_report.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace labcheck;
using course::wrapped;
using course::write_file_atomically;

namespace {

SubmissionReport sample_report() {
    SubmissionReport report;
    report.submission = "labs";
    report.device_label = "PoCL / cpu";
    StageResult build;
    build.lab = "04";
    build.lab_folder = "04-matmul-tiled";
    build.stage = Stage::build;
    build.verdict = Verdict::pass;
    build.points = build.max_points = 1;
    build.reason = "builds";
    StageResult barriers = build;
    barriers.stage = Stage::barriers;
    barriers.verdict = Verdict::fail;
    barriers.points = 0;
    barriers.max_points = 3;
    barriers.reason = "line 22: return or break on a work-item-dependent condition before a barrier";
    barriers.details = "error (static, line 22): the return at line 22 ...";
    barriers.findings.push_back({"static", "divergent-exit-before-barrier", true, "labs/04-matmul-tiled/matmul.cl", 22,
                                 "line 22: ...", "message"});
    report.results = {build, barriers};
    return report;
}

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("Gradescope results.json: score and one test per lab and stage") {
    const auto json = gradescope_results(sample_report());
    CHECK(json["score"] == 1.0);
    CHECK(json["visibility"] == "visible");
    CHECK(json["stdout_visibility"] == "hidden");  // the grader's log is the instructor's
    REQUIRE(json["tests"].size() == 2);
    const auto& test = json["tests"][1];
    CHECK(test["name"] == "04 barriers");
    CHECK(test["score"] == 0.0);
    CHECK(test["max_score"] == 3.0);
    CHECK(test["status"] == "failed");
    CHECK(test["visibility"] == "visible");
    CHECK(test["output"].get<std::string>().find("```\nfail: line 22") == 0);  // Markdown: a fenced block
    CHECK(test["extra_data"]["findings"][0]["rule"] == "divergent-exit-before-barrier");
    CHECK(test["extra_data"]["findings"][0]["line"] == 22);
    CHECK(json["tests"][0]["status"] == "passed");
}

TEST_CASE("terminal report: a row per stage, the total, and details of what did not pass") {
    const auto text = terminal_report(sample_report());
    CHECK(text.find("04   build        pass       1/1  builds") != std::string::npos);
    CHECK(text.find("04   barriers     FAIL       0/3  line 22: return or break") != std::string::npos);
    CHECK(text.find("total 1 / 4 points") != std::string::npos);
    CHECK(text.find("1 of 2 stages failed") != std::string::npos);
    CHECK(text.find("\ndetails\n") != std::string::npos);
    CHECK(text.find("    error (static, line 22)") != std::string::npos);
}

TEST_CASE("wrapping keeps every line within the width and each line's indentation") {
    const std::string long_line(30, 'a');
    const auto text =
        wrapped(long_line + " " + long_line + " " + long_line + "\n  indented " + long_line + " " + long_line, 40, 4);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 40);
    CHECK(text.find("    aaa") == 0);
    CHECK(text.find("\n      indented") != std::string::npos);
    CHECK(wrapped("short\n\nlines", 40, 2) == "  short\n  \n  lines\n");
}

TEST_CASE("class gradebook: a row per student, a column per lab and stage") {
    ClassReport report;
    report.students.emplace_back("alice", sample_report());
    auto bob = sample_report();
    bob.results[1].verdict = Verdict::error;
    report.students.emplace_back("bob, jr", bob);
    const std::vector<GradebookLab> lab04 = {{"04", false, course::RateUnit::gigaflops_per_second}};
    const auto csv = gradebook_csv(report, lab04);
    CHECK(csv == "student,total,max,04 build,04 correctness,04 barriers,upload notes\nalice,1,4,1,,0,\n"
                 "\"bob, jr\",1,4,1,,error,\n");
    CHECK(report.exit_status() == 2);
    const auto json = gradebook_json(report);
    CHECK(json["students"][1]["student"] == "bob, jr");
    CHECK(json["students"][0]["results"]["tests"].size() == 2);
    CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
}

TEST_CASE("files are replaced whole, and a bad path is a clear error") {
    const std::string path =
        (std::filesystem::temp_directory_path() / ("labcheck-atomic-" + std::to_string(getpid()))).string();
    write_file_atomically(path, "first");
    write_file_atomically(path, "second version");
    CHECK(read(path) == "second version");
    std::filesystem::remove(path);
    CHECK_THROWS_WITH_AS(write_file_atomically("/nonexistent-folder/results.json", "x"),
                         doctest::Contains("could not create a temporary file"), course::UserError);
}

TEST_CASE("gradebook cells that a spreadsheet would run as formulas are text") {
    CHECK(csv_field("=1+1") == "\"'=1+1\"");
    CHECK(csv_field("+1") == "\"'+1\"");
    CHECK(csv_field("-2") == "\"'-2\"");
    CHECK(csv_field("@SUM(A1)") == "\"'@SUM(A1)\"");
    CHECK(csv_field("\tx") == "\"'\tx\"");
    CHECK(csv_field("=HYPERLINK(\"x\",\"y\")") == "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"");
    CHECK(csv_field("alice") == "alice");
    CHECK(csv_field("a-b=c") == "a-b=c");
}

TEST_CASE("a test's output and findings are capped, and say how much was cut") {
    labcheck::StageResult r;
    r.lab = "04";
    r.stage = labcheck::Stage::barriers;
    r.verdict = labcheck::Verdict::fail;
    r.reason = "many problems";
    for (int i = 0; i < 5000; ++i) r.details += "line " + std::to_string(i) + ": a finding of some kind\n";
    for (int i = 0; i < 5000; ++i) {
        labcheck::Finding f;
        f.rule = "oclgrind-data-race";
        r.findings.push_back(f);
    }
    const auto test = labcheck::gradescope_test(r);
    const std::string output = test["output"];
    CHECK(output.size() < labcheck::kMaxTestOutputBytes + 200);
    CHECK(output.find("more bytes") != std::string::npos);
    CHECK(output.find("cut") != std::string::npos);
    CHECK(test["extra_data"]["findings"].size() == labcheck::kMaxTestFindings);
    CHECK(test["extra_data"]["findings_left_out"] == 5000 - labcheck::kMaxTestFindings);
    CHECK(test.dump().size() < 16 * 1024);
    CHECK(labcheck::capped_text("short", 100) == "short");
    const std::string cut = labcheck::capped_text(std::string(50, 'x') + "\xc3\xa9" + std::string(50, 'y'), 51);
    CHECK(cut.find("\xc3") == std::string::npos);  // never half a UTF-8 character
}

namespace {

// The first character that steers a terminal in `text` (C0 but newline and tab, DEL, C1 in UTF-8), or npos.
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
    for (const auto& item : json) {
        if (!strings_printable(item)) return false;
    }
    return true;
}

// A report whose every text holds what a hostile kernel file, folder name or tool can put there.
SubmissionReport hostile_report() {
    const std::string title = "\x1b]0;owned\x07";
    const std::string clear = "\x1b[2J\x1b[H";
    const std::string link = "\x1b]8;;https://example.invalid/\x1b\\click\x1b]8;;\x1b\\";
    SubmissionReport report = sample_report();
    report.submission = "class/" + title + "alice\r";
    report.results[1].reason = "line 8: " + title + clear + " \xc2\x9b" "2J";
    report.results[1].details = "matmul.cl:8:5: error: expected ';'\n    x = 1  // " + link + "\rfake: pass\n";
    report.results[1].file = "class/" + title + "alice/04-matmul-tiled/matmul.cl";
    report.results[1].findings[0].summary = "line 8: " + clear;
    return report;
}

}  // namespace

TEST_CASE("no control character of a student's file, folder name or a tool reaches a report raw") {
    const SubmissionReport report = hostile_report();
    const std::string terminal = terminal_report(report);
    CHECK(control_at(terminal) == std::string::npos);
    CHECK(terminal.find("class/\\x1b]0;owned\\x07alice\\x0d on") != std::string::npos);  // shown, written out
    CHECK(terminal.find("\\x1b]8;;https://example.invalid/\\x1b\\click") != std::string::npos);
    CHECK(terminal.find("\\u009b2J") != std::string::npos);

    const auto json = gradescope_results(report);
    CHECK(strings_printable(json));
    const std::string output = json["tests"][1]["output"].get<std::string>();
    CHECK(output.find("\\x0dfake: pass") != std::string::npos);
    CHECK(json["tests"][1]["extra_data"]["reason"].get<std::string>().find("line 8: \\x1b]0;owned\\x07") == 0);

    ClassReport with_student;
    with_student.students.emplace_back("\x1b]0;owned\x07" "bob\r", report);
    with_student.missing.push_back("eve\x1b[2J");
    const std::string csv = gradebook_csv(with_student, {{"04", true, course::RateUnit::gigaflops_per_second}});
    CHECK(control_at(csv) == std::string::npos);
    CHECK(csv.find("\\x1b]0;owned\\x07bob\\x0d,") != std::string::npos);
    CHECK(csv.find("eve\\x1b[2J,missing") != std::string::npos);
    const auto class_json = gradebook_json(with_student);
    CHECK(class_json["students"][0]["student"] == "\x1b]0;owned\x07" "bob\r");  // the folder's exact name, as data
    CHECK(strings_printable(class_json["students"][0]["results"]));
}

TEST_CASE("a correct kernel's tabs, UTF-8 letters and Windows line ends are shown as they are") {
    SubmissionReport report = sample_report();
    report.results[1].details = "matmul.cl:9:3: warning: implicit conversion\r\n\tconst int s = 1.5f;\t// größer × µ — 転置\r\n";
    const std::string terminal = terminal_report(report);
    CHECK(terminal.find("// größer × µ — 転置\n") != std::string::npos);
    CHECK(terminal.find("\\x") == std::string::npos);
    const std::string output = gradescope_results(report)["tests"][1]["output"].get<std::string>();
    CHECK(output.find("\tconst int s = 1.5f;\t// größer × µ — 転置\n") != std::string::npos);
}
