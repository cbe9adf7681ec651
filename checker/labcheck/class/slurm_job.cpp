#include "class/slurm_job.hpp"

#include "runner/child_process.hpp"

#include "util/atomic_file.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

std::string command_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& w : words) line += (line.empty() ? "" : " ") + shell_quote(w);
    return line;
}

std::string common_directives(const SlurmOptions& options, const std::string& job_name) {
    std::string lines = "#!/bin/bash\n";
    lines += fmt::format("#SBATCH --job-name={}\n", job_name);
    if (!options.partition.empty()) lines += fmt::format("#SBATCH --partition={}\n", options.partition);
    if (!options.time.empty()) lines += fmt::format("#SBATCH --time={}\n", options.time);
    return lines;
}

std::string text_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The options a refusal is most likely about, as the user gave them.
std::string slurm_options_given(const SlurmOptions& options) {
    std::string given;
    if (!options.partition.empty()) given += " --partition " + options.partition;
    if (!options.gres.empty()) given += " --gres " + options.gres;
    if (!options.time.empty()) given += " --time " + options.time;
    for (const auto& arg : options.sbatch_args) given += " --sbatch-arg " + arg;
    return given.empty() ? "sbatch (the cluster's defaults)" : "sbatch with" + given;
}

// Runs sbatch --parsable; returns the job id. Throws UserError with sbatch's complaint.
std::string sbatch(const SlurmOptions& options, const std::vector<std::string>& arguments, const fs::path& log,
                   const std::string& what) {
    ChildCommand command;
    command.argv = {"sbatch", "--parsable"};
    command.argv.insert(command.argv.end(), arguments.begin(), arguments.end());
    command.output_file = log;
    ChildLimits limits;
    limits.wall_seconds = 120.0;
    const ChildOutcome outcome = run_child(command, limits);
    const std::string output = text_of(log);
    if (outcome.end == ChildEnd::failed_to_start) {
        throw course::UserError({"Slurm's sbatch, to submit " + what, outcome.start_error, "this machine",
                                 "run labcheck --slurm on the cluster's login node, or use --jobs N without Slurm"});
    }
    const std::string id = output.substr(0, output.find_first_of(";\n"));
    const bool numeric = !id.empty() && id.find_first_not_of("0123456789") == std::string::npos;
    if (outcome.end != ChildEnd::exited || outcome.exit_code != 0 || !numeric) {
        throw course::UserError({"sbatch to accept " + what, "sbatch refused it: " + sbatch_complaint(output),
                                 slurm_options_given(options),
                                 "check --partition and --gres against `sinfo -o '%P %G'`, and --sbatch-arg"});
    }
    return id;
}

}  // namespace

std::string sbatch_complaint(const std::string& output) {
    std::istringstream lines(output);
    std::string line, last, error;
    while (std::getline(lines, line)) {
        if (line.empty()) continue;
        last = line;
        const std::string prefix = "sbatch: error: ";
        if (line.rfind(prefix, 0) == 0) error = line.substr(prefix.size());
    }
    const std::string said = error.empty() ? last : error;
    const std::string batch_failed = "Batch job submission failed: ";
    return said.rfind(batch_failed, 0) == 0 ? said.substr(batch_failed.size()) : said;
}

