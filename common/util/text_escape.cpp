#include "util/text_escape.hpp"

#include <fmt/format.h>

namespace course {

std::size_t utf8_sequence(std::string_view text, std::size_t at, char32_t& code_point) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    std::size_t length = 0;
    char32_t minimum = 0;
    if (lead < 0x80) {
        code_point = lead;
        return 1;
    }
    if ((lead & 0xE0) == 0xC0) {
        length = 2, minimum = 0x80, code_point = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, minimum = 0x800, code_point = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, minimum = 0x10000, code_point = lead & 0x07;
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) return 0;
        code_point = (code_point << 6) | (byte(at + i) & 0x3F);
    }
    const bool surrogate = code_point >= 0xD800 && code_point <= 0xDFFF;
    return code_point < minimum || code_point > 0x10FFFF || surrogate ? 0 : length;
}

namespace {

bool hidden_code_point(char32_t c) {
    const bool c1 = c >= 0x80 && c <= 0x9F;
    const bool bidi = (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    const bool invisible = (c >= 0x200B && c <= 0x200F) || (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF ||
                           c == 0xAD || c == 0x34F || c == 0x61C || c == 0x180E;
    return c1 || bidi || invisible;
}

std::string code_point_text(char32_t c) {
    const auto value = static_cast<unsigned>(c);
    return c > 0xFFFF ? fmt::format("\\U{:08x}", value) : fmt::format("\\u{:04x}", value);
}

}  // namespace

std::string printable_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;  // a Windows line end: the newline alone
            continue;
        }
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
            out += fmt::format("\\x{:02x}", c);
            ++i;
            continue;
        }
        char32_t code_point = 0;
        const std::size_t length = utf8_sequence(text, i, code_point);
        if (length == 0) {
            out += fmt::format("\\x{:02x}", c);
            ++i;
        } else if (hidden_code_point(code_point)) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(code_point));
            i += length;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

std::string ascii_name(std::string_view text) {
    const std::string shown = printable_text(text);
    std::string out;
    for (std::size_t i = 0; i < shown.size();) {
        char32_t code_point = 0;
        const std::size_t length = utf8_sequence(shown, i, code_point);  // printable_text left only UTF-8
        out += code_point < 0x80 ? std::string(1, shown[i]) : code_point_text(code_point);
        i += length == 0 ? 1 : length;
    }
    return out;
}

std::string csv_field(const std::string& raw) {
    const std::string text = printable_text(raw);
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

std::string html_escaped(const std::string& raw) {
    std::string out;
    for (const char c : printable_text(raw)) {
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

std::string replaced_all(std::string text, const std::string& from, const std::string& to) {
    if (from.empty()) return text;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

}  // namespace course
