#include "harness/preprocessor_branches.hpp"

#include "harness/condition_expression.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace course {

namespace {

// Reserved names that only an IDE's own reading of the code defines, never an OpenCL compiler:
// the GPGPUTasks course template includes CLion's helper header under `#ifdef __CLION_IDE__`.
constexpr std::array<const char*, 6> kIdeOnlyNames = {"__CLION_IDE__",    "__CLION_IDE_",  "__JETBRAINS_IDE__",
                                                      "__INTELLISENSE__", "__RESHARPER__", "__CDT_PARSER__"};

// What OpenCL C's header (clang's opencl-c-base.h), PoCL and vendors define besides reserved names.
constexpr std::array<const char*, 21> kCompilerPrefixes = {
    "cl_",   "cles_",  "CL_",  "CLK_", "CHAR_", "SCHAR_", "UCHAR_", "SHRT_",    "USHRT_", "INT_", "UINT_",
    "LONG_", "ULONG_", "DBL_", "FLT_", "HALF_", "FP_",    "M_",     "HUGE_VAL", "as_",    "POCL_"};
constexpr std::array<const char*, 19> kCompilerNames = {
    "INFINITY",    "NAN",    "NULL", "MAXFLOAT", "FULL_PROFILE", "EMBEDDED_PROFILE",
    "kernel_exec", "inline", "true", "false",    "NVIDIA",       "AMD",
    "INTEL",       "APPLE",  "ARM",  "MALI",     "QUALCOMM",     "ADRENO",
    "POCL"};

Truth truth_and(Truth a, Truth b) {
    if (a == Truth::no || b == Truth::no) return Truth::no;
    return a == Truth::yes && b == Truth::yes ? Truth::yes : Truth::maybe;
}

Truth truth_or(Truth a, Truth b) {
    if (a == Truth::yes || b == Truth::yes) return Truth::yes;
    return a == Truth::no && b == Truth::no ? Truth::no : Truth::maybe;
}

Truth truth_not(Truth a) {
    return a == Truth::yes ? Truth::no : a == Truth::no ? Truth::yes : Truth::maybe;
}

std::string leading_identifier(const std::string& text) {
    std::size_t end = 0;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) != 0 || text[end] == '_' ||
                                 text[end] == '$' || static_cast<unsigned char>(text[end]) >= 0x80)) {
        ++end;
    }
    return std::isdigit(static_cast<unsigned char>(text[0])) != 0 ? std::string() : text.substr(0, end);
}

// What is known of every macro at a point of the file.
class MacroTable {
public:
    explicit MacroTable(const BuildMacros& macros) : any_defines_(macros.any_defines) {
        for (const auto& [name, value] : macros.defines) {
            known_[name] = {MacroView::State::defined, false, value};
        }
    }

    MacroView lookup(const std::string& name) const {
        if (const auto found = known_.find(name); found != known_.end()) return found->second;
        if (auto standard = always_defined(name)) return *standard;
        if (any_defines_ || compiler_may_define(name)) return {MacroView::State::unknown, false, {}};
        return {};
    }

    // A #define or #undef in a branch the build takes (yes), may take (maybe), or does not (no).
    void apply(const ScannedDirective& d, Truth where) {
        const std::string name = leading_identifier(d.rest);
        if (name.empty() || where == Truth::no) return;
        if (where == Truth::maybe) {
            known_[name] = {MacroView::State::unknown, false, {}};
        } else if (d.name == "undef") {
            known_[name] = {};
        } else {
            const bool function_like = d.rest.size() > name.size() && d.rest[name.size()] == '(';
            const auto body = d.rest.find_first_not_of(' ', name.size());
            known_[name] = {MacroView::State::defined, function_like,
                            function_like || body == std::string::npos ? std::string() : d.rest.substr(body)};
        }
    }

private:
    bool any_defines_;
    std::map<std::string, MacroView> known_;
};

// One open #if ... #endif.
struct OpenConditional {
    Truth outside;       // the branch around it
    Truth chain;         // whether an earlier branch of this #if ... #endif was taken
    Truth taken;         // the branch now open
    std::string head;    // "`#ifdef X` (line 1)"
    std::string branch;  // the branch now open, as a student reads it
    std::string unsure;
    // The outermost open conditional, this one or one around it, whose branch has the same `taken`
    // (taken only narrows inward: yes ... yes, maybe ... maybe, no ... no), so a place is found in
    // constant time however deep the nesting.
    std::size_t first_alike = 0;
};

std::string quoted(const ScannedDirective& d) {
    return "`" + directive_text(d) + "` (line " + std::to_string(d.line) + ")";
}

// What a whole file may spend expanding macros in its #if lines: far more than any kernel needs.
constexpr std::size_t kExpansionSteps = 1000000;

Truth condition_of(const ScannedDirective& d, const MacroTable& table, std::size_t& steps_left, std::string& unsure) {
    if (d.name == "if" || d.name == "elif") {
        const ConditionValue v = evaluate_condition(
            d.rest, [&](const std::string& n) { return table.lookup(n); }, steps_left);
        unsure = v.unsure;
        return v.known ? (v.value != 0 ? Truth::yes : Truth::no) : Truth::maybe;
    }
    const std::string name = leading_identifier(d.rest);
    if (name.empty()) return Truth::maybe;  // a compile error: the compiler will say so
    const MacroView view = table.lookup(name);
    if (view.state == MacroView::State::unknown) {
        unsure = name;
        return Truth::maybe;
    }
    const bool defined = view.state == MacroView::State::defined;
    return (d.name == "ifdef") == defined ? Truth::yes : Truth::no;
}

