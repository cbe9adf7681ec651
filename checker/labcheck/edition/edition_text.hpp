// What the student edition changes in the files it copies, so that they name only
// what the edition has:
//
//   - Markdown: a block between the lines `<!-- full clone only -->` and
//     `<!-- end full clone only -->` is left out with its markers, and so is any line
//     containing `(full clone only)` (for a line of a code block or a table row, where
//     an HTML comment cannot stand);
//   - any other file whose first lines hold a comment line starting `// full clone only:` or
//     `# full clone only:` (a test whose kernels answer a lab, say why after the colon) is
//     left out whole (full_clone_only_file);
//   - meson_options.txt: the option slides_solutions defaults to false (no solution
//     code on the slides; the edition has none to show), also when it did already.
#pragma once

#include <string>

namespace labcheck {

// `text` of Markdown file `shown` (for messages) without its full-clone-only parts.
// Throws course::UserError on a marker that is not closed, or closed without being opened.
std::string student_markdown(const std::string& text, const std::string& shown);

// Whether `text`, a file that is not Markdown, marks itself as the full clone's only: one of its
// first 12 lines starts with `// full clone only:` or `# full clone only:` (after spaces).
bool full_clone_only_file(const std::string& text);

// meson_options.txt with slides_solutions defaulting to false (kept when it does already:
// the edition of an edition). Throws course::UserError when the file declares no boolean
// slides_solutions.
std::string student_meson_options(const std::string& text);

}  // namespace labcheck
