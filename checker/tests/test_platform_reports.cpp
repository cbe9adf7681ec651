// What labcheck writes for grading platforms beyond the plain results.json: the
// Markdown of Gradescope's test output, the leaderboard of right kernels and the
// gradebook's speed columns, and the zip an autograder package is written as.
#include "class/class_grading.hpp"
#include "class/lateness.hpp"
#include "edition/zip_writer.hpp"
#include "report/gradescope_json.hpp"
#include "report/leaderboard.hpp"
#include "report/markdown_text.hpp"
#include "report/report_formats.hpp"

#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <unistd.h>

using namespace labcheck;

namespace {

StageResult stage(Stage which, Verdict verdict, double points, double max_points) {
    StageResult r;
    r.lab = "04";
    r.lab_folder = "04-matmul-tiled";
    r.stage = which;
    r.verdict = verdict;
    r.points = points;
    r.max_points = max_points;
    r.reason = "reason";
    return r;
}

// Lab 04 right and timed: 50 GFLOP/s against an FMA peak of 200, 1.5× the baseline.
SubmissionReport timed_report(Verdict correctness) {
    SubmissionReport report;
    StageResult speedup = stage(Stage::speedup, Verdict::pass, 2, 2);
    speedup.rate = 50.0;
    speedup.rate_unit = "GFLOP/s";
    speedup.ceiling = 200.0;
    speedup.ceiling_name = "FMA peak";
    speedup.ratio = 1.5;
    speedup.baseline_seconds = 1.5;
    speedup.submission_seconds = 1.0;
    speedup.min_ratio = 0.5;
    const bool right = correctness == Verdict::pass || correctness == Verdict::warn;
    report.results = {stage(Stage::correctness, correctness, right ? 4 : 0, 4), speedup};
    return report;
}

}  // namespace

TEST_CASE("the leaderboard holds the rate, the share of the device limit and the speedup of right kernels") {
    const auto json = gradescope_results(timed_report(Verdict::pass));
    REQUIRE(json.contains("leaderboard"));
    const auto& board = json["leaderboard"];
    REQUIRE(board.size() == 3);
    CHECK(board[0]["name"] == "04 GFLOP/s");
    CHECK(board[0]["value"] == 50.0);
    CHECK(board[1]["name"] == "04 % of FMA peak");
    CHECK(board[1]["value"] == 25.0);
    CHECK(board[2]["name"] == "04 speedup (×)");
    CHECK(board[2]["value"] == 1.5);
    for (const auto& entry : board) CHECK(entry["order"] == "desc");  // faster ranks first
    CHECK(json["tests"][1]["extra_data"]["rate"] == 50.0);
}

TEST_CASE("a kernel that is not right has no leaderboard entry, whatever its time") {
    CHECK(leaderboard_entries(timed_report(Verdict::fail)).empty());
    CHECK_FALSE(gradescope_results(timed_report(Verdict::fail)).contains("leaderboard"));
    auto unmeasured = timed_report(Verdict::warn);  // a warning is right; no ceiling measured: no share
    unmeasured.results[1].ceiling.reset();
    const auto entries = leaderboard_entries(unmeasured);
    REQUIRE(entries.size() == 2);
    CHECK(entries[1].name == "04 speedup (×)");
}

TEST_CASE("the gradebook has the speed columns, empty for a student without a right kernel") {
    ClassReport report;
    report.students.emplace_back("alice", timed_report(Verdict::pass));
    report.students.emplace_back("bob", timed_report(Verdict::fail));
    const std::string csv = gradebook_csv(report);
    CHECK(csv.find("04 correctness,04 speedup,04 GFLOP/s,04 % of FMA peak,04 speedup (×)\n") != std::string::npos);
    CHECK(csv.find("alice,6,6,4,2,50,25,1.5\n") != std::string::npos);
    INFO(csv);
    CHECK(csv.find("bob,2,6,0,2,,,\n") != std::string::npos);
}

TEST_CASE("test output is Markdown that keeps the details' layout") {
    StageResult r = stage(Stage::build, Verdict::fail, 0, 1);
    r.reason = "a[row * K + k] is out of bounds";
    r.file = "labs/04-matmul-tiled/matmul.cl";
    r.details = "line 3:   error ```\n    ^~~~\n";
    const auto test = gradescope_test(r);
    CHECK(test["output_format"] == "md");
    const std::string output = test["output"];
    // One block, its fence longer than the backticks inside, the text unchanged in it.
    CHECK(output == "````\nfail: a[row * K + k] is out of bounds\n\nlabs/04-matmul-tiled/matmul.cl:\nline 3:   error "
                    "```\n    ^~~~\n````\n");
    CHECK(markdown_escaped("a_b *c* `d`") == "a\\_b \\*c\\* \\`d\\`");
    CHECK(markdown_block("x") == "```\nx\n```\n");
}

