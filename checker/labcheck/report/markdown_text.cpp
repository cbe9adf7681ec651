#include "report/markdown_text.hpp"

#include "util/text_escape.hpp"

#include <algorithm>

namespace labcheck {

std::string markdown_escaped(const std::string& raw) {
    const std::string text = course::printable_text(raw);
    static const std::string special = "\\`*_{}[]<>()#+-.!|~";
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // '.', '-', '+' and '(' only mean something at a line's start or after a number; escaping
        // them everywhere would litter the text, so only the unambiguous ones are escaped inside it.
        const bool always = std::string("\\`*_[]<>|~#").find(c) != std::string::npos;
        if (always || (i == 0 && special.find(c) != std::string::npos)) out += '\\';
        out += c;
    }
    return out;
}

std::string markdown_block(const std::string& raw) {
    const std::string text = course::printable_text(raw);
    std::size_t longest = 0, run = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
    const bool ends_with_newline = !text.empty() && text.back() == '\n';
    return fence + "\n" + text + (ends_with_newline ? "" : "\n") + fence + "\n";
}

}  // namespace labcheck
