// What an instructor reads: a ranked CSV of every pair per lab, and an HTML page
// with, for each pair above a threshold, the matching regions of the two files
// side by side. Everything from a submission is escaped: a file may hold markup.
#pragma once

#include "class_corpus.hpp"

#include <string>
#include <vector>

namespace similarity {

struct LabSimilarity {
    LabCorpus corpus;
    std::vector<PairSimilarity> pairs;  // ranked, most similar first
};

// lab,student_a,student_b,score,share_a,share_b,shared_fingerprints,regions,lines_a,lines_b
std::string similarity_csv(const std::vector<LabSimilarity>& labs);

// A self-contained page (no scripts, no external files): a ranked table per lab, then each pair
// with score ≥ min_score (at most max_pairs per lab) shown region by region.
std::string similarity_html(const std::vector<LabSimilarity>& labs, double min_score, std::size_t max_pairs);

// The few lines `labcheck similarity` prints: the top pairs of each lab.
std::string similarity_summary(const std::vector<LabSimilarity>& labs, std::size_t top);

}  // namespace similarity
