// The identifiers of a kernel file's code, read past its comments and literals: whether a lab's
// optional extension is used (`only_if_used` define sets), and what a message may point at (the
// first vector type, harness/kernel_source_features.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace course {

// One identifier of the code and where it is.
struct SourceWord {
    unsigned line = 0;  // 1-based line of the file
    std::string name;   // "float4"
};

// The first identifier `wanted` accepts, in the code and in directive lines (a macro's body
// included), never in a comment or a string or character literal.
std::optional<SourceWord> find_identifier(const std::string& source,
                                          const std::function<bool(const std::string&)>& wanted);

// Whether `name` occurs in `source` as a whole identifier outside comments and string or
// character literals (a comment that mentions ROWS_PER_ITEM does not take the extension on).
bool uses_identifier(const std::string& source, const std::string& name);

}  // namespace course
