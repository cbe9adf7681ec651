// What the static barrier analysis reads: a kernel file's text, the name messages give it, and
// the -D / -I options it is compiled with.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace checker {

struct StaticAnalysisInput {
    std::string display_path;                                  // e.g. "labs/04-matmul-tiled/matmul.cl"
    std::string source;                                        // the file's text
    std::vector<std::pair<std::string, std::string>> defines;  // e.g. {"TILE_SIZE", "16"}
    std::vector<std::string> include_dirs;
};

}  // namespace checker
