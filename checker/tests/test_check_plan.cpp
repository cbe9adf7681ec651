// hidden.toml, and which sizes and seeds each lab is checked at.
#include "plan/check_plan.hpp"
#include "problems/define_set_choice.hpp"

#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <set>

using namespace labcheck;

namespace {

course::LabSpec spec(const std::string& problem, const std::vector<std::string>& sizes) {
    course::LabSpec s;
    s.number = "04";
    s.folder = "04-matmul-tiled";
    s.problem = *course::problem_kind_named(problem);
    for (const auto& size : sizes) s.check_sizes.push_back(course::lab_size(size, s.size_form()));
    return s;
}

}  // namespace

TEST_CASE("hidden.toml: sizes and seeds per lab number") {
    const auto hidden = parse_hidden_checks(R"(
        # instructor only
        [labs.04]
        sizes = ["23x41x59", "150x1x7"]
        seeds = [90817263, 77]

        [labs.2]
        seeds = [5]
    )",
                                            "hidden.toml");
    REQUIRE(hidden.size() == 2);
    CHECK(hidden.at("04").sizes == std::vector<std::string>{"23x41x59", "150x1x7"});
    CHECK(hidden.at("04").seeds == std::vector<std::uint64_t>{90817263, 77});
    CHECK(hidden.at("02").sizes.empty());
    CHECK(hidden.at("02").seeds == std::vector<std::uint64_t>{5});
    CHECK(parse_hidden_checks("", "hidden.toml").empty());
}

