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
    for (auto* list : {&lab.pairs, &lab.known_matches})
        for (PairSimilarity& pair : *list) pair.flagged = !rule.held_back() && pair.score >= line;
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

}  // namespace similarity
