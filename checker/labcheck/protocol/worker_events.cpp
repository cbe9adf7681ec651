#include "protocol/worker_events.hpp"

#include <fmt/format.h>

#include <array>
#include <stdexcept>
#include <utility>

namespace labcheck {

namespace {

using Json = nlohmann::json;

template <class Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, const char*>, N>;

constexpr NameTable<BuildFailure, 6> kBuildFailures{{{BuildFailure::unreadable_file, "unreadable-file"},
                                                     {BuildFailure::compile_error, "compile-error"},
                                                     {BuildFailure::missing_kernel, "missing-kernel"},
                                                     {BuildFailure::wrong_signature, "wrong-signature"},
                                                     {BuildFailure::opencl_error, "opencl-error"},
                                                     {BuildFailure::other, "other"}}};
constexpr NameTable<CompileWhat, 3> kCompileWhats{{{CompileWhat::submission, "submission"},
                                                   {CompileWhat::baseline, "baseline"},
                                                   {CompileWhat::first_launch, "first-launch"}}};
constexpr NameTable<SetSkip, 2> kSetSkips{{{SetSkip::device_limit, "device-limit"},
                                           {SetSkip::extension_unused, "extension-unused"}}};
constexpr NameTable<course::RateUnit, 2> kRateUnits{{{course::RateUnit::gigabytes_per_second, "GB/s"},
                                                     {course::RateUnit::gigaflops_per_second, "GFLOP/s"}}};
constexpr NameTable<course::RateCeiling, 2> kRateCeilings{{{course::RateCeiling::copy_bandwidth, "copy bandwidth"},
                                                           {course::RateCeiling::fma_peak, "FMA peak"}}};
constexpr NameTable<TimedKernel, 2> kTimedKernels{{{TimedKernel::baseline, "baseline"},
                                                   {TimedKernel::submission, "submission"}}};
constexpr NameTable<WorkerErrorKind, 5> kErrorKinds{{{WorkerErrorKind::baseline, "baseline"},
                                                     {WorkerErrorKind::memory, "memory"},
                                                     {WorkerErrorKind::user, "user"},
                                                     {WorkerErrorKind::opencl, "opencl"},
                                                     {WorkerErrorKind::internal, "internal"}}};

template <class Enum, std::size_t N>
const char* name_of(Enum value, const NameTable<Enum, N>& table) {
    for (const auto& [v, name] : table) {
        if (v == value) return name;
    }
    return "?";
}

// The enum named by json[key], or `fallback` when the key is absent; an unknown name throws.
template <class Enum, std::size_t N>
Enum enum_at(const Json& json, const char* key, const NameTable<Enum, N>& table, Enum fallback) {
    if (!json.contains(key)) return fallback;
    const auto name = json.at(key).get<std::string>();
    for (const auto& [v, known] : table) {
        if (name == known) return v;
    }
    throw std::invalid_argument(fmt::format("\"{}\" is not a known {}", name, key));
}

// A size check's fields, as several events carry them; defaults as the parent always read them.
void put_check(Json& json, const SizeCheck& check) {
    json["size"] = check.size;
    json["seed"] = check.seed;
    json["hidden"] = check.hidden;
}
SizeCheck check_of(const Json& json, const std::string& unknown_size) {
    return {json.value("size", unknown_size), json.value("seed", std::uint64_t{1}), json.value("hidden", false)};
}

// The event type whose name is `name`, parsed from `json`; nullopt when no type has that name.
template <std::size_t I = 0>
std::optional<WorkerEvent> parse_named(const std::string& name, const Json& json) {
    if constexpr (I == std::variant_size_v<WorkerEvent>) {
        return std::nullopt;
    } else {
        using Event = std::variant_alternative_t<I, WorkerEvent>;
        if (name == Event::kName) return WorkerEvent{json.get<Event>()};
        return parse_named<I + 1>(name, json);
    }
}

// How an unreadable line is named in the message: its event name when it has one.
std::string event_label(const Json& line) {
    if (!line.is_object()) return "not an object";
    const auto name = line.find("event");
    return name != line.end() && name->is_string() ? "\"" + name->get<std::string>() + "\"" : "unnamed";
}

}  // namespace

void to_json(Json& json, const DeviceEvent& event) {
    json = {{"label", event.label},
            {"platform", event.platform},
            {"class", event.device_class}};
}
void from_json(const Json& json, DeviceEvent& event) {
    event.label = json.value("label", "?");
    event.platform = json.value("platform", "");
    event.device_class = json.value("class", course::DeviceClass::cpu);
}

void to_json(Json& json, const CompileStartEvent& event) { json = {{"what", name_of(event.what, kCompileWhats)}}; }
void from_json(const Json& json, CompileStartEvent& event) {
    event.what = enum_at(json, "what", kCompileWhats, CompileWhat::submission);
}

void to_json(Json& json, const CompileEndEvent& event) {
    json = {{"what", name_of(event.what, kCompileWhats)}, {"seconds", event.seconds}};
}
void from_json(const Json& json, CompileEndEvent& event) {
    event.what = enum_at(json, "what", kCompileWhats, CompileWhat::submission);
    event.seconds = json.at("seconds").get<double>();
}

void to_json(Json& json, const BuildEvent& event) {
    json = {{"ok", event.ok}, {"file", event.file}};
    if (event.ok) {
        json["warnings"] = event.warnings;
        json["defines"] = event.defines;
        json["kernels"] = event.kernels;
        if (!event.note.empty()) json["note"] = event.note;
        if (!event.left_out.empty()) json["left_out"] = event.left_out;
        if (!event.source.empty()) json["source"] = event.source;
        if (!event.vector_type.empty()) {
            json["vector_type"] = event.vector_type;
            json["vector_line"] = event.vector_line;
        }
        if (!event.other_kernels.empty()) json["other_kernels"] = event.other_kernels;
        return;
    }
    json["kind"] = name_of(event.failure, kBuildFailures);
    json["message"] = event.message;
    if (!event.happened.empty()) json["happened"] = event.happened;
    if (event.failure == BuildFailure::compile_error) {
        json["line"] = event.line;
        json["log"] = event.log;
    }
}
void from_json(const Json& json, BuildEvent& event) {
    event.ok = json.at("ok").get<bool>();
    event.file = json.value("file", "");
    event.warnings = json.value("warnings", "");
    event.defines = json.value("defines", course::Defines{});
    event.kernels = json.value("kernels", std::vector<std::string>{});
    event.note = json.value("note", "");
    event.left_out = json.value("left_out", std::vector<std::string>{});
    event.source = json.value("source", "");
    event.vector_type = json.value("vector_type", "");
    event.vector_line = json.value("vector_line", 0u);
    event.other_kernels = json.value("other_kernels", "");
    event.failure = enum_at(json, "kind", kBuildFailures, BuildFailure::other);
    event.message = json.value("message", "");
    event.happened = json.value("happened", "");
    event.line = json.value("line", 0u);
    event.log = json.value("log", "");
}

void to_json(Json& json, const CheckStartEvent& event) {
    json = Json::object();
    put_check(json, event.check);
}
void from_json(const Json& json, CheckStartEvent& event) {
    event.check = check_of(json, "?");
}

void to_json(Json& json, const CheckEvent& event) {
    json = {{"ok", event.ok}, {"unstable", event.unstable}, {"ran", event.ran}, {"problem", event.problem}};
    if (!event.repeating.empty()) json["repeating"] = event.repeating;
    put_check(json, event.check);
}
void from_json(const Json& json, CheckEvent& event) {
    event.check = check_of(json, "?");
    event.ok = json.at("ok").get<bool>();
    event.unstable = json.value("unstable", false);
    event.ran = json.value("ran", true);
    event.problem = json.value("problem", "");
    event.repeating = json.value("repeating", "");
}

void to_json(Json& json, const SetSkippedEvent& event) {
    json = {{"define_set", event.define_set}, {"reason", event.reason}, {"kind", name_of(event.kind, kSetSkips)}};
}
void from_json(const Json& json, SetSkippedEvent& event) {
    event.define_set = json.value("define_set", "");
    event.reason = json.value("reason", "");
    event.kind = enum_at(json, "kind", kSetSkips, SetSkip::device_limit);
}

void to_json(Json& json, const TimingEvent& event) {
    json = {{"baseline_seconds", event.baseline_seconds},
            {"submission_seconds", event.submission_seconds},
            {"repetitions", event.repetitions},
            {"round_ratios", event.round_ratios},
            {"tuned_file", event.tuned_file}};
    put_check(json, event.check);
}
void from_json(const Json& json, TimingEvent& event) {
    event.check = check_of(json, "");
    event.baseline_seconds = json.at("baseline_seconds").get<double>();
    event.submission_seconds = json.at("submission_seconds").get<double>();
    event.repetitions = json.value("repetitions", 0);
    event.round_ratios = json.value("round_ratios", std::vector<double>());
    event.tuned_file = json.value("tuned_file", "");
}

void to_json(Json& json, const RateEvent& event) {
    json = {{"rate", event.rate},
            {"unit", name_of(event.unit, kRateUnits)},
            {"ceiling_name", name_of(event.ceiling_kind, kRateCeilings)}};
    if (event.ceiling) json["ceiling"] = *event.ceiling;
    if (!event.ceiling_error.empty()) json["ceiling_error"] = event.ceiling_error;
    if (event.cpu_limit) json["cpu_limit"] = true;
}
void from_json(const Json& json, RateEvent& event) {
    event.rate = json.at("rate").get<double>();
    event.unit = enum_at(json, "unit", kRateUnits, course::RateUnit::gigaflops_per_second);
    event.ceiling_kind = enum_at(json, "ceiling_name", kRateCeilings, course::RateCeiling::fma_peak);
    if (json.contains("ceiling")) event.ceiling = json.at("ceiling").get<double>();
    event.ceiling_error = json.value("ceiling_error", "");
    event.cpu_limit = json.value("cpu_limit", false);
}

void to_json(Json& json, const WrongResultEvent& event) {
    json = {{"who", name_of(event.who, kTimedKernels)}, {"launch", event.launch}, {"message", event.message}};
    put_check(json, event.check);
}
void from_json(const Json& json, WrongResultEvent& event) {
    event.who = enum_at(json, "who", kTimedKernels, TimedKernel::submission);
    event.check = check_of(json, "");
    event.launch = json.value("launch", 0);
    event.message = json.value("message", "");
}

void to_json(Json& json, const RunErrorEvent& event) {
    json = {{"message", event.message}};
}
void from_json(const Json& json, RunErrorEvent& event) {
    event.message = json.value("message", "");
}

void to_json(Json& json, const StaticFindingRecord& finding) {
    json = {{"error", finding.error}, {"rule", finding.rule},     {"file", finding.file},
            {"line", finding.line},   {"column", finding.column}, {"message", finding.message}};
}
void from_json(const Json& json, StaticFindingRecord& finding) {
    finding.error = json.value("error", true);
    finding.rule = json.value("rule", "");
    finding.file = json.value("file", "");
    finding.line = json.value("line", 0u);
    finding.column = json.value("column", 0u);
    finding.message = json.value("message", "");
}

void to_json(Json& json, const StaticEvent& event) {
    json = {{"findings", event.findings}};
    if (event.kernels) json["kernels"] = *event.kernels;
}
void from_json(const Json& json, StaticEvent& event) {
    event.findings = json.at("findings").get<std::vector<StaticFindingRecord>>();
    event.kernels.reset();
    if (json.contains("kernels")) event.kernels = json.at("kernels").get<std::vector<std::string>>();
}

void to_json(Json& json, const StaticUnavailableEvent&) {
    json = Json::object();
}
void from_json(const Json&, StaticUnavailableEvent&) {}

void to_json(Json& json, const ErrorEvent& event) {
    json = {{"kind", name_of(event.kind, kErrorKinds)}, {"message", event.message}};
}
void from_json(const Json& json, ErrorEvent& event) {
    event.kind = enum_at(json, "kind", kErrorKinds, WorkerErrorKind::internal);
    event.message = json.value("message", "");
}

void to_json(Json& json, const DoneEvent&) {
    json = Json::object();
}
void from_json(const Json&, DoneEvent&) {}

Json event_to_json(const WorkerEvent& event) {
    return std::visit(
        [](const auto& e) {
            Json line = e;
            line["event"] = std::decay_t<decltype(e)>::kName;
            return line;
        },
        event);
}

WorkerEvent event_from_json(const Json& json) {
    if (!json.is_object()) throw std::invalid_argument("a line is not a JSON object");
    const auto name = json.at("event").get<std::string>();
    auto event = parse_named(name, json);
    if (!event) throw std::invalid_argument(fmt::format("\"{}\" is not an event the grader knows", name));
    return std::move(*event);
}

WorkerEvents parse_worker_events(const std::vector<Json>& lines) {
    WorkerEvents events;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        try {
            events.list.push_back(event_from_json(lines[i]));
        } catch (const std::exception& error) {
            events.list.clear();
            events.unreadable = fmt::format("its event {} ({}) could not be read: {}", i + 1,
                                            event_label(lines[i]),
                                            error.what());
            return events;
        }
    }
    return events;
}

}  // namespace labcheck
