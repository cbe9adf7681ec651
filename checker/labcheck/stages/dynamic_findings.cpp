#include "stages/dynamic_findings.hpp"

#include "stages/accessed_array.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

namespace labcheck {

namespace {

struct Group {
    const OclgrindDiagnostic* first = nullptr;
    std::size_t count = 0;
};

// The name of the array subscripted just before `column` of `line` (both 1-based),
// e.g. "As" for the `=` of `As[ly][lx + 1] = v;`, where Oclgrind puts a store;
// empty when no subscripted name ends there.
// Where line `line` (1-based) of `source` begins and ends; nothing when the source is shorter.
std::optional<std::pair<std::size_t, std::size_t>> line_span(const std::string& source, unsigned line) {
    if (line == 0) return std::nullopt;
    std::size_t begin = 0;
    for (unsigned l = 1; l < line; ++l) {
        begin = source.find('\n', begin);
        if (begin == std::string::npos) return std::nullopt;
        ++begin;
    }
    return std::make_pair(begin, std::min(source.find('\n', begin), source.size()));
}

std::string subscripted_before(const std::string& source, unsigned line, unsigned column) {
    const auto span = line_span(source, line);
    if (!span || column < 2) return {};
    const auto [begin, end] = *span;
    if (begin + column - 1 > end) return {};
    const std::string text = source.substr(begin, column - 1);
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    std::size_t at = text.size();
    const auto skip_spaces = [&] {
        while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t')) --at;
    };
    skip_spaces();
    bool subscripted = false;
    while (at > 0 && text[at - 1] == ']') {  // back over each `[...]`, nested ones included
        int depth = 0;
        do {
            --at;
            if (text[at] == ']') ++depth;
            if (text[at] == '[') --depth;
        } while (at > 0 && depth > 0);
        if (depth != 0) return {};
        subscripted = true;
        skip_spaces();
    }
    std::size_t start = at;
    while (start > 0 && word(text[start - 1])) --start;
    if (!subscripted || start == at || std::isdigit(static_cast<unsigned char>(text[start])) != 0) return {};
    return text.substr(start, at - start);
}

bool is_student_kernel(const OclgrindDiagnostic& d, const DynamicContext& context) {
    return std::find(context.student_kernels.begin(), context.student_kernels.end(), d.kernel) !=
           context.student_kernels.end();
}

// "labs/02-transpose-local/transpose.cl:19", or the header / course kernel it was in.
std::string place(const OclgrindDiagnostic& d, const OclgrindAccess& a, const DynamicContext& context) {
    if (a.line == 0) return fmt::format("kernel {} (no line known)", d.kernel);
    const bool anonymous = a.file.empty() || a.file == "input.cl";
    if (anonymous && is_student_kernel(d, context)) return fmt::format("line {}", a.line);  // the stage names the file
    if (anonymous) return fmt::format("line {} of kernel {} (not in this lab's file)", a.line, d.kernel);
    return fmt::format("{}:{}", a.file, a.line);
}

std::string quoted_source(const OclgrindAccess& a) {
    return a.source_line.empty() ? std::string() : fmt::format(" (`{}`)", a.source_line);
}

std::string work_item(const OclgrindAccess& a) {
    const auto local = a.local_id();
    const auto group = a.group_id();
    if (!local.empty()) return fmt::format("work-item {} of work-group {}", local, group);
    if (!group.empty()) return fmt::format("work-group {}", group);
    return "a work-item";
}

std::string seen(const Group& g) {
    std::string text;
    if (!g.first->context.empty()) text += fmt::format(" Seen while {}", g.first->context);
    if (g.count > 1) text += fmt::format("{} {} times in all", text.empty() ? " Seen" : ",", g.count);
    return text.empty() ? text : text + ".";
}

std::string without_addresses(const std::string& heading) {
    static const std::regex address(R"( (address )?0x[0-9a-fA-F]+)");
    return std::regex_replace(heading, address, "");
}

// The line a finding is reported at: for a race the later of its two lines in the
// source (the barrier goes before it), otherwise the last location given.
unsigned key_line(const OclgrindDiagnostic& d) {
    if (d.accesses.empty()) return 0;
    if (d.kind == OclgrindKind::data_race) {
        unsigned line = 0;
        for (const auto& a : d.accesses) line = std::max(line, a.line);
        return line;
    }
    return d.accesses.back().line;
}

// An uninitialised value stored into __local or private memory: a copy of an element nobody
// wrote (a tile slot past the matrix's edge, copied whole). Harmless while it never reaches an
// output, and Oclgrind checks every value written to global memory: that one is the error.
bool is_uninitialized_copy(const OclgrindDiagnostic& d) {
    return d.kind == OclgrindKind::uninitialized && d.heading.rfind("Uninitialized value written to", 0) == 0 &&
           (d.memory == "local" || d.memory == "private");
}

// Errors first, most serious first, then the warnings.
int severity_rank(const OclgrindDiagnostic& d) {
    switch (d.kind) {
        case OclgrindKind::divergence:
            return 0;
        case OclgrindKind::data_race:
            return 1;
        case OclgrindKind::invalid_access:
        case OclgrindKind::misaligned:
            return 2;
        case OclgrindKind::uninitialized:
            return is_uninitialized_copy(d) ? 6 : 3;
        case OclgrindKind::other:
            return 4;
        case OclgrindKind::array_bounds:
            return 5;
    }
    return 4;
}

// A work-item at one barrier while the rest of its group waits at another.
Finding different_barriers_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const auto& mine = d.accesses.front();
    const auto& others = d.accesses.back();
    Finding f;
    f.summary =
        fmt::format("lines {} and {}: work-items of one work-group wait at different barriers", others.line, mine.line);
    f.message = fmt::format(
        "Barrier divergence: in work-group {}, the first work-items waited at the barrier at {}{}, but {} arrived at "
        "the barrier at {}{} instead, having skipped the first one.{} A barrier inside a branch (or after a `return` "
        "or `break`) that depends on the work-item id is reached by only some work-items: on a GPU the group "
        "deadlocks or mixes up the two barriers. Keep every barrier where all work-items reach it, and put only "
        "the loads and stores under the condition.",
        d.work_group, place(d, others, context), quoted_source(others), work_item(mine), place(d, mine, context),
        quoted_source(mine), seen(g));
    return f;
}

Finding divergence_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    if (d.arrived == 0 && d.accesses.size() >= 2) return different_barriers_finding(g, context);
    const OclgrindAccess none;
    const OclgrindAccess& barrier = d.accesses.empty() ? none : d.accesses.front();
    Finding f;
    f.summary = fmt::format("{}: only {} of {} work-items of a work-group reach this barrier",
                            barrier.line ? fmt::format("line {}", barrier.line) : "a barrier", d.arrived, d.group_size);
    f.message = fmt::format(
        "Barrier divergence at {}{}: only {} of the {} work-items of work-group {} reached this barrier; the others "
        "returned, broke out of a loop, or took a branch around it.{} On a GPU this deadlocks or reads a tile that "
        "was never loaded. Every work-item of a group must reach every barrier, the same number of times: guard "
        "the loads and stores with the bounds check (load 0 outside the matrix), never the barrier, and do not "
        "return before it.",
        place(d, barrier, context), quoted_source(barrier), d.arrived, d.group_size, d.work_group, seen(g));
    return f;
}

