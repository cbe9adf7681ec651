#include "memory_lens/counting/launch_counts.hpp"

#include <stdexcept>

namespace memory_lens {

const char* space_name(Space space) {
    switch (space) {
        case Space::global: return "global";
        case Space::local: return "local";
        case Space::image: return "image";
    }
    return "?";
}

LaunchTotals totals_of(const LaunchCounts& launch) {
    LaunchTotals totals;
    for (const auto& [site, counts] : launch.sites) {
        if (site.space == Space::global) {
            totals.global_requests += counts.requests;
            totals.global_sectors += counts.sectors;
            totals.global_ideal_sectors += counts.ideal_sectors;
            if (site.direction == Direction::load) totals.global_load_sectors += counts.sectors;
        } else if (site.space == Space::local) {
            totals.local_requests += counts.requests;
            totals.local_bytes += counts.bytes;
        } else {
            totals.image_requests += counts.requests;
            totals.image_bytes += counts.bytes;
        }
    }
    return totals;
}

namespace {

nlohmann::json site_json(const Site& site, const SiteCounts& counts) {
    return {{"line", site.line},
            {"space", space_name(site.space)},
            {"direction", site.direction == Direction::load ? "load" : "store"},
            {"requests", counts.requests},
            {"bytes", counts.bytes},
            {"sectors", counts.sectors},
            {"ideal_sectors", counts.ideal_sectors},
            {"degree_sum", counts.degree_sum},
            {"degree_worst", counts.degree_worst},
            {"worst_cost", counts.worst_cost},
            {"worst_lanes", counts.worst_lanes}};
}

std::pair<Site, SiteCounts> site_from_json(const nlohmann::json& json) {
    Site site;
    site.line = json.at("line").get<std::uint32_t>();
    const auto space = json.at("space").get<std::string>();
    if (space == "global") {
        site.space = Space::global;
    } else if (space == "local") {
        site.space = Space::local;
    } else if (space == "image") {
        site.space = Space::image;
    } else {
        throw std::runtime_error("memory report: space is \"" + space + "\", not global, local or image");
    }
    site.direction = json.at("direction").get<std::string>() == "store" ? Direction::store : Direction::load;
    SiteCounts counts;
    counts.requests = json.at("requests").get<std::uint64_t>();
    counts.bytes = json.at("bytes").get<std::uint64_t>();
    counts.sectors = json.at("sectors").get<std::uint64_t>();
    counts.ideal_sectors = json.at("ideal_sectors").get<std::uint64_t>();
    counts.degree_sum = json.at("degree_sum").get<std::uint64_t>();
    counts.degree_worst = json.at("degree_worst").get<std::uint64_t>();
    counts.worst_cost = json.value("worst_cost", std::uint64_t{0});
    counts.worst_lanes = json.value("worst_lanes", std::vector<std::pair<std::uint32_t, std::uint64_t>>{});
    return {site, counts};
}

}  // namespace

nlohmann::json to_json(const MemoryReport& report) {
    nlohmann::json launches = nlohmann::json::array();
    for (const LaunchCounts& launch : report.launches) {
        nlohmann::json sites = nlohmann::json::array();
        for (const auto& [site, counts] : launch.sites) sites.push_back(site_json(site, counts));
        launches.push_back({{"kernel", launch.kernel},
                            {"global_size", launch.global_size},
                            {"local_size", launch.local_size},
                            {"work_groups", launch.work_groups},
                            {"barriers", launch.barriers},
                            {"l1_load_sectors", launch.l1_load_sectors},
                            {"l1_largest_group_sectors", launch.l1_largest_group_sectors},
                            {"sites", sites}});
    }
    return {{"warp", report.warp}, {"launches", launches}};
}

MemoryReport report_from_json(const nlohmann::json& json) {
    try {
        MemoryReport report;
        report.warp = json.at("warp").get<std::uint32_t>();
        for (const auto& entry : json.at("launches")) {
            LaunchCounts launch;
            launch.kernel = entry.at("kernel").get<std::string>();
            launch.global_size = entry.at("global_size").get<std::array<std::uint64_t, 3>>();
            launch.local_size = entry.at("local_size").get<std::array<std::uint64_t, 3>>();
            launch.work_groups = entry.at("work_groups").get<std::uint64_t>();
            launch.barriers = entry.at("barriers").get<std::uint64_t>();
            launch.l1_load_sectors = entry.value("l1_load_sectors", std::uint64_t{0});
            launch.l1_largest_group_sectors = entry.value("l1_largest_group_sectors", std::uint64_t{0});
            for (const auto& site : entry.at("sites")) launch.sites.insert(site_from_json(site));
            report.launches.push_back(std::move(launch));
        }
        return report;
    } catch (const nlohmann::json::exception& error) {
        throw std::runtime_error(std::string("memory report: ") + error.what());
    }
}

}  // namespace memory_lens
