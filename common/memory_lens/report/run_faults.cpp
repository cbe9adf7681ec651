#include "memory_lens/report/run_faults.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <sstream>

namespace memory_lens {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

FaultKind kind_of(const std::string& heading) {
    if (starts_with(heading, "Work-group divergence") || starts_with(heading, "Work-item divergence")) {
        return FaultKind::barrier_divergence;
    }
    if (heading.find("data race") != std::string::npos) return FaultKind::data_race;
    if (starts_with(heading, "Invalid read") || starts_with(heading, "Invalid write") ||
        starts_with(heading, "Invalid memory") || starts_with(heading, "Index (")) {
        return FaultKind::out_of_bounds;
    }
    if (heading.find("ninitialized") != std::string::npos) return FaultKind::uninitialized;
    return FaultKind::other;
}

std::string memory_of(const std::string& heading) {
    static const std::regex memory(R"(\b(local|global|private|constant) memory\b)");
    std::smatch match;
    return std::regex_search(heading, match, memory) ? match[1].str() : std::string();
}

// One Oclgrind diagnostic from its heading and indented body: the first line of the kernel it names.
RunFault fault_of(const std::string& heading, const std::vector<std::string>& body) {
    static const std::regex at_line(R"(^At line (\d+)(?: \(column \d+\))? of .*$)");
    RunFault fault;
    fault.heading = heading;
    fault.kind = kind_of(heading);
    fault.memory = memory_of(heading);
    for (std::size_t i = 0; i < body.size() && fault.line == 0; ++i) {
        std::smatch match;
        const std::string line = trimmed(body[i]);
        if (std::regex_match(line, match, at_line)) {
            fault.line = static_cast<std::uint32_t>(std::stoul(match[1]));
            if (i + 1 < body.size()) fault.source_line = trimmed(body[i + 1]);
        }
    }
    return fault;
}

void add_fault(std::vector<RunFault>& faults, RunFault fault) {
    const auto same = std::find_if(faults.begin(), faults.end(), [&](const RunFault& f) {
        return f.kind == fault.kind && f.line == fault.line && f.memory == fault.memory;
    });
    if (same != faults.end()) {
        same->times += 1;
    } else {
        faults.push_back(std::move(fault));
    }
}

// The run's output less Oclgrind's diagnostics: what the run's own check printed.
std::string check_words(const std::vector<std::string>& lines) {
    std::string words;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const bool diagnostic = i + 1 < lines.size() && !lines[i].empty() && lines[i][0] != '\t' &&
                                starts_with(trimmed(lines[i + 1]), "Kernel:");
        if (diagnostic) {
            for (++i; i < lines.size() && (lines[i].empty() || lines[i][0] == '\t'); ++i) {
            }
            --i;
            continue;
        }
        if (!trimmed(lines[i]).empty() && !starts_with(lines[i], "Oclgrind")) words += trimmed(lines[i]) + "\n";
    }
    return words;
}

const char* fault_name(FaultKind kind) {
    switch (kind) {
        case FaultKind::barrier_divergence: return "barrier divergence";
        case FaultKind::data_race: return "data race";
        case FaultKind::out_of_bounds: return "out-of-bounds access";
        case FaultKind::uninitialized: return "uninitialised value";
        case FaultKind::other: return "Oclgrind error";
        case FaultKind::wrong_result: return "wrong result";
    }
    return "error";
}

// What the fault means, in the memory it names (never local memory for a global read).
std::string fault_meaning(const RunFault& fault) {
    const std::string memory = fault.memory.empty() ? "" : fault.memory + " ";
    const bool write = starts_with(fault.heading, "Invalid write");
    switch (fault.kind) {
        case FaultKind::barrier_divergence:
            return "some work-items of a work-group did not reach this barrier (a `return` before it, or the "
                   "barrier under an `if` some work-items skip): keep every barrier where all work-items of the "
                   "group reach it, and guard the loads and stores instead";
        case FaultKind::data_race:
            return fmt::format("two work-items touched the same {}memory element, one of them writing, with no "
                               "barrier between: a barrier belongs between the writes and the reads",
                               memory);
        case FaultKind::out_of_bounds:
            return fmt::format("a {} outside every {}buffer: an index past an array's end (guard it with the "
                               "sizes, e.g. `if (row < m && col < k)`)",
                               write ? "write" : "read", memory);
        case FaultKind::uninitialized:
            return fmt::format("a value used before anything was written to it ({})", fault.heading);
        case FaultKind::other: return fault.heading;
        case FaultKind::wrong_result: {
            std::string words = trimmed(fault.heading);
            for (std::size_t at = words.find('\n'); at != std::string::npos; at = words.find('\n', at + 7)) {
                words.replace(at, 1, "\n      ");
            }
            return "the result was wrong; the check said:\n      " + words;
        }
    }
    return fault.heading;
}

}  // namespace

std::vector<RunFault> run_faults(const std::string& run_output, int exit_status) {
    const std::vector<std::string> lines = lines_of(run_output);
    std::vector<RunFault> faults;
    for (std::size_t i = 0; i < lines.size();) {
        const std::string& line = lines[i];
        std::vector<std::string> body;
        std::size_t next = i + 1;
        while (next < lines.size() && (lines[next].empty() || lines[next][0] == '\t')) body.push_back(lines[next++]);
        const bool names_kernel = std::any_of(body.begin(), body.end(),
                                              [](const std::string& b) { return starts_with(trimmed(b), "Kernel:"); });
        if (!line.empty() && line[0] != '\t' && line[0] != ' ' && names_kernel) {
            add_fault(faults, fault_of(trimmed(line), body));
        }
        i = next;
    }
    if (faults.empty() && exit_status != 0) {
        RunFault wrong;
        wrong.kind = FaultKind::wrong_result;
        wrong.heading = check_words(lines);
        faults.push_back(wrong);
    }
    return faults;
}

std::string run_faults_text(const std::vector<RunFault>& faults, const std::string& kernel_file,
                            const std::string& lab) {
    if (faults.empty()) return {};
    std::string text = fmt::format("THE KERNEL WAS WRONG in this simulated run, so the figures below describe "
                                   "a kernel that did something else than it should:\n");
    for (const RunFault& fault : faults) {
        const std::string where =
            fault.line == 0 ? kernel_file : fmt::format("{}:{}", kernel_file, fault.line);
        text += fmt::format("  {} at {}{}{}\n", fault_name(fault.kind), where,
                            fault.source_line.empty() ? "" : ": `" + fault.source_line + "`",
                            fault.times > 1 ? fmt::format(" ({} times)", fault.times) : "");
        text += fmt::format("    {}\n", fault_meaning(fault));
    }
    text += fmt::format("Fix the kernel first (`lab run {} --no-timing` checks it on your device), then measure it "
                        "again.\n",
                        lab);
    return text;
}

std::string wrong_run_banner() {
    return "FIGURES FROM A WRONG RUN (see above): not what this kernel would cost once it is right\n";
}

}  // namespace memory_lens
