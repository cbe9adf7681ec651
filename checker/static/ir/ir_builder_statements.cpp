// Statements and control flow; helper functions are inlined where they are called.
#include "ir_builder_internal.hpp"

#include "util/text_escape.hpp"

#include <tuple>

namespace checker::barriers {

namespace {

// Helper calls nested deeper than this are summarised like builtins (OpenCL C has no recursion,
// so this only bounds the work on unusual code).
constexpr std::size_t max_inline_depth = 8;

std::vector<std::string> subscript_texts(const std::vector<Subscript>& subscripts) {
    std::vector<std::string> texts;
    for (const Subscript& subscript : subscripts) texts.push_back(subscript.text);
    return texts;
}

CXCursor body_of(CXCursor function) {
    for (CXCursor child : children_of(function))
        if (clang_getCursorKind(child) == CXCursor_CompoundStmt) return child;
    return clang_getNullCursor();
}

// The parts of a `for (init; condition; step) body`. libclang leaves out the parts that are
// missing, so each child is placed by where it starts relative to the header's `;` and `)`.
// A loop written by a macro shows only the macro's use: its header parts cannot be told apart and
// are kept as `unplaced`, run on every iteration like a condition.
struct ForParts {
    std::optional<CXCursor> init, condition, step, body;
    std::vector<CXCursor> unplaced;
};

ForParts split_for(CXTranslationUnit unit, CXCursor statement) {
    std::vector<CXCursor> children = children_of(statement);
    ForParts parts;
    if (children.empty()) return parts;
    std::vector<unsigned> semicolons;
    unsigned close = 0;
    int depth = 0;
    std::vector<Token> tokens = tokens_of(unit, statement);
    bool written_out = !tokens.empty() && tokens.front().text == "for";
    for (const Token& token : tokens) {
        if (!written_out || token.kind != CXToken_Punctuation) continue;
        if (token.text == "(") {
            ++depth;
        } else if (token.text == ")") {
            if (--depth == 0) {
                close = token.offset;
                break;
            }
        } else if (token.text == ";" && depth == 1) {
            semicolons.push_back(token.offset);
        }
    }
    if (semicolons.size() == 2 && close > semicolons[1]) {
        for (CXCursor child : children) {
            unsigned begin = begin_offset_of(child);
            if (begin < semicolons[0])
                parts.init = child;
            else if (begin < semicolons[1])
                parts.condition = child;
            else if (begin < close)
                parts.step = child;
            else
                parts.body = child;
        }
        return parts;
    }
    parts.body = children.back();
    if (children.size() == 4) {
        parts.init = children[0];
        parts.condition = children[1];
        parts.step = children[2];
    } else {
        parts.unplaced.assign(children.begin(), children.end() - 1);
    }
    return parts;
}

}  // namespace

KernelIrBuilder::KernelIrBuilder(CXTranslationUnit unit, const std::string& main_file)
    : unit_(unit), main_file_(main_file) {}

KernelIr KernelIrBuilder::build(CXCursor kernel) {
    kernel_.name = spelling_of(kernel);
    kernel_.at = position(kernel);
    kernel_.body = make_node(NodeKind::sequence, kernel_.at);
    CXCursor body = body_of(kernel);
    FunctionFrame frame;
    frame.name = kernel_.name;
    if (!clang_Cursor_isNull(body)) find_reassigned(body, frame);
    frames_.push_back(std::move(frame));
    // Kernel arguments are the same for every work-item: declared, never assigned here.
    int arguments = clang_Cursor_getNumArguments(kernel);
    for (int i = 0; i < arguments; ++i) declare_variable(clang_Cursor_getArgument(kernel, static_cast<unsigned>(i)));
    if (!clang_Cursor_isNull(body)) lower_statement(body, kernel_.body);
    frames_.pop_back();
    number_nodes(kernel_);
    return std::move(kernel_);
}

void KernelIrBuilder::lower_statement(CXCursor statement, Node& sequence) {
    CXCursorKind kind = clang_getCursorKind(statement);
    switch (kind) {
        case CXCursor_CompoundStmt:
            for (CXCursor child : children_of(statement)) lower_statement(child, sequence);
            return;
        case CXCursor_DeclStmt:
            for (CXCursor child : children_of(statement))
                if (clang_getCursorKind(child) == CXCursor_VarDecl) lower_variable_declaration(child, sequence);
            return;
        case CXCursor_IfStmt:
            lower_if(statement, sequence);
            return;
        case CXCursor_ForStmt:
            lower_for(statement, sequence);
            return;
        case CXCursor_WhileStmt:
            lower_while(statement, sequence, /*tests_first=*/true);
            return;
        case CXCursor_DoStmt:
            lower_while(statement, sequence, /*tests_first=*/false);
            return;
        case CXCursor_SwitchStmt:
            lower_switch(statement, sequence);
            return;
        case CXCursor_CaseStmt:
        case CXCursor_DefaultStmt:
        case CXCursor_LabelStmt: {
            std::vector<CXCursor> children = children_of(statement);
            if (!children.empty()) lower_statement(children.back(), sequence);
            return;
        }
        case CXCursor_BreakStmt:
        case CXCursor_ContinueStmt: {
            Node exit = make_node(NodeKind::exit, position(statement));
            exit.exit_kind = kind == CXCursor_BreakStmt ? ExitKind::break_statement : ExitKind::continue_statement;
            sequence.children.push_back(std::move(exit));
            return;
        }
        case CXCursor_ReturnStmt:
            lower_return(statement, sequence);
            return;
        case CXCursor_NullStmt:
        case CXCursor_GotoStmt:  // not modelled: course kernels have no goto
        case CXCursor_IndirectGotoStmt:
            return;
        default:
            if (clang_isExpression(kind)) {
                lower_expression(statement, sequence);
            } else if (clang_isStatement(kind)) {
                // e.g. the UnexposedStmt that carries `#pragma unroll` around a loop
                for (CXCursor child : children_of(statement)) lower_statement(child, sequence);
            }
            return;
    }
}

void KernelIrBuilder::lower_variable_declaration(CXCursor declaration, Node& sequence) {
    bool single_valued = is_substitutable(declaration);
    VariableId id = declare_variable(declaration);
    CXCursor init = clang_Cursor_getVarDeclInitializer(declaration);
    if (clang_Cursor_isNull(init)) return;
    ValueSources value;
    if (is_pointer_type(clang_getCursorType(declaration))) {
        StorageTarget target = lower_storage(init, sequence);
        value = target.address_sources;
        if (single_valued && target.is_local_memory && target.root >= 0)
            aliases_[id] = LocalAlias{target.root, target.subscripts, target.address_sources};
    } else {
        value = lower_expression(init, sequence);
    }
    if (single_valued)
        substitutes_[id] = canonical(init);
    else if (!is_pointer_type(clang_getCursorType(declaration)))
        remember_value(declaration, id, init, value);
    emit_assignment(declaration, id, value, sequence);
}

void KernelIrBuilder::lower_condition(CXCursor condition, Node& node) {
    node.condition = lower_expression(condition, node.condition_events());
    node.condition_text = source_text_of(unit_, condition);
    node.condition_at = position(condition);
    // Collect the `x == y` conjuncts of `a && b && ...`.
    std::vector<CXCursor> pending = {condition};
    while (!pending.empty()) {
        CXCursor part = strip_wrappers(pending.back());
        pending.pop_back();
        if (clang_getCursorKind(part) != CXCursor_BinaryOperator) continue;
        std::string op = binary_operator_of(unit_, part);
        std::vector<CXCursor> operands = children_of(part);
        if (op == "&&") {
            pending.insert(pending.end(), operands.begin(), operands.end());
        } else if (op == "==") {
            std::optional<ValueSources> left = plain_sources(operands[0]);
            std::optional<ValueSources> right = plain_sources(operands[1]);
            if (left && right) node.equality_tests.emplace_back(*left, *right);
        }
    }
}

void KernelIrBuilder::lower_if(CXCursor statement, Node& sequence) {
    std::vector<CXCursor> children = children_of(statement);
    if (children.size() < 2) return;
    Node branch = make_node(NodeKind::branch, position(statement));
    branch.branch_kind = BranchKind::if_statement;
    lower_condition(children[0], branch);
    auto before = current_values_;
    lower_statement(children[1], branch.then_branch());
    current_values_ = before;
    if (children.size() > 2) lower_statement(children[2], branch.else_branch());
    current_values_ = before;
    forget_values_assigned_in(statement);
    sequence.children.push_back(std::move(branch));
}

void KernelIrBuilder::lower_for(CXCursor statement, Node& sequence) {
    ForParts parts = split_for(unit_, statement);
    if (parts.init) lower_statement(*parts.init, sequence);
    forget_values_assigned_in(statement);  // the condition and body also run after later iterations
    Node loop = make_node(NodeKind::loop, position(statement));
    loop.loop_keyword = "for";
    if (parts.condition) lower_condition(*parts.condition, loop);
    for (CXCursor part : parts.unplaced) {
        if (clang_getCursorKind(part) == CXCursor_DeclStmt)
            lower_statement(part, sequence);
        else
            loop.condition.add(lower_expression(part, loop.condition_events()));
    }
    loop.loop_has_condition = parts.condition.has_value() || !parts.unplaced.empty();
    if (parts.init && parts.condition && parts.step)
        if (auto counter = name_loop_counter(*parts.init, *parts.condition, *parts.step))
            std::tie(loop.counter, loop.counter_name) = *counter;
    ++for_depth_;
    if (parts.body) lower_statement(*parts.body, loop.loop_body());
    --for_depth_;
    if (parts.step) lower_expression(*parts.step, loop.loop_step());
    forget_values_assigned_in(statement);
    sequence.children.push_back(std::move(loop));
}

namespace {

// The variable a `for` loop's init sets: `int w = 0` or `w = 0`; nullopt otherwise.
std::optional<std::pair<CXCursor, CXCursor>> counter_and_start(CXTranslationUnit unit, CXCursor init) {
    std::vector<CXCursor> children = children_of(init);
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        if (children.size() != 1 || clang_getCursorKind(children[0]) != CXCursor_VarDecl) return std::nullopt;
        CXCursor start = clang_Cursor_getVarDeclInitializer(children[0]);
        if (clang_Cursor_isNull(start)) return std::nullopt;
        return std::make_pair(children[0], start);
    }
    CXCursor assignment = strip_wrappers(init);
    std::vector<CXCursor> operands = children_of(assignment);
    if (clang_getCursorKind(assignment) != CXCursor_BinaryOperator || operands.size() != 2) return std::nullopt;
    if (binary_operator_of(unit, assignment) != "=") return std::nullopt;
    CXCursor target = strip_wrappers(operands[0]);
    if (clang_getCursorKind(target) != CXCursor_DeclRefExpr) return std::nullopt;
    return std::make_pair(clang_getCursorReferenced(target), operands[1]);
}

// Whether a `for` loop's step adds one to `counter`: `++t`, `t++`, `t += 1`, `t = t + 1`, `t = 1 + t`.
bool steps_by_one(CXTranslationUnit unit, CXCursor step, const std::string& counter) {
    std::string written;
    for (const Token& token : tokens_of(unit, step)) written += token.text;
    for (const std::string& shape : {"++" + counter, counter + "++", counter + "+=1", counter + "=" + counter + "+1",
                                     counter + "=1+" + counter})
        if (written == shape) return true;
    return false;
}

}  // namespace