// A __local race between a write and a read: where the missing barrier goes.
Finding local_race_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const auto& first = d.accesses.front();
    const auto& second = d.accesses.back();
    Finding f;
    // Which access Oclgrind saw first says little (it runs work-items one after another):
    // the lines of the write and the read say where the barrier goes.
    const OclgrindAccess& store = first.is_store() ? first : second;
    const OclgrindAccess& load = first.is_store() ? second : first;
    const std::string w = fmt::format("{}{}", place(d, store, context), quoted_source(store));
    const std::string r = fmt::format("{}{}", place(d, load, context), quoted_source(load));
    f.summary = fmt::format(
        "lines {} and {}: __local data written at line {} and read at line {} by other "
        "work-items with no barrier between",
        std::min(store.line, load.line), std::max(store.line, load.line), store.line, load.line);
    if (store.line <= load.line) {
        f.message = fmt::format(
            "Missing barrier: {} wrote an element of a __local array at {}, and {} used the same element at {}, "
            "with no barrier between the two.{} Nothing makes the reader wait for the writer: on a GPU it reads "
            "a stale or never-loaded value. Put barrier(CLK_LOCAL_MEM_FENCE) after the writes at line {} and "
            "before the reads at line {}, where every work-item of the group reaches it. If both lines are in a "
            "loop and that barrier is there, the missing one is at the end of each step: the next step's write "
            "(line {}) overwrites data another work-item is still reading (line {}).",
            work_item(store), w, work_item(load), r, seen(g), store.line, load.line, store.line, load.line);
    } else {
        f.message = fmt::format(
            "Missing barrier: {} read an element of a __local array at {}, and {} overwrote the same element at "
            "{}, with no barrier between the two.{} On a GPU the write can land before the read. Put "
            "barrier(CLK_LOCAL_MEM_FENCE) between the read at line {} and the write at line {} (in a loop: at "
            "the end of each step, after the last read and before the next write).",
            work_item(load), r, work_item(store), w, seen(g), load.line, store.line);
    }
    return f;
}

