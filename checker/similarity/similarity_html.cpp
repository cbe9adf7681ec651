// similarity_html: the page. Per lab: notes, the known-source matches and the
// student pairs from --min-score (most similar first, each linked), a count of
// the rest (all in the CSV), then every listed pair's regions side by side.
#include "similarity_report.hpp"

#include "description/lab_number.hpp"

#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <sstream>

namespace similarity {

namespace {

using course::html_escaped;

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
    return fmt::format("{}-{}-{}{}", course::lab_number(lab.corpus.lab_folder), pair.a, pair.b_known ? "k" : "", pair.b);
}

std::string region_caption(const MatchedRegion& r) {
    std::string caption = fmt::format("lines {}–{} and {}–{}: {} shared fingerprints", r.first_line_a, r.last_line_a,
                                      r.first_line_b, r.last_line_b, r.fingerprints);
    if (r.common != 0) caption += fmt::format(", {} of them shared by most of the class", r.common);
    return "<tr><td colspan=\"2\" class=\"cap\">" + caption + "</td></tr>\n";
}

std::string pair_heading(const LabSimilarity& lab, const PairSimilarity& pair) {
    return fmt::format("<h3 id=\"{}\">{} — {} and {}{}: {}</h3>\n<p>whole code {}, distinctive {}; {} shared "
                       "fingerprints, {} of them shared by most of the class.</p>\n",
                       pair_anchor(lab, pair), html_escaped(lab.corpus.lab_folder),
                       html_escaped(lab.corpus.files[pair.a].student), html_escaped(file_b(lab.corpus, pair).student),
                       pair.b_known ? " (known source)" : "", percent(pair.score), percent(pair.whole),
                       percent(pair.distinctive), pair.shared, pair.shared_common);
}

std::string pair_section(const LabSimilarity& lab, const PairSimilarity& pair) {
    const SubmissionFile& a = lab.corpus.files[pair.a];
    const SubmissionFile& b = file_b(lab.corpus, pair);
    std::string html = pair_heading(lab, pair);
    html += "<table class=\"side\"><tr><th>" + html_escaped(a.display_path) + "</th><th>" +
            html_escaped(b.display_path) + "</th></tr>\n";
    for (const MatchedRegion& r : pair.regions) {
        html += region_caption(r);
        html += fmt::format("<tr><td><pre>{}</pre></td><td><pre>{}</pre></td></tr>\n",
                            numbered_lines(a.text, r.first_line_a, r.last_line_a),
                            numbered_lines(b.text, r.first_line_b, r.last_line_b));
    }
    return html + "</table>\n";
}

std::string pair_row(const LabSimilarity& lab, const PairSimilarity& pair) {
    return fmt::format("<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
                       "<td>{}</td><td>{} of {}</td></tr>\n",
                       pair_anchor(lab, pair), percent(pair.score), html_escaped(lab.corpus.files[pair.a].student),
                       html_escaped(file_b(lab.corpus, pair).student), percent(pair.whole), percent(pair.distinctive),
                       pair.shared, pair.shared_common, pair.shared);
}

// The listed pairs (score ≥ min_score) as a table, and a line for the rest.
std::string listed_table(const LabSimilarity& lab, const std::vector<PairSimilarity>& pairs, double min_score,
                         const char* second_column) {
    std::size_t listed = 0;
    std::string rows;
    for (const PairSimilarity& pair : pairs) {
        if (pair.score < min_score) break;  // ranked: the rest are lower
        rows += pair_row(lab, pair);
        ++listed;
    }
    std::string html;
    if (listed != 0)
        html = fmt::format("<table><tr><th>score</th><th>student</th><th>{}</th><th>whole code</th>"
                           "<th>distinctive</th><th>shared</th><th>of them common</th></tr>\n{}</table>\n",
                           second_column, rows);
    if (listed < pairs.size())
        html += fmt::format("<p>{} more below {} (the highest {}): every one is in the CSV.</p>\n",
                            pairs.size() - listed, percent(min_score), percent(pairs[listed].score));
    return html;
}

std::string lab_notes(const LabCorpus& corpus) {
    std::string html = fmt::format("<p>{} files compared", corpus.files.size());
    if (!corpus.not_submitted.empty()) html += fmt::format(" ({} students without this lab)", corpus.not_submitted.size());
    html += fmt::format("; {}; {} fingerprints shared by most of the class ({} of all) left out of the distinctive "
                        "score; {} known sources.</p>\n",
                        corpus.stub_subtracted ? "what the stub provides subtracted" : "no stub found to subtract",
                        corpus.common_fingerprints_left_out, percent(corpus.share_left_out), corpus.known.size());
    if (corpus.share_left_out > 0.5) html += "<p class=\"note\">" + html_escaped(majority_note(corpus)) + ".</p>\n";
    for (const std::string& note : corpus.not_compared)
        html += "<p class=\"note\">not compared: " + html_escaped(note) + "</p>\n";
    return html;
}

std::string lab_page(const LabSimilarity& lab, double min_score) {
    std::string html = "<h2>" + html_escaped(lab.corpus.lab_folder) + "</h2>\n" + lab_notes(lab.corpus);
    if (!lab.known_matches.empty())
        html += "<h3>Matches with known sources</h3>\n" + listed_table(lab, lab.known_matches, min_score, "known source");
    html += "<h3>Pairs of students from " + percent(min_score) + "</h3>\n" +
            listed_table(lab, lab.pairs, min_score, "student");
    for (const auto* list : {&lab.known_matches, &lab.pairs})
        for (const PairSimilarity& pair : *list)
            if (pair.score >= min_score) html += pair_section(lab, pair);
    return html;
}

// Long lines wrap inside their half of the side-by-side table (fixed layout), so the page never
// scrolls sideways whatever a submission's lines hold.
constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;margin:2em;max-width:100%}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:2px 8px;vertical-align:top;overflow-wrap:anywhere}"
    "table.side{table-layout:fixed;width:100%}table.side td{width:50%}"
    "pre{margin:0;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}"
    ".note{color:#a40}.cap{background:#f4f4f4;font-size:12px}</style>\n";

}  // namespace

std::string similarity_html(const std::vector<LabSimilarity>& labs, double min_score) {
    std::string html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>labcheck similarity</title>\n";
    html += std::string(kStyle) + "</head><body>\n<h1>Similarity across the class</h1>\n";
    html += "<p>Score: the larger of two numbers, each the mean share of each file's fingerprints (winnowed "
            "12-token runs, identifiers and literals normalised) found in the other. <b>Whole code</b>: the "
            "lab's stub subtracted, nothing else; it depends only on the two files, so no class can lower it. "
            "<b>Distinctive</b>: also without what most of the class shares (the idioms the contract forces, "
            "or a kernel most of the class copied). A high score is a reason to read both files, not a verdict.</p>\n";
    for (const LabSimilarity& lab : labs) {
        if (lab.corpus.files.empty() && lab.corpus.not_compared.empty()) continue;
        html += lab_page(lab, min_score);
    }
    return html + "</body></html>\n";
}

}  // namespace similarity
