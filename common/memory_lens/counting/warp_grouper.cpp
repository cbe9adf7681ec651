#include "memory_lens/counting/warp_grouper.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace memory_lens {

WarpGrouper::WarpGrouper(std::uint32_t warp_size) : warp_size_(warp_size) {
    if (warp_size == 0) throw std::invalid_argument("warp size 0: a warp has at least one work-item");
}

void WarpGrouper::record(const void* instruction, const Site& site, std::uint32_t item, std::uint64_t address,
                         std::uint32_t size) {
    const std::uint64_t execution = executions_[{instruction, item}]++;
    PendingRequest& request = pending_[RequestKey{instruction, item / warp_size_, execution}];
    request.site = site;
    request.accesses.push_back(Access{address, size, item % warp_size_});
}

namespace {

// Keeps the request as the site's example when it costs more than the one kept: lane by lane,
// its first sector counted from the request's lowest (global) or its first word's bank (local).
void keep_if_worst(SiteCounts& counts, const std::vector<Access>& accesses, Space space, std::uint64_t cost) {
    if (cost <= counts.worst_cost) return;
    counts.worst_cost = cost;
    counts.worst_lanes.clear();
    std::uint64_t lowest = UINT64_MAX;
    for (const Access& access : accesses) lowest = std::min(lowest, access.address / kSectorBytes);
    for (const Access& access : accesses) {
        const std::uint64_t where = space == Space::global ? access.address / kSectorBytes - lowest
                                                           : (access.address / kBankWordBytes) % kBankCount;
        counts.worst_lanes.emplace_back(access.lane, where);
    }
}

}  // namespace

void WarpGrouper::flush(LaunchCounts& launch) {
    for (auto& [key, request] : pending_) {
        SiteCounts& counts = launch.sites[request.site];
        counts.requests += 1;
        if (request.site.space == Space::global) {
            const GlobalCost cost = global_request_cost(request.accesses);
            counts.bytes += cost.bytes;
            counts.sectors += cost.sectors;
            counts.ideal_sectors += cost.ideal_sectors;
            keep_if_worst(counts, request.accesses, Space::global, cost.sectors);
            if (request.site.direction == Direction::load) {
                for (const Access& access : request.accesses) {
                    if (access.size == 0) continue;
                    for (std::uint64_t sector = access.address / kSectorBytes;
                         sector <= (access.address + access.size - 1) / kSectorBytes; ++sector) {
                        group_load_sectors_.insert(sector);
                    }
                }
            }
        } else if (request.site.space == Space::image) {
            counts.bytes += global_request_cost(request.accesses).bytes;
        } else {
            counts.bytes += global_request_cost(request.accesses).bytes;
            const std::uint64_t degree = bank_conflict_degree(request.accesses);
            counts.degree_sum += degree;
            counts.degree_worst = std::max(counts.degree_worst, degree);
            keep_if_worst(counts, request.accesses, Space::local, degree);
        }
    }
    pending_.clear();
    executions_.clear();
}

void WarpGrouper::end_work_group(LaunchCounts& launch) {
    const auto sectors = static_cast<std::uint64_t>(group_load_sectors_.size());
    launch.l1_load_sectors += sectors;
    launch.l1_largest_group_sectors = std::max(launch.l1_largest_group_sectors, sectors);
    group_load_sectors_.clear();
}

}  // namespace memory_lens
