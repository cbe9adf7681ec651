#include "pair_similarity.hpp"

#include <algorithm>
#include <optional>

namespace similarity {

namespace {

using Positions = std::unordered_map<std::uint64_t, std::vector<std::size_t>>;  // hash -> token indices

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

bool is_distinctive(const SubmissionFile& file, std::uint64_t hash) {
    const auto at = std::lower_bound(file.rare.begin(), file.rare.end(), std::make_pair(hash, -1.0));
    return at != file.rare.end() && at->first == hash;
}

// How many fingerprints of a's token range [first, last] found in b the majority filter left out of a.
std::size_t common_in(const SubmissionFile& a, const Positions& in_b, std::size_t first, std::size_t last) {
    std::size_t common = 0;
    for (const Fingerprint& f : a.fingerprints)
        if (f.first_token >= first && f.first_token <= last && in_b.count(f.hash) != 0)
            common += !is_distinctive(a, f.hash);
    return common;
}

// How many distinct distinctive fingerprints both files hold.
std::size_t distinctive_shared(const std::vector<std::pair<std::uint64_t, double>>& a,
                               const std::vector<std::pair<std::uint64_t, double>>& b) {
    std::size_t shared = 0;
    for (auto x = a.begin(), y = b.begin(); x != a.end() && y != b.end();) {
        if (x->first < y->first) ++x;
        else if (y->first < x->first) ++y;
        else { ++shared; ++x; ++y; }
    }
    return shared;
}

// The rarity-weighted tokens of `file` covered by its distinctive fingerprints that `shared` says yes to:
// a token counts once, at the highest rarity of the fingerprints covering it.
template <typename Shared>
double covered_weight(const SubmissionFile& file, std::size_t k, Shared shared) {
    thread_local std::vector<double> cover;
    cover.assign(file.tokens.size() + k, 0.0);
    for (const Fingerprint& f : file.distinctive) {
        if (!shared(f.hash)) continue;
        for (std::size_t t = f.first_token; t < f.first_token + k && t < cover.size(); ++t)
            cover[t] = std::max(cover[t], f.weight);
    }
    double sum = 0;
    for (const double w : cover) sum += w;
    return sum;
}

double share(double shared, double own) { return shared / std::max(own, kMinOwnCode); }

bool most_similar_first(const PairSimilarity& x, const PairSimilarity& y) { return x.score > y.score; }

}  // namespace

std::size_t shared_count(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    std::size_t shared = 0;
    for (auto x = a.begin(), y = b.begin(); x != a.end() && y != b.end();) {
        if (*x < *y) ++x;
        else if (*y < *x) ++y;
        else { ++shared; ++x; ++y; }
    }
    return shared;
}

void prepare(SubmissionFile& file) {
    file.whole_hashes.clear();
    file.positions.clear();
    for (const Fingerprint& f : file.fingerprints) {
        file.whole_hashes.push_back(f.hash);
        file.positions[f.hash].push_back(f.first_token);
    }
    std::sort(file.whole_hashes.begin(), file.whole_hashes.end());
    file.whole_hashes.erase(std::unique(file.whole_hashes.begin(), file.whole_hashes.end()), file.whole_hashes.end());
    file.rare.clear();
    for (const Fingerprint& f : file.distinctive) file.rare.emplace_back(f.hash, f.weight);
    std::sort(file.rare.begin(), file.rare.end());
    file.rare.erase(std::unique(file.rare.begin(), file.rare.end(),
                                [](const auto& x, const auto& y) { return x.first == y.first; }),
                    file.rare.end());
    file.own_code = covered_weight(file, file.k, [](std::uint64_t) { return true; });
}

PairSimilarity compare_files(const SubmissionFile& a, const SubmissionFile& b, const WinnowSettings& settings) {
    PairSimilarity pair;
    pair.shared = shared_count(a.whole_hashes, b.whole_hashes);
    pair.share_a = a.whole_hashes.empty() ? 0.0 : double(pair.shared) / double(a.whole_hashes.size());
    pair.share_b = b.whole_hashes.empty() ? 0.0 : double(pair.shared) / double(b.whole_hashes.size());
    pair.whole = (pair.share_a + pair.share_b) / 2.0;
    pair.shared_common = pair.shared - std::min(pair.shared, distinctive_shared(a.rare, b.rare));
    const double in_a = covered_weight(a, settings.k, [&](std::uint64_t h) { return is_distinctive(b, h); });
    const double in_b = covered_weight(b, settings.k, [&](std::uint64_t h) { return is_distinctive(a, h); });
    pair.rare_shared = (in_a + in_b) / 2.0;
    pair.distinctive = (share(in_a, a.own_code) + share(in_b, b.own_code)) / 2.0;
    pair.score = pair.distinctive;
    for (const TokenRun& run : chain_runs(a, b.positions, settings)) {
        MatchedRegion region = region_lines(a, b, run, settings.k);
        region.common = common_in(a, b.positions, run.first_a, run.last_a);
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
    pairs.reserve(files.size() * (files.size() - (files.empty() ? 0 : 1)) / 2);
    for (std::size_t a = 0; a < files.size(); ++a)
        for (std::size_t b = a + 1; b < files.size(); ++b) pairs.push_back(compare_pair(files, a, b, settings));
    std::stable_sort(pairs.begin(), pairs.end(), most_similar_first);
    return pairs;
}

}  // namespace similarity
