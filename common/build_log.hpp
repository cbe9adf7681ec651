// OpenCL compilers report errors against names the student never saw: PoCL a
// temporary file in its kernel cache, NVIDIA "<kernel>", others "<source>".
// These functions rewrite such locations to the student's own file.
#pragma once

#include <string>

namespace course {

// Rewrites every "anonymous-source:LINE[:COL]" location in `log` to "display_path:LINE[:COL]".
// Locations that name real files (an #include'd header) are left as they are.
std::string map_build_log(const std::string& log, const std::string& display_path);

// Line of the first error in an already-mapped log, or 0 when none is named.
unsigned first_error_line(const std::string& mapped_log, const std::string& display_path);

}  // namespace course
