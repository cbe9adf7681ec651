// The mutant suite, end to end: every kernel of checker/mutants/mutants.toml
// (barrier bugs and correct kernels, from the static analysis's author) and of
// checker/mutants/runtime_mutants.toml (hangs, crashes, far out-of-bounds
// writes, broken files, correct kernels in other styles, speed cheats) is graded
// by the real labcheck binary, and each stage's verdict, finding and message is
// compared with what the manifest expects. Entries with a `speedup` verdict are
// graded in classes of their own with the speedup stage (and not the barriers
// stage), every threshold at --min-ratio 0.0001, so only a wrong timed result
// can fail them.
//
// The mutants of one lab are one class (a student folder each) graded by one
// `labcheck --class` run, so the suite also exercises class mode, and a mutant
// that hangs or crashes must leave the other "students" of its class graded.
// Every class's terminal output, gradebook, JSON file and students' results must hold no byte of
// the canary file and no character that steers a terminal (the mutants put control sequences in
// kernels, compiler errors, lines Oclgrind quotes and student folder names).
#include "runner/child_process.hpp"
#include "runner/parallel_tasks.hpp"

#include "description/lab_spec.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include "solution_edits.hpp"

#include <cstdio>
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <toml++/toml.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <map>
#include <sstream>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

constexpr const char* kStages[] = {"build", "correctness", "barriers", "speedup"};
// The speed cheats' classes run these stages (the barriers stage is left to the other entries, so
// that the timing stays cheap) with every threshold at --min-ratio: a verdict never depends on a time.
constexpr const char* kSpeedStages = "build,correctness,speedup";
constexpr const char* kSpeedMinRatio = "0.0001";
constexpr std::size_t kClassSize = 8;  // mutants per labcheck --class run

// What stands in the student's lab folder (key `make`; without it, a kernel file: `file`, or the
// solution edited by `solution_edits`).
enum class Make { kernel_file, directory, missing, symlink, folder_symlink, hardlink };
// What a `make = "symlink"` or `make = "hardlink"` kernel file points at (key `target`).
enum class LinkTarget { solution, canary };

struct Mutant {
    std::string manifest;
    std::string lab;
    std::string name;  // its name when it has no file of its own (key `name`)
    std::string file;  // relative to checker/mutants
    std::vector<mutants::SolutionEdit> solution_edits;  // the lab's solution with these edits, instead of a file
    Make make = Make::kernel_file;
    std::string make_name;  // the key's text, for labels and folder names
    LinkTarget target = LinkTarget::solution;
    std::string description;
    std::map<std::string, std::string> expected;  // stage -> pass/warn/fail/any
    std::string rule;
    unsigned line = 0;
    std::string oclgrind_rule;
    unsigned oclgrind_line = 0;
    std::map<std::string, std::string> output;  // stage -> text its output must contain
    std::vector<std::string> defines;           // NAME=VALUE
    std::string timeout;                        // labcheck --timeout for its class (key "timeout"; default: labcheck's own limits)
    std::string launch_timeout;                 // labcheck --launch-timeout for its class (key "launch_timeout")
    std::string student_name;                   // key `student`: its folder's name after "NN-" (placeholders expanded)
    std::string student;                        // its folder in the class
    bool timed = false;                         // has a `speedup` verdict: graded with the speedup stage
    // Its manifest expects something of the barriers stage; else its class skips that stage (and
    // Oclgrind, the suite's costliest step), as a mutant about hangs or wrong sizes needs no race check.
    bool judges_barriers = true;

    std::string label() const {
        if (!name.empty()) return manifest + ": " + name + " (lab " + lab + "'s solution, edited)";
        return manifest + ": " + (file.empty() ? make_name + " (lab " + lab + ")" : file);
    }
};

Make make_of(const Mutant& m, const std::string& text) {
    if (text.empty()) return Make::kernel_file;
    if (text == "directory") return Make::directory;
    if (text == "missing") return Make::missing;
    if (text == "symlink") return Make::symlink;
    if (text == "folder-symlink") return Make::folder_symlink;
    if (text == "hardlink") return Make::hardlink;
    FAIL(m.label() << ": make = \"" << text << "\"; expected directory, missing, symlink, folder-symlink or hardlink");
    return Make::kernel_file;
}

