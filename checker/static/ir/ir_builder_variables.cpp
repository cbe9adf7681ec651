// Variables: one per declaration and inlined call, which ones hold a single value (and can be
// replaced by it in index text), and which are assigned after their declaration.
#include "ir_builder_internal.hpp"

#include <algorithm>
#include <iterator>

namespace checker::barriers {

DeclarationKey key_of(CXCursor declaration) {
    CXFile file = nullptr;
    unsigned offset = 0;
    clang_getFileLocation(clang_getCursorLocation(declaration), &file, nullptr, nullptr, &offset);
    return {file, offset, clang_hashCursor(declaration)};
}

VariableId KernelIrBuilder::declare_variable(CXCursor declaration) {
    VariableId id = static_cast<VariableId>(kernel_.variables.size());
    CXType type = clang_getCursorType(declaration);
    Variable variable;
    variable.name = spelling_of(declaration);
    variable.is_local_memory = is_local_memory_type(type);
    variable.scalar_bytes = scalar_bytes_of(type);
    kernel_.variables.push_back(variable);
    if (is_array_type(type) && !variable.is_local_memory) private_arrays_.insert(id);
    // __local storage: a __local variable, or a `__local T*` kernel argument.
    bool kernel_argument = frames_.size() == 1 && clang_getCursorKind(declaration) == CXCursor_ParmDecl;
    if (variable.is_local_memory && (!is_pointer_type(type) || kernel_argument)) local_storage_.push_back(id);
    frames_.back().variables[key_of(declaration)] = id;
    return id;
}

VariableId KernelIrBuilder::variable_for(CXCursor declaration) {
    DeclarationKey key = key_of(declaration);
    if (!frames_.empty()) {
        auto found = frames_.back().variables.find(key);
        if (found != frames_.back().variables.end()) return found->second;
    }
    auto global = program_scope_.find(key);
    if (global != program_scope_.end()) return global->second;
    // A program-scope variable (e.g. a __constant table): the same for every work-item.
    VariableId id = static_cast<VariableId>(kernel_.variables.size());
    CXType type = clang_getCursorType(declaration);
    kernel_.variables.push_back({spelling_of(declaration), is_local_memory_type(type), scalar_bytes_of(type)});
    program_scope_[key] = id;
    return id;
}

long long scalar_bytes_of(CXType type) {
    CXType element = clang_getCanonicalType(type);
    if (is_pointer_type(element)) element = clang_getPointeeType(element);
    while (is_array_type(element)) element = clang_getCanonicalType(clang_getArrayElementType(element));
    long long bytes = clang_Type_getSizeOf(element);
    return bytes > 0 ? bytes : 0;
}

VariableId KernelIrBuilder::synthetic_variable(const std::string& name) {
    VariableId id = static_cast<VariableId>(kernel_.variables.size());
    kernel_.variables.push_back({name, false});
    return id;
}

bool KernelIrBuilder::is_substitutable(CXCursor declaration) const {
    if (clang_getCursorKind(declaration) != CXCursor_VarDecl) return false;
    if (clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(declaration))) return false;
    if (frames_.back().reassigned.count(key_of(declaration))) return false;
    CXType type = clang_getCursorType(declaration);
    if (is_array_type(type) || clang_isVolatileQualifiedType(type)) return false;
    return !(is_local_memory_type(type) && !is_pointer_type(type));
}

namespace {

struct ReassignmentSearch {
    CXTranslationUnit unit;
    std::set<DeclarationKey>* reassigned;
    std::set<DeclarationKey>* address_taken = nullptr;

    void mark(CXCursor target, bool taking_address = false) const {
        CXCursor current = strip_wrappers(target);
        for (;;) {
            CXCursorKind kind = clang_getCursorKind(current);
            if (kind == CXCursor_DeclRefExpr) {
                reassigned->insert(key_of(clang_getCursorReferenced(current)));
                if (taking_address && address_taken) address_taken->insert(key_of(clang_getCursorReferenced(current)));
                return;
            }
            // `v.x = ...` and `s.field = ...` change v and s; `p[i] = ...` changes what p points to,
            // not p, so subscripts are not followed.
            std::vector<CXCursor> children = children_of(current);
            bool walks_to_base = kind == CXCursor_MemberRefExpr || kind == CXCursor_UnexposedExpr;
            if (!walks_to_base || children.empty()) return;
            current = strip_wrappers(children[0]);
        }
    }
};

CXChildVisitResult find_assignment(CXCursor cursor, CXCursor, CXClientData data) {
    const auto* search = static_cast<const ReassignmentSearch*>(data);
    CXCursorKind kind = clang_getCursorKind(cursor);
    std::vector<CXCursor> operands;
    if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator || kind == CXCursor_UnaryOperator)
        operands = children_of(cursor);
    if (operands.empty()) return CXChildVisit_Recurse;
    if (kind == CXCursor_CompoundAssignOperator) {
        search->mark(operands[0]);
    } else if (kind == CXCursor_BinaryOperator) {
        std::string op = binary_operator_of(search->unit, cursor);
        if (op == "=" || (op.empty() && is_lvalue_expression(operands[0]))) search->mark(operands[0]);
    } else {
        UnaryShape shape = unary_shape_of(cursor);
        if (shape == UnaryShape::increment_or_decrement || shape == UnaryShape::address_of)
            search->mark(operands[0], shape == UnaryShape::address_of);
    }
    return CXChildVisit_Recurse;
}

}  // namespace

void KernelIrBuilder::find_reassigned(CXCursor body, FunctionFrame& frame) {
    ReassignmentSearch search{unit_, &frame.reassigned, &frame.address_taken};
    clang_visitChildren(body, find_assignment, &search);
}

namespace {

bool is_integer_type(CXType type) {
    switch (clang_getCanonicalType(type).kind) {
        case CXType_Bool:
        case CXType_Char_S:
        case CXType_Char_U:
        case CXType_SChar:
        case CXType_UChar:
        case CXType_Short:
        case CXType_UShort:
        case CXType_Int:
        case CXType_UInt:
        case CXType_Long:
        case CXType_ULong:
            return true;
        default:
            return false;
    }
}

}  // namespace

void KernelIrBuilder::remember_value(CXCursor declaration, VariableId variable, CXCursor value,
                                     const ValueSources& sources) {
    // The text is taken before the variable is forgotten: `cur = 1 - cur` uses the old value.
    std::string text = canonical(value);
    forget_value(variable);
    if (!is_integer_type(clang_getCursorType(declaration))) return;
    if (frames_.back().address_taken.count(key_of(declaration))) return;  // changed through a pointer
    std::string own = kernel_.variables[static_cast<std::size_t>(variable)].name + "#" + std::to_string(variable);
    if (text.find(own) != std::string::npos) return;  // in terms of its own old, unknown value
    current_values_[variable] = {text, sources.variables};
}

void KernelIrBuilder::forget_value(VariableId variable) {
    current_values_.erase(variable);
    for (auto entry = current_values_.begin(); entry != current_values_.end();) {
        const std::vector<VariableId>& sources = entry->second.sources;
        bool depends = std::find(sources.begin(), sources.end(), variable) != sources.end();
        entry = depends ? current_values_.erase(entry) : std::next(entry);
    }
}

void KernelIrBuilder::forget_values_assigned_in(CXCursor statement) {
    std::set<DeclarationKey> assigned;
    ReassignmentSearch search{unit_, &assigned};
    clang_visitChildren(statement, find_assignment, &search);
    for (const auto& [key, variable] : frames_.back().variables)
        if (assigned.count(key)) forget_value(variable);
}

}  // namespace checker::barriers