TEST_CASE("hidden.toml: mistakes are named with the file and key") {
    const auto message = [](const std::string& text) {
        try {
            parse_hidden_checks(text, "checker/hidden.toml");
        } catch (const course::UserError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(message("[labs.04]\nsize = [\"1x1\"]\n").find("unknown key \"size\"") != std::string::npos);
    CHECK(message("[labs.04]\nsizes = \"1x1\"\n").find("sizes is not a list") != std::string::npos);
    CHECK(message("[labs.04]\nseeds = [-1]\n").find("a seed is not one") != std::string::npos);
    CHECK(message("[labs.x]\nseeds = [1]\n").find("[labs.x]") != std::string::npos);
    CHECK(message("[other]\n").find("top-level key \"other\"") != std::string::npos);
    CHECK(message("[labs.04\n").find("checker/hidden.toml:1") != std::string::npos);
}

TEST_CASE("a missing hidden.toml means no hidden checks") {
    CHECK(load_hidden_checks("checker/tests/no-such-hidden.toml", "hidden.toml").empty());
}

TEST_CASE("correctness checks: contract sizes with seed 1, then hidden sizes with every hidden seed") {
    const auto lab = spec("matmul", {"1x1x1", "37x50x17"});
    const auto public_only = correctness_checks(lab, nullptr);
    REQUIRE(public_only.size() == 2);
    CHECK(public_only[1].size == "37x50x17");
    CHECK(public_only[1].seed == 1);
    CHECK_FALSE(public_only[1].hidden);

    HiddenChecks hidden{{"23x41x59"}, {7, 8}, {}, {}};
    const auto all = correctness_checks(lab, &hidden);
    REQUIRE(all.size() == 4);
    CHECK(all[2].size == "23x41x59");
    CHECK(all[2].seed == 7);
    CHECK(all[3].seed == 8);
    CHECK(all[3].hidden);

    HiddenChecks seeds_only{{}, {9}, {}, {}};
    const auto reseeded = correctness_checks(lab, &seeds_only);
    REQUIRE(reseeded.size() == 4);  // each contract size once more with seed 9
    CHECK(reseeded[1].seed == 9);
    CHECK(reseeded[1].hidden);

    HiddenChecks bad{{"31x47"}, {}, {}, {}};  // a matmul size needs three numbers
    CHECK_THROWS_AS(correctness_checks(lab, &bad), course::UserError);
}

TEST_CASE("race sizes: the lab's own, else small ragged ones with three K steps at the set's tiles") {
    course::Defines none;
    // A transpose: a whole tile beside ragged ones (k odd), and whole tiles with m, k multiples of 4.
    const auto transpose = race_checks(spec("transpose", {"1x1"}), none);
    REQUIRE(transpose.size() == 3);
    CHECK(transpose[1].size == "17x33");
    CHECK(transpose[2].size == "16x32");
    course::Defines tile32;
    tile32.set("TILE_SIZE", "32");
    CHECK(race_checks(spec("transpose", {"1x1"}), tile32)[1].size == "33x65");
    const auto matmul = race_checks(spec("matmul", {"1x1x1"}), none);
    REQUIRE(matmul.size() == 2);
    CHECK(matmul[1].size == "17x41x20");  // 16 by default: 41 = 2.5 steps + 1
    course::Defines tile64;
    tile64.set("TILE_SIZE", "64");
    CHECK(race_checks(spec("matmul", {"1x1x1"}), tile64)[1].size == "17x161x20");  // three steps of 64
    course::Defines tile_k;
    tile_k.set("TILE_SIZE", "64");
    tile_k.set("TILE_K", "8");  // TILE_K is the K step where there is one
    CHECK(race_checks(spec("matmul", {"1x1x1"}), tile_k)[1].size == "17x21x20");
    auto padded = spec("matmul", {"1x1x1"});
    padded.geometry = course::Geometry::register_tiles;  // 1x1x1 would be the same padded work-group again
    REQUIRE(race_checks(padded, tile_k).size() == 1);
    CHECK(race_checks(padded, tile_k)[0].size == "17x21x20");
    auto custom = spec("strassen", {"1x1x1", "64x64x64", "100x33x129"});
    CHECK(race_checks(custom, none).size() == 2);
    custom.settings = toml::parse("[checker]\nrace_sizes = [\"8x8x8\"]\n");
    const auto own = race_checks(custom, none);
    REQUIRE(own.size() == 1);
    CHECK(own[0].size == "8x8x8");
}

TEST_CASE("the work Oclgrind would simulate follows the host's padding") {
    auto lab = spec("matmul", {"1x1x1"});
    lab.geometry = course::Geometry::register_tiles;
    course::Defines tiles;
    for (const auto& [name, value] : {std::pair{"TILE_M", "32"}, {"TILE_N", "128"}, {"TILE_K", "32"}}) {
        tiles.set(name, value);
    }
    CHECK(simulated_work(lab, tiles, {{"17x65x20"}}) == doctest::Approx(32.0 * 128.0 * 96.0));
    auto strassen = spec("strassen", {"1x1x1"});
    strassen.geometry = course::Geometry::register_tiles;
    tiles.set("LEVELS", "2");  // padded to 4 × the macro tile
    CHECK(simulated_work(strassen, tiles, {{"1x1x1"}}) == doctest::Approx(128.0 * 512.0 * 128.0));
    CHECK(simulated_work(strassen, tiles, {{"1x1x1"}}) > kOclgrindWorkLimit);
}

TEST_CASE("define sets checked: the lab's, or the command line's -D alone") {
    auto lab = spec("matmul", {"1x1x1"});
    lab.defines.set("TILE_SIZE", "16");
    course::Defines small;
    small.set("TILE_SIZE", "8");
    lab.define_sets = {{"defaults", lab.defines, ""}, {"small", small, ""}};
    CHECK(course::checked_define_sets(lab, {}).size() == 2);
    const auto chosen = course::checked_define_sets(lab, course::parse_defines({"TILE_SIZE=4"}));
    REQUIRE(chosen.size() == 1);
    CHECK(chosen[0].name == "command line");
    CHECK(chosen[0].defines.get("TILE_SIZE") == "4");
}

TEST_CASE("hidden.toml: time sizes for any class or per class, and a time seed") {
    const auto hidden = parse_hidden_checks(R"(
        [labs.04]
        time_sizes = ["480x512x544"]
        time_seed = 12
        [labs.05]
        seeds = [9]
        time_sizes = { cpu = ["500"], gpu = ["4000"] }
    )",
                                            "hidden.toml");
    CHECK(hidden.at("04").time_sizes.at("") == std::vector<std::string>{"480x512x544"});
    CHECK(hidden.at("04").time_seed == 12u);
    CHECK(hidden.at("05").time_sizes.at("gpu") == std::vector<std::string>{"4000"});
    CHECK_FALSE(hidden.at("05").time_seed.has_value());
    const auto message = [](const std::string& text) {
        try {
            parse_hidden_checks(text, "checker/hidden.toml");
        } catch (const course::UserError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(message("[labs.04]\ntime_sizes = { tpu = [\"1\"] }\n").find("time_sizes.tpu") != std::string::npos);
    CHECK(message("[labs.04]\ntime_sizes = 3\n").find("time_sizes is neither") != std::string::npos);
    CHECK(message("[labs.04]\ntime_seed = \"x\"\n").find("time_seed") != std::string::npos);
}

TEST_CASE("the timed size: the lab's own or a hidden one, picked by the time seed, never a correctness seed") {
    course::LabSpec s = spec("matmul", {"1x1x1"});
    s.device_class = course::DeviceClass::cpu;
    s.speedup = course::SpeedupSpec{};
    s.speedup->size = course::lab_size("512", s.size_form());
    const SizeCheck plain = timed_check(s, nullptr);
    CHECK(plain.size == "512");
    CHECK_FALSE(plain.hidden);
    CHECK(plain.seed != 1u);
    CHECK(plain.seed != 2u);
    CHECK(timed_check(s, nullptr).seed == plain.seed);  // the same every run

    HiddenChecks hidden;
    hidden.time_sizes[""] = {"480x512x544", "500x500x500", "496"};
    hidden.time_sizes["gpu"] = {"4000"};
    std::set<std::string> picked;
    std::set<std::uint64_t> data_seeds;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        hidden.time_seed = seed;
        const SizeCheck timed = timed_check(s, &hidden);
        CHECK(timed.size != "4000");  // the GPU's list is not the CPU's
        CHECK(timed.hidden == (timed.size != "512"));
        CHECK(timed_check(s, &hidden).size == timed.size);  // deterministic
        picked.insert(timed.size);
        data_seeds.insert(timed.seed);
    }
    CHECK(picked.size() == 4);  // every candidate comes up, the lab's own among them
    CHECK(data_seeds.size() == 40);
    hidden.time_seed.reset();
    hidden.seeds = {40};  // the first hidden seed when no time seed is given
    hidden.time_seed = std::nullopt;
    const SizeCheck from_seeds = timed_check(s, &hidden);
    hidden.time_seed = 40;
    CHECK(timed_check(s, &hidden).size == from_seeds.size);

    hidden.time_sizes[""] = {"12x"};
    CHECK_THROWS_AS(timed_check(s, &hidden), course::UserError);
}