LinkTarget target_of(const Mutant& m, const std::string& text) {
    if (text == "solution") return LinkTarget::solution;
    if (text == "canary") return LinkTarget::canary;
    FAIL(m.label() << ": target = \"" << text << "\"; expected solution or canary");
    return LinkTarget::solution;
}

std::string replaced(std::string text, const std::string& placeholder, const std::string& value) {
    for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size()))
        text.replace(at, placeholder.size(), value);
    return text;
}

// The manifest's placeholders for control characters as the bytes themselves (runtime_mutants.toml says why).
std::string with_control_characters(std::string text) {
    text = replaced(std::move(text), "@ESC@", "\x1b");
    text = replaced(std::move(text), "@BEL@", "\x07");
    text = replaced(std::move(text), "@CR@", "\r");
    return replaced(std::move(text), "@C1CSI@", "\xc2\x9b");
}

std::vector<Mutant> read_manifest(const std::string& name) {
    std::vector<Mutant> mutants;
    const fs::path path = fs::path("checker/mutants") / name;
    if (!fs::exists(path)) return mutants;
    const toml::table table = toml::parse_file(path.string());
    const toml::array* entries = table["mutant"].as_array();
    if (entries == nullptr) return mutants;
    for (const auto& node : *entries) {
        const toml::table& entry = *node.as_table();
        Mutant m;
        m.manifest = name;
        m.lab = entry["lab"].value_or(std::string());
        m.name = entry["name"].value_or(std::string());
        m.file = entry["file"].value_or(std::string());
        m.solution_edits = mutants::solution_edits_of(entry);
        m.make_name = entry["make"].value_or(std::string());
        m.make = make_of(m, m.make_name);
        m.target = target_of(m, entry["target"].value_or(std::string("solution")));
        m.description = entry["description"].value_or(std::string());
        m.student_name = with_control_characters(entry["student"].value_or(std::string()));
        for (const char* stage : kStages) {
            if (const auto v = entry[stage].value<std::string>()) {
                REQUIRE_MESSAGE((*v == "pass" || *v == "warn" || *v == "fail" || *v == "any"),
                                m.label() << ": " << stage << " = \"" << *v << "\"; expected pass, warn, fail or any");
                m.expected[stage] = *v;
            }
        }
        const int sources = (m.file.empty() ? 0 : 1) + (m.name.empty() ? 0 : 1) + (m.make == Make::kernel_file ? 0 : 1);
        REQUIRE_MESSAGE(sources == 1, m.label() << ": give exactly one of file, name (with solution_edits) and make");
        m.timed = m.expected.count("speedup") > 0;
        const auto barriers = m.expected.find("barriers");
        m.rule = entry["rule"].value_or(std::string());
        m.line = entry["line"].value_or(0u);
        m.oclgrind_rule = entry["oclgrind_rule"].value_or(std::string());
        m.oclgrind_line = entry["oclgrind_line"].value_or(0u);
        if (const auto* output = entry["output"].as_table()) {
            for (const auto& [stage, text] : *output) m.output[std::string(stage.str())] = text.value_or(std::string());
        }
        if (const auto* defines = entry["defines"].as_table()) {
            for (const auto& [define, value] : *defines) {
                const auto text = value.value<std::string>();
                const auto number = value.value<std::int64_t>();
                m.defines.push_back(std::string(define.str()) + "=" +
                                    (text ? *text : std::to_string(number.value_or(0))));
            }
        }
        // Oclgrind at every define set of labs 05-06 needs more than the default on a busy machine.
        if (const auto seconds = entry["timeout"].value<std::int64_t>()) m.timeout = std::to_string(*seconds);
        // A kernel that never finishes costs its class one launch limit per define set: the hangs
        // run at a short one (processor time, so a busy machine does not shorten it).
        if (const auto seconds = entry["launch_timeout"].value<std::int64_t>()) m.launch_timeout = std::to_string(*seconds);
        m.judges_barriers = !m.timed && ((barriers != m.expected.end() && barriers->second != "any") ||
                                         !m.rule.empty() || !m.oclgrind_rule.empty() || m.output.count("barriers"));
        mutants.push_back(std::move(m));
    }
    return mutants;
}

std::string labcheck_path() {
    const char* path = std::getenv("LABCHECK");
    REQUIRE_MESSAGE(path != nullptr, "meson sets LABCHECK to build/checker/labcheck");
    return path;
}

