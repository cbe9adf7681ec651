// How much two submissions of one lab share: the fingerprints they have in
// common, and the regions of the two files those fingerprints cover, chained
// into runs that a reader can put side by side.
#pragma once

#include "winnowing.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace similarity {

// One student's kernel file of one lab, lexed and fingerprinted.
struct SubmissionFile {
    std::string student;
    std::string display_path;  // "class/alice/04-matmul-tiled/matmul.cl"
    std::string text;
    std::vector<KernelToken> tokens;
    std::vector<Fingerprint> fingerprints;  // the whole code: what the lab's stub provides removed, nothing else
    std::vector<Fingerprint> distinctive;   // the same minus what most of the class shares (the majority filter)
};

// Lines [first_a, last_a] of file a match lines [first_b, last_b] of file b.
struct MatchedRegion {
    unsigned first_line_a = 0, last_line_a = 0;
    unsigned first_line_b = 0, last_line_b = 0;
    std::size_t fingerprints = 0;  // how many shared fingerprints the region holds
    std::size_t common = 0;        // of them, how many most of the class shares (the majority filter's)
};

// Two scores, each the mean of the two files' shares of their distinct fingerprints found in the other:
// `whole` over the whole code (the stub removed), `distinctive` after the majority filter (without what
// a good share of the class's independent submissions holds: what every correct solution contains). The
// score is `distinctive`: honest students who write what the lab asks for share the common part, not
// the rest. Its shares are weighted (Fingerprint::weight): sharing what few others wrote says more
// than sharing what many did. A file with fewer than kMinFingerprints distinctive fingerprints has its
// share scaled down by that ratio, so a file with little code of its own (a small lab, a file that is
// mostly the common part) cannot reach a high score from a few fingerprints.
// Files at least kNearIdentical alike in whole code, each with kMinFingerprints or more, are copies of
// one another whatever the class holds: their score is the larger of the two (the majority filter cannot
// hide a copy of common code). Smaller files (lab 01's naive transpose) are alike because there is one
// way to write them, so they keep the distinctive score.
constexpr std::size_t kMinFingerprints = 20;
constexpr double kNearIdentical = 0.9;

struct PairSimilarity {
    std::size_t a = 0, b = 0;     // indices into the lab's files (b: into its known sources when b_known)
    bool b_known = false;         // b is a known source (the reference, the stub, last year's class), not a student
    std::size_t shared = 0;       // distinct fingerprints of the whole code in both
    std::size_t shared_common = 0;  // of them, those the majority filter leaves out of `distinctive`
    double share_a = 0, share_b = 0;  // shared / each file's distinct fingerprints (whole code)
    double whole = 0;             // (share_a + share_b) / 2
    double distinctive = 0;       // the same after the majority filter
    double score = 0;             // distinctive (max(whole, distinctive) from kNearIdentical), 0..1: the ranking's
    std::vector<MatchedRegion> regions;  // over the whole code, largest first
};

PairSimilarity compare_files(const SubmissionFile& a, const SubmissionFile& b, const WinnowSettings& settings);

PairSimilarity compare_pair(const std::vector<SubmissionFile>& files, std::size_t a, std::size_t b,
                            const WinnowSettings& settings);

// Every file of `files` against every known source, most similar first (b indexes `known`).
std::vector<PairSimilarity> rank_known_matches(const std::vector<SubmissionFile>& files,
                                               const std::vector<SubmissionFile>& known, const WinnowSettings& settings);

// Every pair of `files`, most similar first (ties: by student names, so the order is stable).
std::vector<PairSimilarity> rank_pairs(const std::vector<SubmissionFile>& files, const WinnowSettings& settings);

}  // namespace similarity
