// Expressions: which __local elements they read and write, which variables they assign, and
// what every value is computed from. Evaluation order is kept: a right-hand side before its store.
#include "ir_builder_internal.hpp"

namespace checker::barriers {

namespace {

bool starts_with(const std::string& text, const char* prefix) {
    return text.rfind(prefix, 0) == 0;
}

bool is_work_item_id_builtin(const std::string& name) {
    return name == "get_local_id" || name == "get_global_id" || name == "get_local_linear_id" ||
           name == "get_global_linear_id";
}

bool has_body(CXCursor function) {
    for (CXCursor child : children_of(function))
        if (clang_getCursorKind(child) == CXCursor_CompoundStmt) return true;
    return false;
}

}  // namespace

ValueSources KernelIrBuilder::lower_expression(CXCursor expression, Node& sequence) {
    switch (clang_getCursorKind(expression)) {
        case CXCursor_UnexposedExpr:
            if (is_implicit_wrapper(expression)) return lower_expression(children_of(expression)[0], sequence);
            return lower_children(expression, sequence);  // `v.x`, initializer lists, ...
        case CXCursor_DeclRefExpr: {
            CXCursor declaration = clang_getCursorReferenced(expression);
            CXCursorKind kind = clang_getCursorKind(declaration);
            if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl) return {};
            VariableId id = variable_for(declaration);
            CXType type = clang_getCursorType(expression);
            if (kernel_.variables[static_cast<std::size_t>(id)].is_local_memory && !is_array_type(type) &&
                !is_pointer_type(type)) {
                StorageTarget scalar;  // a `__local float sum;` read as a whole
                scalar.root = id;
                scalar.is_local_memory = true;
                emit_access(expression, scalar, /*reads=*/true, /*writes=*/false, /*opaque=*/false, sequence);
            }
            ValueSources sources;
            sources.add(id);
            return sources;
        }
        case CXCursor_ArraySubscriptExpr:
        case CXCursor_MemberRefExpr: {
            StorageTarget target = lower_storage(expression, sequence);
            // `tile[ly]` of a 2-D array only names a row; the element is read by the outer subscript.
            // A struct field `pairs[i].x` is read as the element's part ".x".
            if (target.names_local_memory() && !is_array_type(clang_getCursorType(expression)))
                emit_access(expression, target, true, false, false, sequence);
            return target.address_sources;
        }
        case CXCursor_UnaryOperator:
            return lower_unary(expression, sequence);
        case CXCursor_BinaryOperator:
        case CXCursor_CompoundAssignOperator:
            return lower_binary(expression, sequence);
        case CXCursor_ConditionalOperator:
            return lower_conditional(expression, sequence);
        case CXCursor_CallExpr:
            return lower_call(expression, sequence);
        case CXCursor_UnaryExpr:  // sizeof, vec_step: operands are not evaluated
        case CXCursor_IntegerLiteral:
        case CXCursor_FloatingLiteral:
        case CXCursor_CharacterLiteral:
        case CXCursor_StringLiteral:
        case CXCursor_TypeRef:
            return {};
        default:
            return lower_children(expression, sequence);
    }
}

ValueSources KernelIrBuilder::lower_children(CXCursor expression, Node& sequence) {
    ValueSources sources;
    for (CXCursor child : children_of(expression)) sources.add(lower_expression(child, sequence));
    return sources;
}

ValueSources KernelIrBuilder::lower_binary(CXCursor expression, Node& sequence) {
    std::vector<CXCursor> operands = children_of(expression);
    if (operands.size() != 2) return lower_children(expression, sequence);
    if (clang_getCursorKind(expression) == CXCursor_CompoundAssignOperator) {
        ValueSources value = lower_expression(operands[1], sequence);
        store(operands[0], StoreMode::read_and_write, value, sequence);
        return value;
    }
    std::string op = binary_operator_of(unit_, expression);
    // Inside a macro the operator cannot be read; an unconverted storage operand means `=`.
    if (op == "=" || (op.empty() && is_lvalue_expression(operands[0]))) {
        ValueSources value = lower_expression(operands[1], sequence);
        store(operands[0], StoreMode::write, value, sequence, operands[1]);
        return value;
    }
    ValueSources sources = lower_expression(operands[0], sequence);
    sources.add(lower_expression(operands[1], sequence));
    return sources;
}

ValueSources KernelIrBuilder::lower_unary(CXCursor expression, Node& sequence) {
    std::vector<CXCursor> operands = children_of(expression);
    if (operands.empty()) return {};
    switch (unary_shape_of(expression)) {
        case UnaryShape::dereference: {
            StorageTarget target = lower_storage(expression, sequence);
            if (target.names_local_memory() && !is_array_type(clang_getCursorType(expression)))
                emit_access(expression, target, true, false, false, sequence);
            return target.address_sources;
        }
        case UnaryShape::address_of:
            return lower_storage(operands[0], sequence).address_sources;
        case UnaryShape::increment_or_decrement:
            return store(operands[0], StoreMode::read_and_write, {}, sequence);
        case UnaryShape::arithmetic:
            break;
    }
    return lower_expression(operands[0], sequence);
}

