// The kinds of host driver a lab.toml can name in `problem = "..."`.
#include "problems/lab_problem.hpp"
#include "problems/matmul/matmul_problem.hpp"
#include "problems/matmul_image/matmul_image_problem.hpp"
#include "problems/strassen/strassen_problem.hpp"
#include "problems/transpose/transpose_problem.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

std::unique_ptr<LabProblem> make_problem(const std::string& problem, const ProblemSetup& setup) {
    if (problem == "transpose") return std::make_unique<TransposeProblem>(setup);
    if (problem == "matmul") return std::make_unique<MatmulProblem>(setup);
    if (problem == "strassen") return std::make_unique<StrassenProblem>(setup);
    if (problem == "matmul_image") return std::make_unique<MatmulImageProblem>(setup);
    throw UserError({"problem = \"transpose\", \"matmul\", \"strassen\" or \"matmul_image\"", fmt::format("problem = \"{}\"", problem),
                     setup.spec != nullptr ? "labs/" + setup.spec->folder + "/lab.toml" : std::string("lab.toml"),
                     "fix the problem key of the lab"});
}

SizeForm size_form_of(const std::string& problem) {
    return problem == "transpose" ? SizeForm::m_by_k : SizeForm::m_by_k_by_n;
}

}  // namespace course
