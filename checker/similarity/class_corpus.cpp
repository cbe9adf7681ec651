#include "class_corpus.hpp"

#include "description/submission_layout.hpp"
#include "harness/kernel_source.hpp"

#include <algorithm>
#include <exception>
#include <unordered_map>
#include <unordered_set>

namespace similarity {

namespace {

std::unordered_set<std::uint64_t> hashes_of(const SubmissionFile& file) {
    std::unordered_set<std::uint64_t> hashes;
    for (const Fingerprint& f : file.fingerprints) hashes.insert(f.hash);
    return hashes;
}

// Hashes found in more than `max_share` of the files (counting each file once).
std::unordered_set<std::uint64_t> common_hashes(const std::vector<SubmissionFile>& files, double max_share) {
    std::unordered_set<std::uint64_t> common;
    if (files.size() < 4) return common;
    std::unordered_map<std::uint64_t, std::size_t> files_holding;
    for (const SubmissionFile& file : files)
        for (const std::uint64_t hash : hashes_of(file)) ++files_holding[hash];
    for (const auto& [hash, count] : files_holding)
        if (double(count) > max_share * double(files.size())) common.insert(hash);
    return common;
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
    SubmissionFile file{student, display_path, text, kernel_tokens(text, "submission.cl"), {}, {}};
    file.fingerprints = winnow(file.tokens, settings);
    file.distinctive = file.fingerprints;
    return file;
}

std::size_t subtract_shared(std::vector<SubmissionFile>& files, const SubmissionFile* stub,
                            const CorpusSettings& settings, std::vector<SubmissionFile>* known) {
    // Every k-gram of the stub, not only its fingerprints: a window that runs past the end of the
    // stub's text in a submission may choose a stub k-gram the stub alone did not.
    std::unordered_set<std::uint64_t> given;
    if (stub != nullptr)
        for (const std::uint64_t hash : kgram_hashes(stub->tokens, settings.winnow)) given.insert(hash);
    for (SubmissionFile& file : files) remove_hashes(file.fingerprints, given);
    std::unordered_set<std::uint64_t> common = common_hashes(files, settings.max_share);
    for (const std::uint64_t hash : given) common.erase(hash);  // counted once, as the stub's
    for (SubmissionFile& file : files) remove_from(file, given, common);
    if (known != nullptr)
        for (SubmissionFile& file : *known) remove_from(file, given, common);
    return common.size();
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
    LabCorpus corpus{lab_folder, kernel_file, {}, {}, {}, {}, stub_text.has_value(), 0, 0};
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
    corpus.common_fingerprints_left_out =
        subtract_shared(corpus.files, stub ? &*stub : nullptr, settings, &corpus.known);
    corpus.share_left_out = share_left_out(corpus.files);
    return corpus;
}

}  // namespace similarity
