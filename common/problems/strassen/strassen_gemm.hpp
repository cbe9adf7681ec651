// The products of lab 07 are computed by the lab-06 GEMM (`matmul`), batched:
// work-group z of a launch multiplies the z-th of `batch` equally sized
// products stored one after another (A of product z at a + z·M·K, B at
// b + z·K·N, C at c + z·M·N).
//
// Which file (StrassenGemmSettings, this driver's own): with GemmChoice::reference,
// the course's reference GEMM under kernels/ ([strassen] reference_gemm), which is
// how labcheck grades lab 07, on strassen.cl alone; otherwise
// <kernel set>/06-matmul-register-tiles/matmul.cl ([strassen] gemm_lab) of the same
// set as strassen.cl (labs/, solutions/ or a submission), or of the set a test forces
// (StrassenGemmSettings::lab_kernels); when that set has no such file, the
// repository's labs/ copy. A student edition has no kernels/reference/ (it is
// a working lab-06 GEMM): there GemmChoice::reference falls back to the lab-06
// kernel, and fallback_note() says so.
#pragma once

#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"
#include "harness/launch_geometry.hpp"

#include <optional>
#include <string>

namespace course {

// Which GEMM computes the Strassen products.
enum class GemmChoice {
    lab_kernels,  // the lab-06 kernel of the same kernel set (or of StrassenGemmSettings::lab_kernels), else labs/'
    reference,    // the course's reference GEMM in kernels/ ([strassen] reference_gemm): strassen.cl judged alone;
                  // where that file is missing (a student edition), the lab-06 kernel as lab_kernels, said once
};

// Lab 07's own setting of its GEMM, beside the generic ProblemSetup.
struct StrassenGemmSettings {
    GemmChoice choice = GemmChoice::lab_kernels;
    // Read the lab-06 GEMM from this set instead of ProblemSetup::kernels (a test grades lab 07
    // apart from a submission's lab 06 this way).
    std::optional<KernelSet> lab_kernels;
};

// The settings a generic setup asks for: the reference GEMM when the earlier labs' kernels
// are to be the course's (EarlierLabKernels::course), else the lab-06 kernel of the same set.
StrassenGemmSettings strassen_gemm_settings(const ProblemSetup& setup);

class BatchedGemm {
public:
    // Finds and builds the GEMM (throws KernelBuildError, KernelContractError or UserError).
    BatchedGemm(const ProblemSetup& setup, const StrassenGemmSettings& settings);

    // `batch` products of size.rows × size.inner times size.inner × size.cols, each
    // a multiple of macro_tile(). The reference GEMM under Oclgrind multiplies on
    // the host instead: Oclgrind is there to check the student's strassen_split and
    // strassen_merge, and simulating the course's GEMM too would take minutes at
    // LEVELS = 2.
    cl::Event multiply(const cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c,
                       Extents size, std::size_t batch);

    // The multiples the GEMM needs its sizes padded to (TILE_M, TILE_N, TILE_K).
    Extents macro_tile() const { return macro_tile_; }
    const std::string& display_path() const { return built_.source.display_path; }
    bool reference_available() const { return reference_available_; }
    bool is_reference() const { return reference_; }  // the course's GEMM, not a lab-06 kernel
    // Non-empty when the reference GEMM was asked for but is not in this copy of the course
    // (a student edition), so the lab-06 kernel multiplies instead: the line that says so.
    const std::string& fallback_note() const { return fallback_note_; }

    // Checks the GEMM once, on a small batch, and remembers the answer: empty
    // when it is right, else the paragraph that tells the student to finish lab 06.
    // The reference GEMM is not checked here (solutions/tests check it).
    const std::string& self_test(ClSession& session);

private:
    std::string run_self_test(ClSession& session);
    cl::Event multiply_on_host(const cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b,
                               const cl::Buffer& c, Extents size, std::size_t batch);

    Geometry geometry_;
    bool reference_;
    bool reference_available_;  // this copy of the course has the reference GEMM (a student edition has not)
    bool on_oclgrind_;
    Extents macro_tile_;
    BuiltProgram built_;
    cl::Kernel kernel_;
    std::optional<std::string> self_test_result_;
    std::string fallback_note_;
};

}  // namespace course
