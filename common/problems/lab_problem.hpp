// The host side of a lab: it owns the built kernels, makes inputs, launches,
// checks the result against the CPU reference and prepares timed launches.
// One implementation per kind of problem (transpose, matrix product,
// Strassen); the labs differ only in their lab.toml and kernel files.
#pragma once

#include "harness/cl_session.hpp"
#include "terms/defines.hpp"
#include "harness/host_memory.hpp"
#include "harness/kernel_source.hpp"
#include "description/lab_spec.hpp"
#include "description/rate_unit.hpp"
#include "description/problem_size.hpp"
#include "harness/program_build.hpp"
#include "harness/timing.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace course {

// Which kernel files a set holds: the stubs students fill in, the course's solutions, or anything else
// laid out like labs/ (a submission; kernels/ for a baseline).
enum class KernelSetKind { labs, solutions, other };

// Where a set of kernel files is read from: labs/, solutions/, or a submission laid out like labs/.
struct KernelSet {
    std::filesystem::path dir;
    std::string display_dir;  // how messages name it: "labs", "solutions", "submissions/alice"
    KernelSetKind kind = KernelSetKind::other;
    // Copied out of an upload (a zip, a near-miss name): the student's own copy has the kernel in labs/.
    bool staged_upload = false;

    std::filesystem::path file(const std::string& folder, const std::string& name) const { return dir / folder / name; }
    std::string display(const std::string& folder, const std::string& name) const {
        return display_dir + "/" + folder + "/" + name;
    }
};

// Whose kernel a driver runs for an earlier lab its own lab builds on (lab 07 multiplies with lab 06's
// GEMM); a driver that runs only its own lab's kernels ignores it.
enum class EarlierLabKernels {
    same_set,  // the earlier lab's kernel from the same kernel set (else labs/'): `lab run`
    course,    // the course's own kernel for it, which the lab's lab.toml names (lab 07: [strassen]
               // reference_gemm), so that the lab is judged on its own kernel file alone: labcheck, and
               // `lab run 07 --reference-gemm`. Where this copy of the course lacks it (a student edition),
               // as same_set, and the driver says so once (LabProblem::setup_note)
};

// Everything needed to build one lab's kernels.
struct ProblemSetup {
    ClSession* session = nullptr;
    const LabSpec* spec = nullptr;
    KernelSource source;   // the kernel file under test
    Geometry geometry = Geometry::tile;  // see launch_geometry.hpp
    Defines defines;
    KernelSet kernels;  // the set `source` came from (drivers that need more files read them from here)
    std::filesystem::path root;
    EarlierLabKernels earlier_labs = EarlierLabKernels::same_set;  // labcheck: EarlierLabKernels::course
};

// The verdict on one size.
struct SizeVerdict {
    ProblemSize size;
    bool ok = false;
    std::string problem;  // one paragraph when not ok: what was wrong, where, what to try
    // bit_fingerprint of the output the kernel wrote (0 when the driver has none): two
    // identical launches of a kernel without undefined behaviour give the same one.
    std::uint64_t output_fingerprint = 0;
    // A failure that reads the same at every size ("no element of at was written",
    // verdict_text.hpp's repeating_failure): said in full once, then only named. Empty otherwise.
    std::string repeating;
};

// The device limit a lab's rate is a share of: the copy bandwidth for a kernel that only
// moves data (a transpose reads and writes each element once), the FMA peak for one that computes.
enum class RateCeiling { copy_bandwidth, fma_peak };

class LabProblem {
public:
    virtual ~LabProblem() = default;

    // Runs once on seeded inputs, with NaN-filled output and guard zones, and compares.
    virtual SizeVerdict check(ProblemSize size, std::uint64_t seed) = 0;
    // Allocates buffers for `size` on inputs seeded with `seed` (random data, not the correctness
    // checks' own) and returns a launch to time: before every launch its output is refilled with the
    // "never written" NaN and its inputs restored; after it, check() compares its result with the
    // reference (see timed_result.hpp). Each call gets buffers of its own.
    virtual TimedLaunch timed_launch(ProblemSize size, std::uint64_t seed) = 0;
    // What one launch does, for rates: bytes moved (GB/s) or floating-point operations (GFLOP/s).
    virtual double work(ProblemSize size) const = 0;
    // Which row of problems/problem_kinds.cpp the driver is: its rate unit and size form come from there.
    virtual ProblemKind kind() const = 0;
    RateUnit rate_unit() const;  // what work() counts: GB/s or GFLOP/s
    SizeForm size_form() const { return size_form_of(kind()); }
    // The device's limit a rate is compared with: the copy bandwidth for bytes moved, the FMA peak for flops.
    RateCeiling rate_ceiling() const {
        return rate_unit() == RateUnit::gigabytes_per_second ? RateCeiling::copy_bandwidth : RateCeiling::fma_peak;
    }
    virtual const BuiltProgram& program() const = 0;
    // What `lab run` prints after the timing, for drivers with more to say (lab 07:
    // its accuracy and speed per recursion level at `size`). Empty by default.
    virtual std::string extra_report(ProblemSize /*size*/) { return {}; }
    // One product at `size` timed end to end in `mode` (inputs in, kernel, result out; see
    // harness/host_memory.hpp), its result checked; nullopt for kinds that do not offer it
    // (the matrix products of labs 03–08 do).
    virtual std::optional<EndToEndTiming> end_to_end(ProblemSize /*size*/, HostMemory /*mode*/,
                                                     std::uint64_t /*seed*/) {
        return std::nullopt;
    }
    // What a run should say once, before its sizes, about how it was set up (lab 07 in a
    // student edition: its products use the student's lab-06 kernel). Empty by default.
    virtual std::string setup_note() const { return {}; }

    // Other kernel files a launch of this lab runs besides program()'s, in words, for a crash report
    // ("the lab-06 GEMM labs/06-.../matmul.cl it multiplies with"); empty for a lab of one file.
    virtual std::string other_kernels() const { return {}; }
};

}  // namespace course
