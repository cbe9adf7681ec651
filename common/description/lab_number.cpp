#include "description/lab_number.hpp"

#include <cctype>

namespace course {

std::string lab_number(const std::string& text) {
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (digits == 0) return {};
    std::string number = text.substr(0, digits);
    while (number.size() > 2 && number[0] == '0') number.erase(0, 1);
    return number.size() == 1 ? "0" + number : number;
}

}  // namespace course
