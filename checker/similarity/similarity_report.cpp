#include "similarity_report.hpp"

#include "util/text_escape.hpp"

#include <fmt/format.h>

namespace similarity {

namespace {

using course::csv_field;

std::size_t lines_covered(const std::vector<MatchedRegion>& regions, bool side_a) {
    std::size_t lines = 0;
    for (const MatchedRegion& r : regions)
        lines += side_a ? r.last_line_a - r.first_line_a + 1 : r.last_line_b - r.first_line_b + 1;
    return lines;
}

// A name from the file system on one line of the terminal: control characters written out
// (course::printable_text), a newline or tab a space.
std::string printable(const std::string& text) {
    std::string out = course::printable_text(text);
    for (char& c : out) {
        if (c == '\n' || c == '\t') c = ' ';
    }
    return out;
}

std::string percent(double share) { return fmt::format("{:.0f}%", 100.0 * share); }

std::string csv_row(const LabSimilarity& lab, const PairSimilarity& pair) {
    return fmt::format("{},{},{},{:.3f},{:.3f},{:.3f},{},{},{},{},{:.3f},{:.3f},{},{},{:.1f},{}\n",
                       csv_field(lab.corpus.lab_folder), csv_field(lab.corpus.files[pair.a].student),
                       csv_field(file_b(lab.corpus, pair).student), pair.score, pair.share_a, pair.share_b, pair.shared,
                       pair.regions.size(), lines_covered(pair.regions, true), lines_covered(pair.regions, false),
                       pair.whole, pair.distinctive, pair.shared_common, pair.b_known ? "known" : "student",
                       pair.rare_shared, pair.flagged ? "yes" : "no");
}

std::size_t count_flagged(const std::vector<PairSimilarity>& pairs) {
    std::size_t count = 0;
    for (const PairSimilarity& pair : pairs) count += pair.flagged;
    return count;
}

std::string summary_lines(const LabSimilarity& lab, const std::vector<PairSimilarity>& pairs, std::size_t top,
                          const char* joiner) {
    std::string text;
    for (std::size_t i = 0; i < pairs.size() && i < top; ++i) {
        const PairSimilarity& pair = pairs[i];
        text += fmt::format("  {:>4}  {} {} {}{}{}\n", percent(pair.score), printable(lab.corpus.files[pair.a].student),
                            joiner, printable(file_b(lab.corpus, pair).student),
                            pair.b_known ? " (known source)" : "", pair.flagged ? "  flagged" : "");
    }
    return text;
}

std::string lab_summary(const LabSimilarity& lab, std::size_t top) {
    std::string text = fmt::format("{}: {} files, {} pairs, {} flagged (from {})", lab.corpus.lab_folder,
                                   lab.corpus.files.size(), lab.pairs.size(),
                                   count_flagged(lab.pairs) + count_flagged(lab.known_matches),
                                   percent(lab.flag.line));
    if (!lab.corpus.not_submitted.empty())
        text += fmt::format(" ({} students without this lab)", lab.corpus.not_submitted.size());
    text += "\n" + summary_lines(lab, lab.known_matches, top, "matches") + summary_lines(lab, lab.pairs, top, "—");
    if (lab.flag.held_back()) text += "  no pair flagged: " + held_back_note(lab) + "\n";
    if (const std::string note = outlier_note(lab); !note.empty()) text += "  flagged as standing out: " + note + "\n";
    if (lab.corpus.share_left_out > 0.5)
        text += "  " + majority_note(lab.corpus) + "\n";
    for (const std::string& note : lab.corpus.not_compared) text += "  not compared: " + printable(note) + "\n";
    return text;
}

}  // namespace

const SubmissionFile& file_b(const LabCorpus& corpus, const PairSimilarity& pair) {
    return pair.b_known ? corpus.known[pair.b] : corpus.files[pair.b];
}

std::string majority_note(const LabCorpus& corpus) {
    return fmt::format("most of the class shares most of its code: {} of the fingerprints are common to the class "
                       "and not counted (what the lab leads everyone to write, or a common source: name it with "
                       "--known; near-identical files are copies whatever the class holds)",
                       percent(corpus.share_left_out));
}

std::string similarity_csv(const std::vector<LabSimilarity>& labs) {
    std::string csv = "lab,student_a,student_b,score,share_a,share_b,shared_fingerprints,regions,lines_a,lines_b,"
                      "whole_score,distinctive_score,shared_common,b_is,own_code_shared,flagged\n";
    for (const LabSimilarity& lab : labs) {
        for (const PairSimilarity& pair : lab.known_matches) csv += csv_row(lab, pair);
        for (const PairSimilarity& pair : lab.pairs) csv += csv_row(lab, pair);
    }
    return csv;
}

std::string similarity_summary(const std::vector<LabSimilarity>& labs, std::size_t top) {
    std::string text;
    for (const LabSimilarity& lab : labs) {
        if (lab.corpus.files.empty() && lab.corpus.not_compared.empty()) continue;  // nobody submitted this lab
        text += lab_summary(lab, top);
    }
    return text;
}

}  // namespace similarity
