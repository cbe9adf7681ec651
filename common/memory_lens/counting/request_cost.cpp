#include "memory_lens/counting/request_cost.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace memory_lens {

GlobalCost global_request_cost(const std::vector<Access>& accesses) {
    std::set<std::uint64_t> sectors;
    std::set<std::uint64_t> bytes;
    for (const Access& access : accesses) {
        for (std::uint64_t byte = access.address; byte < access.address + access.size; ++byte) {
            bytes.insert(byte);
            sectors.insert(byte / kSectorBytes);
        }
    }
    GlobalCost cost;
    cost.sectors = sectors.size();
    cost.bytes = bytes.size();
    cost.ideal_sectors = (cost.bytes + kSectorBytes - 1) / kSectorBytes;
    return cost;
}

namespace {

// The degree of one phase: for each bank, how many distinct words it serves; the largest.
std::uint64_t phase_degree(const std::vector<const Access*>& phase) {
    std::map<std::uint64_t, std::set<std::uint64_t>> words_of_bank;
    for (const Access* access : phase) {
        const std::uint64_t first = access->address / kBankWordBytes;
        const std::uint64_t last = (access->address + std::max<std::uint32_t>(access->size, 1) - 1) / kBankWordBytes;
        for (std::uint64_t word = first; word <= last; ++word) words_of_bank[word % kBankCount].insert(word);
    }
    std::uint64_t degree = 0;
    for (const auto& [bank, words] : words_of_bank) degree = std::max<std::uint64_t>(degree, words.size());
    return degree;
}

}  // namespace

std::uint64_t bank_conflict_degree(const std::vector<Access>& accesses) {
    if (accesses.empty()) return 0;
    std::uint32_t widest = 0;
    for (const Access& access : accesses) widest = std::max(widest, access.size);
    // Work-items per phase: 128 bytes' worth of the widest access, at least one.
    const std::size_t per_phase =
        std::max<std::size_t>(1, kBankCount * kBankWordBytes / std::max<std::uint32_t>(widest, kBankWordBytes));
    std::map<std::uint32_t, std::vector<const Access*>> phases;
    for (const Access& access : accesses) phases[access.lane / static_cast<std::uint32_t>(per_phase)].push_back(&access);
    std::uint64_t degree = 0;
    for (const auto& [index, phase] : phases) degree = std::max(degree, phase_degree(phase));
    return degree;
}

}  // namespace memory_lens
