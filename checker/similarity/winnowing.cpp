#include "winnowing.hpp"

#include <string_view>

namespace similarity {

namespace {

// FNV-1a over the k-gram's token texts, each followed by a separator so "a b" and "ab" differ.
std::uint64_t kgram_hash(const std::vector<KernelToken>& tokens, std::size_t first, std::size_t k) {
    std::uint64_t hash = 14695981039346656037ull;
    for (std::size_t i = first; i < first + k; ++i) {
        for (const char c : tokens[i].text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
        hash = (hash ^ 0x1fu) * 1099511628211ull;
    }
    return hash;
}

}  // namespace

std::vector<std::uint64_t> kgram_hashes(const std::vector<KernelToken>& tokens, const WinnowSettings& settings) {
    const std::size_t k = settings.k == 0 ? 1 : settings.k;
    if (tokens.size() < k) return {};
    std::vector<std::uint64_t> hashes(tokens.size() - k + 1);
    for (std::size_t i = 0; i < hashes.size(); ++i) hashes[i] = kgram_hash(tokens, i, k);
    return hashes;
}

std::vector<Fingerprint> winnow(const std::vector<KernelToken>& tokens, const WinnowSettings& settings) {
    const std::size_t w = settings.w == 0 ? 1 : settings.w;
    const std::vector<std::uint64_t> hashes = kgram_hashes(tokens, settings);
    if (hashes.empty()) return {};

    std::vector<Fingerprint> chosen;
    const std::size_t windows = hashes.size() >= w ? hashes.size() - w + 1 : 1;
    std::size_t last_chosen = hashes.size();  // none yet
    for (std::size_t start = 0; start < windows; ++start) {
        const std::size_t end = std::min(start + w, hashes.size());
        std::size_t smallest = start;
        for (std::size_t i = start; i < end; ++i)
            if (hashes[i] <= hashes[smallest]) smallest = i;  // <=: the rightmost smallest
        if (smallest != last_chosen) {
            chosen.push_back({hashes[smallest], smallest});
            last_chosen = smallest;
        }
    }
    return chosen;
}

}  // namespace similarity
