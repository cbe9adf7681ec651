// How much two submissions of one lab share: the code they have in common,
// weighed by how rare it is in the class, and the regions of the two files
// that common code covers, chained into runs that a reader can put side by side.
#pragma once

#include "winnowing.hpp"

#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace similarity {

// One student's kernel file of one lab, lexed and fingerprinted.
struct SubmissionFile {
    std::string student;
    std::string display_path;  // "class/alice/04-matmul-tiled/matmul.cl"
    std::string text;
    std::vector<KernelToken> tokens;
    std::size_t k = WinnowSettings{}.k;     // tokens per fingerprint (what it was fingerprinted with)
    std::vector<Fingerprint> fingerprints;  // the whole code: what the lab's stub provides removed, nothing else
    std::vector<Fingerprint> distinctive;   // the same minus what most of the class holds, weighted by rarity
    // Set by prepare() from the two above, for comparing: the whole code's distinct hashes and the
    // distinctive ones with their weights (both sorted by hash), the file's own code (its tokens
    // covered by distinctive fingerprints, each at the highest weight covering it), and where in
    // the token stream each hash of the whole code lies.
    std::vector<std::uint64_t> whole_hashes;
    std::vector<std::pair<std::uint64_t, double>> rare;
    double own_code = 0;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> positions;
};

// Fills in the prepared part of `file` (after its fingerprints or weights change).
void prepare(SubmissionFile& file);

// Lines [first_a, last_a] of file a match lines [first_b, last_b] of file b.
struct MatchedRegion {
    unsigned first_line_a = 0, last_line_a = 0;
    unsigned first_line_b = 0, last_line_b = 0;
    std::size_t fingerprints = 0;  // how many shared fingerprints the region holds
    std::size_t common = 0;        // of them, how many most of the class holds (the majority filter's)
};

// The score. A file's own code is its tokens covered by its distinctive fingerprints (the stub's and
// what most of the class holds left out), each token weighing by the rarity of the rarest fingerprint
// covering it (Fingerprint::weight: 1 for code no other file holds, falling as more do). What two
// files share is the same sum over the fingerprints both hold. Each file's share is what it shares
// over its own code, but over no less than kMinOwnCode; the score is the mean of the two shares.
// Counting tokens, not fingerprints, keeps a copy's score when it is cut up: code moved or dead
// code put between its statements leaves every run of k tokens of the original in the copy. Rarity
// keeps honest students apart: they share the code the lab leads everyone to, which weighs little.
// kMinOwnCode (about six lines of code no one else wrote) keeps a file with little code of its own
// (lab 01's one line; a file that is mostly the common part) from a high score on a few tokens.
constexpr double kMinOwnCode = 60.0;
// Files at least this alike in whole code count once in the class: copies of a kernel, however many,
// do not make it common.
constexpr double kNearIdentical = 0.9;

struct PairSimilarity {
    std::size_t a = 0, b = 0;     // indices into the lab's files (b: into its known sources when b_known)
    bool b_known = false;         // b is a known source (the reference, the stub, last year's class), not a student
    std::size_t shared = 0;       // distinct fingerprints of the whole code in both
    std::size_t shared_common = 0;  // of them, those the majority filter leaves out of `distinctive`
    double share_a = 0, share_b = 0;  // shared / each file's distinct fingerprints (whole code)
    double whole = 0;             // (share_a + share_b) / 2
    double rare_shared = 0;       // the own code the two share (the mean of the two files' sums)
    double distinctive = 0;       // the mean of each file's shared own code / its own code (at least kMinOwnCode)
    double score = 0;             // distinctive, 0..1: the ranking's
    bool flagged = false;         // set by the lab's flag rule (similarity_report.hpp, flag_pairs)
    std::vector<MatchedRegion> regions;  // over the whole code, largest first
};

// How many hashes two sorted lists of distinct hashes have in common.
std::size_t shared_count(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b);

PairSimilarity compare_files(const SubmissionFile& a, const SubmissionFile& b, const WinnowSettings& settings);

PairSimilarity compare_pair(const std::vector<SubmissionFile>& files, std::size_t a, std::size_t b,
                            const WinnowSettings& settings);

// Every file of `files` against every known source, most similar first (b indexes `known`).
std::vector<PairSimilarity> rank_known_matches(const std::vector<SubmissionFile>& files,
                                               const std::vector<SubmissionFile>& known, const WinnowSettings& settings);

// Every pair of `files`, most similar first (ties: by student names, so the order is stable).
std::vector<PairSimilarity> rank_pairs(const std::vector<SubmissionFile>& files, const WinnowSettings& settings);

}  // namespace similarity
