#include "class/class_records.hpp"

#include "protocol/harness_json.hpp"

#include "util/atomic_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <sys/stat.h>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kLargestHashedFile = 16u << 20;

// FNV-1a, 64 bits: stable across runs and machines (std::hash is not), enough to notice a change.
class Fnv1a {
public:
    void add(const std::string& bytes) {
        for (const unsigned char c : bytes) hash_ = (hash_ ^ c) * 0x100000001b3ull;
        const unsigned char separator = 0xff;  // "ab"+"c" differs from "a"+"bc"
        hash_ = (hash_ ^ separator) * 0x100000001b3ull;
    }
    std::string hex() const { return fmt::format("{:016x}", hash_); }

private:
    std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

std::string file_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every entry under `dir` (not following links), sorted by relative path: a folder, a link or a
// special file where the kernel should be is graded differently from no file at all.
std::vector<fs::path> folder_entries(const fs::path& dir) {
    std::vector<fs::path> entries;
    std::error_code ec;
    if (!fs::is_directory(fs::symlink_status(dir, ec))) return entries;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        entries.push_back(fs::relative(it->path(), dir, ec));
    }
    std::sort(entries.begin(), entries.end());
    return entries;
}

// What an entry is, for the hash: a regular file's bytes (its size past kLargestHashedFile), a link's
// target, or its kind.
std::string entry_text(const fs::path& path) {
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    if (fs::is_symlink(status)) return "link to " + fs::read_symlink(path, ec).string();
    if (fs::is_directory(status)) return "folder";
    if (!fs::is_regular_file(status)) return "special file";
    const auto size = fs::file_size(path, ec);
    return ec || size > kLargestHashedFile ? fmt::format("size {}", ec ? 0 : size) : "file " + file_text(path);
}

nlohmann::json finding_json(const Finding& f) {
    return {{"source", f.source}, {"rule", f.rule},       {"error", f.error},    {"file", f.file},
            {"line", f.line},     {"summary", f.summary}, {"message", f.message}};
}

Finding finding_from(const nlohmann::json& j) {
    return {j.at("source").get<std::string>(), j.at("rule").get<std::string>(), j.at("error").get<bool>(),
            j.at("file").get<std::string>(),   j.at("line").get<unsigned>(),    j.at("summary").get<std::string>(),
            j.at("message").get<std::string>()};
}

nlohmann::json optional_json(const std::optional<double>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::optional<double> optional_from(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
    return j.at(key).get<double>();
}

nlohmann::json result_json(const StageResult& r) {
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : r.findings) findings.push_back(finding_json(f));
    return {{"lab", r.lab},
            {"lab_folder", r.lab_folder},
            {"file", r.file},
            {"stage", stage_name(r.stage)},
            {"verdict", verdict_name(r.verdict)},
            {"points", r.points},
            {"max_points", r.max_points},
            {"reason", r.reason},
            {"details", r.details},
            {"feedback", r.feedback},
            {"findings", findings},
            {"seconds", r.seconds},
            {"baseline_seconds", optional_json(r.baseline_seconds)},
            {"submission_seconds", optional_json(r.submission_seconds)},
            {"ratio", optional_json(r.ratio)},
            {"min_ratio", optional_json(r.min_ratio)},
            {"rate", optional_json(r.rate)},
            {"rate_unit", r.rate_unit},
            {"ceiling", optional_json(r.ceiling)},
            {"ceiling_name", r.ceiling_name},
            {"shared_from", r.shared_from}};
}

Verdict verdict_from(const std::string& name) {
    for (const Verdict v : all_verdicts()) {
        if (name == verdict_name(v)) return v;
    }
    throw std::runtime_error("unknown verdict " + name);
}

StageResult result_from(const nlohmann::json& j) {
    StageResult r;
    r.lab = j.at("lab").get<std::string>();
    r.lab_folder = j.at("lab_folder").get<std::string>();
    r.file = j.at("file").get<std::string>();
    const auto stage = stage_from_name(j.at("stage").get<std::string>());
    if (!stage) throw std::runtime_error("unknown stage");
    r.stage = *stage;
    r.verdict = verdict_from(j.at("verdict").get<std::string>());
    r.points = j.at("points").get<double>();
    r.max_points = j.at("max_points").get<double>();
    r.reason = j.at("reason").get<std::string>();
    r.details = j.at("details").get<std::string>();
    r.feedback = j.value("feedback", std::string());  // records written before it had none
    for (const auto& f : j.at("findings")) r.findings.push_back(finding_from(f));
    r.seconds = j.at("seconds").get<double>();
    r.baseline_seconds = optional_from(j, "baseline_seconds");
    r.submission_seconds = optional_from(j, "submission_seconds");
    r.ratio = optional_from(j, "ratio");
    r.min_ratio = optional_from(j, "min_ratio");
    r.rate = optional_from(j, "rate");  // the leaderboard's figures: absent in records of older graders
    r.rate_unit = j.value("rate_unit", std::string());
    r.ceiling = optional_from(j, "ceiling");
    r.ceiling_name = j.value("ceiling_name", std::string());
    r.shared_from = j.value("shared_from", std::string());
    return r;
}


// A record's device class, named as everywhere in labcheck's files ("cpu", "gpu": device_class_key);
// a record of an older grader wrote the printed name ("CPU", "GPU") and is read too.
std::optional<course::DeviceClass> device_class_from(const nlohmann::json& j) {
    if (!j.is_string()) return std::nullopt;
    if (const auto c = course::device_class_from_key(j.get<std::string>())) return c;
    for (const auto c : {course::DeviceClass::cpu, course::DeviceClass::gpu}) {
        if (j.get<std::string>() == course::device_class_name(c)) return c;
    }
    return std::nullopt;
}

}  // namespace

