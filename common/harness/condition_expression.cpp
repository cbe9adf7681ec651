#include "harness/condition_expression.hpp"

#include <cctype>
#include <climits>
#include <optional>
#include <set>
#include <vector>

namespace course {

namespace {

struct Token {
    enum class Kind { number, identifier, punctuation, unknown_value, other };
    Kind kind;
    std::string text;
};

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' ||
           static_cast<unsigned char>(c) >= 0x80;
}

std::size_t pp_number_end(const std::string& s, std::size_t i) {
    while (i < s.size()) {
        const char c = s[i];
        if ((c == '+' || c == '-') && std::string("eEpP").find(s[i - 1]) != std::string::npos) {
            ++i;
        } else if (word_char(c) || c == '.') {
            ++i;
        } else {
            break;
        }
    }
    return i;
}

std::size_t literal_end(const std::string& s, std::size_t i) {
    const char quote = s[i++];
    while (i < s.size() && s[i] != quote) i += s[i] == '\\' ? 2 : 1;
    return std::min(i + 1, s.size());
}

std::vector<Token> tokenize(const std::string& s) {
    static const char* const kTwoCharacter[] = {"&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "##"};
    std::vector<Token> tokens;
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        std::size_t end = i + 1;
        Token::Kind kind = Token::Kind::punctuation;
        if (std::isspace(static_cast<unsigned char>(c)) != 0) {
            ++i;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) != 0 ||
            (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0)) {
            end = pp_number_end(s, i + 1);
            kind = Token::Kind::number;
        } else if (word_char(c)) {
            while (end < s.size() && word_char(s[end])) ++end;
            kind = Token::Kind::identifier;
        } else if (c == '"' || c == '\'') {
            end = literal_end(s, i);
            kind = Token::Kind::other;
        } else {
            for (const char* two : kTwoCharacter) {
                if (s.compare(i, 2, two) == 0) end = i + 2;
            }
        }
        tokens.push_back({kind, s.substr(i, end - i)});
        i = end;
    }
    return tokens;
}

// Macro expansion of a #if line: `defined` answered, macros replaced, names not known turned into
// unknown values. False when the line cannot be followed (then the whole value is unknown).
class Expander {
public:
    Expander(const MacroLookup& lookup, std::size_t& steps_left) : lookup_(lookup), steps_left_(steps_left) {}

    bool expand(const std::vector<Token>& in, std::vector<Token>& out) {
        if (++depth_ > kDeepest) return false;
        for (std::size_t i = 0; i < in.size(); ++i) {
            const Token& t = in[i];
            if (out.size() > kLongest || ++steps_ > kMostSteps || steps_left_ == 0) return false;
            --steps_left_;
            if (t.kind != Token::Kind::identifier) {
                out.push_back(t);
            } else if (t.text == "defined") {
                if (!defined_operator(in, i, out)) return false;
            } else if (!identifier(in, i, out)) {
                return false;
            }
        }
        --depth_;
        return true;
    }

    const std::string& first_unsure() const { return unsure_; }

private:
    static constexpr int kDeepest = 64;
    static constexpr std::size_t kLongest = 10000;
    static constexpr std::size_t kMostSteps = 100000;  // macros that expand to nothing, nested: no bomb

    void unknown(const std::string& name, std::vector<Token>& out) {
        if (unsure_.empty()) unsure_ = name;
        out.push_back({Token::Kind::unknown_value, name});
    }

    // `defined X` or `defined ( X )`, from in[i]; i ends on its last token.
    bool defined_operator(const std::vector<Token>& in, std::size_t& i, std::vector<Token>& out) {
        const bool parenthesised = i + 1 < in.size() && in[i + 1].text == "(";
        const std::size_t at = i + (parenthesised ? 2 : 1);
        if (at >= in.size() || in[at].kind != Token::Kind::identifier) return false;
        if (parenthesised && (at + 1 >= in.size() || in[at + 1].text != ")")) return false;
        i = at + (parenthesised ? 1 : 0);
        const MacroView view = lookup_(in[at].text);
        if (view.state == MacroView::State::unknown) {
            unknown(in[at].text, out);
        } else {
            out.push_back({Token::Kind::number, view.state == MacroView::State::defined ? "1" : "0"});
        }
        return true;
    }

