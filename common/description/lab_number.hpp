// A lab's number as the course writes it: two digits, the start of its folder's name
// ("04" of "04-matmul-tiled"). Everything that reads a lab number someone typed, or compares
// folders by lab, goes through lab_number.
#pragma once

#include <string>

namespace course {

// The number `text` starts with, written with two digits at least: "4", "04", "004" and
// "04-matmul-tiled" all give "04", "12" gives "12"; empty when `text` does not start with a digit.
std::string lab_number(const std::string& text);

}  // namespace course
