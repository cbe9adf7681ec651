// Each device's tuned defaults (labs/NN-name/tuned.toml): the entry of the device a run is on
// (name and driver, exactly) replaces lab.toml's timing defaults; any other device, PoCL
// included, keeps lab.toml's. Fake device names: no OpenCL device is opened.
#include <algorithm>
#include "description/tuned_defaults.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>

using course::DeviceClass;
using course::DeviceIdentity;

namespace {

const DeviceIdentity kH200{"NVIDIA H200", "580.159.04"};
const DeviceIdentity kPocl{"cpu-haswell-AMD EPYC 9554 64-Core Processor", "6.0+debian"};

const char* const kFile = R"(
[[device]]
name = "NVIDIA H200"
driver = "580.159.04"
defines = { TILE_M = 64, WPT_N = 8 }

[[device]]
name = "NVIDIA H200"
driver = "580.159.04"
up_to = 1024
defines = { TILE_N = 32 }

[[device]]
name = "NVIDIA H100 80GB HBM3"
driver = "580.159.04"
solution_only = true
defines = { TILE_K = 32 }
)";

course::LabSpec lab06(DeviceClass cls) {
    return course::load_lab(std::filesystem::current_path(), "06", cls);
}

}  // namespace

TEST_CASE("the entry for this device's name and driver replaces the timing defaults, not the define sets") {
    auto spec = lab06(DeviceClass::gpu);
    const auto before = spec;
    REQUIRE(course::apply_tuned_defaults(spec, course::parse_tuned_defaults(kFile, "t.toml"), kH200));
    CHECK(spec.defines.get("TILE_M") == std::optional<std::string>("64"));
    CHECK(spec.defines.get("WPT_N") == std::optional<std::string>("8"));
    CHECK(spec.defines.get("TILE_K") == before.defines.get("TILE_K"));  // the rest from lab.toml
    REQUIRE(spec.define_sets.size() == before.define_sets.size());
    for (std::size_t i = 0; i < spec.define_sets.size(); ++i) {
        CHECK(spec.define_sets[i].defines.summary() == before.define_sets[i].defines.summary());
    }
    // Its up_to entry takes the place of lab.toml's [[gpu.defines_by_size]], on the device's defaults.
    CHECK(spec.defines_for({1024, 1024, 1024}).get("TILE_N") == std::optional<std::string>("32"));
    CHECK(spec.defines_for({1024, 1024, 1024}).get("TILE_M") == std::optional<std::string>("64"));
    CHECK(spec.defines_for({4096, 4096, 4096}).summary() == spec.defines.summary());
    CHECK(spec.bench_defines.summary() == before.bench_defines.summary());
}

TEST_CASE("another driver, another device or PoCL keep lab.toml's defaults") {
    const auto tuned = course::parse_tuned_defaults(kFile, "t.toml");
    for (const DeviceIdentity& other : {DeviceIdentity{"NVIDIA H200", "580.65.06"}, DeviceIdentity{"NVIDIA H20", "580.159.04"}, kPocl}) {
        CAPTURE(other.name);
        for (const auto cls : {DeviceClass::gpu, DeviceClass::cpu}) {
            auto spec = lab06(cls);
            const auto before = spec;
            CHECK_FALSE(course::apply_tuned_defaults(spec, tuned, other));
            CHECK(spec.defines.summary() == before.defines.summary());
            CHECK(spec.defines_for({1024, 1024, 1024}).summary() == before.defines_for({1024, 1024, 1024}).summary());
        }
    }
    // The committed files name no PoCL device.
    for (const char* folder : {"02-transpose-local", "06-matmul-register-tiles"}) {
        const auto root = std::filesystem::current_path();
        const auto committed = course::read_tuned_defaults(course::tuned_file_path(root, folder), folder);
        CHECK_FALSE(committed.entries.empty());
        CHECK(course::entries_for(committed, kPocl).empty());
    }
}

TEST_CASE("an entry that names PoCL applies to PoCL") {
    auto spec = lab06(DeviceClass::cpu);
    course::TunedDefaults tuned;
    course::TunedEntry entry{kPocl, std::nullopt, false, {}, ""};
    entry.defines.set("WPT_N", "32");
    course::save_entry(tuned, entry);
    REQUIRE(course::apply_tuned_defaults(spec, tuned, kPocl));
    CHECK(spec.defines.get("WPT_N") == std::optional<std::string>("32"));
}

