#include "kernel_tokens.hpp"

#include "harness/self_contained_source.hpp"

#include <clang-c/Index.h>

#include <memory>
#include <regex>

namespace similarity {

namespace {

// Identifiers that belong to OpenCL C, not to the student: they stay as written.
bool is_opencl_word(const std::string& word) {
    static const std::regex opencl_word(
        "(__)?(kernel|global|local|constant|private|read_only|write_only)|"
        "get_(global|local|group)_(id|size)|get_num_groups|get_work_dim|get_global_offset|"
        "barrier|mem_fence|(read|write)_mem_fence|CLK_[A-Z_]+|"
        "(u?(char|short|int|long)|float|double|half|size_t|uint|uchar|ushort|ulong)(2|3|4|8|16)?|"
        "v(load|store)(_half)?(2|3|4|8|16)?|mad|fma|min|max|clamp|dot|"
        "(async_work_group(_strided)?_copy)|wait_group_events|event_t|"
        "read_image[fiu]|write_image[fiu]|image2d_t|sampler_t|"
        "define|ifdef|ifndef|endif|undef|pragma|unroll");
    return std::regex_match(word, opencl_word);
}

// A name in capitals (TILE_K, THREADS, WPT_M, the sizes M, K and N): the lab's constants, which a
// student writes as the lab names them, as OpenCL's own words.
bool is_constant_name(const std::string& word) {
    bool letter = false;
    for (const char c : word) {
        if (c >= 'a' && c <= 'z') return false;
        letter = letter || (c >= 'A' && c <= 'Z');
    }
    return letter;
}

struct UnitDeleter {
    void operator()(CXTranslationUnitImpl* unit) const { clang_disposeTranslationUnit(unit); }
};
struct IndexDeleter {
    void operator()(void* index) const { clang_disposeIndex(index); }
};

std::string normalised(CXTranslationUnit unit, CXToken token) {
    CXString spelling = clang_getTokenSpelling(unit, token);
    std::string text = clang_getCString(spelling);
    clang_disposeString(spelling);
    switch (clang_getTokenKind(token)) {
        case CXToken_Identifier: return is_opencl_word(text) || is_constant_name(text) ? text : "ID";
        case CXToken_Literal: return "LIT";
        default: return text;  // keywords and punctuation
    }
}

// What a copier changes without changing the code, taken out of the stream: `const`, the braces
// (around one statement or not), and a statement's `i++` written `++i` (`a[i++]` keeps its order).
std::vector<KernelToken> without_cosmetics(const std::vector<KernelToken>& tokens) {
    std::vector<KernelToken> kept;
    kept.reserve(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& text = tokens[i].text;
        if (text == "const" || text == "{" || text == "}") continue;
        const bool postfix = i + 2 < tokens.size() && (tokens[i + 1].text == "++" || tokens[i + 1].text == "--") &&
                             (tokens[i + 2].text == ")" || tokens[i + 2].text == ";" || tokens[i + 2].text == ",");
        if (postfix && text == "ID") {
            kept.push_back(tokens[i + 1]);
            kept.push_back(tokens[i]);
            ++i;
            continue;
        }
        kept.push_back(tokens[i]);
    }
    return kept;
}

}  // namespace

std::vector<KernelToken> kernel_tokens(const std::string& file_text, const std::string& file_name) {
    // The text a build reads (an include in a branch no build takes, `#line 6`, left out; a refused
    // include too): libclang's parse below must not follow an include to another file.
    const std::string source = course::self_contained_text(file_text, {}).text;
    // Only the lexer is wanted: parse as C with no headers and no function bodies, which is quick
    // and cannot fail in a way that loses tokens (errors are ignored).
    const char* arguments[] = {"-x", "c", "-nostdinc", "-w", "-fsyntax-only"};
    CXUnsavedFile unsaved{file_name.c_str(), source.data(), static_cast<unsigned long>(source.size())};
    std::unique_ptr<void, IndexDeleter> index(clang_createIndex(0, 0));
    CXTranslationUnit raw_unit = nullptr;
    clang_parseTranslationUnit2(index.get(), file_name.c_str(), arguments, 5, &unsaved, 1,
                                CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_Incomplete, &raw_unit);
    if (raw_unit == nullptr) return {};
    std::unique_ptr<CXTranslationUnitImpl, UnitDeleter> unit(raw_unit);

    CXFile file = clang_getFile(unit.get(), file_name.c_str());
    const CXSourceRange whole = clang_getRange(clang_getLocationForOffset(unit.get(), file, 0),
                                               clang_getLocationForOffset(unit.get(), file, source.size()));
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(unit.get(), whole, &tokens, &count);
    std::vector<KernelToken> stream;
    stream.reserve(count);
    for (unsigned i = 0; i < count; ++i) {
        if (clang_getTokenKind(tokens[i]) == CXToken_Comment) continue;
        unsigned line = 0;
        clang_getSpellingLocation(clang_getTokenLocation(unit.get(), tokens[i]), nullptr, &line, nullptr, nullptr);
        stream.push_back({normalised(unit.get(), tokens[i]), line});
    }
    clang_disposeTokens(unit.get(), tokens, count);
    return without_cosmetics(stream);
}

}  // namespace similarity
