// The builder behind build_kernel_ir, shared by its four source files:
//   ir_builder_statements.cpp   statements and control flow, helper inlining
//   ir_builder_expressions.cpp  expressions: reads, writes, assignments, builtin calls
//   ir_builder_addresses.cpp    which storage an expression names, and index expressions as text
//   ir_builder_variables.cpp    variables, which hold a single value, which are reassigned
#pragma once

#include "ir_builder.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace checker::barriers {

// A declaration: its file and offset, and libclang's hash of the declaration itself, because
// every variable a macro declares is at the same place (the macro's use).
using DeclarationKey = std::tuple<const void*, unsigned, unsigned>;
DeclarationKey key_of(CXCursor declaration);

// The size of the innermost element of an array type, or of what a pointer points to; 0: unknown.
long long scalar_bytes_of(CXType type);

// The storage an lvalue or pointer expression names: `tile[ly][lx]` is root `tile` with
// subscripts {ly, lx} (as canonical text), and its address depends on tile, ly and lx.
struct StorageTarget {
    VariableId root = -1;  // -1: not a variable we can name
    bool is_local_memory = false;
    std::vector<Subscript> subscripts;
    ValueSources address_sources;
    // A pointer into __local memory that cannot be followed to one array (returned by a helper
    // that returns different things, chosen by `?:`, a reassigned pointer variable, a __local
    // pointer kept in a private array): it may reach any __local array, and an access through it
    // is taken as an opaque access to each of them.
    bool unknown_local = false;

    bool names_local_memory() const { return is_local_memory && (root >= 0 || unknown_local); }
};

// A pointer variable or helper parameter that always points into one __local array.
struct LocalAlias {
    VariableId root = -1;
    std::vector<Subscript> prefix;  // subscripts that the pointer already adds
    ValueSources sources;
};

enum class StoreMode { write, read_and_write };

class KernelIrBuilder {
public:
    KernelIrBuilder(CXTranslationUnit unit, const std::string& main_file);
    KernelIr build(CXCursor kernel);

    // statements (ir_builder_statements.cpp)
    void lower_statement(CXCursor statement, Node& sequence);
    void lower_variable_declaration(CXCursor declaration, Node& sequence);
    void lower_if(CXCursor statement, Node& sequence);
    void lower_for(CXCursor statement, Node& sequence);
    // Names the counter in index text; returns it when it goes up by one (Node::counter_name).
    std::optional<std::pair<VariableId, std::string>> name_loop_counter(CXCursor init, CXCursor condition,
                                                                        CXCursor step);
    void lower_while(CXCursor statement, Node& sequence, bool tests_first);
    void lower_switch(CXCursor statement, Node& sequence);
    void lower_return(CXCursor statement, Node& sequence);
    void lower_condition(CXCursor condition, Node& branch_or_loop);
    ValueSources inline_helper(CXCursor call, CXCursor definition, Node& sequence);

    // expressions (ir_builder_expressions.cpp)
    ValueSources lower_expression(CXCursor expression, Node& sequence);
    ValueSources lower_children(CXCursor expression, Node& sequence);
    ValueSources lower_binary(CXCursor expression, Node& sequence);
    ValueSources lower_unary(CXCursor expression, Node& sequence);
    ValueSources lower_conditional(CXCursor expression, Node& sequence);
    ValueSources lower_call(CXCursor call, Node& sequence);
    ValueSources lower_builtin_call(CXCursor call, const std::string& name, Node& sequence);
    ValueSources lower_vector_load_store(CXCursor call, const std::string& name, const std::vector<CXCursor>& arguments,
                                         bool is_vstore, Node& sequence);
    ValueSources lower_other_builtin(CXCursor call, const std::vector<CXCursor>& arguments, Node& sequence);
    ValueSources lower_async_copy(CXCursor call, const std::vector<CXCursor>& arguments, Node& sequence);
    ValueSources store(CXCursor target, StoreMode mode, const ValueSources& value, Node& sequence,
                       CXCursor value_expression = clang_getNullCursor());
    void emit_access(CXCursor expression, const StorageTarget& target, bool reads, bool writes, bool opaque,
                     Node& sequence);
    void emit_assignment(CXCursor at, VariableId variable, const ValueSources& value, Node& sequence);

