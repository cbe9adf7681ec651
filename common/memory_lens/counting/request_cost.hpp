// What one warp-wide memory request costs, as an NVIDIA-style GPU counts it: the 32-byte
// sectors a global request touches (and the fewest that could carry its bytes), the
// bank-conflict degree of a local request (32 banks of 4-byte words). No cache, no time.
#pragma once

#include <cstdint>
#include <vector>

namespace memory_lens {

constexpr std::uint64_t kSectorBytes = 32;
constexpr std::uint64_t kBankCount = 32;
constexpr std::uint64_t kBankWordBytes = 4;

// One work-item's part of a request: `size` bytes from `address`, by the work-item in
// lane `lane` of its warp (its local linear id modulo the warp size).
struct Access {
    std::uint64_t address = 0;
    std::uint32_t size = 0;
    std::uint32_t lane = 0;
};

struct GlobalCost {
    std::uint64_t sectors = 0;        // distinct 32-byte sectors touched
    std::uint64_t ideal_sectors = 0;  // distinct bytes asked for, over 32, rounded up
    std::uint64_t bytes = 0;          // distinct bytes asked for
};

// The sectors of one global request (the accesses of one warp's active work-items).
GlobalCost global_request_cost(const std::vector<Access>& accesses);

// The bank-conflict degree of one local request: the most distinct 4-byte words that one
// bank must serve. A warp whose accesses are wider than 4 bytes is served in phases of at
// most 128 bytes (half-warps for 8 bytes, quarter-warps for 16), and the degree is that of
// the worst phase (phases split the warp by lane). Many work-items reading one word is a broadcast: it costs one.
std::uint64_t bank_conflict_degree(const std::vector<Access>& accesses);

}  // namespace memory_lens