std::optional<std::pair<VariableId, std::string>> KernelIrBuilder::name_loop_counter(CXCursor init,
                                                                                     CXCursor condition,
                                                                                     CXCursor step) {
    std::optional<std::pair<CXCursor, CXCursor>> counter = counter_and_start(unit_, init);
    if (!counter) return std::nullopt;
    CXCursorKind kind = clang_getCursorKind(counter->first);
    if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl) return std::nullopt;
    VariableId id = variable_for(counter->first);
    if (counter_names_.count(id) || substitutes_.count(id)) return std::nullopt;
    std::string own = spelling_of(counter->first) + "#" + std::to_string(id);
    std::string test = canonical(condition), next = canonical(step);
    if (next.find(own) == std::string::npos || test.find(own) == std::string::npos) return std::nullopt;  // not its counter
    std::string name = "@" + std::to_string(for_depth_) + "{" + canonical(counter->second) + "|" +
                       course::replaced_all(test, own, "@") + "|" + course::replaced_all(next, own, "@") + "}";
    counter_names_[id] = name;
    if (!steps_by_one(unit_, step, spelling_of(counter->first))) return std::nullopt;
    return std::make_pair(id, name);
}

void KernelIrBuilder::lower_while(CXCursor statement, Node& sequence, bool tests_first) {
    std::vector<CXCursor> children = children_of(statement);
    if (children.size() != 2) return;
    Node loop = make_node(NodeKind::loop, position(statement));
    loop.loop_keyword = tests_first ? "while" : "do";
    loop.loop_tests_first = tests_first;
    CXCursor condition = tests_first ? children[0] : children[1];
    CXCursor body = tests_first ? children[1] : children[0];
    forget_values_assigned_in(statement);
    lower_condition(condition, loop);
    lower_statement(body, loop.loop_body());
    forget_values_assigned_in(statement);
    sequence.children.push_back(std::move(loop));
}