std::string shell_quote(const std::string& word) {
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

int array_tasks(const SlurmOptions& options, const ArrayPlan& plan) {
    const std::size_t per = static_cast<std::size_t>(std::max(options.students_per_task, 1));
    return static_cast<int>((plan.students + per - 1) / per);
}

std::string array_script(const SlurmOptions& options, const ArrayPlan& plan) {
    std::string script = common_directives(options, plan.job_name);
    const int tasks = array_tasks(options, plan);
    script += fmt::format("#SBATCH --array=0-{}{}\n", tasks - 1,
                          options.array_limit > 0 ? fmt::format("%{}", options.array_limit) : "");
    if (!options.gres.empty()) script += fmt::format("#SBATCH --gres={}\n", options.gres);
    script += fmt::format("#SBATCH --output={}\n", (plan.results_dir / "slurm" / "task-%A_%a.out").string());
    script += fmt::format(
        "# Written by labcheck --slurm. Task i grades students i*{0}..i*{0}+{1} of the list below, one\n"
        "# record each in the results folder (a student already graded is skipped); every kernel still\n"
        "# runs in a child process with the grader's limits, and the timing runs alone on the task's device.\n",
        std::max(options.students_per_task, 1), std::max(options.students_per_task, 1) - 1);
    auto command = plan.grade_command;
    command.insert(command.end(), {"--student-list", plan.student_list.string(), "--students-per-task",
                                   std::to_string(std::max(options.students_per_task, 1))});
    script += "exec " + command_line(command) +
              " --slice-index \"$SLURM_ARRAY_TASK_ID\" --jobs \"${SLURM_CPUS_PER_TASK:-1}\"\n";
    return script;
}

std::string collect_script(const SlurmOptions& options, const ArrayPlan& plan) {
    std::string script = common_directives(options, plan.job_name + "-collect");
    script += fmt::format("#SBATCH --output={}\n", (plan.results_dir / "slurm" / "collect-%j.out").string());
    script +=
        "# Written by labcheck --slurm: after the array (however its tasks ended), the gradebook from the records.\n";
    script += "# Exit status 1 means some student failed a stage: the gradebook is whole, the job did its work.\n";
    script += command_line(plan.collect_command) + "\n";
    script += "status=$?\n[ \"$status\" -eq 1 ] && exit 0\nexit \"$status\"\n";
    return script;
}

void submit_class_array(const SlurmOptions& options, const ArrayPlan& plan, const std::vector<std::string>& students) {
    const auto folder = plan.results_dir / "slurm";
    // students-<stamp>.json names the scripts and logs of this submission too.
    std::string stamp = plan.student_list.stem().string();
    if (stamp.rfind("students-", 0) == 0) stamp = stamp.substr(9);
    const auto array_file = folder / ("array-" + stamp + ".sh");
    const auto collect_file = folder / ("collect-" + stamp + ".sh");
    std::vector<std::string> array_args = options.sbatch_args, collect_args = options.sbatch_args;
    array_args.push_back(array_file.string());
    collect_args.insert(collect_args.end(), {"--dependency=afterany:<array job id>", collect_file.string()});
    if (options.dry_run) {
        std::fputs(
            fmt::format("# {}\n{}\n# {}\n{}\n# submitted with:\n#   sbatch --parsable {}\n#   sbatch --parsable {}\n",
                        array_file.string(), array_script(options, plan), collect_file.string(),
                        collect_script(options, plan), command_line(array_args), command_line(collect_args))
                .c_str(),
            stdout);
        std::fflush(stdout);
        return;
    }
    std::error_code ec;
    fs::create_directories(folder, ec);
    course::write_file_atomically(plan.student_list, nlohmann::json(students).dump() + "\n");
    course::write_file_atomically(array_file, array_script(options, plan));
    course::write_file_atomically(collect_file, collect_script(options, plan));
    const std::string array_id =
        sbatch(options, array_args, folder / ("sbatch-" + stamp + ".log"), "the grading job array");
    collect_args[collect_args.size() - 2] = "--dependency=afterany:" + array_id;
    const std::string collect_id =
        sbatch(options, collect_args, folder / ("sbatch-collect-" + stamp + ".log"), "the collecting job");
    std::fputs(fmt::format("submitted job array {} ({} tasks, {} students) and collecting job {}\n"
                           "records go to {}; task logs to {}\n",
                           array_id, array_tasks(options, plan), plan.students, collect_id, plan.results_dir.string(),
                           folder.string())
                   .c_str(),
               stdout);
    std::fflush(stdout);
}

}  // namespace labcheck
