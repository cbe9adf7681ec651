// The value of a `#if` / `#elif` expression when some macros are known and some are not: `0`,
// `TILE_SIZE > 8`, `defined(__CLION_IDE__) && !defined(X)`, `__OPENCL_VERSION__ >= 120`. A value
// that depends on a macro whose definition is not known (one a compiler may define), on a
// function-like macro, or on anything this small evaluator does not follow, is unknown: the caller
// must then count the branch as one that may be taken.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace course {

// What is known of one macro where the expression is evaluated.
struct MacroView {
    enum class State { undefined, defined, unknown };
    State state = State::undefined;
    bool function_like = false;
    std::string body;  // an object-like macro's replacement text
    // False for a macro every compiler defines with a value a build cannot know (`__OPENCL_VERSION__`,
    // the device's version): `defined` is 1, the value unknown.
    bool value_known = true;
};

using MacroLookup = std::function<MacroView(const std::string& name)>;

struct ConditionValue {
    bool known = false;
    long long value = 0;
    std::string unsure;  // when unknown: the first name whose definition was not known, if any
};

// `expression` is the text after `#if` (comments already removed). `steps_left` is what the whole
// file may still spend on macro expansion (a hostile file's #if lines must not keep the grader busy):
// each token expanded costs one, and once it is spent every value is unknown.
ConditionValue evaluate_condition(const std::string& expression, const MacroLookup& lookup, std::size_t& steps_left);

}  // namespace course
