#include "harness/kernel_source_features.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace course {

namespace {

constexpr std::array<std::string_view, 11> kScalarTypes = {"char", "uchar", "short", "ushort", "int",   "uint",
                                                           "long", "ulong", "half",  "float",  "double"};
constexpr std::array<std::string_view, 5> kVectorWidths = {"2", "3", "4", "8", "16"};

bool is_vector_type(const std::string& name) {
    for (const auto scalar : kScalarTypes) {
        if (name.size() <= scalar.size() || name.compare(0, scalar.size(), scalar) != 0) continue;
        const std::string_view width = std::string_view(name).substr(scalar.size());
        for (const auto w : kVectorWidths)
            if (width == w) return true;
    }
    return false;
}

// The scalar type and width of a vector type's name: "float4" -> {"float", 4}.
std::pair<std::string, int> scalar_and_width(const std::string& vector) {
    std::size_t digits = vector.size();
    while (digits > 0 && vector[digits - 1] >= '0' && vector[digits - 1] <= '9') --digits;
    return {vector.substr(0, digits), std::stoi(vector.substr(digits))};
}

int scalar_bytes(const std::string& scalar) {
    if (scalar == "char" || scalar == "uchar") return 1;
    if (scalar == "short" || scalar == "ushort" || scalar == "half") return 2;
    if (scalar == "long" || scalar == "ulong" || scalar == "double") return 8;
    return 4;
}

}  // namespace

std::optional<SourceWord> first_vector_type(const std::string& text) {
    return find_identifier(text, is_vector_type);
}

bool calls_barrier(const std::string& text) {
    return find_identifier(text, [](const std::string& name) {
               return name == "barrier" || name == "work_group_barrier";
           }).has_value();
}

std::string vector_alignment_hint(const SourceWord& use) {
    const auto [scalar, width] = scalar_and_width(use.name);
    // A 3-component vector is stored, and aligned, as 4.
    const int lanes = width == 3 ? 4 : width;
    return fmt::format(
        "Your kernel uses {} (line {}): a {} load or store needs an address that is a multiple of {} bytes, so "
        "a pointer made from a {} pointer, `*(__global {}*)(p + i)`, is only valid where i is a multiple of {}; "
        "at any other i (`p + 1`, an index missing its `* {}`) the access is undefined: a CPU device crashes "
        "like this, a GPU stops the kernel with an error. vload{}(0, p + i) and vstore{} need only a {}'s alignment.",
        use.name, use.line, use.name, lanes * scalar_bytes(scalar), scalar, use.name, lanes, lanes, width, width,
        scalar);
}

}  // namespace course
