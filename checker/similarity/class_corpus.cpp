#include "class_corpus.hpp"

#include "description/submission_layout.hpp"
#include "harness/kernel_source.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <unordered_map>
#include <unordered_set>

namespace similarity {

namespace {

// The whole-code score of compare_files, from sorted distinct hashes.
double whole_score(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    if (a.empty() || b.empty()) return 0.0;
    const double shared = double(shared_count(a, b));
    return (shared / double(a.size()) + shared / double(b.size())) / 2.0;
}

std::size_t root_of(std::vector<std::size_t>& parent, std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

using GroupsHolding = std::unordered_map<std::uint64_t, std::size_t>;  // hash -> groups holding it

GroupsHolding groups_holding(const std::vector<SubmissionFile>& files, const std::vector<std::size_t>& group) {
    std::unordered_map<std::uint64_t, std::unordered_set<std::size_t>> holders;
    for (std::size_t i = 0; i < files.size(); ++i)
        for (const Fingerprint& f : files[i].fingerprints) holders[f.hash].insert(group[i]);
    GroupsHolding count;
    for (const auto& [hash, by] : holders) count[hash] = by.size();
    return count;
}

// Hashes held by more than `max_share` of the groups (and by at least min_holders), each group counted once.
std::unordered_set<std::uint64_t> common_hashes(const GroupsHolding& holding, std::size_t groups,
                                                const CorpusSettings& settings) {
    std::unordered_set<std::uint64_t> common;
    for (const auto& [hash, by] : holding)
        if (by >= settings.min_holders && double(by) > settings.max_share * double(groups)) common.insert(hash);
    return common;
}

// Rarity: 1 - the share of the other independent submissions (groups) that hold it: 1 for what only
// this file (or its group of near-identical files) wrote, falling to 0 as every other one holds it. A known source is no group of the class, so for it every group that holds a hash is another.
void weigh(std::vector<Fingerprint>& prints, const GroupsHolding& holding, std::size_t groups, bool in_class) {
    const double others = double(groups) - (in_class ? 1.0 : 0.0);
    for (Fingerprint& f : prints) {
        const auto found = holding.find(f.hash);
        const double by = (found == holding.end() ? 0.0 : double(found->second)) - (in_class ? 1.0 : 0.0);
        f.weight = others <= 0 ? 1.0 : 1.0 - std::max(0.0, by) / others;
    }
}

void remove_hashes(std::vector<Fingerprint>& prints, const std::unordered_set<std::uint64_t>& hashes) {
    prints.erase(std::remove_if(prints.begin(), prints.end(),
                                [&](const Fingerprint& f) { return hashes.count(f.hash) != 0; }),
                 prints.end());
}

void remove_from(SubmissionFile& file, const std::unordered_set<std::uint64_t>& stub,
                 const std::unordered_set<std::uint64_t>& common) {
    remove_hashes(file.fingerprints, stub);
    file.distinctive = file.fingerprints;
    remove_hashes(file.distinctive, common);
}

}  // namespace

SubmissionFile fingerprint_text(const std::string& student, const std::string& display_path, const std::string& text,
                                const WinnowSettings& settings) {
    SubmissionFile file;
    file.student = student;
    file.display_path = display_path;
    file.text = text;
    file.tokens = kernel_tokens(text, "submission.cl");
    file.k = settings.k;
    file.fingerprints = winnow(file.tokens, settings);
    file.distinctive = file.fingerprints;
    prepare(file);
    return file;
}

std::vector<std::size_t> independent_groups(const std::vector<SubmissionFile>& files, double same_group) {
    std::vector<std::size_t> parent(files.size());
    for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = i;
    for (std::size_t a = 0; a < files.size(); ++a)
        for (std::size_t b = a + 1; b < files.size(); ++b)
            if (whole_score(files[a].whole_hashes, files[b].whole_hashes) >= same_group)
                parent[root_of(parent, b)] = root_of(parent, a);
    std::unordered_map<std::size_t, std::size_t> id_of_root;
    std::vector<std::size_t> group(files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        group[i] = id_of_root.emplace(root_of(parent, i), id_of_root.size()).first->second;
    return group;
}

SharedRemoved subtract_shared(std::vector<SubmissionFile>& files, const SubmissionFile* stub,
                              const CorpusSettings& settings, std::vector<SubmissionFile>* known) {
    // Every k-gram of the stub, not only its fingerprints: a window that runs past the end of the
    // stub's text in a submission may choose a stub k-gram the stub alone did not.
    std::unordered_set<std::uint64_t> given;
    if (stub != nullptr)
        for (const std::uint64_t hash : kgram_hashes(stub->tokens, settings.winnow)) given.insert(hash);
    for (SubmissionFile& file : files) {
        remove_hashes(file.fingerprints, given);
        prepare(file);
    }
    const std::vector<std::size_t> group = independent_groups(files, settings.same_group);
    const std::size_t groups = files.empty() ? 0 : *std::max_element(group.begin(), group.end()) + 1;
    const GroupsHolding holding = groups_holding(files, group);
    const std::unordered_set<std::uint64_t> common = common_hashes(holding, groups, settings);
    for (SubmissionFile& file : files) remove_from(file, given, common);
    if (known != nullptr)
        for (SubmissionFile& file : *known) remove_from(file, given, common);
    for (SubmissionFile& file : files) {
        weigh(file.distinctive, holding, groups, true);
        prepare(file);
    }
    if (known != nullptr)
        for (SubmissionFile& file : *known) {
            weigh(file.distinctive, holding, groups, false);
            prepare(file);
        }
    return {common.size(), groups, group};
}

double share_left_out(const std::vector<SubmissionFile>& files) {
    std::size_t all = 0, kept = 0;
    for (const SubmissionFile& file : files) {
        all += file.fingerprints.size();
        kept += file.distinctive.size();
    }
    return all == 0 ? 0.0 : double(all - kept) / double(all);
}

LabCorpus read_lab_corpus(const std::string& lab_folder, const std::string& kernel_file,
                          const std::vector<StudentFile>& students, const std::optional<std::string>& stub_text,
                          const CorpusSettings& settings, const std::vector<KnownText>& known) {
    LabCorpus corpus{lab_folder, kernel_file, {}, {}, {}, {}, stub_text.has_value(), 0, 0, {}, 0};
    const std::filesystem::path inside = std::filesystem::path(lab_folder) / kernel_file;
    for (const StudentFile& student : students) {
        std::error_code ec;
        if (!std::filesystem::exists(std::filesystem::symlink_status(student.base / lab_folder, ec))) {
            corpus.not_submitted.push_back(student.student);
            continue;
        }
        const std::string display = student.display_base + "/" + inside.generic_string();
        try {
            const course::KernelSource source = course::read_kernel_source(student.base, inside, display, course::submission_missing_hint);
            corpus.files.push_back(fingerprint_text(student.student, display, source.text, settings.winnow));
        } catch (const std::exception& error) {
            corpus.not_compared.push_back(student.student + ": " + error.what());
        }
    }
    std::optional<SubmissionFile> stub;
    if (stub_text) stub = fingerprint_text("stub", "stub", *stub_text, settings.winnow);
    for (const KnownText& source : known)
        corpus.known.push_back(fingerprint_text(source.name, source.display_path, source.text, settings.winnow));
    const SharedRemoved removed = subtract_shared(corpus.files, stub ? &*stub : nullptr, settings, &corpus.known);
    corpus.common_fingerprints_left_out = removed.common;
    corpus.independent = removed.independent;
    corpus.group_of = removed.group_of;
    corpus.share_left_out = share_left_out(corpus.files);
    return corpus;
}

}  // namespace similarity
