#include "util/text_escape.hpp"

#include <doctest/doctest.h>

using course::csv_field;
using course::html_escaped;
using course::printable_text;

namespace {
// No byte that steers a terminal: C0 other than newline and tab, DEL, C1 in UTF-8 or alone.
bool has_control(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return true;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F) return true;
    }
    return false;
}
}  // namespace

TEST_CASE("terminal control sequences are written out visibly") {
    CHECK(printable_text("a\x1b]0;owned\x07z") == "a\\x1b]0;owned\\x07z");  // OSC set-title
    CHECK(printable_text("\x1b[2J\x1b[H") == "\\x1b[2J\\x1b[H");             // clear screen
    CHECK(printable_text("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\") ==
          "\\x1b]8;;http://x\\x1b\\link\\x1b]8;;\\x1b\\");                     // OSC 8 hyperlink
    CHECK(printable_text("ok\rFAKE") == "ok\\x0dFAKE");                          // a bare carriage return
    CHECK(printable_text("\xc2\x9b" "2J") == "\\u009b2J");                       // C1 CSI in UTF-8
    CHECK(printable_text("\x9b" "2J") == "\\x9b2J");                             // C1 CSI as a lone byte
    CHECK(printable_text("\x1b") == "\\x1b");                                    // a lone ESC
    CHECK(printable_text("a\x7f\x08\x0b\x0cz") == "a\\x7f\\x08\\x0b\\x0cz");
    CHECK(printable_text(std::string("nul\0end", 7)) == "nul\\x00end");
    CHECK(printable_text("if (admin) \xe2\x80\xae { }") == "if (admin) \\u202e { }");  // bidi override
    CHECK(printable_text("\xe2\x81\xa6x\xe2\x81\xa9") == "\\u2066x\\u2069");           // bidi isolate
}

TEST_CASE("ordinary text, UTF-8 and layout are kept as they are") {
    CHECK(printable_text("line 1\n\tindented\n") == "line 1\n\tindented\n");
    CHECK(printable_text("M×K — µs … ü 漢字 😀") == "M×K — µs … ü 漢字 😀");
    CHECK(printable_text("a\r\nb\r\n") == "a\nb\n");  // a Windows line end is just a line end
    CHECK(printable_text("\\x1b is how C writes ESC") == "\\x1b is how C writes ESC");
    CHECK(printable_text("").empty());
}

TEST_CASE("bytes that are not UTF-8 are written out one by one") {
    CHECK(printable_text("caf\xe9") == "caf\\xe9");                 // Latin-1
    CHECK(printable_text("\xc0\xaf") == "\\xc0\\xaf");              // overlong '/'
    CHECK(printable_text("\xed\xa0\x80") == "\\xed\\xa0\\x80");     // a surrogate
    CHECK(printable_text("ab\xe2\x82") == "ab\\xe2\\x82");          // cut short
    CHECK(printable_text("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
}

TEST_CASE("escaping twice changes nothing more, and leaves no control byte") {
    const std::string hostile =
        "\x1b]0;t\x07 \x1b[2J \r x \xc2\x9b \x9b \x7f \xe2\x80\xae \xff\r\n\x1b]8;;u\x1b\\l\x1b]8;;\x1b\\";
    const std::string once = printable_text(hostile);
    CHECK_FALSE(has_control(once));
    CHECK(printable_text(once) == once);
}

TEST_CASE("CSV cells and HTML carry no raw control bytes either") {
    CHECK(csv_field("name\x1b[2J") == "name\\x1b[2J");
    CHECK(csv_field("=1+1") == "\"'=1+1\"");
    CHECK(csv_field("a,b\x07") == "\"a,b\\x07\"");
    CHECK(csv_field("\x1b]0;x\x07") == "\\x1b]0;x\\x07");
    CHECK(html_escaped("<b>\x1b[31m</b>") == "&lt;b&gt;\\x1b[31m&lt;/b&gt;");
    CHECK_FALSE(has_control(html_escaped("\xc2\x9b\x1b\r")));
}

TEST_CASE("characters drawn as nothing are written out; a name is shown in ASCII") {
    CHECK(printable_text("transpose\xE2\x80\x8B") == "transpose\\u200b");  // a zero-width space
    CHECK(printable_text("a\xE2\x81\xA0" "b\xC2\xAD" "c\xEF\xBB\xBF") == "a\\u2060b\\u00adc\\ufeff");
    CHECK(printable_text("M\xC3\x97K \xD1\x96") == "M\xC3\x97K \xD1\x96");  // other letters and symbols stay
    CHECK(course::ascii_name("#\xD1\x96nclude") == "#\\u0456nclude");       // a Cyrillic i
    CHECK(course::ascii_name("tr\xD0\xB0nspose\xE2\x80\x8B") == "tr\\u0430nspose\\u200b");
    CHECK(course::ascii_name("k\xF0\x9F\x98\x80") == "k\\U0001f600");
    CHECK(course::ascii_name("\x1b[2J\xff transpose") == "\\x1b[2J\\xff transpose");
    const std::string once = course::ascii_name("x\xD1\x96\xE2\x80\x8B");
    CHECK(course::ascii_name(once) == once);
}
