#include "terms/defines.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace course {

void Defines::set(const std::string& name, const std::string& value) {
    auto existing = std::find_if(items_.begin(), items_.end(), [&](const Define& d) { return d.name == name; });
    if (existing != items_.end()) {
        existing->value = value;
    } else {
        items_.push_back({name, value});
    }
}

void Defines::merge(const Defines& overrides) {
    for (const auto& d : overrides.items()) set(d.name, d.value);
}

std::optional<std::string> Defines::get(const std::string& name) const {
    for (const auto& d : items_) {
        if (d.name == name) return d.value;
    }
    return std::nullopt;
}

long Defines::positive_int(const std::string& name) const {
    const auto value = get(name);
    if (!value) {
        throw UserError({fmt::format("a value for {}", name), fmt::format("{} is not defined", name), "kernel defines",
                         fmt::format("pass -D {}=<value>", name)});
    }
    std::size_t used = 0;
    long number = 0;
    try {
        number = std::stol(*value, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != value->size() || number <= 0) {
        throw UserError({fmt::format("{} to be a positive whole number", name), fmt::format("{}={}", name, *value),
                         "kernel defines", fmt::format("pass e.g. -D {}=16", name)});
    }
    return number;
}

std::string Defines::build_options() const {
    std::string options;
    for (const auto& d : items_) {
        if (!options.empty()) options += ' ';
        options += fmt::format("-D {}={}", d.name, d.value);
    }
    return options;
}

std::string Defines::summary() const {
    std::string text;
    for (const auto& d : items_) {
        if (!text.empty()) text += ' ';
        text += d.name + "=" + d.value;
    }
    return text;
}

Define parse_define(const std::string& text) {
    const auto equals = text.find('=');
    Define define{text.substr(0, equals), equals == std::string::npos ? "1" : text.substr(equals + 1)};
    const bool valid_name = !define.name.empty() && !std::isdigit(static_cast<unsigned char>(define.name[0])) &&
                            std::all_of(define.name.begin(), define.name.end(),
                                        [](unsigned char c) { return std::isalnum(c) || c == '_'; });
    const bool valid_value =
        std::none_of(define.value.begin(), define.value.end(), [](unsigned char c) { return std::isspace(c); });
    if (!valid_name || !valid_value || define.value.empty()) {
        throw UserError({"NAME=VALUE with a C identifier as NAME and no spaces, e.g. TILE_SIZE=32",
                         fmt::format("\"{}\"", text), "-D option", "write it as -D TILE_SIZE=32"});
    }
    return define;
}

Defines parse_defines(const std::vector<std::string>& texts) {
    Defines defines;
    for (const auto& text : texts) {
        const Define d = parse_define(text);
        defines.set(d.name, d.value);
    }
    return defines;
}

}  // namespace course
