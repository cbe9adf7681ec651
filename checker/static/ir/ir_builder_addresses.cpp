// Which storage an expression names, and index expressions as canonical text.
//
// Two accesses touch the same element of the same work-item when their canonical subscripts are
// equal. The canonical text sees through what does not change the value: parentheses, casts
// (`(int)get_local_id(0)` is `get_local_id(0)`), variables that are assigned once
// (`lx` is `get_local_id(0)`), helper parameters (replaced by the caller's argument), operand order
// of + and *, and macros (already expanded in the AST).
#include "ir_builder_internal.hpp"

#include <algorithm>

namespace checker::barriers {

namespace {

bool is_commutative(const std::string& op) {
    return op == "+" || op == "*" || op == "&" || op == "|" || op == "^" || op == "==" || op == "!=";
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? separator : "") + parts[i];
    return text;
}

// How many innermost elements of `root` one step of a pointer to (or element of) `type` moves.
long long unit_of(CXType type, long long scalar_bytes) {
    long long bytes = clang_Type_getSizeOf(clang_getCanonicalType(type));
    if (scalar_bytes <= 0 || bytes <= 0 || bytes % scalar_bytes != 0) return 0;
    return bytes / scalar_bytes;
}

}  // namespace

long long KernelIrBuilder::scalar_bytes_of_root(VariableId root) const {
    return root >= 0 ? kernel_.variables[static_cast<std::size_t>(root)].scalar_bytes : 0;
}

StorageTarget KernelIrBuilder::lower_storage(CXCursor expression, Node& sequence) {
    CXCursor inner = strip_wrappers(expression);
    std::vector<CXCursor> operands = children_of(inner);
    StorageTarget target;
    switch (clang_getCursorKind(inner)) {
        case CXCursor_DeclRefExpr:
            return variable_storage(inner);
        case CXCursor_ArraySubscriptExpr: {
            if (operands.size() != 2) break;
            target = lower_storage(operands[0], sequence);
            ValueSources index = lower_expression(operands[1], sequence);
            target.address_sources.add(index);
            long long unit = unit_of(clang_getCursorType(inner), scalar_bytes_of_root(target.root));
            target.subscripts.push_back({canonical(operands[1]), index, unit});
            mark_unknown_local(inner, target);  // `rows[c][i]` with `__local float* rows[2]`
            return target;
        }
        case CXCursor_UnaryOperator: {
            UnaryShape shape = unary_shape_of(inner);
            if (shape == UnaryShape::dereference && !operands.empty()) {
                target = lower_storage(operands[0], sequence);
                long long unit = unit_of(clang_getCursorType(inner), scalar_bytes_of_root(target.root));
                target.subscripts.push_back({"0", {}, unit});  // *p is p[0]
                mark_unknown_local(inner, target);
                return target;
            }
            if (shape == UnaryShape::address_of && !operands.empty()) return lower_storage(operands[0], sequence);
            break;
        }
        case CXCursor_BinaryOperator:
            if (auto moved = pointer_arithmetic_storage(inner, operands, sequence)) return *moved;
            break;
        case CXCursor_MemberRefExpr:
            if (operands.empty()) break;
            target = lower_storage(operands[0], sequence);
            target.subscripts.push_back({"." + spelling_of(inner), {}});
            mark_unknown_local(inner, target);
            return target;
        case CXCursor_UnexposedExpr:
            // A vector component such as `tile[i].x`: counted as the whole element.
            if (operands.size() == 1) return lower_storage(operands[0], sequence);
            break;
        case CXCursor_CallExpr:
            return returned_storage(inner, sequence);
        default:
            break;
    }
    target.address_sources = lower_expression(inner, sequence);
    mark_unknown_local(inner, target);  // `(cur ? As : Bs)[i]`, ...
    return target;
}