// One `labcheck --class` run: the mutants of one lab with the same extra defines.
struct ClassRun {
    std::string lab;
    bool timed = false;  // the speed cheats' class: kSpeedStages instead of the first three stages
    bool barriers = true;  // the barriers stage runs (a class of mutants that expect nothing of it skips it)
    std::vector<std::string> defines;
    std::string timeout;
    std::string launch_timeout;
    fs::path folder;
    std::vector<Mutant*> mutants;
    labcheck::ChildOutcome outcome;
    nlohmann::json results;
    std::string output;
};

// What the cheats reach for: the lab's own solution, and a canary file of the grading machine
// whose text must never appear in anything labcheck writes.
struct CheatTargets {
    fs::path work;
    fs::path canary_file;
    std::string canary_text;
    fs::path solution(const std::string& lab_folder, const std::string& kernel_file) const {
        return fs::absolute(fs::path("solutions") / lab_folder / kernel_file);
    }
    // A copy of the solution in the suite's work folder (the instructor's file on the grading machine)
    // for hard links: a second name on solutions/ itself would make other tests refuse the solution.
    fs::path solution_copy(const std::string& lab_folder, const std::string& kernel_file) const {
        const fs::path copy = work / "instructor" / lab_folder / kernel_file;
        if (!fs::exists(copy)) {
            fs::create_directories(copy.parent_path());
            fs::copy_file(solution(lab_folder, kernel_file), copy);
        }
        return copy;
    }
};

// The lab's solution with a mutant's edits. An edit whose text is not in the solution exactly
// once stops the suite: the solution changed under the mutant, which must be edited to match.
std::string edited_solution(const Mutant& m, const fs::path& solution) {
    const mutants::EditedSolution edited = mutants::apply_solution_edits(mutants::read_text(solution), m.solution_edits);
    REQUIRE_MESSAGE(edited.ok(), m.label() << ": expected \"" << edited.not_found << "\" exactly once in "
                                           << solution.string() << "; edit the mutant's solution_edits in "
                                           << m.manifest << " to match the solution");
    return edited.text;
}

void place_mutant(const Mutant& m, const fs::path& class_folder, const std::string& lab_folder,
                  const std::string& kernel_file, const CheatTargets& targets) {
    const fs::path lab_dir = class_folder / m.student / lab_folder;
    const fs::path solution = targets.solution(lab_folder, kernel_file);
    if (m.make == Make::folder_symlink) {
        fs::create_directories(lab_dir.parent_path());
        fs::create_directory_symlink(solution.parent_path(), lab_dir);
        return;
    }
    fs::create_directories(lab_dir);
    switch (m.make) {
    case Make::directory:
        fs::create_directories(lab_dir / kernel_file);
        return;
    case Make::symlink:
        fs::create_symlink(m.target == LinkTarget::canary ? targets.canary_file : solution, lab_dir / kernel_file);
        return;
    case Make::hardlink:
        fs::create_hard_link(
            m.target == LinkTarget::canary ? targets.canary_file : targets.solution_copy(lab_folder, kernel_file),
            lab_dir / kernel_file);
        return;
    case Make::missing:
    case Make::folder_symlink:
        return;
    case Make::kernel_file:
        break;
    }
    if (!m.name.empty()) {
        std::ofstream(lab_dir / kernel_file, std::ios::binary) << edited_solution(m, solution);
        return;
    }
    const fs::path file = fs::path("checker/mutants") / m.file;
    REQUIRE_MESSAGE(fs::is_regular_file(file), m.label() << ": no file " << file.string());
    std::ofstream(lab_dir / kernel_file, std::ios::binary) << with_control_characters(
        replaced(replaced(mutants::read_text(file), "@SOLUTION@", solution.string()), "@CANARY@",
                 targets.canary_file.string()));
}

