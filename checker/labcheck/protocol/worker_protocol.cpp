#include "protocol/worker_protocol.hpp"

#include <fstream>
#include <stdexcept>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace labcheck {

namespace {

const std::vector<std::pair<JobKind, const char*>>& kind_names() {
    static const std::vector<std::pair<JobKind, const char*>> names{{JobKind::probe, "probe"},
                                                                    {JobKind::check, "check"},
                                                                    {JobKind::static_analysis, "static"},
                                                                    {JobKind::dynamic, "dynamic"},
                                                                    {JobKind::speedup, "speedup"}};
    return names;
}

}  // namespace

const char* job_kind_name(JobKind kind) {
    for (const auto& [k, name] : kind_names()) {
        if (k == kind) return name;
    }
    return "?";
}

nlohmann::json job_to_json(const WorkerJob& job) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& c : job.checks) checks.push_back({{"size", c.size}, {"seed", c.seed}, {"hidden", c.hidden}});
    return {{"kind", job_kind_name(job.kind)},
            {"root", job.root},
            {"lab_folder", job.lab_folder},
            {"kernels_dir", job.kernels_dir},
            {"kernels_display", job.kernels_display},
            {"device", job.device},
            {"device_class", job.device_class},
            {"defines", job.defines},
            {"define_set", job.define_set},
            {"pocl_work_group_method", job.pocl_work_group_method},
            {"compile_ahead", job.compile_ahead},
            {"min_ratio", job.min_ratio},
            {"checks", checks}};
}

WorkerJob job_from_json(const nlohmann::json& json) {
    WorkerJob job;
    const auto kind = json.at("kind").get<std::string>();
    bool known = false;
    for (const auto& [k, name] : kind_names()) {
        if (kind == name) {
            job.kind = k;
            known = true;
        }
    }
    if (!known) throw std::runtime_error("unknown job kind " + kind);
    job.root = json.at("root").get<std::string>();
    job.lab_folder = json.at("lab_folder").get<std::string>();
    job.kernels_dir = json.at("kernels_dir").get<std::string>();
    job.kernels_display = json.at("kernels_display").get<std::string>();
    job.device = json.at("device").get<std::string>();
    job.device_class = json.at("device_class").get<course::DeviceClass>();
    job.defines = json.at("defines").get<course::Defines>();
    job.define_set = json.value("define_set", "");
    job.pocl_work_group_method = json.value("pocl_work_group_method", "");
    job.compile_ahead = json.value("compile_ahead", false);
    job.min_ratio = json.value("min_ratio", 0.0);
    for (const auto& c : json.at("checks")) {
        job.checks.push_back(
            {c.at("size").get<std::string>(), c.at("seed").get<std::uint64_t>(), c.at("hidden").get<bool>()});
    }
    return job;
}

EventWriter::EventWriter(const std::filesystem::path& file) {
    fd_ = open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

EventWriter::~EventWriter() {
    if (fd_ >= 0) close(fd_);
}

void EventWriter::write(const WorkerEvent& event) {
    if (fd_ < 0) return;
    // Invalid UTF-8 (a student's bytes in a message) is replaced, never thrown on.
    const std::string line = event_to_json(event).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    std::size_t done = 0;
    while (done < line.size()) {
        const auto n = ::write(fd_, line.data() + done, line.size() - done);
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

WorkerEvents read_events(const std::filesystem::path& file) {
    std::vector<nlohmann::json> lines;
    std::ifstream in(file, std::ios::binary);
    for (std::string line; std::getline(in, line);) {
        auto event = nlohmann::json::parse(line, nullptr, false);
        if (!event.is_discarded()) lines.push_back(std::move(event));
    }
    return parse_worker_events(lines);
}

}  // namespace labcheck
