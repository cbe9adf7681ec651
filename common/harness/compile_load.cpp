#include "harness/compile_load.hpp"

#include "harness/source_identifiers.hpp"
#include "harness/source_scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

namespace course {

namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// A #define's body read as words: identifiers, and each other non-blank character as one token.
struct MacroBody {
    unsigned line = 0;
    std::vector<std::string> words;     // identifiers of the body, in order
    std::uint64_t other_tokens = 0;     // numbers and punctuation
};

// "NAME(x, y) body" or "NAME body": the name, and the body after the parameter list.
std::pair<std::string, MacroBody> macro_of(const ScannedDirective& directive) {
    const std::string& rest = directive.rest;
    std::size_t i = 0;
    while (i < rest.size() && identifier_char(rest[i])) ++i;
    std::pair<std::string, MacroBody> macro{rest.substr(0, i), {directive.line, {}, 0}};
    if (i < rest.size() && rest[i] == '(') i = std::min(rest.find(')', i), rest.size() - 1) + 1;
    while (i < rest.size()) {
        if (std::isspace(static_cast<unsigned char>(rest[i])) != 0) {
            ++i;
        } else if (identifier_char(rest[i])) {
            const std::size_t start = i;
            while (i < rest.size() && identifier_char(rest[i])) ++i;
            if (std::isdigit(static_cast<unsigned char>(rest[start])) != 0)
                ++macro.second.other_tokens;
            else
                macro.second.words.push_back(rest.substr(start, i - start));
        } else {
            ++macro.second.other_tokens;
            ++i;
        }
    }
    return macro;
}

using Macros = std::map<std::string, MacroBody>;

// Tokens `name` expands to, macros in it expanded once each as the preprocessor does (a macro
// inside its own expansion stays a word), saturated at kMostCountedTokens.
std::uint64_t expanded_tokens(const Macros& macros, const std::string& name, std::map<std::string, std::uint64_t>& known,
                              std::vector<std::string>& expanding) {
    const auto macro = macros.find(name);
    if (macro == macros.end() || std::count(expanding.begin(), expanding.end(), name) > 0) return 1;
    if (const auto done = known.find(name); done != known.end()) return done->second;
    expanding.push_back(name);
    std::uint64_t total = macro->second.other_tokens;
    for (const auto& word : macro->second.words)
        total = std::min(kMostCountedTokens, total + expanded_tokens(macros, word, known, expanding));
    expanding.pop_back();
    known[name] = total;
    return total;
}

std::optional<LongestMacro> longest_macro(const SourceScan& scan) {
    Macros macros;
    for (const auto& directive : scan.directives) {
        if (directive.name != "define") continue;
        auto [name, body] = macro_of(directive);
        if (!name.empty()) macros[name] = std::move(body);
    }
    std::optional<LongestMacro> longest;
    std::map<std::string, std::uint64_t> known;
    for (const auto& [name, body] : macros) {
        std::vector<std::string> expanding;
        const std::uint64_t tokens = expanded_tokens(macros, name, known, expanding);
        if (tokens <= body.words.size() + body.other_tokens) continue;  // expands to no more than it says
        if (!longest || tokens > longest->tokens) longest = LongestMacro{name, body.line, tokens};
    }
    return longest;
}

// "unroll", "unroll 64", "unroll(64)": the copies asked for (0: the whole loop), or nothing.
std::optional<std::uint64_t> unroll_count(const std::string& pragma) {
    if (pragma.rfind("unroll", 0) != 0 || (pragma.size() > 6 && identifier_char(pragma[6]))) return std::nullopt;
    const std::size_t digit = pragma.find_first_of("0123456789", 6);
    if (digit == std::string::npos) return 0;
    std::uint64_t count = 0;
    for (std::size_t i = digit; i < pragma.size() && std::isdigit(static_cast<unsigned char>(pragma[i])) != 0; ++i)
        count = std::min(kMostCountedTokens, count * 10 + static_cast<std::uint64_t>(pragma[i] - '0'));
    return count;
}

std::optional<LargestUnroll> largest_unroll(const SourceScan& scan) {
    std::optional<LargestUnroll> largest;
    for (const auto& directive : scan.directives) {
        if (directive.name != "pragma") continue;
        const auto count = unroll_count(directive.rest);
        if (!count) continue;
        // A whole loop unrolled (0) counts as larger than any count given.
        const auto rank = [](std::uint64_t c) { return c == 0 ? kMostCountedTokens + 1 : c; };
        if (!largest || rank(*count) > rank(largest->count)) largest = LargestUnroll{directive.line, *count};
    }
    return largest;
}

}  // namespace

CompileLoad compile_load(const std::string& text) {
    CompileLoad load;
    load.bytes = text.size();
    // Every identifier of the code passes the test; it only counts the kernel qualifiers.
    (void)find_identifier(text, [&](const std::string& name) {
        if (name == "__kernel" || name == "kernel") ++load.kernels;
        return false;
    });
    const SourceScan scan = scan_source(text);
    load.longest_macro = longest_macro(scan);
    load.largest_unroll = largest_unroll(scan);
    return load;
}

std::string compile_load_text(const CompileLoad& load) {
    std::string text = fmt::format("The file has {} kernel{} in {} KB (the compiler builds every kernel of the file)",
                                   load.kernels, load.kernels == 1 ? "" : "s", (load.bytes + 1023) / 1024);
    if (const auto& macro = load.longest_macro) {
        text += fmt::format("; its longest macro, {} (line {}), expands to {}{} tokens", macro->name, macro->line,
                            macro->tokens >= kMostCountedTokens ? "more than " : "", macro->tokens);
    }
    if (const auto& unroll = load.largest_unroll) {
        text += unroll->count == 0
                    ? fmt::format("; line {} unrolls a whole loop (#pragma unroll with no count)", unroll->line)
                    : fmt::format("; line {} unrolls a loop {} times", unroll->line, unroll->count);
    }
    return text + ".";
}

}  // namespace course
