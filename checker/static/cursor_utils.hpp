// Small wrappers over libclang's C cursor API: children, names, positions, tokens, constants.
// libclang 15 has no call that names a binary operator, so operators are read from the tokens.
#pragma once

#include <clang-c/Index.h>

#include <optional>
#include <string>
#include <vector>

namespace checker::barriers {

// Where something is, as a person reads it: the file, and the line and column where the code (or
// the macro use that produced it) is written.
struct SourcePosition {
    std::string file;  // empty for the main file (shown with the input's display path)
    unsigned line = 0, column = 0;
};

std::string take_string(CXString text);  // copies and disposes a CXString

std::vector<CXCursor> children_of(CXCursor cursor);
std::string spelling_of(CXCursor cursor);
std::string type_spelling_of(CXType type);
SourcePosition position_of(CXSourceLocation location, const std::string& main_file);
SourcePosition position_of(CXCursor cursor, const std::string& main_file);

// The source a reader sees for a cursor: for code produced by a macro, the macro's use
// (e.g. `STORE_TILE(0)`), with tokens and offsets that agree.
CXSourceRange file_range_of(CXCursor cursor);
// The file offset where that range begins or ends.
unsigned begin_offset_of(CXCursor cursor);
unsigned end_offset_of(CXCursor cursor);

// Implicit conversions that libclang shows as a one-child UnexposedExpr covering the same source,
// plus parentheses and explicit casts: none of them change which element or variable is meant.
bool is_implicit_wrapper(CXCursor cursor);
CXCursor strip_wrappers(CXCursor cursor);

struct Token {
    std::string text;
    unsigned offset = 0;
    CXTokenKind kind = CXToken_Punctuation;
};
std::vector<Token> tokens_of(CXTranslationUnit unit, CXCursor cursor);

// The code as written, tokens joined with single spaces only where needed ("As[ty][k]").
std::string source_text_of(CXTranslationUnit unit, CXCursor cursor);

// "=", "+", "&&", ... for a BinaryOperator or CompoundAssignOperator; empty when the operator is
// hidden inside a macro expansion and cannot be read from the tokens.
std::string binary_operator_of(CXTranslationUnit unit, CXCursor binary);

enum class UnaryShape { dereference, address_of, increment_or_decrement, arithmetic };
// Told apart from the operand's and the result's types, which works inside macros too.
UnaryShape unary_shape_of(CXCursor unary);

// True for an expression that names storage (x, a[i], *p, v.x) rather than computing a value.
bool is_lvalue_expression(CXCursor cursor);

std::optional<long long> evaluate_integer(CXCursor cursor);

bool is_array_type(CXType type);
bool is_pointer_type(CXType type);
// A `__local` variable, array, or pointer to `__local` memory.
bool is_local_memory_type(CXType type);

}  // namespace checker::barriers
