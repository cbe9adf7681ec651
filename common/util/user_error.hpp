// An error the user can do something about. Every one says what was expected,
// what happened, where, and what to try, so the four parts are separate fields
// and the message is put together in one place.
#pragma once

#include <stdexcept>
#include <string>

namespace course {

struct ErrorParts {
    std::string expected;  // what the program needed
    std::string happened;  // what it found instead
    std::string where;     // file, kernel, line, element or device
    std::string try_this;  // the next thing the user can do
};

class UserError : public std::runtime_error {
public:
    explicit UserError(const ErrorParts& parts);
    const ErrorParts& parts() const { return parts_; }

private:
    ErrorParts parts_;
};

// "where: happened (expected ...). Try: ..." on one or more lines.
std::string format_error(const ErrorParts& parts);

}  // namespace course
