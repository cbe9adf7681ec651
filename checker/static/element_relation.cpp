#include "element_relation.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace checker::barriers {

namespace {

std::optional<long long> integer_of(const std::string& text) {
    std::size_t digits = !text.empty() && text[0] == '-' ? 1 : 0;
    if (digits >= text.size() || text.size() > 18) return std::nullopt;
    if (!std::all_of(text.begin() + static_cast<std::ptrdiff_t>(digits), text.end(),
                     [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return std::stoll(text);
}

bool is_constant(const std::string& subscript) {
    return (!subscript.empty() && subscript[0] == '.') || integer_of(subscript).has_value();  // field or number
}

// `text` is "(" + left + op + right + ")" with `known` on one side: the other side.
std::optional<std::string> other_operand(const std::string& text, const std::string& known, char op,
                                         bool known_on_left) {
    std::string head = known_on_left ? "(" + known + op : "(";
    std::string tail = known_on_left ? ")" : std::string(1, op) + known + ")";
    if (text.size() <= head.size() + tail.size()) return std::nullopt;
    if (text.compare(0, head.size(), head) != 0) return std::nullopt;
    if (text.compare(text.size() - tail.size(), tail.size(), tail) != 0) return std::nullopt;
    return text.substr(head.size(), text.size() - head.size() - tail.size());
}

// How much `shifted` adds to `base` when it is `base + C`, `C + base` or `base - C`.
std::optional<long long> offset_between(const std::string& base, const std::string& shifted) {
    for (bool left : {true, false}) {
        if (auto constant = other_operand(shifted, base, '+', left))
            if (auto value = integer_of(*constant)) return *value;
    }
    if (auto constant = other_operand(shifted, base, '-', true))
        if (auto value = integer_of(*constant)) return -*value;
    return std::nullopt;
}

// `text` as "(left op right)" split at its top-level operator.
struct BinaryText {
    std::string left, op, right;
};

std::optional<BinaryText> split_binary(const std::string& text) {
    if (text.size() < 5 || text.front() != '(' || text.back() != ')') return std::nullopt;
    const std::string operator_chars = "+-*/%&^|<>=!?:";
    int depth = 0;
    for (std::size_t i = 1; i + 1 < text.size(); ++i) {
        char c = text[i];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (depth != 0 || i == 1 || operator_chars.find(c) == std::string::npos) continue;
        std::size_t end = i;
        while (end + 1 < text.size() && operator_chars.find(text[end]) != std::string::npos) ++end;
        if (end + 1 >= text.size()) return std::nullopt;
        return BinaryText{text.substr(1, i - 1), text.substr(i, end - i), text.substr(end, text.size() - 1 - end)};
    }
    return std::nullopt;
}

// An integer expression as `(base + offset) % modulus` (modulus 0: no remainder taken), as far as
// its canonical text shows: `t % 2`, `(t + 1) % 3`, `((t % 3) + 1) % 3`, `t & 1`, `1 - (t % 2)`,
// `(t & 1) ^ 1`. Counters and indices are taken as non-negative.
struct Residue {
    std::string base;
    long long offset = 0;
    long long modulus = 0;
};

Residue linear_part(const std::string& text) {
    Residue result{text, 0, 0};
    while (auto parts = split_binary(result.base)) {
        auto left = integer_of(parts->left), right = integer_of(parts->right);
        if (parts->op == "+" && right) result = {parts->left, result.offset + *right, 0};
        else if (parts->op == "+" && left) result = {parts->right, result.offset + *left, 0};
        else if (parts->op == "-" && right) result = {parts->left, result.offset - *right, 0};
        else break;
    }
    return result;
}

Residue residue_of(const std::string& text) {
    auto parts = split_binary(text);
    if (!parts) return {text, 0, 0};
    std::optional<long long> modulus;
    if (parts->op == "%") modulus = integer_of(parts->right);
    if (parts->op == "&")
        if (auto mask = integer_of(parts->right); mask && *mask > 0 && (*mask & (*mask + 1)) == 0) modulus = *mask + 1;
    if (modulus && *modulus > 0) {
        Residue inner = linear_part(parts->left);
        Residue nested = residue_of(inner.base);  // ((t % 3) + 1) % 3 is (t + 1) % 3
        if (nested.modulus == *modulus) inner = {nested.base, inner.offset + nested.offset, 0};
        return {inner.base, ((inner.offset % *modulus) + *modulus) % *modulus, *modulus};
    }
    // Over remainders of 2, `r ^ 1` and `1 - r` are `r + 1`.
    bool flips = (parts->op == "^" && integer_of(parts->right) == 1) || (parts->op == "-" && integer_of(parts->left) == 1);
    Residue flipped = residue_of(parts->op == "^" ? parts->left : parts->right);
    if (flips && flipped.modulus == 2) return {flipped.base, (flipped.offset + 1) % 2, 2};
    return linear_part(text);
}

bool residues_differ(const std::string& x, const std::string& y) {
    Residue a = residue_of(x), b = residue_of(y);
    if (a.base != b.base || a.modulus != b.modulus) return false;
    if (a.modulus == 0) return a.offset != b.offset;
    return (a.offset - b.offset) % a.modulus != 0;
}

// True when integer expressions `x` and `y`, evaluated with the same values, always differ.
bool never_equal(const std::string& x, const std::string& y) {
    if (residues_differ(x, y)) return true;
    if (auto offset = offset_between(x, y); offset && *offset != 0) return true;  // x + C
    for (bool left : {true, false})                                               // x ^ C
        if (auto constant = other_operand(y, x, '^', left))
            if (auto value = integer_of(*constant); value && *value != 0) return true;
    if (auto constant = other_operand(y, x, '-', false))  // C - x: equal to x only at C / 2
        if (auto value = integer_of(*constant); value && *value % 2 != 0) return true;
    // (a + C) % M and a % M: equal only when C is a multiple of M.
    if (x.size() > 2 && y.size() > 2 && x.front() == '(' && y.front() == '(') {
        std::size_t x_mod = x.rfind('%'), y_mod = y.rfind('%');
        if (x_mod != std::string::npos && y_mod != std::string::npos && x.back() == ')' && y.back() == ')') {
            auto modulus = integer_of(x.substr(x_mod + 1, x.size() - x_mod - 2));
            bool same_modulus = modulus && *modulus != 0 && x.substr(x_mod) == y.substr(y_mod);
            if (same_modulus) {
                auto offset = offset_between(x.substr(1, x_mod - 1), y.substr(1, y_mod - 1));
                if (offset && *offset % *modulus != 0) return true;
            }
        }
    }
    return false;
}

// `left op right` as canonical text (ir/ir_builder_addresses.cpp): operands of + and * in order.
std::string combined(const std::string& left, char op, const std::string& right) {
    bool swap = right < left;
    return "(" + (swap ? right : left) + op + (swap ? left : right) + ")";
}

// The offset in innermost elements from the start of the array, as canonical text, when every
// subscript's unit is known: `As[ly][lx]` of a float[16][16] and `p[ly * 16 + lx]` with
// `p = (__local float*)As` are both "((16*ly)+lx)".
std::optional<std::string> flat_offset(const LocalAccess& access) {
    std::optional<std::string> offset;
    for (const Subscript& subscript : access.subscripts) {
        std::string index = subscript.text;
        if (!index.empty() && index[0] == '+') index = index.substr(1);  // pointer arithmetic
        bool plain = !index.empty() && index[0] != '.' && index[0] != '-' && index[0] != '?';
        if (subscript.unit <= 0 || !plain) return std::nullopt;
        if (index == "0") continue;
        std::string term = subscript.unit == 1 ? index : combined(index, '*', std::to_string(subscript.unit));
        offset = offset ? combined(*offset, '+', term) : term;
    }
    return offset ? offset : std::string("0");
}

// Whether the subscripts of `a` and `b` step the same way position by position, one list a prefix
// of the other (`tile[nxt]` and `tile[cur][i]`): then they are compared position by position.
bool same_layout(const LocalAccess& a, const LocalAccess& b) {
    std::size_t common = std::min(a.subscripts.size(), b.subscripts.size());
    for (std::size_t i = 0; i < common; ++i)
        if (a.subscripts[i].unit != b.subscripts[i].unit) return false;
    return true;
}

// `tile[j]` written in one loop and `tile[k]` read in another over the same range have the same
// text (loop counters are named by their loop header), but with no work-item id in the index the
// elements are everyone's, not one work-item's own (even when `j` counts as divergent because its
// loop runs under `if (lid == 0)`).
bool shared_through_loop_counters(const LocalAccess& a, const LocalAccess& b) {
    bool counters = false;
    for (const LocalAccess* access : {&a, &b}) {
        for (const Subscript& subscript : access->subscripts) {
            if (subscript.text.find("get_local_id") != std::string::npos ||
                subscript.text.find("get_global_id") != std::string::npos ||
                subscript.text.find("_linear_id") != std::string::npos)
                return false;
            counters = counters || subscript.text.find('@') != std::string::npos;
        }
    }
    return counters;
}

// `text` one iteration later: the loop counter's name replaced by "(1+name)".
std::string one_iteration_later(std::string text, const std::string& counter) {
    const std::string later = "(1+" + counter + ")";
    for (std::size_t at = text.find(counter); at != std::string::npos; at = text.find(counter, at + later.size()))
        text.replace(at, counter.size(), later);
    return text;
}

// Whether `earlier` and `later`, one iteration of the shift's loop apart, are never equal.
bool never_equal_a_step_apart(const Subscript& earlier, const Subscript& later, const IterationShift* shift) {
    if (!shift || shift->counter.empty() || !shift->exact(earlier) || !shift->exact(later)) return false;
    if (earlier.text.find(shift->counter) == std::string::npos && later.text.find(shift->counter) == std::string::npos)
        return false;
    return residues_differ(earlier.text, one_iteration_later(later.text, shift->counter));
}

}  // namespace

ElementRelation relate_elements(const LocalAccess& a, const LocalAccess& b, const Divergence& divergence,
                                const std::function<bool(const ValueSources&)>& may_have_changed,
                                const IterationShift* shift) {
    if (a.opaque || b.opaque) return ElementRelation::other_element;
    bool one_work_item_each = !a.group_wide && !b.group_wide;
    if (!same_layout(a, b)) {
        // Two views of one array (a flat pointer and the 2-D array): compare flat offsets.
        std::optional<std::string> x = flat_offset(a), y = flat_offset(b);
        bool own = one_work_item_each && !shared_through_loop_counters(a, b);
        if (x && y) return *x == *y && own ? ElementRelation::same_element : ElementRelation::other_element;
    }
    std::size_t common = std::min(a.subscripts.size(), b.subscripts.size());
    bool equal_so_far = true;
    for (std::size_t i = 0; i < common; ++i) {
        const Subscript& x = a.subscripts[i];
        const Subscript& y = b.subscripts[i];
        bool uniform = !divergence.is_divergent(x.sources) && !divergence.is_divergent(y.sources);
        bool same_values = !may_have_changed(x.sources) && !may_have_changed(y.sources);
        if (uniform && !same_values && never_equal_a_step_apart(x, y, shift)) return ElementRelation::disjoint;
        if (x.text == y.text) continue;
        if (is_constant(x.text) && is_constant(y.text)) return ElementRelation::disjoint;
        // Uniform subscripts have one value for the whole work-group, so "never equal" holds
        // between work-items too (not so for `lid` and `lid + 1`).
        if (uniform && same_values && (never_equal(x.text, y.text) || never_equal(y.text, x.text)))
            return ElementRelation::disjoint;
        equal_so_far = false;
    }
    // A copy by the whole work-group touches every work-item's elements of its range.
    if (!one_work_item_each) return ElementRelation::other_element;
    return equal_so_far && !shared_through_loop_counters(a, b) ? ElementRelation::same_element
                                                                           : ElementRelation::other_element;
}

}  // namespace checker::barriers
