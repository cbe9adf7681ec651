// Whether two __local accesses, made by two different work-items, can touch the same element.
//
// Subscripts are compared position by position, outermost first, as canonical text:
//   same text everywhere (or one list a prefix of the other, `p[i]` and `p[i].x`): the same
//     element for the same work-item;
//   at some position, two different integers or struct fields (`s[i][0]`, `s[i][1]`), or two
//     uniform subscripts that can never be equal (`tile[cur]` and `tile[1 - cur]`,
//     `tile[t % 2]` and `tile[(t + 1) % 2]`, `x` and `x + 4`): never the same element;
//   anything else, or an async copy by the whole work-group (group_wide): possibly another
//     work-item's element.
// "Never equal" needs both subscripts evaluated with the same variable values: not so when a
// variable they are computed from may have been assigned between the two accesses
// (`may_have_changed`, e.g. by a loop that iterated in between), except across exactly one
// iteration of a `for` loop whose counter goes up by one (`shift`): then the later subscript is
// read with the counter one higher, so `tile[t % 2]` read in step t and `tile[t % 2]` written in
// step t + 1 are different halves, and so are `tile[t % 3]` and `tile[(t + 1) % 3]` one step apart
// (but not `tile[t % 2]` and `tile[(t + 1) % 2]`: the same half then).
#pragma once

#include "divergence.hpp"
#include "ir/kernel_ir.hpp"

#include <functional>
#include <string>

namespace checker::barriers {

enum class ElementRelation { same_element, disjoint, other_element };

// The later access (b) ran exactly one iteration of a `for` loop after the earlier one (a).
struct IterationShift {
    std::string counter;  // the loop counter's name in index text (Node::counter_name)
    // Whether a subscript's text shows everything its value depends on that the loop changes: no
    // variable the loop assigns appears in it other than through the counter's name.
    std::function<bool(const Subscript&)> exact;
};

ElementRelation relate_elements(const LocalAccess& a, const LocalAccess& b, const Divergence& divergence,
                                const std::function<bool(const ValueSources&)>& may_have_changed,
                                const IterationShift* shift = nullptr);

}  // namespace checker::barriers