Finding race_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const auto& first = d.accesses.front();
    const auto& second = d.accesses.back();
    const std::string memory = d.memory.empty()      ? "memory"
                               : d.memory == "local" ? "__local memory"
                                                     : d.memory + " memory";
    Finding f;
    if (d.accesses.size() < 2) {
        f.summary = fmt::format("line {}: data race on {}", second.line, memory);
        f.message = fmt::format(
            "Data race on {} at {}{}.{} Two work-items used the same element with no barrier "
            "between them.",
            memory, place(d, second, context), quoted_source(second), seen(g));
        return f;
    }
    const std::string a = fmt::format("{}{}", place(d, first, context), quoted_source(first));
    const std::string b = fmt::format("{}{}", place(d, second, context), quoted_source(second));
    if (d.memory == "local" && first.is_store() != second.is_store() && (first.is_load() || second.is_load())) {
        return local_race_finding(g, context);
    } else if (first.is_store() && second.is_store()) {
        f.summary = first.line == second.line
                        ? fmt::format("line {}: two work-items write the same element of {}", first.line, memory)
                        : fmt::format("lines {} and {}: two work-items write the same element of {}", first.line,
                                      second.line, memory);
        f.message = fmt::format(
            "Write-write race on {}: {} wrote at {} and {} wrote the same element at {}.{} Which value survives "
            "depends on the order the hardware runs them in. Check the index each work-item writes: every element "
            "should have exactly one writer (or a barrier between the writes).",
            memory, work_item(first), a, work_item(second), b, seen(g));
    } else {
        f.summary = fmt::format("lines {} and {}: data race on {}", first.line, second.line, memory);
        f.message = fmt::format(
            "Data race on {}: {} at {} and {} at {} touch the same element with no barrier between them.{} Order "
            "them with barrier(CLK_LOCAL_MEM_FENCE) (for __local memory), or give each element one owner.",
            memory, work_item(first), a, work_item(second), b, seen(g));
    }
    return f;
}

bool is_input_read(const OclgrindDiagnostic& d) {
    return d.kind == OclgrindKind::invalid_access && d.memory == "global" && d.heading.rfind("Invalid read", 0) == 0;
}

