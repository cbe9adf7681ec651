// The counts of one kernel launch, line by line: what the Oclgrind plugin writes and what
// `lab run --memory` and labcheck read (as JSON, the plugin's file format).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace memory_lens {

// image: a read_image*/write_image* call. A GPU serves it through the texture path, whose
// cache holds 2D blocks: the report counts its requests and bytes, not sectors or banks.
enum class Space { global, local, image };
const char* space_name(Space space);
enum class Direction { load, store };

// Where accesses come from: a source line of the kernel file, the memory, load or store.
struct Site {
    std::uint32_t line = 0;  // 0 when the compiler left no line on the instruction
    Space space = Space::global;
    Direction direction = Direction::load;
    bool operator<(const Site& other) const {
        return std::tie(line, space, direction) < std::tie(other.line, other.space, other.direction);
    }
};

// The requests of one site, summed over the launch.
struct SiteCounts {
    std::uint64_t requests = 0;
    std::uint64_t bytes = 0;          // distinct bytes asked for, request by request
    std::uint64_t sectors = 0;        // global: 32-byte sectors touched
    std::uint64_t ideal_sectors = 0;  // global: the fewest sectors that carry those bytes
    std::uint64_t degree_sum = 0;     // local: bank-conflict degrees, summed (average = sum / requests)
    std::uint64_t degree_worst = 0;   // local: the worst request's degree
    // The worst request (most sectors, or the highest degree), lane by lane: the sector it
    // touched, counted from the request's first sector (global), or the bank (local).
    std::uint64_t worst_cost = 0;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> worst_lanes;
};

struct LaunchCounts {
    std::string kernel;
    std::array<std::uint64_t, 3> global_size{1, 1, 1};
    std::array<std::uint64_t, 3> local_size{1, 1, 1};
    std::uint64_t work_groups = 0;
    std::uint64_t barriers = 0;  // barriers executed, all work-groups together
    std::map<Site, SiteCounts> sites;
    // A model of a per-work-group L1 cache: every distinct global sector a work-group loads is
    // fetched once while it runs (WarpGrouper::end_work_group), however often its requests touch it.
    std::uint64_t l1_load_sectors = 0;       // summed over the work-groups
    std::uint64_t l1_largest_group_sectors = 0;  // the most one work-group loaded: the cache size the model assumes
};

// Whole-launch sums.
struct LaunchTotals {
    std::uint64_t global_requests = 0;
    std::uint64_t global_sectors = 0;  // × 32 = global bytes moved
    std::uint64_t global_ideal_sectors = 0;
    std::uint64_t global_load_sectors = 0;  // of global_sectors, those of loads
    std::uint64_t local_requests = 0;
    std::uint64_t local_bytes = 0;
    std::uint64_t image_requests = 0;
    std::uint64_t image_bytes = 0;
};
LaunchTotals totals_of(const LaunchCounts& launch);

struct MemoryReport {
    std::uint32_t warp = 32;
    std::vector<LaunchCounts> launches;
};

nlohmann::json to_json(const MemoryReport& report);
// Throws std::runtime_error naming the field when the text is not a report.
MemoryReport report_from_json(const nlohmann::json& json);

}  // namespace memory_lens
