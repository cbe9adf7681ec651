#include "protocol/oclgrind_report.hpp"

#include <algorithm>
#include <regex>
#include <sstream>

namespace labcheck {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return {};
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

// Oclgrind indents every line of a diagnostic after the first with a tab; any
// other non-empty line starts something new (another diagnostic, or output that
// is not Oclgrind's).
bool is_heading(const std::string& line) {
    return !line.empty() && line[0] != '\t';
}

OclgrindKind kind_of(const std::string& heading) {
    if (starts_with(heading, "Work-group divergence")) return OclgrindKind::divergence;
    if (heading.find("data race at") != std::string::npos) return OclgrindKind::data_race;
    if (starts_with(heading, "Invalid memory") && heading.find("not aligned") != std::string::npos) {
        return OclgrindKind::misaligned;
    }
    if (starts_with(heading, "Invalid read") || starts_with(heading, "Invalid write") ||
        starts_with(heading, "Invalid memory")) {
        return OclgrindKind::invalid_access;
    }
    if (heading.find("ninitialized") != std::string::npos) return OclgrindKind::uninitialized;
    if (starts_with(heading, "Index (")) return OclgrindKind::array_bounds;
    return OclgrindKind::other;
}

std::string memory_of(const std::string& heading) {
    static const std::regex memory(R"(\b(local|global|private|constant) memory\b)");
    std::smatch match;
    return std::regex_search(heading, match, memory) ? match[1].str() : std::string();
}

std::string id_after(const std::string& entity, const std::string& label) {
    static const std::regex id(R"(\(\d+,\d+,\d+\))");
    const auto at = entity.find(label + "(");
    if (at == std::string::npos) return {};
    std::smatch match;
    const std::string rest = entity.substr(at + label.size());
    return std::regex_search(rest, match, id) && match.position(0) == 0 ? match[0].str() : std::string();
}

void parse_body(OclgrindDiagnostic& d, const std::vector<std::string>& body) {
    static const std::regex at_line(R"(^At line (\d+)(?: \(column (\d+)\))? of (.*?):?$)");
    static const std::regex only(R"(^Only (\d+) out of (\d+) work-items)");
    OclgrindAccess* current = nullptr;
    bool expect_source = false;
    for (const auto& raw : body) {
        const std::string line = trimmed(raw);
        if (line.empty()) {
            expect_source = false;
            continue;
        }
        std::smatch match;
        if (expect_source) {
            expect_source = false;
            if (current != nullptr) current->source_line = line;
            continue;
        }
        if (starts_with(line, "Kernel:")) {
            d.kernel = trimmed(line.substr(7));
        } else if (starts_with(line, "Work-group:")) {
            d.work_group = trimmed(line.substr(11));
        } else if (std::regex_search(line, match, only)) {
            d.arrived = static_cast<unsigned>(std::stoul(match[1]));
            d.group_size = static_cast<unsigned>(std::stoul(match[2]));
        } else if (starts_with(line, "Entity:") || starts_with(line, "First entity:") ||
                   starts_with(line, "Second entity:") || starts_with(line, "Work-item:")) {
            d.accesses.emplace_back();
            current = &d.accesses.back();
            current->entity = trimmed(line.substr(line.find(':') + 1));
        } else if (starts_with(line, "Previous work-items executed")) {
            // Divergence at different barriers: where the rest of the group waits.
            d.accesses.emplace_back();
            current = &d.accesses.back();
            current->entity = "the other work-items";
        } else if (starts_with(line, "fence=") || starts_with(line, "events[")) {
            continue;
        } else if (std::regex_match(line, match, at_line)) {
            if (current == nullptr || current->line != 0) {
                d.accesses.emplace_back();
                current = &d.accesses.back();
            }
            current->line = static_cast<unsigned>(std::stoul(match[1]));
            current->column = match[2].matched ? static_cast<unsigned>(std::stoul(match[2])) : 0;
            current->file = match[3].str();
            expect_source = true;
        } else if (line == "Debugging information not available." || line == "(location unknown)") {
            continue;
        } else if (current == nullptr || current->line != 0) {
            d.accesses.emplace_back();
            current = &d.accesses.back();
            current->instruction = line;
        } else if (current->instruction.empty()) {
            current->instruction = line;
        }
    }
}

}  // namespace

bool OclgrindAccess::is_store() const {
    return starts_with(instruction, "store ") || instruction.find(" store ") != std::string::npos;
}

bool OclgrindAccess::is_load() const {
    return instruction.find("= load ") != std::string::npos;
}

std::string OclgrindAccess::local_id() const {
    return id_after(entity, "Local");
}

std::string OclgrindAccess::group_id() const {
    return id_after(entity, "Group");
}

OclgrindOutput parse_oclgrind_output(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);

    OclgrindOutput output;
    std::string context;
    for (std::size_t i = 0; i < lines.size();) {
        const std::string& line = lines[i];
        if (!is_heading(line)) {
            ++i;
            continue;
        }
        std::string heading = trimmed(line);
        if (starts_with(heading, "OCLGRIND FATAL ERROR")) {
            // "OCLGRIND FATAL ERROR (file:line)" and, on the next line, what went wrong.
            std::string what = heading;
            if (i + 1 < lines.size() && is_heading(lines[i + 1])) what = trimmed(lines[++i]);
            output.simulator_errors.push_back(what);
            ++i;
            while (i < lines.size() && !is_heading(lines[i])) ++i;
            continue;
        }
        std::vector<std::string> body;
        std::size_t next = i + 1;
        while (next < lines.size() && !is_heading(lines[next])) body.push_back(lines[next++]);
        i = next;

        if (line[0] == ' ') continue;  // Oclgrind starts its headings at column 0
        if (starts_with(heading, kOclgrindMarker)) {
            context = heading.substr(std::string(kOclgrindMarker).size());
            continue;
        }
        if (starts_with(heading, "Oclgrind:") && heading.find("suppressing") != std::string::npos) {
            output.suppressed = true;
            continue;
        }
        const bool names_kernel = std::any_of(body.begin(), body.end(),
                                              [](const std::string& b) { return starts_with(trimmed(b), "Kernel:"); });
        if (!names_kernel) continue;  // not an Oclgrind diagnostic: some other program's output

        OclgrindDiagnostic d;
        d.heading = heading;
        d.kind = kind_of(heading);
        d.memory = memory_of(heading);
        d.context = context;
        parse_body(d, body);
        output.diagnostics.push_back(std::move(d));
    }
    return output;
}

const char* oclgrind_kind_name(OclgrindKind kind) {
    switch (kind) {
        case OclgrindKind::divergence:
            return "divergence";
        case OclgrindKind::data_race:
            return "data-race";
        case OclgrindKind::invalid_access:
            return "out-of-bounds";
        case OclgrindKind::misaligned:
            return "misaligned";
        case OclgrindKind::uninitialized:
            return "uninitialized";
        case OclgrindKind::array_bounds:
            return "array-bounds";
        case OclgrindKind::other:
            return "other";
    }
    return "other";
}

}  // namespace labcheck