TEST_CASE("the zip writer's CRC is zip's, and a file's bytes and mode are stored") {
    CHECK(crc32_of("123456789") == 0xCBF43926u);  // the standard check value
    ZipWriter zip;
    zip.add_file("run_autograder", "#!/bin/sh\n", 0755);
    const std::string archive = zip.finish();
    CHECK(archive.compare(0, 4, "PK\x03\x04") == 0);
    CHECK(archive.find("#!/bin/sh\n") != std::string::npos);
    CHECK(archive.compare(archive.size() - 22, 4, "PK\x05\x06") == 0);  // end record, no comment
    const auto directory = archive.find("PK\x01\x02");
    REQUIRE(directory != std::string::npos);
    const auto attributes = static_cast<unsigned char>(archive[directory + 40]) |
                            static_cast<unsigned char>(archive[directory + 41]) << 8;
    CHECK(attributes == (0100755 & 0xFFFF));
}

TEST_CASE("PrairieLearn results: a score in [0, 1], or not gradable when a kernel does not build") {
    SubmissionReport report = timed_report(Verdict::pass);
    auto json = results_json(ResultsFormat::prairielearn, report);
    CHECK(json["gradable"] == true);
    CHECK(json["score"] == 1.0);
    CHECK(json["tests"][0]["name"] == "04 correctness");
    CHECK(json["tests"][0]["max_points"] == 4.0);
    report.results[1].points = 0.0;
    CHECK(results_json(ResultsFormat::prairielearn, report)["score"] == doctest::Approx(4.0 / 6.0));

    report.results.insert(report.results.begin(), stage(Stage::build, Verdict::fail, 0, 1));
    report.results[0].reason = "line 3: expected ';'";
    json = results_json(ResultsFormat::prairielearn, report);
    CHECK(json["gradable"] == false);
    CHECK_FALSE(json.contains("score"));
    REQUIRE(json["format_errors"].size() == 1);
    CHECK(json["format_errors"][0].get<std::string>().find("line 3: expected ';'") != std::string::npos);
}

TEST_CASE("ISO 8601 times with their zone; anything else is a clear error") {
    const double utc = iso8601_seconds("2026-11-23T23:00:00Z", "test");
    CHECK(utc == 1795474800.0);
    CHECK(iso8601_seconds("2026-11-24T00:00:00+01:00", "test") == utc);
    CHECK(iso8601_seconds("2026-11-23 18:00-0500", "test") == utc);
    CHECK(iso8601_seconds("2026-11-23T23:00:00.5Z", "test") == utc + 0.5);
    CHECK(iso8601_seconds("2000-02-29T00:00:00Z", "test") == 951782400.0);  // a leap day
    CHECK_THROWS_AS(iso8601_seconds("2026-11-23T23:00:00", "test"), course::UserError);  // no zone
    CHECK_THROWS_AS(iso8601_seconds("23/11/2026 23:00Z", "test"), course::UserError);
    CHECK_THROWS_AS(iso8601_seconds("2026-13-01T00:00Z", "test"), course::UserError);
}

TEST_CASE("lateness: hours past the deadline, 0 on time, empty with a warning without a time") {
    const std::string csv = "/tmp/labcheck-lateness-" + std::to_string(getpid()) + ".csv";
    {
        std::ofstream out(csv);
        out << "student,timestamp\nalice,2026-11-23T22:00:00Z\n\"bob, jr\",2026-11-24T00:30:00Z\n"
               "carol,2026-11-23T23:00:01Z\n";
    }
    const auto times = read_submission_times(csv);
    REQUIRE(times.size() == 3);
    const auto lateness = lateness_column(times, iso8601_seconds("2026-11-23T23:00:00Z", "deadline"),
                                          {"alice", "bob, jr", "carol", "dave"}, csv);
    CHECK(lateness.column.name == "hours late");
    CHECK(lateness.column.cells.at("alice") == "0");
    CHECK(lateness.column.cells.at("bob, jr") == "1.50");
    CHECK(lateness.column.cells.at("carol") == "0.01");  // a second late is late
    CHECK(lateness.column.cells.count("dave") == 0);
    REQUIRE(lateness.warnings.size() == 1);
    CHECK(lateness.warnings[0].find("no submission time for dave") == 0);

    ClassReport report;
    report.students.emplace_back("alice", SubmissionReport{});
    report.students.emplace_back("dave", SubmissionReport{});
    const std::string gradebook = gradebook_csv(report, {lateness.column});
    CHECK(gradebook == "student,total,max,hours late\nalice,0,0,0\ndave,0,0,\n");
    {
        std::ofstream out(csv);
        out << "alice,yesterday\n";
    }
    CHECK_THROWS_AS(read_submission_times(csv), course::UserError);
    std::remove(csv.c_str());
}
