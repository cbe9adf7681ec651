// What an instructor reads: a ranked CSV of every pair per lab, and an HTML page
// that lists first the pairs worth a look (matches against known sources, then
// the pairs from a score the instructor sets) with, for each of them, the matching
// regions of the two files side by side. Everything from a submission is escaped:
// a file may hold markup.
#pragma once

#include "class_corpus.hpp"

#include <string>
#include <vector>

namespace similarity {

struct LabSimilarity {
    LabCorpus corpus;
    std::vector<PairSimilarity> pairs;          // student pairs, ranked, most similar first
    std::vector<PairSimilarity> known_matches;  // student × known source, ranked (b indexes corpus.known)
};

// The file a pair's b names: a student's or a known source's.
const SubmissionFile& file_b(const LabCorpus& corpus, const PairSimilarity& pair);

// One sentence for a lab where the majority filter left out most of the fingerprints.
std::string majority_note(const LabCorpus& corpus);

// lab,student_a,student_b,score,share_a,share_b,shared_fingerprints,regions,lines_a,lines_b,
// whole_score,distinctive_score,shared_common,b_is — known-source rows (b_is "known") first.
std::string similarity_csv(const std::vector<LabSimilarity>& labs);

// A self-contained page (no scripts, no external files): per lab, the known-source matches and the
// pairs with score ≥ min_score, most similar first, each linked to its regions side by side.
std::string similarity_html(const std::vector<LabSimilarity>& labs, double min_score);

// The few lines `labcheck similarity` prints: the top pairs and known-source matches of each lab.
std::string similarity_summary(const std::vector<LabSimilarity>& labs, std::size_t top, double min_score);

}  // namespace similarity
