// The -D defines a kernel is built with (TILE_SIZE=16, THREAD_WORK=4, ...), in
// the order they were given, so messages and reports list them as the user wrote them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace course {

struct Define {
    std::string name;
    std::string value;
};

class Defines {
public:
    // Adds NAME=VALUE, replacing an earlier value of the same name.
    void set(const std::string& name, const std::string& value);
    // Applies every define of `overrides` on top of these.
    void merge(const Defines& overrides);

    std::optional<std::string> get(const std::string& name) const;
    // The value as a positive integer. Throws UserError when it is missing or not one.
    long positive_int(const std::string& name) const;

    const std::vector<Define>& items() const { return items_; }
    bool empty() const { return items_.empty(); }
    std::string build_options() const;  // "-D TILE_SIZE=16 -D THREAD_WORK=4"
    std::string summary() const;        // "TILE_SIZE=16 THREAD_WORK=4"

private:
    std::vector<Define> items_;
};

// Parses "NAME=VALUE" (or "NAME", meaning NAME=1) as given to -D on the command line.
Define parse_define(const std::string& text);
// Every -D of a command line, in order (a later one for the same name wins). Throws as parse_define does.
Defines parse_defines(const std::vector<std::string>& texts);

}  // namespace course
