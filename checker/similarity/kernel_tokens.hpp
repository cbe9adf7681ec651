// A kernel file as the similarity check sees it: the stream of its tokens from
// libclang's lexer, with comments and whitespace gone, every identifier that is
// the student's own replaced by one placeholder and every literal by another.
// Renaming a variable or retyping a constant then changes nothing; nor do `const`,
// braces, or `i++` for `++i` as a statement: what is left is the shape of the code.
#pragma once

#include <string>
#include <vector>

namespace similarity {

struct KernelToken {
    std::string text;  // normalised: "ID" for a student's identifier, "LIT" for a literal, else the token
    unsigned line = 0; // 1-based line in the file, for showing where a match lies
};

// Lexes `source` (the text of `file_name`, used in nothing but libclang's bookkeeping) as every
// build reads it: what self_contained_source.hpp leaves out or refuses is not lexed. Never
// throws on bad code: a file that does not parse still has tokens. OpenCL's own words (keywords,
// address spaces, builtins such as get_local_id or barrier, CLK_* flags, vector types) keep their
// text, since a student cannot rename them. `const`, `{` and `}` are left out, and a postfix
// increment or decrement that is a statement of its own (followed by `)`, `;` or `,`) comes
// prefix: a copier changes them at no cost, and the shape of the code does not depend on them.
std::vector<KernelToken> kernel_tokens(const std::string& source, const std::string& file_name);

}  // namespace similarity
