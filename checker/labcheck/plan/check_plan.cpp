#include "plan/check_plan.hpp"

#include "description/lab_number.hpp"
#include "problems/lab_problem.hpp"
#include "problems/problem_kinds.hpp"
#include "harness/launch_geometry.hpp"
#include "description/problem_size.hpp"
#include "problems/timed_result.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace {

using course::UserError;

[[noreturn]] void bad_hidden(const std::string& where, const std::string& expected, const std::string& happened) {
    throw UserError({expected, happened, where,
                     "fix checker/hidden.toml (its format is at the top of check_plan.hpp "
                     "and in checker/README.md)"});
}

std::vector<std::string> size_list(const toml::array& array, const std::string& where, const std::string& key) {
    std::vector<std::string> sizes;
    for (const auto& item : array) {
        const auto size = item.value<std::string>();
        if (!size || size->empty()) bad_hidden(where, key + " as strings such as \"512\"", "a size is not a string");
        sizes.push_back(*size);
    }
    return sizes;
}

HiddenChecks parse_lab_table(const toml::table& table, const std::string& where) {
    HiddenChecks checks;
    for (const auto& [key, value] : table) {
        const std::string name(key.str());
        const auto* array = value.as_array();
        if (name == "sizes") {
            if (array == nullptr) bad_hidden(where, "sizes = [\"37x50\", ...]", "sizes is not a list");
            for (const auto& item : *array) {
                const auto size = item.value<std::string>();
                if (!size || size->empty())
                    bad_hidden(where, "sizes as strings such as \"37x50\"", "a size is not a string");
                checks.sizes.push_back(*size);
            }
        } else if (name == "seeds") {
            if (array == nullptr) bad_hidden(where, "seeds = [12345, ...]", "seeds is not a list");
            for (const auto& item : *array) {
                const auto seed = item.value<std::int64_t>();
                if (!seed || *seed < 0) bad_hidden(where, "seeds as whole numbers ≥ 0", "a seed is not one");
                checks.seeds.push_back(static_cast<std::uint64_t>(*seed));
            }
        } else if (name == "time_sizes") {
            if (array != nullptr) {
                checks.time_sizes[""] = size_list(*array, where, "time_sizes");
            } else if (const auto* by_class = value.as_table()) {
                for (const auto& [class_key, list] : *by_class) {
                    const std::string device_class(class_key.str());
                    if (!course::device_class_from_key(device_class) || !list.is_array()) {
                        bad_hidden(where, "time_sizes = { cpu = [\"512\"], gpu = [\"4096\"] }",
                                   fmt::format("time_sizes.{} is not a list for cpu or gpu", device_class));
                    }
                    checks.time_sizes[device_class] = size_list(*list.as_array(), where, "time_sizes");
                }
            } else {
                bad_hidden(where, "time_sizes = [\"512\", ...] or a table of such lists by cpu and gpu",
                           "time_sizes is neither");
            }
        } else if (name == "time_seed") {
            const auto seed = value.value<std::int64_t>();
            if (!seed || *seed < 0) bad_hidden(where, "time_seed as a whole number ≥ 0", "it is not one");
            checks.time_seed = static_cast<std::uint64_t>(*seed);
        } else {
            bad_hidden(where, "only the keys sizes, seeds, time_sizes and time_seed",
                       fmt::format("unknown key \"{}\"", name));
        }
    }
    return checks;
}

}  // namespace

HiddenChecksByLab parse_hidden_checks(const std::string& text, const std::string& display_path) {
    toml::table root;
    try {
        root = toml::parse(text, display_path);
    } catch (const toml::parse_error& e) {
        throw UserError({"a valid TOML file", std::string(e.description()),
                         fmt::format("{}:{}", display_path, e.source().begin.line), "fix the syntax at that line"});
    }
    HiddenChecksByLab result;
    for (const auto& [key, value] : root) {
        if (key.str() != "labs" || !value.is_table()) {
            bad_hidden(display_path, "[labs.NN] tables only",
                       fmt::format("top-level key \"{}\"", std::string(key.str())));
        }
        for (const auto& [lab_key, lab_value] : *value.as_table()) {
            const std::string where = fmt::format("{} [labs.{}]", display_path, std::string(lab_key.str()));
            const std::string number = course::lab_number(std::string(lab_key.str()));
            if (number.empty() || !lab_value.is_table()) {
                bad_hidden(where, "a table per lab number, e.g. [labs.04]", "this is not one");
            }
            result[number] = parse_lab_table(*lab_value.as_table(), where);
        }
    }
    return result;
}

