// similarity_html: the index page and a page per cluster. The index, per lab:
// notes, the clusters from --min-score (a ring of five is one row, linked to its
// page), and every student's highest match. A cluster page: its pairs, then each
// pair's regions side by side. Capped (--max-listed): the rest is in the CSV.
#include "similarity_report.hpp"

#include "description/lab_number.hpp"

#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
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
    if (r.common != 0) caption += fmt::format(", {} of them common to the class", r.common);
    return "<tr><td colspan=\"2\" class=\"cap\">" + caption + "</td></tr>\n";
}

std::string pair_heading(const LabSimilarity& lab, const PairSimilarity& pair) {
    return fmt::format("<h3 id=\"{}\">{} — {} and {}{}: {}</h3>\n<p>{} tokens' worth of code rare in the class "
                       "shared; whole code {}; {} shared fingerprints, {} of them common to the class.</p>\n",
                       pair_anchor(lab, pair), html_escaped(lab.corpus.lab_folder),
                       html_escaped(lab.corpus.files[pair.a].student), html_escaped(file_b(lab.corpus, pair).student),
                       pair.b_known ? " (known source)" : "", percent(pair.score), std::lround(pair.rare_shared),
                       percent(pair.whole), pair.shared, pair.shared_common);
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

// Long lines wrap inside their half of the side-by-side table (fixed layout), so the page never
// scrolls sideways whatever a submission's lines hold.
constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;margin:2em;max-width:100%}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:2px 8px;vertical-align:top;overflow-wrap:anywhere}"
    "table.side{table-layout:fixed;width:100%}table.side td{width:50%}"
    "pre{margin:0;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}"
    ".note{color:#a40}.cap{background:#f4f4f4;font-size:12px}.flag{background:#fdd}.known{font-style:italic}"
    "</style>\n";

std::string page_head(const std::string& title) {
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html_escaped(title) + "</title>\n" +
           std::string(kStyle) + "</head><body>\n";
}

std::string cluster_file(const LabSimilarity& lab, std::size_t number) {
    return fmt::format("{}-cluster-{}.html", course::lab_number(lab.corpus.lab_folder), number);
}

std::string member_names(const LabSimilarity& lab, const Cluster& cluster) {
    std::string names;
    for (const std::size_t s : cluster.students)
        names += (names.empty() ? "" : ", ") + html_escaped(lab.corpus.files[s].student);
    for (const std::size_t k : cluster.known)
        names += (names.empty() ? "" : ", ") + std::string("<span class=\"known\">") +
                 html_escaped(lab.corpus.known[k].student) + " (known source)</span>";
    return names;
}

std::string pair_row(const LabSimilarity& lab, const PairSimilarity& pair) {
    return fmt::format("<tr{}><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                       pair.flagged ? " class=\"flag\"" : "", pair_anchor(lab, pair), percent(pair.score),
                       html_escaped(lab.corpus.files[pair.a].student), html_escaped(file_b(lab.corpus, pair).student),
                       std::lround(pair.rare_shared), percent(pair.whole));
}

// The pairs of a cluster, most similar first, at most `cap` of them.
std::vector<const PairSimilarity*> cluster_pairs(const LabSimilarity& lab, const Cluster& cluster, std::size_t cap) {
    std::vector<const PairSimilarity*> pairs;
    for (const std::size_t i : cluster.known_pairs) pairs.push_back(&lab.known_matches[i]);
    for (const std::size_t i : cluster.pairs) pairs.push_back(&lab.pairs[i]);
    std::stable_sort(pairs.begin(), pairs.end(), [](const auto* x, const auto* y) { return x->score > y->score; });
    if (pairs.size() > cap) pairs.resize(cap);
    return pairs;
}

std::string cluster_page(const LabSimilarity& lab, const Cluster& cluster, std::size_t number,
                         const HtmlSettings& settings, const std::string& index_link) {
    const auto pairs = cluster_pairs(lab, cluster, settings.max_listed);
    const std::size_t all = cluster.pairs.size() + cluster.known_pairs.size();
    std::string html = page_head(fmt::format("{} cluster {}", lab.corpus.lab_folder, number));
    html += fmt::format("<p><a href=\"{}\">back to the index</a></p>\n<h1>{}, cluster {}: {}</h1>\n",
                        html_escaped(index_link), html_escaped(lab.corpus.lab_folder), number, member_names(lab, cluster));
    html += fmt::format("<p>{} pairs: the flagged ones (score from {}, shaded) and those from {} between flagged "
                        "files; the highest {}. A flag is a reason to read both files, not a verdict.",
                        all, percent(lab.flag.line), percent(lab.flag.line - kClusterReach), percent(cluster.highest));
    if (pairs.size() < all) html += fmt::format(" The {} most similar are shown; every pair is in the CSV.", pairs.size());
    html += "</p>\n<table><tr><th>score</th><th>student</th><th>with</th><th>rare code shared (tokens)</th>"
            "<th>whole code</th></tr>\n";
    for (const PairSimilarity* pair : pairs) html += pair_row(lab, *pair);
    html += "</table>\n";
    for (const PairSimilarity* pair : pairs) html += pair_section(lab, *pair);
    return html + "</body></html>\n";
}

