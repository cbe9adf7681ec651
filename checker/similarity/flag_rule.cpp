// The flag rule of a lab (similarity_report.hpp): the line, and no flags in a lab
// whose code is too short or too alike by nature to tell a copy from a coincidence.
#include "similarity_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace similarity {

namespace {

// Independent submissions (groups of near-identical files) with a match from the line.
std::size_t groups_above(const LabSimilarity& lab, double line) {
    std::set<std::size_t> above;
    const auto group = [&](std::size_t file) {
        return file < lab.corpus.group_of.size() ? lab.corpus.group_of[file] : file;
    };
    for (const auto* list : {&lab.pairs, &lab.known_matches})
        for (const PairSimilarity& pair : *list) {
            if (pair.score < line) break;  // ranked: the rest are lower
            above.insert(group(pair.a));
            if (!pair.b_known) above.insert(group(pair.b));
        }
    return above.size();
}

std::size_t median_code(const LabCorpus& corpus) {
    std::vector<std::size_t> sizes;
    for (const SubmissionFile& file : corpus.files) sizes.push_back(file.whole_hashes.size());
    if (sizes.empty()) return 0;
    std::nth_element(sizes.begin(), sizes.begin() + std::ptrdiff_t(sizes.size() / 2), sizes.end());
    return sizes[sizes.size() / 2];
}

std::string percent(double share) { return fmt::format("{:.0f}%", 100.0 * share); }

// How much of the smaller file the other holds (the whole code, stub removed): near 1 for a copy, whatever
// it added (dead code, comments); an honest pair of one school differs in the edits of each student's own.
double containment(const PairSimilarity& pair) { return std::max(pair.share_a, pair.share_b); }

// Whether a pair could stand out as a copy: its own code (what the class does not hold in common) is
// near-identical, and there is enough of it. Likeness the stub or the lab leads everyone to is common
// code, which weighs nothing in either figure.
bool outlier_candidate(const PairSimilarity& pair) {
    return pair.score >= kOutlierMinScore && pair.rare_shared >= kOutlierMinOwnCode;
}

// The pairs of a crowded lab that stand out from its honest likeness (similarity_report.hpp): ranked by
// containment, the lowest cut at a candidate with a gap of kOutlierGap under it to the next pair of the
// lab and at most max_share of the independent submissions above it. Sets the rule's outlier fields.
void find_outliers(const LabSimilarity& lab, FlagRule& rule) {
    std::vector<const PairSimilarity*> ranked;
    for (const auto* list : {&lab.pairs, &lab.known_matches})
        for (const PairSimilarity& pair : *list) ranked.push_back(&pair);
    std::stable_sort(ranked.begin(), ranked.end(), [](const PairSimilarity* x, const PairSimilarity* y) {
        return containment(*x) > containment(*y);
    });
    const auto group = [&](std::size_t file) {
        return file < lab.corpus.group_of.size() ? lab.corpus.group_of[file] : file;
    };
    std::set<std::size_t> above;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        above.insert(group(ranked[i]->a));
        if (!ranked[i]->b_known) above.insert(group(ranked[i]->b));
        if (double(above.size()) > rule.max_share * double(rule.submissions)) break;  // a lower cut holds more
        const double next = i + 1 < ranked.size() ? containment(*ranked[i + 1]) : 0.0;
        if (outlier_candidate(*ranked[i]) && containment(*ranked[i]) - next >= kOutlierGap) {
            rule.outliers_from = containment(*ranked[i]);
            rule.outliers_next = next;
            rule.outlier_submissions = above.size();
        }
    }
}

}  // namespace

double default_line(std::size_t files) {
    const auto pairs = [](double n) { return n * (n - 1) / 2; };
    const double small = pairs(50), large = pairs(300), here = pairs(double(std::max<std::size_t>(files, 2)));
    const double along = std::clamp(std::log(here / small) / std::log(large / small), 0.0, 1.0);
    return 0.8 + 0.1 * along;
}

void flag_pairs(LabSimilarity& lab, double line, double max_share, std::size_t min_code) {
    FlagRule& rule = lab.flag;
    rule.line = line;
    rule.max_share = max_share;
    rule.min_code = min_code;
    rule.median_code = median_code(lab.corpus);
    rule.short_code = rule.median_code < min_code;
    rule.submissions = lab.corpus.independent;
    rule.above_line = groups_above(lab, line);
    rule.crowded = double(rule.above_line) > max_share * double(rule.submissions);
    if (rule.crowded && !rule.short_code) find_outliers(lab, rule);
    for (auto* list : {&lab.pairs, &lab.known_matches})
        for (PairSimilarity& pair : *list) {
            pair.flagged = !rule.held_back() && (rule.crowded ? outlier_candidate(pair) && containment(pair) >= rule.outliers_from
                                                              : pair.score >= line);
        }
}

std::string held_back_note(const LabSimilarity& lab) {
    const FlagRule& rule = lab.flag;
    if (rule.short_code)
        return fmt::format("the median file holds {} tokens of code beyond the stub, fewer than {}: two students who "
                           "write the few lines this lab asks for in the few ways there are cannot be told from a "
                           "copy, so no pair is flagged in it; every pair is still ranked in the CSV",
                           rule.median_code, rule.min_code);
    if (rule.crowded)
        return fmt::format("{} of {} independent submissions ({}) have a match from {}, more than the {} of a class "
                           "that copies: this lab's code is alike by nature, so no pair is flagged in it; every pair "
                           "is still ranked in the CSV",
                           rule.above_line, rule.submissions,
                           percent(rule.submissions == 0 ? 0.0 : double(rule.above_line) / double(rule.submissions)),
                           percent(rule.line), percent(rule.max_share));
    return "";
}

std::string outlier_note(const LabSimilarity& lab) {
    const FlagRule& rule = lab.flag;
    if (!rule.crowded || rule.held_back()) return "";
    return fmt::format("{} of {} independent submissions have a match from {}: this lab's code is alike by nature, so "
                       "only what stands out from it is flagged: pairs whose own code is near-identical (a score from {}) and "
                       "of which one holds at least {} of the other's code, {} submissions above a gap down to the "
                       "lab's next pair at {}; read them against the honest likeness below the gap",
                       rule.above_line, rule.submissions, percent(rule.line), percent(kOutlierMinScore),
                       percent(rule.outliers_from), rule.outlier_submissions, percent(rule.outliers_next));
}

}  // namespace similarity