void run_class(ClassRun& run, const fs::path& work) {
    labcheck::ChildCommand command;
    command.argv = {labcheck_path(),
                    "--class",
                    run.folder.string(),
                    "--lab",
                    run.lab,
                    "--stage",
                    run.timed ? kSpeedStages : run.barriers ? "build,correctness,barriers" : "build,correctness",
                    // labcheck's own limits: a hang costs one launch limit (10 s), and a correct kernel
                    // on a loaded machine is never cut short by a whole-job limit.
                    "--no-hidden",
                    "--jobs",
                    "2",
                    "-q",
                    "--json",
                    (run.folder.string() + ".json"),
                    "--gradebook",
                    (run.folder.string() + ".csv")};
    for (const auto& d : run.defines) command.argv.insert(command.argv.end(), {"-D", d});
    if (run.timed) command.argv.insert(command.argv.end(), {"--min-ratio", kSpeedMinRatio});
    if (!run.timeout.empty()) command.argv.insert(command.argv.end(), {"--timeout", run.timeout});
    if (!run.launch_timeout.empty()) command.argv.insert(command.argv.end(), {"--launch-timeout", run.launch_timeout});
    command.output_file = work / (run.folder.filename().string() + ".out");
    labcheck::ChildLimits limits;
    limits.wall_seconds = 900;
    run.outcome = labcheck::run_child(command, limits);
    std::ifstream results(run.folder.string() + ".json");
    run.results = nlohmann::json::parse(results, nullptr, false);
    std::ifstream output(command.output_file);
    std::ostringstream text;
    text << output.rdbuf();
    run.output = text.str();
}

const nlohmann::json* test_of(const nlohmann::json& student, const std::string& stage) {
    for (const auto& test : student["results"]["tests"]) {
        if (test["extra_data"]["stage"] == stage) return &test;
    }
    return nullptr;
}

bool has_finding(const nlohmann::json& test, const std::string& source, const std::string& rule, unsigned line) {
    for (const auto& f : test["extra_data"]["findings"]) {
        if (f["source"] == source && f["rule"] == rule && (line == 0 || f["line"] == line)) return true;
    }
    return false;
}

// Where `text` holds a character that steers a terminal (a C0 control but newline and tab, DEL, a C1
// control, a byte that is not UTF-8), and which; empty when it holds none.
std::string control_character_at(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        bool bad = length == 0 || i + length > text.size();
        for (std::size_t j = 1; !bad && j < length; ++j) bad = (static_cast<unsigned char>(text[i + j]) & 0xC0) != 0x80;
        const bool c0 = c < 0x20 && c != '\n' && c != '\t';
        const bool c1 = c == 0xC2 && length == 2 && !bad && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
        if (bad || c0 || c == 0x7F || c1) {
            const std::size_t from = i < 40 ? 0 : i - 40;
            return fmt::format("byte 0x{:02x} at {} (after \"{}\")", c, i, text.substr(from, i - from));
        }
        i += length;
    }
    return {};
}

// The first string of `json` (values, recursively) that holds a control character, and where; empty when none.
std::string control_character_in_strings(const nlohmann::json& json) {
    if (json.is_string()) return control_character_at(json.get<std::string>());
    if (json.is_structured()) {
        for (const auto& item : json) {
            if (std::string found = control_character_in_strings(item); !found.empty()) return found;
        }
    }
    return {};
}

bool static_analysis_ran(const nlohmann::json& test) {
    return !has_finding(test, "static", "static-unavailable", 0);
}

void check_mutant(const Mutant& m, const nlohmann::json& student) {
    INFO(m.label() << " — " << m.description);
    for (const char* stage : kStages) {
        const auto expected = m.expected.find(stage);
        const bool graded = m.timed ? std::string(stage) != "barriers"
                                    : std::string(stage) != "speedup" && (m.judges_barriers || std::string(stage) != "barriers");
        if (!graded) continue;  // the class did not run this stage
        const nlohmann::json* test = test_of(student, stage);
        REQUIRE_MESSAGE(test != nullptr, "no " << stage << " result");
        const std::string verdict = (*test)["extra_data"]["verdict"];
        INFO(stage << " output: " << (*test)["output"].get<std::string>());
        CHECK_MESSAGE(verdict != "error", "the grader could not judge the " << stage << " stage");
        if (expected != m.expected.end() && expected->second != "any") {
            const bool build_with_warnings =
                std::string(stage) == "build" && expected->second == "pass" && verdict == "warn";
            CHECK_MESSAGE((verdict == expected->second || build_with_warnings),
                          stage << ": expected " << expected->second << ", labcheck says " << verdict);
        }
        if (const auto text = m.output.find(stage); text != m.output.end()) {
            CHECK_MESSAGE((*test)["output"].get<std::string>().find(text->second) != std::string::npos,
                          stage << " output should contain: " << text->second);
        }
    }
    if (m.timed || !m.judges_barriers) return;
    const nlohmann::json* barriers = test_of(student, "barriers");
    const bool barriers_ran = (*barriers)["extra_data"]["reason"].get<std::string>().rfind("not run", 0) != 0;
    if (!m.rule.empty() && barriers_ran && static_analysis_ran(*barriers)) {
        CHECK_MESSAGE(has_finding(*barriers, "static", m.rule, m.line),
                      "barriers should report " << m.rule << " at line " << m.line);
    }
    if (!m.oclgrind_rule.empty()) {
        // An access out of bounds is the correctness stage's (stages.hpp, SetRuns::dynamic).
        const char* stage = m.oclgrind_rule == "oclgrind-out-of-bounds" ? "correctness" : "barriers";
        CHECK_MESSAGE(has_finding(*test_of(student, stage), "oclgrind", m.oclgrind_rule, m.oclgrind_line),
                      stage << " should report " << m.oclgrind_rule << " at line " << m.oclgrind_line);
    }
}

}  // namespace

