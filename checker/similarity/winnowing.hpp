// Document fingerprints by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing:
// local algorithms for document fingerprinting", SIGMOD 2003 — the method behind
// MOSS). Every run of k consecutive tokens (a k-gram) is hashed; of every w
// consecutive hashes the smallest is kept (the rightmost on a tie). Two files
// that share a run of at least w + k - 1 tokens are then guaranteed to share a
// fingerprint, and a shared run shorter than k tokens never counts.
#pragma once

#include "kernel_tokens.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace similarity {

struct WinnowSettings {
    std::size_t k = 8;  // tokens per k-gram, about a statement: shorter common runs are noise
    // Window: every common run of w + k - 1 tokens is found. 1 keeps every k-gram: a class of a few
    // hundred kernel files needs no thinning, and the score counts the tokens that shared k-grams
    // cover, which a sparser choice would leave with gaps at the ends of every common run.
    std::size_t w = 1;
};

struct Fingerprint {
    std::uint64_t hash = 0;
    std::size_t first_token = 0;  // where its k-gram starts in the token stream
    // How much sharing it says (set by the class corpus): log((groups + 1) / groups holding it), so
    // what few others wrote weighs more than what many did; 1 until a class is known.
    double weight = 1.0;
};

// The hash of every k-gram, in order (what winnowing chooses from).
std::vector<std::uint64_t> kgram_hashes(const std::vector<KernelToken>& tokens, const WinnowSettings& settings);

// The winnowed fingerprints in token order (a hash chosen by overlapping windows is kept once).
// A stream shorter than k tokens has none.
std::vector<Fingerprint> winnow(const std::vector<KernelToken>& tokens, const WinnowSettings& settings);

}  // namespace similarity
