// Which sizes and seeds a lab's kernel is run at: the contract sizes from its
// lab.toml, the instructor's hidden sizes and seeds (checker/hidden.toml, left
// out of the student edition), and the small sizes Oclgrind simulates.
//
// checker/hidden.toml:
//   [labs.04]                        # the lab number
//   sizes = ["31x47x65", "200x1x3"]  # in the lab's size syntax
//   seeds = [20240917, 77]           # each hidden size runs once per seed (default: seed 1)
// With seeds but no sizes, the seeds are used on the contract sizes instead.
#pragma once

#include "lab_spec.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace labcheck {

struct SizeCheck {
    std::string size;  // "37x50", "64x100x33"
    std::uint64_t seed = 1;
    bool hidden = false;  // from hidden.toml
};

struct HiddenChecks {
    std::vector<std::string> sizes;
    std::vector<std::uint64_t> seeds;
};

// Keyed by the two-digit lab number, "04".
using HiddenChecksByLab = std::map<std::string, HiddenChecks>;

// Parses hidden.toml text. Throws course::UserError naming `display_path` and the key on a bad file.
HiddenChecksByLab parse_hidden_checks(const std::string& text, const std::string& display_path);

// Reads the file; a file that does not exist gives no hidden checks.
HiddenChecksByLab load_hidden_checks(const std::filesystem::path& file, const std::string& display_path);

// The correctness checks of a lab: every contract size with seed 1, then the hidden
// sizes with every hidden seed. Throws UserError when a hidden size does not parse.
std::vector<SizeCheck> correctness_checks(const course::LabSpec& spec, const HiddenChecks* hidden);

// The sizes Oclgrind runs the kernel at: `race_sizes` from the lab's [checker]
// table when given, else small sizes with ragged edges (and a partial K tile) for
// the lab's kind of problem, else its first two contract sizes.
std::vector<SizeCheck> race_checks(const course::LabSpec& spec);

// "04" from "04", "4" or "04-matmul-tiled"; empty when it starts with no digit.
std::string lab_number(const std::string& text);

}  // namespace labcheck
