// lab.toml's define sets: which configurations correctness, Oclgrind and `lab run` check.
#include "description/lab_spec.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <unistd.h>
#include <fstream>

namespace fs = std::filesystem;
using course::DeviceClass;

namespace {

// A course root with one lab, 09-probe, whose lab.toml ends with `extra` (at the top level).
struct ProbeRoot {
    fs::path root = fs::temp_directory_path() / ("lab-spec-test-" + std::to_string(getpid()));

    explicit ProbeRoot(const std::string& extra) {
        fs::create_directories(root / "labs" / "09-probe");
        std::ofstream(root / "labs" / "09-probe" / "lab.toml") << R"(title = "probe"
problem = "matmul"
geometry = "register_tiles"
kernel_file = "matmul.cl"
sizes = { check = ["1x1x1"], time = "64" }
)" << extra;
    }
    ~ProbeRoot() { fs::remove_all(root); }
};

std::string error_of(const std::string& extra) {
    ProbeRoot probe(extra);
    try {
        course::load_lab(probe.root, "09", DeviceClass::cpu);
    } catch (const course::UserError& e) {
        return e.what();
    }
    return "no error";
}

std::vector<std::string> names(const course::LabSpec& spec) {
    std::vector<std::string> out;
    for (const auto& s : spec.define_sets) out.push_back(s.name);
    return out;
}

}  // namespace

TEST_CASE("define sets: this class's defaults first, the other class's, then [[define_sets]] on top of [defines]") {
    ProbeRoot probe(R"(
[defines]
TILE_M = 64
TILE_K = 16
[cpu.defines]
TILE_M = 32
[gpu.defines]
TILE_M = 128
[[define_sets]]
name = "asymmetric"
defines = { TILE_K = 8 }
)");
    const auto cpu = course::load_lab(probe.root, "09", DeviceClass::cpu);
    CHECK(names(cpu) == std::vector<std::string>{"cpu defaults", "gpu defaults", "asymmetric"});
    CHECK(cpu.define_sets[0].defines.get("TILE_M") == "32");
    CHECK(cpu.define_sets[1].defines.get("TILE_M") == "128");
    // A [[define_sets]] entry goes on top of [defines], not of a class's defaults.
    CHECK(cpu.define_sets[2].defines.get("TILE_M") == "64");
    CHECK(cpu.define_sets[2].defines.get("TILE_K") == "8");
    const auto gpu = course::load_lab(probe.root, "09", DeviceClass::gpu);
    CHECK(names(gpu) == std::vector<std::string>{"gpu defaults", "cpu defaults", "asymmetric"});
    CHECK(gpu.define_sets[0].defines.get("TILE_M") == gpu.defines.get("TILE_M"));
}

TEST_CASE("define sets: one set when both classes share the defaults, and repeats are left out") {
    ProbeRoot probe(R"(
[defines]
TILE_SIZE = 16
[[define_sets]]
name = "same again"
defines = { TILE_SIZE = 16 }
[[define_sets]]
name = "small"
defines = { TILE_SIZE = 8 }
)");
    const auto spec = course::load_lab(probe.root, "09", DeviceClass::cpu);
    CHECK(names(spec) == std::vector<std::string>{"defaults", "small"});
}

TEST_CASE("define sets: mistakes in lab.toml are named") {
    CHECK(error_of("define_sets = 3\n").find("[[define_sets]]") != std::string::npos);
    CHECK(error_of("[[define_sets]]\nname = \"x\"\n").find("define_sets") != std::string::npos);
    CHECK(error_of("[[define_sets]]\ndefines = { A = 1 }\n").find("define_sets") != std::string::npos);
    CHECK(error_of("[[define_sets]]\nname = \"x\"\ndefines = { A = 1 }\nwhy = \"y\"\n").find("unknown key \"why\"") !=
          std::string::npos);
    CHECK(error_of("[[define_sets]]\nname = \"x\"\ndefines = { A = 1.5 }\n").find("a define given as") !=
          std::string::npos);
    CHECK(error_of("[[define_sets]]\nname = \"x\"\ndefines = { A = 1 }\n[[define_sets]]\nname = \"x\"\n"
                   "defines = { A = 2 }\n")
              .find("two define sets are named \"x\"") != std::string::npos);
    CHECK(error_of("[[define_sets]]\nname = \"defaults\"\ndefines = { A = 1 }\n").find("two define sets") !=
          std::string::npos);
}

