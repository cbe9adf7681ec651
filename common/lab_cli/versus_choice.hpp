// What `lab run NN --versus ...` compares the student's kernel with, read once from the command line:
//   --versus TILE_SIZE=8 ...        the same kernel file with these defines on top of the timed ones
//   --versus baseline               the lab's [speedup] baseline (kernels/baselines/: not in the student edition)
//   --versus file:old/matmul.cl     another kernel file for this lab (an earlier version of your own)
//   --versus lab:04                 another lab's kernel file from the same kernel set (labs/ or --submission),
//                                   built and launched as that lab does: a lab that computes the same thing
//                                   (transposes 01-02 against each other, matrix products 03-08)
// A file or lab may be followed by NAME=VALUE defines for it (`--versus lab:04 TILE_SIZE=32`). A path that
// ends in .cl may be given without `file:`.
#pragma once

#include <string>
#include <vector>

namespace course {

enum class VersusKind { none, defines, baseline, file, lab };

struct VersusChoice {
    VersusKind kind = VersusKind::none;
    std::string target;                // the file's path, or the lab as typed ("4", "04", "04-matmul-tiled")
    std::vector<std::string> defines;  // NAME=VALUE, on top of the opponent's own
    bool empty() const { return kind == VersusKind::none; }
};

// Throws UserError (expected, what was typed, where, what to try) on tokens that do not make one choice.
VersusChoice parse_versus(const std::vector<std::string>& tokens);

// How the command line wrote it, for messages: "lab:04 TILE_SIZE=32".
std::string versus_text(const VersusChoice& choice);

}  // namespace course
