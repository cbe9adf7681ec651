#include "description/problem_kind.hpp"

namespace course {

namespace {

// One line per kind, in the order messages list them.
constexpr ProblemKindName kProblemKindNames[] = {
    {ProblemKind::transpose, "transpose", SizeForm::m_by_k},
    {ProblemKind::matmul, "matmul", SizeForm::m_by_k_by_n},
    {ProblemKind::strassen, "strassen", SizeForm::m_by_k_by_n},
    {ProblemKind::matmul_image, "matmul_image", SizeForm::m_by_k_by_n},
};

const ProblemKindName& entry(ProblemKind kind) {
    for (const auto& e : kProblemKindNames) {
        if (e.kind == kind) return e;
    }
    return kProblemKindNames[0];  // unreachable: every kind has its line (problem_kind tests check it)
}

}  // namespace

const char* problem_kind_name(ProblemKind kind) {
    return entry(kind).name;
}

SizeForm size_form_of(ProblemKind kind) {
    return entry(kind).size_form;
}

std::optional<ProblemKind> problem_kind_named(const std::string& name) {
    for (const auto& e : kProblemKindNames) {
        if (name == e.name) return e.kind;
    }
    return std::nullopt;
}

std::string problem_kind_names() {
    std::string names;
    for (const auto& e : kProblemKindNames) names += (names.empty() ? "\"" : ", \"") + std::string(e.name) + "\"";
    return names;
}

}  // namespace course
