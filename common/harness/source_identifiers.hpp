// Whether a kernel file uses a name in its code: the check behind a lab's optional-extension
// define sets (`only_if_used`), which are graded only for a kernel that takes the extension on.
#pragma once

#include <string>

namespace course {

// Whether `name` occurs in `source` as a whole identifier outside comments and string or
// character literals (a comment that mentions ROWS_PER_ITEM does not take the extension on).
bool uses_identifier(const std::string& source, const std::string& name);

}  // namespace course