// A read past an input: under Oclgrind the inputs are buffers of exactly the
// matrix's size (common/harness/guarded_buffer.hpp), so this is a read outside a or b.
Finding input_read_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    const std::string name = is_student_kernel(d, context)
                                 ? accessed_array(context.student_source, at.line, at.column)
                                 : std::string();
    const std::string input = name.empty() ? "an input matrix" : fmt::format("input `{}`", name);
    Finding f;
    f.summary = fmt::format("line {}: read past the end of {}", at.line, input);
    f.message = fmt::format(
        "Out-of-bounds read at {}{}: {} read past the end (or before the start) of {} ({}).{} Under Oclgrind "
        "the input matrices are buffers of exactly their size, so the read is reported even when its value is "
        "thrown away afterwards; on a GPU it reads whatever lies beyond the matrix, and can fault. Check the "
        "bounds before reading, not after: read only when the row and column are inside the matrix (load 0 "
        "outside it where a sum needs a value), e.g. `if (row < M && k < K) x = a[row * K + k];`, and check "
        "the row length (stride) in the index.",
        place(d, at, context), quoted_source(at), work_item(at), input, without_addresses(d.heading), seen(g));
    return f;
}

// "the __local array `As`", "the private array `acc`", or the memory alone when the array has no name here.
std::string array_words(const OclgrindDiagnostic& d, const OclgrindAccess& at, const DynamicContext& context) {
    std::string name;
    if (is_student_kernel(d, context)) {
        name = accessed_array(context.student_source, at.line, at.column);
        if (name.empty()) name = subscripted_before(context.student_source, at.line, at.column);
    }
    const std::string memory = d.memory == "local" ? "__local" : d.memory;
    return name.empty() ? fmt::format("a {} array", memory) : fmt::format("the {} array `{}`", memory, name);
}

Finding access_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    if (is_input_read(d)) return input_read_finding(g, context);
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    const bool write = d.heading.find("write") != std::string::npos;
    Finding f;
    if (d.memory == "local" || d.memory == "private") {
        // An array of the kernel's own, indexed outside its whole allocation (Oclgrind's memory check).
        const std::string array = array_words(d, at, context);
        f.summary = fmt::format("line {}: {} past the end of {}", at.line, write ? "write" : "read", array);
        f.message = fmt::format(
            "Out-of-bounds access at {}{}: {} {} past the end (or before the start) of {} ({}).{} The index is "
            "outside the whole array, so on a GPU it {} another variable's memory. Check the array's declared "
            "size against the largest index any work-item uses (TILE_SIZE, the padding, the last row and the last "
            "column, a loop's last step: `i < n`, not `i <= n`).",
            place(d, at, context), quoted_source(at), work_item(at), write ? "wrote" : "read", array,
            without_addresses(d.heading), seen(g), write ? "overwrites" : "reads");
        return f;
    }
    f.summary = fmt::format("line {}: {} outside a buffer ({})", at.line, write ? "write" : "read",
                            without_addresses(d.heading));
    f.message = fmt::format(
        "Out-of-bounds access at {}{}: {} ({}).{} The index runs past the buffer the kernel was given. Work-items "
        "of the rounded-up NDRange that fall outside the matrix must not load or store: check the row and column "
        "bounds before the access, and the row length (stride) in the index.",
        place(d, at, context), quoted_source(at), without_addresses(d.heading), work_item(at), seen(g));
    return f;
}

// A vector load or store through a pointer whose address is not a multiple of the vector's size:
// in the index, not past a buffer (a CPU device crashes on it, a GPU stops the kernel).
Finding misaligned_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    const bool store = d.heading.find("store") != std::string::npos;
    Finding f;
    f.summary = fmt::format("line {}: a vector {} at a misaligned address", at.line, store ? "store" : "load");
    f.message = fmt::format(
        "Misaligned access at {}{}: {} ({}).{} A vector {} (a float4 through a `(__global float4*)` pointer) "
        "needs an address that is a multiple of its size, 16 bytes for a float4: the pointer made from a float "
        "pointer, `(__global float4*)(p + i)`, must have i a multiple of 4. Here it is not (an index missing its "
        "`* 4`, or `p + 1`); a CPU device crashes on it, a GPU stops the kernel with an error. Keep i a multiple "
        "of 4, or use vload4(0, p + i) / vstore4(v, 0, p + i), which need only a float's alignment.",
        place(d, at, context), quoted_source(at), d.heading, work_item(at), seen(g), store ? "store" : "load");
    return f;
}