class BranchWalk {
public:
    explicit BranchWalk(const BuildMacros& macros) : table_(macros) {}

    BranchPlace step(const ScannedDirective& d) {
        const std::string& n = d.name;
        if (n == "if" || n == "ifdef" || n == "ifndef") {
            const BranchPlace around = place_at(stack_.size());
            open(d);
            return around;
        }
        if (n == "elif" || n == "elifdef" || n == "elifndef" || n == "else" || n == "endif") {
            if (stack_.empty()) return place_at(0);  // unbalanced: a compile error
            const BranchPlace around = place_at(stack_.size() - 1);
            if (n == "endif") {
                stack_.pop_back();
            } else {
                next_branch(d);
            }
            return around;
        }
        const BranchPlace place = place_at(stack_.size());
        if (n == "define" || n == "undef") table_.apply(d, place.taken);
        return place;
    }

private:
    Truth current() const { return stack_.empty() ? Truth::yes : stack_.back().taken; }

    void open(const ScannedDirective& d) {
        OpenConditional c;
        c.outside = current();
        c.head = quoted(d);
        c.branch = c.head;
        c.chain = c.outside == Truth::no ? Truth::no : condition_of(d, table_, steps_left_, c.unsure);
        c.taken = truth_and(c.outside, c.chain);
        stack_.push_back(c);
        note_first_alike();
    }

    void note_first_alike() {
        const std::size_t top = stack_.size() - 1;
        const bool like_parent = top > 0 && stack_[top - 1].taken == stack_[top].taken;
        stack_[top].first_alike = like_parent ? stack_[top - 1].first_alike : top;
    }

    void next_branch(const ScannedDirective& d) {
        OpenConditional& c = stack_.back();
        Truth own = Truth::yes;
        std::string unsure;
        if (d.name == "elif" && c.outside != Truth::no && c.chain != Truth::yes)
            own = condition_of(d, table_, steps_left_, unsure);
        if (!unsure.empty()) c.unsure = unsure;
        if (d.name == "elifdef" || d.name == "elifndef") own = Truth::maybe;  // not every compiler knows them
        c.taken = truth_and(c.outside, truth_and(truth_not(c.chain), own));
        c.chain = truth_or(c.chain, own);
        c.branch = quoted(d) + " of " + c.head;
        note_first_alike();
    }

    // The place of what sits inside the first `depth` open conditionals: the outermost branch that is
    // surely not taken, else the outermost that may not be, else the innermost (all are taken).
    BranchPlace place_at(std::size_t depth) const {
        BranchPlace place;
        if (depth == 0) return place;
        const OpenConditional& innermost = stack_[depth - 1];
        const OpenConditional& decides = innermost.taken == Truth::yes ? innermost : stack_[innermost.first_alike];
        place.taken = innermost.taken;
        place.branch = decides.branch;
        place.unsure = decides.unsure;
        return place;
    }

    MacroTable table_;
    std::vector<OpenConditional> stack_;
    std::size_t steps_left_ = kExpansionSteps;
};

}  // namespace

std::optional<MacroView> always_defined(const std::string& name) {
    struct Standard {
        const char* name;
        const char* value;  // nullptr: defined, with a value a build cannot know
        bool function_like;
    };
    static constexpr std::array<Standard, 10> kStandard = {{{"__OPENCL_VERSION__", nullptr, false},
                                                            {"__OPENCL_C_VERSION__", nullptr, false},
                                                            {"__FILE__", nullptr, false},
                                                            {"__LINE__", nullptr, false},
                                                            {"CL_VERSION_1_0", "100", false},
                                                            {"CL_VERSION_1_1", "110", false},
                                                            {"CL_VERSION_1_2", "120", false},
                                                            {"__ENDIAN_LITTLE__", "1", false},
                                                            {"__kernel_exec", nullptr, true},
                                                            {"kernel_exec", nullptr, true}}};
    for (const Standard& s : kStandard) {
        if (name != s.name) continue;
        MacroView view{MacroView::State::defined, s.function_like, s.value ? s.value : ""};
        view.value_known = s.value != nullptr || s.function_like;
        return view;
    }
    return std::nullopt;
}

bool compiler_may_define(const std::string& name) {
    const auto is = [&](const char* n) { return name == n; };
    if (std::any_of(kIdeOnlyNames.begin(), kIdeOnlyNames.end(), is)) return false;
    if (name.size() >= 2 && name[0] == '_' && (name[1] == '_' || std::isupper(static_cast<unsigned char>(name[1])))) {
        return true;
    }
    if (std::any_of(kCompilerNames.begin(), kCompilerNames.end(), is)) return true;
    return std::any_of(kCompilerPrefixes.begin(), kCompilerPrefixes.end(),
                       [&](const char* prefix) { return name.rfind(prefix, 0) == 0; });
}

std::vector<BranchPlace> branch_places(const SourceScan& scan, const BuildMacros& macros) {
    BranchWalk walk(macros);
    std::vector<BranchPlace> places;
    places.reserve(scan.directives.size());
    for (const auto& d : scan.directives) places.push_back(walk.step(d));
    return places;
}

}  // namespace course
