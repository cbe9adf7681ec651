#include "harness/device_choice.hpp"

#include <doctest/doctest.h>

using namespace course;

TEST_CASE("devices are matched by index or by a case-insensitive name part") {
    const std::vector<std::string> labels{"Portable Computing Language / pthread-skylake",
                                          "NVIDIA CUDA / NVIDIA H100 80GB HBM3"};
    CHECK(match_device(labels, "0") == 0);
    CHECK(match_device(labels, "1") == 1);
    CHECK(match_device(labels, "2") == -1);
    CHECK(match_device(labels, "pocl") == 0);  // PoCL's platform is "Portable Computing Language"
    CHECK(match_device(labels, "portable") == 0);
    CHECK(match_device(labels, "h100") == 1);
    CHECK(match_device(labels, "NVIDIA") == 1);
    CHECK(match_device(labels, "  cuda ") == 1);
    CHECK(match_device(labels, "amd") == -1);
    CHECK(match_device(labels, "") == -1);
}

TEST_CASE("the default device is the first GPU, else the first device") {
    CHECK(default_device({DeviceClass::cpu, DeviceClass::gpu}) == 1);
    CHECK(default_device({DeviceClass::cpu, DeviceClass::cpu}) == 0);
    CHECK(default_device({}) == -1);
}
