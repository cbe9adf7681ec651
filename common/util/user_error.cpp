#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

std::string format_error(const ErrorParts& parts) {
    std::string text;
    if (!parts.where.empty()) text += parts.where + ": ";
    text += parts.happened;
    if (!parts.expected.empty()) text += fmt::format("\n  expected: {}", parts.expected);
    if (!parts.try_this.empty()) text += fmt::format("\n  try: {}", parts.try_this);
    return text;
}

UserError::UserError(const ErrorParts& parts) : std::runtime_error(format_error(parts)), parts_(parts) {}

}  // namespace course