    // Skips a parenthesised argument list after in[i], if there is one.
    static void skip_arguments(const std::vector<Token>& in, std::size_t& i) {
        if (i + 1 >= in.size() || in[i + 1].text != "(") return;
        int depth = 0;
        for (++i; i < in.size(); ++i) {
            if (in[i].text == "(") ++depth;
            if (in[i].text == ")" && --depth == 0) return;
        }
    }

    bool identifier(const std::vector<Token>& in, std::size_t& i, std::vector<Token>& out) {
        const std::string& name = in[i].text;
        if (active_.count(name) > 0) {
            unknown(name, out);  // a macro inside its own expansion: left for the compiler to judge
            return true;
        }
        const MacroView view = lookup_(name);
        if (view.state == MacroView::State::undefined) {
            out.push_back({Token::Kind::number, "0"});
        } else if (view.state == MacroView::State::unknown || view.function_like || !view.value_known) {
            unknown(name, out);
            skip_arguments(in, i);
        } else {
            active_.insert(name);
            const bool ok = expand(tokenize(view.body), out);
            active_.erase(name);
            return ok;
        }
        return true;
    }

    const MacroLookup& lookup_;
    std::size_t& steps_left_;
    std::set<std::string> active_;
    std::string unsure_;
    int depth_ = 0;
    std::size_t steps_ = 0;
};

struct Value {
    bool known = false;
    long long v = 0;
    bool is_unsigned = false;
};

std::optional<Value> number_value(const std::string& text) {
    std::size_t end = text.size();
    bool is_unsigned = false;
    while (end > 0 && std::string("uUlL").find(text[end - 1]) != std::string::npos) {
        is_unsigned = is_unsigned || text[end - 1] == 'u' || text[end - 1] == 'U';
        --end;
    }
    std::string digits = text.substr(0, end);
    int base = 10;
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        base = 16;
        digits = digits.substr(2);
    } else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
        base = 2;
        digits = digits.substr(2);
    } else if (digits.size() > 1 && digits[0] == '0') {
        base = 8;
    }
    unsigned long long value = 0;
    for (char c : digits) {
        const int d = std::isdigit(static_cast<unsigned char>(c)) != 0 ? c - '0'
                      : std::isxdigit(static_cast<unsigned char>(c)) != 0
                          ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                          : 99;
        if (d >= base) return std::nullopt;  // a float, a stray letter: not an integer constant
        if (value > (static_cast<unsigned long long>(LLONG_MAX) - static_cast<unsigned>(d)) / base) return std::nullopt;
        value = value * base + static_cast<unsigned>(d);
    }
    if (digits.empty()) return std::nullopt;
    return Value{true, static_cast<long long>(value), is_unsigned};
}

// Precedence climbing over the expanded tokens. A syntax error makes the whole value unknown.
class Parser {
public:
    explicit Parser(const std::vector<Token>& tokens) : t_(tokens) {}

    std::optional<Value> whole() {
        const Value v = conditional();
        if (failed_ || i_ != t_.size()) return std::nullopt;
        return v;
    }

private:
    bool at(const char* text) const {
        return i_ < t_.size() && t_[i_].kind == Token::Kind::punctuation && t_[i_].text == text;
    }

    Value conditional() {
        const Value test = binary(0);
        if (!at("?")) return test;
        ++i_;
        const Value yes = conditional();
        if (!at(":")) return fail();
        ++i_;
        const Value no = conditional();
        if (test.known) return test.v != 0 ? yes : no;
        if (yes.known && no.known && yes.v == no.v) return yes;
        return {};
    }