TEST_CASE("a solution_only entry (an extension's defines) replaces the solution's bench defines alone") {
    auto spec = lab06(DeviceClass::gpu);
    const auto before = spec;
    REQUIRE(course::apply_tuned_defaults(spec, course::parse_tuned_defaults(kFile, "t.toml"),
                                         {"NVIDIA H100 80GB HBM3", "580.159.04"}));
    CHECK(spec.bench_defines.summary() == "TILE_K=32");
    CHECK(spec.defines.summary() == before.defines.summary());
    // Lab 02's ROWS_PER_ITEM is an extension (a define set's only_if_used); lab 06's TILE_M is not.
    course::Defines extension;
    extension.set("ROWS_PER_ITEM", "4");
    CHECK(course::names_extension(course::load_lab(std::filesystem::current_path(), "02", DeviceClass::gpu), extension));
    CHECK_FALSE(course::names_extension(spec, spec.defines));
}

TEST_CASE("lab run times a kernel at the extension's defines only when it uses every extension they switch on") {
    // Lab 02 on a GPU: [gpu.bench_defines] sets ROWS_PER_ITEM (the first extension's define).
    auto spec = course::load_lab(std::filesystem::current_path(), "02", DeviceClass::gpu);
    REQUIRE(spec.bench_defines.get("ROWS_PER_ITEM"));
    const auto uses = [](std::vector<std::string> names) {
        return [names](const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); };
    };
    CHECK(course::takes_extension_defines(spec, uses({"TILE_SIZE", "ROWS_PER_ITEM"})));
    CHECK_FALSE(course::takes_extension_defines(spec, uses({"TILE_SIZE"})));  // the stub's kernel
    // A device's entry that also switches on the float4 extension needs a kernel with both.
    spec.bench_defines.set("VECTOR_MOVES", "1");
    CHECK_FALSE(course::takes_extension_defines(spec, uses({"TILE_SIZE", "ROWS_PER_ITEM"})));
    CHECK(course::takes_extension_defines(spec, uses({"TILE_SIZE", "ROWS_PER_ITEM", "VECTOR_MOVES"})));
    // No extension defines (lab 06, PoCL's lab 02): the defaults, whatever the kernel uses.
    CHECK_FALSE(course::takes_extension_defines(course::load_lab(std::filesystem::current_path(), "02", DeviceClass::cpu),
                                                uses({"TILE_SIZE", "ROWS_PER_ITEM"})));
}

TEST_CASE("a save replaces its own slot, and the written file reads back the same") {
    auto tuned = course::parse_tuned_defaults(kFile, "t.toml");
    course::TunedEntry again{kH200, 1024, false, {}, "35 TFLOP/s"};
    again.defines.set("TILE_N", "64");
    course::save_entry(tuned, again);
    REQUIRE(tuned.entries.size() == 3);
    const auto back = course::parse_tuned_defaults(course::tuned_defaults_text(tuned, "06"), "t.toml");
    REQUIRE(back.entries.size() == 3);
    const auto mine = course::entries_for(back, kH200);
    REQUIRE(mine.size() == 2);
    CHECK(mine[0]->up_to == std::optional<std::size_t>(1024));  // sorted: sized first
    CHECK(mine[0]->defines.summary() == "TILE_N=64");
    CHECK(mine[0]->measured == "35 TFLOP/s");
    CHECK(mine[1]->defines.summary() == "TILE_M=64 WPT_N=8");
}

TEST_CASE("a bad entry says which and what") {
    CHECK_THROWS_AS(course::parse_tuned_defaults("[[device]]\nname = \"x\"\ndefines = { A = 1 }\n", "t.toml"),
                    course::UserError);
    CHECK_THROWS_AS(course::parse_tuned_defaults("[[device]]\nname = \"x\"\ndriver = \"1\"\n", "t.toml"),
                    course::UserError);
    CHECK_THROWS_AS(course::parse_tuned_defaults("[[device]]\nname = \"x\"\ndriver = \"1\"\nup_to = 0\ndefines = { A = 1 }\n", "t.toml"),
                    course::UserError);
    CHECK_THROWS_AS(course::parse_tuned_defaults("colour = 1\n", "t.toml"), course::UserError);
    CHECK(course::parse_tuned_defaults("", "t.toml").entries.empty());
}
