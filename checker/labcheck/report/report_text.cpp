#include "report/report_text.hpp"

#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace labcheck {

std::string capped_text(const std::string& text, std::size_t limit) {
    if (text.size() <= limit) return text;
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    const auto newline = text.rfind('\n', cut);
    if (newline != std::string::npos && newline + 1 >= limit / 2) cut = newline + 1;
    const std::size_t lines_cut =
        static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(cut), text.end(), '\n'));
    return text.substr(0, cut) + fmt::format("{}... {} more bytes ({} lines) cut: fix the first problems first.\n",
                                             text[cut - 1] == '\n' ? "" : "\n", text.size() - cut, lines_cut);
}

nlohmann::json printable_strings(nlohmann::json json) {
    if (json.is_string()) return course::printable_text(json.get_ref<const std::string&>());
    if (json.is_structured()) {
        for (auto& item : json) item = printable_strings(std::move(item));
    }
    return json;
}

std::string json_text(const nlohmann::json& json) {
    return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace labcheck