// The mutants of the lab that MUTANT_LAB names ("04"; meson runs one test per lab, so that each
// stays short and a busy machine slows one lab's test, not one long one), or of every lab.
std::vector<Mutant> mutants_to_grade() {
    std::vector<Mutant> mutants = read_manifest("mutants.toml");
    const auto runtime = read_manifest("runtime_mutants.toml");
    mutants.insert(mutants.end(), runtime.begin(), runtime.end());
    REQUIRE_MESSAGE(!runtime.empty(), "checker/mutants/runtime_mutants.toml holds the runtime mutants");
    const char* lab = std::getenv("MUTANT_LAB");
    if (lab == nullptr || *lab == '\0') return mutants;
    std::vector<Mutant> of_lab;
    for (auto& m : mutants) {
        if (m.lab == lab) of_lab.push_back(std::move(m));
    }
    REQUIRE_MESSAGE(!of_lab.empty(), "MUTANT_LAB=" << lab << ": no mutant of that lab in checker/mutants/*.toml");
    // MUTANT_PART="2/3": every third mutant of the lab from the second on, for the labs with so
    // many mutants that one test would come near its limit on a busy machine.
    const char* part = std::getenv("MUTANT_PART");
    unsigned which = 1, parts = 1;
    if (part != nullptr && *part != '\0') {
        REQUIRE_MESSAGE((std::sscanf(part, "%u/%u", &which, &parts) == 2 && which >= 1 && which <= parts),
                        "MUTANT_PART=" << part << ": expected PART/PARTS, e.g. 1/2");
    }
    std::vector<Mutant> of_part;
    for (std::size_t i = which - 1; i < of_lab.size(); i += parts) of_part.push_back(std::move(of_lab[i]));
    return of_part;
}