void KernelIrBuilder::lower_switch(CXCursor statement, Node& sequence) {
    std::vector<CXCursor> children = children_of(statement);
    if (children.size() < 2) return;
    Node branch = make_node(NodeKind::branch, position(statement));
    branch.branch_kind = BranchKind::switch_statement;
    lower_condition(children[0], branch);
    forget_values_assigned_in(statement);  // a case label is reached from the switch or the case before
    lower_statement(children.back(), branch.then_branch());
    forget_values_assigned_in(statement);
    sequence.children.push_back(std::move(branch));
}

void KernelIrBuilder::lower_return(CXCursor statement, Node& sequence) {
    bool in_helper = frames_.size() > 1;
    std::vector<CXCursor> children = children_of(statement);
    if (!children.empty()) {
        ValueSources value;
        if (in_helper && is_pointer_type(clang_getCursorType(children[0])) &&
            is_local_memory_type(clang_getCursorType(children[0]))) {
            // A helper returning a __local pointer: remembered, so that `*element(tile, r, c)` is an
            // access to tile at the returned subscripts (when every return agrees).
            StorageTarget target = lower_storage(children[0], sequence);
            value = target.address_sources;
            FunctionFrame& frame = frames_.back();
            bool agrees = !frame.returned || (frame.returned->root == target.root &&
                                              subscript_texts(frame.returned->subscripts) ==
                                                  subscript_texts(target.subscripts));
            if (!agrees || !holds_outside_helper(target, frame.result))
                frame.returned_unknown = true;
            else
                frame.returned = target;
        } else {
            value = lower_expression(children[0], sequence);
        }
        if (in_helper && frames_.back().result >= 0) emit_assignment(statement, frames_.back().result, value, sequence);
    }
    Node exit = make_node(NodeKind::exit, position(statement));
    exit.exit_kind = ExitKind::return_statement;
    exit.exit_leaves_helper = in_helper;
    sequence.children.push_back(std::move(exit));
}

