// Which values differ between the work-items of a group ("divergent").
//
// Divergent: get_local_id, get_global_id, and everything computed from them, followed through
// variable initialisations and assignments (transitively), loads whose address is divergent, and
// assignments made under a divergent condition. Uniform: kernel arguments, literals, macros,
// get_group_id / get_local_size / get_global_size / get_num_groups / get_work_dim, loop counters
// whose start, test and step are uniform, and loads at uniform addresses.
#pragma once

#include "ir/kernel_ir.hpp"

#include <utility>
#include <vector>

namespace checker::barriers {

class Divergence {
public:
    explicit Divergence(std::vector<bool> divergent_variables) : divergent_variables_(std::move(divergent_variables)) {}
    bool is_divergent(VariableId variable) const;
    bool is_divergent(const ValueSources& sources) const;

private:
    std::vector<bool> divergent_variables_;
};

// Also sets Node::condition_divergent on every branch and loop of the kernel.
Divergence analyse_divergence(KernelIr& kernel);

}  // namespace checker::barriers
