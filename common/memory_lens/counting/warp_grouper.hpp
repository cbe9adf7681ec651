// Groups one work-group's accesses into requests the way a GPU does: work-items in warps of
// W consecutive local linear ids; the k-th execution of one instruction by the active
// work-items of one warp is one request. Accesses arrive one work-item at a time (Oclgrind
// runs a work-group's items in turn up to each barrier), so requests are complete only at a
// barrier or at the end of the work-group: flush() then costs them into the launch's counts.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "memory_lens/counting/launch_counts.hpp"
#include "memory_lens/counting/request_cost.hpp"

namespace memory_lens {

class WarpGrouper {
public:
    explicit WarpGrouper(std::uint32_t warp_size);

    // One access by the work-item of local linear id `item`; `instruction` names the
    // instruction (any pointer that is the same for every execution of it).
    void record(const void* instruction, const Site& site, std::uint32_t item, std::uint64_t address,
                std::uint32_t size);

    // Costs every pending request into `launch` and forgets them (a barrier, the group's end).
    void flush(LaunchCounts& launch);

    // The work-group's end (after flush): its distinct loaded sectors into the L1 model's counts.
    void end_work_group(LaunchCounts& launch);

    std::uint32_t warp_size() const { return warp_size_; }

private:
    struct RequestKey {
        const void* instruction;
        std::uint32_t warp;
        std::uint64_t execution;
        bool operator<(const RequestKey& other) const {
            return std::tie(instruction, warp, execution) < std::tie(other.instruction, other.warp, other.execution);
        }
    };
    struct PendingRequest {
        Site site;
        std::vector<Access> accesses;
    };

    std::uint32_t warp_size_;
    std::map<std::pair<const void*, std::uint32_t>, std::uint64_t> executions_;  // (instruction, item) → count
    std::map<RequestKey, PendingRequest> pending_;
    std::set<std::uint64_t> group_load_sectors_;  // the L1 model: sectors the running work-group loaded
};

}  // namespace memory_lens