HiddenChecksByLab load_hidden_checks(const std::filesystem::path& file, const std::string& display_path) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return {};
    std::ifstream in(file, std::ios::binary);
    if (!in || std::filesystem::is_directory(file, ec)) {
        throw UserError({"a readable hidden-sizes file", "it could not be read", display_path,
                         "check the path and its permissions, or pass --no-hidden"});
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse_hidden_checks(text.str(), display_path);
}

std::vector<SizeCheck> correctness_checks(const course::LabSpec& spec, const HiddenChecks* hidden) {
    const auto form = spec.size_form();
    std::vector<SizeCheck> checks;
    const bool seeds_on_contract = hidden != nullptr && hidden->sizes.empty() && !hidden->seeds.empty();
    for (const auto& lab_size : spec.check_sizes) {
        const std::string& size = lab_size.text;
        checks.push_back({size, 1, false});
        if (seeds_on_contract) {
            for (const auto seed : hidden->seeds) checks.push_back({size, seed, true});
        }
    }
    if (hidden != nullptr) {
        const std::vector<std::uint64_t> seeds = hidden->seeds.empty() ? std::vector<std::uint64_t>{1} : hidden->seeds;
        for (const auto& size : hidden->sizes) {
            try {
                course::parse_problem_size(size, form);
            } catch (const UserError& e) {
                throw UserError({e.parts().expected, e.parts().happened,
                                 fmt::format("checker/hidden.toml [labs.{}] sizes", spec.number),
                                 "write hidden sizes like the lab's own ([sizes] check in its lab.toml)"});
            }
            for (const auto seed : seeds) checks.push_back({size, seed, true});
        }
    }
    return checks;
}

SizeCheck timed_check(const course::LabSpec& spec, const HiddenChecks* hidden) {
    std::vector<std::string> candidates{spec.speedup ? spec.speedup->size.text : spec.time_size.text};
    std::uint64_t seed = 1;
    if (hidden != nullptr) {
        auto list = hidden->time_sizes.find(course::device_class_key(spec.device_class));
        if (list == hidden->time_sizes.end()) list = hidden->time_sizes.find("");
        if (list != hidden->time_sizes.end()) {
            for (const auto& size : list->second) {
                try {
                    course::parse_problem_size(size, spec.size_form());
                } catch (const UserError& e) {
                    throw UserError({e.parts().expected, e.parts().happened,
                                     fmt::format("checker/hidden.toml [labs.{}] time_sizes", spec.number),
                                     "write hidden sizes like the lab's own ([speedup] size in its lab.toml)"});
                }
                candidates.push_back(size);
            }
        }
        if (hidden->time_seed) {
            seed = *hidden->time_seed;
        } else if (!hidden->seeds.empty()) {
            seed = hidden->seeds.front();
        }
    }
    // Salted apart from each other and from the correctness seeds (which are used as they are).
    const std::uint64_t lab_salt = std::strtoull(spec.number.c_str(), nullptr, 10);
    const std::size_t pick = course::mixed_seed(seed, 0x5EED0000 + lab_salt) % candidates.size();
    const std::uint64_t data_seed = course::mixed_seed(seed, 0x71AED000 + lab_salt);
    return {candidates[pick], data_seed, pick > 0};
}

double simulated_work(const course::LabSpec& spec, const course::Defines& defines,
                      const std::vector<SizeCheck>& checks) {
    course::Extents multiple{1, 1, 1};
    try {
        multiple = course::padding_multiples(spec.geometry, defines);
    } catch (const UserError&) {
    }
    const auto& kind = course::problem_kind_info(spec.problem);
    double work = 0.0;
    for (const auto& check : checks) {
        try {
            work += kind.simulated_work(course::parse_problem_size(check.size, spec.size_form()), multiple, defines);
        } catch (const UserError&) {
        }
    }
    return work;
}

std::vector<SizeCheck> race_checks(const course::LabSpec& spec, const course::Defines& defines) {
    std::vector<std::string> sizes;
    if (const auto* list = spec.settings["checker"]["race_sizes"].as_array()) {
        for (const auto& item : *list) {
            if (const auto s = item.value<std::string>()) sizes.push_back(*s);
        }
    }
    if (sizes.empty()) sizes = course::problem_kind_info(spec.problem).race_sizes(spec, defines);
    std::vector<SizeCheck> checks;
    for (const auto& size : sizes) checks.push_back({size, 1, false});
    return checks;
}

}  // namespace labcheck