ValueSources KernelIrBuilder::inline_helper(CXCursor call, CXCursor definition, Node& sequence) {
    CXCursor body = body_of(definition);
    if (frames_.size() > max_inline_depth || clang_Cursor_isNull(body))
        return lower_builtin_call(call, spelling_of(call), sequence);

    // Arguments are evaluated in the caller, before the call.
    struct Argument {
        ValueSources sources;
        std::string text;
        std::optional<LocalAlias> alias;
    };
    std::vector<Argument> arguments;
    int count = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < count; ++i) {
        CXCursor expression = clang_Cursor_getArgument(call, static_cast<unsigned>(i));
        Argument argument;
        if (is_pointer_type(clang_getCursorType(expression))) {
            StorageTarget target = lower_storage(expression, sequence);
            argument.sources = target.address_sources;
            if (target.is_local_memory && target.root >= 0)
                argument.alias = LocalAlias{target.root, target.subscripts, target.address_sources};
        } else {
            argument.sources = lower_expression(expression, sequence);
        }
        argument.text = canonical(expression);
        arguments.push_back(std::move(argument));
    }

    Node helper = make_node(NodeKind::helper_call, position(call));
    helper.helper_name = spelling_of(definition);
    FunctionFrame frame;
    frame.name = helper.helper_name;
    find_reassigned(body, frame);
    frames_.push_back(std::move(frame));
    frames_.back().result = synthetic_variable(helper.helper_name + "()");

    int parameters = clang_Cursor_getNumArguments(definition);
    for (int i = 0; i < parameters && i < count; ++i) {
        CXCursor parameter = clang_Cursor_getArgument(definition, static_cast<unsigned>(i));
        bool single_valued = frames_.back().reassigned.count(key_of(parameter)) == 0;
        VariableId id = declare_variable(parameter);
        const Argument& argument = arguments[static_cast<std::size_t>(i)];
        emit_assignment(call, id, argument.sources, helper);
        if (single_valued) {
            substitutes_[id] = argument.text;
            if (argument.alias) aliases_[id] = *argument.alias;
        }
    }
    lower_statement(body, helper);
    VariableId result = frames_.back().result;
    std::optional<StorageTarget> returned = frames_.back().returned;
    bool returned_unknown = frames_.back().returned_unknown;
    frames_.pop_back();
    last_helper_return_ = returned;
    last_helper_return_unknown_ = returned_unknown;
    sequence.children.push_back(std::move(helper));
    ValueSources value;
    value.add(result);
    return value;
}

KernelIr build_kernel_ir(CXTranslationUnit unit, CXCursor kernel, const std::string& main_file) {
    return KernelIrBuilder(unit, main_file).build(kernel);
}

}  // namespace checker::barriers
