// Which sizes and seeds a lab's kernel is run at: the contract sizes from its
// lab.toml, the instructor's hidden sizes and seeds (checker/hidden.toml, left
// out of the student edition), and the small sizes Oclgrind simulates.
//
// checker/hidden.toml:
//   [labs.04]                        # the lab number
//   sizes = ["23x41x59", "150x1x7"]  # in the lab's size syntax (examples, not the real ones)
//   seeds = [90817263, 77]           # each hidden size runs once per seed (default: seed 1)
// With seeds but no sizes, the seeds are used on the contract sizes instead.
//   time_sizes = ["480x512x544"]     # more sizes the speedup stage may time at, for any device class,
//   time_sizes = { cpu = ["480x512x544"], gpu = ["4032x4096x4160"] }   # or per class
//   time_seed = 8675309              # picks the timed size and seeds the timed inputs
//                                    # (default: the first of `seeds`, else 1)
#pragma once

#include "description/lab_spec.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
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
    // Sizes the speedup stage may time at besides the lab's [speedup] size, by device class
    // ("cpu", "gpu"; "" for a list that applies to both).
    std::map<std::string, std::vector<std::string>> time_sizes;
    std::optional<std::uint64_t> time_seed;
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

// The size and seed the speedup stage times at. The candidates are the lab's [speedup] size and the
// hidden time_sizes for the spec's device class (its own list when it has one, else the list for
// both); one is picked by the time seed (time_seed, else the first hidden seed, else 1), so every
// submission of a grading run is timed at the same size, and the instructor changes it by changing
// the seed. The timed inputs' seed is derived from the time seed too, and differs from every seed the
// correctness checks use. `hidden` is set when the size is one of the hidden ones. Throws UserError
// when a hidden time size does not parse.
SizeCheck timed_check(const course::LabSpec& spec, const HiddenChecks* hidden);

// The sizes Oclgrind runs the kernel at, at one define set: `race_sizes` from the lab's
// [checker] table when given, else small sizes with ragged edges for the lab's kind of
// problem (a product gets K = 2.5 K-steps + 1 at the set's TILE_K or TILE_SIZE: at least
// three steps and a partial one, so write-after-read races between steps can show; 1x1x1
// too, unless the host pads to whole tiles), else its first two contract sizes.
std::vector<SizeCheck> race_checks(const course::LabSpec& spec, const course::Defines& defines);

// Multiply-adds (elements moved, for a transpose) Oclgrind would simulate for `checks` at
// these defines, after the host's padding (2^LEVELS × the macro tile for Strassen).
double simulated_work(const course::LabSpec& spec, const course::Defines& defines,
                      const std::vector<SizeCheck>& checks);

// Above this Oclgrind takes minutes: a set whose race sizes need more is left out of the
// dynamic check, and the report says which and why.
inline constexpr double kOclgrindWorkLimit = 4.0e6;

// Oclgrind's check for uninitialised reads (--uninitialized) keeps a shadow of every byte, private
// arrays included: on the register tiles of labs 05 and 06 it makes a run about three times as
// long (lab 06's GPU tiles: 16 s of processor time without it, about a minute with it). It runs at
// every define set whose race sizes need at most this much work, and always at the lab's cheapest
// set; the data-race and divergence checks run at every set. The report names the sets it skipped.
inline constexpr double kUninitializedWorkLimit = 2.5e5;

}  // namespace labcheck