TEST_CASE("every mutant gets the verdicts its manifest expects from labcheck, and the grader survives them all") {
    std::vector<Mutant> mutants = mutants_to_grade();

    const fs::path root = fs::current_path();
    const fs::path work = fs::temp_directory_path() / ("labcheck-mutants-" + std::to_string(getpid()));
    fs::remove_all(work);
    fs::create_directories(work);
    CheatTargets targets;
    targets.work = work;
    targets.canary_file = work / "canary.txt";
    {
        std::mt19937_64 random(std::random_device{}());
        targets.canary_text = fmt::format("CANARY{:016x}:{:016x}", random(), random());
        std::ofstream(targets.canary_file) << "root:" << targets.canary_text << ":19000:0:99999:7:::\n"
                                           << targets.canary_text << "\n";
    }

    // One class per lab and set of defines, a student folder per mutant.
    std::map<std::string, ClassRun> runs;
    std::map<std::string, std::size_t> per_key;
    std::size_t skipped = 0;
    for (std::size_t i = 0; i < mutants.size(); ++i) {
        Mutant& m = mutants[i];
        std::string lab_folder, kernel_file;
        try {
            lab_folder = course::find_lab_folder(root, m.lab);
            kernel_file = course::load_lab(root, lab_folder, course::DeviceClass::cpu).kernel_file;
        } catch (const course::UserError&) {
            ++skipped;  // that lab is not in this copy of the course yet
            continue;
        }
        std::string key = m.lab + (m.timed ? "_timed" : m.judges_barriers ? "" : "_no_barriers");
        for (const auto& d : m.defines) key += "_" + d;
        if (!m.timeout.empty()) key += "_t" + m.timeout;
        if (!m.launch_timeout.empty()) key += "_l" + m.launch_timeout;
        key += "_" + std::to_string(per_key[key]++ / kClassSize);
        ClassRun& run = runs[key];
        run.lab = m.lab;
        run.timed = m.timed;
        run.barriers = m.judges_barriers;
        run.defines = m.defines;
        run.timeout = m.timeout;
        run.launch_timeout = m.launch_timeout;
        run.folder = work / ("class-" + key);
        const std::string stem = !m.student_name.empty() ? m.student_name
                                 : !m.name.empty()       ? m.name
                                 : m.file.empty()        ? m.make_name
                                                         : fs::path(m.file).stem().string();
        m.student = fmt::format("{:02}-{}", i, stem);
        place_mutant(m, run.folder, lab_folder, kernel_file, targets);
        run.mutants.push_back(&m);
    }
    if (skipped > 0) MESSAGE(skipped << " mutant(s) skipped: their lab is not in this copy of the course");

    std::vector<std::function<void()>> tasks;
    for (auto& [key, run] : runs) tasks.push_back([&run, &work] { run_class(run, work); });
    // One class at a time, two students of it at a time: the two cores stay busy however the
    // mutants fall into classes (a class of three slow ones no longer runs beside an idle core).
    labcheck::run_parallel(tasks, 1);

    std::size_t checked = 0;
    for (auto& [key, run] : runs) {
        INFO("labcheck --class for lab " << run.lab << " printed:\n" << run.output);
        REQUIRE(run.outcome.end == labcheck::ChildEnd::exited);
        const bool some_fail = std::any_of(run.mutants.begin(), run.mutants.end(), [](const Mutant* m) {
            return std::any_of(m->expected.begin(), m->expected.end(),
                               [](const auto& e) { return e.second == "fail"; });
        });
        CHECK(run.outcome.exit_code != 2);  // a grader error
        if (some_fail) CHECK(run.outcome.exit_code == 1);
        REQUIRE(run.results.is_object());
        std::ifstream csv(run.folder.string() + ".csv");
        std::size_t rows = 0;
        for (std::string line; std::getline(csv, line);) ++rows;
        CHECK(rows == run.mutants.size() + 1);  // the gradebook: a header and a row per student
        // Nothing of the canary file reaches the terminal, the results or the gradebook, and no
        // character that steers a terminal does either: what students wrote is shown written out.
        const std::string json_text = mutants::read_text(run.folder.string() + ".json");
        const std::string csv_text = mutants::read_text(run.folder.string() + ".csv");
        CHECK_MESSAGE((run.output + json_text + csv_text).find(targets.canary_text) == std::string::npos,
                      "the canary file's text leaked into labcheck's output");
        CHECK_MESSAGE(control_character_at(run.output).empty(), "the terminal output holds " << control_character_at(run.output));
        CHECK_MESSAGE(control_character_at(csv_text).empty(), "the gradebook holds " << control_character_at(csv_text));
        CHECK_MESSAGE(control_character_at(json_text).empty(), "the JSON file holds " << control_character_at(json_text));
        for (const auto& s : run.results["students"]) {
            // (the "student" field is the folder's exact name, as data; everything shown is in "results")
            const std::string found = control_character_in_strings(s["results"]);
            CHECK_MESSAGE(found.empty(), "the results of " << s["student"].dump() << " hold " << found);
        }
        for (const Mutant* m : run.mutants) {
            const nlohmann::json* student = nullptr;
            for (const auto& s : run.results["students"]) {
                if (s["student"] == m->student) student = &s;
            }
            INFO(m->label());
            REQUIRE(student != nullptr);
            // its gradebook row names it as it is, control characters written out, UTF-8 letters intact
            CHECK(csv_text.find("\n" + course::csv_field(m->student) + ",") != std::string::npos);
            check_mutant(*m, *student);
            ++checked;
        }
    }
    MESSAGE(checked << " mutants checked end to end");
    CHECK(checked + skipped == mutants.size());
    fs::remove_all(work);
}