// Oclgrind checks each index of a multi-dimensional array against its own
// dimension, so `As[0][ly * TILE_SIZE + lx]` is reported although the element is
// inside As. An index past the whole array is also an invalid access (Oclgrind's
// memory check, for __local and private arrays too), and that finding is the one
// that counts (dynamic_findings drops this one then). What is left stays inside
// the array: a flat view, or, if not meant, a wrong element that the correctness
// stage sees. So it is a warning, with full points.
Finding array_bounds_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    Finding f;
    f.summary = fmt::format(
        "line {} indexes past one row of a 2-D array but stays inside it: fine for a flat view, check it is what "
        "you meant",
        at.line);
    f.message = fmt::format(
        "Index past one row at {}{}: {} ({}).{} The element is still inside the array (no access left the array "
        "as a whole), so for a flat view of a 2-D array, e.g. `As[0][ly * TILE_SIZE + lx]`, the result is right "
        "and this costs no points. Check it is what you meant: an index meant to stay within one row reaches "
        "into the next row here. C calls indexing past a row undefined; the clearer flat view is a pointer, "
        "`__local float* flat = &As[0][0];` then `flat[ly * TILE_SIZE + lx]`, which Oclgrind does not question.",
        place(d, at, context), quoted_source(at), d.heading, work_item(at), seen(g));
    return f;
}

// See is_uninitialized_copy: a warning with full points, while Oclgrind checked the output. After
// its error limit it checks nothing: then a copy cannot be told from a value nobody wrote that
// reaches the output (a sum kept in __local memory never set to zero), and it is an error. Flooding
// the report with such copies so that Oclgrind stops looking is no way past it either.
Finding uninitialized_copy_finding(const Group& g, const DynamicContext& context, bool past_error_limit) {
    const auto& d = *g.first;
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    const std::string memory = d.memory == "local" ? "__local" : d.memory;
    Finding f;
    f.summary = fmt::format("line {} copies {} data no work-item wrote: {}", at.line, memory,
                            past_error_limit ? "so often that Oclgrind stopped before it could check the output"
                                             : "fine while it never reaches the output, check it is what you meant");
    f.message = fmt::format(
        "Uninitialised value copied at {}{}: {} stored into {} memory a value that no work-item had written ({}).{} ",
        place(d, at, context), quoted_source(at), work_item(at), memory, without_addresses(d.heading), seen(g));
    if (past_error_limit) {
        f.message +=
            "Oclgrind reported this so many times that it stopped reporting after its error limit, before it could "
            "check whether any such value reached the output, so it counts as an error: a value nobody wrote that "
            "is summed into (a __local accumulator never set to zero) looks the same. Set every element before it "
            "is read: load 0 past the edge of the matrix, zero an accumulator first; then nothing is reported and "
            "every launch is checked.";
    } else {
        f.message +=
            "This costs no points: an element nobody loaded (a tile slot past the edge of the matrix, say) may be "
            "copied, as long as it never reaches the output, and Oclgrind checks every value written to the output "
            "(one nobody wrote is an error of its own). If the element should hold data, load it before it is read; "
            "to silence this, copy only the elements that were loaded, or load 0 past the edge.";
    }
    return f;
}

Finding uninitialized_finding(const Group& g, const DynamicContext& context, bool past_error_limit) {
    const auto& d = *g.first;
    if (is_uninitialized_copy(d)) return uninitialized_copy_finding(g, context, past_error_limit);
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    const std::string what = without_addresses(d.heading);
    Finding f;
    f.summary = fmt::format("line {}: {}", at.line, what);
    f.message = fmt::format(
        "Uninitialised value at {}{}: {} ({}).{} A value computed from memory no work-item wrote (typically an "
        "element of a __local tile that was not loaded, because its load was skipped at an edge, or because it "
        "is read before the barrier) reaches this line. Load 0 into tile elements outside the matrix, and make "
        "sure the barrier separates the loads from the reads.",
        place(d, at, context), quoted_source(at), what, work_item(at), seen(g));
    return f;
}