namespace {

long value(const course::DefineSet& set, const std::string& name) {
    return set.defines.positive_int(name);
}

}  // namespace

TEST_CASE("the course's labs: the sets the issue asks for") {
    const fs::path root = fs::current_path();
    for (const auto& folder : course::lab_folders(root)) {
        const auto spec = course::load_lab(root, folder, DeviceClass::cpu);
        INFO(folder);
        REQUIRE(!spec.define_sets.empty());
        CHECK(spec.define_sets[0].defines.summary() == spec.defines.summary());
    }
    // Lab 05: at some set several work-items share each row of a work-group on every device.
    const auto lab05 = course::load_lab(root, "05", DeviceClass::cpu);
    bool several_per_row = false;
    for (const auto& s : lab05.define_sets) {
        several_per_row = several_per_row || value(s, "TILE_SIZE") / value(s, "THREAD_WORK") >= 4;
    }
    CHECK(several_per_row);
    CHECK(lab05.define_sets.size() >= 3);
    // Lab 06: a set with three different tile sizes and WPT_M != WPT_N, and lab 07's product tiles.
    const auto lab06 = course::load_lab(root, "06", DeviceClass::cpu);
    bool asymmetric = false;
    for (const auto& s : lab06.define_sets) {
        const long m = value(s, "TILE_M"), n = value(s, "TILE_N"), k = value(s, "TILE_K");
        asymmetric = asymmetric || (m != n && n != k && m != k && value(s, "WPT_M") != value(s, "WPT_N"));
    }
    CHECK(asymmetric);
    const auto lab07 = course::load_lab(root, "07", DeviceClass::cpu);
    for (const auto& products : lab07.define_sets) {
        bool found = false;
        for (const auto& s : lab06.define_sets) {
            bool same = true;
            for (const char* d : {"TILE_M", "TILE_N", "TILE_K", "WPT_M", "WPT_N"}) {
                same = same && value(s, d) == value(products, d);
            }
            found = found || same;
        }
        INFO("lab 07 set " << products.name);
        CHECK(found);
    }
    // Lab 07 at one level and at two.
    bool one = false, two = false;
    for (const auto& s : lab07.define_sets) {
        one = one || value(s, "LEVELS") == 1;
        two = two || value(s, "LEVELS") == 2;
    }
    CHECK(one);
    CHECK(two);
}

TEST_CASE("lab.toml is read into types: the kind, the geometry, the sizes for the kind's form") {
    ProbeRoot probe("");
    const auto spec = course::load_lab(probe.root, "09", DeviceClass::gpu);
    CHECK(spec.problem == course::ProblemKind::matmul);
    CHECK(spec.geometry == course::Geometry::register_tiles);
    CHECK(spec.device_class == DeviceClass::gpu);
    REQUIRE(spec.check_sizes.size() == 1);
    CHECK(spec.check_sizes[0].text == "1x1x1");
    CHECK(spec.time_size.text == "64");
    CHECK(spec.time_size.size.n == 64);
    CHECK(spec.file() == "labs/09-probe/lab.toml");
}

