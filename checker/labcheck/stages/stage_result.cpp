#include "stages/stage_result.hpp"

namespace labcheck {

const char* stage_name(Stage stage) {
    switch (stage) {
        case Stage::build:
            return "build";
        case Stage::correctness:
            return "correctness";
        case Stage::barriers:
            return "barriers";
        case Stage::speedup:
            return "speedup";
    }
    return "?";
}

std::optional<Stage> stage_from_name(const std::string& name) {
    for (const Stage stage : all_stages()) {
        if (name == stage_name(stage)) return stage;
    }
    return std::nullopt;
}

const char* verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::pass:
            return "pass";
        case Verdict::warn:
            return "warn";
        case Verdict::fail:
            return "fail";
        case Verdict::error:
            return "error";
        case Verdict::skipped:
            return "skipped";
    }
    return "?";
}

const std::vector<Verdict>& all_verdicts() {
    static const std::vector<Verdict> verdicts{Verdict::pass, Verdict::warn, Verdict::fail, Verdict::error,
                                               Verdict::skipped};
    return verdicts;
}

const std::vector<Stage>& all_stages() {
    static const std::vector<Stage> stages{Stage::build, Stage::correctness, Stage::barriers, Stage::speedup};
    return stages;
}

double stage_points(Stage stage) {
    switch (stage) {
        case Stage::build:
            return 1.0;
        case Stage::correctness:
            return 4.0;
        case Stage::barriers:
            return 3.0;
        case Stage::speedup:
            return 2.0;
    }
    return 0.0;
}

std::string test_name(const StageResult& result) {
    return result.lab + " " + stage_name(result.stage);
}

}  // namespace labcheck
