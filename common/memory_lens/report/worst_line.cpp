#include "memory_lens/report/worst_line.hpp"

#include "memory_lens/counting/request_cost.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace memory_lens {

namespace {

std::string lowered(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// The first "## " or "### " heading of `readme` that holds `topic` (lowercase), without its hashes.
std::string readme_heading(const std::string& readme, const std::string& topic) {
    std::istringstream lines(readme);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("## ", 0) != 0 && line.rfind("### ", 0) != 0) continue;
        if (lowered(line).find(topic) != std::string::npos) return line.substr(line.find(' ') + 1);
    }
    return "";
}

std::string source_line(const std::string& source, std::uint32_t number) {
    std::istringstream lines(source);
    std::string line;
    for (std::uint32_t at = 1; std::getline(lines, line); ++at) {
        if (at != number) continue;
        const auto first = line.find_first_not_of(" \t");
        line = first == std::string::npos ? "" : line.substr(first);
        return line.size() > 60 ? line.substr(0, 57) + "..." : line;
    }
    return "";
}

// How far a site is from free: sectors over the ideal (global), the average degree (local).
double excess(const Site& site, const SiteCounts& counts) {
    if (counts.requests == 0 || site.space == Space::image) return 0;
    if (site.space == Space::global) {
        return static_cast<double>(counts.sectors) / static_cast<double>(std::max<std::uint64_t>(counts.ideal_sectors, 1));
    }
    return static_cast<double>(counts.degree_sum) / static_cast<double>(counts.requests);
}

}  // namespace

std::string worst_line_reading(const LaunchCounts& launch, const std::string& source, const std::string& readme) {
    const Site* worst = nullptr;
    double worst_excess = 1.0;
    for (const auto& [site, counts] : launch.sites) {
        const double e = excess(site, counts);
        if (e > worst_excess + 1e-9) worst_excess = e, worst = &site;
    }
    if (worst == nullptr) {
        return "Reading it: every global request is coalesced and every local one free of bank conflicts; what is "
               "left to lower is the global bytes per output element, by reusing data (the least traffic line).\n";
    }
    const bool global = worst->space == Space::global;
    std::string text = fmt::format(
        "Reading it: line {} (`{}`) costs most: its {} {} {}.", worst->line, source_line(source, worst->line),
        global ? "global" : "local", worst->direction == Direction::load ? "load" : "store",
        global ? fmt::format("moves {:.1f}x the sectors its bytes need (not coalesced)", worst_excess)
               : fmt::format("is a {:.1f}-way bank conflict on average (its requests served in that many turns)",
                             worst_excess));
    const std::string heading = readme_heading(readme, global ? "coalesc" : "bank conflict");
    if (!heading.empty()) text += fmt::format(" The lab's README explains it under \"{}\".", heading);
    return text + "\n";
}

}  // namespace memory_lens