    static int precedence(const std::string& op) {
        static const char* const kLevels[][4] = {
            {"||"},       {"&&"},     {"|"},          {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="},
            {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
        for (int level = 0; level < 10; ++level) {
            for (const char* o : kLevels[level]) {
                if (o != nullptr && op == o) return level;
            }
        }
        return -1;
    }

    Value binary(int lowest) {
        Value left = unary();
        for (;;) {
            if (i_ >= t_.size() || t_[i_].kind != Token::Kind::punctuation) return left;
            const std::string op = t_[i_].text;
            const int level = precedence(op);
            if (level < lowest) return left;
            ++i_;
            const Value right = binary(level + 1);
            left = apply(op, left, right);
        }
    }

    Value unary() {
        if (i_ >= t_.size()) return fail();
        const Token& t = t_[i_];
        if (t.kind == Token::Kind::punctuation && (t.text == "!" || t.text == "-" || t.text == "+" || t.text == "~")) {
            ++i_;
            const Value v = unary();
            if (!v.known) return v;
            if (t.text == "!") return {true, v.v == 0 ? 1 : 0, false};
            if (t.text == "+") return v;
            if (t.text == "~") return v.is_unsigned ? Value{} : Value{true, ~v.v, false};
            if (v.is_unsigned && v.v != 0) return {};
            return v.v == LLONG_MIN ? Value{} : Value{true, -v.v, v.is_unsigned};
        }
        ++i_;
        if (t.kind == Token::Kind::punctuation && t.text == "(") {
            const Value v = conditional();
            if (!at(")")) return fail();
            ++i_;
            return v;
        }
        if (t.kind == Token::Kind::number) {
            const auto v = number_value(t.text);
            return v ? *v : fail();
        }
        if (t.kind == Token::Kind::unknown_value || t.kind == Token::Kind::other) return {};
        return fail();
    }

    static Value logical(const std::string& op, const Value& a, const Value& b) {
        const bool is_and = op == "&&";
        const auto decides = [&](const Value& v) { return v.known && ((v.v != 0) != is_and); };
        if (decides(a) || decides(b)) return {true, is_and ? 0 : 1, false};
        if (a.known && b.known) return {true, is_and ? 1 : 0, false};
        return {};
    }

    static Value apply(const std::string& op, const Value& a, const Value& b);

    Value fail() {
        failed_ = true;
        return {};
    }

    const std::vector<Token>& t_;
    std::size_t i_ = 0;
    bool failed_ = false;
};

Value Parser::apply(const std::string& op, const Value& a, const Value& b) {
    if (op == "&&" || op == "||") return logical(op, a, b);
    if (!a.known || !b.known) return {};
    const bool is_unsigned = a.is_unsigned || b.is_unsigned;
    // Unsigned arithmetic with a negative operand wraps; this evaluator does not follow it.
    if (is_unsigned && (a.v < 0 || b.v < 0)) return {};
    long long r = 0;
    if (op == "+" && !__builtin_add_overflow(a.v, b.v, &r)) return {true, r, is_unsigned};
    if (op == "-" && !__builtin_sub_overflow(a.v, b.v, &r)) return {is_unsigned ? r >= 0 : true, r, is_unsigned};
    if (op == "*" && !__builtin_mul_overflow(a.v, b.v, &r)) return {true, r, is_unsigned};
    if ((op == "/" || op == "%") && b.v != 0 && !(a.v == LLONG_MIN && b.v == -1)) {
        return {true, op == "/" ? a.v / b.v : a.v % b.v, is_unsigned};
    }
    if ((op == "<<" || op == ">>") && b.v >= 0 && b.v < 63 && a.v >= 0) {
        if (op == ">>") return {true, a.v >> b.v, a.is_unsigned};
        if (a.v <= (LLONG_MAX >> b.v)) return {true, a.v << b.v, a.is_unsigned};
    }
    const auto truth = [](bool t) { return Value{true, t ? 1 : 0, false}; };
    if (op == "<") return truth(a.v < b.v);
    if (op == ">") return truth(a.v > b.v);
    if (op == "<=") return truth(a.v <= b.v);
    if (op == ">=") return truth(a.v >= b.v);
    if (op == "==") return truth(a.v == b.v);
    if (op == "!=") return truth(a.v != b.v);
    if (op == "&") return {true, a.v & b.v, is_unsigned};
    if (op == "|") return {true, a.v | b.v, is_unsigned};
    if (op == "^") return {true, a.v ^ b.v, is_unsigned};
    return {};
}

}  // namespace

ConditionValue evaluate_condition(const std::string& expression, const MacroLookup& lookup, std::size_t& steps_left) {
    Expander expander(lookup, steps_left);
    std::vector<Token> expanded;
    ConditionValue result;
    if (!expander.expand(tokenize(expression), expanded)) {
        result.unsure = expander.first_unsure();
        return result;
    }
    result.unsure = expander.first_unsure();
    const auto value = Parser(expanded).whole();
    if (value && value->known) {
        result.known = true;
        result.value = value->v;
        result.unsure.clear();
    }
    return result;
}

}  // namespace course
