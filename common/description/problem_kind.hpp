// The kinds of problem a lab.toml can name in `problem = "..."`: the name and
// how the kind writes its sizes, so that lab.toml's sizes are parsed once, here.
// Everything else about a kind (its host driver, its rate unit, its work, its
// Oclgrind sizes) is its row in problems/problem_kinds.cpp.
//
// A new kind: a value below, its line in kProblemKindNames (problem_kind.cpp),
// its row in problems/problem_kinds.cpp and its driver folder under problems/.
#pragma once

#include "description/problem_size.hpp"

#include <optional>
#include <string>

namespace course {

enum class ProblemKind { transpose, matmul, strassen, matmul_image };

struct ProblemKindName {
    ProblemKind kind;
    const char* name;    // as lab.toml writes it: "transpose"
    SizeForm size_form;  // how its sizes are written: "37x50" or "64x100x33"
};

const char* problem_kind_name(ProblemKind kind);
SizeForm size_form_of(ProblemKind kind);
// The kind lab.toml's name stands for; nothing for an unknown name.
std::optional<ProblemKind> problem_kind_named(const std::string& name);
// "\"transpose\", \"matmul\", \"strassen\"": for messages that list what is allowed.
std::string problem_kind_names();

}  // namespace course
