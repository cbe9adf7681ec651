// OpenCL compilers report errors against names the student never saw: PoCL a
// temporary file in its kernel cache, NVIDIA "<kernel>", others "<source>".
// These functions rewrite such locations to the student's own file.
#pragma once

#include <string>

namespace course {

// Rewrites every "anonymous-source:LINE[:COL]" location in `log` to "display_path:LINE[:COL]".
// Locations that name real files (an #include'd header) are left as they are.
std::string map_build_log(const std::string& log, const std::string& display_path);

// Keeps only what the compiler said about the student's own file (an already-mapped log):
// a diagnostic located in another file (an OpenCL header, or anything else) is dropped with
// its notes and quoted lines, and a quoted source line is replaced by the student's own line
// from `source_text`, so no byte of another file reaches a message. Lines without a location
// (e.g. "2 errors generated.") are kept; a last line says how many lines were left out.
std::string student_diagnostics(const std::string& mapped_log, const std::string& display_path,
                                const std::string& source_text);

// Line of the first error in an already-mapped log, or 0 when none is named.
unsigned first_error_line(const std::string& mapped_log, const std::string& display_path);

}  // namespace course