const char* record_state_name(RecordState state) {
    switch (state) {
        case RecordState::current:
            return "current";
        case RecordState::missing:
            return "missing";
        case RecordState::grader_failed:
            return "grader error";
        case RecordState::stale:
            return "stale";
    }
    return "?";
}

std::string submission_hash(const course::KernelSet& kernels, const std::vector<std::string>& lab_folders) {
    Fnv1a hash;
    for (const auto& folder : lab_folders) {
        hash.add(folder);
        std::error_code ec;
        const auto status = fs::symlink_status(kernels.dir / folder, ec);
        hash.add(fs::is_directory(status) ? "folder" : fs::exists(status) ? entry_text(kernels.dir / folder) : "none");
        for (const auto& relative : folder_entries(kernels.dir / folder)) {
            hash.add(relative.string());
            hash.add(entry_text(kernels.dir / folder / relative));
        }
    }
    return hash.hex();
}

nlohmann::json hidden_json(const HiddenChecksByLab& hidden) {
    nlohmann::json labs = nlohmann::json::object();
    for (const auto& [lab, checks] : hidden) {
        labs[lab] = {{"sizes", checks.sizes},
                     {"seeds", checks.seeds},
                     {"time_sizes", checks.time_sizes},
                     {"time_seed", checks.time_seed ? nlohmann::json(*checks.time_seed) : nlohmann::json(nullptr)}};
    }
    return labs;
}

nlohmann::json labs_json(const GradeSettings& settings) {
    nlohmann::json labs = nlohmann::json::array();
    for (const auto& folder : settings.lab_folders) {
        labs.push_back({folder, file_text(settings.root / "labs" / folder / "lab.toml")});
    }
    return labs;
}

std::string config_hash(const GradeSettings& settings, const RunnerSettings& limits) {
    const nlohmann::json config = {{"options", settings.recorded_options},
                                   {"device_class", settings.device_report.device_class},
                                   {"oclgrind", !limits.oclgrind.empty()}};
    Fnv1a hash;
    hash.add(config.dump());
    return hash.hex();
}

fs::path record_path(const fs::path& results_dir, const std::string& student) {
    return results_dir / (student + ".json");
}

nlohmann::json record_json(const StudentRecord& record) {
    nlohmann::json results = nlohmann::json::array();
    for (const auto& r : record.report.results) results.push_back(result_json(r));
    return {{"student", record.student},
            {"labs", record.lab_folders},
            {"submission_hash", record.submission_hash},
            {"config_hash", record.config_hash},
            {"graded_by", record.graded_by},
            {"submission", record.report.submission},
            {"device", record.report.device_label},
            {"device_class", record.report.device_class
                                 ? nlohmann::json(course::device_class_key(*record.report.device_class))
                                 : nlohmann::json(nullptr)},
            {"seconds", record.report.seconds},
            {"upload_notes", record.report.upload_notes},
            {"exit_status", record.report.exit_status()},
            {"score", record.report.score()},
            {"max_score", record.report.max_score()},
            {"results", results}};
}

std::optional<StudentRecord> read_record(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    try {
        const auto j = nlohmann::json::parse(file_text(file));
        StudentRecord record;
        record.student = j.at("student").get<std::string>();
        record.lab_folders = j.at("labs").get<std::vector<std::string>>();
        record.submission_hash = j.at("submission_hash").get<std::string>();
        record.config_hash = j.at("config_hash").get<std::string>();
        record.graded_by = j.value("graded_by", nlohmann::json::object());
        record.report.submission = j.at("submission").get<std::string>();
        record.report.device_label = j.at("device").get<std::string>();
        record.report.device_class = device_class_from(j.value("device_class", nlohmann::json(nullptr)));
        record.report.seconds = j.at("seconds").get<double>();
        record.report.upload_notes = j.value("upload_notes", std::vector<std::string>());
        for (const auto& r : j.at("results")) record.report.results.push_back(result_from(r));
        return record;
    } catch (const std::exception&) {
        return std::nullopt;  // not a record this grader wrote: graded again
    }
}

void write_record(const fs::path& results_dir, const StudentRecord& record) {
    // ASCII only: what a student's file or folder name holds is kept exactly, as \u escapes, never raw.
    const auto text = record_json(record).dump(2, ' ', true, nlohmann::json::error_handler_t::replace) + "\n";
    course::write_file_atomically(record_path(results_dir, record.student), text);
}

RecordState record_state(const std::optional<StudentRecord>& record, const std::string& submission_hash,
                         const std::string& config_hash) {
    if (!record) return RecordState::missing;
    if (record->submission_hash != submission_hash || record->config_hash != config_hash) return RecordState::stale;
    if (record->report.exit_status() == 2) return RecordState::grader_failed;
    return RecordState::current;
}

ClassReport report_from_records(const fs::path& results_dir,
                                const std::vector<std::pair<std::string, course::KernelSet>>& students) {
    ClassReport report;
    for (const auto& [name, kernels] : students) {
        auto record = read_record(record_path(results_dir, name));
        // The file's name says whose it is: the name inside may have lost bytes that are not UTF-8.
        if (record && record->submission_hash == submission_hash(kernels, record->lab_folders)) {
            report.students.emplace_back(name, std::move(record->report));
            report.configurations.insert(record->config_hash);
        } else {
            report.missing.push_back(name);
        }
    }
    return report;
}

}  // namespace labcheck
