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

// Which pairs of a lab are flagged: those whose score is at least `line`, in a lab that leaves room
// for code of one's own. A false alarm on an honest student is the worse mistake; a missed copy is
// next. So nothing is flagged in a lab
//   - whose code is short: its median file holds fewer than min_code tokens of code beyond the stub
//     (about twenty lines). Two students who write the same few lines the lab asks for, in the few
//     ways there are, cannot be told from a copy; in the generated classes of 40 and 300 every lab
//     shorter than that has honest pairs above any line its copies reach;
//   - that is crowded: more than max_share of its independent submissions (near-identical files
//     counted once) have a match from the line. A class has few copiers; more matches than that
//     mean the lab's TODOs lead everyone to the same code.
//     In a crowded lab only what stands out from its own honest likeness is flagged: pairs whose own
//     code is near-identical (a score from kOutlierMinScore, sharing at least kOutlierMinOwnCode
//     tokens' worth of it) and whose containment (how much of one file's whole code the other holds)
//     stands above a gap of at least kOutlierGap to the lab's next pair, with at most max_share of
//     the independent submissions above the gap. A ring handing in one kernel (dead code added or
//     not: a copy still holds its source whole) in a lab whose honest pairs reach 0.8-0.9 stands
//     apart; where the stub leads everyone to alike code, that code is common and weighs nothing,
//     and the honest containments rise without a gap: nothing is flagged.
// The reports say which rule held a lab back; every pair is still ranked in the CSV.
constexpr double kMaxFlaggedShare = 0.25;
constexpr std::size_t kMinCode = 200;
constexpr double kOutlierMinScore = 0.9;
constexpr double kOutlierMinOwnCode = 120.0;
constexpr double kOutlierGap = 0.05;

// The default line for a lab of `files` files. The closest pair of honest students in a class comes
// closer the more pairs the class has (the highest of more draws), a copy does not: 0.8 up to 50
// files (1,225 pairs), 0.9 from 300 (44,850 pairs), in between by the logarithm of the number of
// pairs. In the generated classes the highest honest pair is 0.61-0.77 at 40 students and
// 0.75-0.88 at 300 (20 draws), while copies of the student copied reach 0.77-1.
double default_line(std::size_t files);

struct FlagRule {
    double line = 0.8;
    double max_share = kMaxFlaggedShare;
    std::size_t min_code = kMinCode;
    std::size_t median_code = 0;  // the lab's median file: tokens of code beyond the stub (distinct k-grams)
    std::size_t submissions = 0;  // independent submissions of the lab
    std::size_t above_line = 0;   // of them, those with a match (a student or a known source) from the line
    bool short_code = false;      // median_code < min_code
    bool crowded = false;         // above_line > max_share * submissions
    // In a crowded lab, the pairs that stand out from its honest likeness (0: none): flagged from this
    // score, the next lower score below the gap, and the independent submissions above it.
    double outliers_from = 0.0;
    double outliers_next = 0.0;
    std::size_t outlier_submissions = 0;
    bool held_back() const { return short_code || (crowded && outliers_from == 0.0); }
};

struct LabSimilarity {
    LabCorpus corpus;
    std::vector<PairSimilarity> pairs;          // student pairs, ranked, most similar first
    std::vector<PairSimilarity> known_matches;  // student × known source, ranked (b indexes corpus.known)
    FlagRule flag;                              // set by flag_pairs once the pairs are ranked
};

// Applies the flag rule at `line` to `lab`: sets lab.flag and every pair's `flagged`.
void flag_pairs(LabSimilarity& lab, double line, double max_share = kMaxFlaggedShare, std::size_t min_code = kMinCode);

// One sentence for a lab held back (short or crowded): why no pair is flagged in it. Empty otherwise.
std::string held_back_note(const LabSimilarity& lab);
// One sentence for a crowded lab where pairs stand out from its honest likeness: why those are flagged.
// Empty otherwise.
std::string outlier_note(const LabSimilarity& lab);

// The file a pair's b names: a student's or a known source's.
const SubmissionFile& file_b(const LabCorpus& corpus, const PairSimilarity& pair);

// One sentence for a lab where the majority filter left out most of the fingerprints.
std::string majority_note(const LabCorpus& corpus);

// lab,student_a,student_b,score,share_a,share_b,shared_fingerprints,regions,lines_a,lines_b,
// whole_score,distinctive_score,shared_common,b_is,own_code_shared,flagged — known-source rows
// (b_is "known") first.
std::string similarity_csv(const std::vector<LabSimilarity>& labs);

// Students and known sources joined by flagged pairs, and by pairs from kClusterReach below the line
// between files already flagged: a ring of five copies is one cluster.
constexpr double kClusterReach = 0.1;
struct Cluster {
    std::vector<std::size_t> students;     // indices into corpus.files
    std::vector<std::size_t> known;        // indices into corpus.known
    std::vector<std::size_t> pairs;        // indices into LabSimilarity::pairs joining it, ranked
    std::vector<std::size_t> known_pairs;  // indices into LabSimilarity::known_matches joining it, ranked
    double highest = 0;
};

// The clusters of a lab's flagged pairs, the highest first (none in a crowded lab).
std::vector<Cluster> clusters_of(const LabSimilarity& lab);

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
std::string similarity_summary(const std::vector<LabSimilarity>& labs, std::size_t top);

}  // namespace similarity
