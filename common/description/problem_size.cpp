#include "description/problem_size.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <vector>

namespace course {

namespace {

std::vector<std::string> split_dimensions(std::string text) {
    // "×" is two bytes in UTF-8; turn it into 'x' first.
    for (std::size_t pos; (pos = text.find("×")) != std::string::npos;) text.replace(pos, std::string("×").size(), "x");
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == 'x' || text[i] == 'X') {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

}  // namespace

ProblemSize parse_problem_size(const std::string& text, SizeForm form) {
    const std::string shape = form == SizeForm::m_by_k ? "m×k, e.g. 37x50 (or one number for a square matrix)"
                                                       : "M×K×N, e.g. 64x100x33 (or one number for square matrices)";
    const auto parts = split_dimensions(text);
    std::vector<std::size_t> values;
    for (const auto& part : parts) {
        std::size_t used = 0;
        unsigned long long v = 0;
        try {
            v = std::stoull(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != part.size() || v == 0 || v > (1ull << 20)) {
            throw UserError({shape + ", each between 1 and 1048576", fmt::format("\"{}\"", text), "size",
                             "write the size as in the lab README"});
        }
        values.push_back(static_cast<std::size_t>(v));
    }
    const std::size_t wanted = form == SizeForm::m_by_k ? 2 : 3;
    if (values.size() == 1) return {values[0], values[0], values[0]};
    if (values.size() != wanted) {
        throw UserError({shape, fmt::format("\"{}\" has {} numbers", text, values.size()), "size",
                         "write the size as in the lab README"});
    }
    return form == SizeForm::m_by_k ? ProblemSize{values[0], values[1], 1}
                                    : ProblemSize{values[0], values[1], values[2]};
}

std::string size_text(const ProblemSize& size, SizeForm form) {
    return form == SizeForm::m_by_k ? fmt::format("{}×{}", size.m, size.k)
                                    : fmt::format("{}×{}×{}", size.m, size.k, size.n);
}

}  // namespace course