StorageTarget KernelIrBuilder::variable_storage(CXCursor reference) {
    StorageTarget target;
    CXCursor declaration = clang_getCursorReferenced(reference);
    CXCursorKind kind = clang_getCursorKind(declaration);
    if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl) return target;
    VariableId id = variable_for(declaration);
    auto alias = aliases_.find(id);
    // A `__local T*` kernel argument is an array of its own, unless the kernel moves it.
    bool is_storage = std::find(local_storage_.begin(), local_storage_.end(), id) != local_storage_.end() &&
                      !frames_.front().reassigned.count(key_of(declaration));
    if (alias != aliases_.end()) {
        target.root = alias->second.root;
        target.is_local_memory = true;
        target.subscripts = alias->second.prefix;
        target.address_sources = alias->second.sources;
    } else if (kernel_.variables[static_cast<std::size_t>(id)].is_local_memory &&
               is_pointer_type(clang_getCursorType(declaration)) && !is_storage) {
        // A __local pointer that is not one array's alias (reassigned, or set from
        // something that cannot be followed): it may point anywhere in __local memory.
        target.is_local_memory = true;
        target.unknown_local = true;
    } else {
        target.root = id;
        target.is_local_memory = kernel_.variables[static_cast<std::size_t>(id)].is_local_memory;
    }
    target.address_sources.add(id);
    return target;
}

std::optional<StorageTarget> KernelIrBuilder::pointer_arithmetic_storage(CXCursor expression,
                                                                         const std::vector<CXCursor>& operands,
                                                                         Node& sequence) {
    // Pointer arithmetic: `tile + ly * TILE_SIZE` points into tile.
    std::string op = binary_operator_of(unit_, expression);
    bool arithmetic = op == "+" || op == "-" || op.empty();
    if (operands.size() != 2 || !arithmetic || !is_pointer_type(clang_getCursorType(expression))) return std::nullopt;
    std::size_t pointer = is_pointer_type(clang_getCursorType(operands[0])) ? 0 : 1;
    CXCursor offset = operands[1 - pointer];
    StorageTarget target = lower_storage(operands[pointer], sequence);
    ValueSources index = lower_expression(offset, sequence);
    target.address_sources.add(index);
    CXType pointee = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(operands[pointer])));
    long long unit = unit_of(pointee, scalar_bytes_of_root(target.root));
    target.subscripts.push_back({(op.empty() ? std::string("?") : op) + canonical(offset), index, unit});
    return target;
}

StorageTarget KernelIrBuilder::returned_storage(CXCursor call, Node& sequence) {
    // A helper returning a __local pointer: followed to what it returns when it can be.
    StorageTarget target;
    last_helper_return_.reset();
    last_helper_return_unknown_ = false;
    ValueSources value = lower_expression(call, sequence);
    if (last_helper_return_ && !last_helper_return_unknown_) {
        target = *last_helper_return_;
        target.address_sources.add(value);
        last_helper_return_.reset();
        return target;
    }
    target.address_sources = value;
    mark_unknown_local(call, target);
    return target;
}

void KernelIrBuilder::mark_unknown_local(CXCursor expression, StorageTarget& target) const {
    if (target.names_local_memory() || !is_local_memory_type(clang_getCursorType(expression))) return;
    target.root = -1;
    target.is_local_memory = true;
    target.unknown_local = true;
}

bool KernelIrBuilder::holds_outside_helper(const StorageTarget& target, VariableId first_own) const {
    if (!target.names_local_memory() || target.unknown_local) return false;
    for (const Subscript& subscript : target.subscripts) {
        const std::string& text = subscript.text;
        for (std::size_t at = text.find('#'); at != std::string::npos; at = text.find('#', at + 1)) {
            std::size_t end = at + 1;
            while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
            if (end > at + 1 && std::stoll(text.substr(at + 1, end - at - 1)) >= first_own) return false;
        }
    }
    return true;
}

