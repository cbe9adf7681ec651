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
    std::vector<Fingerprint> fingerprints;  // what the stub provides and what most of the class shares removed
};

// Lines [first_a, last_a] of file a match lines [first_b, last_b] of file b.
struct MatchedRegion {
    unsigned first_line_a = 0, last_line_a = 0;
    unsigned first_line_b = 0, last_line_b = 0;
    std::size_t fingerprints = 0;  // how many shared fingerprints the region holds
};

struct PairSimilarity {
    std::size_t a = 0, b = 0;     // indices into the lab's files
    std::size_t shared = 0;       // distinct fingerprints in both
    double share_a = 0, share_b = 0;  // shared / each file's distinct fingerprints
    double score = 0;             // the mean of the two shares, 0..1: what the ranking uses
    std::vector<MatchedRegion> regions;  // largest first
};

PairSimilarity compare_pair(const std::vector<SubmissionFile>& files, std::size_t a, std::size_t b,
                            const WinnowSettings& settings);

// Every pair of `files`, most similar first (ties: by student names, so the order is stable).
std::vector<PairSimilarity> rank_pairs(const std::vector<SubmissionFile>& files, const WinnowSettings& settings);

}  // namespace similarity
