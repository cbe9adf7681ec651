#include "lab_fixture.hpp"

#include "problems/problem_kinds.hpp"
#include "util/course_root.hpp"

namespace course_tests {

course::ClSession& session() {
    static course::ClSession s = course::open_session("");
    return s;
}

const std::filesystem::path& root() {
    static const std::filesystem::path r = course::course_root("");
    return r;
}

const CommittedStubs& stubs() {
    return committed_stubs(root());
}

course::KernelSet stub_set() {
    return course::kernel_set(root(), stubs().dir().string());
}

bool stub_is_wrong(const std::string& lab_folder, bool wrong) {
    return course_tests::stub_is_wrong(stubs(), lab_folder, wrong);
}

std::unique_ptr<course::LabProblem> open(const std::string& lab, const std::string& set,
                                         std::initializer_list<std::pair<const char*, const char*>> defines) {
    // The spec must outlive the problem, which keeps a pointer to it.
    static std::vector<std::unique_ptr<course::LabSpec>> specs;
    specs.push_back(std::make_unique<course::LabSpec>(course::load_lab(root(), lab, session().device.device_class)));
    course::Defines overrides;
    for (const auto& [name, value] : defines) overrides.set(name, value);
    return course::open_lab(session(), root(), *specs.back(), course::kernel_set(root(), set), overrides);
}

std::unique_ptr<course::LabProblem> open_file(const std::string& lab, const std::filesystem::path& file,
                                              std::initializer_list<std::pair<const char*, const char*>> defines) {
    static std::vector<std::unique_ptr<course::LabSpec>> specs;
    specs.push_back(std::make_unique<course::LabSpec>(course::load_lab(root(), lab, session().device.device_class)));
    course::ProblemSetup setup;
    setup.session = &session();
    setup.spec = specs.back().get();
    setup.source = course::read_kernel_source(file, file.filename().string());
    setup.geometry = setup.spec->geometry;
    setup.defines = setup.spec->defines;
    for (const auto& [name, value] : defines) setup.defines.set(name, value);
    setup.kernels = {file.parent_path(), file.parent_path().string()};
    setup.root = root();
    return course::make_problem(setup.spec->problem, setup);
}

std::vector<course::SizeVerdict> check_sizes(course::LabProblem& problem, const std::vector<std::string>& sizes,
                                             std::uint64_t seed) {
    std::vector<course::SizeVerdict> verdicts;
    for (const auto& text : sizes) {
        verdicts.push_back(problem.check(course::parse_problem_size(text, problem.size_form()), seed));
    }
    return verdicts;
}

std::vector<course::SizeVerdict> check_sizes(course::LabProblem& problem, const std::vector<course::LabSize>& sizes,
                                             std::uint64_t seed) {
    std::vector<course::SizeVerdict> verdicts;
    for (const auto& size : sizes) verdicts.push_back(problem.check(size.size, seed));
    return verdicts;
}

}  // namespace course_tests
