// A student's folder in a class as students really hand it in: only `submission.zip`,
// `Matmul.cl` or `matmul (1).cl` beside no lab folder, one .cl file in the wrong place, or
// nothing. Such a folder is read exactly as Gradescope's autograder reads an upload, by the
// same code (checker/gradescope/submission_mapping.py): zips unpacked safely, near-miss names
// mapped, and one sentence per decision, the same words the student reads on Gradescope.
// A folder that holds a graded lab's folder is graded as it is, with labcheck's own messages about
// what is in it (a folder where the file should be, a hard link), unless a lab folder lacks its
// kernel file's name: `04-matmul-tiled/Matmul.cl` is mapped as on Gradescope.
#pragma once

#include "stages/submission_grading.hpp"

#include "problems/lab_problem.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

// Whether `kernels` is graded as it stands: it holds an entry named like a graded lab's folder (a
// folder, or a file in its place), no such entry or kernel file in one is a link, and no such folder
// holds entries but none with its kernel file's exact name. Else it is read as an upload
// (stage_upload), by Gradescope's rule: a link is never followed, and is named in a note.
bool graded_as_laid_out(const course::KernelSet& kernels, const std::filesystem::path& course_root,
                        const std::vector<std::string>& lab_folders);

struct StagedUpload {
    course::KernelSet kernels;       // the staged copy, named in messages as the student's folder
    std::vector<std::string> notes;  // how the upload was read, for the student and the gradebook
};

// This class run's private scratch folder (one WorkDir, made when first needed, removed at exit).
const std::filesystem::path& staging_root();

// Copies each graded lab's kernel out of `folder` into a private folder of this run (removed when
// labcheck ends) with submission_mapping.py. Throws course::UserError when it cannot run.
StagedUpload stage_upload(const std::filesystem::path& course_root, const std::filesystem::path& folder,
                          const std::string& display, const std::vector<std::string>& lab_folders);

// The notes of a {"notes": [...]} file that submission_mapping.py printed. Throws course::UserError
// when it cannot be read.
std::vector<std::string> read_upload_notes(const std::filesystem::path& file);

// A lab whose kernel the upload did not give is said in the upload's words, as run_autograder says
// it on Gradescope: its results' reason is "not graded: ..." and their details the notes about that
// lab (every note when none names it), not the grader's missing staged file.
void explain_unread_labs(const course::KernelSet& staged, const std::vector<std::string>& notes,
                         SubmissionReport& report);

}  // namespace labcheck
