// One lab's files across a class, ready to compare: each student's kernel file
// lexed and fingerprinted, minus what every submission gets for free — the
// fingerprints of the lab's stub, and those most of the class shares (the
// idioms a lab's contract forces: the signature, the bounds check, ...).
#pragma once

#include "pair_similarity.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace similarity {

struct CorpusSettings {
    WinnowSettings winnow;
    // A fingerprint found in more than this share of a lab's submissions is left out of every
    // comparison (as MOSS does), when the lab has at least four submissions.
    double max_share = 0.5;
};

struct StudentFile {
    std::string student;
    std::filesystem::path base;     // the student's folder laid out like labs/
    std::string display_base;       // how messages name it: "class/alice"
};

struct LabCorpus {
    std::string lab_folder;   // "04-matmul-tiled"
    std::string kernel_file;  // "matmul.cl"
    std::vector<SubmissionFile> files;
    std::vector<std::string> not_submitted;  // students with no such file (nor its folder)
    std::vector<std::string> not_compared;   // "bob: <why the file could not be read>": a link, not UTF-8, ...
    bool stub_subtracted = false;
    std::size_t common_fingerprints_left_out = 0;
};

// Reads `kernel_file` of `lab_folder` for every student (safely: no links followed, size
// capped; a file that cannot be read is listed in not_compared) and subtracts `stub_text`
// (the lab's stub, when there is one) and the fingerprints most of the class shares.
LabCorpus read_lab_corpus(const std::string& lab_folder, const std::string& kernel_file,
                          const std::vector<StudentFile>& students, const std::optional<std::string>& stub_text,
                          const CorpusSettings& settings);

// The lexing and fingerprinting of one text (for the stub, and for tests).
SubmissionFile fingerprint_text(const std::string& student, const std::string& display_path, const std::string& text,
                                const WinnowSettings& settings);

// Removes from every file the fingerprints of `stub` and those in more than settings.max_share of
// the files; returns how many distinct common ones were removed.
std::size_t subtract_shared(std::vector<SubmissionFile>& files, const SubmissionFile* stub,
                            const CorpusSettings& settings);

}  // namespace similarity