ValueSources KernelIrBuilder::lower_conditional(CXCursor expression, Node& sequence) {
    std::vector<CXCursor> operands = children_of(expression);
    if (operands.size() != 3) return lower_children(expression, sequence);
    Node branch = make_node(NodeKind::branch, position(expression));
    branch.branch_kind = BranchKind::conditional_operator;
    lower_condition(operands[0], branch);
    ValueSources sources = branch.condition;
    auto before = current_values_;
    sources.add(lower_expression(operands[1], branch.then_branch()));
    current_values_ = before;
    sources.add(lower_expression(operands[2], branch.else_branch()));
    current_values_ = before;
    forget_values_assigned_in(expression);
    bool has_events = !branch.condition_events().children.empty() || !branch.then_branch().children.empty() ||
                      !branch.else_branch().children.empty();
    if (has_events) sequence.children.push_back(std::move(branch));
    return sources;
}

ValueSources KernelIrBuilder::lower_call(CXCursor call, Node& sequence) {
    CXCursor callee = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(callee)) {
        CXCursor definition = clang_getCursorDefinition(callee);
        if (!clang_Cursor_isNull(definition) && clang_getCursorKind(definition) == CXCursor_FunctionDecl &&
            has_body(definition))
            return inline_helper(call, definition, sequence);
    }
    return lower_builtin_call(call, spelling_of(call), sequence);
}

ValueSources KernelIrBuilder::lower_builtin_call(CXCursor call, const std::string& name, Node& sequence) {
    std::vector<CXCursor> arguments;
    int count = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < count; ++i) arguments.push_back(clang_Cursor_getArgument(call, static_cast<unsigned>(i)));

    if (name == "barrier" || name == "work_group_barrier") {
        for (CXCursor argument : arguments) lower_expression(argument, sequence);
        Node barrier = make_node(NodeKind::barrier, position(call));
        if (!arguments.empty()) barrier.fence_flags = evaluate_integer(arguments[0]);
        sequence.children.push_back(std::move(barrier));
        return {};
    }

    ValueSources sources;
    if (is_work_item_id_builtin(name)) {
        for (CXCursor argument : arguments) sources.add(lower_expression(argument, sequence));
        sources.reads_work_item_id = true;
        return sources;
    }

    bool is_vload = starts_with(name, "vload") && arguments.size() >= 2;
    bool is_vstore = starts_with(name, "vstore") && arguments.size() >= 3;
    if (is_vload || is_vstore) return lower_vector_load_store(call, name, arguments, is_vstore, sequence);

    if (name == "async_work_group_copy" || name == "async_work_group_strided_copy")
        return lower_async_copy(call, arguments, sequence);
    if (name == "wait_group_events") {
        for (CXCursor argument : arguments) sources.add(lower_expression(argument, sequence));
        sequence.children.push_back(make_node(NodeKind::wait_events, position(call)));
        return sources;
    }

    return lower_other_builtin(call, arguments, sequence);
}

// vloadN(offset, p) reads p[N*offset ...]; vstoreN(data, offset, p) writes them.
ValueSources KernelIrBuilder::lower_vector_load_store(CXCursor call, const std::string& name,
                                                      const std::vector<CXCursor>& arguments, bool is_vstore,
                                                      Node& sequence) {
    ValueSources sources;
    if (is_vstore) sources.add(lower_expression(arguments[0], sequence));
    CXCursor offset = arguments[is_vstore ? 1 : 0];
    ValueSources offset_sources = lower_expression(offset, sequence);
    StorageTarget target = lower_storage(arguments.back(), sequence);
    target.subscripts.push_back({name + "(" + canonical(offset) + ")", offset_sources});
    target.address_sources.add(offset_sources);
    if (target.names_local_memory()) emit_access(call, target, !is_vstore, is_vstore, false, sequence);
    if (!is_vstore) sources.add(target.address_sources);
    return sources;
}

// Any other builtin: its value comes from its arguments. A pointer into __local memory may be
// read or written in ways we do not model (atomics, async copies): record an opaque access.
// `&x` of a private variable is an output (sincos, fract): x then depends on the arguments.
ValueSources KernelIrBuilder::lower_other_builtin(CXCursor call, const std::vector<CXCursor>& arguments,
                                                  Node& sequence) {
    ValueSources sources;
    std::vector<VariableId> outputs;
    for (CXCursor argument : arguments) {
        if (!is_pointer_type(clang_getCursorType(argument))) {
            sources.add(lower_expression(argument, sequence));
            continue;
        }
        StorageTarget target = lower_storage(argument, sequence);
        sources.add(target.address_sources);
        if (target.names_local_memory()) {
            emit_access(argument, target, true, true, /*opaque=*/true, sequence);
        } else if (target.subscripts.empty() &&
                   clang_getCursorKind(strip_wrappers(argument)) == CXCursor_UnaryOperator) {
            outputs.push_back(target.root);
        }
    }
    for (VariableId output : outputs) emit_assignment(call, output, sources, sequence);
    return sources;
}