Finding other_finding(const Group& g, const DynamicContext& context) {
    const auto& d = *g.first;
    const OclgrindAccess none;
    const OclgrindAccess& at = d.accesses.empty() ? none : d.accesses.back();
    Finding f;
    f.summary = fmt::format("line {}: {}", at.line, without_addresses(d.heading));
    f.message = fmt::format("Oclgrind reported at {}{}: {} ({}).{}", place(d, at, context), quoted_source(at),
                            d.heading, work_item(at), seen(g));
    return f;
}

}  // namespace

std::string identifier_at(const std::string& source, unsigned line, unsigned column) {
    const auto span = line_span(source, line);
    if (!span || column == 0) return {};
    const auto [begin, end] = *span;
    const std::size_t at = begin + column - 1;
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    if (at >= end || !word(source[at]) || std::isdigit(static_cast<unsigned char>(source[at])) != 0) return {};
    if (at > begin && word(source[at - 1])) return {};  // the column is inside a word, not at its start
    std::size_t stop = at;
    while (stop < end && word(source[stop])) ++stop;
    return source.substr(at, stop - at);
}

namespace {

// Oclgrind's reports of one problem, merged: the same kind, kernel, memory, heading and places.
using GroupKey = std::tuple<int, std::string, std::string, std::string, std::vector<std::pair<unsigned, int>>>;
struct Grouped {
    std::map<GroupKey, Group> groups;
    std::vector<GroupKey> order;  // most severe first, then as Oclgrind reported them
};

// Reports that repeat another's problem: an uninitialised value read past an input is that read
// (at its line, and wherever the same work-item of the same launch passes the value on: a sum
// stored to c); an index beyond a static array on a line with an access outside a whole buffer is
// that overrun.
struct Echoes {
    using WorkItem = std::tuple<std::string, std::string, std::string>;  // launch, kernel, work-item
    std::set<std::pair<std::string, unsigned>> bad_reads;
    std::set<WorkItem> bad_readers;
    std::set<std::pair<std::string, unsigned>> invalid_lines;

