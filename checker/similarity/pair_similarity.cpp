#include "pair_similarity.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace similarity {

namespace {

using Positions = std::unordered_map<std::uint64_t, std::vector<std::size_t>>;  // hash -> token indices

Positions positions_of(const SubmissionFile& file) {
    Positions positions;
    for (const Fingerprint& f : file.fingerprints) positions[f.hash].push_back(f.first_token);
    return positions;
}

// Token range of one region, kept while chaining, turned into lines at the end.
struct TokenRun {
    std::size_t first_a, last_a, first_b, last_b, fingerprints;
};

// The position in b that continues `run` (close after its end), else none.
std::optional<std::size_t> continuation(const TokenRun& run, const std::vector<std::size_t>& in_b, std::size_t gap) {
    for (const std::size_t b : in_b)
        if (b > run.last_b && b <= run.last_b + gap) return b;
    return std::nullopt;
}

std::vector<TokenRun> chain_runs(const SubmissionFile& a, const Positions& in_b, const WinnowSettings& settings) {
    const std::size_t gap = settings.k + settings.w;  // fingerprints of one common run are at most w apart
    std::vector<TokenRun> runs;
    for (const Fingerprint& f : a.fingerprints) {
        const auto found = in_b.find(f.hash);
        if (found == in_b.end()) continue;
        if (!runs.empty() && f.first_token <= runs.back().last_a + gap) {
            if (const auto b = continuation(runs.back(), found->second, gap)) {
                runs.back().last_a = f.first_token;
                runs.back().last_b = *b;
                ++runs.back().fingerprints;
                continue;
            }
        }
        const std::size_t b = found->second.front();
        runs.push_back({f.first_token, f.first_token, b, b, 1});
    }
    return runs;
}

unsigned line_at(const SubmissionFile& file, std::size_t token) {
    return file.tokens.empty() ? 0 : file.tokens[std::min(token, file.tokens.size() - 1)].line;
}

MatchedRegion region_lines(const SubmissionFile& a, const SubmissionFile& b, const TokenRun& run, std::size_t k) {
    return {line_at(a, run.first_a), line_at(a, run.last_a + k - 1), line_at(b, run.first_b),
            line_at(b, run.last_b + k - 1), run.fingerprints};
}

std::unordered_set<std::uint64_t> distinct(const SubmissionFile& file) {
    std::unordered_set<std::uint64_t> hashes;
    for (const Fingerprint& f : file.fingerprints) hashes.insert(f.hash);
    return hashes;
}

}  // namespace

PairSimilarity compare_pair(const std::vector<SubmissionFile>& files, std::size_t a, std::size_t b,
                            const WinnowSettings& settings) {
    PairSimilarity pair;
    pair.a = a;
    pair.b = b;
    const auto hashes_a = distinct(files[a]);
    const auto hashes_b = distinct(files[b]);
    for (const std::uint64_t hash : hashes_a) pair.shared += hashes_b.count(hash);
    pair.share_a = hashes_a.empty() ? 0.0 : double(pair.shared) / double(hashes_a.size());
    pair.share_b = hashes_b.empty() ? 0.0 : double(pair.shared) / double(hashes_b.size());
    pair.score = (pair.share_a + pair.share_b) / 2.0;
    for (const TokenRun& run : chain_runs(files[a], positions_of(files[b]), settings))
        pair.regions.push_back(region_lines(files[a], files[b], run, settings.k));
    std::stable_sort(pair.regions.begin(), pair.regions.end(),
                     [](const MatchedRegion& x, const MatchedRegion& y) { return x.fingerprints > y.fingerprints; });
    return pair;
}

std::vector<PairSimilarity> rank_pairs(const std::vector<SubmissionFile>& files, const WinnowSettings& settings) {
    std::vector<PairSimilarity> pairs;
    for (std::size_t a = 0; a < files.size(); ++a)
        for (std::size_t b = a + 1; b < files.size(); ++b) pairs.push_back(compare_pair(files, a, b, settings));
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const PairSimilarity& x, const PairSimilarity& y) { return x.score > y.score; });
    return pairs;
}

}  // namespace similarity
