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

// Students and known sources joined by pairs from a score: a ring of five copies is one cluster.
struct Cluster {
    std::vector<std::size_t> students;     // indices into corpus.files
    std::vector<std::size_t> known;        // indices into corpus.known
    std::vector<std::size_t> pairs;        // indices into LabSimilarity::pairs from the score, ranked
    std::vector<std::size_t> known_pairs;  // indices into LabSimilarity::known_matches from the score, ranked
    double highest = 0;
};

// The clusters of a lab from `min_score`, the highest first.
std::vector<Cluster> clusters_of(const LabSimilarity& lab, double min_score);

// Each student's highest match, with a student or a known source (nullptr: the lab has no other file).
struct HighestMatch {
    std::size_t student = 0;
    const PairSimilarity* pair = nullptr;
};

// One per compared file, the highest first.
std::vector<HighestMatch> highest_matches(const LabSimilarity& lab);

// The other file of `pair` as seen from student `student`'s side.
const SubmissionFile& other_file(const LabCorpus& corpus, const PairSimilarity& pair, std::size_t student);

struct HtmlSettings {
    double min_score = 0.5;       // pairs from this score are listed and join clusters
    std::size_t max_listed = 100;  // clusters per lab on the index, pairs per cluster page; the rest: the CSV
    std::string pages_folder;     // the cluster pages' folder, as the index links it ("similarity-pages")
    std::string index_name;       // the index's file name, as the cluster pages link back to it
    CorpusSettings corpus;        // what the scores were computed with, for the page's explanation
};

struct HtmlPage {
    std::string file_name;  // inside the pages folder: "04-cluster-1.html"
    std::string html;
};

struct HtmlReport {
    std::string index;  // per lab: each student's highest match, the clusters, the known-source matches
    std::vector<HtmlPage> pages;  // one per listed cluster: its pairs' regions side by side
};

// Self-contained pages (no scripts, no external files).
HtmlReport similarity_html(const std::vector<LabSimilarity>& labs, const HtmlSettings& settings);

// The few lines `labcheck similarity` prints: the top pairs and known-source matches of each lab.
std::string similarity_summary(const std::vector<LabSimilarity>& labs, std::size_t top, double min_score);

}  // namespace similarity
