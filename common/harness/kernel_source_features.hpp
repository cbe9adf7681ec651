// What a kernel's source uses, read from its text (not from a compiler), for the words of a
// message: a crash is more often a misaligned vector access in a kernel that has vector types,
// and PoCL's note on barriers under uniform conditions means nothing to a kernel without one.
#pragma once

#include "harness/source_identifiers.hpp"

#include <optional>
#include <string>

namespace course {

// The first vector type of the code (float4, int2, uchar16, double8, ...), or nothing.
std::optional<SourceWord> first_vector_type(const std::string& text);

// Whether the code calls barrier or work_group_barrier.
bool calls_barrier(const std::string& text);

// What a crash can mean in a kernel that has vector types: a vector load or store through a
// pointer made from a scalar one, at an address that is not a multiple of the vector's size.
// `use`: first_vector_type's answer. One paragraph, no leading space.
std::string vector_alignment_hint(const SourceWord& use);

}  // namespace course