    explicit Echoes(const OclgrindOutput& output) {
        for (const auto& d : output.diagnostics) {
            if (d.accesses.empty()) continue;
            if (is_input_read(d)) bad_reads.emplace(d.kernel, d.accesses.back().line);
            if (d.kind == OclgrindKind::invalid_access && d.heading.rfind("Invalid read", 0) == 0) {
                bad_readers.emplace(d.context, d.kernel, d.accesses.back().entity);
            }
            if (d.kind == OclgrindKind::invalid_access) invalid_lines.emplace(d.kernel, d.accesses.back().line);
        }
    }
    bool repeats(const OclgrindDiagnostic& d) const {
        if (d.accesses.empty()) return false;
        const std::pair<std::string, unsigned> at{d.kernel, d.accesses.back().line};
        const bool reader = !d.accesses.back().entity.empty() &&
                            bad_readers.count({d.context, d.kernel, d.accesses.back().entity}) > 0;
        return (d.kind == OclgrindKind::uninitialized && (bad_reads.count(at) > 0 || reader)) ||
               (d.kind == OclgrindKind::array_bounds && invalid_lines.count(at) > 0);
    }
};

GroupKey group_key(const OclgrindDiagnostic& d) {
    std::vector<std::pair<unsigned, int>> places;
    for (const auto& a : d.accesses) places.emplace_back(a.line, a.is_store() ? 1 : a.is_load() ? 2 : 0);
    if (d.kind == OclgrindKind::array_bounds && !d.accesses.empty()) places = {{d.accesses.back().line, 0}};
    // Reads past a and past b on one line are two findings, each naming its array.
    if (is_input_read(d) && !d.accesses.empty()) places.emplace_back(d.accesses.back().column, 3);
    if (d.kind == OclgrindKind::data_race) std::sort(places.begin(), places.end());  // either order, one problem
    // "Index (17) exceeds ...", "Index (18) exceeds ...": one finding per line, whatever the index.
    const std::string heading =
        d.kind == OclgrindKind::array_bounds ? std::string("Index exceeds static array size") : without_addresses(d.heading);
    return {severity_rank(d), d.kernel, d.memory, heading, places};
}

Grouped grouped_diagnostics(const OclgrindOutput& output) {
    Grouped grouped;
    const Echoes echoes(output);
    for (const auto& d : output.diagnostics) {
        if (echoes.repeats(d)) continue;
        const GroupKey key = group_key(d);
        auto& group = grouped.groups[key];
        if (group.first == nullptr) {
            group.first = &d;
            grouped.order.push_back(key);
        }
        ++group.count;
    }
    std::stable_sort(grouped.order.begin(), grouped.order.end(),
                     [](const GroupKey& a, const GroupKey& b) { return std::get<0>(a) < std::get<0>(b); });
    return grouped;
}

// `past_error_limit`: Oclgrind stopped reporting after its error limit (see uninitialized_copy_finding).
Finding group_finding(const Group& g, const DynamicContext& context, bool past_error_limit) {
    const auto& d = *g.first;
    Finding f;
    switch (d.kind) {
        case OclgrindKind::divergence:
            f = divergence_finding(g, context);
            break;
        case OclgrindKind::data_race:
            f = race_finding(g, context);
            break;
        case OclgrindKind::invalid_access:
            f = access_finding(g, context);
            break;
        case OclgrindKind::misaligned:
            f = misaligned_finding(g, context);
            break;
        case OclgrindKind::array_bounds:
            f = array_bounds_finding(g, context);
            break;
        case OclgrindKind::uninitialized:
            f = uninitialized_finding(g, context, past_error_limit);
            break;
        case OclgrindKind::other:
            f = other_finding(g, context);
            break;
    }
    f.source = "oclgrind";
    const bool copy_warning = is_uninitialized_copy(d) && !past_error_limit;
    f.rule = copy_warning ? std::string("oclgrind-uninitialized-copy")
                          : std::string("oclgrind-") + oclgrind_kind_name(d.kind);
    // Warnings: see array_bounds_finding and uninitialized_copy_finding.
    f.error = d.kind != OclgrindKind::array_bounds && !copy_warning;
    f.file = is_student_kernel(d, context) ? context.student_file : std::string();
    f.line = key_line(d);
    return f;
}

// Oclgrind stopped reporting after its error limit: said after the errors, or as a warning of its own.
void note_error_limit(const OclgrindOutput& output, const DynamicContext& context, std::vector<Finding>& findings) {
    const bool any_error = std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.error; });
    if (output.suppressed && any_error) {
        findings.back().message += " (Oclgrind stopped reporting after its error limit: fix these and run again.)";
    } else if (output.suppressed && !findings.empty()) {
        // Only warnings, yet so many that Oclgrind stopped reporting: what came after was not checked.
        Finding f;
        f.source = "oclgrind";
        f.rule = "oclgrind-error-limit";
        f.error = false;
        f.file = context.student_file;
        f.summary = "Oclgrind stopped reporting after its error limit: later launches were not checked";
        f.message =
            "Oclgrind reported the warnings above so many times that it stopped reporting after its error limit, so "
            "races and out-of-bounds accesses after that point were not looked for. Write the code a warning names "
            "so that Oclgrind has nothing to report (for a flat view: a pointer, `__local float* flat = "
            "&As[0][0];`), and every launch is checked.";
        findings.push_back(std::move(f));
    }
}

}  // namespace

bool is_out_of_bounds(const Finding& finding) {
    return finding.error && finding.rule == std::string("oclgrind-") + oclgrind_kind_name(OclgrindKind::invalid_access);
}

std::vector<Finding> dynamic_findings(const OclgrindOutput& output, const DynamicContext& context) {
    Grouped grouped = grouped_diagnostics(output);
    std::vector<Finding> findings;
    for (const auto& key : grouped.order) {
        findings.push_back(group_finding(grouped.groups[key], context, output.suppressed));
    }
    note_error_limit(output, context, findings);
    return findings;
}

}  // namespace labcheck
