#include "util/text_escape.hpp"

namespace course {

std::string csv_field(const std::string& text) {
    const bool formula_like = !text.empty() && std::string("=+-@\t\r").find(text.front()) != std::string::npos;
    const std::string cell = formula_like ? "'" + text : text;
    if (!formula_like && cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
    std::string quoted = "\"";
    for (const char c : cell) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::string html_escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace course
