#include "similarity_report.hpp"

#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <sstream>

namespace similarity {

namespace {

using course::csv_field;
using course::html_escaped;



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

std::string not_submitted_note(const LabCorpus& corpus) {
    return corpus.not_submitted.empty() ? std::string()
                                        : fmt::format(" ({} students without this lab)", corpus.not_submitted.size());
}

std::string percent(double share) { return fmt::format("{:.0f}%", 100.0 * share); }

// Lines first..last (1-based) of `text`, numbered.
std::string numbered_lines(const std::string& text, unsigned first, unsigned last) {
    std::istringstream in(text);
    std::string line, out;
    for (unsigned number = 1; std::getline(in, line) && number <= last; ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // a Windows line end, not a character to show
        if (number >= first) out += fmt::format("{:>4}  {}\n", number, html_escaped(line));
    }
    return out;
}

std::string pair_anchor(const LabSimilarity& lab, const PairSimilarity& pair) {
    return fmt::format("{}-{}-{}", lab.corpus.lab_folder.substr(0, 2), pair.a, pair.b);
}

std::string pair_section(const LabSimilarity& lab, const PairSimilarity& pair) {
    const SubmissionFile& a = lab.corpus.files[pair.a];
    const SubmissionFile& b = lab.corpus.files[pair.b];
    std::string html = fmt::format("<h3 id=\"{}\">{} — {} and {}: {}</h3>\n", pair_anchor(lab, pair),
                                   html_escaped(lab.corpus.lab_folder), html_escaped(a.student),
                                   html_escaped(b.student), percent(pair.score));
    html += "<table class=\"side\"><tr><th>" + html_escaped(a.display_path) + "</th><th>" +
            html_escaped(b.display_path) + "</th></tr>\n";
    for (const MatchedRegion& r : pair.regions) {
        html += fmt::format("<tr><td><pre>{}</pre></td><td><pre>{}</pre></td></tr>\n",
                            numbered_lines(a.text, r.first_line_a, r.last_line_a),
                            numbered_lines(b.text, r.first_line_b, r.last_line_b));
    }
    return html + "</table>\n";
}

std::string ranked_table(const LabSimilarity& lab, double min_score, std::size_t max_pairs) {
    std::string html = "<table><tr><th>score</th><th>student</th><th>share</th><th>student</th><th>share</th></tr>\n";
    std::size_t shown = 0;
    for (const PairSimilarity& pair : lab.pairs) {
        const bool linked = pair.score >= min_score && shown < max_pairs;
        shown += linked;
        const std::string score = linked ? fmt::format("<a href=\"#{}\">{}</a>", pair_anchor(lab, pair), percent(pair.score))
                                         : percent(pair.score);
        html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", score,
                            html_escaped(lab.corpus.files[pair.a].student), percent(pair.share_a),
                            html_escaped(lab.corpus.files[pair.b].student), percent(pair.share_b));
    }
    return html + "</table>\n";
}

std::string lab_notes(const LabCorpus& corpus) {
    std::string html = fmt::format(
        "<p>{} files compared{}; {}; {} fingerprints shared by most of the class left out.</p>\n", corpus.files.size(),
        html_escaped(not_submitted_note(corpus)),
        corpus.stub_subtracted ? "what the stub provides subtracted" : "no stub found to subtract",
        corpus.common_fingerprints_left_out);
    for (const std::string& note : corpus.not_compared) html += "<p class=\"note\">not compared: " + html_escaped(note) + "</p>\n";
    return html;
}

constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:2px 8px;vertical-align:top}"
    "table.side td{width:50%}pre{margin:0;font-size:12px}.note{color:#a40}</style>\n";

}  // namespace

std::string similarity_csv(const std::vector<LabSimilarity>& labs) {
    std::string csv = "lab,student_a,student_b,score,share_a,share_b,shared_fingerprints,regions,lines_a,lines_b\n";
    for (const LabSimilarity& lab : labs) {
        for (const PairSimilarity& pair : lab.pairs) {
            csv += fmt::format("{},{},{},{:.3f},{:.3f},{:.3f},{},{},{},{}\n", csv_field(lab.corpus.lab_folder),
                               csv_field(lab.corpus.files[pair.a].student), csv_field(lab.corpus.files[pair.b].student),
                               pair.score, pair.share_a, pair.share_b, pair.shared, pair.regions.size(),
                               lines_covered(pair.regions, true), lines_covered(pair.regions, false));
        }
    }
    return csv;
}

std::string similarity_html(const std::vector<LabSimilarity>& labs, double min_score, std::size_t max_pairs) {
    std::string html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>labcheck similarity</title>\n";
    html += std::string(kStyle) + "</head><body>\n<h1>Similarity across the class</h1>\n";
    html += "<p>Score: the mean share of each file's fingerprints found in the other (winnowed 12-token "
            "runs, identifiers and literals normalised). A high score is a reason to read both files, "
            "not a verdict.</p>\n";
    for (const LabSimilarity& lab : labs) {
        if (lab.corpus.files.empty() && lab.corpus.not_compared.empty()) continue;
        html += "<h2>" + html_escaped(lab.corpus.lab_folder) + "</h2>\n" + lab_notes(lab.corpus);
        html += ranked_table(lab, min_score, max_pairs);
        std::size_t shown = 0;
        for (const PairSimilarity& pair : lab.pairs)
            if (pair.score >= min_score && shown++ < max_pairs) html += pair_section(lab, pair);
    }
    return html + "</body></html>\n";
}

std::string similarity_summary(const std::vector<LabSimilarity>& labs, std::size_t top) {
    std::string text;
    for (const LabSimilarity& lab : labs) {
        if (lab.corpus.files.empty() && lab.corpus.not_compared.empty()) continue;  // nobody submitted this lab
        text += fmt::format("{}: {} files, {} pairs{}\n", lab.corpus.lab_folder, lab.corpus.files.size(),
                            lab.pairs.size(), not_submitted_note(lab.corpus));
        for (std::size_t i = 0; i < lab.pairs.size() && i < top; ++i) {
            const PairSimilarity& pair = lab.pairs[i];
            text += fmt::format("  {:>4}  {} — {}\n", percent(pair.score), printable(lab.corpus.files[pair.a].student),
                                printable(lab.corpus.files[pair.b].student));
        }
        for (const std::string& note : lab.corpus.not_compared) text += "  not compared: " + printable(note) + "\n";
    }
    return text;
}

}  // namespace similarity