std::string KernelIrBuilder::canonical(CXCursor expression) {
    CXCursor inner = strip_wrappers(expression);
    CXCursorKind kind = clang_getCursorKind(inner);
    std::vector<CXCursor> operands = children_of(inner);
    switch (kind) {
        case CXCursor_IntegerLiteral:
        case CXCursor_CharacterLiteral:
            if (auto value = evaluate_integer(inner)) return std::to_string(*value);
            return source_text_of(unit_, inner);
        case CXCursor_DeclRefExpr:
            return canonical_reference(inner);
        case CXCursor_BinaryOperator:
        case CXCursor_CompoundAssignOperator: {
            if (operands.size() != 2) break;
            if (kind == CXCursor_BinaryOperator)
                if (auto value = evaluate_integer(inner)) return std::to_string(*value);
            std::string op = binary_operator_of(unit_, inner);
            std::string left = canonical(operands[0]);
            std::string right = canonical(operands[1]);
            if (is_commutative(op) && right < left) std::swap(left, right);
            return "(" + left + (op.empty() ? std::string("?") : op) + right + ")";
        }
        case CXCursor_UnaryOperator:
            if (operands.empty()) break;
            return canonical_unary(inner, operands[0]);
        case CXCursor_ArraySubscriptExpr:
            if (operands.size() != 2) break;
            return canonical(operands[0]) + "[" + canonical(operands[1]) + "]";
        case CXCursor_CallExpr: {
            std::vector<std::string> arguments;
            int count = clang_Cursor_getNumArguments(inner);
            for (int i = 0; i < count; ++i)
                arguments.push_back(canonical(clang_Cursor_getArgument(inner, static_cast<unsigned>(i))));
            return spelling_of(inner) + "(" + joined(arguments, ",") + ")";
        }
        case CXCursor_ConditionalOperator:
            if (operands.size() != 3) break;
            return "(" + canonical(operands[0]) + "?" + canonical(operands[1]) + ":" + canonical(operands[2]) + ")";
        case CXCursor_MemberRefExpr:
            if (operands.empty()) break;
            return canonical(operands[0]) + "." + spelling_of(inner);
        case CXCursor_UnexposedExpr: {
            // A vector component `v.x`: the component is the last token.
            std::vector<Token> tokens = tokens_of(unit_, inner);
            if (operands.size() != 1 || tokens.empty()) break;
            return canonical(operands[0]) + "." + tokens.back().text;
        }
        default:
            break;
    }
    return take_string(clang_getCursorKindSpelling(kind)) + "{" + source_text_of(unit_, inner) + "}";
}

std::string KernelIrBuilder::canonical_reference(CXCursor reference) {
    CXCursor declaration = clang_getCursorReferenced(reference);
    CXCursorKind target = clang_getCursorKind(declaration);
    if (target == CXCursor_VarDecl || target == CXCursor_ParmDecl) {
        VariableId id = variable_for(declaration);
        auto substitute = substitutes_.find(id);
        if (substitute != substitutes_.end()) return substitute->second;
        auto current = current_values_.find(id);
        if (current != current_values_.end()) return current->second.text;
        auto counter = counter_names_.find(id);
        if (counter != counter_names_.end()) return counter->second;
        return spelling_of(reference) + "#" + std::to_string(id);
    }
    if (auto value = evaluate_integer(reference)) return std::to_string(*value);  // enum constants
    return spelling_of(reference);
}

std::string KernelIrBuilder::canonical_unary(CXCursor expression, CXCursor operand_cursor) {
    std::string operand = canonical(operand_cursor);
    switch (unary_shape_of(expression)) {
        case UnaryShape::dereference:
            return "*" + operand;
        case UnaryShape::address_of:
            return "&" + operand;
        case UnaryShape::increment_or_decrement:
            return "++" + operand;
        case UnaryShape::arithmetic:
            break;
    }
    if (auto value = evaluate_integer(expression)) return std::to_string(*value);
    std::vector<Token> tokens = tokens_of(unit_, expression);
    bool prefix_visible = !tokens.empty() && tokens.front().offset < begin_offset_of(operand_cursor);
    return "(" + (prefix_visible ? tokens.front().text : std::string("?")) + operand + ")";
}

std::optional<ValueSources> KernelIrBuilder::plain_sources(CXCursor expression) {
    ValueSources sources;
    CXCursorKind kind = clang_getCursorKind(expression);
    if (kind == CXCursor_DeclRefExpr) {
        CXCursor declaration = clang_getCursorReferenced(expression);
        CXCursorKind target = clang_getCursorKind(declaration);
        if (target == CXCursor_VarDecl || target == CXCursor_ParmDecl) sources.add(variable_for(declaration));
        return sources;
    }
    if (kind == CXCursor_CallExpr) {
        std::string name = spelling_of(expression);
        if (name == "get_local_id" || name == "get_global_id") sources.reads_work_item_id = true;
        CXCursor callee = clang_getCursorReferenced(expression);
        if (!clang_Cursor_isNull(callee) && !clang_Cursor_isNull(clang_getCursorDefinition(callee)))
            return std::nullopt;  // a helper function: not worth summarising here
    }
    for (CXCursor child : children_of(expression)) {
        std::optional<ValueSources> part = plain_sources(child);
        if (!part) return std::nullopt;
        sources.add(*part);
    }
    return sources;
}

}  // namespace checker::barriers
