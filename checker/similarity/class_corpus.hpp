// One lab's files across a class, ready to compare: each student's kernel file
// lexed and fingerprinted, minus what every submission gets for free — the
// fingerprints of the lab's stub — and, for the score, those most of the
// class's independent submissions hold (what every correct solution contains:
// the code the contract and the stub's TODOs lead to, as MOSS's -m option
// discounts it); the rest weighs by its rarity in the class. Near-identical
// files count once, so a kernel most of the class copied is not "what everybody
// writes". Known sources (the reference solution, last year's class) are
// fingerprinted the same way.
#pragma once

#include "pair_similarity.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace similarity {

struct CorpusSettings {
    WinnowSettings winnow;
    // A fingerprint held by more than this share of a lab's independent submissions (and by at least
    // min_holders of them) is left out of the distinctive score, which is the pair's score. The
    // whole-code score keeps it and is reported beside it.
    double max_share = 0.5;
    std::size_t min_holders = 3;  // what two (or two groups) share is never "common", however small the class
    // Files whose whole-code score reaches this are one group (copies of one another): a group holds a
    // fingerprint once, so copies never make their own code look common.
    double same_group = kNearIdentical;
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
    std::size_t independent = 0;  // groups of near-identical files (what the share is counted over)
    std::vector<std::size_t> group_of;  // each file's group, 0..independent-1
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

struct SharedRemoved {
    std::size_t common = 0;       // distinct fingerprints the majority filter left out
    std::size_t independent = 0;  // groups of near-identical files the share was counted over
    std::vector<std::size_t> group_of;  // each file's group
};

// Removes from every file's fingerprints those of `stub`, and from its distinctive ones also those held
// by more than settings.max_share (and at least settings.min_holders) of the groups of near-identical
// `files`; `known` gets the same removals but is not counted in the share.
SharedRemoved subtract_shared(std::vector<SubmissionFile>& files, const SubmissionFile* stub,
                              const CorpusSettings& settings, std::vector<SubmissionFile>* known = nullptr);

// Which group of near-identical files (whole-code score ≥ same_group, stub removed) each file is in:
// group ids 0..groups-1, in file order.
std::vector<std::size_t> independent_groups(const std::vector<SubmissionFile>& files, double same_group);

// Of all of `files`' fingerprints, the share the majority filter left out of the distinctive ones.
double share_left_out(const std::vector<SubmissionFile>& files);

}  // namespace similarity