// async_work_group_copy(dst, src, count, event) and the strided form (dst, src, count, stride,
// event): the work-group as a whole copies a range starting at `src` to one starting at `dst`.
// The __local end is an access by the whole group (written at the call when it is the
// destination, read when it is the source); which elements is known only as far as the pointer's
// own subscripts (`tile[next]`, `&As[0][0]`).
ValueSources KernelIrBuilder::lower_async_copy(CXCursor call, const std::vector<CXCursor>& arguments,
                                               Node& sequence) {
    ValueSources sources;
    for (std::size_t i = 2; i < arguments.size(); ++i) sources.add(lower_expression(arguments[i], sequence));
    if (arguments.size() < 2) return sources;
    StorageTarget source = lower_storage(arguments[1], sequence);
    StorageTarget destination = lower_storage(arguments[0], sequence);
    sources.add(source.address_sources);
    sources.add(destination.address_sources);
    for (bool is_destination : {false, true}) {
        const StorageTarget& end = is_destination ? destination : source;
        if (!end.names_local_memory()) continue;
        emit_access(call, end, /*reads=*/!is_destination, /*writes=*/is_destination, /*opaque=*/false, sequence);
        if (!end.unknown_local) sequence.children.back().access.group_wide = true;
    }
    return sources;
}

ValueSources KernelIrBuilder::store(CXCursor target_expression, StoreMode mode, const ValueSources& value,
                                    Node& sequence, CXCursor value_expression) {
    CXCursor plain = strip_wrappers(target_expression);
    bool names_variable = clang_getCursorKind(plain) == CXCursor_DeclRefExpr;
    // `p = As` or `p += 16` changes the pointer p itself, not the __local memory it points to.
    bool pointer_itself = names_variable && is_pointer_type(clang_getCursorType(plain));
    StorageTarget target = lower_storage(target_expression, sequence);
    if (pointer_itself && target.is_local_memory) {
        target.root = variable_for(clang_getCursorReferenced(plain));
        target.is_local_memory = false;
        target.unknown_local = false;
        target.subscripts.clear();
    }
    if (target.root < 0 && !target.unknown_local) return target.address_sources;
    bool whole_variable = names_variable && !target.is_local_memory;
    if (whole_variable && mode == StoreMode::write && !clang_Cursor_isNull(value_expression))
        remember_value(clang_getCursorReferenced(plain), target.root, value_expression, value);
    else
        forget_value(target.root);
    bool read_too = mode == StoreMode::read_and_write;
    if (target.is_local_memory) {
        emit_access(target_expression, target, read_too, true, false, sequence);
    } else if (target.subscripts.empty()) {
        ValueSources assigned = value;  // the variable itself (or one vector component of it)
        if (read_too) assigned.add(target.root);
        emit_assignment(target_expression, target.root, assigned, sequence);
    } else if (private_arrays_.count(target.root)) {
        // One element of a private array: the array now also depends on where it was written.
        ValueSources assigned = value;
        assigned.add(target.address_sources);
        emit_assignment(target_expression, target.root, assigned, sequence);
    }
    ValueSources result = target.address_sources;
    result.add(value);
    return result;
}

void KernelIrBuilder::emit_access(CXCursor expression, const StorageTarget& target, bool reads, bool writes,
                                  bool opaque, Node& sequence) {
    if (target.unknown_local) {
        // Which array is unknown: an opaque access to every one it may reach, which can show that a
        // barrier is needed but never raises an error.
        for (VariableId storage : local_storage_) {
            StorageTarget each;
            each.root = storage;
            each.is_local_memory = true;
            emit_access(expression, each, reads, writes, /*opaque=*/true, sequence);
        }
        return;
    }
    // Through a view of a wider type (`(__local float4*)tile`, `view[lid]`) one access covers
    // several elements of the array: which ones another access of the array shares is not worked
    // out, so it is opaque (never an error, still keeps a barrier needed).
    // (An async copy's range and vloadN/vstoreN are calls, with rules of their own.)
    bool is_call = clang_getCursorKind(expression) == CXCursor_CallExpr;
    if (!is_call && !target.subscripts.empty() && target.subscripts.back().unit > 1) opaque = true;
    Node node = make_node(NodeKind::access, position(expression));
    node.access.array = target.root;
    node.access.reads = reads;
    node.access.writes = writes;
    node.access.opaque = opaque;
    node.access.subscripts = target.subscripts;
    node.access.text = source_text_of(unit_, expression);
    sequence.children.push_back(std::move(node));
}

void KernelIrBuilder::emit_assignment(CXCursor at, VariableId variable, const ValueSources& value, Node& sequence) {
    Node node = make_node(NodeKind::assignment, position(at));
    node.assigned = variable;
    node.assigned_from = value;
    sequence.children.push_back(std::move(node));
}

}  // namespace checker::barriers
