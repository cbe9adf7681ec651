// What labcheck writes for grading platforms beyond the plain results.json: the
// Markdown of Gradescope's test output, the leaderboard of right kernels and the
// gradebook's speed columns, and the zip an autograder package is written as.
#include "class/class_grading.hpp"
#include "class/class_uploads.hpp"
#include "class/lateness.hpp"
#include "edition/zip_writer.hpp"
#include "report/gradescope_json.hpp"
#include "report/leaderboard.hpp"
#include "report/markdown_text.hpp"
#include "report/report_formats.hpp"

#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace labcheck;

namespace {

// The gradebook's labs of these tests: lab 04 alone, a product with a speed target.
const std::vector<GradebookLab> kLab04 = {{"04", true, course::RateUnit::gigaflops_per_second}};

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
SubmissionReport timed_report(Verdict correctness, course::DeviceClass device = course::DeviceClass::gpu) {
    SubmissionReport report;
    report.device_label = device == course::DeviceClass::gpu ? "NVIDIA CUDA / Test GPU" : "PoCL / cpu";
    report.device_class = device;
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
    CHECK(board[1]["name"] == "04 % of limit");
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
    const std::string csv = gradebook_csv(report, kLab04);
    INFO(csv);
    CHECK(csv.find("student,total,max,04 build,04 correctness,04 barriers,04 speedup,04 GFLOP/s,04 % of limit,"
                   "04 speedup (×),04 device,04 speed rank,upload notes\n") == 0);
    CHECK(csv.find("alice,6,6,,4,,2,50,25,1.5,NVIDIA CUDA / Test GPU,1 of 1,\n") != std::string::npos);
    CHECK(csv.find("bob,2,6,,0,,2,,,,,,\n") != std::string::npos);
}

namespace {

// A student of a GPU class whose lab-04 kernel ran at `rate` while the FMA peak measured `limit`.
SubmissionReport rated(double rate, double limit, course::DeviceClass device = course::DeviceClass::gpu) {
    auto report = timed_report(Verdict::pass, device);
    report.results[1].rate = rate;
    report.results[1].ceiling = limit;
    return report;
}

}  // namespace

TEST_CASE("speed ranks: on a steady GPU by rate; not when the device's limit varied more than the gaps") {
    ClassReport steady;
    steady.students.emplace_back("alice", rated(50.0, 200.0));
    steady.students.emplace_back("bob", rated(100.0, 201.0));  // 0.5% spread, gaps of 50% and 100%
    steady.students.emplace_back("carol", rated(25.0, 200.0));
    auto csv = gradebook_csv(steady, kLab04);
    INFO(csv);
    CHECK(csv.find("alice,6,6,,4,,2,50,25,1.5,NVIDIA CUDA / Test GPU,2 of 3,\n") != std::string::npos);
    CHECK(csv.find("bob,6,6,,4,,2,100,49.8,1.5,NVIDIA CUDA / Test GPU,1 of 3,\n") != std::string::npos);
    CHECK(csv.find("carol,6,6,,4,,2,25,12.5,1.5,NVIDIA CUDA / Test GPU,3 of 3,\n") != std::string::npos);
    auto json = gradebook_json(steady);
    CHECK(json["speed_ranking"]["04"]["comparable"] == true);
    CHECK(json["students"][1]["speed"]["04"]["rank"] == "1 of 3");
    CHECK(json["students"][1]["speed"]["04"]["rate"] == 100.0);
    CHECK(json["students"][1]["speed"]["04"]["limit"] == 201.0);
    CHECK(json["students"][1]["speed"]["04"]["device"] == "NVIDIA CUDA / Test GPU");
    CHECK(speed_ranking_warnings(steady).empty());

    ClassReport noisy;  // neighbours 2% apart, the limit measured 10% apart: those two share a rank
    noisy.students.emplace_back("alice", rated(100.0, 200.0));
    noisy.students.emplace_back("bob", rated(102.0, 220.0));
    noisy.students.emplace_back("carol", rated(150.0, 205.0));  // 47% faster than bob: ranked apart
    csv = gradebook_csv(noisy, kLab04);
    CHECK(csv.find("alice,6,6,,4,,2,100,50,1.5,NVIDIA CUDA / Test GPU,2= of 3,\n") != std::string::npos);
    CHECK(csv.find("bob,6,6,,4,,2,102,46.4,1.5,NVIDIA CUDA / Test GPU,2= of 3,\n") != std::string::npos);
    CHECK(csv.find("carol,6,6,,4,,2,150,73.2,1.5,NVIDIA CUDA / Test GPU,1 of 3,\n") != std::string::npos);
    json = gradebook_json(noisy);
    CHECK(json["speed_ranking"]["04"]["comparable"] == true);
    CHECK(json["students"][0]["speed"]["04"]["rank"] == "2= of 3");
    CHECK(speed_ranking_warnings(noisy).empty());
}

TEST_CASE("speed ranks on a GPU node: copies of one kernel tie, and a class with copies is ranked") {
    ClassReport copies;  // the limit moved 0.2%; three hand in one kernel (graded once: one rate)
    copies.students.emplace_back("alice", rated(100.0, 200.0));
    copies.students.emplace_back("bob", rated(100.0, 200.4));
    copies.students.emplace_back("carol", rated(100.0, 200.2));
    copies.students.emplace_back("dave", rated(90.0, 200.1));
    copies.students.emplace_back("erin", rated(89.9, 200.3));  // 0.1% slower than dave: within the spread
    const auto csv = gradebook_csv(copies, kLab04);
    INFO(csv);
    CHECK(csv.find("alice,6,6,,4,,2,100,50,1.5,NVIDIA CUDA / Test GPU,1= of 5,\n") != std::string::npos);
    CHECK(csv.find("carol,6,6,,4,,2,100,50,1.5,NVIDIA CUDA / Test GPU,1= of 5,\n") != std::string::npos);
    CHECK(csv.find(",4= of 5,\n") != std::string::npos);
    CHECK(csv.find("not comparable") == std::string::npos);
    ClassReport one_kernel;  // every student the same kernel: one shared rank, never refused
    one_kernel.students.emplace_back("alice", rated(100.0, 200.0));
    one_kernel.students.emplace_back("bob", rated(100.0, 230.0));
    CHECK(gradebook_csv(one_kernel, kLab04).find(",1= of 2,\n") != std::string::npos);
}

TEST_CASE("speed on a CPU device is each student's own: no rank, no Gradescope leaderboard, and a reason") {
    ClassReport cpu;
    cpu.students.emplace_back("alice", rated(50.0, 200.0, course::DeviceClass::cpu));
    cpu.students.emplace_back("bob", rated(100.0, 200.0, course::DeviceClass::cpu));
    const auto csv = gradebook_csv(cpu, kLab04);
    INFO(csv);
    CHECK(csv.find("bob,6,6,,4,,2,100,50,1.5,PoCL / cpu,not comparable (CPU device),\n") != std::string::npos);
    REQUIRE(speed_ranking_warnings(cpu).size() == 1);
    CHECK(speed_ranking_warnings(cpu)[0].find("lab 04: timed on a CPU device") == 0);
    const auto results = gradescope_results(rated(50.0, 200.0, course::DeviceClass::cpu));
    REQUIRE(results.contains("leaderboard"));  // on a CPU, the speedup alone: stable where a rate is not
    REQUIRE(results["leaderboard"].size() == 1);
    CHECK(results["leaderboard"][0]["name"] == "04 speedup (×)");
    CHECK(results["leaderboard"][0]["value"] == 1.5);
    CHECK(results["output"].get<std::string>().find("Leaderboard: the speedup over the baseline only") !=
          std::string::npos);
    CHECK(results["tests"][1]["extra_data"]["rate"] == 50.0);
    auto unknown = rated(50.0, 200.0);  // a record of an older grader: the device class is not known
    unknown.device_class.reset();
    CHECK_FALSE(gradescope_results(unknown).contains("leaderboard"));
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

TEST_CASE("a class's per-student results are in the form --format names, whose help comes from the same table") {
    ClassReport report;
    report.students.emplace_back("alice", timed_report(Verdict::pass));
    CHECK(gradebook_json(report)["students"][0]["results"].contains("tests"));
    CHECK_FALSE(gradebook_json(report)["students"][0]["results"].contains("gradable"));  // Gradescope's by default
    const auto prairielearn = gradebook_json(report, ResultsFormat::prairielearn)["students"][0]["results"];
    CHECK(prairielearn["gradable"] == true);
    CHECK(prairielearn == results_json(ResultsFormat::prairielearn, report.students[0].second));
    for (const auto& [name, format] : results_format_names()) CHECK(results_format_name(format) == name);
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
    // No points in the message of a submission that is not graded: PrairieLearn records none.
    const std::string message = json["message"];
    CHECK(message.find("points") == std::string::npos);
    CHECK(message.find("not graded") != std::string::npos);
}

TEST_CASE("ISO 8601 times with their zone; anything else is a clear error") {
    const double utc = iso8601_seconds("2026-11-23T23:00:00Z", "test");
    CHECK(utc == 1795474800.0);
    CHECK(iso8601_seconds("2026-11-24T00:00:00+01:00", "test") == utc);
    CHECK(iso8601_seconds("2026-11-23 18:00-0500", "test") == utc);
    CHECK(iso8601_seconds("2026-11-23T23:00:00.5Z", "test") == utc + 0.5);
    CHECK(iso8601_seconds("2000-02-29T00:00:00Z", "test") == 951782400.0);  // a leap day
    CHECK(iso8601_seconds("2026-11-24 00:00:00 +0100", "test") == utc);  // a space before the zone
    CHECK(iso8601_seconds("2026-11-24t00:00:00+01", "test") == utc);
    CHECK(iso8601_seconds("2026-11-23 23:00:00 UTC", "test") == utc);
    CHECK(iso8601_seconds("2026-11-23T23:00:00,5z", "test") == utc + 0.5);
    CHECK(iso8601_offset("2026-11-23T18:00:00-05:30", "test") == -(5 * 3600 + 30 * 60));
    CHECK_THROWS_AS(iso8601_seconds("2026-11-23T23:00:00", "test"), course::UserError);  // a deadline needs its zone
    REQUIRE(parse_iso8601("2026-11-23T23:00:00"));
    CHECK_FALSE(parse_iso8601("2026-11-23T23:00:00")->offset_seconds);
    CHECK(parse_iso8601("2026-11-23T23:00:00")->utc_seconds(3600) == utc - 3600);
    CHECK_FALSE(parse_iso8601("2026-11-23T23:00:00+25:00"));
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
    REQUIRE(times.times.size() == 3);
    CHECK(times.warnings.empty());
    const auto lateness = lateness_column(times, iso8601_seconds("2026-11-23T23:00:00Z", "deadline"),
                                          {"alice", "bob, jr", "carol", "dave"}, csv);
    CHECK(lateness.column.name == "hours late");
    CHECK(lateness.column.cells.at("alice") == "0");
    CHECK(lateness.column.cells.at("bob, jr") == "1.50");
    CHECK(lateness.column.cells.at("carol") == "0.01");  // a second late is late
    CHECK(lateness.column.cells.count("dave") == 0);
    REQUIRE(lateness.warnings.size() == 1);
    CHECK(lateness.warnings[0].find("no submission time in ") == 0);
    CHECK(lateness.warnings[0].find(" for 1 student(s): dave;") != std::string::npos);

    ClassReport report;
    report.students.emplace_back("alice", SubmissionReport{});
    report.students.emplace_back("dave", SubmissionReport{});
    const std::string gradebook = gradebook_csv(report, {}, {lateness.column});
    CHECK(gradebook == "student,total,max,upload notes,hours late\nalice,0,0,,0\ndave,0,0,,\n");
    {
        std::ofstream out(csv);
        out << "alice,yesterday\n";
    }
    const auto bad = read_submission_times(csv);  // a bad row is a warning, never the end of the run
    CHECK(bad.unknown == std::set<std::string>{"alice"});
    REQUIRE(bad.warnings.size() == 1);
    std::remove(csv.c_str());
    CHECK_THROWS_AS(read_submission_times(csv), course::UserError);  // a file that cannot be opened is an error
}

TEST_CASE("lateness: a bad row is one warning and \"time unknown\"; duplicates and strangers are listed") {
    const std::string csv = "/tmp/labcheck-bad-lateness-" + std::to_string(getpid()) + ".csv";
    {
        std::ofstream out(csv);
        out << "Student,Timestamp\n"
               "alice,2026-11-23 23:00:00 +0100\n"   // 22:00Z, a space before the zone
               "bob,yesterday at noon\n"            // line 3: not a time
               "carol,2026-11-24T00:30:00\n"        // no zone: read in the deadline's (+01:00)
               "dave,2026-11-23T20:00:00Z\n"
               "dave,2026-11-24T00:00:00Z\n"        // listed twice: the later counts
               "mallory,2026-11-23T20:00:00Z\n"     // no such student
               "erin\n";                           // line 8: one field
    }
    const auto times = read_submission_times(csv, 3600);
    CHECK(times.unknown == std::set<std::string>{"bob", "erin"});
    const auto lateness = lateness_column(times, iso8601_seconds("2026-11-23T23:00:00Z", "deadline"),
                                          {"alice", "bob", "carol", "dave", "erin"}, csv);
    CHECK(lateness.column.cells.at("alice") == "0");
    CHECK(lateness.column.cells.at("bob") == "time unknown");
    CHECK(lateness.column.cells.at("carol") == "0.50");
    CHECK(lateness.column.cells.at("dave") == "1.00");
    CHECK(lateness.column.cells.at("erin") == "time unknown");
    std::string all;
    for (const auto& w : lateness.warnings) all += w + "\n";
    INFO(all);
    CHECK(lateness.warnings.size() == 5);  // bob's row, dave twice, erin's row, carol's zone, mallory
    CHECK(all.find(csv + ":3: \"yesterday at noon\" is not an ISO 8601 time") != std::string::npos);
    CHECK(all.find("bob is marked \"time unknown\"") != std::string::npos);
    CHECK(all.find(csv + ":8: \"erin\"") != std::string::npos);
    CHECK(all.find("dave is listed twice (" + csv + ":5 and line 6)") != std::string::npos);
    CHECK(all.find("1 time(s) without a zone (first at line 4) were read in the deadline's zone (UTC+01:00)") !=
          std::string::npos);
    CHECK(all.find("students with no folder in the class: mallory (line 7)") != std::string::npos);
    std::remove(csv.c_str());
}

TEST_CASE("how an upload was read heads Gradescope's output and ends PrairieLearn's message, in the same words") {
    auto report = timed_report(Verdict::pass);
    report.upload_notes = {"Lab 04-matmul-tiled: `Matmul.cl` is graded as `04-matmul-tiled/matmul.cl` (its name "
                           "differs only by case or a copy mark; the lab asks for `matmul.cl`)."};
    const auto gradescope = gradescope_results(report);
    CHECK(gradescope["output"].get<std::string>().rfind("**How your upload was read**\n\n- " + report.upload_notes[0] +
                                                        "\n\nlabcheck graded", 0) == 0);
    const auto prairielearn = results_json(ResultsFormat::prairielearn, report);
    const std::string message = prairielearn["message"];
    CHECK(message.size() > report.upload_notes[0].size());
    CHECK(message.substr(message.size() - report.upload_notes[0].size()) == report.upload_notes[0]);
}

TEST_CASE("an upload of which nothing was read: PrairieLearn's not gradable, in the upload's words, with no path") {
    SubmissionReport report;
    report.device_label = "PoCL / cpu";
    StageResult build = stage(Stage::build, Verdict::fail, 0, 1);
    build.file = "/tmp/labcheck-4242-x/upload-29/staged/04-matmul-tiled/matmul.cl";  // the grader's staging copy
    build.details = "does not exist: " + build.file;
    report.results = {build, stage(Stage::correctness, Verdict::fail, 0, 4)};
    report.upload_notes = {"Lab 04-matmul-tiled: no `matmul.cl` found in the upload: not graded."};
    const course::KernelSet staged{"/nonexistent-staged", "alice", course::KernelSetKind::other};
    explain_unread_labs(staged, report.upload_notes, report);
    const auto results = results_json(ResultsFormat::prairielearn, report);
    INFO(results.dump(2));
    CHECK(results["gradable"] == false);
    CHECK_FALSE(results.contains("score"));
    REQUIRE(results["format_errors"].size() == 1);  // one per lab, not one per stage
    CHECK(results["format_errors"][0] == "Lab 04: Not graded: nothing of this lab was read from your upload.\n"
                                         "Lab 04-matmul-tiled: no `matmul.cl` found in the upload: not graded.\n");
    CHECK(results.dump().find("/tmp") == std::string::npos);
    CHECK(results.dump().find("upload-29") == std::string::npos);
}