std::string lab_notes(const LabSimilarity& lab) {
    const LabCorpus& corpus = lab.corpus;
    std::string html;
    if (lab.flag.held_back()) html += "<p class=\"note\"><b>No pair flagged:</b> " + html_escaped(held_back_note(lab)) + ".</p>\n";
    if (const std::string note = outlier_note(lab); !note.empty())
        html += "<p class=\"note\"><b>Flagged as standing out:</b> " + html_escaped(note) + ".</p>\n";
    html += fmt::format("<p>{} files compared ({} independent: near-identical files count once)",
                        corpus.files.size(), corpus.independent);
    if (!corpus.not_submitted.empty()) html += fmt::format(", {} students without this lab", corpus.not_submitted.size());
    html += fmt::format("; {}; {} fingerprints common to the class ({} of all) not counted; {} known sources.</p>\n",
                        corpus.stub_subtracted ? "what the stub provides subtracted" : "no stub found to subtract",
                        corpus.common_fingerprints_left_out, percent(corpus.share_left_out), corpus.known.size());
    if (corpus.share_left_out > 0.5) html += "<p class=\"note\">" + html_escaped(majority_note(corpus)) + ".</p>\n";
    for (const std::string& note : corpus.not_compared)
        html += "<p class=\"note\">not compared: " + html_escaped(note) + "</p>\n";
    return html;
}

struct LabIndex {
    std::string html;
    std::vector<HtmlPage> pages;
    std::map<std::size_t, std::size_t> cluster_of_student;  // student -> cluster number (1-based), listed ones
};

void add_clusters(const LabSimilarity& lab, const HtmlSettings& settings, LabIndex& index) {
    const std::vector<Cluster> clusters = clusters_of(lab);
    std::string rows;
    for (std::size_t i = 0; i < clusters.size() && i < settings.max_listed; ++i) {
        const std::string file = cluster_file(lab, i + 1);
        for (const std::size_t s : clusters[i].students) index.cluster_of_student[s] = i + 1;
        index.pages.push_back({file, cluster_page(lab, clusters[i], i + 1, settings, "../" + settings.index_name)});
        rows += fmt::format("<tr><td><a href=\"{}/{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                            html_escaped(settings.pages_folder), file, i + 1, percent(clusters[i].highest),
                            clusters[i].pairs.size() + clusters[i].known_pairs.size(), member_names(lab, clusters[i]));
    }
    index.html += fmt::format("<h3>Clusters of flagged pairs ({})</h3>\n", clusters.size());
    if (!rows.empty())
        index.html += "<table><tr><th>cluster</th><th>highest</th><th>pairs</th><th>members</th></tr>\n" + rows +
                      "</table>\n";
    if (clusters.size() > settings.max_listed)
        index.html += fmt::format("<p>{} more clusters: every pair is in the CSV.</p>\n",
                                  clusters.size() - settings.max_listed);
}

std::string student_row(const LabSimilarity& lab, const HighestMatch& match, const HtmlSettings& settings,
                        const LabIndex& index) {
    const std::string& name = lab.corpus.files[match.student].student;
    if (match.pair == nullptr) return "<tr><td>" + html_escaped(name) + "</td><td>–</td><td></td><td></td></tr>\n";
    const auto cluster = index.cluster_of_student.find(match.student);
    const std::string where = cluster == index.cluster_of_student.end()
                                  ? std::string()
                                  : fmt::format("<a href=\"{}/{}\">{}</a>", html_escaped(settings.pages_folder),
                                                cluster_file(lab, cluster->second), cluster->second);
    const SubmissionFile& other = other_file(lab.corpus, *match.pair, match.student);
    return fmt::format("<tr{}><td>{}</td><td>{}</td><td>{}{}</td><td>{}</td></tr>\n",
                       match.pair->flagged ? " class=\"flag\"" : "", html_escaped(name),
                       percent(match.pair->score), html_escaped(other.student),
                       match.pair->b_known ? " (known source)" : "", where);
}

