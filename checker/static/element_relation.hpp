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
// (`may_have_changed`, e.g. by a loop that iterated in between).
#pragma once

#include "divergence.hpp"
#include "ir/kernel_ir.hpp"

#include <functional>

namespace checker::barriers {

enum class ElementRelation { same_element, disjoint, other_element };

ElementRelation relate_elements(const LocalAccess& a, const LocalAccess& b, const Divergence& divergence,
                                const std::function<bool(const ValueSources&)>& may_have_changed);

}  // namespace checker::barriers
