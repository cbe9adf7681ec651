// The table of problem kinds: one row per kind. A new kind is a row here, its
// name in description/problem_kind.cpp and its driver folder under problems/.
#include "problems/problem_kinds.hpp"

#include "problems/matmul/matmul_problem.hpp"
#include "problems/matmul_image/matmul_image_problem.hpp"
#include "problems/strassen/strassen_problem.hpp"
#include "problems/transpose/transpose_problem.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace course {

namespace {

template <typename Driver>
std::unique_ptr<LabProblem> make(const ProblemSetup& setup) {
    return std::make_unique<Driver>(setup);
}

std::size_t padded(std::size_t n, std::size_t multiple) {
    return (n + multiple - 1) / multiple * multiple;
}

// The depth of a K step at these defines: TILE_K, else TILE_SIZE, else 16.
std::size_t k_step(const Defines& defines) {
    for (const char* name : {"TILE_K", "TILE_SIZE"}) {
        if (const auto value = defines.get(name)) {
            try {
                const long step = std::stol(*value);
                if (step > 0) return static_cast<std::size_t>(step);
            } catch (const std::exception&) {
            }
        }
    }
    return 16;
}

// The tile at these defines (k_step reads TILE_SIZE for a transpose): one whole tile beside ragged ones
// (T+1 x 2T+1, k odd: float4 rows of a would not be 16-byte aligned there), and whole tiles only with m
// and k multiples of 4 (T x 2T: a float4 extension's vector path runs under Oclgrind too).
std::vector<std::string> transpose_race_sizes(const LabSpec&, const Defines& defines) {
    const std::size_t tile = k_step(defines);
    return {"1x1", fmt::format("{}x{}", tile + 1, 2 * tile + 1), fmt::format("{}x{}", tile, 2 * tile)};
}

// Three K steps, the last one partial; M and N ragged. Where the host pads to whole tiles
// (labs 05, 06) 1x1x1 is the same single work-group again: left out, Oclgrind is slow.
std::vector<std::string> matmul_race_sizes(const LabSpec& spec, const Defines& defines) {
    const std::size_t step = k_step(defines);
    const std::string three_steps = fmt::format("17x{}x20", 2 * step + step / 2 + 1);
    if (spec.geometry != Geometry::tile) return {three_steps};
    return {"1x1x1", three_steps};
}

// The lab's first two check sizes.
std::vector<std::string> first_check_sizes(const LabSpec& spec, const Defines&) {
    std::vector<std::string> sizes;
    for (std::size_t i = 0; i < spec.check_sizes.size() && i < 2; ++i) sizes.push_back(spec.check_sizes[i].text);
    return sizes;
}

double elements(ProblemSize size, Extents, const Defines&) {
    return static_cast<double>(size.m) * static_cast<double>(size.k);
}

double padded_product(ProblemSize size, Extents multiple, std::size_t scale) {
    return static_cast<double>(padded(size.m, multiple.rows * scale)) *
           static_cast<double>(padded(size.n, multiple.cols * scale)) *
           static_cast<double>(padded(size.k, multiple.inner * scale));
}

double product_work(ProblemSize size, Extents multiple, const Defines&) {
    return padded_product(size, multiple, 1);
}

// Each Strassen level halves the matrices, so the host pads to 2^LEVELS macro tiles.
double strassen_work(ProblemSize size, Extents multiple, const Defines& defines) {
    std::size_t scale = 1;
    if (const auto levels = defines.get("LEVELS")) {
        try {
            scale = std::size_t{1} << std::min(std::stoul(*levels), 8ul);
        } catch (const std::exception&) {
        }
    }
    return padded_product(size, multiple, scale);
}

// One row per kind.
const ProblemKindInfo kProblemKinds[] = {
    {ProblemKind::transpose, "transpose(a, at, m, k)", RateUnit::gigabytes_per_second, make<TransposeProblem>,
     transpose_race_sizes, elements},
    {ProblemKind::matmul, "matmul(a, b, c, M, K, N)", RateUnit::gigaflops_per_second, make<MatmulProblem>,
     matmul_race_sizes, product_work},
    {ProblemKind::strassen, "strassen_split, strassen_merge and lab 06's matmul", RateUnit::gigaflops_per_second,
     make<StrassenProblem>, first_check_sizes, strassen_work},
    {ProblemKind::matmul_image, "matmul(a, image2d_t b, c, M, K, N)", RateUnit::gigaflops_per_second,
     make<MatmulImageProblem>, matmul_race_sizes, product_work},
};

}  // namespace

const ProblemKindInfo& problem_kind_info(ProblemKind kind) {
    for (const auto& row : kProblemKinds) {
        if (row.kind == kind) return row;
    }
    throw std::logic_error(fmt::format("problem kind \"{}\" has no row in problems/problem_kinds.cpp",
                                       problem_kind_name(kind)));
}

std::unique_ptr<LabProblem> make_problem(ProblemKind kind, const ProblemSetup& setup) {
    return problem_kind_info(kind).make_driver(setup);
}

RateUnit LabProblem::rate_unit() const {
    return problem_kind_info(kind()).rate_unit;
}

}  // namespace course
