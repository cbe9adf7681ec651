// Reads what Oclgrind (21.x) writes to stderr while it simulates a kernel with
// --data-races --uninitialized, into one record per diagnostic. A diagnostic is
// a heading at column 0 followed by tab-indented lines, e.g.
//
//   Read-write data race at local memory address 0x1000000000084
//   	Kernel: transpose
//
//   	First entity:  Global(32,1,0) Local(0,1,0) Group(1,0,0)
//   	  store float %0, float addrspace(3)* %arrayidx17, align 4, !dbg !61
//   	At line 14 (column 18) of input.cl:
//   	  tile[ly][lx] = a[read_row * k + read_col];
//
//   	Second entity: Global(33,0,0) Local(1,0,0) Group(1,0,0)
//   	  %1 = load float, float addrspace(3)* %arrayidx29, align 4, !dbg !67
//   	At line 19 (column 41) of input.cl:
//   	  at[write_row * m + write_col] = tile[lx][ly];
//
// Lines the worker writes itself ("labcheck: checking size 17x33 (seed 1)")
// mark which launch the diagnostics after them belong to. Anything else that is
// not followed by an indented "Kernel:" line is not a diagnostic and is skipped.
#pragma once

#include <string>
#include <vector>

namespace labcheck {

enum class OclgrindKind {
    divergence,      // "Work-group divergence detected (barrier)"
    data_race,       // "Read-write data race at local memory address ..."
    invalid_access,  // "Invalid write of size 4 at global memory address ...", "Invalid write to read-only buffer"
    misaligned,      // "Invalid memory load - source pointer is not aligned to the pointed type"
    uninitialized,   // "Uninitialized value written to ...", "Controlflow depends on uninitialized value", ...
    array_bounds,    // "Index (16) exceeds static array size (16)"
    other,           // any other diagnostic about a kernel
};

// One work-item's (or work-group's) part in a diagnostic, and where in the source it was.
struct OclgrindAccess {
    std::string entity;       // "Global(33,0,0) Local(1,0,0) Group(1,0,0)", "Group(1,0,0)" or empty
    std::string instruction;  // the LLVM instruction, e.g. "store float %0, ..."
    std::string file;         // "input.cl" for a program built from a string
    unsigned line = 0;        // 0 when Oclgrind had no debug information
    unsigned column = 0;
    std::string source_line;  // the source text of that line, trimmed

    bool is_store() const;
    bool is_load() const;
    std::string local_id() const;  // "(1,0,0)" from the entity, or empty
    std::string group_id() const;  // "(1,0,0)" from the entity, or empty
};

struct OclgrindDiagnostic {
    OclgrindKind kind = OclgrindKind::other;
    std::string heading;  // the first line, as printed
    std::string kernel;
    std::string memory;      // "local", "global", "private", "constant", or empty
    std::string work_group;  // divergence: "(1,0,0)"
    unsigned arrived = 0;    // divergence: "Only <arrived> out of <group_size> work-items executed barrier"
    unsigned group_size = 0;
    // races: first and second entity; divergence at two different barriers: the
    // work-item's barrier, then the one the rest of the group waits at; others: one.
    std::vector<OclgrindAccess> accesses;
    std::string context;  // the last marker line before it, without the marker prefix
};

struct OclgrindOutput {
    std::vector<OclgrindDiagnostic> diagnostics;
    bool suppressed = false;  // Oclgrind stopped printing after --max-errors
    // "OCLGRIND FATAL ERROR" reports: the simulator itself could not go on, e.g.
    // "Unsupported instruction: freeze" (its uninitialised-value plugin and newer LLVM).
    std::vector<std::string> simulator_errors;
};

// The marker the worker prints before each launch it runs under Oclgrind.
inline constexpr const char* kOclgrindMarker = "labcheck: ";

OclgrindOutput parse_oclgrind_output(const std::string& text);

const char* oclgrind_kind_name(OclgrindKind kind);  // "data-race", ...

}  // namespace labcheck
