// One lab's files across a class, ready to compare: each student's kernel file
// lexed and fingerprinted, minus what every submission gets for free — the
// fingerprints of the lab's stub — and, for the distinctive score only, those
// most of the class shares (the idioms a lab's contract forces: the signature,
// the bounds check, ... or a kernel most of the class copied). Known sources
// (the reference solution, last year's class) are fingerprinted the same way.
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
    // distinctive score (as MOSS does), when the lab has at least four submissions. The whole-code
    // score keeps it, so the filter cannot lower a pair's score.
    double max_share = 0.5;
};

struct StudentFile {
    std::string student;
    std::filesystem::path base;     // the student's folder laid out like labs/
    std::string display_base;       // how messages name it: "class/alice"
};

// A file the instructor names as a known source of this lab (--known NAME=PATH).
struct KnownText {
    std::string name;          // "reference", "lastyear/alice"
    std::string display_path;  // where it was read
    std::string text;
};

struct LabCorpus {
    std::string lab_folder;   // "04-matmul-tiled"
    std::string kernel_file;  // "matmul.cl"
    std::vector<SubmissionFile> files;
    std::vector<SubmissionFile> known;  // known sources, compared with every file, never with each other
    std::vector<std::string> not_submitted;  // students with no such file (nor its folder)
    std::vector<std::string> not_compared;   // "bob: <why the file could not be read>": a link, not UTF-8, ...
    bool stub_subtracted = false;
    std::size_t common_fingerprints_left_out = 0;  // distinct fingerprints the majority filter left out
    double share_left_out = 0;  // of all the files' fingerprints (stub removed), the share the filter left out
};

// Reads `kernel_file` of `lab_folder` for every student (safely: no links followed, size
// capped; a file that cannot be read is listed in not_compared) and subtracts `stub_text`
// (the lab's stub, when there is one) and the fingerprints most of the class shares. `known` is
// fingerprinted alike and takes no part in what "most of the class" is.
LabCorpus read_lab_corpus(const std::string& lab_folder, const std::string& kernel_file,
                          const std::vector<StudentFile>& students, const std::optional<std::string>& stub_text,
                          const CorpusSettings& settings, const std::vector<KnownText>& known = {});

// The lexing and fingerprinting of one text (for the stub, and for tests).
SubmissionFile fingerprint_text(const std::string& student, const std::string& display_path, const std::string& text,
                                const WinnowSettings& settings);

// Removes from every file's fingerprints those of `stub`, and from its distinctive ones also those in
// more than settings.max_share of `files`; `known` gets the same removals but is not counted in the
// share. Returns how many distinct common fingerprints the majority filter left out.
std::size_t subtract_shared(std::vector<SubmissionFile>& files, const SubmissionFile* stub,
                            const CorpusSettings& settings, std::vector<SubmissionFile>* known = nullptr);

// Of all of `files`' fingerprints, the share the majority filter left out of the distinctive ones.
double share_left_out(const std::vector<SubmissionFile>& files);

}  // namespace similarity