TEST_CASE("lab.toml: an unknown kind or geometry, and a size in the wrong form, are named with the file and key") {
    const auto with = [](const std::string& from, const std::string& to) {
        ProbeRoot probe("");
        const auto file = probe.root / "labs" / "09-probe" / "lab.toml";
        std::ifstream in(file);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.replace(text.find(from), from.size(), to);
        std::ofstream(file) << text;
        try {
            course::load_lab(probe.root, "09", DeviceClass::cpu);
        } catch (const course::UserError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string kind = with("problem = \"matmul\"", "problem = \"matmul_4d\"");
    CHECK(kind.find("problem = \"matmul_4d\"") != std::string::npos);
    CHECK(kind.find("\"transpose\", \"matmul\", \"strassen\"") != std::string::npos);
    CHECK(kind.find("labs/09-probe/lab.toml") != std::string::npos);
    CHECK(with("geometry = \"register_tiles\"", "geometry = \"spiral\"").find("tile, thread_work, register_tiles") !=
          std::string::npos);
    // A transpose's sizes are m×k: three numbers are a mistake the file is blamed for.
    const std::string size = with("problem = \"matmul\"", "problem = \"transpose\"");
    CHECK(size.find("sizes.check") != std::string::npos);
    CHECK(size.find("\"1x1x1\" has 3 numbers") != std::string::npos);
}

TEST_CASE("[cpu]/[gpu] tables override a driver's section key by key") {
    ProbeRoot probe(R"(
[strassen]
levels = 1
gemm_lab = "06"
[gpu.strassen]
levels = 2
)");
    const auto gpu = course::load_lab(probe.root, "09", DeviceClass::gpu);
    CHECK(gpu.setting<std::int64_t>("strassen", "levels") == 2);
    CHECK(gpu.setting<std::string>("strassen", "gemm_lab") == "06");
    const auto cpu = course::load_lab(probe.root, "09", DeviceClass::cpu);
    CHECK(cpu.setting<std::int64_t>("strassen", "levels") == 1);
    CHECK_FALSE(cpu.setting<std::int64_t>("strassen", "missing"));
}

TEST_CASE("defines by size: lab 06 takes a smaller macro tile up to n = 1024 on a GPU") {
    const fs::path root = fs::current_path();
    const auto gpu = course::load_lab(root, "06", DeviceClass::gpu);
    REQUIRE(gpu.defines_by_size.size() == 1);
    CHECK(gpu.defines_for({1024, 1024, 1024}).get("TILE_M") == std::optional<std::string>("64"));
    CHECK(gpu.defines_for({1024, 1024, 1024}).get("WPT_M") == gpu.defines.get("WPT_M"));  // the rest from the defaults
    CHECK(gpu.defines_for({1025, 64, 64}).summary() == gpu.defines.summary());            // the largest dimension decides
    const auto cpu = course::load_lab(root, "06", DeviceClass::cpu);
    CHECK(cpu.defines_by_size.empty());
    CHECK(cpu.defines_for({64, 64, 64}).summary() == cpu.defines.summary());
}

TEST_CASE("[memory]: the memory report's size, its defines on top of the class's") {
    ProbeRoot probe(R"(
[defines]
TILE_M = 64
TILE_K = 16
[gpu.defines]
TILE_M = 128
[memory]
size = "128x32x128"
defines = { TILE_K = 8 }
)");
    const auto gpu = course::load_lab(probe.root, "09", DeviceClass::gpu);
    REQUIRE(gpu.memory.has_value());
    CHECK(gpu.memory->size.size.m == 128);
    CHECK(gpu.memory->size.size.k == 32);
    CHECK(gpu.memory->defines.get("TILE_M") == "128");
    CHECK(gpu.memory->defines.get("TILE_K") == "8");
}

TEST_CASE("[memory]: none without the table; a table without a size is an error naming memory.size") {
    {
        ProbeRoot without("");
        CHECK_FALSE(course::load_lab(without.root, "09", DeviceClass::gpu).memory.has_value());
    }
    CHECK(error_of("[memory]\ndefines = { TILE_K = 8 }\n").find("memory.size") != std::string::npos);
}
