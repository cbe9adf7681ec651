// Which kernel files of a submission the grader reads: a file of the upload's own. A file with
// more than one name (a hard link) can be a file of the grading machine (a solution, a password
// file) that a class folder unpacked with its links kept, or a shared machine, put inside the
// submission; a file owned by someone else than the upload's owner was not written by the upload.
// Both are refused before a byte is read, so no compiler error, report or gradebook can quote them.
//
// "Owned by the upload" means: the file's owner is the owner of the submission folder or of a
// folder between it and the file. A student's own clone, a class unpacked by the instructor (every
// file the instructor's), Gradescope (the upload copied by run_autograder as root into a folder
// root made) and a class unpacked as root with each archive's owners kept (a student's folders and
// files the same uid) all pass; a file of root's or of another user in a folder that is not theirs
// does not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace course {

// What decides: read from the opened file and the folders on the way (fstat).
struct UploadFileFacts {
    std::string name;                         // the file's name, as messages show it ("matmul.cl")
    std::uint64_t links = 1;                  // how many names the file has (st_nlink)
    unsigned owner = 0;                       // the file's owner (st_uid)
    std::vector<unsigned> folder_owners;      // the submission folder's owner, then each folder's below it
};

// Why the file is not read (what happened, what to try), or nothing when it is the upload's own.
struct UploadFileRefusal {
    std::string happened;
    std::string try_this;
};
std::optional<UploadFileRefusal> upload_file_refusal(const UploadFileFacts& facts);

// "alice (uid 1000)", or "uid 1000" when the machine has no such user.
std::string user_text(unsigned uid);

}  // namespace course
