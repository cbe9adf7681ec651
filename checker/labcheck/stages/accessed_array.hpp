// The array an access reads or writes, from the source text at the line and column Oclgrind
// gives for it. Oclgrind's column is where the expression starts: the array's name for `a[i]`,
// but the builtin's name for `vload4(i, a)` and the `*` of `*(global float4*)(a + i)`. Those name
// the buffer they reach through, as a student reads them: `a`.
#pragma once

#include <string>

namespace labcheck {

// "a" for `a[j * k + i]`, `vload4(i, a)`, `vload4(0, a + off)`, `vload4(0, &a[i])`,
// `*(__global const float4*)(a + i)`, `vstore4(v, 0, c + i)`, `atomic_add(&count[i], 1)`;
// empty when no name can be read there (the line or column is not in `source`, or no identifier
// follows). `line` and `column` are 1-based.
std::string accessed_array(const std::string& source, unsigned line, unsigned column);

}  // namespace labcheck
