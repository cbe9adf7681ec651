#include "cursor_utils.hpp"

namespace checker::barriers {

std::string take_string(CXString text) {
    const char* chars = clang_getCString(text);
    std::string copy = chars ? chars : "";
    clang_disposeString(text);
    return copy;
}

std::vector<CXCursor> children_of(CXCursor cursor) {
    std::vector<CXCursor> children;
    clang_visitChildren(
        cursor,
        [](CXCursor child, CXCursor, CXClientData data) {
            static_cast<std::vector<CXCursor>*>(data)->push_back(child);
            return CXChildVisit_Continue;
        },
        &children);
    return children;
}

std::string spelling_of(CXCursor cursor) {
    return take_string(clang_getCursorSpelling(cursor));
}

std::string type_spelling_of(CXType type) {
    return take_string(clang_getTypeSpelling(type));
}

SourcePosition position_of(CXSourceLocation location, const std::string& main_file) {
    CXFile file = nullptr;
    SourcePosition position;
    clang_getExpansionLocation(location, &file, &position.line, &position.column, nullptr);
    if (file) {
        std::string name = take_string(clang_getFileName(file));
        if (name != main_file) position.file = name;
    }
    return position;
}

SourcePosition position_of(CXCursor cursor, const std::string& main_file) {
    return position_of(clang_getCursorLocation(cursor), main_file);
}

namespace {
unsigned file_offset_of(CXSourceLocation location) {
    unsigned offset = 0;
    clang_getFileLocation(location, nullptr, nullptr, nullptr, &offset);
    return offset;
}
}  // namespace

// libclang reports positions of code produced by a macro at the macro's use, but its tokenizer
// reads a range from where the first token is spelled, which for a macro body is the #define
// line. Rebuilding the range from plain file positions makes both agree on the macro's use.
CXSourceRange file_range_of(CXCursor cursor) {
    CXSourceRange extent = clang_getCursorExtent(cursor);
    CXFile begin_file = nullptr, end_file = nullptr;
    unsigned begin = 0, end = 0;
    clang_getFileLocation(clang_getRangeStart(extent), &begin_file, nullptr, nullptr, &begin);
    clang_getFileLocation(clang_getRangeEnd(extent), &end_file, nullptr, nullptr, &end);
    if (!begin_file || begin_file != end_file || end < begin) return extent;
    CXTranslationUnit unit = clang_Cursor_getTranslationUnit(cursor);
    return clang_getRange(clang_getLocationForOffset(unit, begin_file, begin),
                          clang_getLocationForOffset(unit, end_file, end));
}

unsigned begin_offset_of(CXCursor cursor) {
    return file_offset_of(clang_getRangeStart(file_range_of(cursor)));
}

unsigned end_offset_of(CXCursor cursor) {
    return file_offset_of(clang_getRangeEnd(file_range_of(cursor)));
}

bool is_implicit_wrapper(CXCursor cursor) {
    if (clang_getCursorKind(cursor) != CXCursor_UnexposedExpr) return false;
    std::vector<CXCursor> children = children_of(cursor);
    if (children.size() != 1) return false;
    // An implicit cast covers exactly its operand; `v.x` (also unexposed) covers more than `v`.
    return clang_equalRanges(clang_getCursorExtent(cursor), clang_getCursorExtent(children[0])) != 0;
}

CXCursor strip_wrappers(CXCursor cursor) {
    for (;;) {
        CXCursorKind kind = clang_getCursorKind(cursor);
        if (is_implicit_wrapper(cursor) || kind == CXCursor_ParenExpr) {
            cursor = children_of(cursor)[0];
        } else if (kind == CXCursor_CStyleCastExpr) {
            // A cast's children may start with a TypeRef; the operand is the last child.
            std::vector<CXCursor> children = children_of(cursor);
            if (children.empty()) return cursor;
            cursor = children.back();
        } else {
            return cursor;
        }
    }
}

std::vector<Token> tokens_of(CXTranslationUnit unit, CXCursor cursor) {
    CXToken* raw = nullptr;
    unsigned count = 0;
    clang_tokenize(unit, file_range_of(cursor), &raw, &count);
    std::vector<Token> tokens;
    tokens.reserve(count);
    for (unsigned i = 0; i < count; ++i) {
        Token token;
        token.text = take_string(clang_getTokenSpelling(unit, raw[i]));
        token.offset = file_offset_of(clang_getTokenLocation(unit, raw[i]));
        token.kind = clang_getTokenKind(raw[i]);
        tokens.push_back(std::move(token));
    }
    if (raw) clang_disposeTokens(unit, raw, count);
    return tokens;
}

std::string source_text_of(CXTranslationUnit unit, CXCursor cursor) {
    // Keeps the author's spacing, squeezed: one space wherever the source had any.
    std::string text;
    unsigned previous_end = 0;
    for (const Token& token : tokens_of(unit, cursor)) {
        if (token.kind == CXToken_Comment) continue;
        if (!text.empty() && token.offset > previous_end) text += ' ';
        text += token.text;
        previous_end = token.offset + static_cast<unsigned>(token.text.size());
    }
    return text;
}

std::string binary_operator_of(CXTranslationUnit unit, CXCursor binary) {
    std::vector<CXCursor> operands = children_of(binary);
    if (operands.size() != 2) return {};
    unsigned left_end = end_offset_of(operands[0]);
    unsigned right_begin = begin_offset_of(operands[1]);
    if (left_end > right_begin) return {};  // both operands come from one macro use
    std::string found;
    for (const Token& token : tokens_of(unit, binary)) {
        if (token.offset < left_end || token.offset >= right_begin) continue;
        if (token.kind != CXToken_Punctuation || !found.empty()) return {};
        found = token.text;
    }
    return found;
}

namespace {
std::string canonical_spelling(CXType type) {
    return type_spelling_of(clang_getCanonicalType(type));
}
bool same_type(CXType a, CXType b) {
    return canonical_spelling(a) == canonical_spelling(b);
}
}  // namespace

UnaryShape unary_shape_of(CXCursor unary) {
    std::vector<CXCursor> operands = children_of(unary);
    if (operands.empty()) return UnaryShape::arithmetic;
    CXType result = clang_getCursorType(unary);
    CXType operand = clang_getCursorType(operands[0]);
    if (is_pointer_type(operand) && same_type(result, clang_getPointeeType(clang_getCanonicalType(operand))))
        return UnaryShape::dereference;
    if (is_pointer_type(result) && !is_pointer_type(operand)) return UnaryShape::address_of;
    if (is_lvalue_expression(operands[0])) return UnaryShape::increment_or_decrement;
    return UnaryShape::arithmetic;
}

bool is_lvalue_expression(CXCursor cursor) {
    switch (clang_getCursorKind(cursor)) {
        case CXCursor_DeclRefExpr: {
            CXCursorKind target = clang_getCursorKind(clang_getCursorReferenced(cursor));
            return target == CXCursor_VarDecl || target == CXCursor_ParmDecl;
        }
        case CXCursor_ArraySubscriptExpr:
        case CXCursor_MemberRefExpr:
            return true;
        case CXCursor_ParenExpr: {
            std::vector<CXCursor> children = children_of(cursor);
            return children.size() == 1 && is_lvalue_expression(children[0]);
        }
        case CXCursor_UnaryOperator:
            return unary_shape_of(cursor) == UnaryShape::dereference;
        case CXCursor_UnexposedExpr: {
            // A vector component such as `v.x` is an lvalue when its vector is one.
            if (is_implicit_wrapper(cursor)) return false;
            std::vector<CXCursor> children = children_of(cursor);
            return children.size() == 1 && is_lvalue_expression(children[0]);
        }
        default:
            return false;
    }
}

std::optional<long long> evaluate_integer(CXCursor cursor) {
    CXEvalResult result = clang_Cursor_Evaluate(cursor);
    if (!result) return std::nullopt;
    std::optional<long long> value;
    if (clang_EvalResult_getKind(result) == CXEval_Int) value = clang_EvalResult_getAsLongLong(result);
    clang_EvalResult_dispose(result);
    return value;
}

bool is_array_type(CXType type) {
    CXTypeKind kind = clang_getCanonicalType(type).kind;
    return kind == CXType_ConstantArray || kind == CXType_IncompleteArray || kind == CXType_VariableArray ||
           kind == CXType_DependentSizedArray;
}

bool is_pointer_type(CXType type) {
    return clang_getCanonicalType(type).kind == CXType_Pointer;
}

bool is_local_memory_type(CXType type) {
    CXType canonical = clang_getCanonicalType(type);
    std::string spelling;
    if (canonical.kind == CXType_Pointer) {
        spelling = canonical_spelling(clang_getPointeeType(canonical));
    } else {
        // An array of __local pointers (`__local float* tiles[2]`) is private storage.
        CXType element = canonical;
        while (is_array_type(element)) element = clang_getCanonicalType(clang_getArrayElementType(element));
        if (element.kind == CXType_Pointer) return false;
        spelling = canonical_spelling(canonical);
        spelling = spelling.substr(0, spelling.find('['));
    }
    return spelling.find("__local") != std::string::npos;
}

}  // namespace checker::barriers
