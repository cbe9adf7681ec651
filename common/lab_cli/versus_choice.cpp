#include "versus_choice.hpp"

#include "util/user_error.hpp"

namespace course {

namespace {

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

bool ends_with(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The opponent a token names, if it names one (a define names none).
VersusChoice opponent_of(const std::string& token) {
    if (token == "baseline") return {VersusKind::baseline, {}, {}};
    if (starts_with(token, "file:")) return {VersusKind::file, token.substr(5), {}};
    if (starts_with(token, "lab:")) return {VersusKind::lab, token.substr(4), {}};
    if (ends_with(token, ".cl") && token.find('=') == std::string::npos) return {VersusKind::file, token, {}};
    return {};
}

constexpr const char* kForms =
    "NAME=VALUE defines, 'baseline', 'file:PATH.cl' or 'lab:NN', a file or lab optionally followed by defines";

}  // namespace

VersusChoice parse_versus(const std::vector<std::string>& tokens) {
    VersusChoice choice;
    for (const auto& token : tokens) {
        VersusChoice named = opponent_of(token);
        if (named.kind == VersusKind::none) {
            if (token.find('=') == std::string::npos || token.front() == '=') {
                throw UserError({std::string("--versus ") + kForms, "'" + token + "'", "the command line",
                                 "e.g. --versus TILE_SIZE=8, --versus file:old/matmul.cl, --versus lab:04"});
            }
            choice.defines.push_back(token);
            continue;
        }
        if (choice.kind == VersusKind::baseline || choice.kind == VersusKind::file || choice.kind == VersusKind::lab) {
            throw UserError({"one kernel after --versus", "'" + versus_text(choice) + "' and '" + token + "'",
                             "the command line", "compare with one at a time"});
        }
        if (named.target.empty() && named.kind != VersusKind::baseline) {
            throw UserError({"a path or a lab after '" + token + "'", "nothing", "the command line",
                             "e.g. --versus file:old/matmul.cl or --versus lab:04"});
        }
        choice.kind = named.kind;
        choice.target = named.target;
    }
    if (choice.kind == VersusKind::baseline && !choice.defines.empty()) {
        throw UserError({"--versus baseline alone (the baseline runs at lab.toml's baseline_defines)",
                         "defines after it", "the command line", "leave the defines out"});
    }
    if (choice.kind == VersusKind::none && !choice.defines.empty()) choice.kind = VersusKind::defines;
    return choice;
}

std::string versus_text(const VersusChoice& choice) {
    std::string text;
    switch (choice.kind) {
        case VersusKind::none:
        case VersusKind::defines: break;
        case VersusKind::baseline: text = "baseline"; break;
        case VersusKind::file: text = "file:" + choice.target; break;
        case VersusKind::lab: text = "lab:" + choice.target; break;
    }
    for (const auto& define : choice.defines) text += (text.empty() ? "" : " ") + define;
    return text;
}

}  // namespace course
