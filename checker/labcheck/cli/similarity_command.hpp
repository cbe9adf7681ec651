// `labcheck similarity --class DIR [--lab NN]... [--csv FILE] [--html FILE]`:
// compares every pair of a class's submissions per lab (see checker/similarity/)
// on this machine; no code leaves it. A CLI11 subcommand of labcheck, as `package` is.
#pragma once

#include "similarity_report.hpp"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace labcheck {

struct SimilarityOptions {
    std::string class_dir;
    std::vector<std::string> labs;
    std::string csv_file = "similarity.csv";
    std::string html_file;
    std::string root;
    std::vector<std::string> known;  // NAME=PATH
    double min_score = -1;   // the flag line; below 0: similarity::default_line of each lab's number of files
    double max_flagged_share = similarity::kMaxFlaggedShare;
    std::size_t min_code = similarity::kMinCode;
    std::size_t top = 5;
    std::size_t max_listed = 100;  // clusters per lab on the HTML index, pairs per cluster page
    similarity::CorpusSettings corpus;
    CLI::App* command = nullptr;  // set by add_similarity_command: true when it was given
};

// Adds `similarity --class DIR ...` to `app`.
void add_similarity_command(CLI::App& app, SimilarityOptions& options);

// Compares the class and writes the reports. Returns the exit status: 0 done, 2 an input error
// (said on stderr, "labcheck similarity: ...").
int run_similarity_command(const SimilarityOptions& options);

}  // namespace labcheck