    // addresses and canonical text (ir_builder_addresses.cpp)
    StorageTarget lower_storage(CXCursor expression, Node& sequence);
    StorageTarget variable_storage(CXCursor reference);  // an array, an alias of one, or an unknown __local pointer
    std::optional<StorageTarget> pointer_arithmetic_storage(CXCursor expression, const std::vector<CXCursor>& operands,
                                                            Node& sequence);  // nullopt: not pointer arithmetic
    StorageTarget returned_storage(CXCursor call, Node& sequence);  // what a helper's returned pointer names
    long long scalar_bytes_of_root(VariableId root) const;
    std::string canonical(CXCursor expression);
    std::string canonical_reference(CXCursor reference);  // a variable by its value or name#id, a constant
    std::string canonical_unary(CXCursor expression, CXCursor operand);
    // What a condition reads, without lowering it (for `x == y` tests); nullopt if it calls a helper.
    std::optional<ValueSources> plain_sources(CXCursor expression);

    // Marks `target` as an unknown __local pointer when `expression` has a __local type that the
    // steps above could not follow to an array.
    void mark_unknown_local(CXCursor expression, StorageTarget& target) const;
    // Whether a helper's returned target can stand for the call outside the helper: its index text
    // names no variable of the helper's own (ids from `first_own`), which mean nothing outside.
    bool holds_outside_helper(const StorageTarget& target, VariableId first_own) const;

    // variables
    VariableId declare_variable(CXCursor declaration);
    VariableId variable_for(CXCursor declaration);
    VariableId synthetic_variable(const std::string& name);  // e.g. a helper's return value

    // Current values of reassigned integer variables (ir_builder_variables.cpp): after
    // `cur = t & 1; nxt = cur ^ 1;` the index text of `As[nxt]` is `((t&1)^1)`, so that it can be
    // told apart from `As[cur]`. Kept only along straight-line code: forgotten where paths join.
    void remember_value(CXCursor declaration, VariableId variable, CXCursor value, const ValueSources& sources);
    void forget_value(VariableId variable);
    void forget_values_assigned_in(CXCursor statement);

    SourcePosition position(CXCursor cursor) const { return position_of(cursor, main_file_); }

private:
    struct FunctionFrame {
        std::string name;
        std::map<DeclarationKey, VariableId> variables;
        std::set<DeclarationKey> reassigned;  // assigned after their declaration, or address taken
        std::set<DeclarationKey> address_taken;
        VariableId result = -1;               // a helper's return value
        // A helper returning a __local pointer: the target of its `return`s when they all agree and
        // it can be followed; returned_unknown when they do not (or it cannot).
        std::optional<StorageTarget> returned;
        bool returned_unknown = false;
    };

    void find_reassigned(CXCursor body, FunctionFrame& frame);
    bool is_substitutable(CXCursor declaration) const;

    CXTranslationUnit unit_;
    std::string main_file_;
    KernelIr kernel_;
    std::vector<FunctionFrame> frames_;
    std::map<DeclarationKey, VariableId> program_scope_;
    std::map<VariableId, std::string> substitutes_;  // single-valued variables: canonical value
    std::map<VariableId, LocalAlias> aliases_;
    // __local storage an unknown __local pointer may reach: the kernel's __local variables and its
    // `__local T*` arguments.
    std::vector<VariableId> local_storage_;
    // What the helper inlined last returned, when it returns a __local pointer that can be followed.
    std::optional<StorageTarget> last_helper_return_;
    bool last_helper_return_unknown_ = false;
    // Counters of `for` loops, by what they iterate over: "@1{0|(@<4)|++@}" for the counter of a
    // loop at nesting depth 1 running from 0 while < 4 by ++. Two loops with the same header at the
    // same depth give their counters one name, so `acc[ly][lx + w * G]` in the loop that zeroes it
    // and in the loop that reads it back is one work-item's own element.
    std::map<VariableId, std::string> counter_names_;
    struct CurrentValue {
        std::string text;
        std::vector<VariableId> sources;
    };
    std::map<VariableId, CurrentValue> current_values_;
    int for_depth_ = 0;
    std::set<VariableId> private_arrays_;
};

}  // namespace checker::barriers
