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

using HashSet = std::unordered_set<std::uint64_t>;

HashSet distinct(const std::vector<Fingerprint>& fingerprints) {
    HashSet hashes;
    for (const Fingerprint& f : fingerprints) hashes.insert(f.hash);
    return hashes;
}

struct Shares {
    std::size_t shared = 0;
    double a = 0, b = 0;
};

Shares shares_of(const HashSet& a, const HashSet& b) {
    Shares shares;
    for (const std::uint64_t hash : a) shares.shared += b.count(hash);
    shares.a = a.empty() ? 0.0 : double(shares.shared) / double(a.size());
    shares.b = b.empty() ? 0.0 : double(shares.shared) / double(b.size());
    return shares;
}

// How many fingerprints of a's token range [first, last] the majority filter left out of a.
std::size_t common_in(const SubmissionFile& a, const HashSet& distinctive_a, const Positions& in_b, std::size_t first,
                      std::size_t last) {
    std::size_t common = 0;
    for (const Fingerprint& f : a.fingerprints)
        if (f.first_token >= first && f.first_token <= last && in_b.count(f.hash) != 0)
            common += distinctive_a.count(f.hash) == 0;
    return common;
}

using Weights = std::unordered_map<std::uint64_t, double>;  // distinct hash -> its weight

Weights weights_of(const std::vector<Fingerprint>& fingerprints) {
    Weights weights;
    for (const Fingerprint& f : fingerprints) weights.emplace(f.hash, f.weight);
    return weights;
}

// The share of a's weight that b holds, lowered when a has fewer than kMinFingerprints of them.
double weighted_share(const Weights& a, const Weights& b) {
    double shared = 0, all = 0;
    for (const auto& [hash, weight] : a) {
        all += weight;
        if (b.count(hash) != 0) shared += weight;
    }
    if (all <= 0) return 0.0;
    return shared / all * std::min(1.0, double(a.size()) / double(kMinFingerprints));
}

bool most_similar_first(const PairSimilarity& x, const PairSimilarity& y) { return x.score > y.score; }

}  // namespace

PairSimilarity compare_files(const SubmissionFile& a, const SubmissionFile& b, const WinnowSettings& settings) {
    PairSimilarity pair;
    const HashSet distinctive_a = distinct(a.distinctive);
    const HashSet whole_a = distinct(a.fingerprints), whole_b = distinct(b.fingerprints);
    const Shares whole = shares_of(whole_a, whole_b);
    const Weights weights_a = weights_of(a.distinctive), weights_b = weights_of(b.distinctive);
    const Shares distinctive = shares_of(distinctive_a, distinct(b.distinctive));
    pair.shared = whole.shared;
    pair.shared_common = whole.shared - std::min(whole.shared, distinctive.shared);
    pair.share_a = whole.a;
    pair.share_b = whole.b;
    pair.whole = (whole.a + whole.b) / 2.0;
    pair.distinctive = (weighted_share(weights_a, weights_b) + weighted_share(weights_b, weights_a)) / 2.0;
    // Near-identical files are copies, unless they are too small to be anything else (lab 01's one line).
    const bool copies = pair.whole >= kNearIdentical && std::min(whole_a.size(), whole_b.size()) >= kMinFingerprints;
    pair.score = copies ? std::max(pair.whole, pair.distinctive) : pair.distinctive;
    const Positions in_b = positions_of(b);
    for (const TokenRun& run : chain_runs(a, in_b, settings)) {
        MatchedRegion region = region_lines(a, b, run, settings.k);
        region.common = common_in(a, distinctive_a, in_b, run.first_a, run.last_a);
        pair.regions.push_back(region);
    }
    std::stable_sort(pair.regions.begin(), pair.regions.end(),
                     [](const MatchedRegion& x, const MatchedRegion& y) { return x.fingerprints > y.fingerprints; });
    return pair;
}

PairSimilarity compare_pair(const std::vector<SubmissionFile>& files, std::size_t a, std::size_t b,
                            const WinnowSettings& settings) {
    PairSimilarity pair = compare_files(files[a], files[b], settings);
    pair.a = a;
    pair.b = b;
    return pair;
}

std::vector<PairSimilarity> rank_known_matches(const std::vector<SubmissionFile>& files,
                                               const std::vector<SubmissionFile>& known, const WinnowSettings& settings) {
    std::vector<PairSimilarity> pairs;
    for (std::size_t a = 0; a < files.size(); ++a) {
        for (std::size_t b = 0; b < known.size(); ++b) {
            pairs.push_back(compare_files(files[a], known[b], settings));
            pairs.back().a = a;
            pairs.back().b = b;
            pairs.back().b_known = true;
        }
    }
    std::stable_sort(pairs.begin(), pairs.end(), most_similar_first);
    return pairs;
}

std::vector<PairSimilarity> rank_pairs(const std::vector<SubmissionFile>& files, const WinnowSettings& settings) {
    std::vector<PairSimilarity> pairs;
    for (std::size_t a = 0; a < files.size(); ++a)
        for (std::size_t b = a + 1; b < files.size(); ++b) pairs.push_back(compare_pair(files, a, b, settings));
    std::stable_sort(pairs.begin(), pairs.end(), most_similar_first);
    return pairs;
}

}  // namespace similarity
