#include "description/memory_subject.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace course {

memory_lens::ReportSubject memory_subject(const LabSpec& spec, const ProblemSize& size, const Defines& defines,
                                          const std::string& kernel_display) {
    memory_lens::ReportSubject subject;
    subject.kernel_file = kernel_display;
    subject.size = size_text(size, spec.size_form());
    subject.defines = defines.summary();
    if (spec.size_form() == SizeForm::m_by_k) {
        subject.output_elements = static_cast<double>(size.m * size.k);
        subject.least_bytes = 2.0 * subject.output_elements * sizeof(float);  // a read once, at written once
    } else {
        // Lab 06 checks a batch of products per launch ([matmul] batch): the launch computes them all.
        const auto batch = static_cast<double>(spec.setting<std::int64_t>("matmul", "batch").value_or(1));
        subject.output_elements = batch * static_cast<double>(size.m * size.n);
        subject.multiply_adds = batch * static_cast<double>(size.m * size.n * size.k);
        // A and B read once, C written once.
        subject.least_bytes = batch * static_cast<double>(size.m * size.k + size.k * size.n + size.m * size.n) *
                              sizeof(float);
        if (batch > 1) subject.size += fmt::format(" (a batch of {:.0f} products in one launch)", batch);
    }
    return subject;
}

}  // namespace course