constexpr const char* kStudentHead = "<table><tr><th>student</th><th>highest</th><th>with</th><th>cluster</th></tr>\n";

// Each student's highest match: the flagged ones in sight, the others folded (every student has one row).
void add_highest_matches(const LabSimilarity& lab, const HtmlSettings& settings, LabIndex& index) {
    std::string flagged, others;
    std::size_t flagged_count = 0, other_count = 0;
    for (const HighestMatch& match : highest_matches(lab)) {
        const bool flag = match.pair != nullptr && match.pair->flagged;
        (flag ? flagged : others) += student_row(lab, match, settings, index);
        ++(flag ? flagged_count : other_count);
    }
    index.html += fmt::format("<h3>Students with a flagged match ({})</h3>\n", flagged_count);
    if (flagged_count != 0) index.html += kStudentHead + flagged + "</table>\n";
    index.html += fmt::format("<details><summary>Every other student's highest match ({}), highest first</summary>\n",
                              other_count);
    if (other_count != 0) index.html += kStudentHead + others + "</table>\n";
    index.html += "</details>\n";
}

LabIndex lab_index(const LabSimilarity& lab, const HtmlSettings& settings) {
    LabIndex index;
    index.html = "<h2 id=\"" + html_escaped(lab.corpus.lab_folder) + "\">" + html_escaped(lab.corpus.lab_folder) +
                 "</h2>\n" + lab_notes(lab);
    add_clusters(lab, settings, index);
    add_highest_matches(lab, settings, index);
    return index;
}

std::size_t flagged_students(const LabSimilarity& lab) {
    std::size_t count = 0;
    for (const HighestMatch& match : highest_matches(lab)) count += match.pair != nullptr && match.pair->flagged;
    return count;
}

// One row per lab: what a reader looks at first.
std::string lab_table(const std::vector<LabSimilarity>& labs) {
    std::string html = "<table><tr><th>lab</th><th>files</th><th>flag line</th><th>students flagged</th>"
                       "<th>clusters</th><th>highest score</th><th>note</th></tr>\n";
    for (const LabSimilarity& lab : labs) {
        if (lab.corpus.files.empty()) continue;
        const double highest = std::max(lab.pairs.empty() ? 0.0 : lab.pairs.front().score,
                                        lab.known_matches.empty() ? 0.0 : lab.known_matches.front().score);
        html += fmt::format("<tr><td><a href=\"#{0}\">{0}</a></td><td>{1}</td><td>{2}</td><td>{3}</td><td>{4}</td>"
                            "<td>{5}</td><td>{6}</td></tr>\n",
                            html_escaped(lab.corpus.lab_folder), lab.corpus.files.size(), percent(lab.flag.line),
                            flagged_students(lab), clusters_of(lab).size(), percent(highest),
                            lab.flag.short_code         ? "code too short to tell: none flagged"
                            : lab.flag.held_back()      ? "code alike by nature: none flagged"
                            : lab.flag.crowded          ? "code alike by nature: only pairs standing out flagged"
                                                        : "");
    }
    return html + "</table>\n";
}

}  // namespace

HtmlReport similarity_html(const std::vector<LabSimilarity>& labs, const HtmlSettings& settings) {
    HtmlReport report;
    report.index = page_head("labcheck similarity") + "<h1>Similarity across the class</h1>\n";
    const FlagRule rule = labs.empty() ? FlagRule{} : labs.front().flag;
    report.index += fmt::format(
        "<p><b>Score</b>: how much of each file's own code, the code it does not share with most of the class, "
        "is found in the other (runs of {} tokens, identifiers and literals normalised; the lab's stub not "
        "counted; each token weighs by how few other files hold it), the mean of the two files' shares. "
        "<b>Flagged</b>: a pair from the lab's flag line (by default 80% up to 50 files, 90% from 300: the more "
        "pairs, the closer the closest honest pair), in a lab whose median file holds at least {} tokens of code "
        "beyond the stub and where at most {} of the independent submissions have such a match (otherwise its "
        "code is too short, or alike by nature, to tell a copy from a coincidence). A cluster joins everyone "
        "linked by flagged pairs. A flag is a reason to read both files, not a verdict; every pair is in the "
        "CSV.</p>\n",
        settings.corpus.winnow.k, rule.min_code, percent(rule.max_share));
    report.index += lab_table(labs);
    for (const LabSimilarity& lab : labs) {
        if (lab.corpus.files.empty() && lab.corpus.not_compared.empty()) continue;
        LabIndex index = lab_index(lab, settings);
        report.index += index.html;
        report.pages.insert(report.pages.end(), index.pages.begin(), index.pages.end());
    }
    return report;
}

}  // namespace similarity
